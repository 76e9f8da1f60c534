#!/bin/sh
# rvreplay --html (issue "Pictures"), tested as a person would look at it:
# the report of bundled traces rendered by headless Chromium to a PNG of a
# fixed size, its rendered DOM (--dump-dom) queried with xmllint for every
# group's timeline with its CPU lanes, task lane, wakeup arrow, violation
# mark and time axis, no console message logged, and the file checked to
# reference nothing outside itself. Text from the trace stays text, and a
# trace with hundreds of violations and many events stays under 5 MB.
# Without Chromium it says why and skips (a failure under CI=true);
# scripts/deps.sh installs it.
#
# usage: html_test.sh VERDICT_CHECK WORKLOADS   (from the top of the tree)

. tests/e2e/lib.sh
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
MAKE_TRACE=tests/lib/make_trace.py
MAX_BYTES=5000000
SIZE=1280,2000

# ---- without a browser: the file itself ----

# xp FILE XPATH: what xmllint's HTML parser finds (count(), string())
xp() {
	xmllint --html --xpath "$2" "$1" 2> /dev/null
}

# self_contained FILE: nothing it would load, fetch or run
self_contained() {
	f=$1
	n=$(xp "$f" 'count(//script|//link|//iframe|//object|//embed|//img|//base|//form|//video|//audio|//source|//*[@src]|//@*[contains(name(),"href")][not(starts-with(.,"#"))]|//@*[contains(.,"url(") or contains(.,"://")][not(name()="xmlns")])')
	css=$(xp "$f" 'string(//style)')
	# url(#id): a pattern of the page itself (the hatching), nothing loaded
	if [ "$n" != 0 ]; then
		not_ok "$f: references nothing outside itself" "$n elements or attributes that load or link out"
	elif printf '%s' "$css" | grep -Eq 'url\([^#]|@import|://|@font-face'; then
		not_ok "$f: references nothing outside itself" "its style loads something"
	elif [ "$(xp "$f" 'count(//style)')" != 1 ]; then
		not_ok "$f: references nothing outside itself" "not one inline style"
	else
		ok "$f: self-contained (no script, link, image or URL)"
	fi
}

if ! command -v xmllint > /dev/null; then
	skip_or_fail "the HTML report's DOM" "xmllint is not installed (libxml2-utils; scripts/deps.sh)"
fi

"$RVREPLAY" -q --html "$TMP/m.html" traces/mutex-nonpi.dat
[ -s "$TMP/m.html" ] && ok "--html writes the report (exit 1: violations)" ||
	not_ok "--html writes the report"
self_contained "$TMP/m.html"

# hostile text: a comm that is markup stays text
python3 - traces/mutex-nonpi.dat "$TMP/markup.dat" <<'EOF'
import sys
data = open(sys.argv[1], 'rb').read()
assert b'mutex_inversion' in data
open(sys.argv[2], 'wb').write(data.replace(b'mutex_inversion', b'<script>x</u>&"'))
EOF
"$RVREPLAY" -q --html "$TMP/markup.html" "$TMP/markup.dat"
if [ "$(xp "$TMP/markup.html" 'count(//script|//u)')" = 0 ] &&
   grep -q '&lt;script&gt;x&lt;/u&gt;&amp;&quot;' "$TMP/markup.html"; then
	ok "a comm that is markup is shown as text"
else
	not_ok "a comm that is markup is shown as text" "$(grep -o '.\{40\}script.\{40\}' "$TMP/markup.html" | head -3)"
fi
if python3 "$MAKE_TRACE" evil-comm traces/mutex-nonpi.dat "$TMP/evil.dat" mutex_inversion &&
   "$RVREPLAY" -q --html "$TMP/evil.html" "$TMP/evil.dat"; [ -s "$TMP/evil.html" ] &&
   ! LC_ALL=C grep -q "$(printf '\033')" "$TMP/evil.html"; then
	ok "terminal escapes in a comm are escaped in the HTML"
else
	not_ok "terminal escapes in a comm are escaped in the HTML"
fi

# bounded: hundreds of violations and many events (every page repeated)
python3 "$MAKE_TRACE" grow traces/cyclictest-rel.dat "$TMP/grown.dat" 200
"$RVREPLAY" -q --html "$TMP/grown.html" "$TMP/grown.dat"
bytes=$(wc -c < "$TMP/grown.html")
wins=$(xp "$TMP/grown.html" 'count(//section[@class="win"])')
[ "$bytes" -le "$MAX_BYTES" ] && [ "$wins" -ge 2 ] && [ "$wins" -le 40 ] &&
	ok "cyclictest-rel x200 (19400 violations): $bytes bytes, $wins timelines" ||
	not_ok "cyclictest-rel x200 (19400 violations): at most 5 MB" "$bytes bytes, $wins timelines"

# whole or not at all
check_error "--html into a missing folder" "--html $TMP/no/such/r.html traces/mutex-nonpi.dat" \
	"no/such/r.html"

# ---- in Chromium ----

BROWSER=""
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" > /dev/null; then
		BROWSER=$b
		break
	fi
done
[ -n "$BROWSER" ] ||
	skip_or_fail "the HTML report in Chromium" "no chromium (scripts/deps.sh installs it)"

# browse ARGS...: headless, offline, a profile of its own; stderr in $TMP/console
browse() {
	timeout -k 5 "$(hang_guard 120)" "$BROWSER" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--no-first-run --disable-extensions --disable-sync --disable-background-networking \
		--disable-component-update --host-resolver-rules='MAP * ~NOTFOUND' \
		--user-data-dir="$TMP/profile" --enable-logging=stderr --v=0 "$@" 2> "$TMP/console"
}

if ! browse --dump-dom about:blank > "$TMP/blank" || ! grep -q '<html' "$TMP/blank"; then
	skip_or_fail "the HTML report in Chromium" \
		"$BROWSER cannot start: $(grep -v dbus "$TMP/console" | grep -m1 -iE 'error|fatal|cannot' | cut -c1-200)"
fi

# png_size FILE: "WIDTHxHEIGHT" of a PNG
png_size() {
	python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read(24)
assert d[:8] == b"\x89PNG\r\n\x1a\n"
print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1" 2> /dev/null
}

# no_console WHAT PAGE: nothing the page logged; a PAGE not written logs
# nothing either, so it must be there
no_console() {
	if [ ! -s "$2" ]; then
		not_ok "$1: no console message" "$2 not written"
	elif grep -q ':CONSOLE' "$TMP/console"; then
		not_ok "$1: no console message" "$(grep ':CONSOLE' "$TMP/console" | head -3)"
	else
		ok "$1: no console message"
	fi
}

cd "$TMP" || exit 2
browse --window-size=$SIZE --screenshot="$TMP/m.png" "file://$TMP/m.html" > /dev/null
cd - > /dev/null || exit 2
got=$(png_size "$TMP/m.png")
if [ "$got" = "$(echo $SIZE | tr , x)" ] && [ "$(wc -c < "$TMP/m.png")" -gt 50000 ]; then
	ok "mutex-nonpi: a $got screenshot with something drawn"
else
	not_ok "mutex-nonpi: a screenshot of $SIZE" "$got, $(wc -c < "$TMP/m.png" 2> /dev/null) bytes"
fi
no_console "mutex-nonpi screenshot" "$TMP/m.html"
[ -n "${HTML_TEST_KEEP:-}" ] && cp "$TMP/m.png" "$HTML_TEST_KEEP"

# groups TRACE: how many --json reports
groups() {
	"$RVREPLAY" -q --json "$1" 2> /dev/null |
		python3 -c 'import json, sys; print(len(json.load(sys.stdin)["groups"]))'
}

cpus() {
	"$RVREPLAY" -s "$1" 2> /dev/null | sed -n '1s/.*, \([0-9]*\) CPUs,.*/\1/p'
}

# timeline DOM GROUP CPUS: one group's first timeline, its lanes and marks
timeline() {
	dom=$1 g="//section[@id='group-$2']//section[@class='win'][1]" want_cpus=$3
	svg="$g//svg[@class='timeline']"
	lanes=$(xp "$dom" "count($svg//g[@class='lane cpu'])")
	task=$(xp "$dom" "count($svg//g[@class='lane task']//rect)")
	mark=$(xp "$dom" "count($svg//g[@class='violation']/text)")
	ticks=$(xp "$dom" "count($svg//g[@class='axis']/text[not(@class)])")
	tick=$(xp "$dom" "string($svg//g[@class='axis']/text[not(@class)][1])")
	rows=$(xp "$dom" "count($g//table[@class='events']//tr)")
	monitor=$(xp "$dom" "string(//section[@id='group-$2']/@data-monitor)")
	arrow=$(xp "$dom" "count($svg//g[@class='wakeup']/path[@class='arrow'])")
	why="lanes $lanes (CPUs $want_cpus), task rects $task, mark $mark, ticks $ticks ($tick), rows $rows, $monitor arrow $arrow"
	if [ "$lanes" != "$want_cpus" ] || [ "$task" -lt 1 ] || [ "$mark" != 1 ] || [ "$ticks" -lt 2 ] ||
	   [ "$rows" -lt 1 ] || ! echo "$tick" | grep -Eq '^[0-9]+\.[0-9]{6}$'; then
		echo "$why"
	elif [ "$monitor" = sleep ] && [ "$arrow" != 1 ]; then
		echo "$why"
	else
		echo ok
	fi
}

for t in traces/mutex-nonpi.dat traces/cyclictest-rel.dat traces/clock-nanosleep.dat \
	 traces/pagefault-nomlock.dat traces/futex-wake.dat tests/kmod/traces/x86_64-preexisting.dat \
	 tests/kmod/traces/riscv64-cond_signal-lower.dat; do
	name=$(basename "$t" .dat)
	"$RVREPLAY" -q --html "$TMP/$name.html" "$t" 2> /dev/null
	browse --dump-dom "file://$TMP/$name.html" > "$TMP/$name.dom"
	no_console "$name" "$TMP/$name.html"
	n=$(groups "$t") c=$(cpus "$t")
	got=$(xp "$TMP/$name.dom" "count(//section[contains(@class,'group')])")
	[ "$got" = "$n" ] && ok "$name: a section per group ($n)" ||
		not_ok "$name: a section per group" "$got sections, $n groups"
	bad=""
	for i in $(seq 1 "$n"); do
		r=$(timeline "$TMP/$name.dom" "$i" "$c")
		[ "$r" = ok ] || bad="$bad group $i: $r;"
	done
	[ "${n:-0}" -gt 0 ] || bad="no group;"
	[ -z "$bad" ] && ok "$name: each group's timeline has its lanes, marks, axis and events" ||
		not_ok "$name: each group's timeline" "$bad"
	wins=$(xp "$TMP/$name.dom" "count(//section[@class='win'])")
	svgs=$(xp "$TMP/$name.dom" "count(//section[@class='win']/svg[@class='timeline'])")
	radios=$(xp "$TMP/$name.dom" "count(//div[@class='wins']/input[@type='radio'])")
	[ "${wins:-0}" -gt 0 ] && [ "$wins" = "$svgs" ] && [ "$radios" = "$wins" ] &&
		ok "$name: $wins timelines kept, each with its picture and its button" ||
		not_ok "$name: each timeline kept has its picture and its button" "$wins $svgs $radios"
done

# A switch-in not recorded (kernels miss switches out of idle): the run is
# taken from the task's next own record, as the text takes it, hatched on
# the CPU's lane and the task's, the reason in the tooltip. In the rendered
# DOM of every timeline, each record of the violating task (trace-cmd
# report: it was running) lies in a running bar of its lane (a "runnable"
# bar and an idle CPU covered them), and each inferred run starts at a
# record of its task on that CPU with no switch-in recorded since its
# switch-out.
cat > "$TMP/dom_runs.py" <<'EOF'
import re, sys
from html.parser import HTMLParser
WHY = 'inferred: its switch-in not recorded, from its next own record'


class Dom(HTMLParser):
    """The timelines: each one's task pid and the bars of its lanes, with their tooltips."""
    def __init__(self):
        super().__init__()
        self.svgs, self.groups, self.rect, self.title = [], [], None, None

    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == 'svg' and 'timeline' in (a.get('class') or ''):
            self.svgs.append({'bars': [], 'pid': None})
            self.groups = []
        if not self.svgs:
            return
        svg = self.svgs[-1]
        if tag == 'g':
            self.groups.append(a.get('class') or '')
            if a.get('class') == 'lane task':
                svg['pid'] = int(a['data-pid'])
        elif tag == 'rect' and ('lane task' in self.groups or 'lane cpu' in self.groups):
            self.rect = {'class': a.get('class') or '', 'title': '',
                         'lane': 'task' if 'lane task' in self.groups else 'cpu'}
            svg['bars'].append(self.rect)
        elif tag == 'title':
            self.title = self.rect

    def handle_endtag(self, tag):
        if tag == 'g' and self.groups:
            self.groups.pop()
        elif tag == 'title':
            self.title = None
        elif tag == 'rect':
            self.rect = None

    def handle_data(self, d):
        if self.title is not None:
            self.title['title'] += d


def span(r):
    m = re.search(r'from (\d+\.\d{6}) to (\d+\.\d{6})', r['title'])
    return (m.group(1), m.group(2)) if m else None


dom = Dom()
dom.feed(open(sys.argv[1]).read())
line = re.compile(r'^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+\.\d{6}):\s+(\S+):\s+(.*)$')
recs = [(int(m.group(2)), int(m.group(3)), m.group(4), m.group(5), m.group(6))
        for m in map(line.match, open(sys.argv[2])) if m]
bad, checked, hatched, inferred = [], 0, 0, 0
for svg in dom.svgs:
    pid = svg['pid']
    for i, r in enumerate(svg['bars']):
        if r['class'] == 'inferred':
            hatched += 1
            if WHY not in svg['bars'][i - 1]['title']:
                bad.append('a hatched bar over %r' % svg['bars'][i - 1]['title'][:60])
    lane = [r for r in svg['bars'] if r['lane'] == 'task' and span(r)]
    for r in lane:
        if 'running' not in r['class'] or WHY not in r['title']:
            continue
        inferred += 1
        start, cpu = span(r)[0], int(re.search(r'on CPU (\d+)', r['title']).group(1))
        own = [x for x in recs if x[0] == pid and x[2] <= start]
        sw = [x for x in recs if x[3] == 'sched_switch' and x[2] <= start and
              (x[0] == pid or re.search(r'==> .*:%d \[' % pid, x[4]))]
        if not own or own[-1][2] != start or own[-1][1] != cpu:
            bad.append('inferred run from %s on CPU %d: no record of pid %d there' % (start, cpu, pid))
        elif not sw or re.search(r'==> .*:%d \[' % pid, sw[-1][4]):
            bad.append('inferred run from %s: its switch-in was recorded' % start)
    lo, hi = min(span(r)[0] for r in lane), max(span(r)[1] for r in lane)
    for x in recs:
        if x[0] != pid or not lo <= x[2] <= hi or x[3].startswith(('event_', 'error_')):
            continue
        cover = [r for r in lane if span(r)[0] <= x[2] <= span(r)[1]]
        if not cover or any('unknown' in r['class'] for r in cover):
            continue
        checked += 1
        if not any('running' in r['class'] for r in cover):
            bad.append('%s %s of pid %d in %s' % (x[2], x[3], pid, [r['class'] for r in cover]))
print('ok %d records in running bars, %d inferred runs, %d hatched bars' % (checked, inferred, hatched)
      if checked and inferred and hatched >= inferred and not bad else
      '%d wrong of %d, %d inferred, %d hatched: %s' % (len(bad), checked, inferred, hatched, bad[:3]))
EOF
"$RVREPLAY" -q --html "$TMP/inferred.html" traces/cyclictest-rel.dat 2> /dev/null
browse --dump-dom "file://$TMP/inferred.html" > "$TMP/inferred.dom"
trace-cmd report traces/cyclictest-rel.dat > "$TMP/inferred.txt" 2> /dev/null
got=$(python3 "$TMP/dom_runs.py" "$TMP/inferred.dom" "$TMP/inferred.txt" 2>&1)
case $got in
ok*) ok "cyclictest-rel: runs where the text has them, inferred ones hatched (${got#ok })" ;;
*) not_ok "cyclictest-rel: runs where the text has them, inferred ones hatched" "$got" ;;
esac
defs=$(xp "$TMP/inferred.dom" "count(//p[@class='legend']//*[local-name()='pattern'][@id='rv-hatch'])")
[ "$defs" = 1 ] && ok "cyclictest-rel: the hatching defined once, in the legend" ||
	not_ok "cyclictest-rel: the hatching defined once, in the legend" "$defs patterns"

# the latency histogram of each real-time task that slept
got=$(xp "$TMP/mutex-nonpi.dom" "count(//section[@id='stats']//svg[@class='histogram']/rect)")
[ "${got:-0}" -ge 2 ] && ok "mutex-nonpi: latency histograms drawn ($got bars)" ||
	not_ok "mutex-nonpi: latency histograms drawn" "$got bars"

# A histogram from 3 us to 12 ms, 2000 in its first bucket and 1 in 8-16 ms
# (issue 32, item 8), laid out by Chromium: its ticks never run together,
# every bucket's bar is seen, each count is the JSON's, and a row of the
# table takes one unit.
"$MAKE_HOSTILE" latency-spread traces/clock-nanosleep.dat "$TMP/spread.dat"
"$RVREPLAY" -q --html "$TMP/spread.html" "$TMP/spread.dat" 2> /dev/null
"$RVREPLAY" --json "$TMP/spread.dat" > "$TMP/spread.json" 2> /dev/null
# measured in the page: a copy with a script that writes what it finds into it
cat > "$TMP/measure.js" <<'EOF'
var out = [];
document.querySelectorAll("svg.histogram").forEach(function (svg) {
  var t = Array.from(svg.querySelectorAll("text.tick")).map(function (e) { return e.getBoundingClientRect(); });
  for (var i = 1; i < t.length; i++)
    if (t[i].left < t[i - 1].right && t[i].top < t[i - 1].bottom && t[i - 1].top < t[i].bottom)
      out.push("overlap " + i);
  svg.querySelectorAll("text.count").forEach(function (e) { out.push("count " + e.textContent); });
  var stack = {}, lo = 1e9;
  svg.querySelectorAll("rect").forEach(function (r) {
    var x = r.getAttribute("x");
    stack[x] = (stack[x] || 0) + r.getBoundingClientRect().height;
  });
  for (var x in stack)
    lo = Math.min(lo, stack[x]);
  out.push("lowest " + Math.round(lo));
});
var p = document.createElement("pre");
p.id = "measured";
p.textContent = out.join("\n");
document.body.appendChild(p);
EOF
python3 -c 'import sys
s = open(sys.argv[1]).read()
js = open(sys.argv[2]).read()
open(sys.argv[3], "w").write(s.replace("</body>", "<script>" + js + "</script></body>"))' \
	"$TMP/spread.html" "$TMP/measure.js" "$TMP/spread-m.html"
browse --window-size=$SIZE --dump-dom "file://$TMP/spread-m.html" > "$TMP/spread.dom"
got=$(xp "$TMP/spread.dom" "string(//pre[@id='measured'])")
want=$(python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["stats"][0]
b = {}
for h in (t["latency"], t["latency_violating"]):
    for x in h["log2_buckets"]:
        b[x["below_ns"]] = b.get(x["below_ns"], 0) + x["count"]
print(" ".join("count %d" % b[k] for k in sorted(b)))' "$TMP/spread.json")
counts=$(echo "$got" | grep '^count' | tr '\n' ' ' | sed 's/ $//')
lowest=$(echo "$got" | sed -n 's/^lowest //p')
if [ -n "$want" ] && [ "$counts" = "$want" ] && ! echo "$got" | grep -q overlap &&
   [ "${lowest:-0}" -ge 8 ]; then
	ok "a histogram of 3 us to 12 ms: ticks apart, every bar seen (the lowest $lowest px), the JSON's counts ($counts)"
else
	not_ok "a histogram of 3 us to 12 ms: ticks apart, every bar seen, the JSON's counts" \
		"$(echo "$got" | tr '\n' ' ')" "JSON: $want"
fi
# one unit a row: the units of each row's figures, in the HTML and the text
units() {
	awk '{ u = ""; for (i = 1; i <= NF; i++) if ($i ~ /^(ns|us|ms)$/ && index(u, $i) == 0) u = u $i
	       if (length(u) > 2) n++ } END { print n + 0 }'
}
xp "$TMP/spread.html" "//section[@id='stats']//table[@class='stats']//tr[td[3]]" |
	sed 's/<tr>/\n/g; s/<[^>]*>/ /g' | grep -E '(ns|us|ms)' > "$TMP/hrows"
"$RVREPLAY" --stats -s "$TMP/spread.dat" 2> /dev/null | grep -E '^    (sleep|latency), ' > "$TMP/rows"
h=$(units < "$TMP/hrows") t=$(units < "$TMP/rows")
if [ "$h" = 0 ] && [ "$t" = 0 ] && [ "$(wc -l < "$TMP/hrows")" -ge 3 ] && [ "$(wc -l < "$TMP/rows")" -ge 3 ]; then
	ok "statistics: one unit a row, in the HTML and the text"
else
	not_ok "statistics: one unit a row, in the HTML and the text" "$(cat "$TMP/hrows" "$TMP/rows")"
fi

finish

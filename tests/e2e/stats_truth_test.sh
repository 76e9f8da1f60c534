#!/bin/sh
# --stats against trace-cmd report -t (issue "Forensics, second round",
# items 2 and 3): which sleeps count (begun real-time, as the monitors judge
# RT and SLEEP at the switch-out), and the statistics over the tasks and the
# window --pid, --comm, --from, --to and --around keep, in text, JSON and
# HTML. tests/e2e/stats_truth.py counts the same from trace-cmd report -t.
#
# usage: stats_truth_test.sh   (from the top of the tree; RVREPLAY and
#                              MAKE_HOSTILE name the binaries)

. tests/e2e/lib.sh
set -f	# --comm patterns go as they are
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
T=traces

# from_json FILE: the stats of a JSON report as stats_truth.py prints them
from_json() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for t in sorted(d["stats"], key=lambda t: t["pid"]):
    s = [h for h in (t["slept"], t["slept_violating"]) if h["count"]]
    l = [h for h in (t["latency"], t["latency_violating"]) if h["count"]]
    f = lambda hs, k, g: g(h[k] for h in hs) if hs else "-"
    print(t["pid"], t["sleeps"], t["sleeps_not_rt"], f(s, "min_ns", min), f(s, "max_ns", max),
          f(l, "min_ns", min), f(l, "max_ns", max), t["page_faults"])' "$1" 2>&1
}

# truth DESC TRACE RVREPLAY_OPTIONS TRUTH_OPTIONS [none]: every task's figures as
# trace-cmd counts them ("none": no task at all)
truth() {
	trace-cmd report -t "$2" > "$TMP/t.txt" 2> /dev/null
	# shellcheck disable=SC2086
	want=$(python3 tests/e2e/stats_truth.py "$TMP/t.txt" $4)
	# shellcheck disable=SC2086
	"$RVREPLAY" --json $3 "$2" > "$TMP/s.json" 2> /dev/null
	got=$(from_json "$TMP/s.json")
	if [ "$want" = "$got" ] && { [ -n "$want" ] || [ "${5:-}" = none ]; }; then
		ok "$1: as trace-cmd report -t counts ($(echo "$want" | wc -l) tasks: $(echo "$want" | head -1)...)"
	else
		not_ok "$1: as trace-cmd report -t counts" "report: $(echo $got)" "hand:   $(echo $want)"
	fi
}

# ---- item 3: only the sleeps begun real-time ----

"$MAKE_HOSTILE" boosted $T/clock-nanosleep.dat "$TMP/boosted.dat"
truth "a holder boosted between wakeup and run: its sleep begun at 120 not counted" \
	"$TMP/boosted.dat" "" ""
check "the text says which sleeps count, and the one left out" "--stats -s $TMP/boosted.dat" 1 \
	"^  holder pid 1002 prio 49: 1 sleep, 1 violating \\(and 1 begun not real-time, not counted\\)"
check "the text's header says the rule" "--stats -s $TMP/boosted.dat" 1 \
	"^Statistics of real-time tasks \\(sleeps begun real-time, as the monitors judge them; "
for f in $T/mutex-pi.dat $T/mutex-nonpi.dat $T/cyclictest-rel.dat $T/udp-softirq.dat; do
	truth "$f" "$f" "-m sleep" ""
done

# ---- item 2: the tasks and the window asked for ----

M=$T/mutex-nonpi.dat
truth "--pid 7039" $M "-m sleep --pid 7039" "--pid 7039"
truth "--comm mutex* --pid 7038" $M "-m sleep --comm mutex* --pid 7038" "--comm mutex* --pid 7038"
# a window in ns: --from and --to as trace-cmd report -t prints them
truth "--from 4984.160000000 --to 4984.164000000" $M \
	"-m sleep --from 4984.160000000 --to 4984.164000000" "--from 4984160000000 --to 4984164000000"
truth "--around 4984.163,0.002" $M "-m sleep --around 4984.163000000,0.002" \
	"--from 4984161000000 --to 4984165000000"
truth "cyclictest-rel, --pid 6971 and a 10 ms window" $T/cyclictest-rel.dat \
	"-m sleep --pid 6971 --from 4983.400000000 --to 4983.410000000" \
	"--pid 6971 --from 4983400000000 --to 4983410000000"
truth "a window before the trace: no task" $M "-m sleep --to 4000" "--to 4000000000000" none

check "the text says what the statistics cover" \
	"--stats -s --pid 7039 --from 4984.160000 --to 4984.164000 $M" 1 \
	"^  over real-time tasks of pid 7039, from 4984\\.160000 to 4984\\.164000 \\(a sleep when any of it"
check "and the whole trace when nothing narrows them" "--stats -s $M" 1 \
	"^  over every real-time task, the whole trace$"
"$RVREPLAY" --json --comm 'mutex*' --from 4984.16 $M > "$TMP/scope.json" 2> /dev/null
got=$(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["stats_scope"]
print(s["pids"], s["comms"], s["from_ns"], s["to_ns"], "any name" in s["text"])' "$TMP/scope.json")
[ "$got" = "None ['mutex*'] 4984159999500 None True" ] && ok "JSON stats_scope: the filters" ||
	not_ok "JSON stats_scope: the filters" "$got"

# HTML: the window changes the statistics, as JSON tells them
"$RVREPLAY" -q --html "$TMP/all.html" $M
"$RVREPLAY" -q --html "$TMP/win.html" --from 4984.160000000 --to 4984.164000000 $M
"$RVREPLAY" --json --from 4984.160000000 --to 4984.164000000 $M > "$TMP/win.json" 2> /dev/null
got=$(python3 -c '
import html.parser, json, sys
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.rows = []; self.scope = ""; self.inscope = self.stats = False
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == "section": self.stats = a.get("id") == "stats"
        if not self.stats: return
        if tag == "p" and a.get("class") == "scope": self.inscope = True
        if tag == "svg" and "data-pid" in a: self.pid = int(a["data-pid"])
        if tag == "tr": self.cur = []
        if tag in ("th", "td"): self.cell = ""
    def handle_endtag(self, tag):
        if tag == "section": self.stats = False
        if not self.stats: return
        if tag == "p": self.inscope = False
        if tag in ("th", "td") and hasattr(self, "cur"): self.cur.append(self.cell.strip())
        if tag == "tr" and hasattr(self, "cur") and self.cur and self.cur[0].startswith(("sleep", "latency")):
            self.rows.append(self.cur)
    def handle_data(self, d):
        if not self.stats: return
        if self.inscope: self.scope += d
        if hasattr(self, "cell"): self.cell += d
p = P(); p.feed(open(sys.argv[1]).read())
d = json.load(open(sys.argv[2]))
want = sum(t["slept"]["count"] + t["slept_violating"]["count"] for t in d["stats"])
got = sum(int(r[1]) for r in p.rows if r[0].startswith("sleep"))
print(got == want and "4984.160000 to 4984.164000" in p.scope, got, want)' "$TMP/win.html" "$TMP/win.json")
if ! cmp -s "$TMP/all.html" "$TMP/win.html" && [ "${got%% *}" = True ]; then
	ok "HTML: the window's statistics, as JSON counts them, and said ($got)"
else
	not_ok "HTML: the window's statistics, as JSON counts them, and said" "$got"
fi

finish

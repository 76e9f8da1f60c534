#!/bin/sh
# Fleet and CI mode (issue "Fleet and CI mode"): many traces per run, -j N,
# folders, the worst exit code and which trace gave it, outputs as folders,
# JSON Lines (every line parsed and checked against a single run of its
# trace and against sha256sum), JUnit validated by xmllint against
# tests/junit/junit.xsd with counts that match its cases, waivers applied
# across the batch and warned about once, --index-file and --index.
#
# usage: batch_test.sh VERDICT_CHECK WORKLOADS   (from the top of the tree)

. tests/e2e/lib.sh
T=traces
XSD=tests/junit/junit.xsd

cat > "$TMP/w.toml" <<'W'
[[waiver]]
monitor = "sleep"
comm = "cyclictest"
reason = "sleep_reason"
why = "cyclictest -r: relative sleeps, known"

[[waiver]]
monitor = "sleep"
comm = "no_such_task"
reason = "waker"
why = "matches nothing in any trace"
W

# ---- the whole bundle, as a nightly job would run it ----

"$RVREPLAY" -s -j 2 --jsonl "$TMP/all.jsonl" --junit "$TMP/all.xml" --waivers "$TMP/w.toml" \
	$T > "$TMP/out" 2> "$TMP/err"
code=$?
n=$(ls $T/*.dat | wc -l)
[ "$code" = 1 ] && ok "all $n bundled traces, -j 2: exit 1 (violations, every trace judged)" ||
	not_ok "all bundled traces: exit 1" "exit $code" "$(tail -3 "$TMP/err")"
grep -Eq "^rvreplay: $n traces: [0-9]+ clean, [0-9]+ with violations, 0 not judged; exit 1, first from traces/[a-z-]+\\.dat$" \
	"$TMP/err" && ok "the run says how many traces gave what, and which gave the exit code" ||
	not_ok "the batch summary line" "$(cat "$TMP/err")"
[ "$(grep -c '^== traces/.*: exit [01]$' "$TMP/out")" = "$n" ] &&
	[ "$(grep -c '^Summary: ' "$TMP/out")" = "$n" ] &&
	ok "text: every trace's report, each after a line naming it and its exit code" ||
	not_ok "text: a report per trace" "$(head -3 "$TMP/out")"
"$RVREPLAY" -q $T > "$TMP/qout" 2> "$TMP/qerr"
[ ! -s "$TMP/qout" ] && [ "$(wc -l < "$TMP/qerr")" = 1 ] && ok "-q: nothing on stdout, the summary line only" ||
	not_ok "-q in a batch" "$(head -3 "$TMP/qout" "$TMP/qerr")"
[ "$(grep -c 'matched no violation' "$TMP/err")" = 1 ] &&
	grep -q 'w.toml: line 7: waiver matched no violation' "$TMP/err" &&
	! grep -q 'line 1: waiver matched no violation' "$TMP/err" &&
	ok "waivers: the unused one warned about once for the batch, the used one not" ||
	not_ok "waivers: warned once" "$(cat "$TMP/err")"

# every line against a single run of its trace, and sha256sum
for t in $T/*.dat; do
	j=$TMP/single-$(basename "$t" .dat).json
	"$RVREPLAY" --json --waivers "$TMP/w.toml" "$t" > "$j" 2> /dev/null
	echo "$t $? $(sha256sum < "$t" | cut -d' ' -f1) $(stat -c %s "$t") $j"
done > "$TMP/singles"
got=$(python3 - "$TMP/all.jsonl" "$TMP/singles" <<'P'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
by = {l["path"]: l for l in lines}
bad = []
for s in open(sys.argv[2]):
    path, code, sha, size, js = s.split()
    one = json.load(open(js))
    l = by.pop(path, None)
    if not l:
        bad.append("no line for " + path); continue
    want = (int(code), sha, int(size), one["summary"]["violations"], one["summary"]["waived"],
            one["trace"]["kernel"], one["profile"], one["trace"]["events"],
            [(g["monitor"], g["pid"], g["reason"], g["count"], g["waived"]) for g in one["groups"]])
    have = (l["exit_code"], l["sha256"], l["size"], l["violations"], l["waived"], l["kernel"],
            l["profile"], l["events"],
            [(g["monitor"], g["pid"], g["reason"], g["count"], g["waived"]) for g in l["groups"]])
    if want != have:
        bad.append("%s: line %s, single run %s" % (path, have[:8], want[:8]))
    if l["error"] is not None or l["duration_ns"] != l["last_ts_ns"] - l["first_ts_ns"]:
        bad.append(path + ": error or duration")
bad += ["a line for no trace: " + p for p in by]
print("\n".join(bad) if bad else "ok %d" % len(lines))
P
)
[ "$got" = "ok $n" ] && ok "JSON Lines: a line per trace, each as its single run says it (exit, sha256, size, counts, groups)" ||
	not_ok "JSON Lines against single runs" "$got"
w=$(python3 -c "
import json,sys
print(sum(json.loads(l)['waived'] for l in open(sys.argv[1])))" "$TMP/all.jsonl")
[ "$w" -gt 0 ] && ok "JSON Lines: the waived violations counted ($w)" || not_ok "JSON Lines: waived" "$w"

# JUnit: the schema, and counts that are what the cases hold
if xmllint --noout --schema $XSD "$TMP/all.xml" > "$TMP/xl" 2>&1; then
	ok "JUnit: valid against $XSD"
else
	not_ok "JUnit: valid against $XSD" "$(tail -3 "$TMP/xl")"
fi
got=$(python3 - "$TMP/all.xml" "$TMP/all.jsonl" <<'P'
import json, sys
import xml.etree.ElementTree as ET
suites = ET.parse(sys.argv[1]).getroot().findall("testsuite")
lines = {json.loads(l)["path"]: json.loads(l) for l in open(sys.argv[2])}
bad = []
for s in suites:
    cases = s.findall("testcase")
    f = sum(len(c.findall("failure")) for c in cases)
    k = sum(len(c.findall("skipped")) for c in cases)
    e = sum(len(c.findall("error")) for c in cases)
    if (int(s.get("tests")), int(s.get("failures")), int(s.get("skipped")), int(s.get("errors"))) != (len(cases), f, k, e):
        bad.append(s.get("name") + ": counts")
    g = [x for x in lines[s.get("name")]["groups"] if not x["waived"]]
    if f != len(g):
        bad.append("%s: %d failures, %d groups not waived" % (s.get("name"), f, len(g)))
print("\n".join(bad) if bad else "ok %d" % len(suites))
P
)
[ "$got" = "ok $n" ] && ok "JUnit: a testsuite per trace, a failure per group not waived, counts as the cases" ||
	not_ok "JUnit counts" "$got"

# ---- the worst exit, and a trace that cannot be judged ----

printf 'not a trace\n' > "$TMP/bad.dat"
"$RVREPLAY" -s -j 2 --jsonl "$TMP/b.jsonl" --junit "$TMP/b.xml" $T/cyclictest-abs.dat \
	"$TMP/bad.dat" $T/mutex-pi.dat > "$TMP/out" 2> "$TMP/err"
code=$?
[ "$code" = 2 ] && grep -q "^rvreplay: 3 traces: 1 clean, 1 with violations, 1 not judged; exit 2, first from $TMP/bad.dat$" "$TMP/err" &&
	ok "the worst exit code of the traces (2 beats 1 beats 0), and which trace" ||
	not_ok "worst exit" "exit $code" "$(cat "$TMP/err")"
grep -q "^== $T/mutex-pi.dat: exit 1$" "$TMP/out" && grep -q "^== $T/cyclictest-abs.dat: exit 0$" "$TMP/out" &&
	[ "$(grep -c '^Summary: ' "$TMP/out")" = 2 ] &&
	ok "text: each trace's report whole, after a line naming it" ||
	not_ok "text reports of a batch" "$(head -c 400 "$TMP/out")"
got=$(python3 -c "
import json,sys
l=[json.loads(x) for x in open(sys.argv[1])]
b=[x for x in l if x['path'].endswith('bad.dat')][0]
print(len(l), b['exit_code'], b['groups'], b['violations'] if 'violations' in b else 'absent', 'bad magic' in b['error'])" "$TMP/b.jsonl")
[ "$got" = "3 2 [] absent True" ] && ok "JSON Lines: the trace not judged has exit_code 2 and its error" ||
	not_ok "JSON Lines: a trace not judged" "$got"
xmllint --noout --schema $XSD "$TMP/b.xml" > /dev/null 2>&1 &&
	grep -q '<error message=".*bad.dat: not a trace-cmd trace.dat file' "$TMP/b.xml" &&
	ok "JUnit: the trace not judged is an error case, never a pass" ||
	not_ok "JUnit: a trace not judged" "$(cat "$TMP/b.xml" | head -20)"

# ---- outputs as folders ----

"$RVREPLAY" -q --json -o "$TMP/json" --html "$TMP/html" $T/mutex-pi.dat $T/futex-wake.dat 2> /dev/null
[ -s "$TMP/json/mutex-pi.json" ] && [ -s "$TMP/json/futex-wake.json" ] &&
	[ -s "$TMP/html/futex-wake.html" ] && [ "$(ls "$TMP/json" | wc -l)" = 2 ] &&
	python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/json/futex-wake.json" &&
	ok "-o and --html name folders: one file per trace, named after it" ||
	not_ok "outputs as folders" "$(ls -R "$TMP/json" "$TMP/html" 2>&1)"
check_error "--json with several traces and no -o: refused" "--json $T/mutex-pi.dat $T/futex-wake.dat" \
	"--json with several traces writes a file per trace: name a folder with -o"
mkdir -p "$TMP/a" "$TMP/b"
cp $T/mutex-pi.dat "$TMP/a/x.dat"
cp $T/futex-wake.dat "$TMP/b/x.dat"
mkdir -p "$TMP/c"
cp $T/mutex-pi.dat "$TMP/c/a.dat"
cp $T/futex-wake.dat "$TMP/c/a.chrome.dat"
check_error "a.dat's --chrome-trace and a.chrome.dat's --json -o in one folder: refused" \
	"--json -o $TMP/oc --chrome-trace $TMP/oc $TMP/c" "would both write .*oc/a.chrome.json"
check_error "two traces that would write the same outputs: refused" "-o $TMP/o2 $TMP/a/x.dat $TMP/b/x.dat" \
	"x.dat and .*x.dat would both write .*o2/x.txt"
: > "$TMP/file"
check_error "-o naming a file with several traces: refused" "-o $TMP/file $T/mutex-pi.dat $T/futex-wake.dat" \
	"not a folder: with several traces"

# ---- folders of traces, searched down ----

mkdir -p "$TMP/tree/night1/board2"
cp $T/mutex-pi.dat "$TMP/tree/night1/"
cp $T/cyclictest-abs.dat "$TMP/tree/night1/board2/"
cp $T/futex-wake.dat "$TMP/tree/"
: > "$TMP/tree/notes.txt"
"$RVREPLAY" -q --jsonl "$TMP/t.jsonl" "$TMP/tree" 2> /dev/null
got=$(python3 -c "
import json,sys
print(' '.join(sorted(json.loads(l)['path'].split('/tree/')[1] for l in open(sys.argv[1]))))" "$TMP/t.jsonl")
[ "$got" = "futex-wake.dat night1/board2/cyclictest-abs.dat night1/mutex-pi.dat" ] &&
	ok "a folder: its *.dat files, searched down" || not_ok "a folder of traces" "$got"
mkdir -p "$TMP/empty"
check_error "a folder without traces: refused" "$TMP/empty" "no \\*\\.dat file in this folder"

# ---- -j: the same results whatever the parallelism ----

"$RVREPLAY" -q -j 1 --jsonl "$TMP/j1.jsonl" $T 2> /dev/null
sort "$TMP/j1.jsonl" > "$TMP/j1.sorted"
python3 -c "
import json,sys
for l in sorted(open(sys.argv[1])):
    print(l, end='')" "$TMP/all.jsonl" > /dev/null
"$RVREPLAY" -q -j 2 --jsonl "$TMP/j2.jsonl" $T 2> /dev/null
sort "$TMP/j2.jsonl" > "$TMP/j2.sorted"
[ -s "$TMP/j1.sorted" ] && cmp -s "$TMP/j1.sorted" "$TMP/j2.sorted" && ok "-j 1 and -j 2: the same lines" ||
	not_ok "-j 1 and -j 2 differ" "$(diff "$TMP/j1.sorted" "$TMP/j2.sorted" | head -c 400)"
check_error "-j 0: refused" "-j 0 $T" "bad --jobs '0'"

# ---- --index-file, --index: a job array's task picks its trace ----

ls $T/*.dat > "$TMP/list"
printf '# comment\n\n' >> "$TMP/list"
"$RVREPLAY" -s --index-file "$TMP/list" --index 3 > "$TMP/i.txt" 2>&1
code=$?
third=$(sed -n 4p "$TMP/list")
"$RVREPLAY" -s "$third" > "$TMP/i1.txt" 2>&1
[ "$code" = "$?" ] && grep -q '^Summary: ' "$TMP/i.txt" && cmp -s "$TMP/i.txt" "$TMP/i1.txt" &&
	ok "--index 3: the fourth trace of the list, as a run of it alone" ||
	not_ok "--index" "$(head -3 "$TMP/i.txt")"
check_error "--index beyond the list: refused" "--index-file $TMP/list --index $n" \
	"--index $n, but it lists $n traces \\(0 is the first\\)"
check_error "--index without --index-file" "--index 1" "--index needs --index-file"
check_error "--index-file FOLDER: said, never \"lists no trace\"" "--index-file $TMP" "cannot read: Is a directory"
"$RVREPLAY" -q --index-file "$TMP/list" --jsonl "$TMP/il.jsonl" 2> /dev/null
[ "$(wc -l < "$TMP/il.jsonl")" = "$n" ] && ok "--index-file alone: every trace of the list" ||
	not_ok "--index-file alone" "$(wc -l < "$TMP/il.jsonl")"

# a line that is all common folder ("/"): keyed by itself, never ""
printf '/\n' > "$TMP/root-list"
"$RVREPLAY" -q --index-file "$TMP/root-list" --jsonl "$TMP/root.jsonl" 2> /dev/null
[ "$(jq -r .key "$TMP/root.jsonl")" = / ] && ok "--index-file of a line '/': keyed '/'" ||
	not_ok "--index-file of a line '/': keyed '/'" "$(cat "$TMP/root.jsonl")"

# ---- one trace: as ever, plus its line and suite when asked ----

"$RVREPLAY" $T/mutex-nonpi.dat > "$TMP/plain.txt" 2>&1
"$RVREPLAY" --jsonl "$TMP/one.jsonl" --junit "$TMP/one.xml" $T/mutex-nonpi.dat > "$TMP/with.txt" 2>&1
cmp -s "$TMP/plain.txt" "$TMP/with.txt" && [ "$(wc -l < "$TMP/one.jsonl")" = 1 ] &&
	xmllint --noout --schema $XSD "$TMP/one.xml" 2> /dev/null &&
	ok "one trace: the report unchanged, one line, a valid suite" ||
	not_ok "one trace with --jsonl --junit" "$(diff "$TMP/plain.txt" "$TMP/with.txt" | head -5)"

# ---- a hostile name in JUnit stays XML ----

make_hostile=${MAKE_HOSTILE:-build/tests/make_hostile}
if [ -x "$make_hostile" ] && "$make_hostile" hostile-comm traces/clock-nanosleep.dat "$TMP/evil.dat" > /dev/null 2>&1; then
	"$RVREPLAY" -q --junit "$TMP/evil.xml" "$TMP/evil.dat" 2> /dev/null
	xmllint --noout --schema $XSD "$TMP/evil.xml" > "$TMP/xl" 2>&1 &&
		! LC_ALL=C grep -q "$(printf '\033')" "$TMP/evil.xml" &&
		ok "a comm of escape sequences and XML specials: valid XML, nothing raw" ||
		not_ok "hostile comm in JUnit" "$(tail -3 "$TMP/xl")"
else
	skip "hostile comm in JUnit" "no make_hostile"
fi
# ---- --trace-timeout: one slow trace does not hold the fleet ----

if [ -x "${MAKE_HOSTILE:-build/tests/make_hostile}" ]; then
	"${MAKE_HOSTILE:-build/tests/make_hostile}" sleeps traces/clock-nanosleep.dat "$TMP/slow.dat" 262144 1
	start=$(date +%s)
	"$RVREPLAY" -q -j 2 --trace-timeout 1 --jsonl "$TMP/to.jsonl" "$TMP/slow.dat" $T/mutex-pi.dat \
		2> "$TMP/to.err"
	got=$? took=$(($(date +%s) - start))
	if [ "$got" = 2 ] && grep -q "slow.dat: its replay took more than 1 s (--trace-timeout): stopped" "$TMP/to.err" &&
	   jq -s -e 'map(select(.path | endswith("slow.dat")))[0].exit_code == 2' "$TMP/to.jsonl" > /dev/null &&
	   jq -s -e 'map(select(.path | endswith("mutex-pi.dat")))[0].exit_code == 1' "$TMP/to.jsonl" > /dev/null; then
		ok "--trace-timeout: the slow trace stopped, named, exit 2; the others judged ($took s)"
	else
		not_ok "--trace-timeout" "exit $got" "$(cat "$TMP/to.err")" "$(cut -c1-200 "$TMP/to.jsonl")"
	fi
else
	skip "--trace-timeout" "no make_hostile"
fi
check_error "--trace-timeout 0: refused" "--trace-timeout 0 $T/mutex-pi.dat" "bad --trace-timeout '0'"

# ---- a trace that cannot be judged has its section and its file ----

mkdir -p "$TMP/mixed"
cp $T/mutex-pi.dat $T/pagefault-mlock.dat tests/regressions/lacks-wakeup.dat "$TMP/mixed/"
[ -s "$TMP/slow.dat" ] && cp "$TMP/slow.dat" "$TMP/mixed/"
n=$(ls "$TMP/mixed" | wc -l)
LACKS="lacks-wakeup.dat: not judged: sleep cannot judge this trace: sched:sched_wakeup was not recorded"
# slow_said ERR FILE: slow.dat, when the run stopped it, says so in FILE's
# section (its child wrote nothing: the parent does); else its report is
# whole (--jsonl makes it slow enough to be stopped, as above)
slow_said() {
	[ -s "$TMP/mixed/slow.dat" ] || return 0
	if grep -q "slow.dat: its replay took more than 1 s" "$1"; then
		grep -Eq "^$TMP/mixed/slow.dat: not judged: its replay took more than 1 s \\(--trace-timeout\\): stopped$" "$2"
	else
		grep -q "^$TMP/mixed/slow.dat: Linux" "$2"
	fi
}
"$RVREPLAY" -s -j 2 --trace-timeout 1 --jsonl "$TMP/mixed.jsonl" "$TMP/mixed" > "$TMP/mixed.out" 2> "$TMP/mixed.err"
got=$?
sections=$(grep -c '^== ' "$TMP/mixed.out")
# each not judged: its section says what stderr and its JSON Lines line say
err=$(jq -r 'select(.path | endswith("lacks-wakeup.dat")) | .error' "$TMP/mixed.jsonl")
if [ "$got" = 2 ] && [ "$sections" = "$n" ] &&
   grep -A1 "^== $TMP/mixed/lacks-wakeup.dat: exit 2\$" "$TMP/mixed.out" | grep -Eq "^$TMP/mixed/$LACKS" &&
   grep -qF "rvreplay: $err" "$TMP/mixed.err" && slow_said "$TMP/mixed.err" "$TMP/mixed.out"; then
	ok "stdout: a section per trace ($sections of $n), those not judged saying why"
else
	not_ok "stdout: a section per trace, those not judged saying why" "exit $got, $sections sections of $n" \
		"$(grep -A1 '^== ' "$TMP/mixed.out" | grep -v '^--' | cut -c1-160)"
fi
rm -rf "$TMP/mixed-o" "$TMP/mixed-j"
"$RVREPLAY" -s -j 2 --trace-timeout 1 --jsonl "$TMP/mixed-o.jsonl" -o "$TMP/mixed-o" "$TMP/mixed" \
	> /dev/null 2> "$TMP/mixed-o.err"
files=$(ls "$TMP/mixed-o" | wc -l)
if [ "$files" = "$n" ] && grep -Eq "^$TMP/mixed/$LACKS" "$TMP/mixed-o/lacks-wakeup.txt" &&
   { [ ! -s "$TMP/mixed/slow.dat" ] || slow_said "$TMP/mixed-o.err" "$TMP/mixed-o/slow.txt"; }; then
	ok "-o DIR: a file per trace ($files of $n), those not judged saying why"
else
	not_ok "-o DIR: a file per trace, those not judged saying why" "$files files of $n" \
		"$(ls "$TMP/mixed-o")" "$(cat "$TMP/mixed-o/lacks-wakeup.txt" 2>&1)"
fi
"$RVREPLAY" --json -j 2 -o "$TMP/mixed-j" "$TMP/mixed" > /dev/null 2>&1
if [ "$(ls "$TMP/mixed-j" | wc -l)" = "$n" ] &&
   jq -e '.exit_code == 2 and (.error | test("sched:sched_wakeup was not recorded")) and .groups == []' \
	"$TMP/mixed-j/lacks-wakeup.json" > /dev/null; then
	ok "--json -o DIR: a trace not judged gets its file, its JSON Lines object"
else
	not_ok "--json -o DIR: a trace not judged gets its file" "$(ls "$TMP/mixed-j")" \
		"$(head -c 300 "$TMP/mixed-j/lacks-wakeup.json" 2>&1)"
fi
check "compare reads that file as a trace not judged" \
	"compare $TMP/mixed-j/mutex-pi.json $TMP/mixed-j/lacks-wakeup.json" 2 "not judged|unjudged"

# ---- a reader that stops reading: no output in progress left ----

mkdir -p "$TMP/pipe"
"$RVREPLAY" --all -j 2 --jsonl "$TMP/pipe/n.jsonl" --junit "$TMP/pipe/n.xml" traces/ | head -1 > "$TMP/first"
sleep 1
# only a run that did write (its first line read) shows it cleans up
if [ -s "$TMP/first" ] && [ -z "$(ls -A "$TMP/pipe")" ]; then
	ok "rvreplay ... | head: ended by SIGPIPE, no --jsonl or --junit file in progress left"
else
	not_ok "rvreplay ... | head: files left" "$(ls -A "$TMP/pipe")"
fi

# ---- more jobs than open files allow: as many at once as fit, all judged ----

( ulimit -n 64; "$RVREPLAY" -q -j 1024 --jsonl "$TMP/many.jsonl" traces/ ) 2> "$TMP/many.err"
got=$?
if [ "$got" = 1 ] && [ "$(wc -l < "$TMP/many.jsonl")" = "$(ls traces/*.dat | wc -l)" ] &&
   grep -q -- "-j [0-9]*: at most [0-9]* at once with 64 open files" "$TMP/many.err"; then
	ok "-j 1024 with 64 open files: fewer at once, said; every trace judged"
else
	not_ok "-j 1024 with 64 open files" "exit $got" "$(cat "$TMP/many.err")"
fi

# ---- the reports are the output: unwritten, the run fails ----

"$RVREPLAY" -j 2 $T/mutex-pi.dat $T/futex-wake.dat > /dev/full 2> "$TMP/full.err"
got=$?
if [ "$got" = 2 ] && grep -q "the reports could not be written to standard output: No space left on device" "$TMP/full.err"; then
	ok "a batch whose reports cannot be written (/dev/full): exit 2, said"
else
	not_ok "a batch whose reports cannot be written" "exit $got" "$(cat "$TMP/full.err")"
fi
"$RVREPLAY" -q -j 2 --junit "$TMP/order.xml" $T/mutex-pi.dat $T/futex-wake.dat $T/cond-signal.dat 2> /dev/null
if [ "$(grep -o 'testsuite name="[^"]*"' "$TMP/order.xml" | tr '\n' ' ')" = \
     "testsuite name=\"$T/mutex-pi.dat\" testsuite name=\"$T/futex-wake.dat\" testsuite name=\"$T/cond-signal.dat\" " ]; then
	ok "JUnit: the suites in the traces' order, whichever ends first"
else
	not_ok "JUnit: the suites in the traces' order" "$(grep -o 'testsuite name="[^"]*"' "$TMP/order.xml")"
fi

# ---- --baseline: against an earlier run, exit 1 only for what is new ----

"$RVREPLAY" --json $T/futex-wake.dat > "$TMP/old.json" 2> /dev/null
check "--baseline, the same trace again: nothing new, exit 0, the comparison after the report" \
	"-s --baseline $TMP/old.json $T/futex-wake.dat" 0 "^compare: 0 new, 0 fixed, 2 unchanged, 0 waived$"
"$RVREPLAY" -q --jsonl "$TMP/old.jsonl" $T/mutex-pi.dat $T/futex-wake.dat 2> /dev/null
check "--baseline, a batch with a trace more: its violations new, exit 1" \
	"-q --baseline $TMP/old.jsonl $T/mutex-pi.dat $T/futex-wake.dat $T/cond-signal.dat" 1 \
	"^rvreplay: against $TMP/old.jsonl: 2 new, 0 fixed, 3 unchanged, 0 waived$"
check "--baseline, a trace of the baseline missing from a batch: exit 2, named" \
	"-q --baseline $TMP/old.jsonl $T/mutex-pi.dat $T/cond-signal.dat" 2 \
	"no line for traces/futex-wake.dat \\(line [12] of $TMP/old.jsonl\\): a trace that drops out of the run cannot pass"
# One rule for a trace named alone (issue 32, item 8): a single report, as
# rvreplay compare takes its --json and its --jsonl line; only the batch's
# line of its trace is its baseline. A folder or an index's line is a batch.
"$RVREPLAY" -q --json -o "$TMP/one.json" $T/mutex-pi.dat 2> /dev/null
"$RVREPLAY" -q --jsonl "$TMP/one.jsonl" $T/mutex-pi.dat 2> /dev/null
same="0 new, 0 fixed, 1 unchanged, 0 waived"
check "--baseline, one trace named alone against a batch: its own line only, exit 0" \
	"-q --baseline $TMP/old.jsonl $T/mutex-pi.dat" 0 "^rvreplay: against $TMP/old.jsonl: $same\$"
check "compare, the batch and that trace's --json: the same" "compare $TMP/old.jsonl $TMP/one.json" 0 \
	"^compare: $same\$"
check "compare, the batch and that trace's --jsonl: the same" "compare $TMP/old.jsonl $TMP/one.jsonl" 0 \
	"^compare: $same\$"
mkdir -p "$TMP/one" && cp $T/mutex-pi.dat "$TMP/one/"
"$RVREPLAY" -q --jsonl "$TMP/folder.jsonl" "$TMP/one" 2> /dev/null
check "compare, a folder of that one trace: a batch, the others missing, exit 2" \
	"compare $TMP/old.jsonl $TMP/folder.jsonl" 2 "a trace that drops out of the run cannot pass"
echo $T/mutex-pi.dat > "$TMP/index.txt"
"$RVREPLAY" -q --jsonl "$TMP/index.jsonl" --index-file "$TMP/index.txt" --index 0 2> /dev/null
check "compare, an array task's line: a batch's part, the others missing, exit 2" \
	"compare $TMP/old.jsonl $TMP/index.jsonl" 2 "a trace that drops out of the run cannot pass"
check "--baseline, a trace not judged: exit 2 even with nothing new" \
	"-q --baseline $TMP/old.jsonl $T/mutex-pi.dat $TMP/bad.dat $T/futex-wake.dat" 2 \
	"bad.dat: could not be judged: "
printf '{"broken":\n' > "$TMP/broken.json"
check_error "--baseline, an invalid file: exit 2 before any replay" \
	"--baseline $TMP/broken.json $T/mutex-pi.dat" "broken.json: "
# ---- an output that is one of the traces: refused, the trace intact ----

cp $T/mutex-pi.dat "$TMP/keep.dat"
sum=$(sha256sum < "$TMP/keep.dat")
check_error "--jsonl and its file name forgotten: the next trace refused as its output" \
	"--jsonl $TMP/keep.dat $T/futex-wake.dat" "keep.dat: is a trace.dat file: it would be overwritten"
check_error "-o naming a trace: refused" "-o $TMP/keep.dat $T/futex-wake.dat" \
	"keep.dat: is a trace.dat file: it would be overwritten"
printf 'x' > "$TMP/short.dat"
check_error "--junit naming a trace of the run, not a trace.dat: refused" \
	"--junit $TMP/short.dat $TMP/short.dat $T/mutex-pi.dat" \
	"short.dat: is one of the traces to replay: it would be overwritten"
[ "$(sha256sum < "$TMP/keep.dat")" = "$sum" ] && ok "the trace left intact" ||
	not_ok "the trace left intact" "it changed"
# ---- a hostile file name in a folder: escaped in the batch's lines ----

mkdir -p "$TMP/evil"
cp $T/mutex-pi.dat "$TMP/evil/$(printf 'x\033]2;owned\007')".dat
cp $T/cyclictest-abs.dat "$TMP/evil/"
"$RVREPLAY" -s "$TMP/evil" > "$TMP/evil.out" 2> "$TMP/evil.err"
if ! LC_ALL=C grep -q "$(printf '\033')" "$TMP/evil.out" "$TMP/evil.err" &&
   grep -q '^== .*/x\\x1b\]2;owned\\x07\.dat: exit 1$' "$TMP/evil.out"; then
	ok "a file name of escape sequences: escaped in the line naming its report"
else
	not_ok "hostile file name in a batch" "$(grep '^==' "$TMP/evil.out" | od -c | head -5)"
fi
finish

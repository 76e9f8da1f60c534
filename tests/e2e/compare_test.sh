#!/bin/sh
# rvreplay compare (rvreplay-compare(1)): a run's violations against a
# baseline, keyed by trace name, monitor, comm and reason, never pid or
# time: new ones exit 1; fixed, unchanged and waived ones 0; a trace NEW
# could not judge or lacks, and every invalid input, exit 2. Single reports
# from traces/futex-wake.dat, JSON Lines written here by hand.
#
# usage: compare_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
T=traces/futex-wake.dat

# check_stdout DESC ARGS EXIT: the exit code, and stdout exactly $TMP/want
check_stdout() {
	desc=$1 args=$2 want=$3
	# shellcheck disable=SC2086
	eval "\"$RVREPLAY\" $args" > "$TMP/out" 2> "$TMP/err"
	got=$?
	if [ "$got" != "$want" ]; then
		not_ok "$desc" "exit $got, expected $want" "$(cat "$TMP/out" "$TMP/err" | head -c 600)"
	elif ! cmp -s "$TMP/want" "$TMP/out"; then
		not_ok "$desc" "stdout is not the expected:" "$(diff "$TMP/want" "$TMP/out" | head -20)"
	else
		ok "$desc"
	fi
}

# check_stderr DESC REGEX: the stderr of the last check_stdout matches
check_stderr() {
	if grep -Eq -- "$2" "$TMP/err"; then
		ok "$1"
	else
		not_ok "$1" "stderr does not match /$2/:" "$(head -c 600 "$TMP/err")"
	fi
}

# check_jq DESC FILE FILTER: the jq FILTER is true of FILE
check_jq() {
	if [ "$(jq "$3" "$2" 2> /dev/null)" = true ]; then
		ok "$1"
	else
		not_ok "$1" "not true: $3" "$(head -c 600 "$2")"
	fi
}

# edit IN OUT PYTHON: OUT is the report IN with r changed by the PYTHON statements
edit() {
	python3 -c "import json, sys
r = json.load(open(sys.argv[1]))
$3
json.dump(r, open(sys.argv[2], 'w'), indent=2)" "$1" "$2"
}

# group PID MONITOR COMM REASON COUNT [WAIVED]: one group of a JSON Lines object
group() {
	printf '{"monitor":"%s","pid":%d,"comm":"%s","reason":"%s","reason_detail":"x","count":%d,"waived":%s,"first_ts_ns":%d}' \
		"$2" "$1" "$3" "$4" "$5" "${6:-false}" "$(($1 * 1000))"
}

# line PATH EXIT_CODE [GROUPS [ERROR]]: one JSON Lines object
line() {
	err=null
	[ -n "$4" ] && err="\"$4\""
	printf '{"rvreplay_version":"0.1.0","path":"%s","size":null,"sha256":null,"exit_code":%d,"error":%s,"kernel":"6.18","arch":"x86_64","profile":"6.17","lost_events":{"gaps":0},"groups":[%s]}\n' \
		"$1" "$2" "$err" "$3"
}

want() {
	printf '%s\n' "$@" > "$TMP/want"
}

# ---- single reports of a real trace

"$RVREPLAY" --json -m pagefault "$T" > "$TMP/pf.json" 2> /dev/null
"$RVREPLAY" --json "$T" > "$TMP/all.json" 2> /dev/null

want "new:       sleep futex_wake waker (10)" \
     "unchanged: pagefault futex_wake page_fault (4)" \
     "compare: 1 new, 0 fixed, 1 unchanged, 0 waived"
check_stdout "new: the sleep monitor's violations against a pagefault-only baseline: exit 1" \
	"compare $TMP/pf.json $TMP/all.json" 1

want "fixed:     sleep futex_wake waker (10)" \
     "unchanged: pagefault futex_wake page_fault (4)" \
     "compare: 0 new, 1 fixed, 1 unchanged, 0 waived"
check_stdout "fixed: the other way round, exit 0" "compare $TMP/all.json $TMP/pf.json" 0

edit "$TMP/all.json" "$TMP/none.json" "r['groups'] = []"
want "fixed:     pagefault futex_wake page_fault (4)" \
     "fixed:     sleep futex_wake waker (10)" \
     "compare: 0 new, 2 fixed, 0 unchanged, 0 waived"
check_stdout "fixed only: every group gone, exit 0" "compare $TMP/all.json $TMP/none.json" 0

want "unchanged: pagefault futex_wake page_fault (4)" \
     "unchanged: sleep futex_wake waker (10)" \
     "compare: 0 new, 0 fixed, 2 unchanged, 0 waived"
check_stdout "unchanged: a report against itself, exit 0" "compare $TMP/all.json $TMP/all.json" 0

edit "$TMP/all.json" "$TMP/rerun.json" "
for g in r['groups']:
    g['pid'] += 1000
    g['first_ts_ns'] += 10**9
r['groups'] = [g for g in r['groups'] if not (g['monitor'] == 'sleep' and g['pid'] == 8247)]"
want "unchanged: pagefault futex_wake page_fault (4)" \
     "unchanged: sleep futex_wake waker (5, was 10)" \
     "compare: 0 new, 0 fixed, 2 unchanged, 0 waived"
check_stdout "a re-run: other pids and times are the same keys, counts summed per key" \
	"compare $TMP/all.json $TMP/rerun.json" 0

edit "$TMP/all.json" "$TMP/renamed.json" "
for g in r['groups']:
    if g['monitor'] == 'sleep':
        g['comm'] = 'futex_wake2'"
want "new:       sleep futex_wake2 waker (10)" \
     "fixed:     sleep futex_wake waker (10)" \
     "unchanged: pagefault futex_wake page_fault (4)" \
     "compare: 1 new, 1 fixed, 1 unchanged, 0 waived"
check_stdout "the comm is part of the key: another comm is new" \
	"compare $TMP/all.json $TMP/renamed.json" 1

check "-q: nothing printed, the exit code tells" "compare -q $TMP/pf.json $TMP/all.json" 1 ""

# ---- waivers: known issues, never new

printf '[[waiver]]\nmonitor = "sleep"\ncomm = "futex_*"\nreason = "waker"\nwhy = "RT-1"\n' \
	> "$TMP/w.toml"
"$RVREPLAY" --json --waivers "$TMP/w.toml" "$T" > "$TMP/waived.json" 2> /dev/null
want "unchanged: pagefault futex_wake page_fault (4)" \
     "waived:    sleep futex_wake waker (10, was 0)" \
     "compare: 0 new, 0 fixed, 1 unchanged, 1 waived"
check_stdout "waived: violations a waiver covers are not new, exit 0" \
	"compare $TMP/pf.json $TMP/waived.json" 0
want "unchanged: pagefault futex_wake page_fault (4)" \
     "waived:    sleep futex_wake waker (10)" \
     "compare: 0 new, 0 fixed, 1 unchanged, 1 waived"
check_stdout "waived in NEW only: waived, not fixed" "compare $TMP/all.json $TMP/waived.json" 0
want "unchanged: pagefault futex_wake page_fault (4)" \
     "unchanged: sleep futex_wake waker (10)" \
     "compare: 0 new, 0 fixed, 2 unchanged, 0 waived"
check_stdout "a key waived in OLD is known: not waived in NEW, it is unchanged" \
	"compare $TMP/waived.json $TMP/all.json" 0

# ---- JSON Lines

{
	line traces/a.dat 1 "$(group 10 sleep cyclictest sleep_reason 3),$(group 10 pagefault cyclictest page_fault 1)"
	line traces/b.dat 1 "$(group 20 sleep worker waker 2)"
	line traces/c.dat 0 ""
	line traces/d.dat 1 "$(group 30 sleep logger sleep_reason 4)"
} > "$TMP/old.jsonl"
A="$(group 11 sleep cyclictest sleep_reason 2),$(group 12 sleep cyclictest sleep_reason 3)"
B="$(group 21 sleep worker waker 2),$(group 21 sleep worker sleep_reason 1)"
D="$(group 31 sleep logger sleep_reason 4 true)"
{
	line /ci/night2/d.dat 0 "$D"
	line /ci/night2/a.dat 1 "$A"
	echo
	line /ci/night2/b.dat 1 "$B"
	line /ci/night2/c.dat 0 ""
} > "$TMP/new.jsonl"
want "new:       b.dat: sleep worker sleep_reason (1)" \
     "fixed:     a.dat: pagefault cyclictest page_fault (1)" \
     "unchanged: a.dat: sleep cyclictest sleep_reason (5, was 3)" \
     "unchanged: b.dat: sleep worker waker (2)" \
     "waived:    d.dat: sleep logger sleep_reason (4)" \
     "compare: 1 new, 1 fixed, 2 unchanged, 1 waived"
check_stdout "JSON Lines: keyed by the trace's basename, in any order, blank lines skipped" \
	"compare $TMP/old.jsonl $TMP/new.jsonl" 1

"$RVREPLAY" compare --json "$TMP/old.jsonl" "$TMP/new.jsonl" > "$TMP/cmp.json" 2> /dev/null
check_jq "--json: the five arrays, and nothing else" "$TMP/cmp.json" \
	'keys == ["fixed", "new", "unchanged", "unjudged", "waived"]'
check_jq "--json: a new key, its trace and counts" "$TMP/cmp.json" \
	'.new == [{"trace": "b.dat", "monitor": "sleep", "comm": "worker", "reason": "sleep_reason", "old": 0, "new": 1}]'
check_jq "--json: unchanged, fixed and waived counts" "$TMP/cmp.json" \
	'[.unchanged[0].old, .unchanged[0].new, .fixed[0].old, .fixed[0].new, .waived[0].new, (.unjudged | length)] == [3, 5, 1, 0, 4, 0]'

{
	line traces/a.dat 1 "$A"
	line traces/b.dat 1 "$(group 21 sleep worker sleep_reason 1)"
	line traces/c.dat 1 "$(group 40 sleep worker waker 2)"
	line traces/d.dat 0 "$D"
} > "$TMP/moved.jsonl"
want "new:       b.dat: sleep worker sleep_reason (1)" \
     "new:       c.dat: sleep worker waker (2)" \
     "fixed:     a.dat: pagefault cyclictest page_fault (1)" \
     "fixed:     b.dat: sleep worker waker (2)" \
     "unchanged: a.dat: sleep cyclictest sleep_reason (5, was 3)" \
     "waived:    d.dat: sleep logger sleep_reason (4)" \
     "compare: 2 new, 2 fixed, 1 unchanged, 1 waived"
check_stdout "a violation in another trace is new there" "compare $TMP/old.jsonl $TMP/moved.jsonl" 1

{
	line traces/a.dat 1 "$A"
	line traces/b.dat 2 "" "traces/b.dat: cannot open: No such file or directory"
	line traces/c.dat 0 ""
	line traces/d.dat 0 "$D"
} > "$TMP/unjudged.jsonl"
want "fixed:     a.dat: pagefault cyclictest page_fault (1)" \
     "unchanged: a.dat: sleep cyclictest sleep_reason (5, was 3)" \
     "waived:    d.dat: sleep logger sleep_reason (4)" \
     "unjudged:  traces/b.dat in NEW: traces/b.dat: cannot open: No such file or directory" \
     "compare: 0 new, 1 fixed, 1 unchanged, 1 waived, 1 unjudged"
check_stdout "a trace NEW could not judge: exit 2 with nothing new, its baseline not fixed" \
	"compare $TMP/old.jsonl $TMP/unjudged.jsonl" 2
check_stderr "... and stderr says which trace and why" \
	"^rvreplay: .*unjudged.jsonl: line 2: traces/b.dat could not be judged: traces/b.dat: cannot open"

grep -v c.dat "$TMP/new.jsonl" > "$TMP/missing.jsonl"
want "new:       b.dat: sleep worker sleep_reason (1)" \
     "fixed:     a.dat: pagefault cyclictest page_fault (1)" \
     "unchanged: a.dat: sleep cyclictest sleep_reason (5, was 3)" \
     "unchanged: b.dat: sleep worker waker (2)" \
     "waived:    d.dat: sleep logger sleep_reason (4)" \
     "unjudged:  traces/c.dat in OLD: absent from NEW" \
     "compare: 1 new, 1 fixed, 2 unchanged, 1 waived, 1 unjudged"
check_stdout "a trace of OLD missing from NEW: exit 2 over 1" \
	"compare $TMP/old.jsonl $TMP/missing.jsonl" 2
check_stderr "... and stderr names it and its line in OLD" \
	"^rvreplay: .*missing.jsonl: no line for c.dat \\(line 3 of .*old.jsonl\\): a trace that drops out"
grep -v -e c.dat -e b.dat "$TMP/new.jsonl" > "$TMP/missing2.jsonl"
"$RVREPLAY" compare --json "$TMP/old.jsonl" "$TMP/missing2.jsonl" > "$TMP/cmp.json" 2> /dev/null
check_jq "--json: an absent trace, named by OLD, fails; its baseline is not fixed" "$TMP/cmp.json" \
	'(.unjudged | map([.trace, .path, .in, .line, .fails, .why])) == [["b.dat", "traces/b.dat", "old", 2, true, "absent from NEW"], ["c.dat", "traces/c.dat", "old", 3, true, "absent from NEW"]] and (.fixed | length) == 1'

{
	line traces/a.dat 1 "$A"
	line traces/b.dat 2 "" "traces/b.dat: truncated"
	line traces/c.dat 0 ""
	line traces/d.dat 0 "$D"
} > "$TMP/old2.jsonl"
want "new:       b.dat: sleep worker sleep_reason (1)" \
     "new:       b.dat: sleep worker waker (2)" \
     "unchanged: a.dat: sleep cyclictest sleep_reason (5)" \
     "waived:    d.dat: sleep logger sleep_reason (4)" \
     "unjudged:  traces/b.dat in OLD: traces/b.dat: truncated" \
     "compare: 2 new, 0 fixed, 1 unchanged, 1 waived, 1 unjudged"
check_stdout "a trace OLD could not judge has no baseline: its violations are new" \
	"compare $TMP/old2.jsonl $TMP/new.jsonl" 1

"$RVREPLAY" -q --jsonl "$TMP/last.jsonl" traces/mutex-nonpi.dat traces/mutex-pi.dat 2> /dev/null
"$RVREPLAY" -q --jsonl "$TMP/tonight.jsonl" traces/mutex-pi.dat traces/mutex-nonpi.dat 2> /dev/null
want "unchanged: traces/mutex-nonpi.dat: pagefault mutex_inversion page_fault (1)" \
     "unchanged: traces/mutex-nonpi.dat: sleep mutex_inversion waker (5)" \
     "unchanged: traces/mutex-pi.dat: pagefault mutex_inversion page_fault (1)" \
     "compare: 0 new, 0 fixed, 3 unchanged, 0 waived"
check_stdout "the JSON Lines of rvreplay --jsonl, two runs" \
	"compare $TMP/last.jsonl $TMP/tonight.jsonl" 0

# ---- a single report and JSON Lines

{
	jq -c '{rvreplay_version, path: .trace.path, exit_code: 1, error: null, groups}' "$TMP/pf.json"
	line traces/other.dat 1 "$(group 50 sleep other waker 7)"
} > "$TMP/batch.jsonl"
want "new:       futex-wake.dat: sleep futex_wake waker (10)" \
     "unchanged: futex-wake.dat: pagefault futex_wake page_fault (4)" \
     "compare: 1 new, 0 fixed, 1 unchanged, 0 waived"
check_stdout "JSON Lines OLD, a single report NEW: OLD's lines of that trace only" \
	"compare $TMP/batch.jsonl $TMP/all.json" 1
grep -v other.dat "$TMP/batch.jsonl" > "$TMP/batch1.jsonl"
line traces/other.dat 1 "$(group 50 sleep other waker 7)" >> "$TMP/batch1.jsonl"
want "new:       other.dat: sleep other waker (7)" \
     "fixed:     futex-wake.dat: sleep futex_wake waker (10)" \
     "unchanged: futex-wake.dat: pagefault futex_wake page_fault (4)" \
     "compare: 1 new, 1 fixed, 1 unchanged, 0 waived"
check_stdout "a single report OLD, JSON Lines NEW: keyed by the report's trace name" \
	"compare $TMP/all.json $TMP/batch1.jsonl" 1
check_error "a single report OLD whose trace NEW lacks" \
	"compare -q $TMP/all.json $TMP/old.jsonl" "old.jsonl: no line for futex-wake.dat"

# ---- counts summed past 63 bits: saturated at JSON's largest integer,
# never wrapped to "fixed (0)" or to a negative count

line traces/a.dat 1 "$(group 10 sleep x waker 1)" > "$TMP/small.jsonl"
big=9223372036854775807
line traces/a.dat 1 "$(group 10 sleep x waker $big),$(group 11 sleep x waker $big),$(group 12 sleep x waker 2)" \
	> "$TMP/huge.jsonl"
check "counts past 2^63 in one key: unchanged at the most, not fixed" \
	"compare $TMP/small.jsonl $TMP/huge.jsonl" 0 \
	"^unchanged: a.dat: sleep x waker \\(9223372036854775807, was 1\\)$"
"$RVREPLAY" compare --json "$TMP/huge.jsonl" "$TMP/huge.jsonl" > "$TMP/huge.out" 2>&1
if [ -s "$TMP/huge.out" ] &&
   jq -e '.unchanged[0] | .old == 9223372036854775807 and .new == 9223372036854775807' \
	"$TMP/huge.out" > /dev/null; then
	ok "counts past 2^63 in JSON: the most, never negative"
else
	not_ok "counts past 2^63 in JSON" "$(head -c 300 "$TMP/huge.out")"
fi

# ---- traces of one file name in per-board folders (docs/fleet.md's layout)

B=$TMP/boards
mkdir -p "$B/n1/a" "$B/n1/b" "$B/n2/a" "$B/n3/a" "$B/n3/b" "$B/n3/c"
cp traces/mutex-nonpi.dat "$B/n1/a/trace.dat"
cp traces/futex-wake.dat "$B/n1/b/trace.dat"
cp traces/mutex-nonpi.dat "$B/n2/a/trace.dat"
cp traces/cyclictest-abs.dat "$B/n3/a/trace.dat"
cp traces/futex-wake.dat "$B/n3/b/trace.dat"
cp traces/mutex-nonpi.dat "$B/n3/c/trace.dat"
for n in n1 n2 n3; do "$RVREPLAY" -q -j 2 --jsonl "$B/$n.jsonl" "$B/$n" 2> /dev/null; done
if [ "$(jq -r 'select(.path | endswith("n1/a/trace.dat")) | .key' "$B/n1.jsonl")" = a/trace.dat ]; then
	ok "JSON Lines: each trace's key, its path under the batch's folder"
else
	not_ok "JSON Lines: each trace's key" "$(head -c 300 "$B/n1.jsonl")"
fi
check_error "a board whose trace dropped out of the run: exit 2, named" \
	"compare -q $B/n1.jsonl $B/n2.jsonl" "no line for b/trace.dat"
check "a violation moved to another board: new there" "compare $B/n1.jsonl $B/n3.jsonl" 1 \
	"^new: +c/trace.dat: sleep mutex_inversion waker \\(5\\)$"
check "...and fixed where it was" "compare $B/n1.jsonl $B/n3.jsonl" 1 \
	"^fixed: +a/trace.dat: sleep mutex_inversion waker \\(5\\)$"
jq -c 'del(.key)' "$B/n1.jsonl" > "$B/n1-basenames.jsonl"
check_error "lines without keys whose basenames collide: refused, not mixed" \
	"compare $B/n1-basenames.jsonl $B/n3.jsonl" "both keyed 'trace.dat'"
check_error "a batch whose traces would share a key: refused before it runs" \
	"-q -j 2 --jsonl $B/x.jsonl $B/n1/a $B/n2/a" "two traces are keyed 'trace.dat'"
check_error "--baseline with such a batch too" "-q -j 2 --baseline $B/n1.jsonl $B/n1/a $B/n2/a" \
	"two traces are keyed 'trace.dat'"
"$RVREPLAY" -q --json -o "$B/one.json" "$B/n1/a/trace.dat" 2> /dev/null
check "a single report against the boards: its board found by its name" \
	"compare $B/n2.jsonl $B/one.json" 0 "^unchanged: +a/trace.dat: sleep mutex_inversion waker"
check_error "a single report two boards could be: refused" "compare $B/n1.jsonl $B/one.json" \
	"trace.dat could be [ab]/trace.dat or [ab]/trace.dat of the batch"

# ---- errors: exit 2, one line naming the file (and the line)

{ head -2 "$TMP/old.jsonl"; echo '{"path": "x.dat", "exit_code": 1, "groups": ['; } > "$TMP/bad.jsonl"
check_error "invalid JSON: the file and the line" "compare $TMP/bad.jsonl $TMP/new.jsonl" \
	"^rvreplay: .*bad.jsonl: line 3: invalid JSON: "
{ head -1 "$TMP/old.jsonl"; echo '[1, 2]'; } > "$TMP/array.jsonl"
check_error "a line that is not an object" "compare $TMP/old.jsonl $TMP/array.jsonl" \
	"^rvreplay: .*array.jsonl: line 2: not a JSON object$"
line traces/a.dat 1 "$(group 10 sleep x waker 0)" > "$TMP/zero.jsonl"
check_error "a group of no violation" "compare $TMP/zero.jsonl $TMP/new.jsonl" \
	"zero.jsonl: line 1: group 1: 'count' is not a whole number above 0"
line traces/a.dat 7 "" > "$TMP/code.jsonl"
check_error "an exit code rvreplay never gives" "compare $TMP/code.jsonl $TMP/new.jsonl" \
	"code.jsonl: line 1: 'exit_code' is not 0, 1 or 2"
{ head -1 "$TMP/old.jsonl"; jq -c . "$TMP/pf.json"; } > "$TMP/mixed.jsonl"
check_error "a report among JSON Lines" "compare $TMP/mixed.jsonl $TMP/new.jsonl" \
	"mixed.jsonl: line 2: not a line of rvreplay's JSON Lines: no 'exit_code'"
head -c 3000 "$TMP/all.json" > "$TMP/cut.json"
check_error "a single report cut short: not complete" "compare $TMP/pf.json $TMP/cut.json" \
	"^rvreplay: .*cut.json: line [0-9]+: invalid JSON: "
# read as a stream, the members a comparison passes over are still JSON
sed '0,/"violations": \[/s//"violations": [tru,/' "$TMP/all.json" > "$TMP/badviolation.json"
check_error "a broken value in the violations, which compare passes over: said" \
	"compare $TMP/pf.json $TMP/badviolation.json" \
	"^rvreplay: .*badviolation.json: line [0-9]+: invalid JSON: not a JSON value$"
{ printf '{"trace": {"path": "a.dat"}, "x": '; for i in $(seq 300); do printf '['; done; } \
	> "$TMP/deep.json"
check_error "a value nested 300 deep: refused, named" "compare $TMP/pf.json $TMP/deep.json" \
	"deep.json: line [0-9]+: invalid JSON: nested over 256 deep$"
{ head -1 "$TMP/old.jsonl" | jq -c '.groups += .groups'; } > "$TMP/twice.jsonl"
"$RVREPLAY" compare --json "$TMP/twice.jsonl" "$TMP/twice.jsonl" > "$TMP/twice.out" 2>&1
if [ -s "$TMP/twice.out" ] &&
   jq -e --argjson n "$(head -1 "$TMP/old.jsonl" | jq '[.groups[] | .count] | add * 2')" \
	'[.unchanged[] | .old] | add == $n' "$TMP/twice.out" > /dev/null; then
	ok "groups of one key in a line: summed as they are read"
else
	not_ok "groups of one key in a line: summed" "$(head -c 400 "$TMP/twice.out")"
fi
printf '%s\n' '{"\u0070ath":"a.dat","exit_code":0,"groups":[]}' > "$TMP/escaped.jsonl"
check "member names written with escapes: read as JSON reads them" \
	"compare $TMP/escaped.jsonl $TMP/escaped.jsonl" 0 "^compare: 0 new, 0 fixed"
head -1 "$TMP/old.jsonl" | sed 's/"groups":\[/"groups":[],"groups":[/' > "$TMP/twogroups.jsonl"
check_error "a line with two groups members: refused, not summed" \
	"compare $TMP/twogroups.jsonl $TMP/new.jsonl" "twogroups.jsonl: line 1: a second 'groups' member$"
edit "$TMP/all.json" "$TMP/nosummary.json" "del r['summary']"
check_error "a single report without its summary" "compare $TMP/pf.json $TMP/nosummary.json" \
	"nosummary.json: not a complete rvreplay --json report: no 'summary'"
echo hello > "$TMP/text.json"
check_error "not JSON at all" "compare $TMP/text.json $TMP/all.json" "text.json: line 1: not a JSON object"
: > "$TMP/empty.json"
check_error "an empty file" "compare $TMP/all.json $TMP/empty.json" "empty.json: empty"
check_error "a file that does not exist" "compare $TMP/all.json $TMP/nope.json" \
	"nope.json: cannot read: No such file or directory"

# A renamed task (prctl(PR_SET_NAME)) is keyed by its last comm, as waivers
# match it: one run where it faulted as "early" and was then renamed
# "renamed", one where it had that name all along, are the same key.
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
mkdir -p "$TMP/late" "$TMP/always"
"$MAKE_HOSTILE" renamed traces/clock-nanosleep.dat "$TMP/late/r.dat"
python3 -c "import sys
d = open(sys.argv[1], 'rb').read()
assert d.count(b'early\0\0\0') == 2
open(sys.argv[2], 'wb').write(d.replace(b'early\0\0\0', b'renamed\0'))" "$TMP/late/r.dat" "$TMP/always/r.dat"
# its last name, as trace-cmd report shows its last switch
last=$(trace-cmd report "$TMP/late/r.dat" 2> /dev/null | sed -n 's/.* sched_switch: *\([^:]*\):1001 .*/\1/p' | tail -1)
"$RVREPLAY" -q -m pagefault --json -o "$TMP/late.json" "$TMP/late/r.dat"
"$RVREPLAY" -q -m pagefault --json -o "$TMP/always.json" "$TMP/always/r.dat"
check_jq "a renamed task: its group and row named by its last comm ($last), the one it faulted as kept" \
	"$TMP/late.json" "[.groups[], .summary.tasks[]] | length == 2 and all(.comm == \"$last\" and .was_comm == \"early\")"
check_jq "a task never renamed: no other name" "$TMP/always.json" \
	'[.groups[], .summary.tasks[]] | all(.comm == "renamed" and .was_comm == null)'
check "compare: a renamed task is its last comm's key" "compare $TMP/late.json $TMP/always.json" 0 \
	"^compare: 0 new, 0 fixed, 1 unchanged, 0 waived$"
check "--baseline: a renamed task is its last comm's key (nothing new: exit 0)" \
	"-m pagefault --baseline $TMP/late.json $TMP/always/r.dat" 0 \
	"^compare: 0 new, 0 fixed, 1 unchanged, 0 waived$"
check "the text: the group named by its last comm, and the other" "-m pagefault $TMP/late/r.dat" 1 \
	"^pagefault violation: $last \\(was early\\) pid 1001 "
check "the text: the summary too" "-m pagefault $TMP/late/r.dat" 1 \
	"^  pagefault $last \\(was early\\) pid 1001 "
cat > "$TMP/renamed.toml" <<EOF
[[waiver]]
monitor = "pagefault"
comm = "$last"
reason = "page_fault"
why = "renamed"
EOF
"$RVREPLAY" -m pagefault --waivers "$TMP/renamed.toml" --json -o "$TMP/renamed-waived.json" "$TMP/late/r.dat"
check_jq "a waiver of its last comm covers it (exit $?), the group named as the waiver names it" \
	"$TMP/renamed-waived.json" "$? == 0 and .summary.waived == 1 and ([.groups[] | select(.waived)] |
	length == 1 and .[0].comm == \"$last\" and .[0].was_comm == \"early\")"

# named "renamed", then "early" (when it faults), then "renamed" again:
# its last name is the latest record's, not the last new one
python3 -c "import sys
d = open(sys.argv[1], 'rb').read()
open(sys.argv[2], 'wb').write(d.replace(b'early\0\0\0', b'renamed\0', 1))" "$TMP/late/r.dat" "$TMP/back.dat"
"$RVREPLAY" -m pagefault --waivers "$TMP/renamed.toml" --json -o "$TMP/back.json" "$TMP/back.dat"
check_jq "a task renamed back: a waiver of its latest name covers it (exit $?), named by it" \
	"$TMP/back.json" "$? == 0 and .summary.waived == 1 and ([.groups[], .summary.tasks[]] |
	length == 2 and all(.comm == \"renamed\" and .was_comm == \"early\"))"

check "--help" "compare --help" 0 "^usage: rvreplay compare \\[OPTIONS\\] OLD NEW"
check_error "one file only" "compare $TMP/all.json" "give two files, OLD and NEW"
check_error "an unknown option" "compare --bogus $TMP/all.json $TMP/all.json" "unknown option '--bogus'"

finish

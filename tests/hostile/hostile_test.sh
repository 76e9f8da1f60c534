#!/bin/sh
# Hostile traces (issue "Hostile traces and hostile machines"): files made
# at test time to the trace.dat format, as an attacker would make them
# (tests/hostile/make_hostile.c, tests/lib/make_trace.py), each small on
# disk. None may crash rvreplay, hang it, make it grow without bound or
# lose records with exit 0: each case ends in its verdict, or in exit 2
# and one line naming the limit.
#
# Guards, not benchmarks: every case runs under a hang guard of 120 s,
# about ten times what the slowest takes alone (every output of 131,072
# tasks, libtracecmd on 63,000 formats; a loaded machine took them past
# the 60 s there was), times lib.sh's hang_guard multiplier (5 under the
# sanitizers) and, in the normal build, under
# ulimit -v 512M (the sanitizers' shadow memory would not fit it). The
# goals, 256 MiB and 10 s for an input under 1 MB, are printed at the end
# for each case, and tracked by make bench.
#
# usage: hostile_test.sh   (from the top of the tree; MAKE_HOSTILE names
#                          the generator, RVREPLAY the binary)

. tests/e2e/lib.sh
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
MAKE_TRACE=tests/lib/make_trace.py
TEMPLATE=traces/clock-nanosleep.dat
BIN=$RVREPLAY
if [ -n "$ASAN_OPTIONS" ]; then
	# make check-san multiplies by 5; a sanitizer build run by hand too
	GUARD=$(CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-5} hang_guard 120)
	LIMIT=
else
	GUARD=$(hang_guard 120)
	LIMIT="ulimit -v 524288;"
fi
: > "$TMP/goals"

# run_case NAME WANT_EXIT REGEX ARGS...: rvreplay ARGS guarded; the exit
# code, the output matching REGEX, peak memory and time noted for the goals.
run_case() {
	name=$1 want=$2 regex=$3
	shift 3
	/usr/bin/time -f "%M %e" -o "$TMP/time" timeout -k 5 "$GUARD" \
		env ${READER:+RVREPLAY_READER=$READER} sh -c "$LIMIT exec \"\$0\" \"\$@\"" \
		"$BIN" "$@" > "$TMP/out" 2> "$TMP/err"
	got=$?
	# GNU time says "Command exited with non-zero status N" first
	read -r kb secs <<EOF
$(tail -n 1 "$TMP/time")
EOF
	[ "$got" = 124 ] || [ "$got" = 137 ] && got="$got (the hang guard, $GUARD s)"
	for last in "$@"; do :; done
	printf '%-52s %7s KiB %5d MiB %6s s\n' "$name" \
		"$(( ($(stat -c %s "$last" 2>/dev/null || echo 0) + 1023) / 1024 ))" \
		$((kb / 1024)) "$secs" >> "$TMP/goals"
	cat "$TMP/out" "$TMP/err" > "$TMP/all"
	if [ "$got" != "$want" ]; then
		not_ok "$name" "exit $got, expected $want" "$(head -c 600 "$TMP/all")"
	elif ! grep -Eq -- "$regex" "$TMP/all"; then
		not_ok "$name" "output does not match /$regex/:" "$(head -c 600 "$TMP/all")"
	else
		ok "$name"
	fi
}

# hostile KIND OUT ARGS...: a hostile file from the template
hostile() {
	kind=$1 out=$2
	shift 2
	"$MAKE_HOSTILE" "$kind" "$TEMPLATE" "$out" "$@" || not_ok "make_hostile $kind" "failed"
}

# same_line NAME REGEX FILE1 FILE2: the first line matching REGEX is the same in both
same_line() {
	a=$(grep -Em1 -- "$2" "$3") b=$(grep -Em1 -- "$2" "$4")
	if [ -n "$a" ] && [ "$a" = "$b" ]; then
		ok "$1"
	else
		not_ok "$1" "'$a'" "'$b'"
	fi
}

"$BIN" -s "$TEMPLATE" > "$TMP/template.txt" 2>&1
SUMMARY="^Summary: "

# ---- memory: compressed data inflated ----

hostile big-chunk "$TMP/big-chunk.dat" 128
run_case "a 128 MiB chunk: the limit" 2 \
	"CPU [0-9]+ at offset [0-9]+: a compressed chunk of .*--max-inflated limit of 128 MiB" \
	"$TMP/big-chunk.dat"
"$BIN" -s --max-inflated 256M "$TMP/big-chunk.dat" > "$TMP/fast.txt" 2>&1
RVREPLAY_READER=libtracecmd "$BIN" -s --max-inflated 512M "$TMP/big-chunk.dat" \
	> "$TMP/libtracecmd.txt" 2>&1
same_line "a 128 MiB chunk, raised limit: the records libtracecmd reads" "^Trace: " \
	"$TMP/fast.txt" "$TMP/libtracecmd.txt"
same_line "a 128 MiB chunk, raised limit: the template's verdicts" "$SUMMARY" \
	"$TMP/fast.txt" "$TMP/template.txt"
READER=libtracecmd
run_case "a 128 MiB chunk, libtracecmd: the limit" 2 \
	"libtracecmd, which must read it, would hold about 129 MiB .*limit of 128 MiB" \
	"$TMP/big-chunk.dat"
READER=

hostile many-cpus "$TMP/many-cpus.dat" 8192
run_case "8192 CPUs: the chunks held at once" 2 \
	"CPU [0-9]+ at offset [0-9]+: a compressed chunk of 40 KiB, which with the chunk of every other CPU held beside it passes the --max-inflated limit" \
	check "$TMP/many-cpus.dat"
"$BIN" check --max-inflated 1G "$TMP/many-cpus.dat" > "$TMP/fast.txt" 2>&1
RVREPLAY_READER=libtracecmd "$BIN" check --max-inflated 1G "$TMP/many-cpus.dat" \
	> "$TMP/libtracecmd.txt" 2>&1
same_line "8192 CPUs, raised limit: every record, as libtracecmd" "sched:sched_switch +8192 " \
	"$TMP/fast.txt" "$TMP/libtracecmd.txt"

hostile shared-chunk "$TMP/shared.dat" 64 16
run_case "16 CPU entries on one chunk: refused" 2 \
	"the data of CPU 1 at offset [0-9]+ overlaps the data of CPU 0" "$TMP/shared.dat"

hostile date-bomb "$TMP/date.dat" 4096
run_case "4 GiB of CPU data libtracecmd must read: the limit" 2 \
	"libtracecmd, which must read it, would hold about 4[0-9]{3} MiB .*--max-inflated limit of 128 MiB" \
	"$TMP/date.dat"
run_case "4 GiB of CPU data libtracecmd must read: check too" 2 \
	"--max-inflated limit of 128 MiB" check "$TMP/date.dat"

# ---- memory and time: metadata ----

hostile cmdlines-bomb "$TMP/cmdlines.dat" 100
run_case "100 MiB of saved cmdlines: refused" 2 \
	"its cmdlines section has [0-9]+ lines, more than twice what a kernel writes" \
	"$TMP/cmdlines.dat"
hostile printk-bomb "$TMP/printk.dat" 100
run_case "100 MiB of printk formats: refused" 2 \
	"its printk formats section has [0-9]+ lines, more than twice what a kernel writes" \
	"$TMP/printk.dat"
hostile kallsyms-bomb "$TMP/kallsyms.dat" 120
run_case "120 MiB of kallsyms: read, named when asked" 1 "$SUMMARY" --context 20 \
	"$TMP/kallsyms.dat"
same_line "120 MiB of kallsyms: the template's verdicts" "$SUMMARY" "$TMP/all" \
	"$TMP/template.txt"
hostile kallsyms-bomb "$TMP/kallsyms-big.dat" 200
run_case "200 MiB of kallsyms: the limit" 2 \
	"its kallsyms section holds [0-9]+ MiB, over the --max-inflated limit of 128 MiB" \
	--context 20 "$TMP/kallsyms-big.dat"
hostile formats-bomb "$TMP/formats.dat" 63000
run_case "63,000 more event formats: parsed when used" 1 "$SUMMARY" -s "$TMP/formats.dat"
same_line "63,000 more event formats: the template's verdicts" "$SUMMARY" "$TMP/all" \
	"$TMP/template.txt"
hostile print-bomb "$TMP/print.dat" 200000
run_case "a print format of 200,000 operands: linear" 1 "$SUMMARY" -s "$TMP/print.dat"

# ---- time: lost events, many tasks ----

hostile gaps "$TMP/gaps.dat" 20000 20000
# their tasks are never judged (nothing tells user task from kernel thread): exit 2
run_case "20,000 tasks x 20,000 lost-event gaps" 2 "events were lost \\(20000 gaps\\)" \
	"$TMP/gaps.dat"
# linear in violation groups and in violating tasks (bench/scale.sh doubles them).
# The sanitizers take minutes over every output of 131,072 groups (a stack
# unwound at each of their allocations): 32,768 there, the same code for
# memory errors; the normal build holds the scale and the memory bound.
if [ -n "$ASAN_OPTIONS" ]; then g=32768; else g=131072; fi
hostile sleeps "$TMP/groups.dat" "$g" 1
run_case "$g violation groups of one task" 1 "^Summary: $g violations" \
	-s --context 0 "$TMP/groups.dat"
# every output at once, each linear (JUnit and the HTML's samples were
# quadratic: minutes) and within the memory guard (JSON built one tree)
every_output() {
	rm -rf "$TMP/outs" && mkdir "$TMP/outs"
	run_case "$1" 1 "$2" --context 0 --limit 0 --json --html "$TMP/outs/r.html" \
		--chrome-trace "$TMP/outs/r.chrome.json" --junit "$TMP/outs/r.xml" \
		--jsonl "$TMP/outs/r.jsonl" --stats "$3"
}
u=$((g - 10000))
every_output "$g groups: JSON, HTML, Chrome, JUnit, JSONL, stats" \
	"$g violation groups are counted, not explained|$u of the $g" "$TMP/groups.dat"
# past --max-groups a group is its counts: said on stderr, in the JSON and the line
if [ "$(jq -r '[.summary.groups_unexplained, (.groups | map(select(.explained)) | length),
		(.groups[-1] | [.explained, .first, .count, .comm] | tostring)] | join(" ")' "$TMP/out")" = \
	"$u 10000 [false,null,1,\"reader\"]" ] &&
   jq -e ".groups_unexplained == $u and (.groups | length) == $g" "$TMP/outs/r.jsonl" > /dev/null &&
   grep -q "$u of the $g violation groups are counted, not explained (--max-groups 10000" "$TMP/err"; then
	ok "--max-groups: 10,000 groups explained, $u counted, and said so"
else
	not_ok "--max-groups" "$(jq -c .summary "$TMP/out" | head -c 300)" "$(head -c 300 "$TMP/err")"
fi
# compare reads reports as a stream: a report of every violation listed
# (260 MB) compared in the memory of its keys (it took 6 to 8.5 times the
# file before: over the 512 MiB guard)
"$BIN" --json --all --context 4 "$TMP/groups.dat" > "$TMP/groups.json" 2> /dev/null
run_case "compare, two reports of $g groups listed in full" 0 \
	"^compare: 0 new, 0 fixed, 1 unchanged, 0 waived" compare "$TMP/groups.json" "$TMP/groups.json"
kb=$(tail -n 1 "$TMP/time" | cut -d' ' -f1)
if [ -n "$LIMIT" ] && [ "$(stat -c %s "$TMP/groups.json")" -gt 200000000 ] && [ "$kb" -lt 65536 ]; then
	ok "compare of reports over 200 MB: under 64 MiB"
elif [ -n "$LIMIT" ]; then
	not_ok "compare of reports over 200 MB: under 64 MiB" "$kb KiB for $(stat -c %s "$TMP/groups.json") bytes"
fi
rm -f "$TMP/groups.json"
# the same scale for tasks: each its own group
hostile sleeps "$TMP/rt-tasks.dat" "$g" "$g"
run_case "$g real-time tasks violating once each" 1 "^Summary: $g violations" \
	-s --context 0 "$TMP/rt-tasks.dat"
every_output "$g tasks: JSON, HTML, Chrome, JUnit, JSONL, stats" \
	"$u of the $g violation groups" "$TMP/rt-tasks.dat"
if [ "$(grep -c "<testcase " "$TMP/outs/r.xml")" = $((2 * g)) ] &&
   [ "$(jq '.coverage | length' "$TMP/out")" = $((2 * g)) ]; then
	ok "$g tasks: a JUnit case for each task and monitor, the JSON's coverage whole"
else
	not_ok "$g tasks: JUnit cases and coverage" "$(grep -c "<testcase " "$TMP/outs/r.xml")"
fi
rm -rf "$TMP/outs"
# outputs have bounds, said: JSON lists 10,000 violations, the Chrome trace 256 MiB
hostile sleeps "$TMP/many-v.dat" 20000 100
"$BIN" --json "$TMP/many-v.dat" > "$TMP/many-v.json" 2> "$TMP/many-v.err"
if [ "$(jq '[(.violations | length), .summary.violations, .summary.violations_unlisted] | join(" ")' -r "$TMP/many-v.json")" = "10000 20000 10000" ] &&
   grep -q -- "--json lists 10000 of the 20000 violations" "$TMP/many-v.err"; then
	ok "20,000 violations: JSON lists 10,000, counts all, and says so"
else
	not_ok "20,000 violations in JSON" "$(jq -c .summary "$TMP/many-v.json" | head -c 300)" "$(cat "$TMP/many-v.err")"
fi
# (jq -e takes no input as a success: the count is compared instead)
n=$("$BIN" --json --all "$TMP/many-v.dat" 2> /dev/null | jq '.violations | length')
[ "$n" = 20000 ] && ok "--all: JSON lists every violation" ||
	not_ok "--all: JSON lists every violation" "${n:-no JSON} of 20000"
RVREPLAY_CHROME_MAX_MIB=1 "$BIN" -q --chrome-trace "$TMP/many-v.chrome.json" "$TMP/many-v.dat" 2> "$TMP/many-v.err"
if [ "$(stat -c %s "$TMP/many-v.chrome.json")" -lt 1200000 ] &&
   jq -e '[.traceEvents[] | select(.s == "g") | .name][0] | test("ends here, at its bound of 1 MiB: [0-9]+ violations not drawn")' \
	"$TMP/many-v.chrome.json" > /dev/null && grep -q "ends at its bound of 1 MiB" "$TMP/many-v.err"; then
	ok "--chrome-trace at its bound: valid, ends with a mark saying so, said on stderr"
else
	not_ok "--chrome-trace at its bound" "$(stat -c %s "$TMP/many-v.chrome.json") bytes" "$(cat "$TMP/many-v.err")"
fi
hostile many-pids "$TMP/pids.dat" 300000
run_case "300,000 tasks, --context 1000" 2 "sleep judged none of the 150000 real-time tasks" \
	--context 1000 "$TMP/pids.dat"

# ---- hangs: a FIFO ----

mkfifo "$TMP/fifo"
run_case "a FIFO without a writer: refused at once" 2 "not a regular file" "$TMP/fifo"
run_case "a FIFO without a writer: check too" 2 "not a regular file" check "$TMP/fifo"

# ---- crashes: the file changes while it is read ----

# A malformed file renamed over a good one, again and again, while rvreplay
# reads the path: it opened one of them once and parses what it opened.
cp "$TEMPLATE" "$TMP/good.dat"
bad=0
for f in tests/regressions/print-fmt-*.dat tests/regressions/kbuffer-*.dat; do
	cp "$f" "$TMP/bad$bad.dat"
	bad=$((bad + 1))
done
(
	i=0
	while [ ! -e "$TMP/stop" ]; do
		cp "$TMP/good.dat" "$TMP/next.dat" && mv -f "$TMP/next.dat" "$TMP/path.dat"
		cp "$TMP/bad$((i % bad)).dat" "$TMP/next.dat" && mv -f "$TMP/next.dat" "$TMP/path.dat"
		i=$((i + 1))
	done
) &
renamer=$!
crashed=
cp "$TMP/good.dat" "$TMP/path.dat"
for i in $(seq 40); do
	timeout -k 5 "$GUARD" "$BIN" -s "$TMP/path.dat" > /dev/null 2> "$TMP/err"
	got=$?
	[ "$got" -gt 2 ] && crashed="$crashed run $i: exit $got $(head -c 200 "$TMP/err");"
done
touch "$TMP/stop"
wait "$renamer"
if [ -z "$crashed" ]; then
	ok "a malformed file renamed over the path 40 times while it is read: no crash"
else
	not_ok "a malformed file renamed over the path while it is read" "$crashed"
fi

# The file truncated while it is read: the process is stopped once the
# trace is mapped, the file cut to one page, the process let go.
"$MAKE_TRACE" grow "$TEMPLATE" "$TMP/long.dat" 300
"$BIN" -o "$TMP/report.txt" "$TMP/long.dat" > /dev/null 2> "$TMP/err" &
pid=$!
for i in $(seq $(($(hang_guard 10) * 200))); do
	grep -q "$TMP/long.dat" "/proc/$pid/maps" 2> /dev/null && break
	sleep 0.005
done
kill -STOP "$pid" 2> /dev/null
truncate -s 4096 "$TMP/long.dat"
kill -CONT "$pid" 2> /dev/null
wait "$pid"
got=$?
if [ "$got" = 2 ] && grep -q "the file shrank while it was read" "$TMP/err" &&
   [ "$(wc -l < "$TMP/err")" = 1 ] && [ ! -e "$TMP/report.txt" ]; then
	ok "the file truncated while it is read: exit 2, one line, no report left"
else
	not_ok "the file truncated while it is read" "exit $got" "$(head -c 300 "$TMP/err")" \
		"$(ls "$TMP"/report* 2>/dev/null)"
fi

# ---- hostile names ----

# raw_bytes FILE: control bytes (C0 but tab and newline, DEL, C1 as UTF-8)
# or bytes that are not UTF-8 in FILE
raw_bytes() {
	LC_ALL=C grep -c "$(printf '[\001-\010\013-\037\177]')" "$1"
	iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1 || echo "not UTF-8"
	LC_ALL=C grep -c "$(printf '\302[\200-\237]')" "$1"
}

"$MAKE_TRACE" evil-comm "$TEMPLATE" "$TMP/evil.dat" clock_nanosleep
KMOD=tests/kmod/traces/x86_64-futex_wake-lower.dat
"$MAKE_TRACE" evil-comm "$KMOD" "$TMP/evil-live.dat" futex_wake
for args in "" "--json" "-s" "--context 20" "--profile 7.3 --json" "check" \
	    "diff --states" "diff -s"; do
	case "$args" in diff*) file=$TMP/evil-live.dat ;; *) file=$TMP/evil.dat ;; esac
	# shellcheck disable=SC2086
	"$BIN" $args "$file" > "$TMP/out" 2> "$TMP/err"
	got=$?
	found=$(cat "$TMP/out" "$TMP/err" > "$TMP/all"; raw_bytes "$TMP/all" | tr '\n' ' ')
	escaped=$(grep -c 'x1b\]2;pwned' "$TMP/all")
	case "$args" in check | "diff -s") escaped="(names no task)" ;; esac
	if [ "$found" != "0 0 " ] || [ "$got" -gt 2 ] || [ "$escaped" = 0 ]; then
		not_ok "a comm of terminal escapes, rvreplay $args: escaped" \
			"exit $got; raw control bytes, invalid UTF-8, C1: $found; escaped names: $escaped"
	else
		ok "a comm of terminal escapes, rvreplay $args: escaped ($escaped lines)"
	fi
	case "$args" in *--json*)
		if python3 -m json.tool "$TMP/out" > /dev/null 2>&1; then
			ok "a comm of terminal escapes, rvreplay $args: valid JSON"
		else
			not_ok "a comm of terminal escapes, rvreplay $args: valid JSON" \
				"$(head -c 300 "$TMP/out")"
		fi
	esac
done
"$BIN" --json "$TMP/evil.dat" 2> /dev/null |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["violations"][0]["comm"])' \
	> "$TMP/comm" 2>&1
if [ "$(cat "$TMP/comm")" = '\x1b]2;pwned\x07\x1b[2J\xff' ]; then
	ok "JSON: the comm escaped by the one rule (\\xNN, then JSON)"
else
	not_ok "JSON: the comm escaped by the one rule" "$(cat "$TMP/comm")"
fi

hostile hostile-system "$TMP/system.dat"
check_error "a system name with a newline and escapes: one line" "$TMP/system.dat" \
	"system 'evil\\\\x0arvreplay: forged \\\\x1b\\]2;pwned\\\\x07\\\\x1b\\[2J'"

# ---- CI runners' commands in trace text ----
# GitHub Actions takes a line whose first non-blank text is "::cmd::" for a
# command (::add-mask::, ::stop-commands:: hide or silence the log), and
# "##[", Azure's "##vso[" and TeamCity's "##teamcity[" anywhere in a line;
# Buildkite's "--- ", "+++ ", "~~~ " and Travis's "travis_fold:" start
# groups. No line of any output may hold one that came from a trace.

# ci_commands FILE: the lines of FILE a CI runner would take for commands
ci_commands() {
	sed 's/^[[:space:]]*//' "$1" | grep -nE -e '^(::|--- |\+\+\+ |~~~ |travis_fold:|travis_time:)' \
		-e '##(vso|teamcity)?\[' | head -3
}
C=traces/clock-nanosleep.dat
mkdir -p "$TMP/ci"
n=0
for comm in '::error::PWNED!' '::add-mask::abc' '##[error]PWNED!' '##vso[task.cpl]' \
	    '##teamcity[x]ab' '--- PWNED-group' 'travis_fold:xyz'; do
	n=$((n + 1))
	"$MAKE_TRACE" comm "$C" "$TMP/ci/$n.dat" clock_nanosleep "$comm"
	cp "$TMP/ci/$n.dat" "$TMP/ci/$comm.dat"
	for args in "" "-s" "--all --context 20" "--stats" "--stats -s" "-m sleep --sort latency" "check"; do
		# shellcheck disable=SC2086
		"$BIN" $args "$TMP/ci/$n.dat" > "$TMP/ci.out" 2>&1
		found=$(ci_commands "$TMP/ci.out")
		if [ -n "$found" ]; then
			not_ok "comm '$comm', rvreplay $args: no CI command" "$found"
		else
			ok "comm '$comm', rvreplay $args: no CI command"
		fi
	done
done
# trace file names are trace text too, in a batch and given one by one
(cd "$TMP/ci" && "$BIN" -s ./*.dat && "$BIN" -s -- *.dat && "$BIN" -j 2 --junit j.xml --jsonl j.jsonl .
 "$BIN" -q -- '::error::PWNED!.dat' '##[error]PWNED!.dat') > "$TMP/ci.out" 2>&1
found=$(ci_commands "$TMP/ci.out")
if [ -n "$found" ]; then
	not_ok "trace file names holding CI commands: escaped" "$found"
else
	ok "trace file names holding CI commands: escaped"
fi

# ---- folders and index files a batch cannot take as they are ----
# What cannot be examined may be a trace with violations: exit 2, named,
# never "N traces: N clean".

F=$TMP/folders
mkdir -p "$F/a/sub"
cp traces/mutex-nonpi.dat "$F/a/sub/violating.dat"
cp traces/cyclictest-abs.dat "$F/a/clean.dat"
ln -s gone.dat "$F/a/dangling.dat"
run_case "a dangling *.dat link in a folder: named" 2 \
	"^rvreplay: $F/a/dangling.dat: cannot be examined: .*dangling symbolic link" -q "$F/a"
rm "$F/a/dangling.dat"
if id nobody > /dev/null 2>&1 && command -v runuser > /dev/null; then
	chmod 744 "$F/a/sub"	# listed, but its names cannot be examined
	chmod 755 "$TMP" "$F" "$F/a"
	runuser -u nobody -- "$BIN" -q "$F/a" > "$TMP/out" 2> "$TMP/err"
	got=$?
	if [ "$got" = 2 ] && grep -q "violating.dat: cannot be examined: Permission denied" "$TMP/err"; then
		ok "a subfolder whose traces cannot be examined: exit 2, named"
	else
		not_ok "a subfolder whose traces cannot be examined" "exit $got" "$(cat "$TMP/err")"
	fi
	chmod 755 "$F/a/sub"
elif [ "${CI:-}" = true ]; then
	not_ok "a subfolder whose traces cannot be examined" "no user nobody, or no runuser"
else
	skip "a subfolder whose traces cannot be examined" "no user nobody, or no runuser"
fi
long=$F/a
d250=$(printf '%250s' '' | tr ' ' d)
src=$(pwd)/traces/mutex-nonpi.dat
# made a folder at a time: no path past 4095 bytes is ever given to mkdir
(
	cd "$long" || exit
	while [ ${#long} -le 4096 ]; do
		mkdir "$d250" && cd "$d250" || exit
		long=$long/$d250
	done
	cp "$src" deep.dat
)
run_case "a trace past 4095 bytes of path: named" 2 "a path longer than 4095 bytes" -q "$F/a"
rm -rf "${F:?}/a/$d250"

# two links a level to the next folder, 24 levels: 16 million paths to one trace
mkdir -p "$F/d/l0"
for i in $(seq 1 24); do
	mkdir "$F/d/l$i"
	ln -s "../l$i" "$F/d/l$((i - 1))/x"
	ln -s "../l$i" "$F/d/l$((i - 1))/y"
done
cp traces/mutex-nonpi.dat "$F/d/l24/t.dat"
run_case "symbolic-link diamonds, 24 levels: each real folder once" 1 \
	"1 traces: 0 clean, 1 with violations" -q "$F/d/l0"

printf 'traces/mutex-nonpi.dat\n' > "$F/idx"
python3 -c "print('x' * 5000)" >> "$F/idx"
run_case "an index line over 4095 bytes: named, not split" 2 "idx: line 2 is longer than 4095 bytes" \
	-q --index-file "$F/idx"
run_case "--index-file /dev/zero: at once, not a spin" 2 "/dev/zero: line 1 is not text" \
	-q --index-file /dev/zero

# ---- both readers on every hostile file ----
# The fast reader and libtracecmd's (each guarded as the cases are) end in
# the same exit status on every file made here, but where one is known to
# read what the other refuses, said here with why.
known_disagreement() {
	case $(basename "$1") in
	kallsyms.dat) echo "libtracecmd parses all 120 MiB of kallsyms at open, over --max-inflated; the fast reader looks a name up when one is asked" ;;
	*) return 1 ;;
	esac
}
agree=0 differ=0 unended=0
# what they read, not how safely: under the sanitizers libtracecmd's parse
# of 63,000 formats alone outlasts the hang guard, so the normal build asks
for f in "$TMP"/*.dat; do
	[ -n "$ASAN_OPTIONS" ] && break
	for reader in fast libtracecmd; do
		timeout -k 5 "$GUARD" env RVREPLAY_READER=$reader sh -c "$LIMIT exec \"\$0\" \"\$@\"" \
			"$BIN" -s "$f" > "$TMP/$reader.out" 2> "$TMP/$reader.err"
		echo $? > "$TMP/$reader.rc"
	done
	fast=$(cat "$TMP/fast.rc") ref=$(cat "$TMP/libtracecmd.rc")
	# each ended as rvreplay ends: a summary (0, 1) or its one error line (2)
	for reader in fast libtracecmd; do
		case $(cat "$TMP/$reader.rc") in
		0|1) grep -q '^Summary: ' "$TMP/$reader.out" ;;
		2) grep -q '^rvreplay: ' "$TMP/$reader.err" ;;
		*) false ;;
		esac || { unended=$((unended + 1))
			  not_ok "$reader reader on $(basename "$f"): a summary or the error line" \
				"exit $(cat "$TMP/$reader.rc")" "$(head -c 200 "$TMP/$reader.err")"; }
	done
	if [ "$fast" = "$ref" ]; then
		agree=$((agree + 1))
	elif why=$(known_disagreement "$f"); then
		differ=$((differ + 1))
		ok "readers differ on $(basename "$f"), known: $why (fast $fast, libtracecmd $ref)"
	else
		not_ok "both readers on $(basename "$f")" "exit $fast with the fast reader, $ref with libtracecmd" \
			"fast: $(head -c 200 "$TMP/fast.err")" "libtracecmd: $(head -c 200 "$TMP/libtracecmd.err")"
	fi
done
if [ -n "$ASAN_OPTIONS" ]; then
	ok "both readers on every hostile file: asked by the build without sanitizers"
elif [ "$unended" = 0 ]; then
	ok "both readers: $agree hostile files alike, $differ known to differ"
else
	not_ok "both readers: $unended runs ended with neither a summary nor the error line"
fi

echo
echo "Goals for inputs under 1 MB: 256 MiB, 10 s. Per case: input, peak memory, time:"
cat "$TMP/goals"
finish

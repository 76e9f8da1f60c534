#!/bin/sh
# The fast reader and libtracecmd (the reference, RVREPLAY_READER=libtracecmd)
# give the same replay: identical --json reports, identical text reports
# with their context lines (records formatted again by offset) and the
# same exit code, on every trace of traces/, on the container test files
# (buffer instances included), and on compressed version 7 copies of the
# version 6 traces when trace-cmd can write them. Equal outputs prove
# little if both are empty or both wrong: each reference output must also
# hold the trace's known number of violations (or, for 'check', its event
# table). Record by record equality is the unit tests ring_page_test.c and
# trace_records_test.c.
#
# usage: reader_equivalence_test.sh   (from the top of the tree)

. tests/e2e/lib.sh

# Under the sanitizers, libtracecmd's suppressed leaks are not a difference.
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
export LSAN_OPTIONS

# violations TRACE: how many violations a replay of TRACE reports, with
# its kernel's monitors or just sleep and pagefault (the same on these
# traces): traces/NAME.expect's reviewed counts, else the table below; a
# version 7 copy has its original's
violations() {
	name=$(basename "$1" .dat)
	name=${name%-v7}
	if [ -f "traces/$name.expect" ]; then
		awk '/^[a-z]/ { n += $3 } END { print n + 0 }' "traces/$name.expect"
		return
	fi
	case $name in
	x86_64-7.3-clock_nanosleep-realtime-abs)	echo 5 ;;
	x86_64-futex_wake-lower-rv)		echo 5 ;;
	x86_64-futex_wake-lower)		echo 5 ;;
	x86_64-kernel-before-trace)		echo 5 ;;
	x86_64-kernel-prio-late-fault)		echo 5 ;;
	x86_64-kernel-prio-late-wake)		echo 5 ;;
	x86_64-lost)				echo 2 ;;
	x86_64-preexisting)			echo 123 ;;
	x86_64-prio-late-fault)			echo 5 ;;
	x86_64-stall)				echo 2 ;;
	x86_64-kernel-wwnr-futex_wake-higher)	echo 0 ;;
	x86_64-kernel-rule-mm-calls)		echo 0 ;;
	x86_64-kernel-wip)			echo 1 ;;
	x86_64-kernel-wip-probe-order)		echo 1 ;;
	x86_64-kmod-wip)			echo 1 ;;
	riscv64-cond_signal-lower)		echo 5 ;;
	riscv64-kernel-v11-blocking_io-read-preempted) echo 1 ;;
	riscv64-lost)				echo 0 ;;
	arm64-cyclictest-rel)			echo 591 ;;
	armv7l-cyclictest-rel)			echo 581 ;;
	*)					echo "unknown" ;;
	esac
}

# holds WANT FILE EXIT: whether an output FILE and its EXIT code are what
# WANT says, json:N (N violations listed), text:N (a summary of N), both
# with exit 1 if N > 0 and 0 if not, or check:TRACE (TRACE's event table,
# to its lost events line); else prints why not
holds() {
	case $1 in
	json:0 | text:0)
		[ "$3" = 0 ] || { echo "exit $3 without violations"; return 1; } ;;
	json:* | text:*)
		[ "$3" = 1 ] || { echo "exit $3 with violations"; return 1; } ;;
	esac
	case $1 in
	json:*)
		n=$(grep -c '^    {"monitor":' "$2")
		if [ "$n" != "${1#json:}" ] || ! grep -q '^  "path": ' "$2"; then
			echo "$n violations listed in the JSON, expected ${1#json:}"
			return 1
		fi ;;
	text:*)
		if ! grep -Eq "^Summary: ${1#text:} violations?:" "$2"; then
			echo "no 'Summary: ${1#text:} violations' line"
			return 1
		fi ;;
	check:*)
		if ! grep -q "^${1#check:}: " "$2" ||
		   ! grep -Eq '^lost events: [0-9]+ gaps?$' "$2"; then
			echo "no event table of ${1#check:}"
			return 1
		fi ;;
	esac
}

# same DESC WANT ARGS...: both readers, same output and exit code, the
# reference's output what WANT says (holds); JSON names its reader
# (trace.reader), the one line that must differ
same() {
	desc=$1 want=$2
	shift 2
	RVREPLAY_READER=libtracecmd "$RVREPLAY" "$@" > "$TMP/ref.all" 2>&1
	ref=$?
	RVREPLAY_READER=fast "$RVREPLAY" "$@" > "$TMP/fast.all" 2>&1
	fast=$?
	grep -v '^  "reader": "libtracecmd",$' "$TMP/ref.all" > "$TMP/ref"
	grep -v '^  "reader": "fast",$' "$TMP/fast.all" > "$TMP/fast"
	if [ "$ref" != "$fast" ]; then
		not_ok "$desc" "exit $fast with the fast reader, $ref with libtracecmd" \
			"$(head -c 400 "$TMP/fast")"
	elif ! cmp -s "$TMP/ref" "$TMP/fast"; then
		not_ok "$desc" "$(diff "$TMP/ref" "$TMP/fast" | head -8)"
	elif [ "$ref" -gt 1 ]; then
		not_ok "$desc" "both exited $ref: $(head -c 300 "$TMP/ref")"
	elif ! why=$(holds "$want" "$TMP/ref" "$ref"); then
		not_ok "$desc" "$why" "$(head -c 300 "$TMP/ref")"
	else
		ok "$desc"
	fi
}

# fast_reads TRACE N: only the fast reader is asked: it must not decline
# the bundled traces, and finds their N violations
fast_reads() {
	RVREPLAY_READER=fast "$RVREPLAY" --json "$1" > "$TMP/out" 2> "$TMP/err"
	code=$?
	if [ $code -gt 1 ]; then
		not_ok "fast reader reads $1" "$(cat "$TMP/err")"
	elif ! why=$(holds "json:$2" "$TMP/out" $code); then
		not_ok "fast reader reads $1" "$why"
	else
		ok "fast reader reads $1"
	fi
}

# check_trace TRACE [MONITORS]: MONITORS (-m sleep -m pagefault by default)
# are the ones the trace's kernel can offer
check_trace() {
	trace=$1
	shift
	n=$(violations "$trace")
	fast_reads "$trace" "$n"
	same "same --json on $trace" "json:$n" --json --context 8 "$trace"
	same "same text report on $trace" "text:$n" --context 8 "$trace"
	same "same ${*:-sleep and pagefault} on $trace" "json:$n" --json ${*:--m sleep -m pagefault} "$trace"
}

# The live module's guest traces and foreign traces recorded by Debian's
# trace-cmd on arm64 and armv7l (tests/compat/guests): kernels before 6.17,
# whose profile is looked for in a first pass over the records, then
# replayed in a second (libtracecmd's handle cannot be read twice).
for trace in traces/*.dat tests/kmod/traces/x86_64-*.dat; do
	case $trace in *-kernel-wip*|*-kmod-wip*) continue ;; esac
	check_trace "$trace"
done
# the kernel's own wip and wwnr, and the module's: no rtapp events, wip's and wwnr's only
for trace in tests/kmod/traces/x86_64-kernel-wip*.dat tests/kmod/traces/x86_64-kmod-wip.dat; do
	n=$(violations "$trace")
	same "same wip and wwnr on $trace" "json:$n" --json --context 8 -m wip -m wwnr "$trace"
	same "same wip and wwnr text on $trace" "text:$n" --context 8 -m wip,wwnr "$trace"
done
for trace in tests/kmod/traces/riscv64-*.dat tests/compat/guests/traces/*.dat; do
	check_trace "$trace" -m sleep
done
for trace in tests/compat/guests/traces/*.dat; do
	same "same check on $trace" "check:$trace" check "$trace"
done

# These hold only sched and ftrace events: 'check' counts every record.
for trace in tests/data/tracedat/*.dat; do
	same "same event counts and lost events in $trace" "check:$trace" check "$trace"
done
for trace in tests/data/tracedat/named-*.dat; do
	same "same event counts in the named buffer of $trace" "check:$trace" \
		check --buffer td-named "$trace"
done

# A part that cannot run says so (lib.sh's skip: a failure under CI=true).
if command -v trace-cmd > /dev/null; then
	converted=0
	for trace in traces/*.dat; do
		[ "$(head -c 12 "$trace" | tail -c 2 | od -An -c | tr -d ' ')" = '6\0' ] || continue
		v7=$TMP/$(basename "$trace" .dat)-v7.dat
		if ! trace-cmd convert --file-version 7 --compression zstd -i "$trace" -o "$v7" \
			> "$TMP/convert" 2>&1; then
			skip "compressed version 7 copy of $trace" \
				"trace-cmd convert failed: $(head -c 200 "$TMP/convert")"
			continue
		fi
		check_trace "$v7"
		converted=$((converted + 1))
	done
	[ "$converted" -gt 0 ] || skip "compressed version 7 copies" "no version 6 trace converted"
else
	skip "compressed version 7 copies" "no trace-cmd to write them"
fi
finish

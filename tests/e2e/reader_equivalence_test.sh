#!/bin/sh
# The fast reader and libtracecmd (the reference, RVREPLAY_READER=libtracecmd)
# give the same replay: identical --json reports, identical text reports
# with their context lines (records formatted again by offset) and the
# same exit code, on every trace of traces/, on the container test files
# (buffer instances included), and on compressed version 7 copies of the
# version 6 traces when trace-cmd can write them. Record by record
# equality is the unit tests ring_page_test.c and trace_records_test.c.
#
# usage: reader_equivalence_test.sh   (from the top of the tree)

. tests/e2e/lib.sh

# Under the sanitizers, libtracecmd's suppressed leaks are not a difference.
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
export LSAN_OPTIONS

# same DESC ARGS...: both readers, same output and exit code; JSON names
# its reader (trace.reader), the one line that must differ
same() {
	desc=$1
	shift
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
	else
		ok "$desc"
	fi
}

# Only the fast reader is asked: it must not decline the bundled traces.
fast_reads() {
	RVREPLAY_READER=fast "$RVREPLAY" --json "$1" > /dev/null 2> "$TMP/err"
	if [ $? -gt 1 ]; then
		not_ok "fast reader reads $1" "$(cat "$TMP/err")"
	else
		ok "fast reader reads $1"
	fi
}

# check_trace TRACE [MONITORS]: MONITORS (-m sleep -m pagefault by default)
# are the ones the trace's kernel can offer
check_trace() {
	trace=$1
	shift
	fast_reads "$trace"
	same "same --json on $trace" --json --context 8 "$trace"
	same "same text report on $trace" --context 8 "$trace"
	same "same ${*:-sleep and pagefault} on $trace" --json ${*:--m sleep -m pagefault} "$trace"
}

# The live module's guest traces and foreign traces recorded by Debian's
# trace-cmd on arm64 and armv7l (tests/compat/guests): kernels before 6.17,
# whose profile is looked for in a first pass over the records, then
# replayed in a second (libtracecmd's handle cannot be read twice).
for trace in traces/*.dat tests/kmod/traces/x86_64-*.dat; do
	check_trace "$trace"
done
for trace in tests/kmod/traces/riscv64-*.dat tests/compat/guests/traces/*.dat; do
	check_trace "$trace" -m sleep
done
for trace in tests/compat/guests/traces/*.dat; do
	same "same check on $trace" check "$trace"
done

# These hold only sched and ftrace events: 'check' counts every record.
for trace in tests/data/tracedat/*.dat; do
	same "same event counts and lost events in $trace" check "$trace"
done
for trace in tests/data/tracedat/named-*.dat; do
	same "same event counts in the named buffer of $trace" check --buffer td-named "$trace"
done

if command -v trace-cmd > /dev/null; then
	for trace in traces/*.dat; do
		[ "$(head -c 12 "$trace" | tail -c 2 | od -An -c | tr -d ' ')" = '6\0' ] || continue
		v7=$TMP/$(basename "$trace" .dat)-v7.dat
		trace-cmd convert --file-version 7 --compression zstd -i "$trace" -o "$v7" \
			> /dev/null 2>&1 || continue
		check_trace "$v7"
	done
fi
finish

#!/bin/sh
# Every bundled trace (traces/, three regression inputs, the real arm64 and
# armv7l traces of guests/traces, and one made here with pointers and a
# __data_loc string in one event) rewritten as other trace.dat writers and
# machines would have written it (convert.py: trace-cmd 2.x, 4-byte longs,
# big-endian, 16 and 64 KiB pages, format 7 with zlib and zstd, CPUs
# without data, a long idle time, and machines combining them), each
# variant checked with trace-cmd itself:
#
#   - the file is what the variant claims (file_header.py: version, byte
#     order, long size, page size, compression, commit size, CPUs, where
#     the clock is), or a converter that changed nothing would pass;
#   - `trace-cmd report` and `trace-cmd report -t` (nanoseconds) print the
#     same records as of the original, line for line, and the same on
#     stderr. Left out, as legitimately different: the "cpus=N" line and
#     "CPU N is empty" lines (a variant may add CPUs without data); a
#     record's time is compared as a number, since trace-cmd 3.1.6 now and
#     then prints a trace-cmd 2.x file's times raw (report_records.py).
#     Changed as the variant changed the recording, and nothing else: the
#     CPU numbers of cpu-gap, the times after idle-gap's gap.
#   - 4-byte longs cut values: their report is compared with the one of
#     values32, the 64-bit trace whose long fields hold the 32 bits kept,
#     itself the original but for numbers; and the 32-bit layout is the
#     real armv7l kernel's (arm_layout_check.py);
#   - zlib: when this trace-cmd cannot decompress zlib (Debian's cannot),
#     the file's v6 copy made by v7_inflate.py is reported instead; the
#     zstd files are reported both ways, which checks that copy.
#
# And the test fails when it should: each deliberately wrong conversion
# of faults.py must be caught.
#
# usage: tests/compat/compat_test.sh   (from the top of the tree)
# COMPAT_JOBS: inputs checked at once (the CPU count by default).
# Needs trace-cmd, python3 (standard library; libzstd through ctypes, as
# trace-cmd links it) and xargs -P.

. tests/e2e/lib.sh

COMPAT=tests/compat
# no __pycache__ left in the tree
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
# the bundled traces, three of the regression inputs (events lost, with and
# without a count; no event at all) and the real arm64 and armv7l traces
INPUTS="traces/*.dat tests/regressions/lost-count.dat tests/regressions/lost-mid.dat
	tests/regressions/zero-events.dat tests/compat/guests/traces/*.dat"
INPUTS=$(for input in $INPUTS; do [ ! -e "$input" ] || echo "$input"; done)
ARMV7L=tests/compat/guests/traces/armv7l-cyclictest-rel.dat
ARM64=tests/compat/guests/traces/arm64-cyclictest-rel.dat
# every input as every variant (and the machines the variants make);
# the inputs of DEEP also as further combinations, and through trace-cmd
# convert (fewer: a report costs up to 0.15 s, parsing kallsyms)
VARIANTS="tc2 arm64-board long4 user32 be page16k page64k v7 v7-zlib v7-zstd cpu-gap idle-gap
	armv7l ppc64"
COMBINATIONS="s390x-v7 ppc64-v7-zlib armv7l-gap armv7l-v7 idle-gap+ppc64 idle-gap+armv7l
	idle-gap+page16k+v7-zlib"
DEEP="mutex-pi lost-count lost-mid workqueue armv7l-cyclictest-rel"
# FAULT VARIANT INPUT: each wrong conversion must fail its comparison
# (synthetic: the workqueue input made below)
FAULTS="unswapped-fields be traces/mutex-pi.dat
stale-data-loc long4 synthetic
stale-formats long4 traces/mutex-pi.dat
no-time-extend idle-gap+page64k traces/mutex-pi.dat
lost-flags-dropped page64k tests/regressions/lost-mid.dat
lost-flags-dropped page16k tests/regressions/lost-count.dat"

command -v trace-cmd > /dev/null 2>&1 ||
	skip_or_fail "trace.dat compatibility" "trace-cmd is not installed"
# the interpreter itself: a version manager's shim costs a shell per run
PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2> /dev/null) ||
	skip_or_fail "trace.dat compatibility" "python3 is not installed"

if trace-cmd list -c 2> /dev/null | grep -q '^[[:space:]]*zlib'; then
	ZLIB_READABLE=yes
else
	ZLIB_READABLE=no
fi

# report FILE OUT: OUT.us (report), OUT.ns (report -t), OUT.err (stderr)
report() {
	trace-cmd report "$1" > "$2.us" 2> "$2.err" &&
		trace-cmd report -t "$1" > "$2.ns" 2>> "$2.err"
}

# report_variants DIR: the reports of every file convert.py wrote in DIR;
# a format 7 one through v7_inflate.py's version 6 copy too (zstd: to
# check the copy; zlib, when this trace-cmd cannot decompress it: instead)
report_variants() {
	copies=
	while read -r v_name _ v_facts _; do
		case $v_facts in
		*compression=zstd*)
			copies="$copies $1/$v_name.dat $1/$v_name.dat.v6" ;;
		*compression=zlib*)
			[ "$ZLIB_READABLE" = yes ] ||
				copies="$copies $1/$v_name.dat $1/$v_name.dat.v6" ;;
		esac
	done < "$1/checks"
	# shellcheck disable=SC2086
	[ -z "$copies" ] || "$PYTHON" "$COMPAT/v7_inflate.py" $copies || return 1
	while read -r v_name _ v_facts _; do
		v_file=$1/$v_name.dat
		case $v_facts in
		*compression=zstd*)
			report "$v_file.v6" "$1/$v_name.v6" ;;
		*compression=zlib*)
			[ "$ZLIB_READABLE" = yes ] || v_file=$v_file.v6 ;;
		esac
		report "$v_file" "$1/$v_name" ||
			echo "$v_name: trace-cmd report failed: $(head -c 300 "$1/$v_name.err")"
	done < "$1/checks"
}

# check_input INPUT: every variant of INPUT, checked
check_input() {
	input=$1
	dir=$TMP/$(basename "$input" .dat)
	mkdir -p "$dir"
	variants=$VARIANTS
	case " $DEEP " in
	*" $(basename "$dir") "*)
		variants="$VARIANTS $COMBINATIONS"
	esac
	# shellcheck disable=SC2086
	if ! "$PYTHON" "$COMPAT/convert.py" "$input" "$dir" values32 no-symbols \
			values32+no-symbols $variants > "$dir/checks" 2> "$dir/convert.err"; then
		not_ok "$(basename "$dir"): convert.py" "$(cat "$dir/convert.err")"
		return
	fi
	report "$input" "$dir/original"
	failures=$(report_variants "$dir")
	[ -z "$failures" ] || not_ok "$(basename "$dir"): trace-cmd report" "$failures"
	"$PYTHON" "$COMPAT/same_records.py" --checks "$dir" > "$dir/verdicts"
	[ "$variants" = "$VARIANTS" ] || check_trace_cmd_convert "$input" "$dir"
	while IFS='	' read -r desc why; do
		if [ -n "$why" ]; then
			not_ok "$desc" "$why"
		else
			ok "$desc"
		fi
	done < "$dir/verdicts"
}

# check_trace_cmd_convert INPUT DIR: trace-cmd's own rewriting, which the
# converter reads its input through (a version 6 copy) and which wrote
# the bundled version 7 files, keeps the records too
check_trace_cmd_convert() {
	for version in 6 7; do
		compression=none
		[ $version = 6 ] || compression=zstd
		out=$2/trace-cmd-convert-v$version
		desc="$(basename "$2"): trace-cmd convert to version $version ($compression): same records"
		if trace-cmd convert -i "$1" -o "$out.dat" --file-version $version \
				--compression $compression > /dev/null 2>&1 && report "$out.dat" "$out" &&
				why=$("$PYTHON" "$COMPAT/same_records.py" "$2/original" "$out"); then
			ok "$desc"
		else
			not_ok "$desc" "${why:-trace-cmd convert failed}"
		fi
	done
}

# check_fault FAULT VARIANT INPUT: the wrong conversion must not pass
check_fault() {
	fault=$1 name=$2 input=$3
	desc="catches $fault ($name of $(basename "$input"))"
	dir=$TMP/fault-$fault-$name
	mkdir -p "$dir"
	if ! "$PYTHON" "$COMPAT/convert.py" --fault "$fault" "$input" "$dir" values32 "$name" \
			> "$dir/checks" 2> "$dir/convert.err"; then
		not_ok "$desc" "the wrong conversion did not run: $(cat "$dir/convert.err")"
		return
	fi
	report "$input" "$dir/original"
	report_variants "$dir" > /dev/null
	grep "^$name " "$dir/checks" > "$dir/checks.last"
	read -r name ref _ options < "$dir/checks.last"
	# shellcheck disable=SC2086
	if "$PYTHON" "$COMPAT/same_records.py" $options "$dir/$ref" "$dir/$name" > /dev/null; then
		not_ok "$desc" "a wrong conversion passes the comparison"
	else
		ok "$desc"
	fi
}

# compat_test.sh --one INPUT: one input's checks, into $COMPAT_LOGS (the
# main run starts one such run per input, COMPAT_JOBS at a time)
if [ "${1:-}" = --one ]; then
	check_input "$2" > "$COMPAT_LOGS/$(basename "$2").log" 2>&1
	exit 0
fi

# An input with pointers and a __data_loc string in one event, which no
# bundled trace has: the 4-byte longs must relocate the string.
mkdir -p "$TMP/inputs"
SYNTHETIC=$TMP/inputs/workqueue.dat
if "$PYTHON" "$COMPAT/synthetic_trace.py" traces/mutex-pi.dat "$SYNTHETIC" &&
		[ "$(trace-cmd report "$SYNTHETIC" | grep -c 'workqueue=kblockd')" -gt 0 ]; then
	ok "synthetic input: workqueue_queue_work records with a __data_loc string"
else
	not_ok "synthetic input" "synthetic_trace.py failed"
fi

COMPAT_LOGS=$TMP/logs
export COMPAT_LOGS
mkdir -p "$COMPAT_LOGS"

# The 32-bit layout against a real armv7l kernel's formats (the 64-bit
# ones of the arm64 guest's same kernel, and of two bundled traces).
if [ -e "$ARMV7L" ] && [ -e "$ARM64" ]; then
	"$PYTHON" "$COMPAT/arm_layout_check.py" "$ARMV7L" "$ARM64" traces/mutex-pi.dat \
		traces/udp-softirq.dat > "$TMP/layout" 2>&1 || echo "	$(cat "$TMP/layout")" > "$TMP/layout"
	while IFS='	' read -r desc why; do
		if [ -n "$why" ]; then
			not_ok "${desc:-arm_layout_check.py}" "$why"
		else
			ok "$desc"
		fi
	done < "$TMP/layout"
else
	skip "the 32-bit layout against armv7l" "no $ARMV7L or $ARM64"
fi
while read -r fault name input; do
	[ "$input" != synthetic ] || input=$SYNTHETIC
	check_fault "$fault" "$name" "$input"
done > "$COMPAT_LOGS/faults" 2>&1 <<EOF &
$FAULTS
EOF
# the largest first: the slowest do not come last (our paths: no blanks)
# shellcheck disable=SC2086,SC2011
ls -S $INPUTS "$SYNTHETIC" |
	xargs -n 1 -P "${COMPAT_JOBS:-$(nproc 2> /dev/null || echo 2)}" sh "$0" --one
wait
# shellcheck disable=SC2086
for input in $INPUTS "$SYNTHETIC"; do
	log=$COMPAT_LOGS/$(basename "$input").log
	grep -q '^ok' "$log" 2> /dev/null || echo "FAILED  $input: its checks did not run" >> "$log"
	cat "$log"
done
cat "$COMPAT_LOGS/faults"
passed=$((passed + $(cat "$COMPAT_LOGS"/* | grep -c '^ok')))
failed=$((failed + $(cat "$COMPAT_LOGS"/* | grep -c '^FAILED')))
finish

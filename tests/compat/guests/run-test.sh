#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-test.sh - real foreign traces: record them in Debian 12 arm64 and
# armhf QEMU guests with those architectures' own trace-cmd, then check
# that trace-cmd and rvreplay read them and that the verdicts match the
# workload.
#
# Usage: tests/compat/guests/run-test.sh RVREPLAY [arm64|armhf...]
#	 (default: both guests)
#
# For each guest, run-guest.sh boots it (fetch-debs.sh fetches and caches
# its packages) and collects four traces of cyclictest (SCHED_FIFO 80, two
# threads): absolute and relative (-r) clock_nanosleep, each with
# trace-cmd's default file version and with --file-version 6.  Then, for
# each trace:
#   - trace-cmd report (the host's) reads it, and it shows cyclictest;
#   - RVREPLAY_READER=fast and RVREPLAY_READER=libtracecmd runs of
#     `RVREPLAY --json TRACE` give the same output (but for the
#     trace.reader line) and the same exit code;
#   - with each reader, the verdicts match the workload: with relative
#     sleeps, exit 1 and each measuring thread (its tid and cycle count
#     from cyclictest's own summary) has one sleep violation
#     "clock_nanosleep(CLOCK_MONOTONIC, relative)" per cycle (+-1), and
#     nothing else is reported; with absolute sleeps, exit 0 and no
#     violation, the measuring threads judged.
# A guest that hangs in early boot is retried once.  A guest that cannot
# run (no QEMU, no packages) is a skip, a failure under CI=true.
#
# Work goes to COMPAT_BUILD_DIR (default build/compat/guests), ARCH/ for
# each guest's output (console.log, the traces, their logs, times).
# Prints one line per check and ends with "N passed, N failed"; exits 0
# only when nothing failed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)

if [ $# -lt 1 ]; then
	echo "usage: $(basename "$0") RVREPLAY [arm64|armhf...]" >&2
	exit 2
fi
RVREPLAY=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ -x "$RVREPLAY" ] || { echo "run-test: $RVREPLAY is not executable" >&2; exit 2; }
arches=${*:-arm64 armhf}

# ok, not_ok, skip (a failure under CI=true), finish, $TMP
# shellcheck source=SCRIPTDIR/../../e2e/lib.sh
. "$repo/tests/e2e/lib.sh"

build=${COMPAT_BUILD_DIR:-$repo/build/compat/guests}
t0=$(date +%s)

qemu_of()
{
	case $1 in
	arm64) echo qemu-system-aarch64 ;;
	armhf) echo qemu-system-arm ;;
	esac
}

# boot ARCH: run the guest (retry once after a hang); 0 when it passed
boot()
{
	local arch=$1 out=$build/$1 rc try

	for try in 1 2; do
		"$here/run-guest.sh" "$arch" "$out" > "$TMP/guest.log" 2>&1
		rc=$?
		sed 's/^/        /' "$TMP/guest.log" | tail -n 30 | grep -v '^ *fetch-debs: apt-get download\|^ *Get:\|^ *Fetched' || true
		[ "$rc" = 3 ] && grep -q 'HANG.*early boot' "$TMP/guest.log" && [ "$try" = 1 ] && continue
		break
	done
	case $rc in
	0)
		ok "$arch: guest booted, recorded and powered off ($(tail -1 "$TMP/guest.log" | sed 's/.*(\(.*\)).*/\1/'))"
		;;
	2)
		skip "$arch guest" "$(grep -m1 -E 'run-guest|fetch-debs' "$TMP/guest.log")"
		return 1
		;;
	*)
		not_ok "$arch: guest run" "$(grep -m1 '^run-guest' "$TMP/guest.log")"
		return 1
		;;
	esac
}

# tids LOG: "tid cycles" of each measuring thread, from cyclictest -q's summary
tids()
{
	sed -n 's/^T: *[0-9]* *( *\([0-9]*\)) .* C: *\([0-9]*\) .*/\1 \2/p' "$1"
}

file_version()
{
	head -c 12 "$1" | tail -c 2 | tr -d '\0'
}

report_reads()
{
	local tag=$1 trace=$2 lines

	if ! trace-cmd report "$trace" > "$TMP/report" 2> "$TMP/report.err"; then
		not_ok "$tag: trace-cmd report reads it" "$(head -c 300 "$TMP/report.err")"
		return
	fi
	lines=$(grep -c 'cyclictest-[0-9]' "$TMP/report")
	if [ "$lines" -gt 0 ]; then
		ok "$tag: trace-cmd report reads it ($(wc -l < "$TMP/report") lines, $lines of cyclictest)"
	else
		not_ok "$tag: trace-cmd report reads it" "no cyclictest record in its $(wc -l < "$TMP/report") lines"
	fi
}

# same_readers TAG TRACE: the two readers agree; leaves $TMP/{fast,libtracecmd}.{json,err,rc}
same_readers()
{
	local tag=$1 trace=$2 r

	for r in fast libtracecmd; do
		RVREPLAY_READER=$r "$RVREPLAY" --json "$trace" > "$TMP/$r.json" 2> "$TMP/$r.err"
		echo $? > "$TMP/$r.rc"
		grep -v "^  \"reader\": \"$r\",\$" "$TMP/$r.json" > "$TMP/$r.cmp"
	done
	if [ "$(cat "$TMP/fast.rc")" != "$(cat "$TMP/libtracecmd.rc")" ]; then
		not_ok "$tag: same --json with both readers" \
			"exit $(cat "$TMP/fast.rc") with the fast reader, $(cat "$TMP/libtracecmd.rc") with libtracecmd" \
			"fast: $(grep -v warning: "$TMP/fast.err" | head -c 300)" \
			"libtracecmd: $(grep -v warning: "$TMP/libtracecmd.err" | head -c 300)"
	elif ! cmp -s "$TMP/fast.cmp" "$TMP/libtracecmd.cmp"; then
		not_ok "$tag: same --json with both readers" "$(diff "$TMP/libtracecmd.cmp" "$TMP/fast.cmp" | head -8)"
	else
		ok "$tag: same --json with both readers (exit $(cat "$TMP/fast.rc"))"
	fi
}

# verdicts TAG MODE LOG READER: the report of READER matches cyclictest's run
verdicts()
{
	local tag="$1: verdicts ($4 reader)" mode=$2 log=$3 r=$4 rc json want tid cycles n bad=""

	rc=$(cat "$TMP/$r.rc")
	json=$TMP/$r.json
	if [ "$rc" -gt 1 ] || ! jq -e .summary "$json" > /dev/null 2>&1; then
		not_ok "$tag" "exit $rc: $(grep -v warning: "$TMP/$r.err" | head -c 300)"
		return
	fi
	tids "$log" > "$TMP/tids"
	if [ "$(wc -l < "$TMP/tids")" -lt 2 ]; then
		not_ok "$tag" "no cyclictest summary in $log"
		return
	fi
	want=$([ "$mode" = rel ] && echo 1 || echo 0)
	[ "$rc" = "$want" ] || bad="exit $rc, expected $want"
	total=0
	while read -r tid cycles; do
		n=$(jq --argjson p "$tid" '[.violations[] | select(.pid == $p and .monitor == "sleep"
			and .reason == "sleep_reason"
			and .reason_detail == "clock_nanosleep(CLOCK_MONOTONIC, relative)")] | length' "$json")
		jq -e --argjson p "$tid" '[.coverage[] | select(.pid == $p and .monitor == "sleep"
			and .class == "judged")] | length == 1' "$json" > /dev/null ||
			bad="$bad${bad:+; }thread $tid not judged by sleep"
		if [ "$mode" = rel ] && { [ "$n" -lt $((cycles - 1)) ] || [ "$n" -gt $((cycles + 1)) ]; }; then
			bad="$bad${bad:+; }thread $tid: $n relative-sleep violations for $cycles cycles"
		fi
		total=$((total + n))
	done < "$TMP/tids"
	all=$(jq '.summary.violations' "$json")
	if [ "$all" != "$total" ]; then
		bad="$bad${bad:+; }$all violations, $total of them relative sleeps of the measuring threads: $(jq -c '[.summary.tasks[] | {monitor, pid, comm, violations, reasons}]' "$json" | head -c 300)"
	fi
	if [ -n "$bad" ]; then
		not_ok "$tag" "$bad"
	else
		ok "$tag: exit $rc, $all violations ($(awk '{ printf "%stid %s: %s cycles", (NR > 1 ? ", " : ""), $1, $2 }' "$TMP/tids"))"
	fi
}

for arch in $arches; do
	case $arch in
	arm64|armhf)
		;;
	*)
		not_ok "$arch: unknown guest (arm64 or armhf)"
		continue
		;;
	esac
	if ! command -v "$(qemu_of "$arch")" > /dev/null; then
		skip "$arch guest" "no $(qemu_of "$arch") (apt-get install qemu-system-arm, kmod/qemu/debian-packages)"
		continue
	fi
	for tool in trace-cmd jq; do
		command -v "$tool" > /dev/null || skip_or_fail "$arch guest" "no $tool (scripts/debian-packages)"
	done
	boot "$arch" || continue
	out=$build/$arch
	echo "        kernel: $(cat "$out/uname.txt")"
	echo "        events: $(grep -c ' yes$' "$out/events.txt") of $(wc -l < "$out/events.txt") wanted; missing: $(awk '$2 == "no" { printf "%s ", $1 }' "$out/events.txt")"
	echo "        guest times (s since boot): $(tr '\n' ' ' < "$out/times.txt")"
	for name in abs-default rel-default abs-v6 rel-v6; do
		trace=$out/$name.dat
		tag="$arch $name.dat"
		if [ ! -s "$trace" ]; then
			not_ok "$tag: recorded" "missing; $(tail -n 3 "$out/$name.log" 2> /dev/null)"
			continue
		fi
		v=$(file_version "$trace")
		case $name in
		*-v6)
			if [ "$v" = 6 ]; then
				ok "$tag: file version 6"
			else
				not_ok "$tag: file version 6" "version $v"
			fi
			;;
		*)
			ok "$tag: default file version is $v ($(stat -c %s "$trace") bytes)"
			;;
		esac
		report_reads "$tag" "$trace"
		same_readers "$tag" "$trace"
		for r in fast libtracecmd; do
			verdicts "$tag" "${name%%-*}" "$out/$name.log" "$r"
		done
	done
done
echo "total $(($(date +%s) - t0)) s"
finish

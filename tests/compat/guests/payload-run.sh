#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# payload-run.sh - /payload/run of the compat guests (busybox sh).
#
# Records, with Debian's trace-cmd of the guest's architecture, cyclictest
# (rt-tests of that architecture) at SCHED_FIFO 80, two threads, in two
# modes: absolute clock_nanosleep (cyclictest's default: real-time safe)
# and relative (-r: a sleep violation at every cycle), each with
# trace-cmd's default file version and with --file-version 6:
#
#	$OUT/abs-default.dat  $OUT/rel-default.dat
#	$OUT/abs-v6.dat       $OUT/rel-v6.dat
#
# and what the kernel offers: $OUT/uname.txt, $OUT/event-systems.txt (the
# systems of $TRACEFS/events), $OUT/available-events.txt, $OUT/events.txt
# (each wanted event, yes or no), $OUT/times.txt (seconds since boot at each step, from
# /proc/uptime), $OUT/trace-cmd-version.txt.
#
# COMPAT_CYCLICTEST (kernel command line rvtest.cyclictest=..., with
# commas for spaces) overrides the common cyclictest arguments.
set -u

T=$TRACEFS
uptime()
{
	cut -d' ' -f1 /proc/uptime
}
stamp()
{
	echo "$1 $(uptime)" >> "$OUT/times.txt"
}
stamp payload-start

uname -a > "$OUT/uname.txt"
ls "$T/events" > "$OUT/event-systems.txt"
cp "$T/available_events" "$OUT/available-events.txt"
trace-cmd version > "$OUT/trace-cmd-version.txt" 2>&1 || true

wanted="sched:sched_switch sched:sched_waking sched:sched_wakeup sched:sched_wakeup_new
sched:sched_process_fork sched:sched_process_exit sched:sched_pi_setprio
raw_syscalls:sys_enter raw_syscalls:sys_exit lock:contention_begin lock:contention_end
exceptions:page_fault_user exceptions:page_fault_kernel"
events=""
: > "$OUT/events.txt"
for e in $wanted; do
	if [ -e "$T/events/${e%%:*}/${e#*:}/format" ]; then
		events="$events -e $e"
		echo "$e yes" >> "$OUT/events.txt"
	else
		echo "$e no" >> "$OUT/events.txt"
	fi
done
cat "$OUT/events.txt"

# 10 ms cycles, 300 of them (3 s): a few hundred KB of events.
args=$(sed -n 's/.*rvtest\.cyclictest=\([^ ]*\).*/\1/p' /proc/cmdline | tr ',' ' ')
[ -n "$args" ] || args="-m -q -p 80 -t 2 -i 10000 -l 300"

rc=0
record()
{
	name=$1 version=$2 mode=$3

	echo "compat: recording $name: trace-cmd record $version ... cyclictest $args $mode"
	stamp "$name-start"
	# shellcheck disable=SC2086
	if ! trace-cmd record $events $version -o "$OUT/$name.dat" \
		cyclictest $args $mode > "$OUT/$name.log" 2>&1; then
		echo "compat: trace-cmd record $name failed:"
		rc=1
	fi
	stamp "$name-end"
	tail -n 20 "$OUT/$name.log"
	rm -f "$OUT/$name.dat".cpu*
}

record abs-default "" ""
record rel-default "" "-r"
record abs-v6 "--file-version 6" ""
record rel-v6 "--file-version 6" "-r"
ls -l "$OUT"
stamp payload-end
exit $rc

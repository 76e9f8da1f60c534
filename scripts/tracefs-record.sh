#!/bin/sh
# Record the events the rtapp monitors need while COMMAND runs, into a
# trace-cmd trace.dat file.
#
# usage: tracefs-record.sh [-v 6|7] [-b KB] [-c CLOCK] [-K] -o OUT.dat \
#                          -- COMMAND [ARGS...]
#
#   -v 6|7   trace.dat file version (default 7, zstd compressed; 6 is
#            uncompressed, made by trace-cmd convert)
#   -b KB    ring buffer size per CPU (default 1024)
#   -c CLOCK trace_clock (default local, trace-cmd's default)
#   -K       store an empty kallsyms instead of /proc/kallsyms (see below)
#   -o OUT   output file; written as OUT.tmp.PID and renamed when complete
#
# Why not "trace-cmd record": it must write /proc/sys/kernel/ftrace_enabled
# and stops with "Can't enable ftrace" where that file is read-only. So the
# events are enabled here through tracefs and "trace-cmd extract -k" reads
# the buffer afterwards (-k: without it, extract also disables every event
# and clears every event filter of the top-level instance).
#
# The script owns the top-level tracefs instance while it runs (others may
# use instances/*). It saves tracing_on, the enabled events, the buffer
# size, trace_clock and current_tracer, and restores them on exit, on
# error and on SIGINT/SIGTERM/SIGHUP. The buffer contents are lost. A
# buffer never used since boot ("7 (expanded: 1408)") comes back expanded
# to its nominal size, since enabling an event expands it for good.
#
# kallsyms: trace-cmd copies /proc/kallsyms (megabytes) into every file
# and has no option to leave it out; only its library can substitute a
# file (tracecmd_output_set_kallsyms()). -K runs extract in a private
# mount namespace where an empty file is bind-mounted on /proc/kallsyms,
# which the file format stores as "no kallsyms". The events the monitors
# use carry no kernel addresses that need it.
#
# COMMAND runs with RVREPLAY_TRACE_MARKER set to the trace_marker file.
#
# Exit status: COMMAND's exit status (the trace is written anyway); 1 if
# recording failed (no OUT is left behind); 2 on a usage error; 128+N when
# stopped by signal N.

set -u

TRACEFS=/sys/kernel/tracing
LOCK=/run/lock/rvreplay-tracefs-record.lock
EVENTS="sched:sched_switch sched:sched_waking sched:sched_wakeup
	sched:sched_wakeup_new sched:sched_process_fork sched:sched_process_exit
	sched:sched_process_free sched:sched_pi_setprio sched:sched_kthread_stop
	raw_syscalls:sys_enter raw_syscalls:sys_exit
	lock:contention_begin lock:contention_end
	exceptions:page_fault_user exceptions:page_fault_kernel"

version=7
buffer_kb=1024
clock=local
no_kallsyms=0
out=
tmp=
tmp7=
empty_kallsyms=
mounted=0
saved=0
child=
status=
command_done=0

warn() {
	echo "tracefs-record: $*" >&2
}

die() {
	warn "$*"
	exit 1
}

usage() {
	echo "usage: tracefs-record.sh [-v 6|7] [-b KB] [-c CLOCK] [-K] -o OUT.dat -- COMMAND [ARGS...]" >&2
	exit 2
}

# tracefs_write FILE VALUE: warn instead of stopping, so that a restore
# goes on with the other files.
tracefs_write() {
	if ! printf '%s\n' "$2" 2>/dev/null > "$TRACEFS/$1"; then
		warn "cannot write '$2' to $TRACEFS/$1"
		return 1
	fi
}

# The nominal size: "7 (expanded: 1408)" is a buffer not allocated yet.
buffer_size_of() {
	sed -e 's/.*expanded: *\([0-9]*\).*/\1/' "$1"
}

tracefs_mount() {
	[ -e "$TRACEFS/tracing_on" ] && return 0
	mount -t tracefs nodev "$TRACEFS" || die "cannot mount tracefs on $TRACEFS"
	mounted=1
}

tracefs_save() {
	saved_on=$(cat "$TRACEFS/tracing_on") &&
	saved_tracer=$(cat "$TRACEFS/current_tracer") &&
	saved_clock=$(sed -e 's/.*\[\(.*\)\].*/\1/' "$TRACEFS/trace_clock") &&
	saved_events=$(cat "$TRACEFS/set_event") &&
	saved_kb=$(buffer_size_of "$TRACEFS/buffer_size_kb") ||
		die "cannot read the tracefs state"
	# "X": the CPUs differ, so each one is restored on its own.
	saved_cpu_kb=
	for f in "$TRACEFS"/per_cpu/cpu*/buffer_size_kb; do
		saved_cpu_kb="$saved_cpu_kb ${f#"$TRACEFS"/}=$(buffer_size_of "$f")"
	done
	saved=1
}

tracefs_restore_events() {
	: 2>/dev/null > "$TRACEFS/set_event" || warn "cannot clear set_event"
	for ev in $saved_events; do
		printf '%s\n' "$ev" 2>/dev/null >> "$TRACEFS/set_event" ||
			warn "cannot re-enable event $ev"
	done
}

tracefs_restore_buffer_size() {
	if [ "$saved_kb" != X ]; then
		tracefs_write buffer_size_kb "$saved_kb"
		return
	fi
	for entry in $saved_cpu_kb; do
		tracefs_write "${entry%%=*}" "${entry#*=}"
	done
}

tracefs_restore() {
	[ "$saved" = 1 ] || return 0
	saved=0
	tracefs_write tracing_on 0
	tracefs_write current_tracer "$saved_tracer"
	tracefs_restore_events
	tracefs_write trace_clock "$saved_clock"
	tracefs_restore_buffer_size
	tracefs_write tracing_on "$saved_on"
}

tracefs_enable_events() {
	for ev in $EVENTS; do
		if [ ! -d "$TRACEFS/events/${ev%%:*}/${ev#*:}" ]; then
			warn "warning: event $ev does not exist here, not recorded"
			continue
		fi
		printf '%s\n' "$ev" 2>/dev/null >> "$TRACEFS/set_event" ||
			die "cannot enable event $ev"
	done
}

tracefs_setup() {
	tracefs_write tracing_on 0 &&
	tracefs_write current_tracer nop &&
	: 2>/dev/null > "$TRACEFS/set_event" &&
	tracefs_write trace_clock "$clock" &&
	tracefs_write buffer_size_kb "$buffer_kb" &&
	: 2>/dev/null > "$TRACEFS/trace" ||
		die "cannot set up the top-level tracefs instance"
	tracefs_enable_events
}

cleanup() {
	if [ -n "$child" ]; then
		kill -TERM "$child" 2>/dev/null
		wait "$child" 2>/dev/null
		child=
	fi
	tracefs_restore
	if [ -n "$tmp" ]; then
		rm -f "$tmp" "$tmp7" "$empty_kallsyms" "$tmp".cpu* "$tmp7".cpu*
	fi
	if [ "$mounted" = 1 ]; then
		umount "$TRACEFS" || warn "cannot unmount $TRACEFS"
		mounted=0
	fi
}

on_signal() {
	warn "stopped by signal $1"
	exit $((128 + $1))
}

# SIGINT (Ctrl-C) while COMMAND runs ends COMMAND but still writes the
# trace, as with "trace-cmd record": it is how an endless command such as
# cyclictest without -l is stopped. Before COMMAND, it aborts.
on_interrupt() {
	if [ -n "$child" ]; then
		kill -INT "$child" 2>/dev/null
		return
	fi
	[ "$command_done" = 1 ] || on_signal 2
}

# A non-interactive shell starts background jobs with SIGINT ignored and
# stdin on /dev/null; undo both, so COMMAND behaves as in the foreground
# while the shell stays free to run its traps. Probed before tracing, so
# that the probe does not end up in the trace.
probe_default_signals() {
	default_signals=
	if env --default-signal=INT true 2>/dev/null; then
		default_signals="env --default-signal=INT,QUIT"
	fi
}

run_command() {
	exec 3<&0
	RVREPLAY_TRACE_MARKER="$TRACEFS/trace_marker" $default_signals "$@" 0<&3 3<&- &
	child=$!
	while :; do
		wait "$child"
		status=$?
		kill -0 "$child" 2>/dev/null || break
	done
	child=
	command_done=1
	exec 3<&-
}

# The ring buffer overwrites its oldest pages when full: the trace then
# misses its beginning, which the replay reports as lost events.
check_lost_events() {
	for f in "$TRACEFS"/per_cpu/cpu*/stats; do
		lost=$(awk -F: '/^(overrun|dropped events)/ { n += $2 } END { print n + 0 }' "$f")
		[ "$lost" -eq 0 ] ||
			warn "warning: ${f#"$TRACEFS"/per_cpu/}: $lost events lost; use a bigger -b or a shorter command"
	done
}

extract() {
	extract_to=$tmp
	[ "$version" = 6 ] && extract_to=$tmp7
	set -- trace-cmd extract -k -o "$extract_to"
	[ "$version" = 7 ] && set -- "$@" --compression any
	if [ "$no_kallsyms" = 1 ]; then
		: > "$empty_kallsyms" || die "cannot create $empty_kallsyms"
		set -- unshare -m sh -c 'mount --bind "$0" /proc/kallsyms && exec "$@"' \
			"$empty_kallsyms" "$@"
	fi
	"$@" > /dev/null || die "trace-cmd extract failed"
	[ "$version" = 6 ] || return 0
	trace-cmd convert --file-version 6 --compression none \
		-i "$tmp7" -o "$tmp" > /dev/null 2>&1 ||
		die "trace-cmd convert to file version 6 failed"
}

parse_args() {
	while getopts v:b:c:Ko:h opt; do
		case $opt in
		v) version=$OPTARG ;;
		b) buffer_kb=$OPTARG ;;
		c) clock=$OPTARG ;;
		K) no_kallsyms=1 ;;
		o) out=$OPTARG ;;
		*) usage ;;
		esac
	done
	case $version in 6|7) ;; *) usage ;; esac
	case $buffer_kb in ''|*[!0-9]*) usage ;; esac
	[ -n "$out" ] || usage
}

parse_args "$@"
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage

[ "$(id -u)" = 0 ] || die "must run as root"
command -v trace-cmd > /dev/null || die "trace-cmd is not installed"
tmp="$out.tmp.$$"
tmp7="$out.tmp7.$$"
empty_kallsyms="$out.kallsyms.$$"

exec 9> "$LOCK" || die "cannot open $LOCK"
flock -n 9 || die "another tracefs-record.sh is recording"

trap cleanup EXIT
trap 'on_signal 1' HUP
trap on_interrupt INT
trap 'on_signal 15' TERM

probe_default_signals
tracefs_mount
tracefs_save
tracefs_setup

tracefs_write tracing_on 1 || exit 1
run_command "$@"
tracefs_write tracing_on 0 || exit 1
[ "$status" -eq 0 ] || warn "warning: command exited with status $status"

check_lost_events
extract
mv -f "$tmp" "$out" || die "cannot rename $tmp to $out"
warn "wrote $out ($(wc -c < "$out") bytes, file version $version)"
exit "$status"

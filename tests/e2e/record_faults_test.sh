#!/bin/sh
# rvreplay record under faults: SIGINT and SIGTERM at moments drawn from a
# fixed seed and while the trace is being written, the command crashing,
# the output disk full (a small tmpfs), the output folder missing or
# read-only; and on a shared machine: the command keeping tracefs files
# open, recorders killed with SIGKILL, recorders in other PID namespaces
# (containers), an instance taken over while recording. Each must end with
# a clear message, leave no partial output (no file, no work folder), and
# leave tracefs as it was, as far as it is this script's (lib.sh's
# remember_state: other recordings may run beside it). Needs root and
# tracefs; elsewhere it says why it skips. Run from the top of the tree.
#
# usage: record_faults_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
W=$2
T=/sys/kernel/tracing

need_tracefs "record faults"

remember_state

MNT=$TMP/mnt
mkdir -p "$MNT"
cleanup_mount() {
	grep -q " $MNT " /proc/mounts && umount "$MNT"
	forget_state
	rm -rf "$TMP"
}
trap cleanup_mount EXIT

# left_clean DESC OUT: no work folder next to OUT, tracefs as before
left_clean() {
	changes=$(state_changes)
	if ls -d "$1".rvreplay-* > /dev/null 2>&1; then
		not_ok "$2: work folder left behind" "$(ls -d "$1".rvreplay-*)"
	elif [ -n "$changes" ]; then
		not_ok "$2: tracefs changed" "$changes"
	else
		ok "$2: nothing left behind, tracefs as before"
	fi
}

# a trace written whole: rvreplay reads it
readable() {
	[ -s "$1" ] && "$RVREPLAY" -q "$1" > /dev/null 2>&1
	[ $? -le 1 ] && [ -s "$1" ]
}

# ---- signals at moments drawn from a fixed seed ----

# signal_at SIG MS: record `sleep 0.6`, send SIG after MS milliseconds
signal_at() {
	sig=$1 ms=$2 out=$TMP/sig-$1-$2.dat
	desc="SIG$sig after $ms ms"
	rm -f "$out"
	"$RVREPLAY" record --no-kallsyms -o "$out" -- sleep 0.6 > "$TMP/rec.out" 2>&1 &
	pid=$!
	sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
	kill -"$sig" $pid 2> /dev/null
	wait $pid
	code=$?
	msg=$(cat "$TMP/rec.out")
	case "$sig:$code" in
	INT:0|TERM:0)
		# SIGTERM after the trace was in place (or after the end) aborts nothing
		if readable "$out" && grep -q "lost events:" "$TMP/rec.out"; then
			ok "$desc: a complete trace"
		else
			not_ok "$desc: exit 0 without a readable trace" "$msg"
		fi ;;
	TERM:2)
		if [ ! -e "$out" ] && grep -q "^rvreplay: $out: stopped by Terminated: no trace written$" \
				"$TMP/rec.out"; then
			ok "$desc: aborts, no trace"
		else
			not_ok "$desc: exit 2, but a trace or no message" "$msg"
		fi ;;
	INT:130|TERM:143)
		# killed before it set anything up: there must be nothing
		if [ ! -e "$out" ]; then
			ok "$desc: killed before it started, nothing written"
		else
			not_ok "$desc: killed by the signal, but a trace was written" "$msg"
		fi ;;
	*)
		not_ok "$desc: exit $code" "$msg" ;;
	esac
	left_clean "$out" "$desc"
}

x=${FAULT_SEED:-7}
for i in 1 2 3 4 5 6 7 8; do
	for sig in INT TERM; do
		x=$(( (x * 1103515245 + 12345) % 2147483648 ))
		signal_at $sig $(( x % 900 ))
	done
done

# SIGTERM once the command is done and the trace is being written (the work
# folder's trace.dat exists): still an abort, and no trace
for try in 1 2 3; do
	out=$TMP/late.dat
	rm -f "$out"
	"$RVREPLAY" record -o "$out" -- true > "$TMP/rec.out" 2>&1 &
	pid=$!
	while kill -0 $pid 2> /dev/null && ! ls "$out".rvreplay-*/trace.dat > /dev/null 2>&1; do
		:
	done
	kill -TERM $pid 2> /dev/null
	wait $pid
	code=$?
	if [ $code = 0 ]; then
		echo "skip    SIGTERM while writing the trace: finished first (try $try)"
		continue
	fi
	if [ $code = 2 ] && [ ! -e "$out" ] && grep -q "stopped by Terminated: no trace written" "$TMP/rec.out"; then
		ok "SIGTERM while writing the trace: aborts, no trace"
	else
		not_ok "SIGTERM while writing the trace: exit $code, trace $( [ -e "$out" ] && echo written || echo absent)" \
			"$(cat "$TMP/rec.out")"
	fi
	left_clean "$out" "SIGTERM while writing the trace"
	break
done

# ---- the command crashing or failing: the trace is still written ----

crash_case() {
	desc=$1 cmd=$2 regex=$3 out=$TMP/crash.dat
	rm -f "$out"
	"$RVREPLAY" record --no-kallsyms -o "$out" -- sh -c "$cmd" > "$TMP/rec.out" 2>&1
	code=$?
	if [ $code = 0 ] && readable "$out" && grep -Eq "$regex" "$TMP/rec.out"; then
		ok "$desc: trace written, said so"
	else
		not_ok "$desc: exit $code" "$(cat "$TMP/rec.out")"
	fi
	left_clean "$out" "$desc"
}
crash_case "command killed by SIGSEGV" 'kill -SEGV $$' "^rvreplay: sh was killed by signal 11$"
crash_case "command aborting" 'kill -ABRT $$' "^rvreplay: sh was killed by signal 6$"
crash_case "command killed by SIGKILL" 'kill -KILL $$' "^rvreplay: sh was killed by signal 9$"
crash_case "command failing" 'exit 3' "^rvreplay: sh exited with status 3$"
if [ -x "$W/nanosleep" ]; then
	crash_case "a workload killed mid-run" "$W/nanosleep nanosleep & sleep 0.05; kill -SEGV \$!; wait" \
		"lost events: none"
fi

# ---- the output: disk full, folder missing or read-only, a folder ----

# error_case DESC OUT REGEX ARGS...: exit 2, one line (lib.sh's others_reaped
# aside), no output, nothing left
error_case() {
	desc=$1 out=$2 regex=$3
	shift 3
	"$RVREPLAY" record -o "$out" "$@" > "$TMP/rec.out" 2> "$TMP/rec.err"
	code=$?
	if [ $code = 2 ] && [ "$(others_reaped "$TMP/rec.err" | wc -l)" = 1 ] && [ ! -s "$TMP/rec.out" ] &&
	   grep -Eq -- "$regex" "$TMP/rec.err" && [ ! -f "$out" ]; then
		ok "$desc"
	else
		not_ok "$desc: exit $code" "$(cat "$TMP/rec.out" "$TMP/rec.err")"
	fi
	left_clean "$out" "$desc"
}

# full while streaming: 64 KiB hold less than a second of events
mount -t tmpfs -o size=64k rvreplay-test "$MNT"
error_case "disk full while streaming" "$MNT/t.dat" \
	"^rvreplay: $MNT/t.dat: .*: cannot write: No space left on device$" --no-kallsyms -- sleep 2
[ -z "$(ls -A "$MNT")" ] && ok "disk full while streaming: the disk emptied" ||
	not_ok "disk full while streaming: files left" "$(ls -lA "$MNT")"
umount "$MNT"
# full while writing: the raw pages fit, the trace with kallsyms does not
kallsyms=$(wc -c < /proc/kallsyms)
mount -t tmpfs -o size=$((kallsyms * 3 / 4)) rvreplay-test "$MNT"
error_case "disk full while writing the trace" "$MNT/t.dat" \
	"^rvreplay: $MNT/t.dat: .*trace.dat: cannot write: No space left on device$" -- true
[ -z "$(ls -A "$MNT")" ] && ok "disk full while writing: the disk emptied" ||
	not_ok "disk full while writing: files left" "$(ls -lA "$MNT")"
umount "$MNT"
mount -t tmpfs -o size=1m,ro rvreplay-test "$MNT"
error_case "output folder read-only" "$MNT/t.dat" \
	"^rvreplay: $MNT/t.dat: cannot write next to it: Read-only file system$" -- true
umount "$MNT"
error_case "output folder missing" "$TMP/none/t.dat" \
	"^rvreplay: $TMP/none/t.dat: cannot write next to it: No such file or directory$" -- true
mkdir -p "$TMP/a-folder"
error_case "output is a folder" "$TMP/a-folder" \
	"^rvreplay: $TMP/a-folder: cannot write: Is a directory$" -- true
# ---- a shared machine ----

# instances_of PID: the instances of the recorder PID (rvreplay-PID-RANDOM;
# rvreplay-PID was the name before)
instances_of() {
	ls -d "$T/instances/rvreplay-$1"-* "$T/instances/rvreplay-$1" 2> /dev/null
}

# wait_for COND: until the shell condition COND holds, for a hang guard
# of 5 s (lib.sh's hang_guard)
wait_for() {
	n=0 most=$(($(hang_guard 5) * 20))
	while ! eval "$1"; do
		n=$((n + 1))
		[ $n -ge $most ] && return 1
		sleep 0.05
	done
}

# exited PID: PID, not our child, has exited: no such process, or a
# zombie (its files closed), which the init here may reap seconds later
exited() {
	{ read -r stat < "/proc/$1/stat"; } 2> /dev/null || return 0
	stat=${stat##*) }
	[ "${stat%% *}" = Z ]
}

# gone PID: wait (wait_for's guard) until PID has exited
gone() {
	wait_for "exited $1"
}

# stopped INST: tracing off, no event, the smallest buffer
stopped() {
	[ "$(cat "$1/tracing_on")" = 0 ] && [ -z "$(cat "$1/set_event")" ] &&
		[ "$(cat "$1/buffer_size_kb")" -le 8 ]
}

# The command must not inherit the recorder's descriptors: two open
# trace_pipe_raw files kept the instance of a command that left a
# background child, and the recording still exited 0.
out=$TMP/fds.dat
sh -c 'ls /proc/$$/fd' > "$TMP/fds.plain"
"$RVREPLAY" record -q --no-kallsyms -o "$out" -- sh -c 'ls /proc/$$/fd; ls -l /proc/$$/fd >&2' \
	> "$TMP/fds" 2> "$TMP/fds.long"
if cmp -s "$TMP/fds.plain" "$TMP/fds"; then
	ok "the command inherits no descriptor of the recorder"
else
	not_ok "the command inherits descriptors of the recorder" "$(cat "$TMP/fds.long")"
fi
left_clean "$out" "descriptors of the command"

out=$TMP/bg.dat
rm -f "$out"
"$RVREPLAY" record -q --no-kallsyms -o "$out" -- sh -c 'sleep 5 & echo $! > "$0"' "$TMP/bg.pid" \
	> "$TMP/rec.out" 2>&1 &
pid=$!
wait $pid
code=$?
left=$(instances_of $pid)
if [ $code = 0 ] && [ -z "$left" ] && readable "$out"; then
	ok "a command leaving a background child: trace written, instance removed"
else
	not_ok "a command leaving a background child: exit $code, instance ${left:-removed}" \
		"$(cat "$TMP/rec.out")"
fi
kill "$(cat "$TMP/bg.pid")" 2> /dev/null
gone "$(cat "$TMP/bg.pid")"
for i in $left; do rmdir "$i"; done
left_clean "$out" "a command leaving a background child"

# A background child holding the instance's trace_marker: the instance
# cannot be removed. Exit 2, say so, no trace, and leave it stopped; once
# the child is gone, the next recording removes it. Any recording may: on a
# shared machine another's can reap it first (as it should), and then the
# case is tried again (reaped_first), for this script's must be the one.
for try in 1 2 3; do
	out=$TMP/held.dat
	rm -f "$out"
	"$RVREPLAY" record -q --no-kallsyms -o "$out" -- \
		sh -c 'exec 3> "$RVREPLAY_TRACE_MARKER"; sleep 5 & echo $! > "$0"' "$TMP/held.pid" \
		> "$TMP/rec.out" 2> "$TMP/rec.err" &
	pid=$!
	wait $pid
	code=$?
	left=$(instances_of $pid)
	if [ $code = 2 ] && [ ! -e "$out" ] && [ "$(others_reaped "$TMP/rec.err" | wc -l)" = 1 ] &&
	   grep -Eq "^rvreplay: $out: the tracefs instance rvreplay-$pid-[0-9a-f]{8} cannot be removed \(Device or resource busy: .*\); stopped it: tracing off, events off, buffer shrunk$" \
		"$TMP/rec.err" && [ -n "$left" ] && stopped "$left"; then
		[ $try = 1 ] && ok "an instance held by the command's child: exit 2, said, stopped, no trace"
	else
		not_ok "an instance held by the command's child: exit $code, trace $([ -e "$out" ] && echo written || echo absent), instance ${left:-removed}" \
			"$(cat "$TMP/rec.err")" "$( [ -n "$left" ] && cat "$left/tracing_on" "$left/buffer_size_kb")"
	fi
	# free once the child has exited: the next recording at once, before
	# another's can reap it (each of gone's polls would be a chance more)
	held=$(cat "$TMP/held.pid")
	kill "$held" 2> /dev/null
	n=0
	while ! exited "$held" && [ $n -lt 100000 ]; do n=$((n + 1)); done
	gone "$held"
	out=$TMP/after-held.dat
	"$RVREPLAY" record -q --no-kallsyms -o "$out" -- true > "$TMP/rec.out" 2>&1
	code=$?
	if [ $code = 0 ] && [ -n "$left" ] && [ -z "$(instances_of $pid)" ] &&
	   grep -q "^rvreplay: warning: removed the tracefs instance ${left##*/} left by a recorder that is gone$" \
		"$TMP/rec.out"; then
		ok "an instance held by the command's child: removed by the next recording once free"
	elif [ $code = 0 ] && reaped_first "$left" "$TMP/rec.out" $try \
		"an instance held by the command's child, removed once free"; then
		continue
	else
		not_ok "an instance held by the command's child: not removed once free (exit $code)" \
			"$(cat "$TMP/rec.out")"
	fi
	break
done
for i in $(instances_of $pid); do rmdir "$i"; done
left_clean "$out" "an instance held by the command's child"

# kill_recorder OUT CMD: start a recording of `sh -c CMD`, SIGKILL it once
# the command runs (CMD writes its pid to $0); sets pid, workload, stale
# (its instance) and workdir (its work folder), named before the kill: a
# stale instance is any recording's to reap from then
kill_recorder() {
	rm -f "$TMP/workload.pid"
	"$RVREPLAY" record -q --no-kallsyms -o "$1" -- sh -c "$2" "$TMP/workload.pid" \
		> /dev/null 2>&1 &
	pid=$!
	wait_for '[ -s "$TMP/workload.pid" ]'
	stale=$(instances_of $pid)
	workdir=$(ls -d "$1".rvreplay-* 2> /dev/null)
	kill -KILL $pid
	wait $pid 2> /dev/null
	workload=$(cat "$TMP/workload.pid")
}

# A recorder killed with SIGKILL, its workload alive: the next recording
# removes its instance and its work folder, and says so (tried again when
# another recording reaped the instance first: reaped_first).
for try in 1 2 3; do
	out=$TMP/killed.dat
	kill_recorder "$out" 'echo $$ > "$0"; exec sleep 5'
	"$RVREPLAY" record -q --no-kallsyms -o "$out" -- true > "$TMP/rec.out" 2>&1
	code=$?
	again=no
	if [ $code = 0 ] && readable "$out" && [ -n "$stale" ] && [ -z "$(instances_of $pid)" ] &&
	   [ -n "$workdir" ] && [ ! -e "$workdir" ] &&
	   grep -q "^rvreplay: warning: removed the tracefs instance ${stale##*/} left by a recorder that is gone$" "$TMP/rec.out" &&
	   grep -q "^rvreplay: warning: removed $workdir, the work folder of a recording that died$" "$TMP/rec.out"; then
		ok "after SIGKILL: the next recording removes the instance and the work folder"
	elif [ $code = 0 ] && reaped_first "$stale" "$TMP/rec.out" $try "after SIGKILL, removed"; then
		again=yes
	else
		not_ok "after SIGKILL: exit $code, instance $(instances_of $pid | grep -q . && echo left || echo removed), work folder $(ls -d "$out".rvreplay-* 2> /dev/null || echo removed)" \
			"$(cat "$TMP/rec.out")" \
			"$(for i in $(instances_of $pid); do echo "$i: tracing_on $(cat "$i/tracing_on")"; done)"
	fi
	kill "$workload" 2> /dev/null
	gone "$workload"
	for i in $(instances_of $pid); do rmdir "$i"; done
	rm -rf "$out".rvreplay-*
	[ $again = yes ] || break
done
left_clean "$out" "after SIGKILL"

# Its workload holds the instance's trace_marker: the next recording cannot
# remove the instance yet, but stops it and says so.
out=$TMP/killed-held.dat
kill_recorder "$out" 'exec 3> "$RVREPLAY_TRACE_MARKER"; echo $$ > "$0"; exec sleep 5'
"$RVREPLAY" record -q --no-kallsyms -o "$out" -- true > "$TMP/rec.out" 2>&1
code=$?
if [ $code = 0 ] && readable "$out" && [ -n "$stale" ] && [ -d "$stale" ] && stopped "$stale" &&
   grep -Eq "^rvreplay: warning: the tracefs instance ${stale##*/} left by a recorder that is gone cannot be removed yet \(Device or resource busy: .*\); stopped it: tracing off, events off, buffer shrunk$" \
	"$TMP/rec.out"; then
	ok "after SIGKILL, the instance still held: stopped, said"
else
	not_ok "after SIGKILL, the instance still held: exit $code, instance $( [ -d "$stale" ] && (stopped "$stale" && echo stopped || echo "not stopped, tracing_on $(cat "$stale/tracing_on")") || echo removed)" \
		"$(cat "$TMP/rec.out")"
fi
kill "$workload" 2> /dev/null
gone "$workload"
"$RVREPLAY" record -q --no-kallsyms -o "$out" -- true > /dev/null 2>&1
for i in $(instances_of $pid); do rmdir "$i"; done
rm -rf "$out".rvreplay-*
left_clean "$out" "after SIGKILL, the instance still held"

# Containers: recorders in other PID namespaces, pid 1 in each.
if ! unshare -pf --mount-proc true 2> /dev/null; then
	skip "recorders in PID namespaces" "unshare -pf --mount-proc fails here"
	finish
	exit
fi

# A live recording is never judged by its PID, which means nothing in
# another namespace: a recording next to it, in the other namespace, leaves
# its instance and its work folder alone (both ways).
# live_beside DESC LIVE_PREFIX OTHER_PREFIX
live_beside() {
	desc=$1
	mkdir -p "$TMP/beside"
	rm -rf "$TMP/beside"/*
	$2 "$RVREPLAY" record -q --no-kallsyms -o "$TMP/beside/live.dat" -- sleep 1.5 \
		> "$TMP/live.out" 2>&1 &
	live=$!
	wait_for 'ls "$TMP/beside"/live.dat.rvreplay-*/cpu0.raw > /dev/null 2>&1'
	sleep 0.2
	inst=$(instances_of 1; instances_of $live)
	workdir=$(ls -d "$TMP/beside"/live.dat.rvreplay-*)
	$3 "$RVREPLAY" record -q --no-kallsyms -o "$TMP/beside/other.dat" -- true \
		> "$TMP/rec.out" 2>&1
	code=$?
	[ -n "$inst" ] && [ "$(cat "$inst/tracing_on")" = 1 ] && [ -n "$(cat "$inst/set_event")" ] &&
		[ -d "$workdir" ] && untouched=yes || untouched=no
	wait $live
	live_code=$?
	if [ $code = 0 ] && [ $untouched = yes ] && ! grep -q "${inst##*/}\|live.dat" "$TMP/rec.out" &&
	   [ $live_code = 0 ] && readable "$TMP/beside/live.dat"; then
		ok "$desc: its instance and work folder left alone"
	else
		not_ok "$desc: exit $code, untouched $untouched, live recording exit $live_code" \
			"$(cat "$TMP/rec.out" "$TMP/live.out")"
	fi
	left_clean "$TMP/beside/live.dat" "$desc"
}
live_beside "a live recording in a PID namespace, another on the host" \
	"unshare -pf --mount-proc" ""
live_beside "a live recording on the host, another in a PID namespace" \
	"" "unshare -pf --mount-proc"

# Two containers, both recorders pid 1: they shared the instance rvreplay-1
# and each got about half of the events, "lost events: none". Each must get
# all the marks its own command writes, and none of the other's.
two_containers() {
	for n in A B; do
		rm -f "$TMP/ns$n.dat"
		unshare -pf --mount-proc "$RVREPLAY" record --no-kallsyms -o "$TMP/ns$n.dat" -- \
			sh -c 'i=0; while [ $i -lt 20 ]; do echo "mark-$0-$i" > "$RVREPLAY_TRACE_MARKER"; i=$((i + 1)); sleep 0.05; done' $n \
			> "$TMP/ns$n.out" 2>&1 &
	done
	wait
	for n in A B; do
		marks=$(trace-cmd report "$TMP/ns$n.dat" 2> /dev/null | grep -o 'mark-[AB]-' |
			sort | uniq -c | tr -s ' ')
		if [ "$marks" = " 20 mark-$n-" ] && grep -q "lost events: none" "$TMP/ns$n.out"; then
			ok "two containers recording at once, pid 1 both: $n has all its marks"
		else
			not_ok "two containers recording at once, pid 1 both: $n has marks$marks" \
				"$(cat "$TMP/ns$n.out")"
		fi
	done
	left_clean "$TMP/nsA.dat" "two containers recording at once"
}
if command -v trace-cmd > /dev/null; then
	two_containers
else
	skip "two containers recording at once" "no trace-cmd to read the marks"
fi

# Tracing turned off in our instance by another process: the trace would
# have a gap nobody sees. Exit 2, no trace.
out=$TMP/off.dat
rm -f "$out"
"$RVREPLAY" record -q --no-kallsyms -o "$out" -- sleep 1 > "$TMP/rec.out" 2> "$TMP/rec.err" &
pid=$!
wait_for '[ -n "$(instances_of $pid)" ] && [ "$(cat "$(instances_of $pid)/tracing_on")" = 1 ]'
echo 0 > "$(instances_of $pid)/tracing_on"
wait $pid
code=$?
if [ $code = 2 ] && [ ! -e "$out" ] && [ "$(others_reaped "$TMP/rec.err" | wc -l)" = 1 ] &&
   grep -Eq "^rvreplay: $out: the tracefs instance rvreplay-$pid-[0-9a-f]{8} had tracing turned off by another process during the recording: no trace written$" \
	"$TMP/rec.err"; then
	ok "tracing turned off in the instance by another process: exit 2, no trace"
else
	not_ok "tracing turned off in the instance by another process: exit $code, trace $([ -e "$out" ] && echo written || echo absent)" \
		"$(cat "$TMP/rec.err")"
fi
left_clean "$out" "tracing turned off in the instance"

# The instance removed and another made under its name before the recorder
# holds its files (a window that strace widens: it delays every flock by
# 0.5 s): exit 2, no trace, and the other instance is not ours to remove.
# The other is locked, as a live recorder's is: unlocked, any recording
# beside this script could reap it in the window, and this one, finding it
# gone, could not enable its events. LeakSanitizer cannot run under ptrace.
if command -v strace > /dev/null; then
	out=$TMP/replaced.dat
	rm -f "$out"
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	strace -f -qq -o /dev/null -e trace=flock -e inject=flock:delay_exit=500000 \
		"$RVREPLAY" record -q --no-kallsyms -o "$out" -- sleep 0.3 \
		> "$TMP/rec.out" 2> "$TMP/rec.err" &
	tracer=$!
	wait_for '[ -n "$(pgrep -P $tracer)" ]'
	pid=$(pgrep -P $tracer)
	wait_for '[ -n "$(instances_of $pid)" ]'
	inst=$(instances_of $pid)
	replaced=no
	if rmdir "$inst" 2> /dev/null && mkdir "$inst"; then
		replaced=yes
		flock -n "$inst" sh -c 'while kill -0 "$0" 2> /dev/null; do sleep 0.1; done' $tracer &
	fi
	wait $tracer
	code=$?
	if [ $replaced = yes ] && [ $code = 2 ] && [ ! -e "$out" ] && [ -d "$inst" ] &&
	   grep -Eq "^rvreplay: $out: the tracefs instance ${inst##*/} was replaced by another process during the recording: no trace written$" \
		"$TMP/rec.err"; then
		ok "the instance replaced before the recording: exit 2, no trace, the other left alone"
	else
		not_ok "the instance replaced before the recording: replaced $replaced, exit $code, trace $([ -e "$out" ] && echo written || echo absent)" \
			"$(cat "$TMP/rec.err")"
	fi
	[ -d "$inst" ] && rmdir "$inst"
	left_clean "$out" "the instance replaced"
else
	skip "the instance replaced before the recording" "no strace"
fi

finish

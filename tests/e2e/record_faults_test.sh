#!/bin/sh
# rvreplay record under faults: SIGINT and SIGTERM at moments drawn from a
# fixed seed and while the trace is being written, the command crashing,
# the output disk full (a small tmpfs), the output folder missing or
# read-only. Each must end with a clear message, leave no partial output
# (no file, no work folder), and leave tracefs as it was. Needs root and
# tracefs; elsewhere it says why it skips. Run from the top of the tree.
#
# usage: record_faults_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
W=$2
T=/sys/kernel/tracing

need_tracefs "record faults"

tracefs_state > "$TMP/state.before"

MNT=$TMP/mnt
mkdir -p "$MNT"
cleanup_mount() {
	grep -q " $MNT " /proc/mounts && umount "$MNT"
	rm -rf "$TMP"
}
trap cleanup_mount EXIT

# left_clean DESC OUT: no work folder next to OUT, tracefs as before
left_clean() {
	tracefs_state > "$TMP/state.after"
	if ls -d "$1".rvreplay-* > /dev/null 2>&1; then
		not_ok "$2: work folder left behind" "$(ls -d "$1".rvreplay-*)"
	elif ! cmp -s "$TMP/state.before" "$TMP/state.after"; then
		not_ok "$2: tracefs changed" "$(diff "$TMP/state.before" "$TMP/state.after" | head -20)"
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

# error_case DESC OUT REGEX ARGS...: exit 2, one line, no output, nothing left
error_case() {
	desc=$1 out=$2 regex=$3
	shift 3
	"$RVREPLAY" record -o "$out" "$@" > "$TMP/rec.out" 2> "$TMP/rec.err"
	code=$?
	if [ $code = 2 ] && [ "$(wc -l < "$TMP/rec.err")" = 1 ] && [ ! -s "$TMP/rec.out" ] &&
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
finish

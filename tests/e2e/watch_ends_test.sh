#!/bin/sh
# rvreplay watch ends when told, whatever its outputs do (issue 43, item
# 4): an --on-violation command that never reads its line, a --jsonl FIFO
# whose reader stops or goes, a slow command at the end of -d; a FIFO as
# --spec; a --save FIFO no one reads; the command gets no descriptor of the watcher's. Each run is
# guarded: a watcher that blocks is killed and fails its case.
# Needs root and tracefs (under CI=true, fails without).
#
# usage: watch_ends_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
W=$2

need_tracefs "watch ends tests"

remember_state

# violations as fast as the workload makes them (a sleep violation each),
# beside the watchers, which watch the whole system (a workload of the
# watcher's command still running at its end holds its instance's
# trace_marker, and the instance cannot be removed then); only for the
# cases that need them: other watchers of the machine see them too
sh -c "while :; do $W/futex_wake lower > /dev/null 2>&1; done" &
violations=$!
trap 'kill $violations 2> /dev/null; forget_state; rm -rf "$TMP"' EXIT

ms_now() {
	echo $(($(date +%s%N) / 1000000))
}

# start_watch OUT ERR ARGS...: a watcher in the background, $pid its pid
# (no wrapper between: its instance is named after it), killed after
# GUARD seconds whatever happens
start_watch() {
	out=$1 err=$2
	shift 2
	"$RVREPLAY" watch "$@" > "$out" 2> "$err" &
	pid=$!
	(trap 'kill $nap 2> /dev/null; exit' TERM
	 sleep "$(hang_guard "${GUARD:-30}")" & nap=$!
	 wait $nap && kill -KILL "$pid" 2> /dev/null) > /dev/null 2>&1 &
	guard=$!
}

# end_watch: its exit status in $rc, the guard gone
end_watch() {
	wait "$pid"
	rc=$?
	kill "$guard" 2> /dev/null
	wait "$guard" 2> /dev/null
}

# instance_left: whether the watcher's own instance is still in tracefs
instance_left() {
	ls -d /sys/kernel/tracing/instances/rvreplay-"$pid"-* > /dev/null 2>&1
}

# guarded DESC ARGS REGEX: check_error with a hang guard of 10 s
guarded() {
	printf '#!/bin/sh\nexec timeout -k 2 %s "%s" "$@"\n' "$(hang_guard 10)" "$RVREPLAY" \
		> "$TMP/guarded"
	chmod +x "$TMP/guarded"
	unguarded=$RVREPLAY
	RVREPLAY=$TMP/guarded
	check_error "$@"
	RVREPLAY=$unguarded
}

# until_violations ERR: until the watcher has told a violation (10 s at most)
until_violations() {
	n=0
	while ! grep -q " violation" "$1" 2> /dev/null && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
}

# 1. A command that never reads a line longer than a pipe's buffer. (The
# times are from tracing on: a loaded machine sets an instance up slowly.)
start_watch "$TMP/never.out" "$TMP/never.err" -m sleep -d 2 --context 1000 \
	--on-violation "sleep 30"
wait_tracing "$pid"
start=$(ms_now)
end_watch
took=$(($(ms_now) - start))
if [ "$rc" = 2 ] && [ "$took" -le 4500 ] && ! instance_left &&
   grep -q "^Trace: " "$TMP/never.out" &&
   grep -q -- "--on-violation: [0-9]* violations not passed on" "$TMP/never.err"; then
	ok "--on-violation that never reads, -d 2: ended $took ms after tracing on, exit 2, report, instance gone"
else
	not_ok "--on-violation that never reads, -d 2: ends in about 3 s with its report" \
		"exit $rc after $took ms" "instance left: $(instance_left && echo yes || echo no)" \
		"$(tail -n 3 "$TMP/never.err")"
fi

# 2. A --jsonl FIFO whose reader stops reading, then one whose reader goes:
# SIGTERM ends the watcher within 1 s, the lines dropped said.
for reader in stops goes; do
	rm -f "$TMP/fifo"
	mkfifo "$TMP/fifo"
	if [ $reader = stops ]; then
		# shellcheck disable=SC2217 # a reader that never reads
		sleep 30 < "$TMP/fifo" &
	else
		head -c 1 < "$TMP/fifo" > /dev/null &
	fi
	reader_pid=$!
	sleep 0.5	# its open waits for a writer: then the FIFO has a reader
	start_watch "$TMP/fifo.out" "$TMP/fifo.err" -m sleep --context 1000 --jsonl "$TMP/fifo"
	until_violations "$TMP/fifo.err"
	sleep 2
	start=$(ms_now)
	kill -TERM "$pid" 2> /dev/null
	end_watch
	took=$(($(ms_now) - start))
	kill "$reader_pid" 2> /dev/null
	wait "$reader_pid" 2> /dev/null
	if [ "$rc" = 2 ] && [ "$took" -le 1000 ] && ! instance_left &&
	   grep -q -- "--jsonl: [1-9][0-9]* lines dropped" "$TMP/fifo.err"; then
		ok "--jsonl FIFO whose reader $reader: SIGTERM ended it in $took ms, lines dropped said"
	else
		not_ok "--jsonl FIFO whose reader $reader: SIGTERM ends it within 1 s" \
			"exit $rc after $took ms" "$(tail -n 3 "$TMP/fifo.err")"
	fi
done

# A --jsonl FIFO with no reader: refused at once, not waited for.
rm -f "$TMP/fifo"
mkfifo "$TMP/fifo"
guarded "--jsonl FIFO with no reader" \
	"watch --jsonl $TMP/fifo -- true" \
	"^rvreplay: $TMP/fifo: a FIFO with no reader: start its reader first$"

# 3. -d 2, many violations, a slow command: the end does not run the queue.
start_watch "$TMP/slow.out" "$TMP/slow.err" -m sleep -d 2 --on-violation "sleep 5"
wait_tracing "$pid"
start=$(ms_now)
end_watch
took=$(($(ms_now) - start))
if [ "$rc" = 2 ] && [ "$took" -le 4500 ] && ! instance_left &&
   grep -q -- "[1-9][0-9]* still waiting at the end" "$TMP/slow.err"; then
	ok "-d 2 with a slow --on-violation: ended $took ms after tracing on, the commands not run said"
else
	not_ok "-d 2 with a slow --on-violation: ends within about 2 s of its duration" \
		"exit $rc after $took ms" "$(tail -n 3 "$TMP/slow.err")"
fi

kill "$violations" 2> /dev/null
wait "$violations" 2> /dev/null

# 4. A FIFO as --spec, no writer: one line, exit 2, at once.
rm -f "$TMP/rule.ltl"
mkfifo "$TMP/rule.ltl"
guarded "--spec a FIFO with no writer" \
	"watch --spec $TMP/rule.ltl -- true" "^rvreplay: .*rule.ltl: not a regular file$"

# ... and a FIFO as the RULE.bind of a rule with no '#:' line
grep -v "^#:" examples/specs/no-migration.ltl > "$TMP/bound.ltl"
mkfifo "$TMP/bound.bind"
guarded "RULE.bind a FIFO with no writer" \
	"watch --spec $TMP/bound.ltl -- true" "^rvreplay: .*bound.bind: not a regular file$"

# 5. The command gets no descriptor of the watcher's (9 is the script's).
rm -f "$TMP/fds"
start_watch "$TMP/fds.out" "$TMP/fds.err" -q -m sleep \
	--on-violation "exec > $TMP/fds; ls /proc/\$\$/fd; true" -- "$W/futex_wake" lower 9< /dev/null
end_watch
sleep 0.5
fds=$(sort -n "$TMP/fds" 2> /dev/null | tr '\n' ' ')
if [ "$fds" = "0 1 2 " ]; then
	ok "--on-violation: the command has its 0, 1 and 2 alone"
else
	not_ok "--on-violation: the command has its 0, 1 and 2 alone" "it had: ${fds:-nothing}" \
		"exit $rc"
fi

# 7. --save a FIFO: waited for its reader (one may come late), but SIGTERM
# ends the wait within 1 s, with no reader and with one that never reads
# (the open blocked with the watcher's signals blocked: it never ended).
for reader in none "that never reads"; do
	rm -f "$TMP/save"
	mkfifo "$TMP/save"
	if [ "$reader" = none ]; then
		want="no process opened the FIFO to read before rvreplay was told to end"
	else
		sleep 30 < "$TMP/save" &
		holder=$!
		want="its reader did not read before rvreplay was told to end"
	fi
	start_watch "$TMP/save.out" "$TMP/save.err" -q -d 1 --save "$TMP/save"
	wait_tracing "$pid"
	sleep 2		# past -d 1: writing its trace, or waiting to
	start=$(ms_now)
	kill -TERM "$pid"
	end_watch
	took=$(($(ms_now) - start))
	[ "$reader" = none ] || { kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null; }
	if [ "$rc" = 2 ] && [ "$took" -le 1000 ] && ! instance_left &&
	   grep -qx "rvreplay: $TMP/save: cannot write: $want" "$TMP/save.err"; then
		ok "--save a FIFO with reader $reader: SIGTERM ended it in $took ms, said"
	else
		not_ok "--save a FIFO with reader $reader: SIGTERM ends it within 1 s, said" \
			"exit $rc after $took ms" "$(tail -n 3 "$TMP/save.err")"
	fi
done

# 6. A watcher behind a storm of events on its own CPU (its probe's): the
# queue of that CPU filled with records newer than "now", which stayed
# put; once stopped it read empty buffers forever, -d and SIGTERM ignored.
if command -v stress-ng > /dev/null 2>&1 && command -v taskset > /dev/null 2>&1; then
	taskset -c 0 stress-ng --switch 2 --get 1 --timeout 60 > /dev/null 2>&1 &
	storm=$!
	sleep 1
	GUARD=60
	start_watch "$TMP/storm.out" "$TMP/storm.err" -q --cpus 0 -d 5
	wait_tracing "$pid"
	start=$(ms_now)
	end_watch
	took=$(($(ms_now) - start))
	kill "$storm" 2> /dev/null
	wait "$storm" 2> /dev/null
	# the guard is the check: the setup, and so the time, depends on the load
	if [ "$rc" -le 2 ] && ! instance_left; then
		ok "a watcher behind a storm on its CPU, -d 5: ended $took ms after tracing on (exit $rc)"
	else
		not_ok "a watcher behind a storm on its CPU, -d 5: ends" \
			"exit $rc after $took ms" "$(tail -n 3 "$TMP/storm.err")"
	fi
else
	skip "a watcher behind a storm on its CPU" "no stress-ng or taskset"
fi

finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A run ended by SIGINT, SIGTERM or SIGHUP leaves no output in progress
# behind: neither -o's, --html's and --chrome-trace's temporary files of a
# replay, nor a batch's --jsonl and --junit ones. The run stops while its
# outputs are open: one of them is a FIFO nobody reads, so committing it
# blocks (a direct output is written at the end). The signal's own exit
# status (128 + N) tells the caller the run was stopped.
. "$(dirname "$0")/lib.sh"

trace=traces/mutex-nonpi.dat

# A background job of a script starts with SIGINT ignored, and rvreplay
# keeps a signal ignored from the start ignored: env gives it the default.
start() {
	env --default-signal=INT,TERM,HUP "$@" > /dev/null 2> "$TMP/err" &
	pid=$!
}

# A run that ignores the signal, or never opens its outputs, would block
# forever: a hang guard of 10 s (lib.sh's hang_guard: more on a loaded machine).
GUARD=$(hang_guard 10)

# gone PID: within the hang guard
gone() {
	n=0
	while kill -0 "$1" 2> /dev/null && [ $n -lt $((GUARD * 10)) ]; do
		sleep 0.1
		n=$((n + 1))
	done
	! kill -0 "$1" 2> /dev/null
}

# stopped DESC SIGNAL DIR COMMAND...: started, signalled once it waits on
# the FIFO, then nothing but the FIFO (and the folders) is left in DIR.
stopped() {
	desc=$1 sig=$2 dir=$3 waited=0
	shift 3

	start "$@"
	# the outputs are open once a temporary file shows
	while ! find "$dir" -name '*.tmp*' | grep -q . && [ $waited -lt $((GUARD * 10)) ]; do
		sleep 0.1
		waited=$((waited + 1))
	done
	sleep 0.3
	kill -"$sig" "$pid"
	if ! gone "$pid"; then
		kill -KILL "$pid"
		wait "$pid" 2> /dev/null
		not_ok "$desc" "still running $GUARD s after SIG$sig"
		return
	fi
	wait "$pid" 2> /dev/null
	rc=$?
	# a batch's jobs end with it (blocked opening the FIFO, they are not
	# the ones signalled), within the hang guard: a loaded machine took
	# more than the half second once allowed
	n=0
	while pgrep -f -- "-o $dir" > /dev/null && [ $n -lt $((GUARD * 10)) ]; do
		sleep 0.1
		n=$((n + 1))
	done
	running=$(pgrep -f -- "-o $dir" | tr '\n' ' ')
	# shellcheck disable=SC2086
	[ -n "$running" ] && kill -KILL $running 2> /dev/null
	left=$(find "$dir" -type f | sort)
	case $sig in
	HUP) want=129 ;;
	INT) want=130 ;;
	TERM) want=143 ;;
	esac
	if [ $waited -ge $((GUARD * 10)) ]; then
		not_ok "$desc" "no output in progress showed within $GUARD s"
	elif [ "$rc" != "$want" ]; then
		not_ok "$desc" "exit $rc, expected $want" "$(head -c 400 "$TMP/err")"
	elif [ -n "$left" ]; then
		not_ok "$desc" "files left behind:" "$left"
	elif [ -n "$running" ]; then
		not_ok "$desc" "still running after the batch ended: $running"
	else
		ok "$desc"
	fi
}

for sig in INT TERM HUP; do
	d=$TMP/one-$sig
	mkdir -p "$d"
	mkfifo "$d/fifo"
	stopped "SIG$sig during a replay: no -o, --html or --chrome-trace file in progress left" \
		"$sig" "$d" "$RVREPLAY" "$trace" -o "$d/fifo" --html "$d/t.html" --chrome-trace "$d/t.json"
done

# A batch: the first trace's report is the FIFO, so its child blocks while
# the parent holds --jsonl and --junit open.
for sig in INT TERM; do
	d=$TMP/batch-$sig
	mkdir -p "$d/reports"
	mkfifo "$d/reports/mutex-nonpi.txt"
	stopped "SIG$sig during a batch: no --jsonl or --junit file in progress left" \
		"$sig" "$d" "$RVREPLAY" -j 1 "$trace" traces/udp-softirq.dat -o "$d/reports" \
		--jsonl "$d/r.jsonl" --junit "$d/r.xml"
done

# A signal ignored from the start stays ignored (nohup): the run goes on.
d=$TMP/ignored
mkdir -p "$d"
mkfifo "$d/fifo"
"$RVREPLAY" "$trace" -o "$d/fifo" --html "$d/t.html" > /dev/null 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
if gone "$pid"; then
	not_ok "SIGINT ignored from the start: the run goes on" "it ended"
else
	timeout "$GUARD" cat "$d/fifo" > "$d/report.txt"
	wait "$pid" 2> /dev/null
	if grep -q '^Summary' "$d/report.txt" && [ -s "$d/t.html" ]; then
		ok "SIGINT ignored from the start: the run goes on and writes its outputs"
	else
		not_ok "SIGINT ignored from the start: the run goes on and writes its outputs" \
			"$(head -c 300 "$d/report.txt")"
	fi
fi
kill -KILL "$pid" 2> /dev/null

# Undisturbed, the same command leaves exactly its outputs.
d=$TMP/whole
mkdir -p "$d"
"$RVREPLAY" "$trace" -o "$d/r.txt" --html "$d/t.html" --chrome-trace "$d/t.json" > /dev/null 2>&1
if [ "$(cd "$d" && ls | tr '\n' ' ')" = "r.txt t.html t.json " ]; then
	ok "an undisturbed replay leaves its three outputs and nothing else"
else
	not_ok "an undisturbed replay leaves its three outputs and nothing else" "$(ls "$d")"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

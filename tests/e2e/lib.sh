# Shared helpers of the end-to-end tests, in the style of rtla's tests:
#   check "description" "arguments" exit_code "regex"
# runs rvreplay with the arguments and checks the exit code and that the
# output (stdout and stderr together) matches the extended regex (an
# empty regex: the output must be empty).
# Each script ends with "N passed, N failed".

RVREPLAY=${RVREPLAY:-./rvreplay}
passed=0
failed=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ok() {
	passed=$((passed + 1))
	echo "ok      $1"
}

# With E2E_STOP_AT_FAILURE=1 the first failure ends the script: the
# mutation check (tests/mutation/) needs to know no more.
not_ok() {
	failed=$((failed + 1))
	echo "FAILED  $1"
	shift
	for line in "$@"; do
		printf '        %s\n' "$line"
	done
	if [ "${E2E_STOP_AT_FAILURE:-}" = 1 ]; then
		finish
		exit 1
	fi
}

# check DESC ARGS EXIT REGEX
check() {
	desc=$1 args=$2 want=$3 regex=$4
	# shellcheck disable=SC2086
	eval "\"$RVREPLAY\" $args" > "$TMP/out" 2> "$TMP/err"
	got=$?
	cat "$TMP/out" "$TMP/err" > "$TMP/all"
	if [ "$got" != "$want" ]; then
		not_ok "$desc" "exit $got, expected $want" "$(head -c 600 "$TMP/all")"
	elif [ -z "$regex" ] && [ -s "$TMP/all" ]; then
		not_ok "$desc" "output is not empty:" "$(head -c 600 "$TMP/all")"
	elif [ -n "$regex" ] && ! grep -Eq -- "$regex" "$TMP/all"; then
		not_ok "$desc" "output does not match /$regex/:" "$(head -c 600 "$TMP/all")"
	else
		ok "$desc"
	fi
}

# check_error DESC ARGS REGEX: exit 2, one line on stderr (but for
# others_reaped's), nothing on stdout
check_error() {
	desc=$1 args=$2 regex=$3
	# shellcheck disable=SC2086
	eval "\"$RVREPLAY\" $args" > "$TMP/out" 2> "$TMP/err"
	got=$?
	lines=$(others_reaped "$TMP/err" | wc -l)
	if [ "$got" != 2 ]; then
		not_ok "$desc" "exit $got, expected 2" "$(head -c 400 "$TMP/err")"
	elif [ -s "$TMP/out" ]; then
		not_ok "$desc" "stdout is not empty:" "$(head -c 200 "$TMP/out")"
	elif [ "$lines" != 1 ]; then
		not_ok "$desc" "stderr has $lines lines, expected 1:" "$(head -c 400 "$TMP/err")"
	elif ! grep -Eq -- "$regex" "$TMP/err"; then
		not_ok "$desc" "stderr does not match /$regex/:" "$(cat "$TMP/err")"
	else
		ok "$desc"
	fi
}

finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}

# hang_guard SECONDS: a hang guard of SECONDS (what the case takes alone,
# several times over) on this machine: times the multiplier Check's hang
# guards take, CK_TIMEOUT_MULTIPLIER (make check-san sets 5: the sanitizers
# slow everything), or TIMEOUT_MULTIPLIER for these scripts alone, for a
# loaded or slow machine. Only guards: a time that is what a case tests
# (a latency, --trace-timeout) is never multiplied.
hang_guard() {
	multiplier=${TIMEOUT_MULTIPLIER:-${CK_TIMEOUT_MULTIPLIER:-1}}
	case $multiplier in
	'' | *[!0-9]*)
		echo "lib.sh: timeout multiplier '$multiplier' is not a whole number: 1 it is" >&2
		multiplier=1 ;;
	esac
	echo $(($1 * multiplier))
}

# guard_rvreplay: hostile inputs. Sanitizer reports get exit codes no case
# expects (ASan and UBSan exit 1, which is also "violations found"), and a
# hang fails through timeout's 124: after CASE_TIMEOUT seconds (60, where a
# case takes under a second alone) times hang_guard's multiplier. Sets BIN
# (the binary) and LTLC (ltlc next to it), and points RVREPLAY at the
# timeout wrapper.
guard_rvreplay() {
	ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
	UBSAN_OPTIONS="exitcode=87${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
	export ASAN_OPTIONS UBSAN_OPTIONS
	BIN=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
	LTLC=$(dirname "$BIN")/ltlc
	printf '#!/bin/sh\nexec timeout -k 5 %s "%s" "$@"\n' "$(hang_guard "${CASE_TIMEOUT:-60}")" "$BIN" \
		> "$TMP/rvreplay"
	chmod +x "$TMP/rvreplay"
	RVREPLAY=$TMP/rvreplay
}

# skip WHAT WHY: WHAT cannot run its real part here (no root, tracefs or
# tool): a skip, but under CI=true a failure, for CI must run everything.
skip() {
	if [ "${CI:-}" = true ]; then
		not_ok "$1" "cannot run under CI=true: $2"
	else
		echo "skip    $1: $2"
	fi
}

# skip_or_fail WHAT WHY: skip, then end the script after its summary.
skip_or_fail() {
	skip "$1" "$2"
	finish
	exit
}

# need_tracefs WHAT: exit the script (after its summary) saying why WHAT
# is skipped, unless we are root on a kernel with tracefs.
need_tracefs() {
	[ "$(id -u)" = 0 ] || skip_or_fail "$1" "not root (tracefs belongs to root)"
	grep -qw tracefs /proc/filesystems || skip_or_fail "$1" "this kernel has no tracefs"
}

# wait_tracing PID: until the recorder PID (record or watch) has its
# instance tracing, for a hang guard of 10 s: on a loaded machine a fixed
# second was not always enough, and a signal sent sooner stops a run
# still setting up, not a recording
wait_tracing() {
	n=$(($(hang_guard 10) * 20))
	while [ $n -gt 0 ] && kill -0 "$1" 2> /dev/null; do
		for i in /sys/kernel/tracing/instances/rvreplay-"$1"-*; do
			[ "$(cat "$i/tracing_on" 2> /dev/null)" = 1 ] && return 0
		done
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

# remember_state, then same_state DESC: tracefs as it was when remembered,
# as far as it is this script's. Other processes make and remove instances
# while it runs (other recordings among them, and rvreplay rightly reaps
# the instances of recorders that died), so the list of instances is not
# this script's to compare. What is: the top-level instance's settings (no
# other test changes them); no instance left by a run of this script (from
# here on RVREPLAY is a wrapper noting each run's PID, which names its
# instance, rvreplay-PID-RANDOM, and its start time; BIN is the binary);
# and two decoys it makes, which no run may remove or change: rvreplay-$$,
# an older recorder's name that nothing proves dead, and
# rvreplay-$$-dec0de00, locked as a live recorder locks its own, for as
# long as this script runs. forget_state removes them: the EXIT trap set
# here calls it (a script setting a trap of its own must too).
remember_state() {
	t=/sys/kernel/tracing
	BIN=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
	: > "$TMP/runs"
	# no process of its own: a run starts as soon as without it
	cat > "$TMP/rvreplay-noted" <<-EOF
	#!/bin/sh
	read -r stat < /proc/\$\$/stat
	n=0
	for start in \${stat##*) }; do
		n=\$((n + 1))
		[ \$n = 20 ] && break
	done
	echo "\$\$ \$start" >> "$TMP/runs"
	exec "$BIN" "\$@"
	EOF
	chmod +x "$TMP/rvreplay-noted"
	RVREPLAY=$TMP/rvreplay-noted
	DECOYS=
	trap 'forget_state; rm -rf "$TMP"' EXIT
	# killed by a signal (a hang guard's), the EXIT trap still runs
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
	if grep -q " $t tracefs " /proc/mounts; then
		for d in "rvreplay-$$" "rvreplay-$$-dec0de00"; do
			mkdir "$t/instances/$d" && DECOYS="$DECOYS $d" || continue
			echo 28 > "$t/instances/$d/buffer_size_kb"
			echo sched:sched_process_exec > "$t/instances/$d/set_event"
		done
		# The lock's holder: no job of this script (a bare wait would wait
		# for it), deaf to the signals that stop the script, and once the
		# script is gone, however it ended, it removes the decoys.
		(sh -c 'trap "" HUP INT TERM
			exec 9< "$1/$3" && flock -n 9 && echo $$ > "$5" || exit
			while kill -0 "$2" 2> /dev/null; do sleep 1 9<&-; done
			rmdir "$1/$3" "$1/$4"' decoy-holder "$t/instances" $$ \
			"rvreplay-$$-dec0de00" "rvreplay-$$" "$TMP/decoy.holder" > /dev/null 2>&1 &)
		# locked before any run may judge it
		n=$(($(hang_guard 5) * 20))
		while [ ! -s "$TMP/decoy.holder" ] && [ $n -gt 0 ]; do
			sleep 0.05
			n=$((n - 1))
		done
	fi
	BEFORE=$TMP/state.before
	tracefs_state > "$BEFORE"
}

forget_state() {
	[ -s "$TMP/decoy.holder" ] && kill -KILL "$(cat "$TMP/decoy.holder")" 2> /dev/null
	rm -f "$TMP/decoy.holder"
	# (one gone already failed a same_state)
	for d in $DECOYS; do
		rmdir "/sys/kernel/tracing/instances/$d" 2> /dev/null
	done
	DECOYS=
}

# others_reaped FILE: FILE without the notices of a recording that reaped
# the instance of another process's recorder that died (remember_state
# notes this script's runs; before it, FILE whole). On a shared machine any
# recording may find one and says so: no line of this script's, while the
# notice of an instance of its own runs stays.
others_reaped() {
	if [ ! -e "$TMP/runs" ]; then
		cat "$1"
		return
	fi
	awk -v runs="$TMP/runs" '
	BEGIN { while ((getline line < runs) > 0) { split(line, f, " "); ours[f[1]] = 1 } }
	/^rvreplay: warning: (removed the tracefs instance|the tracefs instance) rvreplay-[0-9]+-[0-9a-f]+ left by a recorder that is gone/ {
		name = $0
		sub(/.* rvreplay-/, "", name)
		sub(/-.*/, "", name)
		if (!(name in ours))
			next
	}
	{ print }' "$1"
}

# reaped_first INST OUT TRY DESC: INST, the instance of a recorder of this
# script that died, left for its next run to reap, is gone, but that run's
# OUT does not name it: another recording beside this script reaped it
# first, as it should. Said, and true (try the case again) for the first
# two tries; false on the third: a run that removes it without a word
# fails every try.
reaped_first() {
	[ -n "$1" ] && [ ! -e "$1" ] && ! grep -q "${1##*/}" "$2" && [ "$3" -lt 3 ] || return 1
	echo "again   $4: ${1##*/} was reaped by another recording first (try $3)"
}

# state_changes: how tracefs differs from when remembered, or nothing
state_changes() {
	tracefs_state > "$TMP/state.after"
	[ -s "$TMP/runs" ] ||
		echo "no run of rvreplay noted: which instances are this script's cannot be told"
	cmp -s "$BEFORE" "$TMP/state.after" || diff "$BEFORE" "$TMP/state.after" | head -20
}

same_state() {
	changes=$(state_changes)
	if [ -z "$changes" ]; then
		ok "$1: tracefs as before"
	else
		not_ok "$1: tracefs changed" "$changes"
	fi
}

# tracefs_state: what a recording must leave as it was: the mount, the
# top-level instance's settings, the decoys as made, and no instance of a
# run of this script.
tracefs_state() {
	t=/sys/kernel/tracing
	if grep -q " $t tracefs " /proc/mounts; then
		echo "mounted"
		for f in tracing_on current_tracer trace_clock buffer_size_kb set_event \
			 tracing_cpumask; do
			echo "$f: $(cat "$t/$f")"
		done
		for d in $DECOYS; do
			if [ -d "$t/instances/$d" ]; then
				echo "decoy $d: inode $(stat -c %i "$t/instances/$d")," \
				     "tracing_on $(cat "$t/instances/$d/tracing_on")," \
				     "buffer_size_kb $(cat "$t/instances/$d/buffer_size_kb")," \
				     "set_event $(cat "$t/instances/$d/set_event")"
			else
				echo "decoy $d: removed"
			fi
		done
		left_behind
	else
		echo "not mounted"
	fi
}

# record_time: the time of the first trace-cmd report line on stdin, as it
# prints it ("4985.711613596" with -t), whatever spaces its comm holds
record_time() {
	awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { sub(":", "", $i); print $i; exit } }'
}

# left_behind: the instances runs of this script left: named by a noted
# PID (rvreplay-PID-RANDOM, or rvreplay-PID as before) and unlocked (its
# recorder is gone) or locked by that very run (PID and start time as
# noted: none should still run). Locked by another process, it is the
# instance of a recorder given the PID later: not this script's.
left_behind() {
	ls "$t/instances" | while read -r i; do
		case $i in rvreplay-[0-9]*) ;; *) continue ;; esac
		case " $DECOYS " in *" $i "*) continue ;; esac
		pid=${i#rvreplay-}
		pid=${pid%%-*}
		grep -q "^$pid " "$TMP/runs" 2> /dev/null || continue
		# /proc/locks names a file by its device (hex major:minor) and inode
		key=$(stat -c '%Hd %Ld %i' "$t/instances/$i" 2> /dev/null |
			awk '{ printf "%02x:%02x:%s", $1, $2, $3 }')
		[ -n "$key" ] || continue
		holder=$(awk -v key="$key" '$2 == "FLOCK" && $6 == key { print $5; exit }' /proc/locks)
		if [ -z "$holder" ]; then
			echo "left behind: $i, unlocked (its run is over)"
		elif grep -qx "$holder $(sed 's/.*) //' "/proc/$holder/stat" 2> /dev/null |
			 cut -d' ' -f20)" "$TMP/runs"; then
			echo "left behind: $i, locked by run $holder, still running"
		fi
	done
}

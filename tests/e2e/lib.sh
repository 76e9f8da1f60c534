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

# check_error DESC ARGS REGEX: exit 2, one line on stderr, nothing on stdout
check_error() {
	desc=$1 args=$2 regex=$3
	# shellcheck disable=SC2086
	eval "\"$RVREPLAY\" $args" > "$TMP/out" 2> "$TMP/err"
	got=$?
	lines=$(wc -l < "$TMP/err")
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

# guard_rvreplay: hostile inputs. Sanitizer reports get exit codes no case
# expects (ASan and UBSan exit 1, which is also "violations found"), and a
# hang fails through timeout's 124. Sets BIN (the binary) and LTLC (ltlc
# next to it), and points RVREPLAY at the timeout wrapper.
guard_rvreplay() {
	ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
	UBSAN_OPTIONS="exitcode=87${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
	export ASAN_OPTIONS UBSAN_OPTIONS
	BIN=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
	LTLC=$(dirname "$BIN")/ltlc
	printf '#!/bin/sh\nexec timeout -k 5 %s "%s" "$@"\n' "${CASE_TIMEOUT:-300}" "$BIN" \
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

# remember_state, then same_state DESC: tracefs as it was when remembered.
remember_state() {
	BEFORE=$TMP/state.before
	tracefs_state > "$BEFORE"
}

same_state() {
	tracefs_state > "$TMP/state.after"
	if cmp -s "$BEFORE" "$TMP/state.after"; then
		ok "$1: tracefs as before"
	else
		not_ok "$1: tracefs changed" "$(diff "$BEFORE" "$TMP/state.after" | head -20)"
	fi
}

# tracefs_state: what a recording must leave as it was, the mount and the
# top-level instance's settings and instances.
tracefs_state() {
	t=/sys/kernel/tracing
	if grep -q " $t tracefs " /proc/mounts; then
		echo "mounted"
		for f in tracing_on current_tracer trace_clock buffer_size_kb set_event \
			 tracing_cpumask; do
			echo "$f: $(cat "$t/$f")"
		done
		ls "$t/instances"
	else
		echo "not mounted"
	fi
}

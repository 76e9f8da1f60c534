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

not_ok() {
	failed=$((failed + 1))
	echo "FAILED  $1"
	shift
	for line in "$@"; do
		printf '        %s\n' "$line"
	done
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

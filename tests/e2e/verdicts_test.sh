#!/bin/sh
# Exact verdicts on every trace of traces/: for each traces/NAME.expect
# (and NAME.OPTION.expect, replayed with --OPTION), rvreplay's JSON must
# list exactly those violations (monitor, pid, count, reason), and agree
# with the roles the workloads wrote into the trace (rvreplay-role lines,
# read with trace-cmd report, independently of rvreplay's parser). The
# roles state the 6.17 rules, so they are not checked under other profiles.
#
# usage: verdicts_test.sh VERDICT_CHECK   (from the top of the tree)

. tests/e2e/lib.sh
VERDICT_CHECK=$1

for expect in traces/*.expect; do
	base=$(basename "$expect" .expect)
	name=${base%%.*}
	option=
	[ "$base" != "$name" ] && option="--${base#*.}"
	trace=traces/$name.dat
	desc="verdicts of $trace${option:+ $option}"
	"$RVREPLAY" --json $option "$trace" > "$TMP/report.json" 2> "$TMP/err"
	code=$?
	trace-cmd report "$trace" 2>/dev/null | grep 'rvreplay-role:' > "$TMP/roles"
	case "$option" in --profile*) : > "$TMP/roles" ;; esac
	if [ "$code" -gt 1 ]; then
		not_ok "$desc" "rvreplay exited $code: $(cat "$TMP/err")"
	elif ! "$VERDICT_CHECK" "$TMP/report.json" --expect "$expect" --roles "$TMP/roles" \
			> "$TMP/check"; then
		not_ok "$desc" "$(cat "$TMP/check")"
	elif [ "$code" = 1 ] && ! grep -q '^[a-z]' "$expect"; then
		not_ok "$desc" "exit 1 but no violation expected"
	elif [ "$code" = 0 ] && grep -q '^[a-z]' "$expect"; then
		not_ok "$desc" "exit 0 but violations expected"
	else
		ok "$desc ($(grep -c 'rvreplay-role' "$TMP/roles") roles)"
	fi
done
finish

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# tap.sh - sourced by the kmod tests: one "ok"/"not ok"/"skip" line per
# check, counted in passed, failed and skipped.
#
#   ok DESC			a check passed
#   not_ok DESC [LINE...]	a check failed, the lines indented below it
#   skip DESC			something the test needs is not there: a skip
#				with the reason, a failure under CI=true

passed=0
failed=0
skipped=0

ok()
{
	echo "ok - $1"
	passed=$((passed + 1))
}

not_ok()
{
	echo "not ok - $1"
	shift
	for line in "$@"; do
		printf '    %s\n' "$line"
	done
	failed=$((failed + 1))
}

skip()
{
	if [ "${CI:-}" = true ]; then
		not_ok "$1 (CI=true: required)"
		return
	fi
	echo "skip - $1"
	skipped=$((skipped + 1))
}

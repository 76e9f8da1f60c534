#!/bin/sh
# A rule of one of the shapes that cost exponential time or the stack
# before (issue 43), N times over, on stdout. Each means what
# examples/specs/no-mm-calls.ltl means, so its verdicts on
# tests/rules/traces/mm-calls.dat are that example's (5 violations):
#
#   shared N  definitions N levels deep, each using the one below twice
#             whatever its value: L0 = not MM_CALL,
#             Lk = (L(k-1) or L(k-1)) and L(k-1) (at most 30 levels)
#   bitand N  a filter of N '&' nested in parentheses:
#             arg1 & (arg1 & (... arg1)) == arg1 (at most 63)
#   chain N   a filter of N '&&' terms, flat: 1 && 1 && ... (a chain
#             deeper than rvreplay-spec(5)'s limit is refused)
#
# usage: costly_rule.sh SHAPE N > RULE.ltl
set -eu
[ $# = 2 ] || { echo "usage: costly_rule.sh shared|bitand|chain N" >&2; exit 2; }
SHAPE=$1 N=$2

RT='#: RT = task.rt && task.user_thread'
MM='syscall in (mmap, brk, munmap)'

case $SHAPE in
shared)
	awk -v n="$N" 'BEGIN {
		printf "RULE = always ((RT and SYSCALL) imply L%d)\n", n
		print "L0 = not MM_CALL"
		for (i = 1; i <= n; i++)
			printf "L%d = (L%d or L%d) and L%d\n", i, i - 1, i - 1, i - 1
	}'
	echo "$RT"
	echo "#: SYSCALL = on sys_enter"
	echo "#: MM_CALL = on sys_enter if $MM"
	;;
bitand | chain)
	echo "RULE = always (RT imply not MM_CALL)"
	echo "$RT"
	printf '#: MM_CALL = on sys_enter if %s' "$MM"
	awk -v shape="$SHAPE" -v n="$N" 'BEGIN {
		if (shape == "bitand") {
			printf " && (arg1"
			for (i = 0; i < n; i++)
				printf " & (arg1"
			for (i = 0; i <= n; i++)
				printf ")"
			printf " == arg1"
		}
		for (i = 1; i < n && shape == "chain"; i++)
			printf " && 1"
		print ""
	}'
	;;
*)
	echo "costly_rule.sh: no shape '$SHAPE' (shared, bitand or chain)" >&2
	exit 2
	;;
esac

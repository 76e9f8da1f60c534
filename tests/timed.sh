#!/bin/sh
# timed.sh LABEL COMMAND [ARG...]: runs the command and, when CHECK_TIMES
# names a file, appends "LABEL<TAB>wall seconds<TAB>exit code" to it, for
# the time table make check prints at its end (tests/check.sh). The
# command's own exit code is returned; its output is untouched.
label=$1
shift
start=$(date +%s)
"$@"
rc=$?
if [ -n "${CHECK_TIMES:-}" ]; then
	printf '%s\t%s\t%s\n' "$label" "$(( $(date +%s) - start ))" "$rc" >> "$CHECK_TIMES"
fi
exit $rc

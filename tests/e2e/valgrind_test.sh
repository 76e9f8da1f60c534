#!/bin/sh
# The end-to-end runs under valgrind memcheck: every rvreplay run of the
# verdict, command-line, bad-input and regression tests, and recordings,
# must have no memory error and leak nothing (definite or indirect). The
# only suppressions are for leaks inside libtracecmd, each justified in
# tests/e2e/valgrind.supp. Skipped without valgrind, and for a sanitizer
# build (the sanitizers check that one). Run from the top of the tree.
#
# usage: valgrind_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
VERDICT_CHECK=$1
W=$2

BIN=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
if ! command -v valgrind > /dev/null; then
	skip "valgrind" "not installed (Debian package valgrind)"
	finish
	exit 0
fi
if ldd "$BIN" | grep -q -e libasan -e libubsan; then
	echo "skip    valgrind: $BIN is built with the sanitizers"
	finish
	exit 0
fi

# A directory others can enter: the unreadable-file case runs as nobody.
VG=$(mktemp -d)
chmod 755 "$VG"
mkdir "$VG/logs"
chmod 1777 "$VG/logs"
: > "$VG/logs/commands"
chmod 666 "$VG/logs/commands"
trap 'rm -rf "$TMP" "$VG"' EXIT
cat > "$VG/rvreplay" <<EOF
#!/bin/sh
echo "\$\$ rvreplay \$*" >> $VG/logs/commands 2> /dev/null
exec valgrind --quiet --error-exitcode=99 --leak-check=full --child-silent-after-fork=yes \\
	--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \\
	--suppressions=$(pwd)/tests/e2e/valgrind.supp --log-file=$VG/logs/%p.log \\
	"$BIN" "\$@"
EOF
chmod 755 "$VG/rvreplay"
[ -x "$(dirname "$BIN")/ltlc" ] && ln -s "$(dirname "$BIN")/ltlc" "$VG/ltlc"

# The valgrind reports, each after the command that made it.
reports() {
	for log in $(find "$VG/logs" -name '*.log' -size +0); do
		pid=$(basename "$log" .log)
		grep "^$pid " "$VG/logs/commands"
		cat "$log"
	done
}

# A nested test script under valgrind; its own failures are ours, and any
# valgrind report fails it too (exit 99 is no expected code anyway).
nested() {
	script=$1
	shift
	start=$(date +%s)
	RVREPLAY=$VG/rvreplay CASE_TIMEOUT=900 "$@" sh "$script" "$VERDICT_CHECK" "$W" \
		> "$TMP/nested.out" 2>&1
	status=$?
	reports=$(find "$VG/logs" -name '*.log' -size +0 | wc -l)
	summary=$(tail -1 "$TMP/nested.out")
	if [ $status = 0 ] && [ "$reports" = 0 ]; then
		ok "$script under valgrind: $summary, $(( $(date +%s) - start )) s"
	else
		not_ok "$script under valgrind: $summary, $reports valgrind reports" \
			"$(grep -A4 FAILED "$TMP/nested.out" | head -40)" \
			"$(reports | head -80)"
	fi
	find "$VG/logs" -name '*.log' -delete
}

nested tests/e2e/verdicts_test.sh
nested tests/e2e/cli_test.sh
nested tests/e2e/bad_input_test.sh env FLIPS=${VALGRIND_FLIPS:-4}
nested tests/regressions/regressions_test.sh

# Recordings, where root and tracefs allow: whole, and stopped by SIGINT.
if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems; then
	# recorded DESC STATUS: the recording's exit status and valgrind's logs
	recorded() {
		if [ "$2" = 0 ] && [ -z "$(find "$VG/logs" -name '*.log' -size +0)" ]; then
			ok "record under valgrind: $1"
		else
			not_ok "record under valgrind: $1: exit $2" "$(cat "$TMP/rec.out")" \
				"$(reports | head -80)"
		fi
		find "$VG/logs" -name '*.log' -delete
	}
	"$VG/rvreplay" record -q --no-kallsyms -o "$TMP/vg.dat" -- "$W/nanosleep" nanosleep \
		> "$TMP/rec.out" 2>&1
	recorded "a workload" $?
	"$VG/rvreplay" record -q --no-kallsyms -o "$TMP/vg-int.dat" > "$TMP/rec.out" 2>&1 &
	pid=$!
	# once recording: valgrind starts slowly, the more so on a loaded
	# machine, and a fixed 3 s was a guess
	wait_tracing $pid
	kill -INT $pid
	wait $pid
	recorded "stopped by SIGINT" $?
else
	skip "record under valgrind" "needs root and tracefs"
fi
finish

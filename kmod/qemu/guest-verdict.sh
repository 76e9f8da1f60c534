# SPDX-License-Identifier: GPL-2.0
#
# guest-verdict.sh - sourced: a test guest's run judged from its console,
# for kmod/qemu/run-guest.sh and tests/compat/guests/run-guest.sh (the same
# protocol: RVTEST-BEGIN, RVTEST-PASS or RVTEST-FAIL, RVTEST-END; the
# output archive on its disk).
#
# guest_verdict: reads the caller's arch, log, work, out, rc (QEMU's exit),
# boot_hang, boot_limit, limit, secs and allow_splat (1: kernel reports do
# not fail a run); unpacks the archive into $out, prints the verdict and
# exits 0 pass, 1 RVTEST-FAIL or a kernel report, 3 HANG or CRASH.

guest_verdict()
{
	# Serial lines end in \r\n; a clean copy makes the markers greppable.
	tr -d '\r' < "$log" > "$work/console.txt"

	finish()
	{
		echo "run-guest: $arch $1 ($secs s): $2"
		if [ "$1" != PASS ]; then
			echo "---- last lines of $log ----"
			tail -n 25 "$work/console.txt"
			[ -s "$work/qemu.out" ] && { echo "---- qemu ----"; tail -n 5 "$work/qemu.out"; }
		fi
		exit "$3"
	}

	# Kernel reports that fail a run even when the payload passed.
	splat='(WARNING: .* at |BUG: |Oops|Unable to handle kernel|possible circular locking|possible recursive locking|inconsistent lock state|Call Trace:)'

	# The archive may be usable even after a crash, so unpack whatever is there.
	tar -xf "$work/out.img" -C "$out" 2> "$work/tar.err" || true

	if ! grep -qx 'RVTEST-END' "$work/console.txt"; then
		if [ "$boot_hang" = 1 ]; then
			finish HANG "init did not start within $boot_limit s (early boot)" 3
		elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
			finish HANG "timeout after $limit s" 3
		elif grep -q 'Kernel panic' "$work/console.txt"; then
			why=$(grep -m1 -E "$splat|Kernel panic" "$work/console.txt" | sed 's/^\[[ 0-9.]*\] //')
		elif ! grep -qx 'RVTEST-BEGIN' "$work/console.txt"; then
			why="init never started (qemu exit $rc)"
		else
			why="guest stopped before RVTEST-END (qemu exit $rc)"
		fi
		finish CRASH "$why" 3
	fi

	fail=$(grep -m1 '^RVTEST-FAIL' "$work/console.txt" || true)
	[ -n "$fail" ] && finish FAIL "${fail#RVTEST-FAIL }" 1
	grep -qx 'RVTEST-PASS' "$work/console.txt" || finish FAIL "no verdict marker" 1

	if [ "${allow_splat:-0}" != 1 ] && grep -qE "$splat" "$work/console.txt"; then
		finish FAIL "kernel reported: $(grep -m1 -E "$splat" "$work/console.txt" |
			sed 's/^\[[ 0-9.]*\] //')" 1
	fi
	finish PASS "output in $out" 0
}

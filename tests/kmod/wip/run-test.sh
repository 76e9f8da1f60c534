#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run-test.sh - the kernel's own wip and wwnr as referee of the replay, on
# a fresh recording: record-wip.sh boots the x86_64 6.12 guest once
# (about 5 s under TCG), then `rvreplay diff -m wip -m wwnr --states`
# must explain every verdict and every step apart (0 UNEXPLAINED), and
# the kernel's wip must have stepped. The committed traces
# (tests/e2e/wip_test.sh) hold what one run showed; this shows it again
# on every run, whatever the interrupts did this time.
#
# Usage: tests/kmod/wip/run-test.sh RVREPLAY ASSEMBLE
#
# Where the rtapp series or QEMU is absent it skips with the reason,
# except under CI=true, where that fails.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"

if [ $# != 2 ]; then
	echo "usage: $(basename "$0") RVREPLAY ASSEMBLE" >&2
	exit 2
fi
rvreplay=$1
assemble=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v qemu-system-x86_64 > /dev/null; then
	skip "wip referee: no qemu-system-x86_64 (install kmod/qemu/debian-packages)"
elif ! why=$("$repo/kmod/upstream/build-kernel.sh" --check x86_64 2>&1); then
	skip "wip referee: $why"
elif ! "$here/record-wip.sh" "$assemble" "$work/wip.dat" > "$work/record.log" 2>&1; then
	not_ok "wip referee: the guest's recording failed" "$(tail -n 5 "$work/record.log")"
else
	"$rvreplay" diff -m wip -m wwnr --states "$work/wip.dat" > "$work/diff" 2>&1
	rc=$?
	steps=$(sed -n 's/^States: \([0-9]*\) live steps.*/\1/p' "$work/diff")
	if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
		not_ok "wip referee: diff exit $rc" "$(head -n 5 "$work/diff")"
	elif grep -q UNEXPLAINED "$work/diff"; then
		cp "$work/wip.dat" "${KMOD_BUILD_DIR:-/tmp}/wip-unexplained.dat" 2> /dev/null
		not_ok "wip referee: a difference no class explains (trace kept as wip-unexplained.dat)" \
			"$(grep -B8 UNEXPLAINED "$work/diff" | head -n 30)"
	elif [ -z "$steps" ] || [ "$steps" -lt 100 ]; then
		not_ok "wip referee: the kernel's wip and wwnr hardly stepped (${steps:-no} live steps)" \
			"$(head -n 5 "$work/diff")"
	else
		ok "wip referee: $(grep '^Summary:' "$work/diff"); $steps live steps, every one apart explained"
	fi
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]

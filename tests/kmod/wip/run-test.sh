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
# The same boot runs rvreplay.ko's own wip and wwnr live on the same
# workload (its per-CPU instances on the preemptirq tracepoints this
# kernel has): the module must offer wip, lose no event, and its live
# wip and wwnr must meet the replay as the kernel's do, diff -m wip -m
# wwnr --states with 0 UNEXPLAINED, its wip having stepped.
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

# diff_check DESC TRACE KEEP_AS WHO: diff -m wip -m wwnr --states explains
# every difference, and the live wip and wwnr took 100 steps or more.
diff_check()
{
	local desc=$1 trace=$2 keep=$3 who=$4 rc steps

	"$rvreplay" diff -m wip -m wwnr --states "$trace" > "$trace.diff" 2>&1
	rc=$?
	steps=$(sed -n 's/^States: \([0-9]*\) live steps.*/\1/p' "$trace.diff")
	if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
		not_ok "$desc: diff exit $rc" "$(head -n 5 "$trace.diff")"
	elif grep -q UNEXPLAINED "$trace.diff"; then
		cp "$trace" "${KMOD_BUILD_DIR:-/tmp}/$keep" 2> /dev/null
		not_ok "$desc: a difference no class explains (trace kept as $keep)" \
			"$(grep -B8 UNEXPLAINED "$trace.diff" | head -n 30)"
	elif [ -z "$steps" ] || [ "$steps" -lt 100 ]; then
		not_ok "$desc: $who wip and wwnr hardly stepped (${steps:-no} live steps)" \
			"$(head -n 5 "$trace.diff")"
	else
		ok "$desc: $(grep '^Summary:' "$trace.diff"); $steps live steps, every one apart explained"
	fi
}

# The module's run: it offers wip here, lost nothing, met the replay, and its wip stepped.
module_check()
{
	local dat=$1 steps

	if grep -qE '(^|,)wip(,|$)' "$dat.available"; then
		ok "rvreplay.ko offers wip on the 6.12 kernel: $(cat "$dat.available")"
	else
		not_ok "rvreplay.ko offers wip on the 6.12 kernel" "available: $(cat "$dat.available")"
	fi
	if grep -q 'events lost: 0 no instance, 0 busy' "$dat.stats"; then
		ok "rvreplay.ko lost no event: $(grep '^wip:' "$dat.stats")"
	else
		not_ok "rvreplay.ko lost no event" "$(cat "$dat.stats")"
	fi
	diff_check "rvreplay.ko's wip live" "$dat" wip-kmod-unexplained.dat "the module's"
	"$rvreplay" diff -m wip --states "$dat" > "$dat.wip" 2>&1
	steps=$(sed -n 's/^States: \([0-9]*\) live steps.*/\1/p' "$dat.wip")
	if grep -q "live verdicts: the rvreplay module's" "$dat.wip" && [ "${steps:-0}" -ge 100 ]; then
		ok "rvreplay.ko's wip stepped live: $(grep '^Summary:' "$dat.wip"); $steps live steps"
	else
		not_ok "rvreplay.ko's wip stepped live" "$(head -n 4 "$dat.wip")" \
			"$(grep '^States:' "$dat.wip")"
	fi
}

if ! command -v qemu-system-x86_64 > /dev/null; then
	skip "wip referee: no qemu-system-x86_64 (install kmod/qemu/debian-packages)"
elif ! why=$("$repo/kmod/upstream/build-kernel.sh" --check x86_64 2>&1); then
	skip "wip referee: $why"
elif ! "$here/record-wip.sh" "$assemble" "$work/wip.dat" "$work/kmod.dat" > "$work/record.log" 2>&1; then
	not_ok "wip referee: the guest's recording failed" "$(tail -n 5 "$work/record.log")"
else
	diff_check "wip referee" "$work/wip.dat" wip-unexplained.dat "the kernel's"
	module_check "$work/kmod.dat"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]

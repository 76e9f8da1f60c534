#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# record-wip.sh - record tests/kmod/traces/x86_64-kernel-wip.dat: the
# kernel's own wip and wwnr (built into the 6.12 guest kernel,
# kmod/upstream/x86_64.config) judging guest-wip.c's workload, with the
# events they read. By hand for the committed traces (tests/e2e/wip_test.sh
# reads them); tests/kmod/wip/run-test.sh (make check-kmod-upstream)
# records a fresh one on every run.
#
# With KMOD_OUT.dat, the same boot also runs rvreplay.ko (built for that
# kernel) with its own wip and wwnr on the same workload, the kernel's
# off, and writes that trace there (guest-wip.c).
#
# Usage: tests/kmod/wip/record-wip.sh ASSEMBLE OUT.dat [KMOD_OUT.dat]
#	(ASSEMBLE: make build/kmod/assemble)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
[ $# = 2 ] || [ $# = 3 ] ||
	{ echo "usage: $(basename "$0") ASSEMBLE OUT.dat [KMOD_OUT.dat]" >&2; exit 2; }
assemble=$1
out=$2
kmod_out=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

image=$("$repo/kmod/upstream/build-kernel.sh" x86_64)
mkdir -p "$work/payload"
gcc -static -O2 -Wall -Wextra -Werror -o "$work/payload/run" "$here/guest-wip.c"
if [ -n "$kmod_out" ]; then
	"$repo/kmod/build.sh" "${image%/arch/*}" "$work/module" > /dev/null
	cp "$work/module/rvreplay.ko" "$work/payload/"
fi
"$repo/kmod/upstream/run-guest.sh" x86_64 "$image" "$work/payload" "$work/out" 300
"$assemble" "$work/out" wip "$out"
echo "record-wip: wrote $out"
if [ -n "$kmod_out" ]; then
	"$assemble" "$work/out" kmod "$kmod_out"
	cp "$work/out/kmod-available" "$kmod_out.available"
	cp "$work/out/kmod/kmod-stats" "$kmod_out.stats"
	echo "record-wip: wrote $kmod_out"
fi

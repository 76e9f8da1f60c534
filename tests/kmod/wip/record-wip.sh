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
# Usage: tests/kmod/wip/record-wip.sh ASSEMBLE OUT.dat
#	(ASSEMBLE: make build/kmod/assemble)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
[ $# = 2 ] || { echo "usage: $(basename "$0") ASSEMBLE OUT.dat" >&2; exit 2; }
assemble=$1
out=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

image=$("$repo/kmod/upstream/build-kernel.sh" x86_64)
mkdir -p "$work/payload"
gcc -static -O2 -Wall -Wextra -Werror -o "$work/payload/run" "$here/guest-wip.c"
"$repo/kmod/upstream/run-guest.sh" x86_64 "$image" "$work/payload" "$work/out" 300
"$assemble" "$work/out" wip "$out"
echo "record-wip: wrote $out"

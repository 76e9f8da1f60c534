#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-module.sh - build an external module for a guest architecture.
#
# Usage: build-module.sh ARCH SRC_DIR OUT_DIR
#
# Kbuild writes objects next to the sources (M=), so SRC_DIR is copied to
# OUT_DIR first: x86_64 and riscv64 builds never mix and the work tree
# stays clean.  Kbuild files may use $(RVREPLAY_SRC), the repository root,
# to reach sources outside SRC_DIR.  Prints the paths of the built .ko
# files, one per line; the make output goes to OUT_DIR/build.log.
#
# Exit codes: 0 built, 1 build failed, 2 bad usage or missing tools.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/guest-kernel.sh
. "$here/guest-kernel.sh"

if [ $# -ne 3 ] || ! guest_arch_check "$1"; then
	echo "usage: $(basename "$0") x86_64|riscv64 SRC_DIR OUT_DIR" >&2
	exit 2
fi
arch=$1
src=$(cd "$2" && pwd)
out=$3

kdir=$(guest_kernel_kdir "$arch") || exit 2
[ -f "$kdir/Makefile" ] || { echo "build-module: no kernel build tree in $kdir" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out"
cp -a "$src/." "$out/"
out=$(cd "$out" && pwd)
# shellcheck disable=SC2046
if ! make -C "$kdir" $(guest_kernel_make_vars "$arch") M="$out" \
	RVREPLAY_SRC="$repo" modules > "$out/build.log" 2>&1; then
	grep -E 'error|Error|ERROR' "$out/build.log" | head -20 >&2
	echo "build-module: $arch build of $src failed, log in $out/build.log" >&2
	exit 1
fi
find "$out" -maxdepth 1 -name '*.ko' | sort

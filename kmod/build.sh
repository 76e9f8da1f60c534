#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh - build rvreplay.ko.
#
# Usage: kmod/build.sh TARGET OUT_DIR
#
# TARGET is a test guest (x86_64 or riscv64: its kernel, see kmod/qemu) or
# a kernel build directory (/lib/modules/$(uname -r)/build, or a riscv64
# tree, built with the riscv64-linux-gnu- cross compiler). The module's
# sources and monitors/ (the very files the analyzer compiles) are staged
# together in OUT_DIR, where every object lands: nothing in the build
# refers to where the checkout lives.
# Prints the path of rvreplay.ko. Exit codes: 0 built, 1 build failed,
# 2 bad usage or missing tools.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

if [ $# -ne 2 ]; then
	echo "usage: $(basename "$0") x86_64|riscv64|KERNEL_BUILD_DIR OUT_DIR" >&2
	exit 2
fi
target=$1
out=$2

stage=$(mktemp -d "${TMPDIR:-/tmp}/rvreplay-kmod.XXXXXX")
trap 'rm -rf "$stage"' EXIT
cp "$here"/Kbuild "$here"/*.c "$here"/*.h "$stage/"
cp -r "$repo/monitors" "$stage/monitors"
rm -rf "$stage/monitors/compat"

if [ ! -d "$target" ]; then
	exec "$here/qemu/build-module.sh" "$target" "$stage" "$out"
fi
[ -f "$target/Makefile" ] || { echo "build: $target is not a kernel build directory" >&2; exit 2; }
kvars=()
if grep -qx 'CONFIG_RISCV=y' "$target/.config" 2> /dev/null && [ "$(uname -m)" != riscv64 ]; then
	kvars=(ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-)
fi
rm -rf "$out"
mkdir -p "$out"
cp -a "$stage/." "$out/"
out=$(cd "$out" && pwd)
if ! make -C "$target" "${kvars[@]}" M="$out" modules > "$out/build.log" 2>&1; then
	grep -E 'error|Error|ERROR' "$out/build.log" | head -20 >&2
	echo "build: rvreplay.ko failed against $target, log in $out/build.log" >&2
	exit 1
fi
echo "$out/rvreplay.ko"

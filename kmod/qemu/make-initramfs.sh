#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-initramfs.sh - pack a test guest's initramfs.
#
# Usage: make-initramfs.sh ARCH PAYLOAD_DIR OUTPUT.cpio.gz
#
# The archive holds:
#   /init		kmod/qemu/init.c built static for ARCH
#   /payload/		a copy of PAYLOAD_DIR; /payload/run must be executable
#   /bin/busybox + applet links, when a static busybox for ARCH is known
#   /lib/modules/...	x86_64 only: virtio_blk, virtio_pci and their
#			dependencies from the guest kernel, in load order in
#			/etc/rvtest/modules (the riscv64 kernel has them built in)
#
# RVTEST_BUSYBOX names a static busybox for ARCH; the default is Debian's
# busybox-static (/bin/busybox) on x86_64 and none on riscv64, where
# bookworm ships no riscv64 binaries: a riscv64 payload's run must then be
# a static program, not a shell script.
#
# Exit codes: 0 written, 1 failed, 2 bad usage or missing tools.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=SCRIPTDIR/guest-kernel.sh
. "$here/guest-kernel.sh"

usage()
{
	echo "usage: $(basename "$0") x86_64|riscv64 PAYLOAD_DIR OUTPUT.cpio.gz" >&2
	exit 2
}

[ $# -eq 3 ] || usage
arch=$1
payload=$2
output=$3
guest_arch_check "$arch" || usage
[ -x "$payload/run" ] || { echo "make-initramfs: $payload/run is missing or not executable" >&2; exit 2; }

build=${KMOD_BUILD_DIR:-$repo/build/kmod}/qemu
mkdir -p "$build"

# The init is tiny; rebuild it only when its source changes.
init_bin=$build/init-$arch
if [ ! -x "$init_bin" ] || [ "$here/init.c" -nt "$init_bin" ]; then
	"$(guest_cc "$arch")" -static -Os -Wall -Wextra -o "$init_bin.$$" "$here/init.c"
	mv "$init_bin.$$" "$init_bin"
fi

stage=$(mktemp -d "$build/initramfs-$arch.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,dev,proc,sys,tmp,out,etc/rvtest}
cp "$init_bin" "$stage/init"
cp -a "$payload" "$stage/payload"

busybox=${RVTEST_BUSYBOX-}
if [ -z "${RVTEST_BUSYBOX+set}" ] && [ "$arch" = x86_64 ]; then
	busybox=/bin/busybox
fi
if [ -n "$busybox" ]; then
	if [ ! -x "$busybox" ] || readelf -l "$busybox" | grep -q INTERP; then
		echo "make-initramfs: $busybox is not a static binary (apt-get install busybox-static)" >&2
		exit 2
	fi
	cp "$busybox" "$stage/bin/busybox"
	# The applet list comes from the host's busybox: same Debian version.
	for applet in $(/bin/busybox --list); do
		[ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
	done
fi

if [ "$arch" = x86_64 ]; then
	kver=$(guest_x86_kver)
	# "insmod <path>" lines come in dependency order; "builtin" ones are skipped.
	modprobe -a -S "$kver" --show-depends virtio_blk virtio_pci |
	awk '$1 == "insmod" { print $2 }' | awk '!seen[$0]++' |
	while read -r ko; do
		mkdir -p "$stage$(dirname "$ko")"
		cp "$ko" "$stage$ko"
		echo "$ko" >> "$stage/etc/rvtest/modules"
	done
	[ -s "$stage/etc/rvtest/modules" ] || { echo "make-initramfs: no virtio modules for $kver" >&2; exit 1; }
fi

(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -1 > "$output.$$"
mv "$output.$$" "$output"

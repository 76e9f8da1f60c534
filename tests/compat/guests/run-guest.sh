#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh - boot a compat guest (Debian 12 arm64 or armhf) under TCG,
# let it record its traces with its own trace-cmd, collect them.
#
# Usage: run-guest.sh arm64|armhf OUT_DIR [TIMEOUT_S]
#
# fetch-debs.sh provides the guest tree (Debian's kernel, busybox-static,
# trace-cmd, cyclictest and their libraries of that architecture; cached).
# The initramfs is that tree plus init.sh as /init and payload-run.sh as
# /payload/run.  QEMU boots it (-accel tcg -M virt; cortex-a57 for arm64,
# the default cortex-a15 for armhf) with a raw output disk (virtio-mmio,
# serial rvtest-out) and waits at most TIMEOUT_S seconds (default 240);
# then the guest's /out is unpacked into OUT_DIR next to console.log.
#
# Environment: COMPAT_GUEST_SMP (2), COMPAT_GUEST_MEM (1024, MiB),
# COMPAT_BOOT_TIMEOUT (120: seconds until init must have started),
# COMPAT_OUT_DISK_MB (64), COMPAT_GUEST_APPEND (more kernel command line,
# e.g. rvtest.cyclictest=-m,-q,-p,80,-t,2,-i,1000,-l,100),
# RVREPLAY_COMPAT_CACHE (fetch-debs.sh's cache).
#
# Exit codes (as kmod/qemu/run-guest.sh):
#   0  the guest printed RVTEST-PASS and the kernel log is clean
#   1  the guest printed RVTEST-FAIL, or the kernel reported a problem
#   2  bad usage, missing tools, or the guest's packages cannot be had
#   3  the guest never finished: timeout (HANG), panic or crash
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

usage()
{
	echo "usage: $(basename "$0") arm64|armhf OUT_DIR [TIMEOUT_S]" >&2
	exit 2
}

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	usage
fi
arch=$1
out=$2
limit=${3:-240}
case $limit in
''|*[!0-9]*)
	usage
	;;
esac
case $arch in
arm64)
	qemu="qemu-system-aarch64"
	machine=(-M virt -cpu cortex-a57)
	;;
armhf)
	qemu="qemu-system-arm"
	machine=(-M virt)
	;;
*)
	usage
	;;
esac
for tool in "$qemu" cpio gzip tar timeout; do
	command -v "$tool" > /dev/null ||
		{ echo "run-guest: missing $tool (apt-get install \$(sed 's/#.*//' kmod/qemu/debian-packages))" >&2; exit 2; }
done

tree=$("$here/fetch-debs.sh" "$arch") || { echo "run-guest: no $arch guest tree (fetch-debs.sh failed)" >&2; exit 2; }

# OUT_DIR is wiped only if an earlier run made it.
if [ -e "$out/.rvtest-out" ]; then
	rm -rf "${out:?}"/* "$out/.rvtest-out"
elif [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "run-guest: $out is not empty and was not made by run-guest.sh" >&2
	exit 2
fi
mkdir -p "$out"
touch "$out/.rvtest-out"
log=$out/console.log

work=$(mktemp -d "${TMPDIR:-/tmp}/rvcompat-$arch.XXXXXX")
trap 'rm -rf "$work"' EXIT
stage=$work/initramfs
cp -a "$tree/fs" "$stage"
mkdir -p "$stage"/{dev,proc,sys,tmp,out,payload}
install -m 0755 "$here/init.sh" "$stage/init"
install -m 0755 "$here/payload-run.sh" "$stage/payload/run"
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
	gzip -1 > "$work/initramfs.cpio.gz"
truncate -s "${COMPAT_OUT_DISK_MB:-64}M" "$work/out.img"

# The payload gets most of the budget; the rest covers boot and poweroff.
margin=$((limit / 5 > 30 ? limit / 5 : 30))
guest_limit=$((limit > margin + 10 ? limit - margin : 10))
append="console=ttyAMA0 panic=-1 oops=panic rvtest.timeout=$guest_limit ${COMPAT_GUEST_APPEND:-}"

# shellcheck disable=SC2054 # commas inside QEMU arguments
qemu_args=("${machine[@]}" -accel tcg -nographic -monitor none -serial "file:$log" -no-reboot
	   -smp "${COMPAT_GUEST_SMP:-2}" -m "${COMPAT_GUEST_MEM:-1024}"
	   -kernel "$tree/kernel/vmlinuz" -initrd "$work/initramfs.cpio.gz" -append "$append"
	   -drive "file=$work/out.img,format=raw,if=none,id=out"
	   -device virtio-blk-device,drive=out,serial=rvtest-out)

# A guest that has not started init (RVTEST-BEGIN) by the boot deadline hung
# in early boot: stop it then rather than at the overall timeout.
boot_limit=${COMPAT_BOOT_TIMEOUT:-120}
boot_hang=0
start=$(date +%s%N)
rc=0
timeout -k 5 "$limit" "$qemu" "${qemu_args[@]}" < /dev/null > "$work/qemu.out" 2>&1 &
qpid=$!
booted=0
while kill -0 "$qpid" 2> /dev/null; do
	if [ "$booted" = 0 ]; then
		if grep -aq RVTEST-BEGIN "$log" 2> /dev/null; then
			booted=$((($(date +%s%N) - start) / 100000000))
		elif [ $((($(date +%s%N) - start) / 1000000000)) -ge "$boot_limit" ]; then
			boot_hang=1
			kill "$qpid" 2> /dev/null
			break
		fi
	fi
	sleep 0.2
done
wait "$qpid" || rc=$?
tenths=$((($(date +%s%N) - start) / 100000000))
secs=$((tenths / 10)).$((tenths % 10))
echo "qemu $tenths $booted" > "$out/host-times.txt"	# tenths of seconds: boot to poweroff, to RVTEST-BEGIN

# The judging of kmod/qemu/run-guest.sh, whose protocol this guest keeps.
# shellcheck source=../../../kmod/qemu/guest-verdict.sh
. "$here/../../../kmod/qemu/guest-verdict.sh"
guest_verdict

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh - boot a QEMU test guest on a payload and collect its output.
#
# Usage: run-guest.sh ARCH PAYLOAD_DIR OUT_DIR [TIMEOUT_S]
#
# Packs PAYLOAD_DIR into an initramfs (make-initramfs.sh), boots the guest
# kernel of ARCH (guest-kernel.sh) under TCG with a raw output disk, waits
# at most TIMEOUT_S seconds (default 300), then unpacks the guest's /out
# into OUT_DIR next to console.log, the serial console.
#
# Inside the guest, init runs /payload/run with OUT, PAYLOAD and TRACEFS set
# and the payload passes when run exits 0 (see init.c).
#
# Environment: KMOD_GUEST_SMP (2), KMOD_GUEST_MEM (1024, MiB),
# KMOD_BOOT_TIMEOUT (120: seconds until init must have started),
# KMOD_GUEST_APPEND (extra kernel command line), KMOD_OUT_DISK_MB (64),
# KMOD_ALLOW_SPLAT=1 to pass despite kernel WARNING/BUG/lockdep reports.
#
# Exit codes:
#   0  the guest printed RVTEST-PASS and the kernel log is clean
#   1  the guest printed RVTEST-FAIL, or the kernel reported a problem
#   2  bad usage or missing tools
#   3  the guest never finished: timeout, panic or crash
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/guest-kernel.sh
. "$here/guest-kernel.sh"

usage()
{
	echo "usage: $(basename "$0") x86_64|riscv64 PAYLOAD_DIR OUT_DIR [TIMEOUT_S]" >&2
	exit 2
}

if [ $# -lt 3 ] || [ $# -gt 4 ]; then
	usage
fi
arch=$1
payload=$2
out=$3
limit=${4:-300}
guest_arch_check "$arch" || usage
case $limit in
''|*[!0-9]*)
	usage
	;;
esac

qemu=qemu-system-$arch
command -v "$qemu" > /dev/null || { echo "run-guest: missing $qemu" >&2; exit 2; }

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

image=$(guest_kernel_image "$arch") || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/rvtest-$arch.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$here/make-initramfs.sh" "$arch" "$payload" "$work/initramfs.cpio.gz" || exit 2
truncate -s "${KMOD_OUT_DISK_MB:-64}M" "$work/out.img"

# The payload gets most of the budget; the rest covers boot and poweroff.
margin=$((limit / 5 > 30 ? limit / 5 : 30))
guest_limit=$((limit > margin + 10 ? limit - margin : 10))
append="console=ttyS0 panic=-1 oops=panic rvtest.timeout=$guest_limit ${KMOD_GUEST_APPEND:-}"

qemu_args=(-accel tcg -nographic -monitor none -serial "file:$log" -no-reboot
	   -smp "${KMOD_GUEST_SMP:-2}" -m "${KMOD_GUEST_MEM:-1024}"
	   -kernel "$image" -initrd "$work/initramfs.cpio.gz" -append "$append"
	   -drive "file=$work/out.img,format=raw,if=none,id=out")
# shellcheck disable=SC2054
if [ "$arch" = x86_64 ]; then
	qemu_args+=(-device virtio-blk-pci,drive=out,serial=rvtest-out)
else
	qemu_args+=(-machine virt -bios default
		    -device virtio-blk-device,drive=out,serial=rvtest-out)
fi

# A guest that has not started init (RVTEST-BEGIN) by the boot deadline hung
# in early boot: stop it then rather than at the overall timeout.
boot_limit=${KMOD_BOOT_TIMEOUT:-120}
boot_hang=0
start=$(date +%s%N)
rc=0
timeout -k 5 "$limit" "$qemu" "${qemu_args[@]}" < /dev/null > "$work/qemu.out" 2>&1 &
qpid=$!
waited=0
booted=0
while kill -0 "$qpid" 2> /dev/null; do
	if [ "$booted" = 0 ]; then
		if grep -aq RVTEST-BEGIN "$log" 2> /dev/null; then
			booted=1
		elif [ "$waited" -ge "$boot_limit" ]; then
			boot_hang=1
			kill "$qpid" 2> /dev/null
			break
		fi
	fi
	sleep 1
	waited=$((waited + 1))
done
wait "$qpid" || rc=$?
tenths=$((($(date +%s%N) - start) / 100000000))
secs=$((tenths / 10)).$((tenths % 10))

allow_splat=${KMOD_ALLOW_SPLAT:-0}
# shellcheck source=SCRIPTDIR/guest-verdict.sh
. "$here/guest-verdict.sh"
guest_verdict

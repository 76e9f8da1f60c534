#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh - boot a kernel built by build-kernel.sh on a payload.
#
# Usage: run-guest.sh ARCH IMAGE PAYLOAD_DIR OUT_DIR [TIMEOUT_S]
#
# The same guest protocol as kmod/qemu/run-guest.sh (its init.c, its
# console markers, /out written as a ustar archive onto the virtio disk
# with serial rvtest-out), but booting IMAGE: that script boots only the
# Debian 6.1 (x86_64) and 6.1 riscv64 kernels, and its x86_64 initramfs
# loads 6.1 virtio modules this kernel cannot load (ours has virtio built
# in). /payload/run must be a static program: no busybox is added.
#
# Environment: KMOD_GUEST_SMP (2), KMOD_GUEST_MEM (1024, MiB),
# KMOD_BOOT_TIMEOUT (120), KMOD_OUT_DISK_MB (256), KMOD_GUEST_APPEND,
# KMOD_ALLOW_SPLAT=1.
#
# Exit codes: 0 RVTEST-PASS and a clean kernel log; 1 RVTEST-FAIL or a
# kernel report (WARNING, BUG, Oops, lockdep, Call Trace); 2 usage or
# missing tools; 3 no verdict (timeout, early-boot hang, panic).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
init_src=$repo/kmod/qemu/init.c

usage()
{
	echo "usage: $(basename "$0") x86_64|riscv64 IMAGE PAYLOAD_DIR OUT_DIR [TIMEOUT_S]" >&2
	exit 2
}

guest_cc()
{
	case $1 in
	x86_64) echo gcc ;;
	riscv64) echo riscv64-linux-gnu-gcc ;;
	*) usage ;;
	esac
}

# /init (kmod/qemu/init.c, static), /payload, the empty mount points.
make_initramfs()
{
	local stage=$work/stage

	"$(guest_cc "$arch")" -static -Os -Wall -Wextra -o "$work/init" "$init_src" ||
		{ echo "run-guest: cannot build $init_src for $arch" >&2; exit 2; }
	mkdir -p "$stage"/{bin,sbin,dev,proc,sys,tmp,out,etc/rvtest}
	cp "$work/init" "$stage/init"
	cp -a "$payload" "$stage/payload"
	(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) |
		gzip -1 > "$work/initramfs.cpio.gz"
}

qemu_command()
{
	local margin guest_limit append

	# The payload gets most of the budget; the rest covers boot and poweroff.
	margin=$((limit / 5 > 30 ? limit / 5 : 30))
	guest_limit=$((limit > margin + 10 ? limit - margin : 10))
	append="console=ttyS0 panic=-1 oops=panic rvtest.timeout=$guest_limit ${KMOD_GUEST_APPEND:-}"
	qemu=(qemu-system-"$arch" -accel tcg -nographic -monitor none -serial "file:$log"
	      -no-reboot -smp "${KMOD_GUEST_SMP:-2}" -m "${KMOD_GUEST_MEM:-1024}"
	      -kernel "$image" -initrd "$work/initramfs.cpio.gz" -append "$append"
	      -drive "file=$work/out.img,format=raw,if=none,id=out")
	# shellcheck disable=SC2054
	if [ "$arch" = x86_64 ]; then
		qemu+=(-device virtio-blk-pci,drive=out,serial=rvtest-out)
	else
		qemu+=(-machine virt -bios default -device virtio-blk-device,drive=out,serial=rvtest-out)
	fi
}

# Waits for QEMU; stops a guest whose init has not started by the boot
# deadline (an early-boot hang under host load) so a caller can retry.
boot()
{
	local waited=0 booted=0 qpid

	boot_hang=0
	rc=0
	timeout -k 5 "$limit" "${qemu[@]}" < /dev/null > "$work/qemu.out" 2>&1 &
	qpid=$!
	while kill -0 "$qpid" 2> /dev/null; do
		# init printed RVTEST-END after syncing /out: a kernel that
		# cannot power off (x86_64 without ACPI) halts instead.
		if grep -aq '^RVTEST-END' "$log" 2> /dev/null; then
			sleep 1
			kill "$qpid" 2> /dev/null || true
			break
		fi
		if [ "$booted" = 0 ]; then
			if grep -aq RVTEST-BEGIN "$log" 2> /dev/null; then
				booted=1
			elif [ "$waited" -ge "${KMOD_BOOT_TIMEOUT:-120}" ]; then
				boot_hang=1
				kill "$qpid" 2> /dev/null || true
				break
			fi
		fi
		sleep 1
		waited=$((waited + 1))
	done
	wait "$qpid" || rc=$?
}

finish()
{
	echo "run-guest: $arch $1 ($secs s): $2"
	if [ "$1" != PASS ]; then
		echo "---- last lines of $log ----"
		tail -n 25 "$work/console.txt"
	fi
	exit "$3"
}

if [ $# -lt 4 ] || [ $# -gt 5 ]; then
	usage
fi
arch=$1
image=$2
payload=$3
out=$4
limit=${5:-600}
guest_cc "$arch" > /dev/null
[ -r "$image" ] || { echo "run-guest: no kernel image $image" >&2; exit 2; }
[ -x "$payload/run" ] || { echo "run-guest: $payload/run is missing or not executable" >&2; exit 2; }
command -v "qemu-system-$arch" > /dev/null || { echo "run-guest: missing qemu-system-$arch" >&2; exit 2; }

if [ -e "$out/.rvtest-out" ]; then
	rm -rf "${out:?}"/* "$out/.rvtest-out"
elif [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "run-guest: $out is not empty and was not made by run-guest.sh" >&2
	exit 2
fi
mkdir -p "$out"
touch "$out/.rvtest-out"
log=$out/console.log
work=$(mktemp -d "${TMPDIR:-/tmp}/rvupstream-$arch.XXXXXX")
trap 'rm -rf "$work"' EXIT

make_initramfs
truncate -s "${KMOD_OUT_DISK_MB:-256}M" "$work/out.img"
qemu_command
start=$(date +%s%N)
boot
tenths=$((($(date +%s%N) - start) / 100000000))
secs=$((tenths / 10)).$((tenths % 10))
echo "$secs" > "$out/boot-seconds"
tr -d '\r' < "$log" > "$work/console.txt"
tar -xf "$work/out.img" -C "$out" 2> /dev/null || true

splat='(WARNING: .* at |BUG: |Oops|Unable to handle kernel|possible circular locking|possible recursive locking|inconsistent lock state|Call Trace:)'
if ! grep -qx 'RVTEST-END' "$work/console.txt"; then
	[ "$boot_hang" = 1 ] && finish HANG "init did not start (early boot)" 3
	{ [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; } && finish HANG "timeout after $limit s" 3
	finish CRASH "$(grep -m1 -E "$splat|Kernel panic" "$work/console.txt" ||
		echo "guest stopped before RVTEST-END (qemu exit $rc)")" 3
fi
fail=$(grep -m1 '^RVTEST-FAIL' "$work/console.txt" || true)
[ -n "$fail" ] && finish FAIL "${fail#RVTEST-FAIL }" 1
grep -qx 'RVTEST-PASS' "$work/console.txt" || finish FAIL "no verdict marker" 1
if [ "${KMOD_ALLOW_SPLAT:-0}" != 1 ] && grep -qE "$splat" "$work/console.txt"; then
	finish FAIL "kernel reported: $(grep -m1 -E "$splat" "$work/console.txt")" 1
fi
finish PASS "output in $out" 0

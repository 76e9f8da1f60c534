# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# guest-kernel.sh - sourced by the kmod/qemu scripts and kmod tests: which
# kernel each guest architecture boots, and how to build code for it.
#
#   guest_arch_check ARCH	 fails unless ARCH is x86_64 or riscv64
#   guest_kernel_kdir ARCH	 kernel build tree for `make -C ... M=...`
#   guest_kernel_release ARCH	 uname -r inside the guest
#   guest_kernel_image ARCH	 the file QEMU boots with -kernel
#   guest_kernel_make_vars ARCH	 ARCH=/CROSS_COMPILE= words for kbuild
#   guest_cc ARCH		 C compiler for static guest programs
#
# x86_64 boots Debian's 6.1 kernel from linux-image-amd64, never the host
# kernel: KMOD_X86_KVER picks a release, else the newest installed
# 6.1.*-amd64 that has /boot/vmlinuz-* and a build tree.  riscv64 boots the
# 6.12 kernel kmod/upstream/build-kernel.sh builds (with the upstream rtapp
# series and the riscv page fault trace points; cached outside the tree),
# the same kernel the upstream referee boots: one riscv64 build serves both.
#
#   guest_kernel_missing ARCH	 why ARCH's kernel cannot be had (stdout,
#				 one line; exit 77 when the rtapp series is
#				 absent, 2 for tools or source), or exit 0

guest_qemu_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

guest_arch_check()
{
	case $1 in
	x86_64|riscv64)
		return 0
		;;
	esac
	echo "guest: unknown ARCH '$1' (x86_64 or riscv64)" >&2
	return 1
}

guest_x86_kver()
{
	local v

	if [ -n "${KMOD_X86_KVER:-}" ]; then
		echo "$KMOD_X86_KVER"
		return 0
	fi
	for v in $(cd /lib/modules 2> /dev/null && printf '%s\n' 6.1.*-amd64 | sort -rV); do
		if [ -r "/boot/vmlinuz-$v" ] && [ -d "/lib/modules/$v/build" ]; then
			echo "$v"
			return 0
		fi
	done
	echo "guest: no Debian 6.1 amd64 kernel (apt-get install linux-image-amd64 linux-headers-amd64)" >&2
	return 1
}

guest_riscv_build()
{
	"$guest_qemu_dir/../upstream/build-kernel.sh" "$@" riscv64
}

guest_kernel_missing()
{
	local why rc=0

	guest_arch_check "$1" || return 2
	if [ "$1" = x86_64 ]; then
		why=$(guest_x86_kver 2>&1 > /dev/null) || rc=2
	else
		why=$(guest_riscv_build --check 2>&1 > /dev/null) || rc=$?
	fi
	[ "$rc" = 0 ] || echo "${why#*: }" | head -1
	return "$rc"
}

guest_kernel_kdir()
{
	guest_arch_check "$1" || return 1
	if [ "$1" = x86_64 ]; then
		echo "/lib/modules/$(guest_x86_kver)/build"
		return
	fi
	guest_riscv_build --tree
}

guest_kernel_release()
{
	local kdir

	if [ "$1" = x86_64 ]; then
		guest_x86_kver
		return
	fi
	kdir=$(guest_kernel_kdir "$1") || return 1
	cat "$kdir/include/config/kernel.release"
}

guest_kernel_image()
{
	local kdir

	if [ "$1" = x86_64 ]; then
		echo "/boot/vmlinuz-$(guest_x86_kver)"
		return
	fi
	kdir=$(guest_kernel_kdir "$1") || return 1
	echo "$kdir/arch/riscv/boot/Image"
}

guest_kernel_make_vars()
{
	[ "$1" = riscv64 ] && echo "ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-"
	return 0
}

guest_cc()
{
	case $1 in
	x86_64)
		echo gcc
		;;
	riscv64)
		echo riscv64-linux-gnu-gcc
		;;
	*)
		guest_arch_check "$1"
		;;
	esac
}

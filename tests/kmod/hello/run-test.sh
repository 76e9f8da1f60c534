#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-test.sh - prove the kmod QEMU harness with the hello module.
#
# Usage: tests/kmod/hello/run-test.sh [ARCH...]	(default: x86_64 riscv64)
#
# For each guest architecture: builds hello.ko against that guest's kernel
# (never the host's), builds the static checker and workload, boots the
# guest with kmod/qemu/run-guest.sh, then checks on the host what the guest
# wrote.  The riscv64 kernel is built first if kmod/upstream/build-kernel.sh
# has no cached tree.  Work goes to $KMOD_BUILD_DIR/hello (build/kmod/hello).
# A guest whose kernel cannot be had (no rtapp series for riscv64) is a
# skip with the reason, a failure under CI=true.
#
# Prints one "ok"/"not ok" line per check and ends with "N passed, N failed";
# exits 0 only when nothing failed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
qemu=$repo/kmod/qemu
# shellcheck source=SCRIPTDIR/../../../kmod/qemu/guest-kernel.sh
. "$qemu/guest-kernel.sh"
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"
build=${KMOD_BUILD_DIR:-$repo/build/kmod}/hello

# check DESC COMMAND...: ok when COMMAND succeeds (returns its failure)
check()
{
	local desc=$1

	shift
	if "$@" > /dev/null 2>&1; then
		ok "$desc"
	else
		not_ok "$desc"
		return 1
	fi
}

at_least()
{
	[ "$(grep -c -- "$2" "$3")" -ge "$1" ]
}

payload_build()
{
	local arch=$1 payload=$2 cc ko

	cc=$(guest_cc "$arch")
	ko=$("$qemu/build-module.sh" "$arch" "$here" "$build/$arch/module") || return 1
	rm -rf "$payload"
	mkdir -p "$payload"
	cp "$ko" "$payload/"
	"$cc" -static -O2 -Wall -Wextra -o "$payload/hello-world" "$here/hello-world.c" &&
	"$cc" -static -O2 -Wall -Wextra -o "$payload/guest-check" "$here/guest-check.c" ||
		return 1
	if [ "$arch" = x86_64 ]; then
		cp "$here/payload-run.sh" "$payload/run"
	else
		ln -s guest-check "$payload/run"
	fi
}

hello_test()
{
	local arch=$1 payload=$build/$1/payload out=$build/$1/out

	if ! guest_arch_check "$arch"; then
		failed=$((failed + 1))
		return
	fi
	if ! why=$(guest_kernel_missing "$arch"); then
		skip "$arch: $why"
		return
	fi
	check "$arch: build hello.ko and static payload" payload_build "$arch" "$payload" ||
		return
	# run-guest.sh's own lines (verdict, console tail on failure) are kept.
	if "$qemu/run-guest.sh" "$arch" "$payload" "$out" 300; then
		ok "$arch: guest boots and the payload passes"
	else
		not_ok "$arch: guest boots and the payload passes"
	fi
	check "$arch: module logged its load" grep -q "rvtest-hello: loaded on $arch" "$out/rvtest-dmesg.txt"
	check "$arch: module logged its unload" grep -q "rvtest-hello: unloaded" "$out/rvtest-dmesg.txt"
	check "$arch: static workload ran" grep -qx "hello world from $arch" "$out/workload.txt"
	check "$arch: trace has sched_switch records" at_least 3 "sched_switch:" "$out/trace.txt"
	check "$arch: trace has the trace_printk record" grep -q "rvtest-hello: trace_printk" "$out/trace.txt"
	if [ "$arch" = x86_64 ]; then
		check "$arch: busybox shell ran the payload script" grep -q "x86_64" "$out/uname.txt"
	fi
}

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 riscv64)
for arch in "${arches[@]}"; do
	hello_test "$arch"
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

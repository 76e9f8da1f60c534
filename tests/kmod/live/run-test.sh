#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-test.sh - rvreplay.ko live against the replay, in QEMU guests.
#
# Usage: tests/kmod/live/run-test.sh RVREPLAY ASSEMBLE [ARCH...]
#	(default arches: x86_64 riscv64)
#
# For each guest architecture: builds rvreplay.ko against that guest's
# kernel, the runner (guest-run.c) and every workload static, boots the
# guest once (kmod/qemu/run-guest.sh) and runs each scenario there with the
# monitors and tracing switched on and off together; then, on the host,
# assembles each scenario's trace.dat (ASSEMBLE) and runs `rvreplay diff`
# on it. A scenario passes only with zero unexplained differences, and the
# divergence scenarios must show their class (docs/semantics.md section 5):
#
#   prio-late-*	 a policy change by sched_setattr(): only [priority-late]
#   preexisting	 an RT task older than the trace: equal without inference,
#		 only [inference] differences with --infer
#   lost	 a ring buffer too small, overwritten: only [lost-events]
#
# Every scenario runs wwnr beside the rtapp monitors (guest-run.c's
# default monitors=rtapp,wwnr), so every diff compares its verdicts and
# steps too. The stall scenario runs profile 7.1 with pagefault, sleep,
# stall and wwnr and stall.threshold_jiffies=2: runnable tasks kept off
# their CPU past the bound, and a clock past it when the module is
# disabled (its finish, the replay's trace end): equal, and stall and
# wwnr must have judged (verdicts of stall, one of them a clock that ran
# out, matched by time).
#
# wip needs the preemptirq tracepoints (CONFIG_PREEMPT_TRACER): on a
# guest kernel without them (Debian's 6.1) the module must say so in one
# line at load; on one with them (riscv64's 6.12, with lockdep) the wip
# scenario runs every available monitor, wip among them, with the
# preemptirq events recorded: equal, or apart only where an interrupt
# came between a record and the module's probe ([probe-order]), and wip
# must have stepped.
#
# The classes a module cannot provoke (SLEEP at set_current_state(),
# lockdep's hard irq edge) belong to the kernel's own 6.17+ monitors; see
# tests/e2e/diff_test.sh for how diff names them.
#
# Prints "ok"/"not ok" lines and ends with "N passed, N failed"; exits 0
# only when nothing failed. Where QEMU or a guest kernel is missing it
# says why and skips. Work goes to $KMOD_BUILD_DIR/live (build/kmod/live).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
qemu=$repo/kmod/qemu
# shellcheck source=SCRIPTDIR/../../../kmod/qemu/guest-kernel.sh
. "$qemu/guest-kernel.sh"
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"

if [ $# -lt 2 ]; then
	echo "usage: $(basename "$0") RVREPLAY ASSEMBLE [ARCH...]" >&2
	exit 2
fi
rvreplay=$(realpath "$1")
assemble=$(realpath "$2")
shift 2
build=${KMOD_BUILD_DIR:-$repo/build/kmod}/live
guest_timeout=${KMOD_LIVE_TIMEOUT:-600}

# The scenarios of every guest: NAME BUFFER_KB OPTIONS COMMAND ARGS.
plan()
{
	local arch=$1 v

	for v in monotonic tai realtime boottime; do
		echo "clock_nanosleep-$v-abs 8192 - clock_nanosleep $v abs"
		echo "clock_nanosleep-$v-rel 8192 - clock_nanosleep $v rel"
	done
	for v in nanosleep usleep; do
		echo "nanosleep-$v 8192 - nanosleep $v"
	done
	echo "nanosleep-raw 8192 react=1 nanosleep raw"
	for v in higher equal lower other; do
		echo "futex_wake-$v 8192 - futex_wake $v"
	done
	for v in pi nonpi; do
		echo "mutex_inversion-$v 8192 - mutex_inversion $v"
	done
	for v in higher equal lower; do
		echo "cond_signal-$v 8192 - cond_signal $v"
	done
	for v in poll epoll read timerfd; do
		echo "blocking_io-$v 8192 - blocking_io $v"
	done
	for v in nomlock mlock; do
		echo "pagefault-$v 8192 - pagefault $v"
	done
	# later kernels' monitors (docs/semantics.md section 8), run by the module
	echo "profile-7.1-blocking_io-epoll 8192 profile=7.1 blocking_io epoll"
	for v in "futex_wake lower" "futex_wake higher" "cond_signal lower" \
		 "clock_nanosleep realtime abs" "clock_nanosleep tai rel" "mutex_inversion pi"; do
		echo "profile-7.3-${v// /-} 8192 profile=7.3 $v"
	done
	echo "prio-late-wake 8192 - prio_late wake"
	echo "prio-late-fault 8192 - prio_late fault"
	echo "preexisting 8192 pre=preexisting -"
	echo "lost 4 - futex_wake lower"
	if preempt_tracer "$arch"; then
		echo "wip 16384 monitors=all,events=preemptirq futex_wake lower"
	fi
	# last: its spinner outlives it by about 120 ms
	echo "stall 8192 profile=7.1,monitors=rtapp+stall+wwnr,params=stall.threshold_jiffies=2 stall"
}

# Whether ARCH's guest kernel has the preemptirq tracepoints wip needs.
preempt_tracer()
{
	grep -qx 'CONFIG_PREEMPT_TRACER=y' "$(guest_kernel_kdir "$1")/.config" 2> /dev/null
}

payload_build()
{
	local arch=$1 payload=$2 cc

	cc=$(guest_cc "$arch")
	rm -rf "$payload"
	mkdir -p "$payload"
	"$repo/kmod/build.sh" "$arch" "$build/$arch/module" > /dev/null || return 1
	cp "$build/$arch/module/rvreplay.ko" "$payload/" &&
	"$cc" -static -O2 -Wall -Wextra -Werror -o "$payload/run" "$here/guest-run.c" &&
	make -s -C "$repo" -f tests/workloads/workloads.mk BUILD="$build/$arch" CC="$cc" \
		WORKLOAD_LDFLAGS=-static workloads &&
	cp "$build/$arch"/workloads/* "$payload/" || return 1
	for w in prio_late preexisting stall; do
		"$cc" -static -std=gnu11 -O2 -Wall -Wextra -Werror -pthread -I"$repo/tests/workloads" \
			-o "$payload/$w" "$here/$w.c" "$repo/tests/workloads/workload.c" || return 1
	done
	plan "$arch" > "$payload/plan"
	# the x86_64 guest (Debian's 6.1: no RV) also runs rvreplay watch: the
	# host's own binary, its libraries and their loader (no static libtracecmd)
	[ "$arch" != x86_64 ] || watch_payload "$payload/watch"
}

watch_payload()
{
	local dir=$1 lib

	mkdir -p "$dir" && cp "$rvreplay" "$dir/rvreplay" || return 1
	for lib in $(ldd "$rvreplay" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'); do
		cp -L "$lib" "$dir/" || return 1
	done
	cp -L "$(ldd "$rvreplay" | sed -n 's/^[[:space:]]*\(\/[^ ]*ld-linux[^ ]*\) .*/\1/p')" \
		"$dir/ld.so" || return 1
	# libtraceevent's plugins, so that records print in the guest as on the host
	cp -r "$(pkg-config --variable=libdir libtraceevent)/traceevent/plugins" "$dir/plugins"
}

# rvreplay watch in the 6.1 guest: the violations it told live are those of
# the replay of what it saved, field for field, and those of the replay of
# what record recorded of the same run from another instance (monitor,
# task, cause, event; times within 1 ms).
watch_check()
{
	local arch=$1 out=$2 got rec

	[ "$arch" = x86_64 ] || return 0
	"$rvreplay" --all --json "$out/watch.dat" > "$out/watch.json" 2> "$out/watch.replay.err"
	"$rvreplay" --all --json "$out/watch-rec.dat" > "$out/watch-rec.json" 2> /dev/null
	got=$(python3 "$repo/tests/e2e/watch_same.py" "$out/watch.jsonl" "$out/watch.json" 2>&1)
	rec=$(python3 "$repo/tests/e2e/watch_record.py" "$out/watch.jsonl" "$out/watch-rec.json" \
		nanosleep 2>&1)
	if [ "$(cat "$out/watch.rc" 2> /dev/null)" = 0 ] && [ "${got#ok }" != "$got" ] &&
	   [ "${rec#ok }" != "$rec" ] &&
	   [ "${got#ok }" -gt 0 ] && grep -q "^(live): Linux [^ ]* 6\.1\." "$out/watch.out"; then
		ok "$arch: rvreplay watch on $(sed -n 's/^(live): Linux [^ ]* \([^ ]*\) .*/\1/p' \
			"$out/watch.out") (no RV): ${got#ok } violations live, the replay's of what it saved and of what record recorded"
	else
		not_ok "$arch: rvreplay watch on the guest's 6.1 kernel" \
			"record exit $(cat "$out/watch.rc" 2> /dev/null), $got, record: $rec" "$(head -n 3 "$out/watch.err" \
			"$out/watch.out" 2> /dev/null)"
	fi
}

# diff_check DESC TRACE WANT_EXIT CLASS [DIFF OPTIONS...]: exit as wanted,
# no unexplained difference, and with WANT_EXIT 1 only differences of CLASS.
diff_check()
{
	local desc=$1 trace=$2 want=$3 class=$4 out=$2.diff got
	shift 4

	"$rvreplay" diff --states -s "$@" "$trace" > "$out" 2>&1
	got=$?
	if [ "$got" != "$want" ]; then
		not_ok "$desc" "rvreplay diff exited $got, expected $want:" "$(head -c 1500 "$out")"
	elif grep -q UNEXPLAINED "$out"; then
		not_ok "$desc" "unexplained differences:" "$(grep -B8 -A3 -m3 UNEXPLAINED "$out")"
	elif [ "$want" = 1 ] && grep -E '^(live only|replay only)|explained \[' "$out" |
			grep -v "\[$class\]" | grep -q '\['; then
		not_ok "$desc" "differences other than [$class]:" "$(grep -m5 'explained \[' "$out")"
	elif [ "$want" = 1 ] && ! grep -q "\[$class\]" "$out"; then
		not_ok "$desc" "no [$class] difference:" "$(tail -5 "$out")"
	else
		ok "$desc: $(grep -m1 '^Summary' "$out" | sed 's/^Summary: //')"
	fi
}

scenario_check()
{
	local arch=$1 out=$2 name=$3 dat=$2/$3.dat

	if [ ! -d "$out/$name" ]; then
		not_ok "$arch $name: the guest saved no trace"
		return
	fi
	if [ "$(cat "$out/$name/status" 2> /dev/null)" != 0 ]; then
		not_ok "$arch $name: the workload failed (status $(cat "$out/$name/status" 2> /dev/null))"
		return
	fi
	if ! grep -q 'events lost: 0 no instance, 0 busy' "$out/$name/kmod-stats"; then
		not_ok "$arch $name: the module lost events" "$(cat "$out/$name/kmod-stats")"
		return
	fi
	if ! "$assemble" "$out" "$name" "$dat" 2> "$dat.err"; then
		not_ok "$arch $name: assemble the trace.dat" "$(cat "$dat.err")"
		return
	fi
	case $name in
	pagefault-nomlock)
		diff_check "$arch $name: live and replay agree, every verdict and step" "$dat" 0 -
		"$rvreplay" diff -s -m pagefault "$dat" > "$dat.pagefault" 2>&1
		if grep -qE '^Summary: [1-9][0-9]* live verdicts, [1-9][0-9]* replayed' "$dat.pagefault"; then
			ok "$arch $name: the module's pagefault monitor judged live:$(grep -m1 \
				'^Summary' "$dat.pagefault" | sed 's/^Summary://')"
		else
			not_ok "$arch $name: the module's pagefault monitor judged live" \
				"$(grep -m1 '^Summary' "$dat.pagefault")"
		fi
		;;
	prio-late-*)
		diff_check "$arch $name: only priority-late differences" "$dat" 1 priority-late
		;;
	stall)
		edge_check "$arch $name: live and replay agree, every verdict and step, but at a clock's edge" \
			"$dat" clock-edge
		automata_judged "$arch" "$name" "$dat"
		;;
	wip)
		edge_check "$arch $name: live and replay agree, every verdict and step, but where an interrupt came before the probe" \
			"$dat" probe-order
		wip_judged "$arch" "$name" "$dat"
		;;
	preexisting)
		diff_check "$arch $name: live and replay equal without inference" "$dat" 0 -
		diff_check "$arch $name: with --infer, only inference differences" "$dat" 1 \
			inference --infer
		;;
	lost)
		if grep -qE 'overrun: [1-9]' "$out/$name"/cpu*.stats; then
			diff_check "$arch $name: only lost-events differences" "$dat" 1 lost-events
		else
			not_ok "$arch $name: the ring buffer did not overflow" "$(cat "$out/$name"/cpu*.stats)"
		fi
		;;
	*)
		diff_check "$arch $name: live and replay agree, every verdict and step" "$dat" 0 -
		;;
	esac
}

# edge_check DESC TRACE CLASS: equal, or differing only by CLASS, which
# comes rarely and where neither side is wrong: the stall scenario's
# [clock-edge], a wait at its bound (or the bound less one jiffy) within
# the microseconds between a record and the module's probe, which reads
# its own clock (docs/semantics.md section 6); wip's [probe-order], an
# interrupt between a record and the module's probe of it (section 11).
edge_check()
{
	local desc=$1 trace=$2 class=$3 out=$2.diff got

	"$rvreplay" diff --states -s "$trace" > "$out" 2>&1
	got=$?
	if [ "$got" -gt 1 ] || grep -q UNEXPLAINED "$out"; then
		not_ok "$desc" "rvreplay diff exited $got:" "$(grep -B8 -A3 -m3 UNEXPLAINED "$out" ||
			head -c 1500 "$out")"
	elif grep -E '^(live only|replay only)|explained \[' "$out" | grep -v "\[$class\]" |
			grep -q '\['; then
		not_ok "$desc" "differences other than [$class]:" "$(grep -m5 'explained \[' "$out")"
	else
		ok "$desc: $(grep -m1 '^Summary' "$out" | sed 's/^Summary: //')$([ "$got" = 1 ] &&
			echo "; [$class]: $(grep -c "explained \[$class\]" "$out")")"
	fi
}

# The wip scenario's wip stepped live, on the kernel's preemptirq tracepoints.
wip_judged()
{
	local arch=$1 name=$2 dat=$3 wip

	"$rvreplay" diff -s --states -m wip "$dat" > "$dat.wip" 2>&1
	wip=$(grep -m1 '^States' "$dat.wip")
	if echo "$wip" | grep -qE '^States: [1-9][0-9]{2,} live steps'; then
		ok "$arch $name: wip judged live: $(grep -m1 '^Summary' "$dat.wip" | sed 's/^Summary: //'); ${wip#States: }"
	else
		not_ok "$arch $name: wip judged live (100 steps or more)" "$wip"
	fi
}

# wip where the kernel lacks the preemptirq tracepoints: one line at load
# says so and names the one missing; where it has them, wip is available.
wip_available()
{
	local arch=$1 out=$2 said

	said=$(grep -a 'monitor wip unavailable' "$out/rvtest-dmesg.txt" 2> /dev/null |
		sed 's/^<[0-9]>\[[ 0-9.]*\] //')
	if preempt_tracer "$arch"; then
		if grep -qE '(^|,)wip(,|$)' "$out/available" 2> /dev/null && [ -z "$said" ]; then
			ok "$arch: wip available (the kernel has the preemptirq tracepoints)"
		else
			not_ok "$arch: wip available (the kernel has the preemptirq tracepoints)" \
				"available: $(cat "$out/available" 2> /dev/null)" "$said"
		fi
	elif [ "$said" = "rvreplay: monitor wip unavailable: this kernel has no tracepoint preempt_disable" ] &&
	     ! grep -qE '(^|,)wip(,|$)' "$out/available" 2> /dev/null; then
		ok "$arch: at load, $said"
	else
		not_ok "$arch: at load, one line says wip is unavailable for want of preempt_disable" \
			"said: ${said:-nothing}" "available: $(cat "$out/available" 2> /dev/null)"
	fi
}

# The automata ran live and judged: stall gave verdicts, one of them a
# clock still past its bound at the disabling, and all matched; wwnr stepped.
automata_judged()
{
	local arch=$1 name=$2 dat=$3 stall wwnr

	"$rvreplay" diff -s -m stall "$dat" > "$dat.stall" 2>&1
	stall=$(grep -m1 '^Summary' "$dat.stall")
	if echo "$stall" | grep -qE '^Summary: [0-9]+ live verdicts, [0-9]+ replayed: [1-9][0-9]* matched' &&
	   grep -qE '^Clocks: ([1-9][0-9]*) live verdicts .*, \1 matched' "$dat.stall"; then
		ok "$arch $name: stall judged live:${stall#Summary:}; $(grep -m1 '^Clocks' "$dat.stall")"
	else
		not_ok "$arch $name: stall judged live, a clock run out at the disabling matched" \
			"$stall" "$(grep -m1 '^Clocks' "$dat.stall")"
	fi
	"$rvreplay" diff -s --states -m wwnr "$dat" > "$dat.wwnr" 2>&1
	wwnr=$(grep -m1 '^States' "$dat.wwnr")
	if echo "$wwnr" | grep -qE '^States: [1-9][0-9]* live steps'; then
		ok "$arch $name: wwnr judged live: $(grep -m1 '^Summary' "$dat.wwnr" | sed 's/^Summary: //'); ${wwnr#States: }"
	else
		not_ok "$arch $name: wwnr judged live" "$wwnr"
	fi
}

# One retry when the guest hung before init started: that is QEMU or the
# guest kernel under host load, not the module (loaded later, by init's payload).
boot_guest()
{
	local rc=0

	KMOD_OUT_DISK_MB=${KMOD_OUT_DISK_MB:-256} \
		"$qemu/run-guest.sh" "$1" "$2" "$3" "$guest_timeout" || rc=$?
	if [ "$rc" = 3 ] && ! grep -aq RVTEST-BEGIN "$3/console.log"; then
		echo "# $1: the guest hung in early boot, once more"
		rc=0
		KMOD_OUT_DISK_MB=${KMOD_OUT_DISK_MB:-256} \
			"$qemu/run-guest.sh" "$1" "$2" "$3" "$guest_timeout" || rc=$?
	fi
	return "$rc"
}

live_test()
{
	local arch=$1 payload=$build/$1/payload out=$build/$1/out name why

	if ! command -v "qemu-system-$arch" > /dev/null; then
		skip "$arch: no qemu-system-$arch (apt-get install \$(sed 's/#.*//' kmod/qemu/debian-packages))"
		return
	fi
	# the riscv64 kernel itself is built (then cached) by kmod/build.sh
	if ! why=$(guest_kernel_missing "$arch"); then
		skip "$arch: $why (see kmod/qemu/README.md)"
		return
	fi
	if ! payload_build "$arch" "$payload" > "$build/$arch.build.log" 2>&1; then
		not_ok "$arch: build rvreplay.ko, the runner and the workloads" \
			"$(tail -20 "$build/$arch.build.log")"
		return
	fi
	ok "$arch: build rvreplay.ko, the runner and the workloads"
	if boot_guest "$arch" "$payload" "$out"; then
		ok "$arch: guest ran every scenario"
	else
		not_ok "$arch: guest ran every scenario" \
			"$(grep -a 'guest-run' "$out/console.log" 2> /dev/null | tail -5)"
	fi
	if grep -aq 'rvreplay: sleep violation by nanosleep\[[0-9]*\] on CPU' "$out/rvtest-dmesg.txt"; then
		ok "$arch: the printk reaction logged the violations"
	else
		not_ok "$arch: the printk reaction logged the violations" \
			"$(grep -a rvreplay "$out/rvtest-dmesg.txt" 2> /dev/null | tail -5)"
	fi
	# both guest kernels have the page fault trace points (riscv64: ours)
	if grep -aq 'monitor pagefault unavailable' "$out/rvtest-dmesg.txt" 2> /dev/null; then
		not_ok "$arch: pagefault runs live" "$(grep -a -m1 'monitor pagefault unavailable' \
			"$out/rvtest-dmesg.txt" | sed 's/^<[0-9]>\[[ 0-9.]*\] //')"
	else
		ok "$arch: pagefault runs live"
	fi
	wip_available "$arch" "$out"
	watch_check "$arch" "$out"
	while read -r name _; do
		scenario_check "$arch" "$out" "$name"
	done < "$payload/plan"
}

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 riscv64)
mkdir -p "$build"
# Kbuild's compiler probes compile /dev/null: a regular file there (left by
# a rename onto it) silently drops flags or fails the build.
if [ ! -c /dev/null ]; then
	not_ok "the host's /dev/null is not the null device ($(stat -c %F /dev/null))" \
		"restore it: mknod -m 666 /dev/null.new c 1 3 && mv -f /dev/null.new /dev/null"
	echo "$passed passed, $failed failed"
	exit 1
fi
for arch in "${arches[@]}"; do
	guest_arch_check "$arch" || { failed=$((failed + 1)); continue; }
	live_test "$arch"
done
echo "$passed passed, $failed failed${skipped:+, $skipped skipped}"
[ "$failed" -eq 0 ]

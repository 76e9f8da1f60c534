#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-test.sh - the kernel's own rtapp monitors as referee of the replay.
#
# Usage: tests/kmod/upstream/run-test.sh RVREPLAY ASSEMBLE [ARCH...]
#	(default arches: x86_64 riscv64)
#
# For each arch: builds (or reuses) the 6.12 guest kernel with the
# upstream rtapp series (kmod/upstream/build-kernel.sh), rvreplay.ko for
# it, the runner (guest-upstream.c), the workloads static and, on x86_64,
# Debian's cyclictest with its libraries; boots the guest once
# (kmod/upstream/run-guest.sh), where each scenario runs with the rtapp
# container and rvreplay.ko enabled side by side and one trace recording
# the replay's events together with the kernel's rv:event_/error_ and the
# module's rvreplay:event_/error_ pagefault and sleep. On the host it
# assembles two trace.dat of each recording (ASSEMBLE,
# tests/kmod/live/assemble.c): NAME.dat without the module's formats (the
# kernel's view) and NAME.kmod.dat without the kernel's (the module's),
# the very same records in both. Then, per scenario:
#
#   kernel   `rvreplay diff --states` on NAME.dat: every difference
#	     explained (no UNEXPLAINED verdict or step)
#   module   the same on NAME.kmod.dat, held to what tests/kmod/live asks
#	     of the module: equal, or only the scenario's own class
#   versus   the module's verdicts against the kernel's, each tied to its
#	     record by both diffs: equal, except where the kernel saw what
#	     the module does not ([sleep-at-set-state], [hardirq-edge]) or
#	     the trace lost the records ([lost-events])
#
# The counts go to $KMOD_BUILD_DIR/upstream/results.tsv.
#
# The scenarios are those of tests/kmod/live that the 6.17 monitors can
# judge: every workload, prio-late-*, preexisting and lost; not the
# 7.1/7.3 profile cases, and nanosleep-raw runs with the kernel's printk
# reactor instead of the module's.
#
# RVREPLAY_KERNEL_MONITORS=v11 (passed on to build-kernel.sh) boots the
# kernel whose monitors are exactly the series' v11, without 6.17's
# one-line change to ltl_monitor.h; set KMOD_BUILD_DIR too to keep both
# runs' outputs (kmod/upstream/README.md). v11 steps once more at every
# instance start: its step differences are expected, so with v11 only
# the verdicts are held to "explained".
#
# Where the rtapp series or QEMU is absent the arch is skipped with the
# reason, except under CI=true, where that fails. Prints "ok"/"not ok"
# lines and ends with "N passed, N failed, N skipped".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
upstream=$repo/kmod/upstream
# shellcheck source=SCRIPTDIR/../../../kmod/qemu/guest-kernel.sh
. "$repo/kmod/qemu/guest-kernel.sh"
# shellcheck source=SCRIPTDIR/../tap.sh
. "$here/../tap.sh"

if [ $# -lt 2 ]; then
	echo "usage: $(basename "$0") RVREPLAY ASSEMBLE [ARCH...]" >&2
	exit 2
fi
rvreplay=$(realpath "$1")
assemble=$(realpath "$2")
shift 2
build=${KMOD_BUILD_DIR:-$repo/build/kmod}/upstream
guest_timeout=${KMOD_UPSTREAM_TIMEOUT:-900}
results=$build/results.tsv
v11=0
[ "${RVREPLAY_KERNEL_MONITORS:-6.17}" = v11 ] && v11=1
# The monitors compared: the rtapp container and the kernel's wwnr (the
# module is enabled before tracing starts: its line naming them is not in
# the trace).
monitors=(-m rtapp -m wwnr)
# The example rule built into the kernel beside them (rule_check())
rule=$repo/examples/specs/no-mm-calls.ltl

# The scenarios: NAME BUFFER_KB OPTIONS COMMAND ARGS (guest-upstream.c).
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
	echo "nanosleep-raw 8192 react=printk nanosleep raw"
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
	echo "prio-late-wake 8192 - prio_late wake"
	echo "prio-late-fault 8192 - prio_late fault"
	echo "preexisting 8192 pre=preexisting -"
	for v in rt before; do
		echo "mm_calls-$v 8192 - mm_calls $v"
	done
	echo "lost 4 - futex_wake lower"
	if [ "$arch" = x86_64 ] && [ -x "$build/$arch/payload/cyclictest" ]; then
		echo "cyclictest 16384 - ld.so --library-path /payload/lib /payload/cyclictest" \
			"-m -q -t 2 -p 80 -i 1000 -l 300"
	fi
}

# Debian's cyclictest is dynamic: it runs through its own loader, with
# its libraries in /payload/lib (bookworm has no riscv64 build of it).
payload_cyclictest()
{
	local payload=$1 lib

	command -v cyclictest > /dev/null || return 0
	mkdir -p "$payload/lib"
	cp /usr/bin/cyclictest "$payload/cyclictest"
	for lib in $(ldd /usr/bin/cyclictest | awk '$3 ~ /^\// { print $3 }'); do
		cp -L "$lib" "$payload/lib/"
	done
	cp -L /lib64/ld-linux-x86-64.so.2 "$payload/ld.so"
}

payload_build()
{
	local arch=$1 payload=$2 tree=$3 cc

	cc=$(guest_cc "$arch")
	rm -rf "$payload"
	mkdir -p "$payload"
	"$repo/kmod/build.sh" "$tree" "$build/$arch/module" > /dev/null &&
	cp "$build/$arch/module/rvreplay.ko" "$payload/" &&
	"$cc" -static -O2 -Wall -Wextra -Werror -o "$payload/run" "$here/guest-upstream.c" &&
	make -s -C "$repo" -f tests/workloads/workloads.mk BUILD="$build/$arch" CC="$cc" \
		WORKLOAD_LDFLAGS=-static workloads &&
	cp "$build/$arch"/workloads/* "$payload/" || return 1
	for w in prio_late preexisting; do
		"$cc" -static -std=gnu11 -O2 -Wall -Wextra -Werror -pthread -I"$repo/tests/workloads" \
			-o "$payload/$w" "$repo/tests/kmod/live/$w.c" "$repo/tests/workloads/workload.c" ||
			return 1
	done
	[ "$arch" = x86_64 ] && payload_cyclictest "$payload"
	plan "$arch" > "$payload/plan"
}

# One results.tsv row: arch scenario view exit live replayed matched
# live_only replay_only unexplained classes (view: kernel or module, the
# live verdicts diffed with the replay; versus: the module's against the
# kernel's, then "live" is the kernel's, "replayed" the module's).
record()
{
	local arch=$1 name=$2 view=$3 rc=$4 out=$5 sum classes

	sum=$(grep -m1 '^Summary:' "$out")
	classes=$(echo "$sum" | grep -oE '[a-z-]+ x[0-9]+' | tr '\n' ' ')
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$arch" "$name" "$view" "$rc" \
		"$(echo "$sum" | sed -nE 's/^Summary: ([0-9]+) live verdicts.*/\1/p')" \
		"$(echo "$sum" | sed -nE 's/.*verdicts, ([0-9]+) replayed.*/\1/p')" \
		"$(echo "$sum" | sed -nE 's/.* ([0-9]+) matched.*/\1/p')" \
		"$(echo "$sum" | sed -nE 's/.* ([0-9]+) live only.*/\1/p')" \
		"$(echo "$sum" | sed -nE 's/.* ([0-9]+) replay only.*/\1/p')" \
		"$(grep -c 'UNEXPLAINED' "$out")" "${classes:-none}" >> "$results"
}

# The differences diff explained that are not of CLASSES (a|b|...).
other_classes()
{
	grep -oE 'explained \[[a-z-]+\]' "$1" | grep -vE "\[($2)\]"
}

# diff_check DESC ARCH NAME VIEW TRACE WANT [DIFF OPTIONS...]: every
# difference explained (no UNEXPLAINED verdict, nor step but under v11);
# WANT "any" takes exit 0 or 1, "0" asks for no difference, classes
# (a|b) for differences of those classes only (the module's view).
diff_check()
{
	local desc=$1 arch=$2 name=$3 view=$4 trace=$5 want=$6 out got unexplained
	shift 6
	out=$trace${1:+$1}.diff

	"$rvreplay" diff --states -s "${monitors[@]}" "$@" "$trace" > "$out" 2>&1
	got=$?
	record "$arch" "$name${1:+ $1}" "$view" "$got" "$out"
	if [ "$v11" = 1 ]; then
		unexplained=$(grep -E -B8 -A3 -m3 '^  diff: +UNEXPLAINED' "$out")
	else
		unexplained=$(grep -B8 -A3 -m3 UNEXPLAINED "$out")
	fi
	if [ "$got" -gt 1 ]; then
		not_ok "$desc" "rvreplay diff exited $got:" "$(head -c 1500 "$out")"
	elif [ -n "$unexplained" ]; then
		not_ok "$desc" "unexplained differences ($out):" "$unexplained"
	elif [ "$want" = 0 ] && [ "$got" != 0 ]; then
		not_ok "$desc" "differences ($out):" "$(grep -m5 'explained \[' "$out")"
	elif [ "$want" != any ] && [ "$want" != 0 ] && other_classes "$out" "$want" | grep -q .; then
		not_ok "$desc" "differences other than [$want] ($out):" "$(other_classes "$out" "$want" | head -5)"
	else
		ok "$desc: $(grep -m1 '^Summary' "$out" | sed 's/^Summary: //')"
	fi
}

# "monitor|pid|cpu|time side class" for every verdict a full diff listing
# (--ts ns) shows; side is matched, live (only) or replay (only).
verdict_keys()
{
	awk '
	function flush() { if (key != "") print key, side, cls; key = "" }
	/^(matched|live only|replay only) / {
		flush()
		n = split($0, w, / +/)
		side = $1 == "matched" ? "matched" : $1
		key = w[side == "matched" ? 2 : 3] "|" w[n - 4] "|" w[n - 2] "|" w[n]
		cls = "-"
		next
	}
	/^  diff: / {
		if (match($0, /\[[a-z-]+\]/))
			cls = substr($0, RSTART + 1, RLENGTH - 2)
		else if ($0 ~ /UNEXPLAINED/)
			cls = "unexplained"
	}
	/^Summary:/ { flush() }
	END { flush() }
	' "$1" | LC_ALL=C sort
}

# The module's verdicts against the kernel's: both diffs tie each live
# verdict to the record it belongs to, and the two traces hold the same
# records. A verdict one has and the other not is allowed only where the
# kernel saw events the module does not ([sleep-at-set-state],
# [hardirq-edge]; wwnr's start on the raw switch state, [switch-state]),
# where an interrupt came between the trace event's probe and the kernel
# monitor's ([probe-order], docs/semantics.md section 11),
# where the module's instance was monitoring before the trace began
# ([before-trace]), or where the trace lost records.
versus_check()
{
	local arch=$1 name=$2 dat=$3 out=$3.versus
	local kernel=$dat.full module=${dat%.dat}.kmod.dat.full

	"$rvreplay" diff --ts ns "${monitors[@]}" "$dat" > "$kernel" 2>&1
	"$rvreplay" diff --ts ns "${monitors[@]}" "${dat%.dat}.kmod.dat" > "$module" 2>&1
	LC_ALL=C join -a1 -a2 -e none -o 0,1.2,1.3,2.2,2.3 <(verdict_keys "$kernel") <(verdict_keys "$module") |
	awk '
	function live(side) { return side == "matched" || side == "live" }
	{
		k = live($2); m = live($4)
		if (k && m) { both++; next }
		if (!k && !m) { neither++; next }
		why = $3 == "lost-events" || $5 == "lost-events" ? "lost-events" : \
		      $3 == "sleep-at-set-state" || $3 == "hardirq-edge" || $3 == "switch-state" || \
		      $3 == "probe-order" ? $3 : \
		      $5 == "before-trace" ? $5 : ""
		if (why == "") {
			bad++
			print "    differ: " $1 " kernel " $2 " [" $3 "], module " $4 " [" $5 "]" > "/dev/stderr"
			next
		}
		n[why]++
		if (k) kernel_only++; else module_only++
	}
	END {
		# the Summary line as rvreplay diff words it, for record()
		printf "Summary: %d live verdicts, %d replayed: %d matched, %d live only, %d replay only",
		       both + kernel_only, both + module_only, both, kernel_only, module_only
		why = ""
		for (w in n) why = why sprintf(", %s x%d", w, n[w])
		if (!kernel_only && !module_only && !bad)
			print ": all match"
		else
			printf "; %d unexplained%s\n", bad, why
		printf "Versus: %d kernel verdicts, %d of rvreplay.ko: %d the same, %d kernel only, " \
		       "%d module only%s%s\n", both + kernel_only, both + module_only, both,
		       kernel_only, module_only, bad ? sprintf(", %d UNEXPLAINED", bad) : "", why
	}' > "$out" 2> "$out.err"
	record "$arch" "$name" versus - "$out"
	if grep -q UNEXPLAINED "$out"; then
		not_ok "$arch $name: rvreplay.ko's verdicts are the kernel's" \
			"the module and the kernel differ ($kernel, $module):" "$(head -5 "$out.err")"
	else
		ok "$arch $name: rvreplay.ko's verdicts are the kernel's: $(sed -n 's/^Versus: //p' "$out")"
	fi
}

# The example rule the kernel was built with (kmod/upstream/rules/, what
# rvreplay spec export wrote of examples/specs/no-mm-calls.ltl) ran in
# every scenario: its live verdicts and steps (rv:error_/event_no_mm_calls)
# are the replay's of the rule, each difference explained. mm_calls-rt
# must have live verdicts, every one the replay's.
rule_check()
{
	local arch=$1 name=$2 dat=$3 out=$3.rule got sum

	"$rvreplay" diff --states -s --spec "$rule" "$dat" > "$out" 2>&1
	got=$?
	record "$arch" "$name" rule "$got" "$out"
	sum="$(grep -m1 '^Summary' "$out" | sed 's/^Summary: //'); $(grep -m1 '^States' "$out")"
	if [ "$got" -gt 1 ]; then
		not_ok "$arch $name: the kernel's no_mm_calls is the replay's rule" \
			"rvreplay diff exited $got:" "$(head -c 1500 "$out")"
	elif grep -q UNEXPLAINED "$out"; then
		not_ok "$arch $name: the kernel's no_mm_calls is the replay's rule" \
			"unexplained differences ($out):" "$(grep -B8 -A3 -m3 UNEXPLAINED "$out")"
	elif [ "$name" = mm_calls-rt ] &&
	     { [ "$got" != 0 ] || ! echo "$sum" | grep -qE '^[1-9][0-9]* live verdicts.*States: [1-9]'; }; then
		not_ok "$arch $name: the kernel's no_mm_calls judged the workload as the replay" \
			"wanted live verdicts, all matched ($out):" "$sum"
	else
		ok "$arch $name: the kernel's no_mm_calls is the replay's rule: $sum"
	fi
}

# The module's view: the classes a module can show where it is not
# started with the trace (tests/kmod/live holds it to less, with
# sync_tracing): priorities no event showed yet, lost records, what it
# learned before the trace began. Never what only the kernel sees.
module_classes='priority-late|lost-events|before-trace'

module_check()
{
	local arch=$1 out=$2 name=$3 dat=${4%.dat}.kmod.dat

	if ! grep -q 'events lost: 0 no instance, 0 busy' "$out/$name/kmod-stats" 2> /dev/null; then
		not_ok "$arch $name: the module lost events" "$(cat "$out/$name/kmod-stats" 2> /dev/null)"
		return
	fi
	diff_check "$arch $name: module and replay agree, or differ only by [$module_classes]" \
		"$arch" "$name" module "$dat" "$module_classes"
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
	if ! grep -qx 'rtapp' "$out/$name/rv-enabled" 2> /dev/null ||
	   ! grep -qx 'wwnr' "$out/$name/rv-enabled"; then
		not_ok "$arch $name: rtapp and wwnr were not enabled" \
			"$(cat "$out/$name/rv-enabled" 2> /dev/null)"
		return
	fi
	if ! "$assemble" -x rvreplay "$out" "$name" "$dat" 2> "$dat.err" ||
	   ! "$assemble" -x rv "$out" "$name" "${dat%.dat}.kmod.dat" 2>> "$dat.err"; then
		not_ok "$arch $name: assemble the trace.dat" "$(cat "$dat.err")"
		return
	fi
	diff_check "$arch $name: every kernel verdict matched or explained" "$arch" "$name" \
		kernel "$dat" any
	if [ "$name" = preexisting ]; then
		diff_check "$arch $name --infer: every difference explained" "$arch" "$name" \
			kernel "$dat" any --infer
	fi
	rule_check "$arch" "$name" "$dat"
	module_check "$arch" "$out" "$name" "$dat"
	versus_check "$arch" "$name" "$dat"
}

# One retry when the guest hung before init started (QEMU under host load).
boot_guest()
{
	local rc=0

	"$upstream/run-guest.sh" "$@" "$guest_timeout" || rc=$?
	if [ "$rc" = 3 ] && ! grep -aq RVTEST-BEGIN "$4/console.log"; then
		echo "# $1: the guest hung in early boot, once more"
		rc=0
		"$upstream/run-guest.sh" "$@" "$guest_timeout" || rc=$?
	fi
	return "$rc"
}

upstream_test()
{
	local arch=$1 payload=$build/$1/payload out=$build/$1/out image tree rc=0 name

	if ! command -v "qemu-system-$arch" > /dev/null; then
		skip "$arch: no qemu-system-$arch (apt-get install \$(sed 's/#.*//' kmod/qemu/debian-packages))"
		return
	fi
	image=$("$upstream/build-kernel.sh" "$arch" 2> "$build/$arch.kernel.log") || rc=$?
	if [ "$rc" = 77 ]; then
		skip "$arch: $(tail -1 "$build/$arch.kernel.log")"
		return
	elif [ "$rc" != 0 ]; then
		not_ok "$arch: build the upstream-monitor kernel" "$(tail -20 "$build/$arch.kernel.log")"
		return
	fi
	tree=${image%/arch/*}
	ok "$arch: upstream-monitor kernel $image"
	if ! payload_build "$arch" "$payload" "$tree" > "$build/$arch.build.log" 2>&1; then
		not_ok "$arch: build rvreplay.ko, the runner and the workloads" \
			"$(tail -20 "$build/$arch.build.log")"
		return
	fi
	ok "$arch: build rvreplay.ko, the runner and the workloads"
	if boot_guest "$arch" "$image" "$payload" "$out"; then
		ok "$arch: guest ran every scenario ($(cat "$out/boot-seconds") s)"
	else
		not_ok "$arch: guest ran every scenario" \
			"$(grep -a 'guest-upstream' "$out/console.log" 2> /dev/null | tail -5)"
	fi
	if grep -aq 'rv: sleep: nanosleep\[[0-9]*\]: violation detected' "$out/rvtest-dmesg.txt" 2> /dev/null; then
		ok "$arch: the kernel's printk reactor logged the sleep violations"
	else
		not_ok "$arch: the kernel's printk reactor logged the sleep violations" \
			"$(grep -a 'rv:' "$out/rvtest-dmesg.txt" 2> /dev/null | tail -3)"
	fi
	# wip too: this kernel has the preemptirq tracepoints (tests/kmod/wip runs it)
	if [ "$(cat "$out/kmod-available" 2> /dev/null)" = pagefault,sleep,wip,wwnr ]; then
		ok "$arch: rvreplay.ko loaded beside the in-tree monitors, pagefault, sleep, wip and wwnr available"
	else
		not_ok "$arch: rvreplay.ko loaded beside the in-tree monitors, pagefault, sleep, wip and wwnr available" \
			"available: $(cat "$out/kmod-available" 2> /dev/null)" \
			"$(grep -a rvreplay "$out/rvtest-dmesg.txt" 2> /dev/null | tail -3)"
	fi
	while read -r name _; do
		scenario_check "$arch" "$out" "$name"
	done < "$payload/plan"
	wwnr_check "$arch" "$out/blocking_io-poll.dat"
	threadirqs_test "$arch" "$image"
	classes_check "$arch"
}

# The kernel's wwnr refereed something: poll sleeps in TASK_INTERRUPTIBLE
# alone (poll_schedule_timeout()), where its instances start as the
# replay's do, so its steps are compared with the replay's.
wwnr_check()
{
	local arch=$1 dat=$2 states

	"$rvreplay" diff -s --states -m wwnr "$dat" > "$dat.wwnr" 2>&1
	states=$(grep -m1 '^States' "$dat.wwnr")
	if echo "$states" | grep -qE '^States: [1-9][0-9]* live steps' &&
	   ! grep -q UNEXPLAINED "$dat.wwnr"; then
		ok "$arch: the kernel's wwnr judged $(basename "$dat"): ${states#States: }"
	else
		not_ok "$arch: the kernel's wwnr judged $(basename "$dat"), every difference explained" \
			"$states" "$(grep -m3 -B2 UNEXPLAINED "$dat.wwnr")"
	fi
}

# The second boot, with threadirqs: an interrupt's exit then wakes
# ksoftirqd (made SCHED_FIFO for the scenario) between the preempt count
# leaving hard irq context and lockdep's hardirq_context doing so, which
# is the [hardirq-edge] the 6.17 sleep monitor sees and a trace does not
# (guest-upstream.c, softirqd_prio()). The runner spins with tracing on
# so that its CPU's ticks raise soft irqs.
threadirqs_test()
{
	local arch=$1 image=$2 payload=$build/$1/payload-threadirqs out=$build/$1/out-threadirqs name

	rm -rf "$payload"
	cp -a "$build/$arch/payload" "$payload"
	echo "hardirq-edge 8192 softirqd=50,spin=2000 -" > "$payload/plan"
	if KMOD_GUEST_APPEND="${KMOD_GUEST_APPEND:+$KMOD_GUEST_APPEND }threadirqs" \
	   boot_guest "$arch" "$image" "$payload" "$out"; then
		ok "$arch: threadirqs guest ran ($(cat "$out/boot-seconds") s)"
	else
		not_ok "$arch: threadirqs guest ran" \
			"$(grep -a 'guest-upstream' "$out/console.log" 2> /dev/null | tail -5)"
	fi
	while read -r name _; do
		scenario_check "$arch" "$out" "$name"
	done < "$payload/plan"
}

# The wakeups of ksoftirqd an interrupt's exit made in the threadirqs
# trace: task context there (no "h" flag), hard irq for lockdep.
edge_wakeups()
{
	trace-cmd report -l "$1" 2> /dev/null |
		awk '/sched_waking:/ && /comm=ksoftirqd\// && $2 !~ /h/ { n++ } END { print n + 0 }'
}

# Each divergence the referee must expose (docs/semantics.md section 5)
# is provoked by some scenario, as a verdict or a step the kernel's diff
# explains with that class. [hardirq-edge] cannot diverge with the 6.17
# monitors: the only task an interrupt's exit wakes in that window is
# ksoftirqd, a kernel thread older than any monitor, whose instance
# never starts (KTHREAD_SHOULD_STOP stays unknown until it is stopped).
# The threadirqs boot provokes the window; the check is that it did, and
# that neither side judged those wakeups differently (scenario_check).
# [switch-state] is wwnr's: a sleep in TASK_INTERRUPTIBLE | TASK_FREEZABLE
# (nanosleep, futex waits) starts the replay's instance and not the
# kernel's.
classes_check()
{
	local arch=$1 class where edge=$build/$1/out-threadirqs/hardirq-edge.dat n

	for class in sleep-at-set-state hardirq-edge priority-late switch-state; do
		where=$(grep -l "explained \[$class\]" "$build/$arch"/out*/*[!d].dat.diff 2> /dev/null |
			sed 's|.*/||; s|\.dat\.diff$||' | tr '\n' ' ')
		if [ -n "$where" ]; then
			ok "$arch: the kernel's monitors expose [$class]: ${where% }"
		elif [ "$class" != hardirq-edge ]; then
			not_ok "$arch: the kernel's monitors expose [$class]" "no kernel diff names it"
		elif n=$(edge_wakeups "$edge") && [ "$n" -gt 0 ]; then
			ok "$arch: the hard irq edge provoked ($n wakeups of ksoftirqd at an interrupt's exit), judged alike: ksoftirqd's instance never starts"
		else
			not_ok "$arch: the hard irq edge provoked" "no wakeup of ksoftirqd in task context in $edge"
		fi
	done
}

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 riscv64)
mkdir -p "$build"
printf 'arch\tscenario\tview\tdiff_exit\tlive\treplayed\tmatched\tlive_only\treplay_only\tunexplained\tclasses\n' > "$results"
for arch in "${arches[@]}"; do
	case $arch in
	x86_64|riscv64)
		upstream_test "$arch"
		;;
	*)
		not_ok "unknown arch $arch"
		;;
	esac
done
echo "# per-scenario counts: $results"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

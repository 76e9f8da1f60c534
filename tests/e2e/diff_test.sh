#!/bin/sh
# rvreplay diff on traces recorded live with rvreplay.ko and with the
# kernel's own rtapp monitors (tests/kmod/traces, see its README): matched
# verdicts and steps, each documented divergence class named, the kernel's
# rv:* naming, and the command's errors.
#
# usage: diff_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
T=tests/kmod/traces
FUTEX=$T/x86_64-futex_wake-lower.dat

check "all verdicts match" "diff $FUTEX" 0 \
	"Summary: 5 live verdicts, 5 replayed: 5 matched, 0 live only, 0 replay only: all match"
check "matched verdicts listed one a line" "diff $FUTEX" 0 \
	"^matched +sleep +futex_wake +pid [0-9]+ +CPU 0 at "
check "the module's own live verdicts" "diff $FUTEX" 0 "rvreplay module's rvreplay:error_"
check "the window the module ran in" "diff $FUTEX" 0 "live monitors ran from [0-9.]+ to [0-9.]+"
check "--states: every step identical" "diff --states -s $FUTEX" 0 \
	"States: ([0-9]+) live steps, \\1 replayed: identical"
check "-q prints nothing" "diff -q $FUTEX" 0 ""
check "-m sleep compares sleep only" "diff -m sleep $FUTEX" 0 "^monitors: sleep \\("
RV=$T/x86_64-futex_wake-lower-rv.dat
check "the kernel's rv:* naming" "diff $RV" 0 "live verdicts: the kernel's rv:error_"
check "rv:* verdicts tied and matched" "diff -s $RV" 0 "5 matched, 0 live only, 0 replay only"
check "riscv64: sleep only, all match" "diff $T/riscv64-cond_signal-lower.dat" 0 \
	"monitors: sleep \\(profile 6.17, arch riscv64\\)"
check "profile 7.3 from the module's line" \
	"diff --states $T/x86_64-7.3-clock_nanosleep-realtime-abs.dat" 0 \
	"monitors: pagefault sleep wakeup \\(profile 7.3"

P=$T/x86_64-prio-late-fault.dat
check "priority-late: exit 1" "diff -s $P" 1 "5 live only, 5 replay only; 0 unexplained, priority-late x10"
check "priority-late: the context of a live-only verdict" "diff $P" 1 \
	"^live only +pagefault"
check "priority-late: where the instances went apart" "diff $P" 1 \
	"live: +\\(0\\) x \\(pa,rt\\) -> \\(\\)"
check "priority-late: a replay-only verdict explained" "diff $P" 1 \
	"explained \\[priority-late\\]: a priority change no recorded event showed"
check "--states names the first differing step" "diff --states -s $P" 1 \
	"first differing step: pagefault pid [0-9]+ at [0-9.]+, CPU [0-9]: explained \\[priority-late\\]"

E=$T/x86_64-preexisting.dat
check "task older than the trace: equal without inference" "diff --states -s $E" 0 "all match"
check "with --infer: only inference differences" "diff --infer -s $E" 1 \
	"0 matched, 0 live only, [1-9][0-9]* replay only; 0 unexplained, inference x"

L=$T/x86_64-lost.dat
check "lost events explain what follows" "diff -s $L" 1 "0 unexplained, lost-events x[1-9]"
check "lost events counted" "diff -s $L" 1 "Lost events: [1-9][0-9]* gaps"
check "without the module's line, monitors the trace cannot judge are dropped" \
	"diff -s $T/riscv64-lost.dat" 1 "pagefault not compared: exceptions:page_fault_user is no tracepoint of riscv64 kernels before 6.17"

# The kernel's own monitors (tests/kmod/upstream, 6.12 with the rtapp series).
K=$T/riscv64-kernel-v11-blocking_io-read-preempted.dat
check "SLEEP set after a preemption: tied to the switch out as R" "diff $K" 1 \
	"event: +blocking_io-112 .* sched_switch: +blocking_io:112 \\[49\\] R ==>"
check "SLEEP set after a preemption: sleep-at-set-state, not unexplained" "diff -s $K" 1 \
	"1 matched, 1 live only, 0 replay only; 0 unexplained, sleep-at-set-state x1"
K=$T/x86_64-kernel-prio-late-wake.dat
check "each difference its own class, not the task's first" "diff -s $K" 1 \
	"5 replay only; 0 unexplained, priority-late x5\$"
check "the steps of a later difference: the waker's priority" "diff $K" 1 \
	"live: +\\(1-2\\) x \\(fu_wa,rt,wo_eq_hi_pr\\) -> "
check "SLEEP at set_current_state() then the switch: in step again" "diff --states -s $K" 1 \
	"first differing step: sleep pid [0-9]+ at [0-9.]+, CPU 0: explained \\[sleep-at-set-state\\]"
K=$T/x86_64-kernel-before-trace.dat
check "a kernel thread the live monitor knew before the trace: before-trace" \
	"diff --states -s $K" 1 \
	"first differing step: sleep pid 41 at [0-9.]+, CPU 1: explained \\[before-trace\\]"
check "before-trace: the verdicts still all match" "diff -s $K" 0 \
	"5 matched, 0 live only, 0 replay only: all match"
K=$T/x86_64-kernel-prio-late-fault.dat
check "rv:* verdicts not tied to a record after the task slept" "diff -s $K" 1 \
	"0 matched, 5 live only, 5 replay only; 0 unexplained, priority-late x10"

# The automata live: rvreplay.ko's stall and wwnr (profile 7.1,
# stall.threshold_jiffies=2 from its line), and the kernel's own wwnr.
S=$T/x86_64-stall.dat
check "stall and wwnr live: every verdict matched" "diff -s $S" 0 \
	"Summary: 6 live verdicts, 6 replayed: 6 matched, 0 live only, 0 replay only: all match"
check "the module's monitors and profile from its line" "diff -s $S" 0 \
	"^monitors: pagefault sleep stall wwnr \\(profile 7.1"
check "a clock past its bound at the disabling, matched by time" "diff -s $S" 0 \
	"^Clocks: 1 live verdicts of a clock that ran out \\(event none\\), 1 matched by time"
check "automata steps by name: every step identical" "diff --states -s $S" 0 \
	"States: ([0-9]+) live steps, \\1 replayed: identical"
check "stall's verdicts listed" "diff -m stall $S" 0 \
	"^matched +stall +stall +pid 181 +CPU 0 at "
check "the module's threshold read from its line: --param over it differs" \
	"diff -s --param stall.threshold_jiffies=1000 $S" 1 \
	"2 matched, 4 live only, 0 replay only; 4 unexplained"
check "a live error that stopped the instance is no start difference" \
	"diff -s --states --param stall.threshold_jiffies=1000 $S" 1 \
	"first differing step: stall pid 181 at [0-9.]+, CPU 0: UNEXPLAINED"
W=$T/x86_64-kernel-wwnr-futex_wake-higher.dat
check "the kernel's wwnr: a freezable sleep starts the replay's instance only" \
	"diff -s --states -m wwnr $W" 1 \
	"first differing step: wwnr pid 72 at [0-9.]+, CPU 0: explained \\[switch-state\\]"
check "the kernel's wwnr: its DA layout read" "diff -s --states -m wwnr $W" 1 \
	"live: +not_running x wakeup -> not_running"
check "the kernel's wwnr: a task it knew before the trace" "diff -s --states -m wwnr $W" 1 \
	"first differing step: wwnr pid 21 at [0-9.]+, CPU 1: explained \\[before-trace\\]"
check "the kernel's wwnr beside rtapp: every difference explained" \
	"diff -s -m rtapp -m wwnr $W" 0 "0 matched, 0 live only, 0 replay only: all match"

check_error "no sign of a live monitor: nothing to compare" "diff -s traces/mutex-nonpi.dat" \
	"nothing to compare: no sign that a live monitor ran"
check_error "--states, no sign of a live monitor" "diff --states traces/mutex-nonpi.dat" \
	"nothing to compare: no sign that a live monitor ran"
check_error "no trace" "diff" "no trace file given"
check_error "two traces" "diff $FUTEX $FUTEX" "one trace file at a time"
check_error "unknown option" "diff --frobnicate $FUTEX" "unknown option"
check_error "unknown monitor" "diff -m nosuch $FUTEX" "nosuch"
check_error "missing file" "diff $TMP/none.dat" "none.dat"
check_error "bad --lost-events" "diff --lost-events=maybe $FUTEX" "bad --lost-events"
check "help" "diff --help" 0 "usage: rvreplay diff"
finish

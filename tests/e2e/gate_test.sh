#!/bin/sh
# The exit code is a CI gate: 0 only when the monitors really judged the
# trace (rvreplay(1), EXIT STATUS and GATE RULES). Every case below exited
# 0, or gave advice that could not work, before the gate: events not
# recorded, monitors the kernel cannot offer, lost events with
# --lost-events=fail, traces without a uname, diff without live verdicts,
# usage mistakes, output files, damaged data. Special traces are made at
# test time from the bundled ones (tests/lib/make_trace.py) and, where
# tracefs allows, recorded here as trace-cmd users record them
# (scripts/extract-trace.sh).
#
# usage: gate_test.sh   (from the top of the tree)

. tests/e2e/lib.sh
T=traces
K=tests/kmod/traces
MAKE_TRACE=tests/lib/make_trace.py
MUTEX=$T/mutex-nonpi.dat
RISCV=$K/riscv64-cond_signal-lower.dat

# ---- monitors the trace's kernel cannot offer (riscv64 6.1: no page faults) ----

check "rtapp on riscv64 6.1: sleep judged, pagefault named" "-s $RISCV" 1 \
	"pagefault not judged: exceptions:page_fault_user is no tracepoint of riscv64 kernels before 6.17 \\(riscv64 6"
check "rtapp on riscv64 6.1: said in the report" "-s $RISCV" 1 \
	"^not judged: pagefault, unavailable:"
check "rtapp on riscv64 6.1: said even with -q" "-q $RISCV" 1 \
	"^rvreplay: warning: .*pagefault not judged"
check "rtapp on riscv64 6.1: JSON names it" "--json $RISCV" 1 \
	"\"unavailable_monitors\": \\[\\s*$"
"$RVREPLAY" --json "$RISCV" 2> /dev/null | grep -A4 '"unavailable_monitors"' > "$TMP/unav"
if grep -q '"monitor": "pagefault"' "$TMP/unav" && grep -q '"why": "exceptions:page_fault_user' "$TMP/unav"; then
	ok "JSON unavailable_monitors: monitor and why"
else
	not_ok "JSON unavailable_monitors: monitor and why" "$(cat "$TMP/unav")"
fi
check_error "-m pagefault on riscv64 6.1: exit 2" "-m pagefault $RISCV" \
	"pagefault is unavailable on this trace's kernel: exceptions:page_fault_user is no tracepoint"
check "check on riscv64 6.1: the others judge, exit 0" "check $RISCV" 0 \
	"^pagefault is unavailable on this kernel .*; the others are judged without it\\.$"
check "check -m pagefault on riscv64 6.1: exit 1" "check -m pagefault $RISCV" 1 \
	"^pagefault is unavailable on this kernel"
check "check on riscv64: the missing tracepoint is no MISSING event" "check $RISCV" 0 \
	"nokernel required exceptions:page_fault_user"

# ---- lost events: fail means any loss ----

"$MAKE_TRACE" dropped "$MUTEX" "$TMP/dropped.dat" 0 7
"$MAKE_TRACE" overrun "$MUTEX" "$TMP/overrun.dat" 1 3
check_error "--lost-events=fail: dropped where the trace does not say" \
	"--lost-events=fail $TMP/dropped.dat" "7 events dropped on CPU 0 where the trace does not say \\(a full buffer in no-overwrite mode\\)$"
check_error "--lost-events=fail: overwritten before the first record" \
	"--lost-events=fail $TMP/overrun.dat" "3 events lost on CPU 1 before the first record \\(overwritten\\)$"
check "lost events: a warning even with -q" "-q $TMP/dropped.dat" 1 \
	"^rvreplay: warning: .*events were lost \\(1 gap\\)"
check "--lost-events=fail on a whole trace: the verdict" "-s --lost-events=fail $MUTEX" 1 \
	"^Summary: 6 violations"

# ---- damaged data: an error, or with --damaged=report lost data ----

"$MAKE_TRACE" commit-past "$MUTEX" "$TMP/commit-past.dat" 0 2
"$MAKE_TRACE" cut-event "$MUTEX" "$TMP/cut-event.dat" 1 1
check_error "a page's commit past the page: exit 2, naming CPU and offset" "$TMP/commit-past.dat" \
	"CPU 0: a ring-buffer page whose header or commit lies outside the page at offset [0-9]+, after its record at [0-9.]+; the records after it cannot be read"
check_error "an event past its page's commit: exit 2" "$TMP/cut-event.dat" \
	"CPU 1: a ring-buffer page with an event reaching past its commit at offset [0-9]+"
check "--damaged=report: the rest replayed, the damage reported" \
	"-s --damaged=report $TMP/commit-past.dat" 0 \
	"CPU 0: records lost after [0-9.]+: a ring-buffer page whose header or commit lies outside the page at offset [0-9]+"
check "--damaged=report: said on stderr too" "-q --damaged=report $TMP/commit-past.dat" 0 \
	"^rvreplay: warning: .*events were lost \\(1 gap\\)"
check "--damaged=report: in JSON" "--json --damaged=report $TMP/cut-event.dat" 1 \
	"\"where\": \"damaged\""
check_error "check: a damaged trace is exit 2" "check $TMP/commit-past.dat" \
	"CPU 0: a ring-buffer page whose header or commit lies outside the page"
export RVREPLAY_READER=libtracecmd
check_error "libtracecmd's reader refuses it too" "--damaged=report $TMP/commit-past.dat" \
	"commit past the end in ring-buffer page 2 at byte 8, in the data of CPU 0$"
unset RVREPLAY_READER

# ---- a trace without a uname ----

"$MAKE_TRACE" no-uname "$MUTEX" "$TMP/no-uname.dat"
check_error "no uname, no evidence: candidates that disagree" "$TMP/no-uname.dat" \
	"no uname in the trace, and its architecture could be any of x86_64 arm64 riscv64 ppc64: give --arch$"
check "no uname: --arch settles it" "-s --arch x86_64 $TMP/no-uname.dat" 1 \
	"^Summary: 6 violations"
check "no uname: check still counts" "check $TMP/no-uname.dat" 1 \
	"ok +required sched:sched_switch +[1-9][0-9]*"
check "no uname: check says why nothing can judge yet" "check $TMP/no-uname.dat" 1 \
	"^No monitor can judge it yet: no uname in the trace.*give --arch\\.$"
check "one spelling of an unknown clock" "check $TMP/no-uname.dat" 1 "clock local"

# ---- usage mistakes ----

check_error "--from after --to" "--from 4553.96 --to 4553.95 $MUTEX" "--from is after --to"
check_error "--cpu the trace does not have" "--cpu 5 $MUTEX" "--cpu 5: the trace has CPUs 0 to 1"
check_error "--to beyond 64 bits of nanoseconds" "--to 18446744074 $MUTEX" "bad time '18446744074'"
check "--pid matching no task: a warning, exit by verdict" "-q --pid 999999 $MUTEX" 0 \
	"^rvreplay: warning: $MUTEX: --pid 999999: no such task in the trace$"
check "--comm matching no task: a warning" "-q --comm nosuchtask $MUTEX" 0 \
	"--comm 'nosuchtask': no task of the trace had such a name"
check "--comm matching a task: no warning" "-s --comm 'mutex_*' $MUTEX" 1 "^Summary: 6 violations"

# ---- output files ----

cp "$MUTEX" "$TMP/copy.dat"
sum=$(cksum < "$TMP/copy.dat")
check_error "-o the trace itself: refused" "-o $TMP/copy.dat $TMP/copy.dat" \
	"$TMP/copy.dat: is the trace being read: it would be overwritten"
if [ "$(cksum < "$TMP/copy.dat")" = "$sum" ]; then
	ok "-o the trace itself: the trace intact"
else
	not_ok "-o the trace itself: the trace intact"
fi
ln -s "$TMP/copy.dat" "$TMP/link-to-trace"
check_error "-o a link to the trace: refused" "-o $TMP/link-to-trace $TMP/copy.dat" \
	"is the trace being read"

ln -s target.txt "$TMP/report-link"
"$RVREPLAY" -s -o "$TMP/report-link" "$MUTEX" > /dev/null 2>&1
if [ -L "$TMP/report-link" ] && [ -f "$TMP/target.txt" ] && grep -q "^Summary: 6" "$TMP/target.txt"; then
	ok "-o LINK: the report where the link points, the link kept"
else
	not_ok "-o LINK: the report where the link points, the link kept" "$(ls -l "$TMP")"
fi

mkfifo "$TMP/fifo"
cat "$TMP/fifo" > "$TMP/from-fifo" &
reader=$!
"$RVREPLAY" -s -o "$TMP/fifo" "$MUTEX" > /dev/null 2>&1
# a run that never opened the FIFO leaves cat waiting for a writer: be one
timeout 5 sh -c ': > "$1"' sh "$TMP/fifo" 2> /dev/null
wait "$reader"
if [ -p "$TMP/fifo" ] && grep -q "^Summary: 6" "$TMP/from-fifo"; then
	ok "-o FIFO: written into it, not renamed over it"
else
	not_ok "-o FIFO: written into it, not renamed over it"
fi
if "$RVREPLAY" -s -o /dev/null "$MUTEX" > /dev/null 2>&1; [ $? = 1 ] && [ -c /dev/null ]; then
	ok "-o /dev/null: still the device"
else
	not_ok "-o /dev/null: still the device" "$(ls -l /dev/null)"
fi

mode_of() { stat -c %a "$1"; }
(umask 022 && "$RVREPLAY" -s -o "$TMP/m022.txt" "$MUTEX" > /dev/null 2>&1)
(umask 077 && "$RVREPLAY" -s -o "$TMP/m077.txt" "$MUTEX" > /dev/null 2>&1)
: > "$TMP/kept.txt"
chmod 640 "$TMP/kept.txt"
"$RVREPLAY" -s -o "$TMP/kept.txt" "$MUTEX" > /dev/null 2>&1
if [ "$(mode_of "$TMP/m022.txt")" = 644 ] && [ "$(mode_of "$TMP/m077.txt")" = 600 ] &&
   [ "$(mode_of "$TMP/kept.txt")" = 640 ]; then
	ok "output modes: 0666 less the umask; a replaced file keeps its mode"
else
	not_ok "output modes: 0666 less the umask; a replaced file keeps its mode" \
		"$(ls -l "$TMP"/*.txt)"
fi

"$RVREPLAY" -q -o "$TMP/quiet.txt" "$MUTEX" > "$TMP/quiet.out" 2>&1
if [ ! -s "$TMP/quiet.out" ] && grep -q "^sleep violations: " "$TMP/quiet.txt" &&
   grep -q "^Summary: 6" "$TMP/quiet.txt"; then
	ok "-q -o FILE: nothing on stdout, the whole report in FILE"
else
	not_ok "-q -o FILE: nothing on stdout, the whole report in FILE" "$(head -3 "$TMP/quiet.txt")"
fi
check "-q --json: JSON on stdout still" "-q --json $MUTEX" 1 "\"rvreplay_version\""
check "-q: nothing on stdout" "-q $MUTEX" 1 ""

# ---- diff needs proof that a live monitor ran ----

check_error "diff of a trace with no live monitor: nothing to compare" "diff $MUTEX" \
	"nothing to compare: no sign that a live monitor ran"
check "diff of a clean live run: 0" "diff -s $K/x86_64-preexisting.dat" 0 "all match"

# ---- nothing judged is no pass: a monitor that judged none of its tasks ----

# an RT task of a trace-cmd trace, not known to be a kernel thread or a user task
A32=tests/compat/guests/traces/armv7l-cyclictest-rel.dat
check "a task named as a kernel thread is, its kind untold: not a blind run, the coverage says" \
	"-m sleep --pid 15 $A32" 0 \
	"migration/0 +pid 15 +never judged: not known to be a kernel thread or a user task"
python3 tests/lib/make_trace.py comm $A32 "$TMP/a32-renamed.dat" migration/0 cyclicmigra
check_error "a monitor that judged none of the tasks asked for: exit 2, why" \
	"-q -m sleep --pid 15 $TMP/a32-renamed.dat" \
	"sleep judged none of the 1 real-time task it saw: pid 15 \\(cyclicmigra\\) never judged: not known to be a kernel thread or a user task"
"$RVREPLAY" -q -m sleep --pid 15 --jsonl "$TMP/none.jsonl" "$TMP/a32-renamed.dat" 2> /dev/null
if jq -e '.exit_code == 2 and (.error | test("judged none"))' "$TMP/none.jsonl" > /dev/null; then
	ok "...and its JSON Lines line says exit 2, and why"
else
	not_ok "...and its JSON Lines line says exit 2" "$(head -c 300 "$TMP/none.jsonl")"
fi
python3 tests/lib/make_trace.py syscalls-of $T/cyclictest-rel.dat "$TMP/nosys.dat" 1
check "tasks whose system calls the trace lacks: still judged where the trace tells" \
	"-q -m sleep $TMP/nosys.dat" 1 ""
check "the kernel's own blind spot is no error: a task RT from its first fault" \
	"-s -m pagefault $K/x86_64-preexisting.dat" 0 "^Summary: 0 violations: pagefault 0$"

# ---- events not recorded, as trace-cmd users record them ----

if [ "$(id -u)" = 0 ] && command -v trace-cmd > /dev/null && command -v unshare > /dev/null &&
   scripts/extract-trace.sh -e sched:sched_switch -o "$TMP/switch-only.dat" -- \
	sh -c 'for i in 1 2 3 4 5; do sleep 0.01; done' 2> "$TMP/extract.err"; then
	S=$TMP/switch-only.dat
	check_error "sched_switch only, every format: -m sleep is exit 2, naming every event" \
		"-m sleep $S" \
		"sleep cannot judge this trace: sched:sched_waking, sched:sched_wakeup, raw_syscalls:sys_enter and raw_syscalls:sys_exit were not recorded \\(a format but not one record, in a trace of other records\\); record it with 'rvreplay record -m sleep -o trace.dat -- COMMAND'$"
	check_error "sched_switch only: the default run is exit 2 too" "$S" \
		"sleep cannot judge this trace: sched:sched_waking, sched:sched_wakeup, raw_syscalls:sys_enter and raw_syscalls:sys_exit were not recorded"
	check "sched_switch only: pagefault alone judges (no fault is normal)" "-s -m pagefault $S" 0 \
		"^Summary: 0 violations"
	check "sched_switch only: check is exit 1, and says which" "check $S" 1 \
		"^sleep cannot judge this trace: sched:sched_waking, sched:sched_wakeup, raw_syscalls:sys_enter and raw_syscalls:sys_exit were not recorded"
	check "sched_switch only: check never says the trace holds everything" "check $S" 1 \
		"^pagefault can judge this trace\\.$"
	"$RVREPLAY" check "$S" > "$TMP/check.out" 2>&1
	line=$(grep '^  or: trace-cmd record' "$TMP/check.out")
	dups=$(echo "$line" | tr ' ' '\n' | grep ':' | sort | uniq -d)
	if [ -n "$line" ] && [ -z "$dups" ]; then
		ok "check's trace-cmd line names each event once"
	else
		not_ok "check's trace-cmd line names each event once" "$line" "twice: $dups"
	fi

	# a kernel without lock:contention_* (before 5.19), as its full dump shows
	"$MAKE_TRACE" rename-system "$S" "$TMP/no-lock.dat" lock lokk
	check "a kernel without lock events: the trace-cmd line leaves them out" "check $TMP/no-lock.dat" 1 \
		"^  or: trace-cmd record -e sched:sched_switch -e sched:sched_waking -e sched:sched_wakeup -e sched:sched_wakeup_new -e sched:sched_process_fork -e sched:sched_process_free -e sched:sched_pi_setprio -e sched:sched_kthread_stop -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit -e exceptions:page_fault_user -e exceptions:page_fault_kernel COMMAND$"
	check "a kernel without lock events: check says nokernel" "check $TMP/no-lock.dat" 1 \
		"^  nokernel optional lock:contention_begin"
	check "with them: the trace-cmd line names them" "check $S" 1 \
		"^  or: trace-cmd record .*-e lock:contention_begin -e lock:contention_end"

	scripts/extract-trace.sh -e sched:sched_switch -e sched:sched_waking -e sched:sched_wakeup \
		-e raw_syscalls:sys_enter -e raw_syscalls:sys_exit -e exceptions:page_fault_user \
		-o "$TMP/full.dat" -- sh -c 'sleep 0.05; ls / > /dev/null' 2> /dev/null
	"$MAKE_TRACE" no-uname "$TMP/full.dat" "$TMP/full-no-uname.dat"
	check "no uname, x86 event systems: x86_64, the evidence said" "-s $TMP/full-no-uname.dat" 0 \
		"no uname in the trace: architecture x86_64, from 8-byte kernel longs, x86 event systems"
	check "no uname: the evidence in the report" "$TMP/full-no-uname.dat" 0 \
		"arch x86_64, no uname: from 8-byte kernel longs"
	check "no uname: the evidence in JSON" "--json $TMP/full-no-uname.dat" 0 \
		"\"arch_evidence\": \"8-byte kernel longs"
elif [ "${CI:-}" = true ]; then
	not_ok "traces recorded as trace-cmd users record them" "$(cat "$TMP/extract.err" 2> /dev/null)"
else
	skip "traces recorded as trace-cmd users record them" "not root, or no trace-cmd"
fi

# ---- rvreplay record lists the events it enabled ----

if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems; then
	# tracefs as far as it is this script's: lib.sh's remember_state
	remember_state
	"$RVREPLAY" record -q -m sleep -o "$TMP/rec.dat" -- sleep 0.05 > /dev/null 2> "$TMP/rec.err"
	if trace-cmd report "$TMP/rec.dat" 2> /dev/null |
	   grep -q 'rvreplay-events: .*sched:sched_switch .*raw_syscalls:sys_exit'; then
		ok "record writes the list of events it enabled"
	else
		not_ok "record writes the list of events it enabled" "$(cat "$TMP/rec.err")"
	fi
	ln -s rec-target.dat "$TMP/rec-link"
	"$RVREPLAY" record -q -m sleep -o "$TMP/rec-link" -- true > /dev/null 2>&1
	if [ -L "$TMP/rec-link" ] && [ -s "$TMP/rec-target.dat" ]; then
		ok "record -o LINK: the trace where the link points, the link kept"
	else
		not_ok "record -o LINK: the trace where the link points, the link kept" "$(ls -l "$TMP")"
	fi
	"$RVREPLAY" record -q -m sleep -o /dev/stdout -- true > "$TMP/rec-stdout.dat" 2> /dev/null
	if [ -L /dev/stdout ] && head -c 10 "$TMP/rec-stdout.dat" | grep -q tracing; then
		ok "record -o /dev/stdout: the trace on stdout, /dev/stdout still a link"
	else
		not_ok "record -o /dev/stdout: the trace on stdout, /dev/stdout still a link" \
			"$(ls -l /dev/stdout)"
	fi
	(umask 027 && "$RVREPLAY" record -q -m sleep -o "$TMP/rec-mode.dat" -- true > /dev/null 2>&1)
	if [ "$(stat -c %a "$TMP/rec-mode.dat")" = 640 ]; then
		ok "record: the trace made 0666 less the umask"
	else
		not_ok "record: the trace made 0666 less the umask" "$(ls -l "$TMP/rec-mode.dat")"
	fi
	same_state "record"
elif [ "${CI:-}" = true ]; then
	not_ok "record writes the list of events it enabled" "no tracefs, or not root"
else
	skip "rvreplay record" "not root, or no tracefs"
fi
finish

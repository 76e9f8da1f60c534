#!/bin/sh
# Rules (--spec, rvreplay-spec(5)): a formula and its bindings compiled at
# run time into a monitor.
# - The kernel's rtapp/pagefault as a rule (examples/specs/pagefault.ltl)
#   gives the built-in pagefault's verdicts (pid, time, event) on every
#   bundled trace, the guests' and the other machines' ones.
# - The example no-mm-calls.ltl on its recorded trace: each violation is
#   the first mmap, munmap or brk of a real-time episode, as an independent
#   reading of `trace-cmd report -t` finds them (sched_setscheduler's
#   policy, the calls' numbers); the same workload calling them only
#   before it turns real-time: none. Its text names the bindings.
# - Every broken rule of tests/rules/broken/ gives exactly the one line
#   its first line expects, exit 2 and nothing on stdout.
# - Bindings in a .bind file beside the rule; -m with --spec; JSON cause.
# - An event of no monitor named with its system (rt-not-moved.ltl,
#   sched:sched_migrate_task for its pid field's task) against trace-cmd
#   report; the gate without it, a field its format lacks, '~' globs.
# - Instances: wip as a per-CPU rule equals the built-in; as a global one,
#   an independent run of its automaton over trace-cmd report.
# - rvreplay diff --spec on a trace of the kernel monitor that spec export
#   made of no-mm-calls.ltl (the 6.12 guest): every verdict and step equal.
#
# usage: rules_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
# the broken rules run from their folder, so that their lines name them alone
case $RVREPLAY in /*) BIN=$RVREPLAY ;; *) BIN=$PWD/$RVREPLAY ;; esac
PF=examples/specs/pagefault.ltl
MM=examples/specs/no-mm-calls.ltl
T=tests/rules/traces/mm-calls.dat

command -v python3 > /dev/null || skip_or_fail "rules" "no python3"
command -v trace-cmd > /dev/null || skip_or_fail "rules" "no trace-cmd"

# verdicts FILE: one "pid ts_ns event" line per violation of a JSON report
verdicts() {
	python3 -c '
import json, sys
for v in json.load(open(sys.argv[1]))["violations"]:
    print(v["pid"], v["ts_ns"], v["event"])' "$1" | sort
}

# no-mm-calls against trace-cmd report
"$RVREPLAY" --all --json --spec $MM "$T" > "$TMP/mm.json" 2> /dev/null
rc=$?
trace-cmd report -t -i "$T" 2> /dev/null > "$TMP/report"
if python3 - "$TMP/report" "$TMP/mm.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
# x86_64: mmap 9, munmap 11, brk 12, sched_setscheduler 144 (policy in arg 1)
MM = {9, 11, 12}
rt, started, want, pending = {}, {}, [], {}
line = re.compile(r"-(\d+)\s+\[\d+\]\s+(\d+)\.(\d+): (sys_enter|sys_exit):\s+NR (\d+) (.*)")
for l in open(sys.argv[1]):
    m = line.search(l)
    if not m:
        continue
    pid, ts = int(m[1]), int(m[2]) * 10**9 + int(m[3])
    kind, nr, rest = m[4], int(m[5]), m[6]
    if kind == "sys_enter" and nr == 144:
        pending[pid] = int(rest.strip("()").split(",")[1].strip(), 16)
    elif kind == "sys_exit" and nr == 144 and pid in pending:
        if rest.strip() == "= 0":
            rt[pid] = pending[pid] in (1, 2)
        del pending[pid]
    elif kind == "sys_enter" and nr in MM:
        # the rule's instance starts at a call while not real-time and
        # stops after a violation, as the kernel's pagefault does
        if not rt.get(pid, False):
            started[pid] = True
        elif started.get(pid):
            want.append((pid, ts))
            started[pid] = False
got = [(v["pid"], v["ts_ns"]) for v in json.load(open(sys.argv[2]))["violations"]]
if not want or got != want:
    print("trace-cmd report:", want[:6], "rvreplay:", got[:6])
    sys.exit(1)
print(len(got))
PY
then
	ok "no-mm-calls: its $(cat "$TMP/why") violations, each the first call of a real-time episode in trace-cmd report -t"
else
	not_ok "no-mm-calls: its violations, each the first call of a real-time episode in trace-cmd report -t" \
		"exit $rc" "$(cat "$TMP/why")"
fi
check "no-mm-calls: the text names the event and each atom's binding" "--spec $MM $T" 1 \
	"why:    no state of rule no_mm_calls holds after sys_enter mmap, with MM_CALL \\(on sys_enter if syscall in \\(mmap, brk, munmap\\)\\), RT \\(task\\.rt && task\\.user_thread\\) true$"
check "no-mm-calls: the JSON reason is rule, with the atoms" "--json --spec $MM $T" 1 \
	'"reason":"rule","reason_detail":"sys_enter mmap: MM_CALL, RT",.*"atoms":\["MM_CALL","RT"\]'
# the same workload calling them only before it turns real-time: a trace of its own
python3 - "$TMP/mm.json" <<'PY' > "$TMP/pids"
import json, sys
print(" ".join(sorted({str(v["pid"]) for v in json.load(open(sys.argv[1]))["violations"]})))
PY
before=$(grep -o 'mm_calls variant=before tid=[0-9]*' "$TMP/report" | head -1 | sed 's/.*tid=//')
if [ -n "$before" ] && grep -q . "$TMP/pids" && ! grep -qw "$before" "$TMP/pids"; then
	ok "no-mm-calls: the variant calling them before it turns real-time (tid $before) has none, the other some"
else
	not_ok "no-mm-calls: the variant calling them before it turns real-time has none" \
		"before tid '$before', violating pids $(cat "$TMP/pids")"
fi
# no-migration: every switch-in of a task of real-time priority above 50 on
# another CPU than its last switch's, as trace-cmd report -t shows them
T3=tests/rules/traces/migrate.dat
"$RVREPLAY" --all --json --spec examples/specs/no-migration.ltl "$T3" > "$TMP/mig.json" 2> /dev/null
trace-cmd report -t -i "$T3" 2> /dev/null > "$TMP/report3"
if python3 - "$TMP/report3" "$TMP/mig.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
sw = re.compile(r"\[(\d+)\]\s+(\d+)\.(\d+): sched_switch:\s+.*?:(\d+) \[(\d+)\] \S+ ==> .*?:(\d+) \[(\d+)\]")
last, want = {}, []
for l in open(sys.argv[1]):
    m = sw.search(l)
    if not m:
        continue
    cpu, ts = int(m[1]), int(m[2]) * 10**9 + int(m[3])
    prev, nxt, prio = int(m[4]), int(m[6]), int(m[7])
    if nxt and prio < 49 and nxt in last and last[nxt] != cpu:
        want.append((nxt, ts))
    last[prev] = cpu
    last[nxt] = cpu
got = [(v["pid"], v["ts_ns"]) for v in json.load(open(sys.argv[2]))["violations"]]
if not want or sorted(got) != sorted(want):
    sys.exit("trace-cmd report: %s rvreplay: %s" % (want, got))
print(len(got))
PY
then
	ok "no-migration: its $(cat "$TMP/why") violations, each a switch-in of a priority > 50 task on another CPU (trace-cmd report -t)"
else
	not_ok "no-migration: each violation a switch-in on another CPU" "$(cat "$TMP/why")"
fi
# rt-not-moved (an event of no monitor, sched:sched_migrate_task, for its pid
# field's task, its fields read by name): a violation at each migration to
# another CPU of a task of priority above 50 that was switched out since the
# last one (its instance starts at a switch-out: MOVED off), as trace-cmd
# report -t shows them
T4=tests/rules/traces/moved.dat
NM=examples/specs/rt-not-moved.ltl
"$RVREPLAY" --all --json --spec $NM "$T4" > "$TMP/moved.json" 2> /dev/null
trace-cmd report -t -i "$T4" 2> /dev/null > "$TMP/report4"
if python3 - "$TMP/report4" "$TMP/moved.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
mig = re.compile(r"(\d+)\.(\d+): sched_migrate_task:\s+comm=.* pid=(\d+) prio=(\d+) orig_cpu=(\d+) dest_cpu=(\d+)")
sw = re.compile(r"sched_switch:\s+.*?:(\d+) \[\d+\] \S+ ==>")
out, want = set(), []
for l in open(sys.argv[1]):
    m = sw.search(l)
    if m:
        out.add(int(m[1]))
        continue
    m = mig.search(l)
    if not m:
        continue
    ts, pid, prio = int(m[1]) * 10**9 + int(m[2]), int(m[3]), int(m[4])
    if prio < 49 and m[5] != m[6] and pid in out:
        want.append((pid, ts))
        out.discard(pid)
got = [(v["pid"], v["ts_ns"]) for v in json.load(open(sys.argv[2]))["violations"]]
events = {v["event"] for v in json.load(open(sys.argv[2]))["violations"]}
if not want or sorted(got) != sorted(want) or events != {"sched:sched_migrate_task"}:
    sys.exit("trace-cmd report: %s rvreplay: %s %s" % (want, got, events))
print(len(got))
PY
then
	ok "rt-not-moved: its $(cat "$TMP/why") violations, each a sched_migrate_task of a priority > 50 task to another CPU (trace-cmd report -t)"
else
	not_ok "rt-not-moved: each violation a move to another CPU" "$(cat "$TMP/why")"
fi
# the atoms a rule verdict tells true, each with the step it became true
# at: this event's, or an earlier record's that trace-cmd report -t shows
"$RVREPLAY" --all --json --spec $NM "$T4" > "$TMP/moved.json" 2> /dev/null
if python3 - "$TMP/report4" "$TMP/moved.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
at = {}
for l in open(sys.argv[1]):
    m = re.search(r"\s(\d+)\.(\d+): (\w+):", l)
    if m:
        at.setdefault(int(m[1]) * 10**9 + int(m[2]), set()).add(m[3])
earlier = 0
for v in json.load(open(sys.argv[2]))["violations"]:
    told = sorted(s["atom"] for s in v["atoms_set"])
    if told != sorted(v["atoms"]):
        sys.exit("atoms %s, told set %s" % (v["atoms"], told))
    for s in v["atoms_set"]:
        name = re.search(r"\d+\.\d+: (\w+):", s["event_line"])[1]
        if s["here"] != (s["ts_ns"] == v["ts_ns"]) or s["ts_ns"] > v["ts_ns"] or \
           name not in at.get(s["ts_ns"], ()):
            sys.exit("%s of %s: %s" % (s["atom"], v["ts_ns"], s))
        earlier += not s["here"]
if not earlier:
    sys.exit("no atom set before its verdict's event")
print(earlier)
PY
then
	ok "rt-not-moved: each true atom told with its step, $(cat "$TMP/why") of them at an earlier record trace-cmd report -t shows"
else
	not_ok "rt-not-moved: each true atom told with its step" "$(cat "$TMP/why")"
fi
check "rt-not-moved: the text tells where HIGH became true" "--spec $NM $T4" 1 \
	"^  true:   HIGH since the step at  migrate-[0-9]+ +\\[00[01]\\] [0-9.]+: sched_switch: "
check "rt-not-moved: the text names the event by its system and name, and the binding" \
	"--spec $NM $T4" 1 "why:    no state of rule rt_not_moved holds after sched:sched_migrate_task, with HIGH \\(task\\.rt && task\\.rtprio > 50\\), MOVED \\(dest_cpu != orig_cpu at sched:sched_migrate_task for pid off switch_out\\) true$"
check "rt-not-moved: check lists the event the rule names" "check --spec $NM $T4" 0 \
	"^  ok       required sched:sched_migrate_task +[0-9]+  its bindings$"
check_error "rt-not-moved: a trace without the event exits 2, with the command that records it" \
	"--spec $NM $T3" "rt_not_moved cannot judge this trace: sched:sched_migrate_task was not recorded \\(the trace has no format of it\\); record it with 'rvreplay record --spec $NM -o trace.dat -- COMMAND'$"
# a rule's file name in that command escaped once, with the line (twice before)
cp $NM "$TMP/tab$(printf '\t')name.ltl"
check_error "the command that records it: a file name escaped once" \
	"--spec '$TMP/tab$(printf '\t')name.ltl' $T3" "record it with 'rvreplay record --spec $TMP/tab\\\\x09name\\.ltl -o trace\\.dat -- COMMAND'$"
check "check: the command that records it, the file name escaped once" \
	"check --spec '$TMP/tab$(printf '\t')name.ltl' $T3" 1 "^  rvreplay record --spec $TMP/tab\\\\x09name\\.ltl -o trace\\.dat -- COMMAND$"
# a rule written on Windows: its lines ended by CR LF, read as by LF
sed 's/$/\r/' $MM > "$TMP/crlf.ltl"
sed 's/$/\r/' examples/specs/wwnr.dot > "$TMP/crlf.dot"
check "a rule of CR LF lines: the same verdicts" "-s --spec $TMP/crlf.ltl tests/rules/traces/mm-calls.dat" 1 \
	"^Summary: 5 violations: no_mm_calls 5$"
check "an automaton of CR LF lines: the same verdicts" "-s --spec $TMP/crlf.dot traces/futex-wake.dat" 1 \
	"^Summary: 2 violations: wwnr_rule 2$"
sed 's/dest_cpu != orig_cpu/dest_cpux != orig_cpu/' $NM > "$TMP/bad-field.ltl"
check "a field the trace's event lacks: its place in the rule, the event's fields, exit 2" \
	"--spec $TMP/bad-field.ltl $T4" 2 "bad-field.ltl:[0-9]+:12: this trace's sched:sched_migrate_task has no field 'dest_cpux' \\(its fields: comm, pid, prio, orig_cpu, dest_cpu\\)"
sed 's/task.rt && task.rtprio > 50/task.rt \&\& task.comm ~ "mig*"/' $NM > "$TMP/glob.ltl"
sed 's/task.rt && task.rtprio > 50/task.rt \&\& task.comm ~ "cyclic*"/' $NM > "$TMP/noglob.ltl"
check "a comm matched by a glob (~, as trace-cmd's filters)" "--spec $TMP/glob.ltl $T4" 1 "^Summary: 5 violations"
check "a glob that matches no comm" "--spec $TMP/noglob.ltl $T4" 0 "^Summary: 0 violations"
"$RVREPLAY" spec export $NM --kernel "$TMP/kernel-moved" > "$TMP/out" 2> "$TMP/err"
rc=$?
if [ $rc = 2 ] && [ ! -s "$TMP/out" ] && [ ! -e "$TMP/kernel-moved" ] &&
   grep -q 'rt_not_moved reads sched:sched_migrate_task, an event of no monitor' "$TMP/err"; then
	ok "spec export refuses a rule reading an event of no monitor, and writes nothing"
else
	not_ok "spec export refuses a rule reading an event of no monitor, and writes nothing" \
		"exit $rc" "$(cat "$TMP/err")" "$(find "$TMP/kernel-moved" 2> /dev/null | head -3)"
fi
# a global instance ('#: instance global'): wip's automaton stepped by every
# CPU's events in time order, its verdicts those of an independent run of
# the automaton (kernel DA semantics: monitoring starts at a preempt_enable
# without stepping, stops at an error) over trace-cmd report -t of the trace
WT=tests/kmod/traces/x86_64-kernel-wip.dat
sed -e 's/^#: instance cpu$/#: instance global/' -e 's/^#: monitor wip_rule$/#: monitor wip_global/' \
	examples/specs/wip.dot > "$TMP/wip-global.dot"
"$RVREPLAY" --all --json --spec "$TMP/wip-global.dot" "$WT" > "$TMP/wg.json" 2> /dev/null
trace-cmd report -t -i "$WT" 2> /dev/null > "$TMP/report5"
if python3 - "$TMP/report5" "$TMP/wg.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
line = re.compile(r"\[(\d+)\]\s+(\d+)\.(\d+): (preempt_disable|preempt_enable|sched_waking):")
step = {("preemptive", "preempt_disable"): "non_preemptive",
        ("non_preemptive", "preempt_enable"): "preemptive",
        ("non_preemptive", "sched_waking"): "non_preemptive"}
state, want = None, []
for l in open(sys.argv[1]):
    m = line.search(l)
    if not m:
        continue
    ts, ev = int(m[2]) * 10**9 + int(m[3]), m[4]
    if state is None:
        state = "preemptive" if ev == "preempt_enable" else None
        continue
    state = step.get((state, ev))
    if state is None:
        want.append((int(m[1]), ts))
d = json.load(open(sys.argv[2]))
got = [(v["cpu"], v["ts_ns"]) for v in d["violations"]]
cov = [(c["pid"], c["cpu"], c["comm"]) for c in d["coverage"]]
if not want or got != want or cov != [(None, None, "global")]:
    sys.exit("trace-cmd report: %d %s rvreplay: %d %s coverage %s" % (len(want), want[:4], len(got), got[:4], cov))
print(len(got))
PY
then
	ok "a global rule: its $(cat "$TMP/why") violations, those of the automaton over every CPU's events of trace-cmd report -t; one instance, 'global'"
else
	not_ok "a global rule: the automaton over every CPU's events" "$(cat "$TMP/why")"
fi
check "a global rule's group is named global" "--spec $TMP/wip-global.dot $WT" 1 \
	"^wip_global violations: global: [0-9]+ from"
# a monitor event's own trace fields, by their names (trace-cmd's filters):
# sched_waking's prio gives what woken.prio gives, on every trace
printf '%s\n' 'RULE = always (RT imply not HIGH_WAKE)' '#: monitor high_wake' '#: RT = task.rt' \
	'#: HIGH_WAKE = prio < 50 at sched:sched_waking off switch_out' > "$TMP/prio-field.ltl"
sed 's/= prio < 50/= woken.prio < 50/' "$TMP/prio-field.ltl" > "$TMP/prio-word.ltl"
n=0 same=0 total=0
for t in traces/*.dat tests/kmod/traces/*.dat; do
	"$RVREPLAY" -q --all --json --spec "$TMP/prio-field.ltl" "$t" > "$TMP/f.json" 2> /dev/null
	rf=$?
	"$RVREPLAY" -q --all --json --spec "$TMP/prio-word.ltl" "$t" > "$TMP/w.json" 2> /dev/null
	rw=$?
	n=$((n + 1))
	verdicts "$TMP/f.json" > "$TMP/f" 2> /dev/null
	verdicts "$TMP/w.json" > "$TMP/w" 2> /dev/null
	[ $rf = $rw ] && cmp -s "$TMP/f" "$TMP/w" && same=$((same + 1)) &&
		total=$((total + $(wc -l < "$TMP/f")))
done
if [ "$same" = "$n" ] && [ "$total" -gt 0 ]; then
	ok "a trace field (sched_waking's prio) gives what woken.prio gives: $total violations on $n traces"
else
	not_ok "a trace field (sched_waking's prio) gives what woken.prio gives" "$same of $n traces alike, $total violations"
fi
printf '%s\n' 'RULE = always (RT imply not W)' '#: RT = task.rt' '#: W = on sched_waking if prioo < 50' \
	> "$TMP/prio-bad.ltl"
check_error "a misspelt trace field: the nearest of the event's fields" "--spec $TMP/prio-bad.ltl $T" \
	"prio-bad.ltl:3:27: error: unknown name 'prioo' \\(did you mean prio\\?\\)$"
"$RVREPLAY" spec export "$TMP/prio-field.ltl" --kernel "$TMP/kernel-prio" > /dev/null 2>&1
if grep -q 'ltl_atom_set(mon, LTL_HIGH_WAKE, ((p)->prio < 50))' "$TMP/kernel-prio/kernel/trace/rv/monitors/high_wake/high_wake.c" 2> /dev/null; then
	ok "spec export: a trace field as its tracepoint's argument ((p)->prio)"
else
	not_ok "spec export: a trace field as its tracepoint's argument" \
		"$(grep -n prio "$TMP/kernel-prio/kernel/trace/rv/monitors/high_wake/high_wake.c" 2>&1 | head -3)"
fi
# cyclictest-no-late-faults: none on the bundled cyclictest traces (cyclictest -m);
# with the workload's name and 100 us, on pagefault-nomlock: the first fault of
# its thread (named pagefault from its birth) 100 us or more after its fork
check "cyclictest-no-late-faults: cyclictest -m never faults late" \
	"--spec examples/specs/cyclictest-no-late-faults.ltl traces/cyclictest-abs.dat" 0 \
	"^Summary: 0 violations"
sed 's/"cyclictest"/"pagefault"/; s/10ms/100us/' examples/specs/cyclictest-no-late-faults.ltl \
	> "$TMP/late.ltl"
"$RVREPLAY" --all --json --spec "$TMP/late.ltl" traces/pagefault-nomlock.dat > "$TMP/late.json" 2> /dev/null
trace-cmd report -t -i traces/pagefault-nomlock.dat 2> /dev/null > "$TMP/report4"
if python3 - "$TMP/report4" "$TMP/late.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
fork = re.compile(r"\s(\d+)\.(\d+): sched_process_fork:.*child_comm=(\S+) child_pid=(\d+)")
fault = re.compile(r"-(\d+)\s+\[\d+\]\s+(\d+)\.(\d+): page_fault_(user|kernel):")
born, want = {}, {}
for l in open(sys.argv[1]):
    m = fork.search(l)
    if m:
        born[int(m[4])] = (int(m[1]) * 10**9 + int(m[2]), m[3])
    m = fault.search(l)
    if m:
        pid, ts = int(m[1]), int(m[2]) * 10**9 + int(m[3])
        if pid in born and born[pid][1] == "pagefault" and ts - born[pid][0] >= 100000:
            want.setdefault(pid, ts)
got = [(v["pid"], v["ts_ns"]) for v in json.load(open(sys.argv[2]))["violations"]]
if not want or sorted(got) != sorted(want.items()):
    sys.exit("trace-cmd report: %s rvreplay: %s" % (sorted(want.items()), got))
print(len(got))
PY
then
	ok "a late fault rule: the first fault 100 us or more after its thread's fork (trace-cmd report -t)"
else
	not_ok "a late fault rule: the first fault 100 us or more after its thread's fork" \
		"$(cat "$TMP/why")"
fi
# a rule's verdicts in every report: waived, JUnit, HTML, a batch, a baseline
printf '[[waiver]]\nmonitor = "no_mm_calls"\ncomm = "mm_calls"\nreason = "rule"\nwhy = "the allocator is being replaced; RT-7"\n' > "$TMP/w.toml"
check "a waiver names a rule" "--spec $MM --waivers $TMP/w.toml $T" 0 \
	"^Summary: 5 violations \\(5 waived\\): no_mm_calls 5$"
"$RVREPLAY" --spec $MM --junit "$TMP/j.xml" --html "$TMP/h.html" "$T" > /dev/null 2>&1
if xmllint --noout "$TMP/j.xml" 2> /dev/null && grep -q 'no_mm_calls' "$TMP/j.xml" &&
   grep -q 'sys_enter mmap: MM_CALL, RT' "$TMP/h.html"; then
	ok "a rule's verdicts in JUnit (valid XML) and HTML"
else
	not_ok "a rule's verdicts in JUnit (valid XML) and HTML" "$(head -c 300 "$TMP/j.xml")"
fi
# a rule's words are hostile as a trace's: escaped in the HTML, valid in JUnit
printf '%s\n' 'RULE = always (RT imply not MM)' '#: monitor hostile' \
	'#: description <script>alert(1)</script> & "q"' \
	'#: RT = task.rt && task.comm != "<img src=x>"' \
	'#: MM = on sys_enter if syscall in (mmap, brk, munmap)' > "$TMP/hostile.ltl"
"$RVREPLAY" --spec "$TMP/hostile.ltl" --html "$TMP/hh.html" --junit "$TMP/hj.xml" "$T" > /dev/null 2>&1
if ! grep -q '<img src=x>\|<script>alert' "$TMP/hh.html" &&
   grep -q '&lt;img src=x&gt;' "$TMP/hh.html" && xmllint --noout "$TMP/hj.xml" 2> /dev/null; then
	ok "a rule's hostile words: escaped in the HTML, valid JUnit"
else
	not_ok "a rule's hostile words: escaped in the HTML, valid JUnit" \
		"$(grep -o '.\{20\}img src.\{20\}' "$TMP/hh.html" | head -2)"
fi
check "a batch of a folder with a rule" "--spec $MM tests/rules/traces" 1 \
	"^== tests/rules/traces/mm-calls\\.dat: exit 1$"
"$RVREPLAY" --spec $MM --jsonl "$TMP/base.jsonl" tests/rules/traces > /dev/null 2>&1
check "a baseline of a rule's verdicts" "--spec $MM --baseline $TMP/base.jsonl tests/rules/traces" 0 \
	"^unchanged: mm-calls\\.dat: no_mm_calls mm_calls rule \\(5\\)$"
# spec export: the header is ltlc's, the files where rvgen puts them
"$RVREPLAY" spec export $MM --kernel "$TMP/kt" > "$TMP/export" 2>&1
mon=$TMP/kt/kernel/trace/rv/monitors/no_mm_calls
if [ -s "$mon/no_mm_calls.c" ] && [ -s "$mon/Kconfig" ] && [ -s "$mon/no_mm_calls_trace.h" ] &&
   cmp -s "$TMP/kt/tools/verification/models/no_mm_calls.ltl" $MM &&
   "$(dirname "$RVREPLAY")/ltlc" --name no_mm_calls $MM | cmp -s - "$mon/no_mm_calls.h" &&
   grep -q 'if ((id == __NR_mmap || id == __NR_brk || id == __NR_munmap))' "$mon/no_mm_calls.c" &&
   grep -q 'kernel/trace/rv/Makefile:   obj-$(CONFIG_RV_MON_NO_MM_CALLS) += monitors/no_mm_calls/no_mm_calls.o' "$TMP/export"; then
	ok "spec export: the rule, ltlc's header, the handlers from the bindings, Kconfig, the lines to add"
else
	not_ok "spec export: the rule, ltlc's header, the handlers, Kconfig" "$(cat "$TMP/export")" \
		"$(ls "$mon" 2>&1)"
fi
check_error "spec export without --kernel" "spec export $MM" "export needs --kernel DIR"
check_error "spec export of a broken rule" "spec export tests/rules/broken/not-an-atom.ltl --kernel $TMP/kt2" \
	"^rvreplay spec: tests/rules/broken/not-an-atom\\.ltl:5:4: error: PAGEFALT is no atom"
check "-m with --spec: both judge" "-m pagefault --spec $MM $T" 1 \
	"^monitors: pagefault no_mm_calls "

# bindings in a .bind file beside the rule
mkdir -p "$TMP/bind"
grep -v '^#:' $MM > "$TMP/bind/no-mm.ltl"
sed -n 's/^#: //p' $MM > "$TMP/bind/no-mm.bind"
"$RVREPLAY" --all --json --spec "$TMP/bind/no-mm.ltl" "$T" > "$TMP/bind.json" 2> /dev/null
verdicts "$TMP/bind.json" > "$TMP/b1"
verdicts "$TMP/mm.json" > "$TMP/b2"
if [ -s "$TMP/b1" ] && cmp -s "$TMP/b1" "$TMP/b2"; then
	ok "bindings from FILE.bind: the same verdicts"
else
	not_ok "bindings from FILE.bind: the same verdicts" "$(diff "$TMP/b1" "$TMP/b2" | head -4)"
fi

# the corpus of broken rules: one line each, where the rule is wrong
bad=0 nr=0
for f in tests/rules/broken/*.ltl tests/rules/broken/*.dot; do
	nr=$((nr + 1))
	want="rvreplay: $(sed -n '1s/^# expect: //p' "$f")"
	(cd tests/rules/broken && "$BIN" --spec "$(basename "$f")" ../../../traces/futex-wake.dat) \
		> "$TMP/out" 2> "$TMP/err"
	rc=$?
	if [ $rc != 2 ] || [ -s "$TMP/out" ] || [ "$(wc -l < "$TMP/err")" != 1 ] ||
	   [ "$(cat "$TMP/err")" != "$want" ]; then
		bad=$((bad + 1))
		not_ok "broken rule $f" "exit $rc; want: $want" "got: $(head -3 "$TMP/err")"
	fi
done
[ "$bad" = 0 ] && ok "$nr broken rules: each one line with file:line:column, exit 2"
check_error "a rule that is not a file" "--spec /nonexistent.ltl $T" \
	"^rvreplay: /nonexistent\\.ltl: No such file or directory$"
head -c 2000000 /dev/zero | tr '\0' '#' > "$TMP/huge.ltl"
check_error "a rule over 1 MiB" "--spec $TMP/huge.ltl $T" "more than a rule's limit of 1 MiB"
check_error "a second rule of the same name" "--spec $MM --spec $MM $T" \
	"a second rule named no_mm_calls$"
# diff --spec: the kernel monitor spec export made of no-mm-calls.ltl, run
# live in the 6.12 guest (tests/kmod/upstream: mm_calls rt), against the rule
KT=tests/kmod/traces/x86_64-kernel-rule-mm-calls.dat
check_error "diff --spec: a trace without the rule's live records" "diff --spec $MM $T" \
	"nothing to compare: no sign that a live monitor ran"
check "diff --spec: the kernel's no_mm_calls verdicts are the rule's" "diff -s --spec $MM $KT" 0 \
	"^Summary: 5 live verdicts, 5 replayed: 5 matched, 0 live only, 0 replay only: all match$"
check "diff --spec --states: every step of the kernel's no_mm_calls is the rule's (its atoms as rvgen shortens them)" \
	"diff -s --states --spec $MM $KT" 0 "^States: 34 live steps, 34 replayed: identical$"
sed 's/syscall in (mmap, brk, munmap)/syscall in (brk, munmap)/' $MM > "$TMP/no-mmap.ltl"
check "diff --spec: the same rule without mmap differs from the kernel's" \
	"diff -s --spec $TMP/no-mmap.ltl $KT" 1 "0 matched, 5 live only, 5 replay only; 10 unexplained$"
# same_as MONITOR RULE [OPTIONS]: the rule's verdicts are the built-in's, trace by trace
same_as() {
	m=$1 rule=$2
	shift 2
	n=0 same=0 total=0
	for t in traces/*.dat tests/kmod/traces/*.dat tests/compat/guests/traces/*.dat \
		 tests/data/tracedat/*.dat tests/regressions/pid-*.dat; do
		"$RVREPLAY" -q --all --json -m "$m" "$@" "$t" > "$TMP/b.json" 2> /dev/null
		rb=$?
		"$RVREPLAY" -q --all --json --spec "$rule" "$@" "$t" > "$TMP/r.json" 2> /dev/null
		rr=$?
		n=$((n + 1))
		[ $rb -gt 1 ] && [ $rr = $rb ] && { same=$((same + 1)); continue; }
		verdicts "$TMP/b.json" > "$TMP/b" 2> /dev/null
		verdicts "$TMP/r.json" > "$TMP/r" 2> /dev/null
		if [ $rb = $rr ] && [ $rb -le 1 ] && cmp -s "$TMP/b" "$TMP/r"; then
			same=$((same + 1))
			total=$((total + $(wc -l < "$TMP/b")))
		else
			not_ok "$m as a rule: $t" "built-in exit $rb, rule exit $rr" \
				"$(diff "$TMP/b" "$TMP/r" | head -5)"
		fi
	done
	if [ "$same" = "$n" ] && [ "$total" -gt 0 ]; then
		ok "$m as a rule ($rule): the built-in's $total violations on all $n traces, exit codes alike"
	elif [ "$same" = "$n" ]; then
		not_ok "$m as a rule ($rule): no violation at all on $n traces"
	fi
}
same_as pagefault $PF
same_as wwnr examples/specs/wwnr.dot
same_as wip examples/specs/wip.dot
same_as sleep examples/specs/sleep.ltl --profile 6.17
same_as sleep examples/specs/sleep.ltl --profile 6.17 --no-infer
# stall's rule has its own name, so its parameter's too: the loop runs it by hand
n=0 bad=0 total=0
for t in traces/*.dat tests/kmod/traces/*.dat; do
	for th in 1000 1; do
		"$RVREPLAY" -q --all --json -m stall --hz 1000 --param stall.threshold_jiffies=$th "$t" \
			> "$TMP/b.json" 2> /dev/null
		"$RVREPLAY" -q --all --json --spec examples/specs/stall.dot --hz 1000 \
			--param stall_rule.threshold_jiffies=$th "$t" > "$TMP/r.json" 2> /dev/null
		verdicts "$TMP/b.json" > "$TMP/b" 2> /dev/null
		verdicts "$TMP/r.json" > "$TMP/r" 2> /dev/null
		n=$((n + 1))
		if cmp -s "$TMP/b" "$TMP/r"; then
			total=$((total + $(wc -l < "$TMP/b")))
		else
			bad=$((bad + 1))
			not_ok "stall as a rule: $t, $th jiffies" "$(diff "$TMP/b" "$TMP/r" | head -4)"
		fi
	done
done
if [ "$bad" = 0 ] && [ "$total" -gt 0 ]; then
	ok "stall as a rule (examples/specs/stall.dot, a hybrid automaton): the built-in's $total violations over $n runs (1000 and 1 jiffies at HZ 1000)"
elif [ "$bad" = 0 ]; then
	not_ok "stall as a rule: no violation at all over $n runs"
fi

# the timed example: each violation is a real-time task's wakeup not followed
# by its switch-in within 200 us, as trace-cmd report -t shows them
T2=traces/udp-softirq.dat
"$RVREPLAY" --all --json --spec examples/specs/rt-wakeup-latency.dot "$T2" > "$TMP/lat.json" 2> /dev/null
trace-cmd report -t -i "$T2" 2> /dev/null > "$TMP/report2"
if python3 - "$TMP/report2" "$TMP/lat.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
wakeup = re.compile(r"\s(\d+)\.(\d+): sched_wakeup:\s+.*?:(\d+) \[(\d+)\]")
switch = re.compile(r"\s(\d+)\.(\d+): sched_switch:\s+.* ==> .*?:(\d+) \[(\d+)\]")
woken, ins = {}, {}
for l in open(sys.argv[1]):
    for rx, table in ((wakeup, woken), (switch, ins)):
        m = rx.search(l)
        if m:
            table.setdefault(int(m[3]), []).append((int(m[1]) * 10**9 + int(m[2]), int(m[4])))
vs = json.load(open(sys.argv[2]))["violations"]
for v in vs:
    pid, ts = v["pid"], v["ts_ns"]
    w = [t for t, prio in woken.get(pid, []) if t <= ts]
    if not w:
        sys.exit("pid %d at %d: no wakeup before it" % (pid, ts))
    last = w[-1]
    prio = [p for t, p in woken[pid] if t == last][0]
    between = [t for t, _ in ins.get(pid, []) if last < t < ts]
    if prio >= 100 or ts - last < 200000 or between:
        sys.exit("pid %d at %d: wakeup %d prio %d, switch-ins between %s" %
                 (pid, ts, last, prio, between))
if not vs:
    sys.exit("no violation")
print(len(vs))
PY
then
	ok "rt-wakeup-latency: its $(cat "$TMP/why") violations, each a real-time wakeup 200 us or more before its run (trace-cmd report -t)"
else
	not_ok "rt-wakeup-latency: each violation a real-time wakeup 200 us or more before its run" \
		"$(cat "$TMP/why")"
fi
check "wwnr as a rule: an automaton's verdict in words" "--spec examples/specs/wwnr.dot tests/regressions/pid-reuse.dat" 1 \
	"why:    rule wwnr_rule: its event wakeup \\(on sched_wakeup\\), at sched:sched_wakeup, is not expected in state running$"

finish

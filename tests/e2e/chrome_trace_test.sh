#!/bin/sh
# rvreplay --chrome-trace (issue "Pictures"): the Trace Event Format that
# Perfetto's UI and chrome://tracing open, checked with a JSON parser on
# every bundled trace against the format's rules: required fields, ts in
# microseconds and monotonic on each track, every B with its E, every flow
# start with its end and bound to a slice, one instant per violation (as
# many as --json reports) with its reason and context in args; --from and
# --to limit it; text from the trace stays escaped; the file is whole or
# not written.
#
# usage: chrome_trace_test.sh VERDICT_CHECK WORKLOADS   (from the top of the tree)

. tests/e2e/lib.sh
MAKE_TRACE=tests/lib/make_trace.py

cat > "$TMP/check.py" <<'EOF'
import json
import sys

CPUS_PID = 1 << 30


def fail(msg):
    print(msg)
    sys.exit(1)


def track(e):
    """The track an event is on: instants of a process are their own track."""
    if e['ph'] == 'i' and e.get('s') == 'p':
        return (e['pid'], 'process')
    return (e['pid'], e['tid'])


def check(path, violations, lo, hi):
    d = json.load(open(path))
    if not isinstance(d, dict) or not isinstance(d.get('traceEvents'), list):
        fail('no traceEvents array')
    if d.get('displayTimeUnit') not in ('ms', 'ns'):
        fail('displayTimeUnit: %r' % d.get('displayTimeUnit'))
    last, stack, flows, named, instants = {}, {}, {}, set(), 0
    pending_f = {}
    for n, e in enumerate(d['traceEvents']):
        where = 'event %d %r' % (n, e)[:300]
        ph = e.get('ph')
        if ph not in ('M', 'B', 'E', 'i', 's', 'f'):
            fail('%s: phase %r' % (where, ph))
        for k in ('pid', 'tid'):
            if not isinstance(e.get(k), int):
                fail('%s: no integer %s' % (where, k))
        if ph != 'E' and not isinstance(e.get('name'), str):
            fail('%s: no name' % where)
        if ph == 'M':
            if e['name'] not in ('process_name', 'thread_name', 'process_sort_index',
                                 'thread_sort_index') or 'args' not in e:
                fail('%s: bad metadata' % where)
            if e['name'] == 'process_name':
                named.add(e['pid'])
            continue
        ts = e.get('ts')
        if not isinstance(ts, (int, float)) or ts < 0:
            fail('%s: no ts' % where)
        if not lo <= ts * 1000 <= hi + 1:
            fail('%s: ts outside --from/--to %d..%d ns' % (where, lo, hi))
        t = track(e)
        if ts < last.get(t, 0):
            fail('%s: ts goes back on track %r (%s after %s)' % (where, t, ts, last[t]))
        last[t] = ts
        if e['pid'] != CPUS_PID and e['pid'] not in named:
            fail('%s: its process has no process_name' % where)
        if t in pending_f and (pending_f.pop(t) != ts or ph != 'B'):
            fail('%s: a flow end is not followed by the slice it binds to' % where)
        if ph == 'B':
            stack.setdefault(t, []).append(e['name'])
        elif ph == 'E':
            if not stack.get(t):
                fail('%s: E without its B' % where)
            stack[t].pop()
        elif ph == 's':
            if not stack.get(t):
                fail('%s: a flow starts outside any slice' % where)
            if e['id'] in flows:
                fail('%s: flow id used twice' % where)
            flows[e['id']] = ts
        elif ph == 'f':
            if flows.pop(e['id'], None) is None:
                fail('%s: flow end without its start' % where)
            pending_f[t] = ts
        elif ph == 'i':
            if e.get('s') not in ('g', 'p', 't'):
                fail('%s: instant scope %r' % (where, e.get('s')))
            if e.get('cat') == 'violation':
                instants += 1
                a = e.get('args', {})
                for k in ('monitor', 'why', 'event', 'context', 'pid'):
                    if k not in a:
                        fail('%s: no args.%s' % (where, k))
                if ' violation: ' not in e['name']:
                    fail('%s: the name does not say the reason' % where)
    for t, s in stack.items():
        if s:
            fail('track %r: B without E: %r' % (t, s[-3:]))
    if flows:
        fail('%d flows never end' % len(flows))
    if pending_f:
        fail('a flow end binds to no slice')
    if violations >= 0 and instants != violations:
        fail('%d violation instants, --json reports %d' % (instants, violations))
    counts = {}
    for e in d['traceEvents']:
        counts[e['ph']] = counts.get(e['ph'], 0) + 1
    print('ok %s' % ' '.join('%s=%d' % kv for kv in sorted(counts.items())))


check(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
EOF

# violations TRACE ARGS: how many --json reports
violations() {
	t=$1
	shift
	"$RVREPLAY" --json -q "$@" "$t" 2> /dev/null |
		python3 -c 'import json,sys; print(len(json.load(sys.stdin)["violations"]))' 2> /dev/null ||
		echo -1
}

# chrome TRACE FROM_NS TO_NS ARGS...: export, then the rules checked
chrome() {
	t=$1 lo=$2 hi=$3
	shift 3
	rm -f "$TMP/out.json"
	"$RVREPLAY" -q --chrome-trace "$TMP/out.json" "$@" "$t" > "$TMP/log" 2>&1
	rc=$?
	if [ "$rc" = 2 ]; then
		if [ -e "$TMP/out.json" ]; then
			not_ok "$t: exit 2 leaves no Chrome trace" "$(head -c 300 "$TMP/log")"
		else
			ok "$t: exit 2 ($(head -c 80 "$TMP/log")), no file left"
		fi
		return
	fi
	n=$(violations "$t" "$@")
	got=$(python3 "$TMP/check.py" "$TMP/out.json" "$n" "$lo" "$hi" 2>&1)
	case $got in
	ok*) ok "$t $*: ${got#ok }" ;;
	*) not_ok "$t $*: the Trace Event Format's rules" "$got" ;;
	esac
}

MAX=18446744073709551615
for t in traces/*.dat tests/kmod/traces/*.dat; do
	chrome "$t" 0 "$MAX"
done

# an unknown prio is null, as --json has it, never -1000 (issue 32, item 8)
"$RVREPLAY" -q --chrome-trace "$TMP/prio.json" traces/clock-nanosleep.dat
"$RVREPLAY" --json --all traces/clock-nanosleep.dat > "$TMP/prio-r.json" 2> /dev/null
got=$(python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["traceEvents"]
r = json.load(open(sys.argv[2]))["violations"]
drawn = sorted((e["args"]["pid"], e["ts"], e["args"]["prio"]) for e in c if e.get("cat") == "violation")
want = sorted((v["pid"], v["ts_ns"] / 1000, v["prio"]) for v in r)
bad = [e for e in c if isinstance(e.get("args"), dict) and isinstance(e["args"].get("prio"), int)
       and e["args"]["prio"] < -1]
nulls = sum(p is None for _, _, p in drawn)
print("ok %d null" % nulls if drawn == want and nulls and not bad else (drawn[:2], want[:2], bad[:2]))' \
	"$TMP/prio.json" "$TMP/prio-r.json" 2>&1)
case $got in
ok*) ok "an unknown prio: null, as --json has it, never -1000 (${got#ok })" ;;
*) not_ok "an unknown prio: null, as --json has it" "$got" ;;
esac

# --from/--to: only that time, every slice closed inside it
chrome traces/cyclictest-rel.dat 4983400000000 4983420000000 --from 4983.40 --to 4983.42
"$RVREPLAY" -q --chrome-trace "$TMP/all.json" traces/cyclictest-rel.dat
"$RVREPLAY" -q --chrome-trace "$TMP/part.json" --from 4983.40 --to 4983.42 traces/cyclictest-rel.dat
a=$(wc -c < "$TMP/all.json") p=$(wc -c < "$TMP/part.json")
[ "$p" -lt "$a" ] && ok "--from/--to: a smaller file ($p bytes of $a)" ||
	not_ok "--from/--to: a smaller file" "$p of $a bytes"

# what the picture shows: CPU runs, real-time task states with sleep reasons, wakeup flows
"$RVREPLAY" -q --chrome-trace "$TMP/m.json" traces/mutex-nonpi.dat
got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["traceEvents"]
cpu = [e for e in d if e["ph"] == "B" and e["pid"] == 1 << 30 and e.get("cat") == "sched"]
sleeps = [e["name"] for e in d if e["ph"] == "B" and e.get("cat") == "state" and e["name"].startswith("sleeping in ")]
flows = [e for e in d if e["ph"] == "s"]
ok = cpu and "sleeping in futex(FUTEX_WAIT_PRIVATE)" in sleeps and flows and all("pid" in e["args"] and "real_time" in e["args"] for e in cpu)
print("ok" if ok else (len(cpu), sorted(set(sleeps)), len(flows)))' "$TMP/m.json" 2>&1)
[ "$got" = ok ] && ok "mutex-nonpi: CPU runs, futex sleeps, wakeup flows" ||
	not_ok "mutex-nonpi: CPU runs, futex sleeps, wakeup flows" "$got"

# A switch-in not recorded (kernels miss switches out of idle): the run is
# taken from the task's next own record, as the text takes it, and said to
# be inferred. Every record of a task with a track (trace-cmd report -t: it
# was running) lies in a "running" slice of it (a "runnable" one covered
# them), and each sleep's run as --json tells it starts one. Records live
# monitors write inside sched_switch are no run (the text's rule too).
cat > "$TMP/runs.py" <<'EOF'
import json, re, sys
WHY = 'switch-in not recorded: from its next own record'
slices, begun = {}, {}
for e in json.load(open(sys.argv[1]))['traceEvents']:
    if e['ph'] not in ('B', 'E') or e['pid'] >= 1 << 30:
        continue
    ns = int(round(e['ts'] * 1000))
    if e['ph'] == 'B':
        begun[e['pid']] = (ns, e['name'], e.get('args', {}))
    else:
        b = begun.pop(e['pid'])
        slices.setdefault(e['pid'], []).append((b[0], ns, b[1], b[2]))
line = re.compile(r'^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d{9}):\s+(\S+):')
bad, checked, inferred = [], 0, 0
for l in open(sys.argv[2]):
    m = line.match(l)
    if not m or int(m.group(2)) not in slices or m.group(6).startswith(('event_', 'error_')):
        continue
    pid, ts = int(m.group(2)), int(m.group(4)) * 10**9 + int(m.group(5))
    track = slices[pid]
    if ts == track[0][0] or not any(s[0] <= ts <= s[1] for s in track):
        continue	# before its track, or at its first state's start
    checked += 1
    run = [s for s in track if s[0] <= ts <= s[1] and s[2].startswith('running')]
    if not run:
        bad.append('%s: in %s' % (l.strip()[:80], [s[2] for s in track if s[0] <= ts <= s[1]]))
    for s in run:
        if '(inferred)' in s[2]:
            inferred += s[0] == ts
            if s[3].get('inferred') != WHY:
                bad.append('%s: without its reason' % s[2])
for v in json.load(open(sys.argv[3]))['violations']:
    sl = (v.get('context') or {}).get('sleep') or {}
    if sl.get('wakeup_latency_ns') is None or v['pid'] not in slices:
        continue
    run = sl['wakeup_ts_ns'] + sl['wakeup_latency_ns']
    checked += 1
    if not any(s[0] == run and s[2].startswith('running') for s in slices[v['pid']]):
        bad.append('pid %d: no running slice from its run at %d ns' % (v['pid'], run))
want = int(sys.argv[4])	# at least: runs the text says it inferred (those of violations)
print('ok %d records and runs in running slices, %d inferred' % (checked, inferred)
      if checked and not bad and inferred >= want else
      '%d of %d wrong, %d inferred (want %d): %s' % (len(bad), checked, inferred, want, bad[:3]))
EOF
"$MAKE_HOSTILE" inferred-switch-in traces/clock-nanosleep.dat "$TMP/inferred.dat"
for t in traces/cyclictest-rel.dat:47 traces/cyclictest-abs.dat:1 "$TMP/inferred.dat":1 \
	 tests/kmod/traces/riscv64-cond_signal-lower.dat:0 traces/mutex-nonpi.dat:0; do
	least=${t##*:} t=${t%:*}
	"$RVREPLAY" -q --all --chrome-trace "$TMP/runs.json" --json -o "$TMP/runs.v.json" "$t" 2> /dev/null
	trace-cmd report -t "$t" > "$TMP/runs.txt" 2> /dev/null
	# at least as many inferred runs as the text says, and as are known there
	want=$("$RVREPLAY" --all --context 0 "$t" 2> /dev/null | grep -c "^  sleep: .*next own record")
	[ "$want" -ge "$least" ] || want=$least
	got=$(python3 "$TMP/runs.py" "$TMP/runs.json" "$TMP/runs.txt" "$TMP/runs.v.json" "$want" 2>&1)
	case $got in
	ok*) ok "$t: each run where the text has it (${got#ok })" ;;
	*) not_ok "$t: each run where the text has it, inferred ones said" "$got" ;;
	esac
done

# hostile names: valid JSON, no control character
if python3 "$MAKE_TRACE" evil-comm traces/mutex-nonpi.dat "$TMP/evil.dat" mutex_inversion 2> "$TMP/err"; then
	chrome "$TMP/evil.dat" 0 "$MAX"
	if [ ! -s "$TMP/out.json" ] || LC_ALL=C grep -q "$(printf '\033')" "$TMP/out.json"; then
		not_ok "evil comm: no raw escape character in the Chrome trace"
	else
		ok "evil comm: no raw escape character in the Chrome trace"
	fi
else
	not_ok "evil comm: the trace could be made" "$(cat "$TMP/err")"
fi

# whole or not at all: a folder that does not exist, and the trace itself
check_error "--chrome-trace into a missing folder" \
	"--chrome-trace $TMP/no/such/out.json traces/mutex-nonpi.dat" "no/such/out.json"
cp traces/mutex-nonpi.dat "$TMP/self.dat"
check_error "--chrome-trace never overwrites the trace" \
	"--chrome-trace $TMP/self.dat $TMP/self.dat" "self.dat"
cmp -s traces/mutex-nonpi.dat "$TMP/self.dat" && ok "the trace is intact" ||
	not_ok "the trace is intact"

finish

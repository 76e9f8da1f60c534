#!/bin/sh
# rvreplay --perfetto (issue 32, item 9): Perfetto's own protobuf trace,
# decoded by protoc against the messages this test writes from Perfetto's
# published field numbers (not from rvreplay's sources), every number
# checked against trace-cmd report -t -R of the same trace: each CPU's
# sched_switch (compact encoding: time, next pid, prio, comm, prev_state)
# and sched_waking (time, pid, prio, comm, target CPU) in order, every
# sched_wakeup; each violation of --json a slice (its sleep to its run) or
# an instant on its task's track under its monitor's, its explanation in
# the arguments; --from/--to; lost events said; the file a fraction of the
# trace.dat; memory flat as the trace grows (streamed). Without protoc it
# says why and skips (a failure under CI=true).
#
# usage: perfetto_test.sh VERDICT_CHECK WORKLOADS   (from the top of the tree)

. tests/e2e/lib.sh
MAKE_TRACE=tests/lib/make_trace.py

command -v protoc > /dev/null ||
	skip_or_fail "--perfetto decoded by protoc" "no protoc (protobuf-compiler; scripts/deps.sh)"

# The messages, written here from the field numbers of Perfetto's
# protos/perfetto/trace/ (trace.proto, trace_packet.proto, ftrace/*.proto,
# track_event/*.proto, system_info.proto): only the fields rvreplay writes.
cat > "$TMP/perfetto.proto" <<'EOF'
syntax = "proto2";
package perfetto.protos;
message Trace { repeated TracePacket packet = 1; }
message TracePacket {
  optional uint64 timestamp = 8;
  optional FtraceEventBundle ftrace_events = 1;
  optional uint32 trusted_packet_sequence_id = 10;
  optional TrackEvent track_event = 11;
  optional uint32 sequence_flags = 13;
  optional SystemInfo system_info = 45;
  optional bytes compressed_packets = 50;
  optional TrackDescriptor track_descriptor = 60;
}
message SystemInfo { optional Utsname utsname = 1; }
message Utsname {
  optional string sysname = 1; optional string version = 2;
  optional string release = 3; optional string machine = 4;
}
message FtraceEventBundle {
  optional uint32 cpu = 1;
  repeated FtraceEvent event = 2;
  optional bool lost_events = 3;
  message CompactSched {
    repeated string intern_table = 5;
    repeated uint64 switch_timestamp = 1 [packed = true];
    repeated int64 switch_prev_state = 2 [packed = true];
    repeated int32 switch_next_pid = 3 [packed = true];
    repeated int32 switch_next_prio = 4 [packed = true];
    repeated uint32 switch_next_comm_index = 6 [packed = true];
    repeated uint64 waking_timestamp = 7 [packed = true];
    repeated int32 waking_pid = 8 [packed = true];
    repeated int32 waking_target_cpu = 9 [packed = true];
    repeated int32 waking_prio = 10 [packed = true];
    repeated uint32 waking_comm_index = 11 [packed = true];
  }
  optional CompactSched compact_sched = 4;
}
message FtraceEvent {
  optional uint64 timestamp = 1;
  optional uint32 pid = 2;
  oneof event {
    SchedWakeupFtraceEvent sched_wakeup = 17;
    SchedWakeupNewFtraceEvent sched_wakeup_new = 114;
    SchedProcessExitFtraceEvent sched_process_exit = 238;
    SchedProcessForkFtraceEvent sched_process_fork = 239;
    SchedProcessFreeFtraceEvent sched_process_free = 240;
  }
}
message SchedWakeupFtraceEvent {
  optional string comm = 1; optional int32 pid = 2; optional int32 prio = 3;
  optional int32 success = 4; optional int32 target_cpu = 5;
}
message SchedWakeupNewFtraceEvent {
  optional string comm = 1; optional int32 pid = 2; optional int32 prio = 3;
  optional int32 success = 4; optional int32 target_cpu = 5;
}
message SchedProcessExitFtraceEvent {
  optional string comm = 1; optional int32 pid = 2; optional int32 tgid = 3; optional int32 prio = 4;
}
message SchedProcessForkFtraceEvent {
  optional string parent_comm = 1; optional int32 parent_pid = 2;
  optional string child_comm = 3; optional int32 child_pid = 4;
}
message SchedProcessFreeFtraceEvent { optional string comm = 1; optional int32 pid = 2; optional int32 prio = 3; }
message TrackDescriptor { optional uint64 uuid = 1; optional uint64 parent_uuid = 5; optional string name = 2; }
message TrackEvent {
  repeated string categories = 22;
  optional string name = 23;
  enum Type { TYPE_UNSPECIFIED = 0; TYPE_SLICE_BEGIN = 1; TYPE_SLICE_END = 2; TYPE_INSTANT = 3; }
  optional Type type = 9;
  optional uint64 track_uuid = 11;
  repeated DebugAnnotation debug_annotations = 4;
}
message DebugAnnotation { optional string name = 10; optional int64 int_value = 4; optional string string_value = 6; }
EOF

# decode FILE OUT: the packets of FILE, the deflated ones inflated, as
# protoc's text format in OUT; returns protoc's status
cat > "$TMP/inflate.py" <<'EOF'
import sys, zlib

def varint(b, i):
    v = s = 0
    while True:
        c = b[i]; i += 1
        v |= (c & 0x7f) << s; s += 7
        if c < 0x80:
            return v, i

def fields(b):
    """(number, wire type, value) of a message's fields: varints and lengths only."""
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        if key & 7 == 0:
            v, i = varint(b, i)
        elif key & 7 == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        else:
            raise SystemExit('wire type %d' % (key & 7))
        yield key >> 3, key & 7, v

data = open(sys.argv[1], 'rb').read()
out, deflated = bytearray(), 0
for num, wt, packet in fields(data):
    assert num == 1 and wt == 2, (num, wt)
    for pnum, pwt, value in fields(packet):
        if pnum == 50:
            out += zlib.decompress(value)
            deflated += 1
    if not any(n == 50 for n, _, _ in fields(packet)):
        raise SystemExit('a packet not deflated')
open(sys.argv[2], 'wb').write(out)
print(deflated)
EOF
decode() {
	protoc --proto_path="$TMP" --decode=perfetto.protos.Trace perfetto.proto < "$1" \
		> "$TMP/outer.txt" 2> "$TMP/protoc.err" || return 1
	python3 "$TMP/inflate.py" "$1" "$TMP/inner.bin" > "$TMP/deflated" || return 1
	protoc --proto_path="$TMP" --decode=perfetto.protos.Trace perfetto.proto \
		< "$TMP/inner.bin" > "$2" 2>> "$TMP/protoc.err"
}

# The decoded trace (protoc's text format) against trace-cmd report -t and --json.
cat > "$TMP/check.py" <<'EOF'
import json, re, sys
from collections import defaultdict

def parse(lines):
    """protoc's text format: a list of (key, value or nested list)."""
    stack, cur = [], []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if line == '}':
            done, cur = cur, stack.pop()
            cur[-1] = (cur[-1][0], done)
        elif line.endswith('{'):
            cur.append((line[:-1].strip(), None))
            stack.append(cur)
            cur = []
        else:
            k, v = line.split(':', 1)
            v = v.strip()
            cur.append((k, json.loads(v) if v.startswith('"') else v))
    return cur

def get(msg, key, default=None):
    for k, v in msg:
        if k == key:
            return v
    return default

def all_of(msg, key):
    return [v for k, v in msg if k == key]

trace = parse(open(sys.argv[1]))
report = open(sys.argv[2])
verdicts = json.load(open(sys.argv[3]))['violations']
lo, hi = int(sys.argv[4]), int(sys.argv[5])

# trace-cmd report -t -R: each field as the record holds it
line = re.compile(r'^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d{9}):\s+(\S+):\s+(.*)$')
FIELDS = {
    'sched_switch': r'prev_comm=.* prev_pid=-?\d+ prev_prio=-?\d+ prev_state=(?P<state>-?\d+) '
                    r'next_comm=(?P<comm>.*) next_pid=(?P<pid>-?\d+) next_prio=(?P<prio>-?\d+)$',
    'sched_waking': r'comm=(?P<comm>.*) pid=(?P<pid>-?\d+) prio=(?P<prio>-?\d+)'
                    r'(?: success=\d+)? target_cpu=(?P<target>\d+)$',
}
FIELDS['sched_wakeup'] = FIELDS['sched_wakeup_new'] = FIELDS['sched_waking']
want = defaultdict(lambda: defaultdict(list))
for l in report:
    m = line.match(l)
    if not m or m.group(6) not in FIELDS:
        continue
    cpu, ts, ev = int(m.group(3)), int(m.group(4)) * 10**9 + int(m.group(5)), m.group(6)
    if not lo <= ts <= hi:
        continue
    f = re.match(FIELDS[ev], m.group(7)).groupdict()
    if ev == 'sched_switch':
        want[cpu]['switch'].append((ts, int(f['pid']), int(f['prio']), f['comm'], int(f['state'])))
    elif ev == 'sched_waking':
        want[cpu]['waking'].append((ts, int(f['pid']), int(f['prio']), f['comm'], int(f['target'])))
    else:
        want[cpu][ev].append((ts, int(m.group(2)), int(f['pid']), int(f['prio']), f['comm'],
                              int(f['target'])))

got = defaultdict(lambda: defaultdict(list))
lost = 0
verdict_events, tracks = [], {}
for k, p in trace:
    b = get(p, 'ftrace_events')
    if b:
        cpu = int(get(b, 'cpu', 0))
        lost += get(b, 'lost_events') == 'true'
        for e in all_of(b, 'event'):
            for kind in ('sched_wakeup', 'sched_wakeup_new'):
                w = get(e, kind)
                if w:
                    got[cpu][kind].append((int(get(e, 'timestamp')), int(get(e, 'pid')), int(get(w, 'pid')),
                                           int(get(w, 'prio')), get(w, 'comm'), int(get(w, 'target_cpu'))))
        cs = get(b, 'compact_sched')
        if cs:
            names = all_of(cs, 'intern_table')
            col = lambda key: [int(x) for x in all_of(cs, key)]
            t = 0
            for d, pid, prio, comm, st in zip(col('switch_timestamp'), col('switch_next_pid'),
                                               col('switch_next_prio'), col('switch_next_comm_index'),
                                               col('switch_prev_state')):
                t += d
                got[cpu]['switch'].append((t, pid, prio, names[comm], st))
            t = 0
            for d, pid, prio, comm, target in zip(col('waking_timestamp'), col('waking_pid'),
                                                   col('waking_prio'), col('waking_comm_index'),
                                                   col('waking_target_cpu')):
                t += d
                got[cpu]['waking'].append((t, pid, prio, names[comm], target))
    d = get(p, 'track_descriptor')
    if d:
        tracks[get(d, 'uuid')] = (get(d, 'name'), get(d, 'parent_uuid'))
    e = get(p, 'track_event')
    if e:
        verdict_events.append((int(get(p, 'timestamp')), e))

bad, n = [], defaultdict(int)
for cpu in set(want) | set(got):
    for kind in ('switch', 'waking', 'sched_wakeup', 'sched_wakeup_new'):
        w, g = want[cpu][kind], got[cpu][kind]
        n[kind] += len(w)
        if w != g:
            first = next((i for i, (a, b) in enumerate(zip(w, g)) if a != b), min(len(w), len(g)))
            bad.append('CPU %d %s: %d in trace-cmd report, %d written; first apart at %d: %s / %s'
                       % (cpu, kind, len(w), len(g), first, w[first:first + 1], g[first:first + 1]))

# each violation: a slice from its sleep to its run, or an instant, on its task's track
begins = [(ts, e) for ts, e in verdict_events if get(e, 'type') in ('TYPE_SLICE_BEGIN', 'TYPE_INSTANT')]
ends = [(ts, e) for ts, e in verdict_events if get(e, 'type') == 'TYPE_SLICE_END']
def arg(e, key):
    for a in all_of(e, 'debug_annotations'):
        if get(a, 'name') == key:
            return get(a, 'string_value', get(a, 'int_value'))
for v in verdicts:
    match = [(ts, e) for ts, e in begins if int(arg(e, 'ts_ns')) == v['ts_ns'] and int(arg(e, 'pid')) == v['pid']
             and get(e, 'name') == '%s violation: %s' % (v['monitor'], v['reason_detail'])]
    if len(match) != 1:
        bad.append('violation at %d of pid %d: %d track events' % (v['ts_ns'], v['pid'], len(match)))
        continue
    ts, e = match[0]
    name, parent = tracks.get(get(e, 'track_uuid'), (None, None))
    if not name or v['monitor'] not in name or tracks.get(parent, ('',))[0] != 'rvreplay: %s violations' % v['monitor']:
        bad.append('violation at %d: track %r under %r' % (v['ts_ns'], name, parent))
    if arg(e, 'why') != v['why'] or arg(e, 'monitor') != v['monitor']:
        bad.append('violation at %d: why %r' % (v['ts_ns'], arg(e, 'why')))
    s = (v.get('context') or {}).get('sleep') or {}
    if get(e, 'type') == 'TYPE_SLICE_BEGIN':
        end = s['wakeup_ts_ns'] + s['wakeup_latency_ns'] if s.get('wakeup_latency_ns') is not None else v['ts_ns']
        if ts != s.get('start_ts_ns') or not any(t == max(end, v['ts_ns']) and get(x, 'track_uuid') == get(e, 'track_uuid') for t, x in ends):
            bad.append('violation at %d: slice from %d, sleep from %s to %d' % (v['ts_ns'], ts, s.get('start_ts_ns'), end))
    elif ts != v['ts_ns']:
        bad.append('violation at %d: instant at %d' % (v['ts_ns'], ts))
if len(begins) != len(verdicts):
    bad.append('%d track events begin, %d violations' % (len(begins), len(verdicts)))
print('ok %d switches, %d wakings, %d wakeups, %d violations, %d lost bundles' %
      (n['switch'], n['waking'], n['sched_wakeup'] + n['sched_wakeup_new'], len(verdicts), lost)
      if not bad and n['switch'] else '\n'.join(bad[:6]) or 'nothing checked')
EOF

# perfetto TRACE LO HI [ARGS...]: the export of TRACE (--all --json for its
# violations) checked between LO and HI ns
perfetto() {
	t=$1 lo=$2 hi=$3
	shift 3
	"$RVREPLAY" -q --all "$@" --perfetto "$TMP/out.pftrace" --json -o "$TMP/out.json" "$t" 2> "$TMP/err"
	code=$?
	if [ "$code" = 2 ] || [ ! -s "$TMP/out.pftrace" ]; then
		not_ok "$t $*: --perfetto written" "exit $code" "$(head -3 "$TMP/err")"
		return
	fi
	if ! decode "$TMP/out.pftrace" "$TMP/out.txt"; then
		not_ok "$t $*: protoc decodes it" "$(head -3 "$TMP/protoc.err")"
		return
	fi
	trace-cmd report -t -R "$t" > "$TMP/report.txt" 2> /dev/null
	got=$(python3 "$TMP/check.py" "$TMP/out.txt" "$TMP/report.txt" "$TMP/out.json" "$lo" "$hi" 2>&1)
	case $got in
	ok*) ok "$t $*: as trace-cmd report -t -R has it (${got#ok }; $(cat "$TMP/deflated") deflated packets)" ;;
	*) not_ok "$t $*: as trace-cmd report -t -R has it" "$got" ;;
	esac
}

MAX=18446744073709551615
for t in traces/cyclictest-rel.dat traces/mutex-nonpi.dat traces/udp-softirq.dat \
	 traces/futex-wake.dat tests/kmod/traces/riscv64-cond_signal-lower.dat \
	 tests/kmod/traces/x86_64-lost.dat; do
	perfetto "$t" 0 "$MAX"
done

# --from/--to: only that time
perfetto traces/cyclictest-rel.dat 4983400000000 4983420000000 --from 4983.40 --to 4983.42

# lost events: the bundle after a gap says so
"$RVREPLAY" -q --perfetto "$TMP/lost.pftrace" tests/kmod/traces/x86_64-lost.dat 2> /dev/null
decode "$TMP/lost.pftrace" "$TMP/lost.txt"
gaps=$(trace-cmd report tests/kmod/traces/x86_64-lost.dat 2> /dev/null | grep -c 'EVENTS DROPPED')
said=$(grep -c 'lost_events: true' "$TMP/lost.txt")
[ "$gaps" -gt 0 ] && [ "$said" -ge 1 ] && ok "lost events: $said bundles say so ($gaps gaps in trace-cmd report)" ||
	not_ok "lost events: said in a bundle" "$said bundles, $gaps gaps"

# the kernel, for trace_processor's reading of prev_state
release=$("$RVREPLAY" -s traces/cyclictest-rel.dat 2> /dev/null |
	sed -n '1s/^[^:]*: [^ ]* [^ ]* \([^ ]*\) .*/\1/p')
"$RVREPLAY" -q --perfetto "$TMP/k.pftrace" traces/cyclictest-rel.dat 2> /dev/null
decode "$TMP/k.pftrace" "$TMP/k.txt"
grep -q "release: \"$release\"" "$TMP/k.txt" && ok "the kernel's release in SystemInfo ($release)" ||
	not_ok "the kernel's release in SystemInfo" "$release" "$(grep -A4 utsname "$TMP/k.txt")"

# Size and memory, on a trace grown 64 and 512 times (every page repeated):
# the file a fraction of the trace.dat; peak memory flat (streamed)
python3 "$MAKE_TRACE" grow traces/cyclictest-rel.dat "$TMP/g64.dat" 64
python3 "$MAKE_TRACE" grow traces/cyclictest-rel.dat "$TMP/g512.dat" 512
# (under ASan, with no quarantine: memory freed is given back, as without it)
for g in g64 g512; do
	ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=0" /usr/bin/time -f %M -o "$TMP/$g.kb" \
		"$RVREPLAY" -q --perfetto "$TMP/$g.pftrace" "$TMP/$g.dat" 2> /dev/null
	ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=0" /usr/bin/time -f %M -o "$TMP/$g.plain" \
		"$RVREPLAY" -q "$TMP/$g.dat" 2> /dev/null
done
dat=$(stat -c %s "$TMP/g512.dat") pf=$(stat -c %s "$TMP/g512.pftrace")
# the export's own: what --perfetto adds to the same run without it
kb64=$(($(tail -1 "$TMP/g64.kb") - $(tail -1 "$TMP/g64.plain")))
kb512=$(($(tail -1 "$TMP/g512.kb") - $(tail -1 "$TMP/g512.plain")))
ratio=$(echo "scale=3; $pf / $dat" | bc)
[ "$pf" -gt 0 ] && [ $((pf * 2)) -lt $((dat * 3)) ] &&
	ok "size: $pf bytes for a $dat-byte trace.dat (${ratio}x; under 1.5x)" ||
	not_ok "size: under 1.5x the trace.dat" "$pf of $dat bytes"
[ -s "$TMP/g64.pftrace" ] && [ -s "$TMP/g512.pftrace" ] && [ "$kb512" -lt $((kb64 + 2048)) ] &&
	ok "memory flat: the export adds $kb64 KiB of peak at 64x, $kb512 KiB at 512x" ||
	not_ok "memory flat" "the export adds $kb64 KiB at 64x, $kb512 KiB at 512x"
decode "$TMP/g512.pftrace" "$TMP/g512.txt" &&
	[ "$(grep -c '^      switch_timestamp' "$TMP/g512.txt")" = \
	  "$(trace-cmd report "$TMP/g512.dat" 2> /dev/null | grep -c 'sched_switch:')" ] &&
	ok "grown 512x: every switch there, $(cat "$TMP/deflated") deflated packets" ||
	not_ok "grown 512x: every switch there" "$(head -3 "$TMP/protoc.err")"

# whole or not at all; a trace is never overwritten; watch refuses it
check_error "--perfetto into a missing folder" "--perfetto $TMP/no/such/x.pftrace traces/mutex-nonpi.dat" \
	"no/such/x.pftrace"
cp traces/mutex-nonpi.dat "$TMP/self.dat"
check_error "--perfetto never overwrites the trace" "--perfetto $TMP/self.dat $TMP/self.dat" "self.dat"
mkdir -p "$TMP/batch"
cp traces/mutex-nonpi.dat traces/futex-wake.dat "$TMP/batch/"
"$RVREPLAY" -q --perfetto "$TMP/pf-dir" "$TMP/batch" 2> /dev/null
[ -s "$TMP/pf-dir/mutex-nonpi.perfetto-trace" ] && [ -s "$TMP/pf-dir/futex-wake.perfetto-trace" ] &&
	ok "a batch: --perfetto names a folder, NAME.perfetto-trace per trace" ||
	not_ok "a batch: --perfetto names a folder" "$(ls "$TMP/pf-dir" 2>&1)"
check_error "watch: --perfetto refused" "watch --perfetto $TMP/w.pftrace -- true" "--perfetto: not with watch"

finish

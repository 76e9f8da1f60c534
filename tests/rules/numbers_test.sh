#!/bin/sh
# A rule's numbers read as trace-cmd reads them (issue 43, item 5).
# - A crafted trace (traces/futex-wake.dat with an event workqueue:nums after
#   each sched_waking: an unsigned 64-bit field over 2^63 in two records of
#   three, a signed one below 0, a __data_loc string of 6, 31, 38 or 35
#   bytes): a rule with one violation per record its filter takes gives
#   as many as `trace-cmd report -F` matches, or is refused with its
#   FILE:LINE:COL (a literal over 64 bits, a string past the 31 bytes an
#   event's string fields are read with, a comm compared with a number,
#   strings ordered).
# - Jiffies whose ns overflow 64 bits refused, for the built-in stall
#   (--param) and in a rule; --param with the units rvreplay-spec(5)
#   promises, and without overflow.
#
# usage: numbers_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
N=$TMP/nums.dat

command -v python3 > /dev/null || skip_or_fail "numbers" "no python3"
command -v trace-cmd > /dev/null || skip_or_fail "numbers" "no trace-cmd"

python3 - traces/futex-wake.dat "$N" <<'PY' || { not_ok "the crafted trace is written"; finish; exit 1; }
import os, struct, sys
sys.path.insert(0, os.path.join(os.getcwd(), 'tests', 'compat'))
import synthetic_trace  # noqa: E402

# synthetic_trace.py's writer, with this event instead of its workqueue's
FORMAT = synthetic_trace.FORMAT.split('\n\n')[0].replace('workqueue_queue_work', 'nums') + '''

\tfield:u64 big;\toffset:8;\tsize:8;\tsigned:0;
\tfield:s64 neg;\toffset:16;\tsize:8;\tsigned:1;
\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:0;
\tfield:int n;\toffset:28;\tsize:4;\tsigned:1;

print fmt: "big=%%llx neg=%%lld name=%%s n=%%d", REC->big, REC->neg, __get_str(name), REC->n
'''
A31 = b'a' * 31
NAMES = [b'events', A31, A31 + b'bcdefgh', b'a' * 30 + b'z' + b'tail']


def nums(eid, waking, cpu, n):
    name = NAMES[n % len(NAMES)] + b'\0'
    flags, preempt, pid = struct.unpack_from('<BBi', waking, 2)
    big = 0xffffffff80000000 + 0x1000 * n if n % 3 else n
    data = struct.pack('<HBBiQqIi', eid, flags, preempt, pid, big, -n,
                       (len(name) << 16) | 32, n)
    data += name
    return data + bytes(-len(data) % 4)


synthetic_trace.FORMAT = FORMAT
synthetic_trace.queue_work = nums
synthetic_trace.main(sys.argv)
PY

# rule FILTER [EVENT]: a global automaton with one violation per record of
# EVENT (workqueue:nums) FILTER takes (tick starts it at each record, hit is
# none of its state's)
rule() {
	ev=${2:-workqueue:nums}
	cat > "$TMP/nums.dot" <<EOF
digraph state_automaton {
	{node [shape = plaintext, style = invis, label = ""] "__init_ok"};
	{node [shape = doublecircle] "ok"};
	{node [shape = circle] "held"};
	"__init_ok" -> "ok";
	"ok" -> "ok" [ label = "tick" ];
	"ok" -> "held" [ label = "hold" ];
	"held" -> "ok" [ label = "hit" ];
	{ rank = min; "__init_ok"; "ok"; }
}

#: monitor nums_rule
#: instance global
#: tick = on $ev starts
#: hold = on sched_kthread_stop
#: hit = on $ev if $1
EOF
}

# same_as_trace_cmd FILTER [EVENT TRACE-CMD'S EVENTS TRACE]: the rule's
# violations, trace-cmd's matches
same_as_trace_cmd() {
	rule "$1" "${2:-}"
	trace=${4:-$N}
	want=$(trace-cmd report -F "${3:-nums}: $1" "$trace" 2> /dev/null |
	       grep -Ec " (${3:-nums}|page_fault_user|page_fault_kernel): ")
	"$RVREPLAY" --all --json --spec "$TMP/nums.dot" "$trace" > "$TMP/nums.json" 2> "$TMP/err"
	got=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["violations"]))' \
	      "$TMP/nums.json" 2> /dev/null)
	if [ -n "$got" ] && [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then
		ok "'$1': $got records, as trace-cmd report -F"
	else
		not_ok "'$1': as trace-cmd report -F" "trace-cmd: $want, rvreplay: ${got:-none}" \
		       "$(head -c 300 "$TMP/err")"
	fi
}

# refused FILTER COL REGEX: exit 2, one line, with the filter's place
refused() {
	rule "$1"
	check_error "'$1' refused at its place" "--spec $TMP/nums.dot $N" \
		"nums\\.dot:16:$2: error: $3"
}

PF='page_fault page_fault_user,page_fault_kernel traces/clock-nanosleep.dat'
# shellcheck disable=SC2086
same_as_trace_cmd 'ip >= 0xffffffff80000000' $PF
# shellcheck disable=SC2086
same_as_trace_cmd 'ip > 5' $PF
same_as_trace_cmd 'big >= 0xffffffff80000000'
same_as_trace_cmd 'big <= 0xffffffff80000000'
same_as_trace_cmd 'big > 5'
same_as_trace_cmd 'neg > 5'
same_as_trace_cmd 'name != 0'
refused 'big >= 18446744073709551616' 38 'a number over 64 bits'
refused 'name == "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"' 36 'a string of 31 bytes or more'
refused 'task.comm == 0' 41 'a string compared with a number'
refused 'task.comm >= "a"' 41 'strings are not ordered'
refused 'n > 0 && "b" < task.comm' 44 'strings are not ordered'

# jiffies whose ns overflow 64 bits: the built-in stall and a rule
check_error "--param stall.threshold_jiffies over 64 bits of ns refused" \
	"-m stall --hz 250 --param stall.threshold_jiffies=18446744074 traces/futex-wake.dat" \
	"stall\\.threshold_jiffies=18446744074: more than 18446744073 jiffies, whose ns overflow 64 bits"
check_error "--param stall.threshold_jiffies over 64 bits refused" \
	"-m stall --hz 250 --param stall.threshold_jiffies=99999999999999999999 traces/futex-wake.dat" \
	"bad --param"
sed 's/^#: param threshold_jiffies = 1000$/#: param threshold_jiffies = 18446744074/' \
	examples/specs/stall.dot > "$TMP/stall.dot"
check_error "a rule's jiffies over 64 bits of ns refused at its place" \
	"--hz 250 --spec $TMP/stall.dot traces/futex-wake.dat" \
	"stall\\.dot:25:30: error: expected a number of jiffies, 18446744073 at most"

# --param with the units of rvreplay-spec(5), as the rule's own line reads them
S=examples/specs/rt-wakeup-latency.dot
count() {
	"$RVREPLAY" --json "$@" traces/futex-wake.dat 2> /dev/null |
		python3 -c 'import json, sys; print(len(json.load(sys.stdin)["violations"]))' 2> /dev/null
}
a=$(count --spec $S --param rt_wakeup_latency.max_latency_ns=5us)
b=$(count --spec $S --param rt_wakeup_latency.max_latency_ns=5000)
sed 's/^#: param max_latency_ns = 200us$/#: param max_latency_ns = 5us/' $S > "$TMP/lat.dot"
c=$(count --spec "$TMP/lat.dot")
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ] && [ "$a" -gt 0 ]; then
	ok "--param rt_wakeup_latency.max_latency_ns=5us: $a violations, as 5000 and the rule's own 5us"
else
	not_ok "--param with a unit" "5us: ${a:-error}, 5000: ${b:-error}, the rule's 5us: ${c:-error}"
fi
check_error "--param rt_wakeup_latency.max_latency_ns over 64 bits refused" \
	"--spec $S --param rt_wakeup_latency.max_latency_ns=18446744073709551616 traces/futex-wake.dat" \
	"bad --param"

finish

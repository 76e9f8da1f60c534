#!/bin/sh
# make bench, rules: each example rule of examples/specs/ on the trace it is
# tested on, against the built-in monitor it re-expresses where there is
# one: wall time and peak memory, the median of BENCH_RUNS runs (issue 33:
# each example under a second). Figures, not a test: it fails only when it
# cannot run.
#
# usage: RVREPLAY=BIN sh bench/rules.sh
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
RUNS=${BENCH_RUNS:-5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# row NAME TRACE ARGS...: the median wall time and peak memory of a replay;
# the median time also in $LAST
row() {
	name=$1 trace=$2
	shift 2
	i=0
	: > "$TMP/runs"
	while [ $i -lt "$RUNS" ]; do
		/usr/bin/time -f "%e %M" -o "$TMP/t" "$RVREPLAY" -q "$@" "$trace" > /dev/null 2>&1
		[ $? -gt 1 ] && { echo "bench: $name on $trace failed" >&2; exit 2; }
		tail -n 1 "$TMP/t" >> "$TMP/runs"
		i=$((i + 1))
	done
	LAST=$(sort -n "$TMP/runs" | awk '{ s[NR] = $1 } END { print s[int((NR + 1) / 2)] }')
	sort -n -k2 "$TMP/runs" | awk -v n="$name" -v t="${trace#"$TMP"/}" -v s="$LAST" \
		'{ m[NR] = $2 } END { printf "  %-30s %-34s %6.3f s %7.1f MiB\n", n, t, s,
		 m[int((NR + 1) / 2)] / 1024 }'
}

# ratio WHAT RULE BUILTIN: the rule's time over the built-in's
ratio() {
	awk -v n="$1" -v r="$2" -v b="$3" 'BEGIN {
		if (b > 0) printf "  %s / the built-in (wall): %.2fx\n", n, r / b }'
}

echo "rules: each example on its trace, the median of $RUNS runs (goal: under 1 s each)"
S=examples/specs
row pagefault.ltl traces/udp-softirq.dat --spec $S/pagefault.ltl
row "  built-in pagefault" traces/udp-softirq.dat -m pagefault
row sleep.ltl traces/udp-softirq.dat --profile 6.17 --spec $S/sleep.ltl
row "  built-in sleep" traces/udp-softirq.dat --profile 6.17 -m sleep
row wwnr.dot traces/udp-softirq.dat --spec $S/wwnr.dot
row "  built-in wwnr" traces/udp-softirq.dat -m wwnr
row stall.dot traces/udp-softirq.dat --hz 250 --spec $S/stall.dot
row "  built-in stall" traces/udp-softirq.dat --hz 250 -m stall
row no-mm-calls.ltl tests/rules/traces/mm-calls.dat --spec $S/no-mm-calls.ltl
row rt-wakeup-latency.dot traces/udp-softirq.dat --spec $S/rt-wakeup-latency.dot
row no-migration.ltl tests/rules/traces/migrate.dat --spec $S/no-migration.ltl
row rt-not-moved.ltl tests/rules/traces/moved.dat --spec $S/rt-not-moved.ltl
row wip.dot tests/kmod/traces/x86_64-kernel-wip.dat --spec $S/wip.dot
row "  built-in wip" tests/kmod/traces/x86_64-kernel-wip.dat -m wip
row cyclictest-no-late-faults.ltl traces/cyclictest-rel.dat --spec $S/cyclictest-no-late-faults.ltl

# what a rule costs per record against the built-in it re-expresses: the
# interpreted automaton and filters against generated C, on a bigger trace
G=$TMP/grown.dat
if python3 tests/lib/make_trace.py grow traces/cyclictest-rel.dat "$G" 200 > /dev/null 2>&1; then
	echo "on traces/cyclictest-rel.dat grown 200 times ($(wc -c < "$G") bytes):"
	row sleep.ltl "$G" --profile 6.17 --spec $S/sleep.ltl
	r=$LAST
	row "  built-in sleep" "$G" --profile 6.17 -m sleep
	ratio sleep.ltl "$r" "$LAST"
	row wwnr.dot "$G" --spec $S/wwnr.dot
	r=$LAST
	row "  built-in wwnr" "$G" -m wwnr
	ratio wwnr.dot "$r" "$LAST"
fi

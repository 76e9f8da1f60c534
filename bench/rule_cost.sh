#!/bin/sh
# make bench, rule cost (issue 43): the three shapes of rule whose cost
# grew exponentially with their size, or that overflowed the stack, as
# tests/rules/costly_rule.sh makes them, at 1x, 2x, 4x and 8x up to their
# limits: definitions that share subformulas (30 levels), '&' nested in a
# filter (63), a flat chain of '&&' (1000 terms; 60,000 are refused). Each
# means examples/specs/no-mm-calls.ltl, the baseline.
#
# For each size: the median CPU time (user + system) of BENCH_RUNS replays
# (default 5) of tests/rules/traces/mm-calls.dat grown BENCH_GROW times
# (default 2000) and its ratio to the 1x time; with valgrind, the
# instructions the rule adds to the baseline's on the trace as bundled
# (load does not change them) and their ratio to 1x's. Linear growth: the
# ratios stay at or under the size's. A run past BENCH_TIMEOUT seconds
# (default 120) is said, not waited for: RVREPLAY=OLD_BINARY shows what
# an exponential cost was. Figures, not a test: it fails only when it
# cannot run.
#
# usage: RVREPLAY=BIN sh bench/rule_cost.sh
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
RUNS=${BENCH_RUNS:-5}
GROW=${BENCH_GROW:-2000}
LIMIT=${BENCH_TIMEOUT:-120}
T=tests/rules/traces/mm-calls.dat
BASE=examples/specs/no-mm-calls.ltl
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
G=$TMP/grown.dat

die() {
	echo "bench: $*" >&2
	exit 2
}

# cpu RULE: the median CPU seconds of the replays of the grown trace;
# ">LIMIT" when one takes longer, "crashed" when one dies of a signal
cpu() {
	: > "$TMP/runs"
	i=0
	while [ $i -lt "$RUNS" ]; do
		/usr/bin/time -f "%U %S" -o "$TMP/t" timeout "$LIMIT" "$RVREPLAY" -q --spec "$1" \
			"$G" > /dev/null 2>&1
		rc=$?
		[ $rc = 124 ] && { echo ">$LIMIT"; return; }
		[ $rc -gt 128 ] && { echo crashed; return; }
		[ $rc -gt 2 ] && die "$1 on $G: exit $rc"
		tail -n 1 "$TMP/t" | awk '{ print $1 + $2 }' >> "$TMP/runs"
		i=$((i + 1))
	done
	sort -n "$TMP/runs" | awk '{ s[NR] = $1 } END { print s[int((NR + 1) / 2)] }'
}

# instructions RULE: valgrind's count for a replay of the bundled trace
# (with the child that tries the event formats), "-" past LIMIT or
# without valgrind
instructions() {
	command -v valgrind > /dev/null || { echo -; return; }
	timeout "$LIMIT" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$RVREPLAY" -q --spec "$1" "$T" > /dev/null 2> "$TMP/valgrind"
	[ $? = 124 ] && { echo -; return; }
	sed -n 's/.*Collected : //p' "$TMP/valgrind" | awk '{ n += $1 } END { print n }'
}

# seconds T: "T s" for a time, T itself otherwise (">120", "crashed")
seconds() {
	case $1 in
	[0-9]*) echo "$1 s" ;;
	*) echo "$1" ;;
	esac
}

# ratio A B: A / B as "N.NNx", or "-" when either is not a number
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2fx", a / b
		else printf "-" }'
}

# shape NAME UNIT SIZES...: a row per size, its ratios to the first's
shape() {
	name=$1 unit=$2
	shift 2
	first=$1 t1='' i1=''
	for n in "$@"; do
		sh tests/rules/costly_rule.sh "$name" "$n" > "$TMP/${name}_$n.ltl" ||
			die "tests/rules/costly_rule.sh $name $n"
		t=$(cpu "$TMP/${name}_$n.ltl")
		i=$(instructions "$TMP/${name}_$n.ltl")
		added=$(awk -v i="$i" -v b="$BASE_INS" 'BEGIN {
			if (i ~ /^[0-9]+$/ && b ~ /^[0-9]+$/) print i - b; else print "-" }')
		[ -z "$t1" ] && t1=$t i1=$added
		printf "  %-7s %5d %-7s %6.1fx %10s %7s %14s %7s\n" "$name" "$n" "$unit" \
			"$(awk -v n="$n" -v f="$first" 'BEGIN { print n / f }')" "$(seconds "$t")" \
			"$(ratio "$t" "$t1")" "$added" "$(ratio "$added" "$i1")"
	done
}

python3 tests/lib/make_trace.py grow "$T" "$G" "$GROW" > /dev/null 2>&1 ||
	die "cannot grow $T (python3 tests/lib/make_trace.py grow)"
BASE_INS=$(instructions "$BASE")
echo "rule cost: the median CPU time of $RUNS replays of $T grown $GROW times;"
echo "instructions (callgrind) over $BASE's on $T as bundled"
printf "  %-21s %7s %10s %7s %14s %7s\n" "rule" "size" "CPU" "x 1x" "instructions" "x 1x"
printf "  %-21s %7s %10s %7s %14s %7s\n" "no-mm-calls.ltl" "-" "$(seconds "$(cpu "$BASE")")" "-" \
	"$BASE_INS" "-"
shape shared levels 4 8 16 30
shape bitand '&' 8 16 32 63
shape chain terms 125 250 500 1000
sh tests/rules/costly_rule.sh chain 60000 > "$TMP/chain_60000.ltl"
echo "  chain   60000 terms, past the limit (refused): $(seconds "$(cpu "$TMP/chain_60000.ltl")")"

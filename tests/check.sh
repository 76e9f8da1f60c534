#!/bin/sh
# make check: every part of the test suite, each timed, none stopping the
# others, and at the end a time table against the suite's budget.
#
# usage (from the top of the tree, as make check runs it): tests/check.sh
#
# Two lanes run side by side, for most tests keep one of the two cores
# busy and the guests' kernels take long to build:
#   host lane   generated, unit, compat, e2e, mutation, san (the e2e
#               scripts of hostile or varied input under the sanitizers)
#   guest lane  san-build (the sanitizers' build the san part waits for),
#               san-unit (the unit tests under the sanitizers),
#               kernels (kmod/upstream/build-kernel.sh, cached by the key
#               of what goes into them), kmod, compat-guests, then fuzz
# The guest lane touches no host tracefs (its guests trace their own; the
# fuzzers none), so the lanes share nothing but the build made before
# they start. The host lane's scripts record on the host's tracefs: they
# run one at a time (a recording holds every task's events, another
# script's real-time workload among them).
#
# A failing part does not stop the others. The end: the table of every
# part's and every script's wall time (also in $BUILD/check/times.txt),
# the total against the budget (CHECK_BUDGET_FRESH seconds when this run
# built a guest kernel, CHECK_BUDGET_CACHED when all were cached; a run
# over it is said, not failed: machines differ), the failing parts with
# their failures, and exit 1 if any part failed.
#
# Environment: BUILD (build), MAKE (make), CHECK_PARTS (only the parts
# named, e.g. "unit e2e"), CHECK_BUDGET_FRESH (3600), CHECK_BUDGET_CACHED
# (2700).

BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
OUT=$BUILD/check
BUDGET_FRESH=${CHECK_BUDGET_FRESH:-3600}
BUDGET_CACHED=${CHECK_BUDGET_CACHED:-2700}
START=$(date +%s)

rm -rf "$OUT"
mkdir -p "$OUT"
CHECK_TIMES=$(pwd)/$OUT/scripts.tsv
export CHECK_TIMES
: > "$CHECK_TIMES"
: > "$OUT/parts.tsv"

selected() {
	[ -z "${CHECK_PARTS:-}" ] && return 0
	case " $CHECK_PARTS " in *" $1 "*) return 0 ;; esac
	return 1
}

# part NAME COMMAND...: runs it with its output in $OUT/NAME.log (and on
# stdout too unless QUIET is set), then notes its time and exit code.
part() {
	name=$1
	shift
	selected "$name" || return 0
	t0=$(date +%s)
	echo "== part $name (at $((t0 - START)) s)"
	if [ -n "${QUIET:-}" ]; then
		"$@" > "$OUT/$name.log" 2>&1
		rc=$?
	else
		{ "$@"; echo $? > "$OUT/$name.rc"; } 2>&1 | tee "$OUT/$name.log"
		rc=$(cat "$OUT/$name.rc")
	fi
	seconds=$(( $(date +%s) - t0 ))
	printf '%s\t%s\t%s\n' "$name" "$seconds" "$rc" >> "$OUT/parts.tsv"
	if [ "$rc" = 0 ]; then
		echo "== part $name passed in $seconds s"
	else
		echo "== part $name FAILED (exit $rc) in $seconds s, log $OUT/$name.log"
	fi
}

# Both lanes' makes find everything they share already built.
part deps scripts/deps.sh
part build $MAKE all "$BUILD/verdict_check" "$BUILD/tests/make_hostile" workloads \
	"$BUILD/kmod/assemble" "$BUILD/unit-tests"

# The guest lane, quiet: its parts' logs are printed at the end if they fail.
(
	QUIET=1
	# the sanitizers' build for the host lane's san part, which waits for it
	part san-build $MAKE BUILD="$BUILD-san" SAN=1 all "$BUILD-san/verdict_check" \
		"$BUILD-san/tests/make_hostile" workloads "$BUILD-san/unit-tests"
	: > "$OUT/san-build.ended"
	# the unit tests under the sanitizers (minutes, one core) beside the
	# host lane's e2e
	part san-unit $MAKE BUILD="$BUILD-san" SAN=1 check-san-unit
	part kernels sh -c 'kmod/upstream/build-kernel.sh x86_64 > /dev/null &&
		kmod/upstream/build-kernel.sh riscv64 > /dev/null'
	part kmod $MAKE check-kmod
	part compat-guests $MAKE check-compat-guests
	# no tracefs, no guest: the fuzzers take the core the guests leave
	part fuzz $MAKE check-fuzz
) &
guests=$!

part generated $MAKE check-generated
part unit $MAKE check-unit
part compat $MAKE check-compat
part e2e $MAKE check-e2e
part mutation $MAKE check-mutation
while [ ! -e "$OUT/san-build.ended" ] && kill -0 $guests 2> /dev/null; do
	sleep 2
done
part san $MAKE BUILD="$BUILD-san" SAN=1 check-san-e2e
wait $guests

# The table: parts in the order they started, then every script timed.
total=$(( $(date +%s) - START ))
if ! grep -q '^kernels	' "$OUT/parts.tsv"; then
	budget= kind="only the parts $CHECK_PARTS"
elif grep -q '^build-kernel: built ' "$OUT/kernels.log"; then
	budget=$BUDGET_FRESH kind="a guest kernel built in this run"
else
	budget=$BUDGET_CACHED kind="the guest kernels cached"
fi
{
	echo "Time table of make check (wall seconds; the two lanes overlap)"
	printf '%-48s %8s  %s\n' part seconds result
	while IFS='	' read -r name seconds rc; do
		printf '%-48s %8s  %s\n' "$name" "$seconds" "$([ "$rc" = 0 ] && echo passed || echo "FAILED ($rc)")"
	done < "$OUT/parts.tsv"
	echo
	printf '%-48s %8s  %s\n' script seconds result
	while IFS='	' read -r name seconds rc; do
		printf '%-48s %8s  %s\n' "$name" "$seconds" "$([ "$rc" = 0 ] && echo passed || echo "FAILED ($rc)")"
	done < "$CHECK_TIMES"
	echo
	printf 'total: %s s (%s min %s s)' "$total" $((total / 60)) $((total % 60))
	if [ -z "$budget" ]; then
		echo ", $kind: no budget applies"
	elif [ "$total" -le "$budget" ]; then
		echo ", within the budget of $budget s for $kind"
	else
		echo ", OVER the budget of $budget s for $kind"
	fi
} > "$OUT/times.txt"
cat "$OUT/times.txt"

failed=$(awk -F'\t' '$3 != 0 { printf " %s", $1 }' "$OUT/parts.tsv")
if [ -n "$failed" ]; then
	for name in $failed; do
		echo
		echo "== the failures of part $name ($OUT/$name.log):"
		# each failing check with the lines indented below it (its why)
		awk '/^(FAILED|not ok|make.*Error)/ { print; n = 12; next }
		     n > 0 && /^([ \t]|#)/ { print; n--; next } { n = 0 }' "$OUT/$name.log" | head -150
		echo "-- its last lines:"
		tail -15 "$OUT/$name.log"
	done
	echo
	echo "make check: FAILED parts:$failed"
	exit 1
fi
echo "make check: every part passed"

#!/bin/sh
# The tests' own test: the end-to-end scripts that judge rvreplay's output
# run against three broken rvreplays (mutants), and each script must fail
# against the mutants its table row names. A script that passes against
# one has a case that cannot fail (issue 29).
#
#   nothing    prints nothing, writes nothing, exits 0 (prints_nothing.sh)
#   exit0      the real rvreplay, its exit code always 0 (exit_zero.sh)
#   droplast   each replay loses its last verdict, in every output
#   dropeach   each replay loses the first verdict of each monitor
#   shift      every time printed is 1 us late
# The last three are rvreplay built with -DRVREPLAY_MUTANTS, the mutant
# chosen by RVREPLAY_MUTANT (engine/mutant.h).
#
# Against "nothing" every single check must fail too, but those of the
# allowlist below, which hold for a binary that does nothing.
#
# usage: mutation_check.sh BUILD MUTANT_BUILD   (from the top of the tree)
#   BUILD: rvreplay, ltlc, verdict_check, workloads, tests/make_hostile;
#   MUTANT_BUILD: the rvreplay built with -DRVREPLAY_MUTANTS.
# MUTATION_TIMEOUT: seconds per script and mutant (default 300: a hang
# guard, the slowest takes about 150 s with the other job beside it);
# MUTATION_JOBS: scripts run at once (default 2); MUTATION_SCRIPTS: only
# these rows of the table (names, e.g. "tty verdicts").

MUTANTS="nothing exit0 droplast dropeach shift"

# script_path NAME: the script NAME_test.sh, in tests/e2e or another folder of tests
script_path() {
	for f in tests/e2e/$1_test.sh tests/*/$1_test.sh; do
		[ -f "$f" ] && { echo "$f"; return; }
	done
	echo "tests/e2e/$1_test.sh"
}

# run SCRIPT MUTANT: the script against the mutant, its output in
# $W/SCRIPT.MUTANT.log; "killed" or "SURVIVED". Only "nothing" runs to the
# end (its passing checks are read); the others stop at a first failure.
run() {
	stop=1
	[ "$2" = nothing ] && stop=
	# CI='': a skip is not a failure here, or a skip would pass for a kill
	CI='' E2E_STOP_AT_FAILURE=$stop FLIPS=4 RVREPLAY=$W/$2/rvreplay \
		MAKE_HOSTILE=$BUILD/tests/make_hostile \
		timeout -k 5 "$LIMIT" sh "$(script_path "$1")" "$BUILD/verdict_check" "$BUILD/workloads" \
		> "$W/$1.$2.log" 2>&1 < /dev/null
	case $? in
	0)	echo SURVIVED ;;
	124)	echo "killed (timeout)" ;;
	*)	echo killed ;;
	esac
}

# --row SCRIPT MUTANT...: one row of the table (a job of the runs below)
if [ "$1" = --row ]; then
	script=$2
	shift 2
	t0=$(date +%s)
	row=$(printf '%-20s' "$script")
	for m in $MUTANTS; do
		case " $* " in
		*" $m "*)	got=$(run "$script" "$m") ;;
		*)		got=- ;;
		esac
		row="$row $(printf '%-18s' "$got")"
	done
	echo "$row $(( $(date +%s) - t0 ))"
	# the row's time for make check's table (tests/timed.sh's format)
	if [ -n "${CHECK_TIMES:-}" ]; then
		case $row in *SURVIVED*) rc=1 ;; *) rc=0 ;; esac
		printf 'mutation %s\t%s\t%s\n' "$script" "$(( $(date +%s) - t0 ))" "$rc" >> "$CHECK_TIMES"
	fi
	exit 0
fi

BUILD=${1:?usage: mutation_check.sh BUILD MUTANT_BUILD}
MUTANT_BUILD=${2:?usage: mutation_check.sh BUILD MUTANT_BUILD}
LIMIT=${MUTATION_TIMEOUT:-300}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
TOP=$(pwd)
export BUILD LIMIT W

# Which mutants each script must kill, the slowest rows first (for the
# jobs to end together). Slow or live scripts (hostile,
# valgrind, record, install, the guests) are not run: make check runs them
# against the real binary. toy_monitor builds its own rvreplay; man reads
# the pages; interrupt sends signals to whatever runs. html and
# chrome_trace count what they draw against the same binary's --json, so
# a verdict lost everywhere (droplast) is not theirs to see: verdicts is;
# perfetto likewise.
TABLE="html			nothing exit0
chrome_trace		nothing exit0
perfetto		nothing exit0
bad_input		nothing exit0 droplast
reader_equivalence	nothing exit0 droplast
gate			nothing exit0 droplast
batch			nothing exit0 droplast
verdicts		nothing exit0 droplast
cli			nothing exit0 droplast
tty			nothing exit0 droplast
report_truth		nothing exit0 droplast
forensics		nothing exit0 droplast
stats_truth		nothing exit0 droplast
diff			nothing exit0 droplast
compare			nothing exit0 droplast
waivers			nothing exit0 droplast
automata		nothing exit0 droplast
wip			nothing exit0 droplast
rules			nothing exit0 droplast"

# Checks that pass against "nothing" and should: script|description.
ALLOWED="
# the generator's limits: ltlc, not rvreplay, is run
bad_input|ltlc: 33 atoms
bad_input|ltlc: an automaton of 35 states
# negatives after a refused run (its own check_error fails): nothing
# written over the device, the trace or a missing folder
cli|/dev/null is still a device
cli|no partial output left behind
gate|-o the trace itself: the trace intact
batch|the trace left intact
chrome_trace|the trace is intact
# record's own cases fail; the tracefs it left is as it was
gate|record: tracefs as before
# exit code 0 and no output expected
diff|-q prints nothing
waivers|-q: exit 0, nothing printed
automata|a bound no wait reaches
"

# the mutants, each an "rvreplay" with the real ltlc beside it
for m in $MUTANTS; do
	mkdir -p "$W/$m"
	ln -s "$TOP/$BUILD/ltlc" "$W/$m/ltlc"
done
cp tests/mutation/prints_nothing.sh "$W/nothing/rvreplay"
cp tests/mutation/exit_zero.sh "$W/exit0/rvreplay"
# the built mutants: the same binary, told which one it is (exec: the
# pid a watcher names its instance after stays the script's child's)
for m in droplast dropeach shift; do
	printf '#!/bin/sh\nRVREPLAY_MUTANT=%s exec "%s" "$@"\n' "$m" "$TOP/$MUTANT_BUILD/rvreplay" \
		> "$W/$m/rvreplay"
	chmod +x "$W/$m/rvreplay"
done
RVREPLAY_REAL=$TOP/$BUILD/rvreplay
export RVREPLAY_REAL

if [ -n "${MUTATION_SCRIPTS:-}" ]; then
	TABLE=$(echo "$TABLE" | while read -r script kills; do
		case " $MUTATION_SCRIPTS " in *" $script "*) echo "$script $kills" ;; esac
	done)
fi

failed=0
start=$(date +%s)
printf '%-20s %-18s %-18s %-18s %-18s %-18s %s\n' script $MUTANTS seconds
echo "$TABLE" | xargs -P "${MUTATION_JOBS:-2}" -L 1 sh "$0" --row > "$W/rows"
echo "$TABLE" | while read -r script kills; do
	grep "^$script " "$W/rows"
done | tee "$W/table"

# a script its mutant did not kill
if grep -q SURVIVED "$W/table"; then
	failed=1
	grep SURVIVED "$W/table" | while read -r script rest; do
		for m in $MUTANTS; do
			[ -f "$W/$script.$m.log" ] && grep -q '^[0-9]* passed, 0 failed$' "$W/$script.$m.log" &&
				echo "FAILED  $script passes against the $m mutant"
		done
	done
fi

# a single check that held against "nothing" and is not allowed to
echo "$ALLOWED" | grep -v '^#' | grep . > "$W/allowed"
for log in "$W"/*.nothing.log; do
	script=$(basename "$log" .nothing.log)
	sed -n 's/^ok      //p' "$log" | while IFS= read -r desc; do
		grep -qxF "$script|$desc" "$W/allowed" ||
			echo "FAILED  $script: '$desc' passes against a binary printing nothing"
	done
done > "$W/weak"
if [ -s "$W/weak" ]; then
	failed=1
	cat "$W/weak"
fi

echo "mutation check: $(( $(date +%s) - start )) s"
if [ "$failed" = 0 ]; then
	echo "mutation check: every mutant killed"
else
	echo "mutation check: FAILED (logs of the runs: MUTATION_KEEP=DIR keeps them)"
	[ -n "${MUTATION_KEEP:-}" ] && mkdir -p "$MUTATION_KEEP" && cp "$W"/*.log "$MUTATION_KEEP"
fi
[ "$failed" = 0 ]

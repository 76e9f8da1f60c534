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
# jobs to end together). Every script of make check-e2e (E2E_SCRIPTS) has
# a row, or is in NOT_RUN with why. html, chrome_trace and perfetto count
# what they draw against the same binary's --json, so a verdict lost
# everywhere (droplast, dropeach) is not theirs to see: verdicts is. A
# time 1 us late (shift: the text's times and the JSON's) is seen where
# times are checked against trace-cmd report or the trace's records.
TABLE="valgrind		nothing
record_faults		nothing
interrupt		nothing
rules			nothing exit0 droplast dropeach shift
html			nothing exit0 shift
chrome_trace		nothing exit0 shift
hostile			nothing
watch_ends		nothing
perfetto		nothing exit0 shift
gate			nothing exit0 droplast dropeach
batch			nothing exit0 droplast dropeach
reader_equivalence	nothing exit0 droplast dropeach
stats_truth		nothing exit0 droplast dropeach shift
slurm			nothing
wwnr_truth		nothing
bad_input		nothing exit0 droplast dropeach shift
verdicts		nothing exit0 droplast dropeach
cli			nothing exit0 droplast dropeach
tty			nothing exit0 droplast dropeach
report_truth		nothing exit0 droplast dropeach shift
forensics		nothing exit0 droplast dropeach shift
diff			nothing exit0 droplast dropeach
compare			nothing exit0 droplast dropeach
waivers			nothing exit0 droplast dropeach
automata		nothing exit0 droplast dropeach shift
wip			nothing exit0 droplast dropeach shift
readers			nothing
watch			nothing
record			nothing
export_attack		nothing
shared_folder		nothing
numbers			nothing
fleet			nothing
foreign			nothing
regressions		nothing
dotc			nothing
stall_truth		nothing
man			nothing"

# Scripts of make check-e2e not run here, and why: they build an rvreplay of
# their own from the tree (install into $RVREPLAY's folder: over the mutant).
NOT_RUN="install|make install builds rvreplay into \$RVREPLAY's folder, over the mutant
toy_monitor|builds its own rvreplay in a copy of the tree with a toy monitor"

# Checks that pass against "nothing" and should: script|description, the
# description an extended regular expression of the whole line. Each
# group says why it holds for a binary that does nothing.
ALLOWED="
# the generator's limits: ltlc, not rvreplay, is run
bad_input|ltlc: 33 atoms
bad_input|ltlc: an automaton of 35 states
regressions|1025 definitions: quadratic time and a stack overflow before
regressions|2\\^28 tableau nodes merging into few states: a hang before
regressions|30 nested equivalences.*
regressions|definitions nested 40 deep
# negatives after a refused run (its own check_error fails): nothing
# written over the device, the trace or a missing folder
cli|/dev/null is still a device
cli|no partial output left behind
gate|-o the trace itself: the trace intact
batch|the trace left intact
chrome_trace|the trace is intact
record|no output after errors
record|output is a device: still the device
watch|a flight file not written: nothing left in the folder
export_attack|the rule exported from its place in the tree: left as it is
export_attack|no temporary file left
export_attack|a full filesystem: nothing left of the export
export_attack|a link to a FIFO with a reader: nothing written through it
fleet|GNU parallel --resume: nothing run twice
record_faults|disk full while .*: the disk emptied
# the machine as it was after the runs: tracefs, the files of another user
# (the runs' own checks fail; a binary that does nothing leaves it too)
gate|record: tracefs as before
record|.*: tracefs as before
watch|.*: tracefs as before
shared_folder|.*tracefs as before
record_faults|.*: nothing left behind, tracefs as before
shared_folder|.*: root's file as it was
shared_folder|-o through another user's dangling link: no file made where it points
shared_folder|the unsticky folder: nothing made in it
# what the output must not hold (a CI command, a terminal escape): the
# report's own checks fail
hostile|comm '.*', rvreplay .*: no CI command
hostile|trace file names holding CI commands: escaped
hostile|a comm of terminal escapes, rvreplay (check|diff -s): escaped \\(\\(names no task\\) lines\\)
hostile|a malformed file renamed over the path 40 times while it is read: no crash
# the hang guard is the check: it ends, whatever it prints
watch_ends|a watcher behind a storm on its CPU, -d 5: ended [0-9]+ ms after tracing on \\(exit 0\\)
# not rvreplay's: the changelog, Slurm, valgrind, the reference itself,
# systemd's reading of the unit file
man|CHANGELOG.md has an entry for 0.1.0
slurm|a node without RealMemory refuses the job file \\(--mem=1G\\)
valgrind|record under valgrind: (a workload|stopped by SIGINT)
wwnr_truth|the reference on a report made by hand, --lost-events (reset|ignore)
watch|docs/systemd/rvreplay-watch@.service: systemd reads it, its options are watch's
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

# every script of make check-e2e has a row or a reason
for path in ${E2E_SCRIPTS:-}; do
	name=$(basename "$path" _test.sh)
	echo "$TABLE" | grep -q "^$name[[:space:]]" || echo "$NOT_RUN" | grep -q "^$name|" ||
		{ echo "FAILED  $path: no row in the mutation check's table, nor a reason in NOT_RUN"; failed=1; }
done

# allowed SCRIPT DESC: the check DESC of SCRIPT may hold against "nothing"
allowed() {
	awk -v s="$1" -v d="$2" 'index($0, s "|") == 1 && d ~ ("^(" substr($0, length(s) + 2) ")$") {
		found = 1 } END { exit !found }' "$W/allowed"
}

# a single check that held against "nothing" and is not allowed to
echo "$ALLOWED" | grep -v '^#' | grep . > "$W/allowed"
for log in "$W"/*.nothing.log; do
	script=$(basename "$log" .nothing.log)
	sed -n 's/^ok      //p' "$log" | while IFS= read -r desc; do
		allowed "$script" "$desc" ||
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

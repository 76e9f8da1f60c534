#!/bin/sh
# docs/fleet/slurm-array.sbatch under a real Slurm, as a user runs it: a
# one-node cluster (Debian's munged, slurmctld and slurmd, with the
# slurm.conf of docs/fleet.md) started here as root, on free ports, in a
# folder of its own; the array submitted with the commands of the file's
# header over the bundled traces; the reduced JSON Lines compared with a
# local batch of the same traces, line for line, and each task's exit code
# with rvreplay's. Before that, the node declared without RealMemory must
# refuse the file (it asks --mem=1G), as docs/fleet.md says.
#
# Every daemon is our child, stopped and waited for on every way out, and
# the folder removed. A Slurm that cannot start is a skip, and under
# CI=true a failure.
#
# usage: slurm_test.sh   (from the top of the tree)

. tests/e2e/lib.sh
TOP=$(pwd)
S=$TMP/slurm    # the cluster: slurm.conf, munge key and socket, state, logs
work=$TMP/work  # the user's folder: traces, their list, the job file, results
n=$(ls traces/*.dat | wc -l)
munged_pid='' slurmctld_pid='' slurmd_pid='' job=''

# ---- the daemons ----

# alive PID: running, not a zombie waiting for us (its state, after the
# command name in /proc/PID/stat; no ps: procps is not in every image)
alive() {
	st=$(sed -n 's/.*) \(.\).*/\1/p' "/proc/$1/stat" 2> /dev/null)
	[ -n "$st" ] && [ "$st" != Z ]
}

# start NAME COMMAND...: a daemon in the foreground as our child, its pid
# in NAME_pid to stop and wait for, its first words (before its log file
# is open) in $S/NAME.out. A ^C reaches the daemons too: slurmctld dies,
# slurmd ends leaving its jobs' steps running; cleanup sees to the rest.
start() {
	name=$1
	shift
	"$@" > "$S/$name.out" 2>&1 &
	eval "${name}_pid=$!"
}

# stop NAME...: SIGTERM to each, 5 s for them all to end, then SIGKILL;
# reaped either way. All at once and briefly: check-e2e's hang guard
# (timeout -k 10) gives a script 10 s after its SIGTERM.
stop() {
	pids=
	for name; do
		eval "pid=\$${name}_pid ${name}_pid="
		[ -n "$pid" ] && kill "$pid" 2> /dev/null && pids="$pids $pid"
	done
	tries=50
	for pid in $pids; do
		while alive "$pid" && [ $tries -gt 0 ]; do
			sleep 0.1
			tries=$((tries - 1))
		done
		kill -KILL "$pid" 2> /dev/null
		wait "$pid" 2> /dev/null
	done
}

# holders: the processes, other than this shell, with a file of $TMP open
# or as their folder. slurmd leaves the steps of its jobs running when it
# stops (slurmstepd, no child of ours, and its task): they keep the slurmd
# log or the work folder.
holders() {
	for p in /proc/[0-9]*; do
		[ "${p#/proc/}" = $$ ] && continue
		# shellcheck disable=SC2010 # the links' targets, one ls a process
		ls -l "$p/cwd" "$p/fd" 2> /dev/null | grep -qF " -> $TMP/" && echo "${p#/proc/}"
	done
}

# cleanup: the daemons stopped, the steps they left killed, the folder
# removed. No scancel: a slurmctld that is ending makes it wait seconds,
# and killing the steps is as sure. Once: a second ^C does not cut it short.
cleanup() {
	trap '' INT TERM
	stop slurmd slurmctld munged
	tries=50
	left=$(holders)
	while [ -n "$left" ] && [ $tries -gt 0 ]; do
		# shellcheck disable=SC2086
		kill -KILL $left 2> /dev/null
		sleep 0.1
		tries=$((tries - 1))
		left=$(holders)
	done
	[ -z "$left" ] || echo "slurm_test: still holding $TMP: $left" >&2
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_for SECONDS PID TEST...: until TEST succeeds, at most SECONDS, and
# no longer than the daemon PID lives
wait_for() {
	tries=$(($1 * 5))
	pid=$2
	shift 2
	until "$@"; do
		tries=$((tries - 1))
		[ $tries -gt 0 ] && alive "$pid" || return 1
		sleep 0.2
	done
}

munge_up() { munge -n -S "$S/munge.socket" > /dev/null 2>&1; }
slurmctld_up() { scontrol ping > /dev/null 2>&1; }
node_idle() { [ "$(sinfo -h -N -o %T 2> /dev/null)" = idle ]; }
job_ended() { out=$(squeue -h -j "$job" -o %i 2> /dev/null) && [ -z "$out" ]; }

# cannot WHAT LOG: Slurm did not start; say why, skip (a failure under
# CI=true) and end
cannot() {
	skip "one-node Slurm" "$1"
	[ -f "$S/$2" ] && tail -n 5 "$S/$2" | sed 's/^/        /'
	finish
	exit
}

# ---- the cluster's configuration ----

# block NAME: the lines under "<!-- tested: NAME -->" in docs/fleet.md
block() {
	awk -v want="<!-- tested: $1 -->" '$0 == want { on = 1; next }
		on && /^$/ { exit } on { sub(/^    /, ""); print }' "$TOP/docs/fleet.md"
}

# conf NODE: the slurm.conf of docs/fleet.md with our ports, folders and
# munge socket, and NODE as its NodeName line
conf() {
	cat > "$S/ours" <<-EOF
		SlurmctldPort=$ctld_port
		SlurmdPort=$slurmd_port
		AuthInfo=socket=$S/munge.socket
		StateSaveLocation=$S/state
		SlurmdSpoolDir=$S/spool
		SlurmctldPidFile=$S/slurmctld.pid
		SlurmdPidFile=$S/slurmd.pid
		SlurmctldLogFile=$S/slurmctld.log
		SlurmdLogFile=$S/slurmd.log
		NodeName=$1
	EOF
	block slurm.conf | awk -F= 'NR == FNR { ours[$1] = $0; next }
		$1 in ours { print ours[$1]; delete ours[$1]; next } { print }
		END { for (k in ours) print ours[k] }' "$S/ours" - > "$S/slurm.conf"
}

for tool in munged mungekey munge slurmctld slurmd sbatch squeue scontrol; do
	command -v $tool > /dev/null || cannot "$tool is not installed (scripts/debian-packages)"
done
[ "$(id -u)" = 0 ] || cannot "not root (slurmd runs the jobs as their user)"
[ -n "$(block slurm.conf)" ] || cannot "no slurm.conf block in docs/fleet.md"

# munged wants the folders down to its socket searchable by all, and its
# key's writable by none but its owner: 0711 for $TMP (mktemp's is 0700)
# and the cluster's folder
mkdir -p "$S/state" "$S/spool" && chmod 711 "$TMP" "$S"
SLURM_CONF=$S/slurm.conf
export SLURM_CONF

# two free ports, both bound at once so they differ
ports=$(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("", 0))
print(*[x.getsockname()[1] for x in s])')
ctld_port=${ports% *} slurmd_port=${ports#* }

# the node as slurmd sees the machine, read before our slurm.conf exists
node=$(slurmd -C 2> /dev/null | head -n 1)
cpus=$(echo "$node" | sed -n 's/.* CPUs=\([0-9]*\).*/\1/p')
mem=$(echo "$node" | sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p')
[ -n "$cpus" ] && [ -n "$mem" ] || cannot "slurmd -C: '$node'"

# ---- munge, and slurmctld with a node without RealMemory ----

mungekey --create --keyfile="$S/munge.key" 2> "$S/mungekey.out" ||
	cannot "mungekey failed" mungekey.out
start munged munged -F --socket="$S/munge.socket" --key-file="$S/munge.key" \
	--log-file="$S/munged.log" --pid-file="$S/munged.pid" --seed-file="$S/munged.seed"
wait_for 10 "$munged_pid" munge_up || cannot "munged did not answer in 10 s" munged.out

conf "localhost CPUs=$cpus"
start slurmctld slurmctld -D
wait_for 30 "$slurmctld_pid" slurmctld_up || cannot "slurmctld did not answer in 30 s" slurmctld.out

# the user's folder as the file's header has it: the traces, their list,
# the job file, rvreplay on PATH (RVREPLAY unset at submission: the file
# defaults to PATH's)
mkdir -p "$work/traces" "$TMP/bin"
cp traces/*.dat "$work/traces/"
cp docs/fleet/slurm-array.sbatch "$work/"
(cd "$work" && ls traces/*.dat > traces.list)
RVREPLAY=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
ln -s "$RVREPLAY" "$TMP/bin/rvreplay"
PATH=$TMP/bin:$PATH
export PATH

# header WORDS: the command after "#   WORDS" in the job file's header
header() {
	sed -n "s/^#   $1//p" docs/fleet/slurm-array.sbatch | head -n 1
}
submit_args=$(header "sbatch ")
reduce=$(header "# after the array: ")
if [ -z "$submit_args" ] || [ -z "$reduce" ]; then
	not_ok "the job file's header" "no sbatch or reduce command: '$submit_args' '$reduce'"
	finish
	exit
fi

# submit: the header's sbatch command, from the user's folder
submit() {
	(unset RVREPLAY; cd "$work" && eval "sbatch $submit_args") > "$TMP/sbatch.out" 2>&1
}

submit
code=$?
grep -q "Memory specification can not be satisfied" "$TMP/sbatch.out" && [ "$code" != 0 ] &&
	ok "a node without RealMemory refuses the job file (--mem=1G)" ||
	not_ok "a node without RealMemory" "sbatch exit $code:" "$(cat "$TMP/sbatch.out")"

# ---- the node with its RealMemory ----

# slurmctld restarted, not reconfigured: "scontrol reconfigure" shows the
# node's new RealMemory, but select/cons_tres keeps refusing the job
stop slurmctld
conf "localhost CPUs=$cpus RealMemory=$mem"
start slurmctld slurmctld -D
wait_for 30 "$slurmctld_pid" slurmctld_up || cannot "slurmctld did not answer in 30 s" slurmctld.out
start slurmd slurmd -D
wait_for 60 "$slurmd_pid" node_idle || cannot "the node is not idle after 60 s: $(sinfo -h -N -o '%T %E' 2>&1)" slurmd.log

# ---- the array, as written ----

submit
code=$?
job=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$TMP/sbatch.out")
if [ "$code" != 0 ] || [ -z "$job" ]; then
	not_ok "sbatch --array of the job file" "exit $code:" "$(cat "$TMP/sbatch.out")"
	finish
	exit
fi
# bounded: under the sanitizers a task takes seconds, a CPU each
wait_for 300 "$slurmctld_pid" job_ended ||
	not_ok "the array" "not ended after 300 s:" "$(squeue -h -j "$job" 2>&1 | head -n 5)"
scontrol -o show job "$job" > "$TMP/tasks" 2>&1
(cd "$work" && eval "$reduce")

# the local batch of the same traces: their folder, on one machine. A
# list's traces are keyed by their path under the folder holding them all,
# as a run on that folder keys them: every line alike, "key" too.
(cd "$work" && "$RVREPLAY" -q traces --jsonl local.jsonl 2> /dev/null)

# Each task's state and exit code; the reduced lines and the local batch's,
# each sorted by key, compared whole: a line holds nothing of the run (no
# time, host or job id), so no field is left out.
got=$(python3 - "$work" "$TMP/tasks" "$n" <<'P'
import json, re, sys
work, tasks, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
listed = open(work + "/traces.list").read().split()
def lines(f):
    return {json.loads(l)["key"]: l for l in open(f).read().splitlines()}
try:
    slurm, local = lines(work + "/nightly.jsonl"), lines(work + "/local.jsonl")
except (OSError, ValueError, KeyError) as e:
    print("tasks not checked: %r\nlines not read: %r" % (e, e))
    sys.exit()
exits = {}
for t in open(tasks).read().splitlines():
    f = dict(re.findall(r"(\w+)=(\S*)", t))
    if "ArrayTaskId" in f:
        exits[int(f["ArrayTaskId"])] = (f["JobState"], f["ExitCode"])
bad = []
if len(exits) != n:
    bad.append("%d tasks, %d traces" % (len(exits), n))
for i, path in enumerate(listed):
    want = next((json.loads(l)["exit_code"] for l in local.values()
                 if json.loads(l)["path"] == path), None)
    state, code = exits.get(i, ("missing", "?:?"))
    if code != "%s:0" % want or state not in ("COMPLETED", "FAILED"):
        bad.append("task %d (%s): %s exit %s, rvreplay's %s" % (i, path, state, code, want))
print("tasks " + ("ok" if not bad else "; ".join(bad)))
if len(slurm) != n or len(local) != n:
    print("lines %d from Slurm, %d local, %d traces" % (len(slurm), len(local), n))
else:
    diff = [k for k in sorted(local) if slurm.get(k) != local[k]]
    print("lines " + ("ok" if not diff else "differ: " + ", ".join(diff)))
P
)
[ "$(echo "$got" | sed -n 1p)" = "tasks ok" ] &&
	ok "Slurm array over the $n traces: $n tasks ended, each with rvreplay's exit code" ||
	not_ok "the array's tasks" "$(echo "$got" | sed -n 1p)" "$(head -c 600 "$TMP/tasks")"
[ "$(echo "$got" | sed -n 2p)" = "lines ok" ] &&
	ok "reduced as the header says ($reduce): the local batch's $n lines, line for line" ||
	not_ok "the reduced JSON Lines" "$(echo "$got" | sed -n 2p)"
[ "$(ls "$work"/results/*.xml 2> /dev/null | wc -l)" = "$n" ] &&
	xmllint --noout --schema tests/junit/junit.xsd "$work"/results/*.xml 2> /dev/null &&
	ok "$n JUnit suites, valid" ||
	not_ok "the array's JUnit suites" "$(ls "$work/results" 2>&1 | head -n 5)"
finish

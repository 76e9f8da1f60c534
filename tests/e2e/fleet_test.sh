#!/bin/sh
# The fleet recipes of docs/fleet.md and the job files of docs/fleet/ run
# as written on the bundled traces, for what can be checked offline: the
# GNU parallel recipe (job log, --resume, the merged JSON Lines), the jq
# reduce, and the rvreplay command of the Slurm array, the Kubernetes
# Indexed Job, GitLab CI and GitHub Actions (their index variables set as
# the batch system sets them).
#
# usage: fleet_test.sh   (from the top of the tree)

. tests/e2e/lib.sh
TOP=$(pwd)
n=$(ls traces/*.dat | wc -l)

# an rvreplay on PATH, as the job files call it
mkdir -p "$TMP/bin"
ln -s "$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")" "$TMP/bin/rvreplay"
PATH=$TMP/bin:$PATH
export PATH

# block NAME: the commands under "<!-- tested: NAME -->" in docs/fleet.md
block() {
	awk -v want="<!-- tested: $1 -->" '$0 == want { on = 1; next }
		on && /^$/ { exit } on { sub(/^    /, ""); print }' "$TOP/docs/fleet.md"
}

# marked FILE: the command line after the marker comment of a job file
marked() {
	awk '/# the command \(tests\/e2e\/fleet_test.sh/ { getline; print; exit }' "$1" |
		sed -e 's/^ *- //' -e 's/^ *run: //' -e 's/^exec "\$RVREPLAY"/rvreplay/'
}

# a working folder as a CI job has it: the traces, a waivers file
work=$TMP/work
mkdir -p "$work/traces"
cp traces/*.dat "$work/traces/"
cat > "$work/waivers.toml" <<'W'
[[waiver]]
monitor = "sleep"
comm = "cyclictest"
reason = "sleep_reason"
why = "known: relative sleeps"
W

# ---- GNU parallel ----

if command -v parallel > /dev/null; then
	(cd "$work" && block parallel > recipe && sh recipe > parallel.out 2>&1)
	jobs=$(tail -n +2 "$work/results/joblog" | wc -l)
	lines=$(python3 -c "
import json,sys
print(len([json.loads(l) for l in open(sys.argv[1])]))" "$work/nightly.jsonl" 2>&1)
	[ "$jobs" = "$n" ] && [ "$lines" = "$n" ] &&
		ok "GNU parallel recipe: $n jobs logged, $n JSON Lines merged and parsed" ||
		not_ok "GNU parallel recipe" "jobs $jobs, lines $lines" "$(tail -3 "$work/parallel.out")"
	(cd "$work" && sh recipe > parallel2.out 2>&1)
	again=$(tail -n +2 "$work/results/joblog" | wc -l)
	[ "$again" = "$n" ] && ok "GNU parallel --resume: nothing run twice" ||
		not_ok "GNU parallel --resume" "$again jobs in the log"
else
	skip "GNU parallel recipe" "parallel is not installed (scripts/debian-packages)"
fi

# ---- the jq reduce ----

"$RVREPLAY" -q --waivers "$work/waivers.toml" --jsonl "$work/nightly.jsonl" "$work/traces" \
	"$TMP/nonexistent.dat" 2> /dev/null
(cd "$work" && block jq > reduce && sh reduce > jq.out 2>&1)
got=$(python3 - "$work/jq.out" "$work/nightly.jsonl" <<'P'
import json, sys
out = open(sys.argv[1]).read()
first, rest = out.split("\n", 1)
reduced = json.loads(rest)
want = {}
for l in open(sys.argv[2]):
    for g in json.loads(l)["groups"]:
        if not g["waived"]:
            want[(g["monitor"], g["comm"])] = want.get((g["monitor"], g["comm"]), 0) + g["count"]
have = {(r["monitor"], r["comm"]): r["count"] for r in reduced}
print("ok" if "nonexistent.dat" in first and have == want else (first, have, want))
P
)
[ "$got" = ok ] && ok "jq: the traces not judged, the violations not waived per monitor and comm" ||
	not_ok "jq reduce" "$got"

# ---- Slurm array and Kubernetes Indexed Job: one trace per index ----

ls "$work"/traces/*.dat > "$work/traces.list"
cmd=$(marked docs/fleet/slurm-array.sbatch)
(cd "$work" && LIST=traces.list OUT=results-slurm SLURM_ARRAY_TASK_ID=2 && mkdir -p "$OUT" &&
	eval "$cmd") > /dev/null 2>&1
code=$?
third=$(sed -n 3p "$work/traces.list")
got=$(python3 -c "
import json,sys
l=[json.loads(x) for x in open(sys.argv[1])]
print(len(l), l[0]['path'])" "$work/results-slurm/2.jsonl" 2>&1)
[ "$got" = "1 $third" ] && [ "$code" -le 1 ] &&
	xmllint --noout --schema tests/junit/junit.xsd "$work/results-slurm/2.xml" 2> /dev/null &&
	ok "Slurm array task 2: the third trace of the list, its line and suite" ||
	not_ok "Slurm array" "exit $code: $got ($cmd)"
cmd=$(marked docs/fleet/k8s-indexed-job.yaml | sed -e "s|/traces/|$work/|g" -e "s|/results/|$work/results-k8s/|g")
mkdir -p "$work/results-k8s"
(cd "$work" && JOB_COMPLETION_INDEX=0 && eval "$cmd") > /dev/null 2>&1
first=$(sed -n 1p "$work/traces.list")
got=$(python3 -c "
import json,sys
print(json.loads(open(sys.argv[1]).readline())['path'])" "$work/results-k8s/0.jsonl" 2>&1)
[ "$got" = "$first" ] && [ -s "$work/results-k8s/0.xml" ] &&
	ok "Kubernetes Indexed Job, index 0: the first trace of the list" ||
	not_ok "Kubernetes Indexed Job" "$got ($cmd)"

# a list's traces keyed as a run on their folder keys them, whichever line
mkdir -p "$work/keys/board1" "$work/keys/board2"
cp traces/clock-nanosleep.dat "$work/keys/board1/trace.dat"
cp traces/mutex-nonpi.dat "$work/keys/board2/trace.dat"
ls "$work"/keys/*/trace.dat > "$work/keys.list"
"$RVREPLAY" -q "$work/keys" --jsonl "$work/keys-folder.jsonl" 2> /dev/null
"$RVREPLAY" -q --index-file "$work/keys.list" --index 1 --jsonl "$work/keys-one.jsonl" 2> /dev/null
got=$({ jq -r .key "$work/keys-folder.jsonl" | sort; jq -r .key "$work/keys-one.jsonl"; } | tr '\n' ' ')
[ "$got" = "board1/trace.dat board2/trace.dat board2/trace.dat " ] &&
	ok "an index file's trace keyed by its path under the folder of them all, as the folder's run" ||
	not_ok "index file keys" "$got"

# a folder's paths sorted with their keys: "b-x.dat" sorts before "b/x.dat"
mkdir -p "$work/sorted/b"
cp traces/clock-nanosleep.dat "$work/sorted/b/x.dat"
cp traces/mutex-nonpi.dat "$work/sorted/b-x.dat"
"$RVREPLAY" -q -j 1 "$work/sorted" --jsonl "$work/sorted.jsonl" 2> /dev/null
got=$(jq -r '(.path | sub(".*/sorted/"; "")) + "=" + .key' "$work/sorted.jsonl" | sort | tr '\n' ' ')
[ "$got" = "b-x.dat=b-x.dat b/x.dat=b/x.dat " ] &&
	ok "a folder's traces each keyed by its own path, after the sort" ||
	not_ok "keys after the sort" "$got"

# ---- GitLab CI and GitHub Actions ----

for f in docs/fleet/gitlab-ci.yml docs/fleet/github-actions.yml; do
	cmd=$(marked "$f")
	rm -rf "$work/html" "$work/rvreplay.jsonl" "$work/rvreplay.xml"
	(cd "$work" && eval "$cmd") > /dev/null 2>&1
	code=$?
	[ "$code" = 1 ] && [ "$(wc -l < "$work/rvreplay.jsonl")" = "$n" ] &&
		[ "$(ls "$work/html" | wc -l)" = "$n" ] &&
		xmllint --noout --schema tests/junit/junit.xsd "$work/rvreplay.xml" 2> /dev/null &&
		ok "$f: exit 1 (violations), its JSON Lines, HTML and valid JUnit" ||
		not_ok "$f" "exit $code ($cmd)"
done
cd "$TOP" || exit 2
finish

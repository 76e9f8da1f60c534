#!/bin/sh
# For information, not a test: rvreplay on every variant of every bundled
# trace (those of traces/, the real arm64 and armv7l ones of guests/traces,
# the two of tests/regressions/ with lost events), with both readers
# (RVREPLAY_READER=fast and libtracecmd), against rvreplay on the trace
# itself: which variants a reader refuses and how, and whether the
# verdicts stay (verdict_matrix.py says how runs compare).
# Prints a markdown table.
#
# usage: tests/compat/rvreplay_matrix.sh [VARIANT...]   (from the top of the tree)
# RVREPLAY: the binary (build/rvreplay).

RVREPLAY=${RVREPLAY:-build/rvreplay}
COMPAT=tests/compat
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
PYTHON=$(python3 -c 'import sys; print(sys.executable)')
VARIANTS=${*:-"tc2 arm64-board long4 user32 be page16k page64k v7 v7-zlib v7-zstd cpu-gap
	idle-gap armv7l ppc64 s390x-v7 ppc64-v7-zlib armv7l-gap armv7l-v7 idle-gap+ppc64
	idle-gap+armv7l idle-gap+page16k+v7-zlib"}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# a hang guard, times the multiplier of lib.sh's hang_guard (a whole number)
GUARD=$((120 * ${TIMEOUT_MULTIPLIER:-${CK_TIMEOUT_MULTIPLIER:-1}}))

# run NAME FILE DIR: both commands with both readers
run() {
	for reader in fast libtracecmd; do
		out=$3/$1.$reader
		RVREPLAY_READER=$reader timeout "$GUARD" "$RVREPLAY" --json "$2" > "$out.json" 2> "$out.err"
		echo $? > "$out.rc"
		RVREPLAY_READER=$reader timeout "$GUARD" "$RVREPLAY" check "$2" > "$out.check" 2>&1
		echo $? > "$out.checkrc"
	done
}

for input in traces/*.dat tests/regressions/lost-count.dat tests/regressions/lost-mid.dat \
		tests/compat/guests/traces/*.dat; do
	dir=$TMP/$(basename "$input" .dat)
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	"$PYTHON" "$COMPAT/convert.py" "$input" "$dir" $VARIANTS > "$dir/checks" || exit 1
	run original "$input" "$dir"
	while read -r name rest; do
		run "$name" "$dir/$name.dat" "$dir"
	done < "$dir/checks"
done
"$PYTHON" "$COMPAT/verdict_matrix.py" "$TMP"

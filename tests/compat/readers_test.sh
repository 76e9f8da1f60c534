#!/bin/sh
# Both of rvreplay's readers on the compatibility corpus: four traces (a
# bundled one of each monitor, one with lost events, the real armv7l one)
# rewritten as every writer and machine of convert.py would write them.
# Each reader's verdicts on a variant are those of the original (the same
# violations, their times and CPUs as the variant moved them), and both
# readers end alike; the refusals readers_agree.py lists are the only
# ones, each with why.
#
# usage: readers_test.sh   (from the top of the tree; RVREPLAY the binary)

. tests/e2e/lib.sh

COMPAT=tests/compat
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
VARIANTS="tc2 arm64-board long4 user32 be page16k page64k v7 v7-zlib v7-zstd cpu-gap
	idle-gap armv7l ppc64 s390x-v7 ppc64-v7-zlib armv7l-v7 idle-gap+ppc64"

if ! command -v python3 > /dev/null || ! command -v trace-cmd > /dev/null; then
	skip "the readers on the compatibility corpus" "needs python3 and trace-cmd"
	finish
fi

# run NAME FILE DIR: --json and check with both readers
run() {
	for reader in fast libtracecmd; do
		out=$3/$1.$reader
		RVREPLAY_READER=$reader timeout -k 5 "$(hang_guard 600)" "$RVREPLAY" --json "$2" \
			> "$out.json" 2> "$out.err"
		echo $? > "$out.rc"
		RVREPLAY_READER=$reader timeout -k 5 "$(hang_guard 600)" "$RVREPLAY" check "$2" \
			> "$out.check" 2>&1
		echo $? > "$out.checkrc"
	done
}

for input in traces/mutex-nonpi.dat traces/pagefault-nomlock.dat tests/regressions/lost-mid.dat \
	     tests/compat/guests/traces/armv7l-cyclictest-rel.dat; do
	dir=$TMP/corpus/$(basename "$input" .dat)
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! python3 "$COMPAT/convert.py" "$input" "$dir" $VARIANTS > "$dir/checks" 2> "$TMP/convert.err"; then
		not_ok "convert $input" "$(head -c 400 "$TMP/convert.err")"
		continue
	fi
	run original "$input" "$dir"
	# the original judged: a report, not an agreement of two silences
	if grep -q '"violations"' "$dir/original.fast.json" && [ "$(cat "$dir/original.fast.rc")" -le 1 ]; then
		ok "$(basename "$input"): the original judged (a JSON report, exit $(cat "$dir/original.fast.rc"))"
	else
		not_ok "$(basename "$input"): the original judged" "exit $(cat "$dir/original.fast.rc")" \
			"$(head -c 300 "$dir/original.fast.err")"
	fi
	while read -r name rest; do
		run "$name" "$dir/$name.dat" "$dir"
	done < "$dir/checks"
done
python3 "$COMPAT/readers_agree.py" "$TMP/corpus" > "$TMP/agree"
while read -r word rest; do
	case $word in
	ok) ok "$rest" ;;
	FAILED) not_ok "$rest" ;;
	*) echo "# $word $rest" ;;
	esac
done < "$TMP/agree"
finish

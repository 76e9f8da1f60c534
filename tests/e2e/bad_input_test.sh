#!/bin/sh
# Bad input: every case gets exit 2, one line on stderr naming the file and
# what is wrong, nothing on stdout, and no crash. Run from the top of the tree.

. tests/e2e/lib.sh

T=traces/mutex-pi.dat
B=$TMP/bad
mkdir -p "$B"

: > "$B/empty.dat"
awk 'BEGIN { srand(1); for (i = 0; i < 8192; i++) printf "%c", int(rand() * 256) }' \
	> "$B/random.dat"
printf 'this is a text file\nnot a trace\n' > "$B/text.dat"
mkdir "$B/directory.dat"
# a trace that lacks the events sleep needs: only sched_switch in its formats
printf '\027\010Dtracing6\0' > "$B/header-only.dat"

check_error "empty file"	"$B/empty.dat"		"^rvreplay: $B/empty.dat: empty file$"
check_error "random bytes"	"$B/random.dat"		"^rvreplay: $B/random.dat: not a trace-cmd trace.dat file"
check_error "text file"		"$B/text.dat"		"^rvreplay: $B/text.dat: not a trace-cmd trace.dat file"
check_error "directory"		"$B/directory.dat"	"^rvreplay: $B/directory.dat: not a regular file$"
check_error "missing file"	"$B/missing.dat"	"^rvreplay: $B/missing.dat: cannot open: No such file or directory$"
check_error "header only"	"$B/header-only.dat"	"^rvreplay: $B/header-only.dat: "

# Cuts inside what a replay needs; a v7 file ends with a section of
# descriptions (strings) that no reader needs, so its last bytes are spared.
for trace in traces/mutex-pi.dat traces/mutex-nonpi.dat; do
	size=$(wc -c < "$trace")
	for cut in 1 3 10 11 12 13 17 25 40 100 1000 4096 $((size / 3)) $((size / 2)) \
		   $((size * 9 / 10)); do
		[ "$cut" -lt "$size" ] || continue
		out="$B/$(basename "$trace" .dat)-cut$cut.dat"
		head -c "$cut" "$trace" > "$out"
		check_error "$(basename "$trace") truncated at $cut of $size bytes" "$out" "^rvreplay: $out: "
	done
done
# v6: the CPU data ends the file, so even its last byte matters.
size=$(wc -c < traces/mutex-nonpi.dat)
head -c $((size - 1)) traces/mutex-nonpi.dat > "$B/v6-short.dat"
check_error "v6 missing its last byte" "$B/v6-short.dat" "^rvreplay: $B/v6-short.dat: "

if command -v setpriv > /dev/null && [ "$(id -u)" = 0 ]; then
	cp "$T" "$B/private.dat"
	chmod 600 "$B/private.dat"
	chmod 755 "$B"
	RVREPLAY_ABS=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$RVREPLAY_ABS" "$B/private.dat" \
		> "$TMP/out" 2> "$TMP/err"
	if [ $? = 2 ] && grep -q "^rvreplay: $B/private.dat: cannot open: Permission denied$" "$TMP/err"; then
		ok "unreadable file"
	else
		not_ok "unreadable file" "$(cat "$TMP/err")"
	fi
else
	echo "skip    unreadable file: needs root and setpriv to drop privileges"
fi
finish

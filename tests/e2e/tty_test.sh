#!/bin/sh
# What rvreplay does on a terminal and off it: colors only on a terminal
# with --color=auto, NO_COLOR respected; the progress line only when
# stderr is a terminal, never with -q or --json, and erased at the end.
# The terminal is a pty from script(1) (util-linux). Run from the top of
# the tree.

. tests/e2e/lib.sh

T=traces
RV=$(cd "$(dirname "$RVREPLAY")" && pwd)/$(basename "$RVREPLAY")
ESC=$(printf '\033')
CR=$(printf '\r')

if ! command -v script > /dev/null; then
	not_ok "script(1) from util-linux is installed"
	finish
	exit 1
fi

# on_tty ENV... -- ARGS: rvreplay ARGS on a terminal (stdout and stderr),
# what the terminal showed in $TMP/tty, "exit N" (script -e passes
# rvreplay's on) in $TMP/rc
on_tty() {
	vars=
	while [ "$1" != "--" ]; do
		vars="$vars $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	env -u NO_COLOR -u RVREPLAY_PROGRESS_DELAY TERM=xterm $vars script -qec "\"$RV\" $*" /dev/null < /dev/null > "$TMP/tty" 2>&1
	echo "exit $?" > "$TMP/rc"
}

# has FILE WHAT PATTERN: whether the file holds the extended regex
has() {
	grep -Eq -- "$2" "$1" 2> /dev/null
}

expect() {
	desc=$1 file=$2 want=$3 regex=$4
	if has "$file" "$regex"; then got=yes; else got=no; fi
	if [ "$got" = "$want" ]; then
		ok "$desc"
	else
		not_ok "$desc" "/$regex/ $( [ "$want" = yes ] && echo "not found" || echo "found")" \
			"$(head -c 400 "$file" | cat -v)"
	fi
}

# absent DESC FILE REGEX PROOF_FILE PROOF: a negative (no color, no
# progress) holds only once the run is shown to have happened, PROOF_FILE
# holding PROOF (its report, or its exit code): an empty or missing FILE
# alone proves nothing
absent() {
	desc=$1 file=$2 regex=$3 proof_file=$4 proof=$5
	if [ ! -f "$file" ]; then
		not_ok "$desc" "$file was not written"
	elif ! has "$proof_file" "$proof"; then
		not_ok "$desc" "the run is not shown: /$proof/ not in $proof_file" \
			"$(head -c 400 "$proof_file" 2> /dev/null | cat -v)"
	elif has "$file" "$regex"; then
		not_ok "$desc" "/$regex/ found" "$(head -c 400 "$file" | cat -v)"
	else
		ok "$desc"
	fi
}

COLOR="$ESC\[[0-9;]*m"
RED_RESET="$ESC\[1;31msleep violations?$ESC\[0m: "
# the uncolored line the colored one would be, and the summary
PLAIN="sleep violations?: mutex_inversion pid 7039 "
SUMMARY="^Summary: 6 violations: pagefault 1, sleep 5"
CLEAN="^Summary: 0 violations"

# ---- colors: stdout on the terminal, stderr away

on_tty -- "--color=auto $T/mutex-nonpi.dat 2>/dev/null"
expect "auto on a terminal: colors"			"$TMP/tty" yes "$RED_RESET"
absent "auto on a terminal: the color is reset"		"$TMP/tty" "${ESC}\[1;31m[^$ESC]*$ESC\[1;31m" \
	"$TMP/tty" "$RED_RESET"
on_tty -- "$T/mutex-nonpi.dat 2>/dev/null"
expect "auto is the default"				"$TMP/tty" yes "$RED_RESET"
"$RV" --color=auto $T/mutex-nonpi.dat > "$TMP/pipe" 2>&1
absent "auto into a pipe: no color"			"$TMP/pipe" "$COLOR" "$TMP/pipe" "$PLAIN"
on_tty NO_COLOR=1 -- "--color=auto $T/mutex-nonpi.dat 2>/dev/null"
absent "NO_COLOR=1 on a terminal: no color"		"$TMP/tty" "$COLOR" "$TMP/tty" "$PLAIN"
on_tty NO_COLOR= -- "$T/mutex-nonpi.dat 2>/dev/null"
expect "NO_COLOR empty: colors (no-color.org)"		"$TMP/tty" yes "$RED_RESET"
on_tty NO_COLOR=1 -- "--color=always $T/mutex-nonpi.dat 2>/dev/null"
expect "--color=always beats NO_COLOR"			"$TMP/tty" yes "$RED_RESET"
on_tty TERM=dumb -- "$T/mutex-nonpi.dat 2>/dev/null"
absent "TERM=dumb: no color"				"$TMP/tty" "$COLOR" "$TMP/tty" "$PLAIN"
on_tty -- "--color=never $T/mutex-nonpi.dat 2>/dev/null"
absent "--color=never on a terminal: no color"		"$TMP/tty" "$COLOR" "$TMP/tty" "$PLAIN"
on_tty -- "--json $T/mutex-nonpi.dat 2>/dev/null"
absent "--json on a terminal: no color"			"$TMP/tty" "$COLOR" "$TMP/tty" \
	'"monitor":"sleep","pid":7039,'
rm -f "$TMP/report.txt"
on_tty -- "-o $TMP/report.txt $T/mutex-nonpi.dat"
absent "-o FILE from a terminal: no color in the file"	"$TMP/report.txt" "$COLOR" "$TMP/report.txt" \
	"$SUMMARY"

# ---- the progress line: stderr on the terminal, stdout away

PROGRESS="rvreplay: $T/cyclictest-abs.dat: [0-9]+% \([0-9.]+ (B|KiB|MiB) of [0-9.]+ (B|KiB|MiB)\), [0-9.]+ (B|KiB|MiB)/s"

on_tty RVREPLAY_PROGRESS_DELAY=0 -- "$T/cyclictest-abs.dat > /dev/null"
expect "progress on a terminal"				"$TMP/tty" yes "^$CR$PROGRESS"
if [ "$(tail -c 4 "$TMP/tty" | od -An -c | tr -d ' ')" = '\r033[K' ]; then
	ok "progress erased at the end"
else
	not_ok "progress erased at the end" "$(tail -c 80 "$TMP/tty" | cat -v)"
fi
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "-s $T/cyclictest-abs.dat > /dev/null"
expect "progress with -s"				"$TMP/tty" yes "$PROGRESS"
# -q prints nothing here: its exit code shows the replay ran
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "-q $T/mutex-nonpi.dat"
absent "no progress with -q"				"$TMP/tty" "rvreplay" "$TMP/rc" "^exit 1$"
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "--json $T/cyclictest-abs.dat > $TMP/stdout"
absent "no progress with --json"			"$TMP/tty" "rvreplay" "$TMP/stdout" \
	'"path": "traces/cyclictest-abs.dat"'
rm -f "$TMP/r.json"
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "--json -o $TMP/r.json $T/cyclictest-abs.dat"
absent "no progress with --json -o"			"$TMP/tty" "rvreplay" "$TMP/r.json" \
	'"path": "traces/cyclictest-abs.dat"'
on_tty RVREPLAY_PROGRESS_DELAY=0 TERM=dumb -- "$T/cyclictest-abs.dat > $TMP/stdout"
absent "no progress on a dumb terminal"			"$TMP/tty" "rvreplay" "$TMP/stdout" "$CLEAN"
on_tty -- "$T/cyclictest-abs.dat > $TMP/stdout"
absent "no progress for work under a second"		"$TMP/tty" "rvreplay" "$TMP/stdout" "$CLEAN"
RVREPLAY_PROGRESS_DELAY=0 "$RV" $T/mutex-nonpi.dat > "$TMP/stdout" 2> "$TMP/err"
echo "exit $?" > "$TMP/rc"
absent "no progress when stderr is not a terminal"	"$TMP/err" "rvreplay" "$TMP/stdout" "$SUMMARY"
absent "stderr not a terminal: the replay's exit code"	"$TMP/err" "rvreplay" "$TMP/rc" "^exit 1$"
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "check $T/cyclictest-abs.dat > /dev/null"
expect "check: progress on a terminal"			"$TMP/tty" yes "$PROGRESS"

# ---- rvreplay record: bytes, rate and time left from -d

if [ "$(id -u)" != 0 ] || ! grep -qw tracefs /proc/filesystems; then
	skip "record progress" "needs root and tracefs"
else
	on_tty RVREPLAY_PROGRESS_DELAY=0 -- "record -d 1 -o $TMP/p.dat"
	expect "record: progress with the time left" "$TMP/tty" yes \
		"${CR}rvreplay: $TMP/p.dat: [0-9.]+ (B|KiB|MiB), [0-9.]+ (B|KiB|MiB)/s, [0-9]+ s left"
	expect "record: then the summary on a line of its own" "$TMP/tty" yes \
		"$ESC\[Krvreplay: $TMP/p.dat: [0-9]+ CPUs"
	on_tty RVREPLAY_PROGRESS_DELAY=0 -- "record -q -d 1 -o $TMP/q.dat"
	absent "record -q: no progress"			"$TMP/tty" "rvreplay" "$TMP/q.dat" "tracing"
fi

finish

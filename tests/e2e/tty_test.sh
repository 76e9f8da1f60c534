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
# what the terminal showed in $TMP/tty
on_tty() {
	vars=
	while [ "$1" != "--" ]; do
		vars="$vars $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	env -u NO_COLOR -u RVREPLAY_PROGRESS_DELAY TERM=xterm $vars script -qec "\"$RV\" $*" /dev/null < /dev/null > "$TMP/tty" 2>&1
}

# has FILE WHAT PATTERN: whether the file holds the extended regex
has() {
	grep -Eq -- "$2" "$1"
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

COLOR="$ESC\[[0-9;]*m"
RED_RESET="$ESC\[1;31msleep violations?$ESC\[0m: "

# ---- colors: stdout on the terminal, stderr away

on_tty -- "--color=auto $T/mutex-nonpi.dat 2>/dev/null"
expect "auto on a terminal: colors"			"$TMP/tty" yes "$RED_RESET"
expect "auto on a terminal: the color is reset"		"$TMP/tty" no "${ESC}\[1;31m[^$ESC]*$ESC\[1;31m"
on_tty -- "$T/mutex-nonpi.dat 2>/dev/null"
expect "auto is the default"				"$TMP/tty" yes "$RED_RESET"
"$RV" --color=auto $T/mutex-nonpi.dat > "$TMP/pipe" 2>&1
expect "auto into a pipe: no color"			"$TMP/pipe" no "$COLOR"
on_tty NO_COLOR=1 -- "--color=auto $T/mutex-nonpi.dat 2>/dev/null"
expect "NO_COLOR=1 on a terminal: no color"		"$TMP/tty" no "$COLOR"
on_tty NO_COLOR= -- "$T/mutex-nonpi.dat 2>/dev/null"
expect "NO_COLOR empty: colors (no-color.org)"		"$TMP/tty" yes "$RED_RESET"
on_tty NO_COLOR=1 -- "--color=always $T/mutex-nonpi.dat 2>/dev/null"
expect "--color=always beats NO_COLOR"			"$TMP/tty" yes "$RED_RESET"
on_tty TERM=dumb -- "$T/mutex-nonpi.dat 2>/dev/null"
expect "TERM=dumb: no color"				"$TMP/tty" no "$COLOR"
on_tty -- "--color=never $T/mutex-nonpi.dat 2>/dev/null"
expect "--color=never on a terminal: no color"		"$TMP/tty" no "$COLOR"
on_tty -- "--json $T/mutex-nonpi.dat 2>/dev/null"
expect "--json on a terminal: no color"			"$TMP/tty" no "$COLOR"
on_tty -- "-o $TMP/report.txt $T/mutex-nonpi.dat"
expect "-o FILE from a terminal: no color in the file"	"$TMP/report.txt" no "$COLOR"

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
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "-q $T/cyclictest-abs.dat > /dev/null"
expect "no progress with -q"				"$TMP/tty" no "rvreplay"
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "--json $T/cyclictest-abs.dat > /dev/null"
expect "no progress with --json"			"$TMP/tty" no "rvreplay"
on_tty RVREPLAY_PROGRESS_DELAY=0 -- "--json -o $TMP/r.json $T/cyclictest-abs.dat"
expect "no progress with --json -o"			"$TMP/tty" no "rvreplay"
on_tty RVREPLAY_PROGRESS_DELAY=0 TERM=dumb -- "$T/cyclictest-abs.dat > /dev/null"
expect "no progress on a dumb terminal"			"$TMP/tty" no "rvreplay"
on_tty -- "$T/cyclictest-abs.dat > /dev/null"
expect "no progress for work under a second"		"$TMP/tty" no "rvreplay"
RVREPLAY_PROGRESS_DELAY=0 "$RV" $T/cyclictest-abs.dat > /dev/null 2> "$TMP/err"
expect "no progress when stderr is not a terminal"	"$TMP/err" no "rvreplay"
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
	expect "record -q: no progress"			"$TMP/tty" no "rvreplay"
fi

finish

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# extract-trace.sh: record a trace as trace-cmd users make them, without
# touching this machine's top-level tracing instance: the events are
# enabled in a tracefs instance of our own while COMMAND runs, and then
# `trace-cmd extract` runs in a private mount namespace where that
# instance's files are bind-mounted over the top-level ones (trace-cmd
# extract resets the top instance it sees) and the rest of tracefs is
# read-only. The file holds every event format and the kallsyms, as a real
# `trace-cmd extract` writes it.
#
#   scripts/extract-trace.sh -e SYSTEM:EVENT [-e ...] [-b KB] [-v 6|7] \
#           [-C none|zstd] -o OUT.dat -- COMMAND [ARGS...]
#
# Run as root (tests: tests/e2e/gate_test.sh; bench: bench/bench.sh).
# Exit codes: 0 written, 1 failed, 2 usage or no tracefs/trace-cmd.
set -eu

tracefs=/sys/kernel/tracing
events=""
kb=2048
version=7
compression=zstd
out=""

usage() {
	echo "usage: extract-trace.sh -e SYSTEM:EVENT... [-b KB] [-v 6|7] [-C none|zstd] -o OUT -- COMMAND" >&2
	exit 2
}

while getopts e:b:v:C:o: opt; do
	case $opt in
	e) events="$events $OPTARG" ;;
	b) kb=$OPTARG ;;
	v) version=$OPTARG ;;
	C) compression=$OPTARG ;;
	o) out=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ -n "$events" ] && [ -n "$out" ] && [ $# -gt 0 ] || usage
command -v trace-cmd > /dev/null || { echo "extract-trace: no trace-cmd" >&2; exit 2; }
command -v unshare > /dev/null || { echo "extract-trace: no unshare" >&2; exit 2; }
mounted=""
if ! grep -q " $tracefs tracefs " /proc/mounts; then
	mount -t tracefs nodev "$tracefs" || { echo "extract-trace: no tracefs" >&2; exit 2; }
	mounted=yes
fi

name=rvreplay-extract-$$
inst=$tracefs/instances/$name
cleanup() {
	[ -d "$inst" ] && { echo 0 > "$inst/tracing_on"; rmdir "$inst" 2> /dev/null || true; }
	[ -n "$mounted" ] && umount "$tracefs" 2> /dev/null || true
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

mkdir "$inst"
echo 0 > "$inst/tracing_on"
echo "$kb" > "$inst/buffer_size_kb"
for e in $events; do
	echo 1 > "$inst/events/${e%%:*}/${e#*:}/enable"
done
echo 1 > "$inst/tracing_on"
"$@" || true
echo 0 > "$inst/tracing_on"

# In a private mount namespace: the instance's files over the top-level
# ones, everything else of tracefs read-only, then trace-cmd extract.
out_abs=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
rm -f "$out_abs" "$out_abs.extract"
unshare -m sh -u -c '
	tracefs=$1 inst=$2 out=$3
	mount --make-rprivate / || exit 1
	for f in "$inst"/*; do
		b=$(basename "$f")
		if [ -e "$tracefs/$b" ]; then
			mount --bind "$f" "$tracefs/$b" || exit 1
		fi
	done
	mount -o remount,bind,ro "$tracefs" 2> /dev/null
	trace-cmd extract -o "$out" > /dev/null 2>&1
' extract "$tracefs" "$inst" "$out_abs.extract"
[ -s "$out_abs.extract" ] || { echo "extract-trace: trace-cmd extract wrote nothing" >&2; exit 1; }
# extract writes version 7 with its default compression; convert for others
if [ "$version" = 7 ] && [ "$compression" = zstd ]; then
	mv "$out_abs.extract" "$out_abs"
else
	trace-cmd convert -i "$out_abs.extract" -o "$out_abs" --file-version "$version" \
		--compression "$compression" > /dev/null 2>&1 ||
		{ echo "extract-trace: trace-cmd convert failed" >&2; rm -f "$out_abs.extract"; exit 1; }
	rm -f "$out_abs.extract"
fi

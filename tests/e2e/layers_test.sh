#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# scripts/check-layers.py passes on the tree, and finds each kind of breach
# planted in a copy of it: a stage reached inside, a stage reaching up, a
# stage beside, a room above reaching a stage or the readers, a relative path.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
check="$here/scripts/check-layers.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

if ! out=$("$check" "$here"); then
	echo "FAIL: the tree breaks its layers:"; echo "$out"; failed=1
fi

(cd "$here" && find parsers engine cli recorder -name '*.[ch]' -print0 | xargs -0 cp --parents -t "$tmp")

plant() {	# FILE INCLUDE WHAT
	cp "$tmp/$1" "$tmp/saved"
	printf '#include "%s"\n' "$2" >>"$tmp/$1"
	out=$("$check" "$tmp"); rc=$?
	cp "$tmp/saved" "$tmp/$1"
	case "$rc:$out" in
	1:*"$1:"*"$3"*) echo "ok: $1 including $2 is refused" ;;
	*) echo "FAIL: $1 including $2: exit $rc, '$out'"; failed=1 ;;
	esac
}

plant parsers/records/cpu_stream.c container/tracedat.h "reaches inside a stage"
plant parsers/container/tracedat.c trace_input.h "reaches up"
plant parsers/events/trace_decode.c records/records.h "may use only container"
plant parsers/container/ring_page.c events/events.h "is the lowest"
plant engine/replay.c container/container.h "uses trace_input.h, not a stage"
plant cli/cmd_run.c trace_file.h "not parsers/' public face"
plant parsers/container/ring_page.c ../trace_input.h "relative path"
"$check" "$tmp" >/dev/null || { echo "FAIL: the copy was not restored"; failed=1; }
exit $failed

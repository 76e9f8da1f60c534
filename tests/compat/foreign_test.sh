#!/bin/sh
# The real foreign traces of tests/compat/guests/traces, recorded by
# Debian's own trace-cmd 3.1.6 on arm64 and armv7l (their README gives
# cyclictest's own counts): verdicts for the monitor whose events they
# hold, an exact exit-2 line for the one whose events no arm kernel has,
# and check's answer for each.
#
# usage: foreign_test.sh   (from the top of the tree; RVREPLAY the binary)

. tests/e2e/lib.sh

G=tests/compat/guests/traces
A64=$G/arm64-cyclictest-rel.dat
A32=$G/armv7l-cyclictest-rel.dat

# per_pid FILE: "pid:count" of its sleep violations, by pid
per_pid() {
	"$RVREPLAY" --json -m sleep "$1" 2> /dev/null | python3 -c '
import collections, json, sys
c = collections.Counter(v["pid"] for v in json.load(sys.stdin)["violations"]
                        if v["reason"] == "sleep_reason")
print(" ".join("%d:%d" % kv for kv in sorted(c.items())))'
}

# foreign FILE ARCH MACHINE "PID:CYCLES...": cyclictest's threads and cycles
foreign() {
	file=$1 arch=$2 machine=$3 cycles=$4
	name=$(basename "$file")
	check "$name: sleep judged, one violation per relative sleep" "-s $file" 1 \
		"^Summary: [0-9]+ violations: sleep [0-9]+$"
	check "$name: the architecture from its uname ($machine)" "-s $file" 1 \
		"^monitors: sleep \\(profile 6.17, arch $arch\\)$"
	check "$name: pagefault named as unavailable" "-s $file" 1 \
		"pagefault not judged: exceptions:page_fault_user is no tracepoint of $arch kernels"
	got=$(per_pid "$file")
	if [ "$got" = "$cycles" ]; then
		ok "$name: violations per thread as cyclictest counted its cycles ($got)"
	else
		not_ok "$name: violations per thread" "replay: $got" "cyclictest: $cycles"
	fi
	check_error "$name: -m pagefault is exit 2, said exactly" "-m pagefault $file" \
		"^rvreplay: $file: pagefault is unavailable on this trace's kernel: exceptions:page_fault_user is no tracepoint of $arch kernels \\($arch 6\\.1\\.0-50-[a-z0-9]+\\)$"
	check "$name: check, the others judged without pagefault" "check $file" 0 \
		"^pagefault is unavailable on this kernel \\($arch .*\\): exceptions:page_fault_user is no tracepoint of $arch kernels; the others are judged without it\\.$"
	check "$name: check, the missing tracepoint is no MISSING event" "check $file" 0 \
		"^  nokernel required exceptions:page_fault_user "
}

foreign "$A64" arm64 aarch64 "130:300 131:291"
foreign "$A32" arm armv7l "125:300 126:281"
check_error "armv7l, --arch arm64: its kernel has 4-byte longs" "--arch arm64 $A32" \
	"^rvreplay: $A32: --arch arm64"
finish

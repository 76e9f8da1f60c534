#!/bin/sh
# --waivers (docs/waivers.md): known violations reported as waived, the
# exit code 1 only for violations no waiver covers, expired and unused
# waivers said on stderr, and every error in a waiver file named by line.
#
# usage: waivers_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
T=traces/mutex-nonpi.dat

waiver() {	# FILE MONITOR COMM REASON [EXTRA LINE...]
	f=$1 m=$2 c=$3 r=$4
	shift 4
	{
		printf '[[waiver]]\nmonitor = "%s"\ncomm = "%s"\nreason = "%s"\nwhy = "test"\n' "$m" "$c" "$r"
		for l in "$@"; do printf '%s\n' "$l"; done
		echo
	} >> "$f"
}

# the trace has 5 sleep violations (waker) and 1 pagefault violation
: > "$TMP/sleep.toml"
waiver "$TMP/sleep.toml" sleep "mutex_*" waker
check "a waiver of the sleep violations: reported waived, exit 1 for the fault" \
	"--waivers $TMP/sleep.toml $T" 1 "^Summary: 6 violations \\(5 waived\\)"
check "the group says which waiver and why" "--waivers $TMP/sleep.toml $T" 1 \
	"^  waived: test \\(.*sleep.toml line 1\\)"

cp "$TMP/sleep.toml" "$TMP/all.toml"
waiver "$TMP/all.toml" pagefault "mutex_inversion" page_fault "pid = 7039"
check "every violation waived: exit 0" "--waivers $TMP/all.toml $T" 0 \
	"^Summary: 6 violations \\(6 waived\\)"
check "-q: exit 0, nothing printed" "-q --waivers $TMP/all.toml $T" 0 ""

"$RVREPLAY" --json --waivers "$TMP/all.toml" "$T" > "$TMP/j.json" 2> /dev/null
if [ "$(jq '.summary.waived' "$TMP/j.json")" = 6 ] &&
   [ "$(jq '[.violations[] | select(.waived.why == "test")] | length' "$TMP/j.json")" = 6 ] &&
   [ "$(jq '[.groups[] | select(.waived)] | length' "$TMP/j.json")" = 2 ]; then
	ok "JSON: summary.waived, each violation's waiver, each group waived"
else
	not_ok "JSON: summary.waived, each violation's waiver, each group waived" \
		"$(jq -c '.summary' "$TMP/j.json" | head -c 400)"
fi

: > "$TMP/pid.toml"
waiver "$TMP/pid.toml" pagefault "mutex_inversion" page_fault "pid = 1"
check "a waiver for another pid waives nothing, and says so" "--waivers $TMP/pid.toml $T" 1 \
	"warning: .*pid.toml: line 1: waiver matched no violation"

: > "$TMP/comm.toml"
waiver "$TMP/comm.toml" sleep "cyclictest*" waker
check "a comm pattern that matches no task waives nothing" "--waivers $TMP/comm.toml $T" 1 \
	"^Summary: 6 violations \\(0 waived\\)"

: > "$TMP/time.toml"
waiver "$TMP/time.toml" sleep "mutex_*" waker 'from = "4984.159740"' 'to = "4984.159740"'
check "a time range as trace-cmd report prints it: the one violation at that time" \
	"--waivers $TMP/time.toml $T" 1 "^Summary: 6 violations \\(1 waived\\)"

: > "$TMP/detail.toml"
waiver "$TMP/detail.toml" sleep "mutex_*" waker 'detail = "*higher*"'
check "a reason_detail pattern that does not match waives nothing" \
	"--waivers $TMP/detail.toml $T" 1 "^Summary: 6 violations \\(0 waived\\)"

: > "$TMP/old.toml"
waiver "$TMP/old.toml" sleep "mutex_*" waker "expires = 2020-01-01"
check "an expired waiver is not applied, and the warning says so" \
	"--waivers $TMP/old.toml $T" 1 "line 1: waiver expired on 2020-01-01, not applied"
check "an expired waiver: said even with -q (it fails the run again)" \
	"-q --waivers $TMP/old.toml $T" 1 "^rvreplay: warning: $TMP/old.toml: line 1: waiver expired on 2020-01-01, not applied\$"

: > "$TMP/trace.toml"
waiver "$TMP/trace.toml" sleep "mutex_*" waker 'trace = "*cyclictest*"'
check "a trace pattern that does not match this trace waives nothing" \
	"--waivers $TMP/trace.toml $T" 1 "^Summary: 6 violations \\(0 waived\\)"

printf '[[waiver]]\nmonitor = "sleep"\ncomm = "x"\nreason = "bogus"\nwhy = "w"\n' > "$TMP/bad1.toml"
check_error "an unknown reason class: file, line, column" "--waivers $TMP/bad1.toml $T" \
	"bad1.toml:[0-9]+:[0-9]+: unknown reason 'bogus'"
printf '[[waiver]]\nmonitor = "sleep"\ncomm = "x"\nreason = "waker"\n' > "$TMP/bad2.toml"
check_error "a waiver without why" "--waivers $TMP/bad2.toml $T" "bad2.toml:[0-9]+:[0-9]+: .*why"
printf '[[waiver]]\nmonitor = "sleep"\ncolour = "x"\n' > "$TMP/bad3.toml"
check_error "an unknown key" "--waivers $TMP/bad3.toml $T" "bad3.toml:3:[0-9]+: .*colour"
printf '[[waiver]]\nmonitor = "sleeep"\ncomm = "x"\nreason = "waker"\nwhy = "w"\n' > "$TMP/bad4.toml"
check_error "a mistyped monitor: an error, not a warning -q would hide" "-q --waivers $TMP/bad4.toml $T" \
	"bad4.toml:1:1: unknown monitor 'sleeep'"
printf '[[waiver]]\nmonitor = "sleep"\ncomm = "[a-"\nreason = "waker"\nwhy = "w"\n' > "$TMP/bad5.toml"
check_error "a pattern whose '[' is never closed" "--waivers $TMP/bad5.toml $T" \
	"bad5.toml:1:1: a pattern with a '\\[' never closed"
printf '[[waiver]]\nmonitor = "sleep"\ncomm = "x"\nreason = "waker"\nwhy = "w"\nexpires = 2027-02-31\n' \
	> "$TMP/bad6.toml"
check_error "a day the calendar lacks" "--waivers $TMP/bad6.toml $T" \
	"bad6.toml:6:11: 2027-02-31 is no day of the calendar"
printf '\357\273\277[[waiver]]\r\nmonitor = "sleep"\r\ncomm = "mutex*"\r\nreason = "waker"\r\nwhy = "known\\nSummary: 0 violations"\r\n' \
	> "$TMP/crlf.toml"
check "a file with a byte order mark and CRLF line ends, as editors write it" \
	"-s --waivers $TMP/crlf.toml $T" 1 "^Summary: 6 violations \\(5 waived\\)"
check "a why holding a newline cannot forge a line" "--waivers $TMP/crlf.toml $T" 1 \
	"^  waived: known\\\\x0aSummary: 0 violations \\("
for d in "+027-03-31" "2027- 3-31" "-027-03-31"; do
	printf '[[waiver]]\nmonitor = "sleep"\nwhy = "w"\nexpires = %s\n' "$d" > "$TMP/bad7.toml"
	check_error "a date with a sign or a blank: '$d' refused" "--waivers $TMP/bad7.toml $T" \
		"bad7.toml:4:11: expected a date: YYYY-MM-DD"
done
check_error "a folder as the waiver file: refused, never no waiver" "--waivers $TMP $T" \
	"cannot read: Is a directory"
check_error "a missing waiver file" "--waivers $TMP/none.toml $T" "none.toml"

finish

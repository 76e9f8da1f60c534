#!/bin/sh
# Every input that crashed or hung rvreplay, a library under it, or ltlc,
# as a test: it must now get its exit code and message, with no crash, no
# sanitizer report and no hang. Run from the top of the tree, by the e2e
# suite (RVREPLAY=$(BUILD)/rvreplay; ltlc is taken next to it).
#
# Trace inputs are byte patches of the fixed test traces of
# tests/data/tracedat (OFFSET:OLD>NEW, checked against the seed), or files
# found by fuzzing (*.dat here). The crafted traces of craft.py are tested
# by tests/e2e/bad_input_test.sh. See README.md for adding one.

. tests/e2e/lib.sh

guard_rvreplay
D=tests/data/tracedat
R=tests/regressions

# patched NAME SEED OFFSET:OLD>NEW...: the seed with those bytes changed,
# in $TMP/NAME.dat; fails when the seed no longer has the old bytes
patched() {
	name=$1 seed=$2
	shift 2
	cp "$seed" "$TMP/$name.dat"
	for p in "$@"; do
		off=${p%%:*} old=${p#*:} old=${old%%>*} new=${p#*>}
		if [ "$(od -An -tx1 -j "$off" -N1 "$seed" | tr -d ' ')" != "$old" ]; then
			echo "$seed changed at $off: this regression must be made again" >&2
			return 1
		fi
		printf "\\$(printf %o "0x$new")" |
			dd of="$TMP/$name.dat" bs=1 seek="$off" conv=notrunc 2> /dev/null
	done
}

# regress DESC FILE REGEX: rvreplay and rvreplay check both refuse FILE,
# with either reader (the texts are checked for both)
regress() {
	for reader in auto libtracecmd; do
		export RVREPLAY_READER=$reader
		check_error "$1 ($reader)" "$2" "^rvreplay: $2: $3"
		check_error "$1 (check, $reader)" "check $2" "^rvreplay: $2: $3"
	done
	unset RVREPLAY_READER
}

# survives DESC ARGS: no crash, and either the report's end (exit 0 or 1:
# the Summary line, or for check a monitor's "judge this trace" line) or
# the one error line (exit 2: one line "rvreplay: ...")
survives() {
	eval "\"$RVREPLAY\" $2" > "$TMP/out" 2> "$TMP/err"
	got=$?
	case $2 in
	check*) ended='^[a-z_]* can(not)? judge this trace' ;;
	*) ended='^Summary: ' ;;
	esac
	if [ "$got" -gt 2 ] || grep -q -e Sanitizer -e 'runtime error' "$TMP/err" ||
	   { [ "$got" = 2 ] && { [ "$(wc -l < "$TMP/err")" != 1 ] || ! grep -q '^rvreplay: ' "$TMP/err"; }; } ||
	   { [ "$got" -lt 2 ] && ! grep -qE "$ended" "$TMP/out"; }; then
		not_ok "$1" "exit $got" "$(head -c 300 "$TMP/out")" "$(head -c 600 "$TMP/err")"
	else
		ok "$1 (exit $got)"
	fi
}

# regress_data DESC FILE REGEX: damaged ring-buffer data, which
# libtracecmd's reader must refuse and the fast reader reads around
regress_data() {
	export RVREPLAY_READER=libtracecmd
	check_error "$1 (libtracecmd)" "$2" "^rvreplay: $2: $3"
	check_error "$1 (check, libtracecmd)" "check $2" "^rvreplay: $2: $3"
	export RVREPLAY_READER=fast
	survives "$1 (fast)" "$2"
	survives "$1 (check, fast)" "check $2"
	unset RVREPLAY_READER
}

# A print format libtraceevent must not parse makes its event's format not
# understood: no error until the event is needed (parsers/container/not_understood.h).
# libtracecmd parses every format, so its reader refuses the file, the one
# disagreement of the readers on such files.
LIBTRACECMD_REFUSES="libtracecmd would parse the format of"

# regress_format DESC FILE EVENT WHY: the format of an event the replay
# decodes: both readers refuse, naming it
regress_format() {
	unset RVREPLAY_READER
	check_error "$1" "$2" "^rvreplay: $2: the format of $3, an event the replay needs, cannot be parsed: $4$"
	check_error "$1 (check)" "check $2" "^rvreplay: $2: the format of $3, an event the replay needs"
	export RVREPLAY_READER=libtracecmd
	check_error "$1 (libtracecmd)" "$2" "^rvreplay: $2: $LIBTRACECMD_REFUSES $3, which it must not be given: $4"
	unset RVREPLAY_READER
}

# regress_unneeded DESC FILE EVENT WHY: the format of an event nothing
# needs: the default reader replays, check lists it; libtracecmd refuses
regress_unneeded() {
	unset RVREPLAY_READER
	survives "$1" "$2"
	check "$1 (check lists it)" "check $2" 1 \
		"^event formats: 1 not understood, none needed \\($3: $4\\)$"
	export RVREPLAY_READER=libtracecmd
	check_error "$1 (libtracecmd)" "$2" "^rvreplay: $2: $LIBTRACECMD_REFUSES $3, which it must not be given: $4"
	unset RVREPLAY_READER
}

# regress_hazard DESC FILE WHAT: an option libtracecmd would misread,
# which the default reader has no use for: it replays; libtracecmd's
# reader refuses, naming the option
regress_hazard() {
	unset RVREPLAY_READER
	survives "$1" "$2"
	survives "$1 (check)" "check $2"
	export RVREPLAY_READER=libtracecmd
	check_error "$1 (libtracecmd)" "$2" "^rvreplay: $2: libtracecmd would misread it: $3 \\(the default reader reads it\\)$"
	check_error "$1 (check, libtracecmd)" "check $2" "^rvreplay: $2: libtracecmd would misread it: $3 "
	unset RVREPLAY_READER
}

# ---- libtracecmd 3.1 and libtraceevent 1.7 crashes, what now stops them ----

patched header-page $D/named-v6.dat '59:3b>3f' &&
regress "header_page 'timestamp?': NULL dereference in tracecmd_close() after a failed open" \
	"$TMP/header-page.dat" "header_page describes no ring-buffer page layout a kernel writes$"

patched format-control $D/named-v6.dat '11165:33>13' &&
regress "a control byte in an event format: NULL dereference in tep_parse_event()" \
	"$TMP/format-control.dat" "malformed format of an event of system 'ftrace': bytes that are not text$"

patched flags-field $D/named-v6.dat '16070:72>21' &&
regress_format "__print_flags() of a field the event lacks: NULL dereference in tep_parse_event()" \
	"$TMP/flags-field.dat" "sched:sched_switch" "a print format naming no field of the event"

patched symbolic-field $D/named-v6.dat '19981:65>21' &&
regress_unneeded "__print_symbolic() of a field the event lacks: NULL dereference in tep_parse_event()" \
	"$TMP/symbolic-field.dat" "sched:sched_skip_vma_numa" "a print format naming no field of the event"

patched hook-option $D/named-v6.dat '42445:02>06' &&
regress_hazard "a HOOK option: tracecmd_create_event_hook() returns NULL, then dereferenced" \
	"$TMP/hook-option.dat" "option 6, of trace-cmd hooks or host-guest tracing"

patched printk-colon $D/named-v6.dat '33813:3a>3b' &&
regress "a printk format line without ':': tep_parse_printk_formats() strdup()s past its buffer" \
	"$TMP/printk-colon.dat" "malformed printk format line '0xffffffff82521248 ; \"mas_rebalance\"'$"

patched printk-short $D/named-v6.dat '33817:61>22' '33818:73>0a' '33819:5f>30' \
	'33820:72>78' '33821:65>31' '33822:62>32' '33823:61>20' '33824:6c>3a' '33825:61>20' \
	'33826:6e>22' '33827:63>61' '33828:65>62' &&
regress "a printk format of one character: tep_register_print_string() reads before its buffer" \
	"$TMP/printk-short.dat" "malformed printk format line '0xffffffff82521248 : \"m\"'$"

patched cpu-count $D/top-v6.dat '42476:00>02' &&
regress_hazard "a v6 CPU count option of 514 CPUs in a file of 2: libtracecmd reads a CPU table that is not there" \
	"$TMP/cpu-count.dat" "CPU count option of 514 CPUs in a file of 2"

patched commit-past $D/named-v6.dat '45067:c0>07' &&
regress_data "a page's commit past the page: kbuffer_load_subbuffer() walks off it" \
	"$TMP/commit-past.dat" "commit past the end in ring-buffer page 0 at byte 8, in the data of CPU 0$"

patched zstd-chunk $D/top-v7-zstd.dat '12972:42>67' &&
regress_data "a corrupt zstd chunk: NULL dereference in tracecmd_close() after a failed open" \
	"$TMP/zstd-chunk.dat" "corrupt compressed data of CPU 0 at offset 12288$"

regress_data "an event length past its page (fuzzing): kbuffer reads beyond the page" \
	"$R/kbuffer-event-length.dat" "bad event length in ring-buffer page 1 at byte 2260, in the data of CPU 0$"
regress_data "an event shorter than its header (fuzzing): kbuffer reads beyond the page" \
	"$R/kbuffer-short-event.dat" "event too short in ring-buffer page 3 at byte 1468, in the data of CPU 0$"

regress_format "'cond ? a:16;b(...) : c' in a print format (fuzzing): NULL dereference in tep_parse_event()" \
	"$R/print-fmt-ternary.dat" "sched:sched_switch" "a print format that is not a C expression list"

regress_format "'R/EC->error_code' in a print format (fuzzing): division by zero in tep_parse_event()" \
	"$R/print-fmt-divide.dat" "exceptions:page_fault_kernel" "a print format that is not a C expression list"

# formats the checks let through and libtraceevent crashes on: refused by
# the trial parse in a child (parsers/events/format_trial.c), whatever the message
for f in print-fmt-flag-entry print-fmt-dot; do
	for reader in auto libtracecmd; do
		export RVREPLAY_READER=$reader
		survives "$f.dat (fuzzing): tep_parse_event() crashes ($reader)" "$R/$f.dat"
	done
done
unset RVREPLAY_READER

# a record shorter than its event's fields, formatted for a report: the
# unit test short_record_not_printed formats every record of it
survives "a print record of 4 bytes (fuzzing): tep_print_event() mallocs a negative length" \
	"--context 1000 $R/print-too-short.dat"
survives "a print record of 4 bytes, check" "check $R/print-too-short.dat"

# ---- ltlc: hangs and a stack overflow, now errors or fast ----

if [ -x "$LTLC" ]; then
	# ltlc_case DESC EXIT REGEX ARGS...: exit code and stderr (empty for an
	# empty REGEX), within a minute (a hang guard: lib.sh's hang_guard)
	ltlc_case() {
		desc=$1 want=$2 regex=$3
		shift 3
		timeout "$(hang_guard 60)" "$LTLC" "$@" > "$TMP/out" 2> "$TMP/err"
		got=$?
		if [ -z "$regex" ]; then
			[ ! -s "$TMP/err" ]
		else
			grep -Eq -- "$regex" "$TMP/err"
		fi
		matched=$?
		if [ "$got" = "$want" ] && [ $matched = 0 ]; then
			ok "$desc"
		else
			not_ok "$desc" "exit $got, expected $want" "$(head -c 400 "$TMP/err")"
		fi
	}
	awk 'BEGIN { printf "RULE = A0"; for (i = 1; i < 30; i++) printf " equivalent A%d", i; print "" }' \
		> "$TMP/equivalent30.ltl"
	ltlc_case "30 nested equivalences: exponential time before" 0 "" \
		-o "$TMP/equivalent30.h" "$TMP/equivalent30.ltl"
	ltlc_case "30 nested equivalences in dot: an exponential label before" 0 "" \
		--dot -o "$TMP/equivalent30.dot" "$TMP/equivalent30.ltl"
	if [ -s "$TMP/equivalent30.dot" ] && [ "$(wc -c < "$TMP/equivalent30.dot")" -lt 100000 ]; then
		ok "30 nested equivalences in dot: a short label"
	else
		not_ok "30 nested equivalences in dot: a short label"
	fi
	awk 'BEGIN { print "RULE = always D0"; for (i = 0; i < 1024; i++) printf "D%d = D%d\n", i, i + 1
		     print "D1024 = A" }' > "$TMP/defs1025.ltl"
	ltlc_case "1025 definitions: quadratic time and a stack overflow before" 1 \
		"^$TMP/defs1025.ltl:1025:1: error: more than 1024 definitions$" \
		-o "$TMP/out.h" "$TMP/defs1025.ltl"
	awk 'BEGIN { print "RULE = always D0"; for (i = 0; i < 40; i++) printf "D%d = D%d\n", i, i + 1
		     print "D40 = A" }' > "$TMP/defs40.ltl"
	ltlc_case "definitions nested 40 deep" 1 \
		"^$TMP/defs40.ltl:32:7: error: definitions nested deeper than 32 levels through 'D31'$" \
		-o "$TMP/out.h" "$TMP/defs40.ltl"
	awk 'BEGIN { printf "RULE = always (((next A0) or (next A0))"
		     for (i = 1; i < 28; i++) printf " and ((next A%d) or (next A%d))", i, i; print ")" }' \
		> "$TMP/split28.ltl"
	ltlc_case "2^28 tableau nodes merging into few states: a hang before" 1 \
		"error: the automaton takes more than 33554432 tableau steps to build: simplify the formula$" \
		-o "$TMP/out.h" "$TMP/split28.ltl"
else
	skip "ltlc regressions" "no $LTLC"
fi
# ---- rules (--spec): findings of the rule harness ----
unset RVREPLAY_READER
check_error "a rule whose formula fails to parse: its definitions leaked before" \
	"--spec tests/regressions/rule-spec-leak.ltl traces/futex-wake.dat" \
	"^rvreplay: tests/regressions/rule-spec-leak\\.ltl:3:1: error: expected a definition 'NAME = formula', found '\"'$"
check_error "a rule's .dot edge with an empty label: a null pointer offset in dotc before" \
	"--spec tests/regressions/rule-dot-empty-label.dot traces/futex-wake.dat" \
	"^rvreplay: tests/regressions/rule-dot-empty-label\\.dot:13:[0-9]+: error: an edge without events: give it a label$"
# ---- rules whose cost grew with 2^size, or that overflowed the stack (issue 43) ----
# each shape of tests/rules/costly_rule.sh at its limit, on mm-calls.dat,
# within guard_rvreplay's hang guard (a minute); the rules mean
# no-mm-calls.ltl (5 violations)
M=tests/rules/traces/mm-calls.dat
for rule in shared_30 bitand_63 chain_1000 chain_60000; do
	sh tests/rules/costly_rule.sh "${rule%_*}" "${rule#*_}" > "$TMP/costly_$rule.ltl"
done
check "definitions 30 levels deep, each using the one below twice: 2^30 per step before" \
	"--spec $TMP/costly_shared_30.ltl $M" 1 "^Summary: 5 violations: costly_shared_30 5$"
check "63 '&' nested in a filter: each evaluated its right operand twice, 2^63 per event before" \
	"--spec $TMP/costly_bitand_63.ltl $M" 1 "^Summary: 5 violations: costly_bitand_63 5$"
check "a filter of 1000 '&&' terms, the most a path takes" \
	"--spec $TMP/costly_chain_1000.ltl $M" 1 "^Summary: 5 violations: costly_chain_1000 5$"
check_error "a filter of 60,000 '&&' terms: a stack overflow before" \
	"--spec $TMP/costly_chain_60000.ltl $M" \
	"^rvreplay: $TMP/costly_chain_60000\\.ltl:3:5056: error: operators nested too deep \\(1000 at most on a path"
finish

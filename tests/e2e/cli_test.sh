#!/bin/sh
# Command-line behaviour, one line per case: arguments, exit code, and a
# pattern the output must match (rtla style). Run from the top of the tree.

. tests/e2e/lib.sh

T=traces
V=$(cat VERSION)
# Facts of the bundled traces (see traces/*.txt): cyclictest -r threads,
# the non-PI mutex waiter and holder, a time inside cyclictest-rel.
CT1=6971 CT2=6972 WAITER=7039 HOLDER=7038 WAKEUP_TS=4984.159740 EPOLL=7129

check "version"			"-V"						0 "^rvreplay $V$"
check "help"			"--help"					0 "usage: rvreplay \[OPTIONS\] TRACE.dat"
check "list"			"list"						0 "sleep: a real-time task"
check "list shows the specs"	"list"						0 "RULE = always \(RT imply not PAGEFAULT\)"
check "list shows events"	"list"						0 "required +sched:sched_waking"
check "list help"		"list --help"					0 "usage: rvreplay list"
check "clean trace"		"$T/cyclictest-abs.dat"				0 "Summary: 0 violations"
check "violations: exit 1"	"--all $T/cyclictest-rel.dat"				1 "sleep violation: cyclictest pid ($CT1|$CT2) prio 19"
check "sleep reason in words"	"$T/cyclictest-rel.dat"				1 "slept in clock_nanosleep\(CLOCK_MONOTONIC, relative\)"
check "waker in words"		"--all $T/mutex-nonpi.dat"			1 "woken by mutex_inversion \(pid $HOLDER, prio 59\) in futex\(FUTEX_WAKE_PRIVATE\), lower priority than its own 39 \(sleep 6.17: "
check "sleep duration"		"--all $T/mutex-nonpi.dat"				1 "sleep:  slept [0-9.]+ us in futex\(FUTEX_WAIT_PRIVATE\), woken by .*, ran [0-9.]+ (ns|us) after the wakeup"
check "atoms and states"	"$T/mutex-nonpi.dat"				1 "kernel: states 1,2 -> none with atoms fu_wa,rt,wak"
check "context lines"		"$T/mutex-nonpi.dat --context 2"		1 "last 2 events of pid $WAITER:"
check "context like trace-cmd"	"$T/mutex-nonpi.dat"				1 "mutex_inversion-$HOLDER +\[000\] +$WAKEUP_TS: sched_wakeup: +mutex_inversion:$WAITER \[39\]"
check "no context"		"$T/mutex-nonpi.dat --context 0"		1 "kernel: states"
check "poll reason"		"$T/poll-read.dat -m sleep"			1 "slept in poll"
check "page fault details"	"--all $T/pagefault-nomlock.dat"			1 "fault:  user fault at address 0x[0-9a-f]+, ip 0x[0-9a-f]+, (read|write), user mode, page not present"
check "summary only"		"-s $T/cyclictest-rel.dat"			1 "sleep +cyclictest +pid $CT1 +prio 19 +50 "
check "summary has no detail"	"-s $T/cyclictest-rel.dat"			1 "^Summary: 97 violations: pagefault 0, sleep 97$"
check "monitor sleep only"	"-m sleep $T/pagefault-nomlock.dat"		0 "monitors: sleep \("
check "monitor pagefault"	"--all -m pagefault $T/pagefault-nomlock.dat"		1 "pagefault violation"
check "rtapp container"		"-m rtapp $T/cyclictest-abs.dat"		0 "monitors: pagefault sleep"
check "pid filter"		"--pid $CT2 -s $T/cyclictest-rel.dat"		1 "Summary: 47 violations"
check "pid filter, none"	"--pid 1 -s $T/cyclictest-rel.dat"		0 "Summary: 0 violations"
check "pid list"		"--pid $CT1,$CT2 -s $T/cyclictest-rel.dat"	1 "Summary: 97 violations"
check "comm filter"		"--comm 'cyclic*' -s $T/cyclictest-rel.dat"	1 "Summary: 97 violations"
check "comm filter, none"	"--comm nothing -s $T/cyclictest-rel.dat"	0 "Summary: 0 violations"
check "cpu filter"		"--cpu 1 -s $T/cyclictest-rel.dat"		1 "Summary: [1-9][0-9]* violations"
check "time window"		"--from 4983.40 --to 4983.41 -s $T/cyclictest-rel.dat" 1 "Summary: [1-9][0-9]? violations"
check "time window, empty"	"--from 9999 -s $T/cyclictest-rel.dat"		0 "Summary: 0 violations"
check "strict start"		"--strict-start -s $T/pagefault-nomlock.dat"	1 "Summary: 20 violations"
check "quiet"			"-q $T/cyclictest-rel.dat"			1 ""
check "json"			"--json $T/mutex-nonpi.dat"			1 "\"rvreplay_version\": \"$V\""
check "json reason"		"--json $T/mutex-nonpi.dat"			1 "\"reason\":\"waker\""
check "json never colored"	"--json --color always $T/mutex-nonpi.dat"	1 "^\{"
check "color always"		"--color always $T/mutex-nonpi.dat"		1 "$(printf '\033')\[1;31msleep"
check "auto: no color off a tty"	"--color auto $T/mutex-nonpi.dat"		1 "^sleep violations: "
check "arch override"		"--arch x86_64 $T/cyclictest-abs.dat"		0 "arch x86_64"
check "arch alias"		"--arch amd64 $T/cyclictest-abs.dat"		0 "arch x86_64"
check "arch contradicting the trace" "--arch riscv64 -m sleep -s $T/cyclictest-rel.dat" 1 "warning: .*--arch riscv64 overrides the trace's own architecture x86_64"
check "no inference"		"--no-infer -s $T/cyclictest-rel.dat"		1 "Summary: 97 violations"
check "lost events: none"	"$T/cyclictest-abs.dat"				0 "Lost events: none"
check "check: complete"		"check $T/cyclictest-abs.dat"			0 "^sleep can judge this trace\\.$"
check "check: formats without records"	"check tests/regressions/zero-events.dat"	1 \
	"^The trace holds no record: nothing can be judged\\.$"
check "check: counts"		"check $T/cyclictest-abs.dat"			0 "ok +required sched:sched_switch +[0-9]+"
check "buffer instance"		"check -m sleep --buffer td-named tests/data/tracedat/named-v7-zstd.dat" 1 \
	"empty +required sched:sched_switch +0 "
check "top buffer by default"	"check -m sleep tests/data/tracedat/named-v7-zstd.dat" 1 \
	"ok +required sched:sched_switch +15 "
check "check help"		"check --help"					0 "usage: rvreplay check"
check_error "no trace"		""				"^rvreplay: no trace file given \(see 'rvreplay --help'\)$"
check "two traces: each judged, the worst exit code, and which trace gave it" \
	"-q $T/cyclictest-abs.dat $T/mutex-pi.dat" 1 \
	"^rvreplay: 2 traces: 1 clean, 1 with violations, 0 not judged; exit 1, first from $T/mutex-pi.dat$"
check_error "unknown option"	"--bogus $T/cyclictest-abs.dat"	"unknown option '--bogus'"
check_error "no wakeup monitor before 7.3" "-m wakeup $T/cyclictest-abs.dat" "no monitor 'wakeup' in profile 6.17"
check_error "unknown monitor"	"-m nope $T/cyclictest-abs.dat" "no monitor 'nope' in profile 6.17"
check "a comma-separated list of monitors" "-s -m wwnr,stall --hz 250 $T/cyclictest-abs.dat" 0 \
	"^monitors: wwnr stall \\(profile 6.17"
check_error "an empty name in the list" "-m wwnr, $T/cyclictest-abs.dat" \
	"bad monitor list 'wwnr,' \\(names separated by commas: wwnr,stall\\)"
check_error "an unknown name in the list" "-m wwnr,nope $T/cyclictest-abs.dat" "no monitor 'nope' in profile 6.17"
# The kernel's other monitors: listed with what they would need, never judged.
for m in wwnr wip stall opid sco snroc scpd snep sts nrp sssw nomiss pagefault sleep wakeup; do
	check "list names $m"	"list"					0 "^  $m: "
done
check "list: none of the rest judged" "list"			0 \
	"^not replayed: [0-9]+ of the 15 monitors of Linux 7.3 \\(replayed: .*pagefault sleep wakeup\\)$"
check "list: sco's probe lines"	"list | sed -n '/^  sco:/,/^\$/p'"	0 \
	"^      t:rvprobe/sched_entry sched_entry_tp preempt=preempt$"
check "list: sco's record command" "list | sed -n '/^  sco:/,/^\$/p'"	0 \
	"^      trace-cmd record -e rvprobe:sched_set_state -e rvprobe:sched_entry -e rvprobe:sched_exit \\\\$"
check "list: wip replayed, from preemptirq" "list | sed -n '/^  wip:/,/^\$/p'"	0 \
	"^      required  preemptirq:preempt_disable +preempt_disable: "
check "list: scpd needs preemptirq" "list | sed -n '/^  scpd:/,/^\$/p'"	0 \
	"a trace needs: preemptirq:preempt_disable and preempt_enable"
# (the section must be there: an empty list passes no line over 99 columns)
check "list: the rest under 100 columns" \
	"list | sed -n '/^not replayed/,\$p' | awk 'length > 99; END { if (!NR) print \"no section\" }'" 0 ""
check_error "monitor not replayed" "-m sco $T/cyclictest-abs.dat" \
	"^rvreplay: $T/cyclictest-abs.dat: monitor 'sco' is not replayed: it needs .*sched_entry_tp.* \\(see 'rvreplay list'\\)$"
check_error "container not replayed" "-m sched $T/cyclictest-abs.dat" "container 'sched' is not replayed"
check_error "unknown profile"	"--profile 5.0 $T/cyclictest-abs.dat" "unknown profile '5.0' \\(6.17, 7.1 or 7.3\\)"
check "profile from the kernel"	"-s $T/cyclictest-abs.dat"			0 "profile 6.17, arch x86_64"
check "profile override"	"-s --profile 7.3 $T/cyclictest-abs.dat"	0 "monitors: pagefault sleep wakeup \\(profile 7.3"
check "wakeup monitor under 7.3" "-s --profile 7.3 -m wakeup $T/mutex-nonpi.dat" 1 "wakeup +mutex_inversion +pid $WAITER "
check "epoll valid from 7.1"	"-s --profile 7.1 -m sleep --pid $EPOLL $T/epoll-timerfd.dat" 0 "Summary: 0 violations"
check "epoll invalid in 6.17"	"-s -m sleep --pid $EPOLL $T/epoll-timerfd.dat" 1 "epoll_wait\\(fd [0-9]+\\) x5"
check "json names the profile"	"--json --profile 7.1 $T/cyclictest-abs.dat"	0 '"profile": "7.1"'
check "list shows the profiles"	"list"						0 "^profile 7.3 \\(Linux 7.3 and later\\)"
check "check names the profile"	"check --profile 7.3 $T/cyclictest-abs.dat"	0 "profile 7.3"
check_error "bad context"	"--context x $T/cyclictest-abs.dat" "bad --context 'x'"
check_error "bad pid"		"--pid 12a $T/cyclictest-abs.dat"	"bad --pid '12a'"
check_error "bad time"		"--from yesterday $T/cyclictest-abs.dat" "bad time 'yesterday'"
check_error "a time of no digit"	"--from . $T/cyclictest-abs.dat" "bad time '\\.'"
check_error "bad lost mode"	"--lost-events=maybe $T/cyclictest-abs.dat" "bad --lost-events 'maybe'"
check_error "bad color"		"--color pink $T/cyclictest-abs.dat"	"bad --color 'pink'"
check_error "unknown arch"	"--arch vax $T/cyclictest-abs.dat"	"^rvreplay: $T/cyclictest-abs.dat: unknown architecture 'vax'"
check_error "no buffer"		"--buffer nope $T/cyclictest-abs.dat"	"no buffer instance named 'nope'"
check_error "check: no trace"	"check"				"give one trace file"

check "output to /dev/null"	"-o /dev/null $T/cyclictest-rel.dat"		1 ""
if [ -c /dev/null ]; then ok "/dev/null is still a device"; else not_ok "/dev/null replaced"; fi

# -o FILE: written whole, or not at all
rm -f "$TMP/report.txt"
check "output file"		"-o $TMP/report.txt $T/cyclictest-rel.dat"	1 ""
if grep -q "Summary: 97 violations" "$TMP/report.txt" 2>/dev/null; then
	ok "output file holds the report"
else
	not_ok "output file holds the report"
fi
check_error "output dir missing" "-o $TMP/none/report.txt $T/cyclictest-rel.dat" "$TMP/none/report.txt: cannot write"
if ls "$TMP"/none* "$TMP"/report.txt.tmp* > /dev/null 2>&1; then
	not_ok "no partial output left behind"
else
	ok "no partial output left behind"
fi
finish

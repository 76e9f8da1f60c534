#!/bin/sh
# Bad input: every case gets its documented exit code and message, and no
# crash, sanitizer report or hang. Errors (exit 2) are one line on stderr
# naming the file and what is wrong, with nothing on stdout. Run from the
# top of the tree.
#
# FLIPS=N sets the bit-flipped traces per trace (default 30).

. tests/e2e/lib.sh

guard_rvreplay

T=traces/mutex-pi.dat
R=tests/regressions
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
check_error "a folder, even named .dat, without traces" "$B/directory.dat" \
	"^rvreplay: $B/directory.dat: no \\*\\.dat file in this folder"
check_error "a device"		"/dev/null"		"^rvreplay: /dev/null: not a regular file$"
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
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$BIN" "$B/private.dat" \
		> "$TMP/out" 2> "$TMP/err"
	if [ $? = 2 ] && grep -q "^rvreplay: $B/private.dat: cannot open: Permission denied$" "$TMP/err"; then
		ok "unreadable file"
	else
		not_ok "unreadable file" "$(cat "$TMP/err")"
	fi
else
	skip "unreadable file" "needs root and setpriv to drop privileges"
fi

# ---- bit flips: a verdict with its summary, or one error line; never a crash or a hang ----

# flip FILE SEED COUNT: COUNT bits of FILE flipped in place, positions from
# a 31-bit LCG seeded with SEED (the same on every machine)
flip() {
	file=$1 x=$2 n=$3 size=$(wc -c < "$1")
	while [ "$n" -gt 0 ]; do
		x=$(( (x * 1103515245 + 12345) % 2147483648 ))
		at=$(( x % size ))
		x=$(( (x * 1103515245 + 12345) % 2147483648 ))
		bit=$(( x % 8 ))
		byte=$(od -An -tu1 -j "$at" -N1 "$file" | tr -d ' ')
		printf "\\$(printf %o $(( byte ^ (1 << bit) )))" |
			dd of="$file" bs=1 seek="$at" conv=notrunc 2> /dev/null
		n=$((n - 1))
	done
}

# check_survives DESC ARGS: one of the outcomes a damaged trace may have,
# exit 2 with one error line naming the file and nothing on stdout, or a
# replay: exit 1 with a summary of violations, exit 0 with a summary of
# none; never a sanitizer report, a signal or a timeout
check_survives() {
	desc=$1 args=$2
	# shellcheck disable=SC2086
	eval "\"$RVREPLAY\" $args" > "$TMP/out" 2> "$TMP/err"
	got=$?
	if [ "$got" -gt 2 ]; then
		not_ok "$desc" "exit $got" "$(head -c 600 "$TMP/err")"
	elif grep -q -e 'Sanitizer' -e 'runtime error' "$TMP/err"; then
		not_ok "$desc" "sanitizer report:" "$(head -c 600 "$TMP/err")"
	elif [ "$got" = 2 ] && { [ "$(wc -l < "$TMP/err")" != 1 ] || [ -s "$TMP/out" ] ||
				! grep -q "^rvreplay: $B/" "$TMP/err"; }; then
		not_ok "$desc" "exit 2 without exactly one error line:" "$(head -c 600 "$TMP/err")"
	elif [ "$got" = 0 ] && ! grep -q '^Summary: 0 violations:' "$TMP/out"; then
		not_ok "$desc" "exit 0 without a summary of no violation:" "$(head -c 600 "$TMP/out")"
	elif [ "$got" = 1 ] && ! grep -Eq '^Summary: [1-9][0-9]* violations?:' "$TMP/out"; then
		not_ok "$desc" "exit 1 without a summary of violations:" "$(head -c 600 "$TMP/out")"
	else
		ok "$desc (exit $got)"
	fi
}

# with the fast reader (the default) and with libtracecmd's
for trace in traces/mutex-pi.dat traces/mutex-nonpi.dat tests/data/tracedat/top-v7-none.dat \
	     tests/data/tracedat/named-v6.dat; do
	seed=1
	while [ "$seed" -le "${FLIPS:-30}" ]; do
		out="$B/$(basename "$trace" .dat)-flip$seed.dat"
		cp "$trace" "$out"
		flip "$out" "$seed" $(( seed % 8 + 1 ))
		for reader in fast libtracecmd; do
			export RVREPLAY_READER=$reader
			check_survives "$(basename "$trace") with $(( seed % 8 + 1 )) bits flipped (seed $seed, $reader)" "$out"
		done
		unset RVREPLAY_READER
		rm -f "$out"
		seed=$((seed + 1))
	done
done

# A kallsyms block that does not inflate (zstd): the same line from both
# readers; libtracecmd's is checked by the format trial's child while the
# parent opens the file, and must still stop the run, with its own error.
Z=tests/data/tracedat/top-v7-zstd.dat
at=$(trace-cmd dump --sections -i "$Z" 2>/dev/null | sed -n 's/.*@ \([0-9]*\)[[:space:]]*"kallsyms".*/\1/p')
if [ -n "$at" ]; then
	cp "$Z" "$B/bad-kallsyms.dat"
	# past the section's header (16 bytes) and the block's sizes (8): its zstd frame
	printf '\125\125\125\125\125\125\125\125' |
		dd of="$B/bad-kallsyms.dat" bs=1 seek=$((at + 36)) conv=notrunc 2> /dev/null
	for reader in fast libtracecmd; do
		export RVREPLAY_READER=$reader
		check_error "a corrupt kallsyms block ($reader)" "-s $B/bad-kallsyms.dat" \
			"^rvreplay: $B/bad-kallsyms.dat: corrupt compressed block at offset $((at + 16))$"
	done
	unset RVREPLAY_READER
else
	not_ok "a corrupt kallsyms block" "trace-cmd dump --sections names no kallsyms in $Z"
fi

# ---- crafted traces (tests/regressions/craft.py says how each was made) ----

check_error "a trace lacking sched_wakeup"	"$R/lacks-wakeup.dat" \
	"^rvreplay: $R/lacks-wakeup.dat: sleep cannot judge this trace: sched:sched_wakeup was not recorded \\(the trace has no format of it\\); record it with 'rvreplay record -m sleep -o trace.dat -- COMMAND'$"
check "a trace lacking sched_wakeup, pagefault only" "-s -m pagefault $R/lacks-wakeup.dat" 1 \
	"^Summary: 1 violations?: pagefault 1$"
check "pid 4194304 (PID_MAX_LIMIT)"	"-s $R/pid-limits.dat" 1 \
	"pagefault clock_nanosleep  pid 4194304 prio \\? +1  4985\\.159456"
check "pid 2147483647 (INT_MAX)"	"-s $R/pid-limits.dat" 1 \
	"sleep     clock_nanosleep  pid 2147483647 prio 49 +5 "
# one fault of the relabelled 7159 fewer than in traces/clock-nanosleep.dat
check "a negative pid is no task"	"-s $R/pid-limits.dat" 1 \
	"^Summary: 37 violations: pagefault 7, sleep 30$"
check "pids at the limits: --pid selects them" "-s --pid 4194304,2147483647 $R/pid-limits.dat" 1 \
	"^Summary: 7 violations \\(30 more hidden by --pid\\): pagefault 2, sleep 5$"
check "pid 0, the idle tasks"	"-s --pid 0 traces/cyclictest-rel.dat" 0 "^Summary: 0 violations"
check "pid 1"			"-s --pid 1 traces/cyclictest-rel.dat" 0 "^Summary: 0 violations"
check_error "pid past pid_t"	"--pid 2147483648 $R/pid-limits.dat" "bad --pid '2147483648'"
check_error "negative pid"	"--pid -1 $R/pid-limits.dat" "bad --pid '-1'"
# pid 7155 freed, then a new task forked with it: the new one is judged
# afresh (inheriting the stopped pagefault instance would hide its fault)
check "pid reuse: the new task starts afresh" "-s -m pagefault --pid 7155 $R/pid-reuse.dat" 1 \
	"pagefault clock_nanosleep  pid 7155    prio \\? +2  4985\\.159456\\.\\.4985\\.186538  user page fault x2"
check "pid reuse: same verdicts as without" "-s $R/pid-reuse.dat" 1 \
	"^Summary: 38 violations: pagefault 8, sleep 30$"
check "lost events mid-trace: reported"	"-s $R/lost-mid.dat" 1 \
	"CPU 0: events \\(how many unknown\\) lost between its records at 4984\\.161732 and 4984\\.161735"
# the gap is just before a page fault only an instance kept across it judges
check "lost events mid-trace: instances reset" "-s $R/lost-mid.dat" 1 \
	"^Summary: 5 violations: pagefault 0, sleep 5$"
check "lost events mid-trace: --lost-events=ignore" "-s --lost-events=ignore $R/lost-mid.dat" 1 \
	"^Summary: 6 violations: pagefault 1, sleep 5$"
check "lost events mid-trace: counted"	"-s $R/lost-count.dat" 1 \
	"CPU 0: 42 events lost between its records at 4984\\.153997 and 4984\\.154021"
# the gap's start is CPU 0's record before it, as trace-cmd report -t shows it before [42 EVENTS DROPPED]
before=$(trace-cmd report -t --cpu 0 "$R/lost-count.dat" 2> /dev/null | grep -B1 "EVENTS DROPPED" | head -1 |
	record_time)
got=$("$RVREPLAY" --json "$R/lost-count.dat" 2> /dev/null | jq -r '.lost_events[0].after_ts_ns')
if [ -n "$before" ] && [ "$got" = "$(echo "$before" | tr -d .)" ]; then
	ok "lost events mid-trace: JSON after_ts_ns is the record before the gap ($before)"
else
	not_ok "lost events mid-trace: JSON after_ts_ns is the record before the gap" \
		"trace-cmd: ${before:-none}, JSON: $got"
fi
check "lost events mid-trace: check"	"check $R/lost-mid.dat" 0 "^lost events: 1 gap$"
check_error "lost events mid-trace: --lost-events=fail" "--lost-events=fail $R/lost-mid.dat" \
	"^rvreplay: $R/lost-mid.dat: events lost on CPU 0 before 4984\\.161735$"
check_error "a trace with zero events: nothing judged" "$R/zero-events.dat" \
	"^rvreplay: $R/zero-events.dat: the trace holds no record: nothing was judged$"
check "--arch contradicting the trace: a warning, exit by verdict" \
	"-s --arch arm64 traces/cyclictest-abs.dat" 1 \
	"^rvreplay: warning: traces/cyclictest-abs.dat: --arch arm64 overrides the trace's own architecture x86_64$"

# ---- --arch against the trace's kernel: its long size and byte order ----
# An armv7l board's trace: a bundled one as a 32-bit kernel writes it
# (4-byte longs), its uname machine armv7l; and that without a uname.
ARM32=$B/armv7l.dat
tests/lib/make_trace.py kernel-long4 traces/cyclictest-abs.dat "$ARM32" armv7l
tests/lib/make_trace.py no-uname "$ARM32" "$B/armv7l-no-uname.dat"
check "an armv7l uname is arm" "-s $ARM32" 1 "\\(profile 6\\.17, arch arm\\)$"
check_error "--arch arm64 on a kernel of 4-byte longs: exit 2" "-s --arch arm64 $ARM32" \
	"^rvreplay: $ARM32: --arch arm64 has 8-byte longs, this trace's kernel 4-byte$"
check_error "check refuses it too" "check --arch aarch64 $ARM32" \
	"^rvreplay: $ARM32: --arch aarch64 has 8-byte longs, this trace's kernel 4-byte$"
check_error "--arch s390x on a little-endian kernel: exit 2" "--arch s390x traces/cyclictest-abs.dat" \
	"^rvreplay: traces/cyclictest-abs.dat: --arch s390x is big-endian, this trace's kernel little-endian$"
check "--arch i386 on a 64-bit kernel: its 32-bit tasks, said" "-s --arch i386 traces/cyclictest-abs.dat" 1 \
	"^rvreplay: warning: traces/cyclictest-abs.dat: --arch i386 has 4-byte longs, this trace's kernel 8-byte: read as the 32-bit tasks of a 64-bit kernel$"
check_error "no uname, 4-byte longs: the 32-bit candidates" "$B/armv7l-no-uname.dat" \
	"no uname in the trace, and its architecture could be any of i386 riscv32 arm: give --arch$"
check "no uname: --arch armv7l settles it" "-s --arch armv7l $B/armv7l-no-uname.dat" 1 \
	"\\(profile 6\\.17, arch arm\\)$"
check_error "no uname: --arch ppc64 contradicts it" "--arch ppc64 $B/armv7l-no-uname.dat" \
	"--arch ppc64 has 8-byte longs, this trace's kernel 4-byte$"

# A recording of the pagefault monitor's events replayed for sleep, where
# root and tracefs allow recording.
if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems &&
   "$BIN" record -q --no-kallsyms -m pagefault -o "$B/pagefault-only.dat" -- true > /dev/null 2>&1; then
	check_error "a recording for pagefault, replayed for sleep" "-m sleep $B/pagefault-only.dat" \
		"^rvreplay: $B/pagefault-only.dat: sleep cannot judge this trace: sched:sched_[a-z]+ was not recorded \\(.*\\); record it with 'rvreplay record -m sleep -o trace.dat -- COMMAND'$"
else
	skip "a recording for pagefault, replayed for sleep" "cannot record here"
fi

# ---- the generator: the kernel's limits are errors (exit 1) ----

if [ -x "$LTLC" ]; then
	check_ltlc() {
		desc=$1 spec=$2 regex=$3
		timeout "$(hang_guard 60)" "$LTLC" -o "$TMP/out.h" "$spec" > "$TMP/out" 2> "$TMP/err"
		got=$?
		if [ "$got" = 1 ] && grep -Eq -- "$regex" "$TMP/err" && [ ! -e "$TMP/out.h" ]; then
			ok "$desc"
		else
			not_ok "$desc" "exit $got, expected 1" "$(head -c 400 "$TMP/err")"
		fi
	}
	awk 'BEGIN { printf "RULE = always (A0"; for (i = 1; i < 33; i++) printf " or A%d", i; print ")" }' \
		> "$B/atoms33.ltl"
	check_ltlc "ltlc: 33 atoms" "$B/atoms33.ltl" \
		"^$B/atoms33.ltl: error: 33 atoms, more than the kernel's limit of 32 \\(RV_MAX_LTL_ATOM\\)$"
	echo 'RULE = (A0 until B0) and (A1 until B1) and (A2 until B2)' > "$B/states35.ltl"
	check_ltlc "ltlc: an automaton of 35 states" "$B/states35.ltl" \
		"^$B/states35.ltl: error: the automaton has 35 states, more than the kernel's limit of 32 \\(RV_MAX_BA_STATES\\)$"
else
	skip "ltlc limits" "no $LTLC"
fi
finish

#!/bin/sh
# rvreplay spec export under attack (issue 43, items 1 and 6): hostile
# rules and hostile kernel trees.
#
# Rule text never becomes kernel code: each hostile rule (a binding string
# holding "*/ ... /*", a description holding "*/" or a quote, a string
# ending in a backslash, a trigraph, a folder name holding "*/", a newline
# with "default y", control and non-ASCII bytes, an expression of several
# KiB, numbers over 2^63-1) is exported, then
#   (a) its C is compiled: with the 6.12 x86_64 tree's own command line
#       (gcc -Werror -fsyntax-only, as tests/kmod/rules/export_test.sh) when
#       that tree is built, else (or with EXPORT_ATTACK_STUBS=1) against
#       stub headers (below: what the C calls, declared; plain gcc -Werror
#       -fsyntax-only), which the output says;
#   (b) the C and the header read with their comments and string literals
#       taken out (a small scanner, after line splices): no word of the
#       attack (rvr_pwned) is left in the code; no "??" anywhere; every
#       byte printable ASCII;
#   (c) the Kconfig: its entry's lines as export writes them, every help
#       line indented, and, when the tree's scripts/kconfig/conf is there,
#       conf --alldefconfig leaves the monitor off (no injected default y).
# Export writes only where it should: --kernel "" is refused; a rule named
# as the kernel's (sco, opid, nomiss, sts, rtapp, sched, deadline, events)
# is refused; a folder or a model that is not an export's is not written
# over; a link in the monitor folder to a FIFO (with no reader: no hang;
# with one: nothing written into it), to /dev/null or to a file outside,
# and a monitor folder that is a link, are refused. Each refusal is exit 2,
# one line naming the file, nothing on stdout and the tree as it was. The
# files are written 0644 whatever the umask, and a second export over an
# export's folder works.
#
# usage: tests/hostile/export_attack_test.sh   (from the top of the tree;
#        RVREPLAY names the binary)

. tests/e2e/lib.sh
CASE_TIMEOUT=${CASE_TIMEOUT:-30}
guard_rvreplay
K=$TMP/k

# rule FILE NAME BINDING [DESCRIPTION]: a formula rule whose atom X is BINDING
rule() {
	mkdir -p "$(dirname "$1")"
	printf '%s\n' 'RULE = always (RT imply not X)' "#: monitor $2" \
		"#: description ${4:-an attack}" '#: RT = task.rt' "#: X = $3" > "$1"
}

# export_ok DESC RULE TREE: exported, exit 0
export_ok() {
	"$RVREPLAY" spec export "$2" --kernel "$3" > "$TMP/out" 2> "$TMP/err"
	rc=$?
	if [ $rc = 0 ]; then
		return 0
	fi
	not_ok "$1: exported" "exit $rc" "$(head -c 400 "$TMP/err")"
	return 1
}

# --- (a) compiling

# the tree if it is built: never built here, for make check builds it in
# the guests' lane beside this one (tests/check.sh)
tree=$(kmod/upstream/build-kernel.sh --built-tree x86_64 2> /dev/null) &&
	[ -f "$tree/kernel/trace/rv/monitors/pagefault/.pagefault.o.cmd" ] || tree=
[ -n "${EXPORT_ATTACK_STUBS:-}" ] && tree=
if [ -n "$tree" ]; then
	HOW="the 6.12 tree's gcc line, -Werror"
	gcc_line=$(sed -n 's/^savedcmd_[^ ]* := //p' \
		"$tree/kernel/trace/rv/monitors/pagefault/.pagefault.o.cmd" |
		sed 's/-Wp,-MMD,[^ ]* //; s/ -c -o .*//' |
		sed "s|-I kernel/trace/rv|-I $TMP/inc -I $K/kernel/trace/rv -I kernel/trace/rv|")
	mkdir -p "$TMP/inc"
else
	HOW="stub headers, gcc -Werror"
fi
# what an exported LTL monitor calls and reads of the kernel, declared
cat > "$TMP/stubs.h" <<'H'
#include <stdbool.h>
#include <string.h>
#define __init
#define __exit
#define static_assert _Static_assert
#define RV_MAX_LTL_ATOM 32
#define RV_MAX_BA_STATES 32
#define PF_KTHREAD 0x00200000
#define MAX_RT_PRIO 100
#define TASK_RUNNING 0
#define TASK_INTERRUPTIBLE 1
struct task_struct { int prio, pid; unsigned int flags; char comm[16]; unsigned long long start_time; };
struct pt_regs { unsigned long ip; };
struct ltl_monitor { unsigned long atoms[1], states[1]; };
struct rv_monitor { const char *name, *description; int (*enable)(void); void (*disable)(void); };
extern struct task_struct *current;
int rt_or_dl_task(struct task_struct *t);
int rt_task(struct task_struct *t);
int task_cpu(struct task_struct *t);
unsigned long long ktime_get_ns(void);
int in_hardirq(void);
int in_serving_softirq(void);
int in_nmi(void);
int smp_processor_id(void);
unsigned long instruction_pointer(struct pt_regs *regs);
void syscall_get_arguments(struct task_struct *t, struct pt_regs *regs, unsigned long *args);
struct ltl_monitor *ltl_get_monitor(struct task_struct *t);
void ltl_atom_set(struct ltl_monitor *mon, int atom, bool value);
void ltl_atom_update(struct task_struct *t, int atom, bool value);
void ltl_validate(struct task_struct *t, struct ltl_monitor *mon);
int test_bit(int bit, const unsigned long *bits);
void __set_bit(int bit, unsigned long *bits);
int ltl_monitor_init(void);
void ltl_monitor_destroy(void);
#define rv_attach_trace_probe(monitor, tp, handler) ((void)(handler))
#define rv_detach_trace_probe(monitor, tp, handler) ((void)(handler))
int rv_register_monitor(struct rv_monitor *m, void *parent);
void rv_unregister_monitor(struct rv_monitor *m);
#define module_init(fn) int (*module_init_fn)(void) = fn;
#define module_exit(fn) void (*module_exit_fn)(void) = fn;
#define MODULE_LICENSE(s) const char module_license[] = s;
#define MODULE_DESCRIPTION(s) const char module_description[] = s;
H

# compiles DESC NAME: the exported NAME.c builds
compiles() {
	src=$K/kernel/trace/rv/monitors/$2/$2.c
	upper=$(echo "$2" | tr a-z A-Z)
	if [ -n "$tree" ]; then
		# the tree's rv_trace.h, the rule's tracepoints among the LTL ones
		sed "s|^#include <monitors/sleep/sleep_trace.h>|&\n#include <monitors/$2/$2_trace.h>|" \
			"$tree/kernel/trace/rv/rv_trace.h" > "$TMP/inc/rv_trace.h"
		(cd "$tree" && eval "$gcc_line -Werror -fsyntax-only -DCONFIG_RV_MON_$upper \"$src\"") \
			> "$TMP/cc" 2>&1
	else
		rm -rf "$TMP/stubinc"
		sed -n 's/^#include <\(.*\)>$/\1/p' "$src" "${src%.c}.h" | while read -r h; do
			mkdir -p "$TMP/stubinc/$(dirname "$h")"
			: > "$TMP/stubinc/$h"
		done
		gcc -std=gnu11 -Wall -Wno-unused-function -Werror -fsyntax-only \
			-I "$TMP/stubinc" -include "$TMP/stubs.h" "$src" > "$TMP/cc" 2>&1
	fi
	if [ $? = 0 ]; then
		ok "$1: its C compiles ($HOW)"
	else
		not_ok "$1: its C compiles ($HOW)" "$(grep -m 3 -E 'error|warning' "$TMP/cc")"
	fi
}

# --- (b) reading the C

cat > "$TMP/code.py" <<'PY'
# The code of C files: line splices joined, comments and string and
# character literals taken out (an unterminated literal ends its line).
import sys
for path in sys.argv[1:]:
    s = open(path, encoding="latin-1").read().replace("\\\n", "")
    out, i, n = [], 0, len(s)
    while i < n:
        c = s[i]
        if s.startswith("/*", i):
            j = s.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif s.startswith("//", i):
            j = s.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            i += 1
            while i < n and s[i] != c and s[i] != "\n":
                i += 2 if s[i] == "\\" else 1
            i += 1
            out.append(" ")
        else:
            out.append(c)
            i += 1
    sys.stdout.write("".join(out))
PY

# code_clean DESC NAME: no word of the attack in the code of NAME.c and NAME.h
code_clean() {
	dir=$K/kernel/trace/rv/monitors/$2
	if ! python3 "$TMP/code.py" "$dir/$2.c" "$dir/$2.h" > "$TMP/code" 2>&1; then
		not_ok "$1: the attack only in comments and strings" "$(cat "$TMP/code")"
	elif grep -qi rvr_pwned "$TMP/code"; then
		not_ok "$1: the attack only in comments and strings" \
			"in the code: $(grep -i -m 2 rvr_pwned "$TMP/code")"
	elif grep -q '??' "$dir/$2.c" "$dir/$2.h"; then
		not_ok "$1: no trigraph" "$(grep -m 2 '??' "$dir/$2.c" "$dir/$2.h")"
	elif LC_ALL=C grep -q '[^[:print:]	]' "$dir/$2.c" "$dir/$2.h" "$dir/Kconfig" \
		"$dir/$2_trace.h"; then
		not_ok "$1: printable ASCII only" \
			"$(LC_ALL=C grep -n -m 2 '[^[:print:]	]' "$dir"/* | cat -v)"
	else
		ok "$1: the attack only in comments and strings, all printable"
	fi
}

# --- (c) reading the Kconfig

conf=
[ -n "$tree" ] && [ -x "$tree/scripts/kconfig/conf" ] && conf=$tree/scripts/kconfig/conf

# kconfig_clean DESC NAME: the entry as written, its help indented, off by default
kconfig_clean() {
	f=$K/kernel/trace/rv/monitors/$2/Kconfig
	upper=$(echo "$2" | tr a-z A-Z)
	# the lines before the help, then only indented help lines
	if ! awk -v sym="config RV_MON_$upper" '
		NR == 1 { ok = $0 == "# SPDX-License-Identifier: GPL-2.0-only" }
		NR == 2 { ok = ok && $0 == "#" }
		NR == 3 { ok = ok && $0 == sym }
		NR == 4 { ok = ok && $0 == "\tdepends on RV" }
		NR == 5 { ok = ok && $0 ~ /^\tselect [A-Z_]+$/ }
		NR == 6 { ok = ok && $0 ~ /^\tbool "[a-z_0-9]+ monitor"$/ }
		NR == 7 { ok = ok && $0 == "\thelp" }
		NR > 7 { ok = ok && ($0 == "" || $0 ~ /^\t  /) }
		END { exit !(ok && NR >= 8) }' "$f"; then
		not_ok "$1: Kconfig holds one entry, its help indented" "$(cat -A "$f" | head -12)"
		return
	fi
	if [ -z "$conf" ]; then
		ok "$1: Kconfig holds one entry, its help indented (no conf to run)"
		return
	fi
	printf '%s\n' 'mainmenu "t"' 'config RV' '	def_bool y' 'config RV_LTL_MONITOR' '	bool' \
		"source \"$f\"" > "$TMP/Kconfig.top"
	if ! (cd "$TMP" && srctree=$TMP KCONFIG_CONFIG=$TMP/cfg "$conf" --alldefconfig \
		"$TMP/Kconfig.top") > "$TMP/conf.out" 2>&1; then
		not_ok "$1: conf reads its Kconfig" "$(head -5 "$TMP/conf.out")"
	elif grep -q 'warning' "$TMP/conf.out"; then
		not_ok "$1: conf reads its Kconfig without a warning" "$(head -5 "$TMP/conf.out")"
	elif grep -q "^CONFIG_RV_MON_$upper=y" "$TMP/cfg"; then
		not_ok "$1: the monitor is off by default (no default y)" "$(grep RV_MON "$TMP/cfg")"
	else
		ok "$1: Kconfig holds one entry, its help indented; conf --alldefconfig leaves it off"
	fi
}

# attack DESC RULE NAME: exported, compiled, read
attack() {
	export_ok "$1" "$2" "$K" || return
	compiles "$1" "$3"
	code_clean "$1" "$3"
	kconfig_clean "$1" "$3"
}

echo "compiling with $HOW"

# a binding string closing the comment above its handler
rule "$TMP/r/comment.ltl" pwn_comment \
	'on sys_enter if task.comm == "a*/ rvr_pwned_binding(); /*"'
attack "a binding string holding */ ... /*" "$TMP/r/comment.ltl" pwn_comment

# a description closing the file's heading comment: a function at file scope
rule "$TMP/r/desc.ltl" pwn_desc 'on sys_enter' \
	'd */ static int __init rvr_pwned_init(void) { return 0; } late_initcall(rvr_pwned_init); /* e'
attack "a description holding */ (an initcall)" "$TMP/r/desc.ltl" pwn_desc

# a description ending the .description string
rule "$TMP/r/quote.ltl" pwn_quote 'on sys_enter' 'a" rvr_pwned_quote "b\'
attack "a description holding a quote and a backslash" "$TMP/r/quote.ltl" pwn_quote

# a string ending in a backslash: the next string would be code
rule "$TMP/r/backslash.ltl" pwn_backslash \
	'on sys_enter if task.comm == "a\" || task.comm == ") || rvr_pwned_backslash() || (0"'
attack "a string ending in a backslash" "$TMP/r/backslash.ltl" pwn_backslash

# trigraphs: ??/ is a backslash to a compiler that reads them
rule "$TMP/r/trigraph.ltl" pwn_trigraph \
	'on sys_enter if task.comm == "??/" || task.comm ^= "x??=??"' 'what ??/'
attack "a trigraph in a string, a comment and a description" "$TMP/r/trigraph.ltl" pwn_trigraph

# a folder name holding */: a declaration in both C files
d="$TMP/d*/ int rvr_pwned_path; /*"
rule "$d/p.ltl" pwn_path 'on sys_enter'
attack "a folder name holding */" "$d/p.ltl" pwn_path

# the same in an automaton's header (dotc writes it)
d="$TMP/dd*/ int rvr_pwned_dot; /*"
mkdir -p "$d"
sed 's/^#: monitor wwnr_rule$/#: monitor pwn_dot/' examples/specs/wwnr.dot > "$d/w.dot"
if export_ok "an automaton in a folder named with */" "$d/w.dot" "$K"; then
	code_clean "an automaton in a folder named with */" pwn_dot
	kconfig_clean "an automaton in a folder named with */" pwn_dot
fi

# a folder name holding newlines: default y in Kconfig
d=$(printf '%s/k\n\tdefault y\n\thelp\n\t  x' "$TMP")
rule "$d/p.ltl" pwn_newline 'on sys_enter'
attack "a folder name holding a newline and default y" "$d/p.ltl" pwn_newline

# control and non-ASCII bytes, a backslash before a newline, in a folder name
d=$(printf '%s/c\001\033[2J\303\251\\\nrvr_pwned_splice\\' "$TMP")
rule "$d/p.ltl" pwn_bytes 'on sys_enter'
attack "a folder name of control, escape, UTF-8 bytes and backslash-newline" "$d/p.ltl" pwn_bytes

# C longer than 1 KiB in one expression: whole, never cut
calls=$(yes read | head -200 | paste -sd, - | sed 's/,/, /g')
rule "$TMP/r/long.ltl" long_expr "on sys_enter if syscall in ($calls) && task.comm ^= \"$(yes x | head -200 | tr -d '\n')\""
if export_ok "an expression of several KiB" "$TMP/r/long.ltl" "$K"; then
	n=$(grep -o 'id == __NR_read' "$K/kernel/trace/rv/monitors/long_expr/long_expr.c" | wc -l)
	if [ "$n" = 200 ]; then
		ok "an expression of several KiB: all 200 comparisons written"
	else
		not_ok "an expression of several KiB: all 200 comparisons written" "$n written"
	fi
	compiles "an expression of several KiB" long_expr
fi

# numbers over LLONG_MAX: unsigned in C as in the replay (a decimal literal
# C cannot hold as long long is an error under -Werror, and compares signed)
rule "$TMP/r/big.ltl" big_literal 'on sys_enter if arg0 >= 0xffffffff80000000 || arg2 < 18446744073709551615'
if export_ok "numbers over 2^63-1" "$TMP/r/big.ltl" "$K"; then
	if grep -q '(args\[0\] >= 18446744071562067968ULL) || (args\[2\] < 18446744073709551615ULL)' \
		"$K/kernel/trace/rv/monitors/big_literal/big_literal.c"; then
		ok "numbers over 2^63-1: written unsigned (ULL)"
	else
		not_ok "numbers over 2^63-1: written unsigned (ULL)" \
			"$(grep -m1 'args\[0\]' "$K/kernel/trace/rv/monitors/big_literal/big_literal.c")"
	fi
	compiles "numbers over 2^63-1" big_literal
fi

# a system call named by a string that is no C name
rule "$TMP/r/sysstr.ltl" pwn_sysstr 'on sys_enter if syscall == "x) || rvr_pwned_nr("'
check_error "a system call named by a string that is no C name: refused with its place" \
	"spec export $TMP/r/sysstr.ltl --kernel $TMP/k-sysstr" \
	"sysstr.ltl:5:4: error: .* is no system call's name"
[ -e "$TMP/k-sysstr" ] && not_ok "a refused export writes nothing" "$(find "$TMP/k-sysstr")"

# --- where export writes

# tree_state DIR: every path, its type, mode and bytes
tree_state() {
	find "$1" -printf '%p %y %m %l\n' 2> /dev/null | sort
	find "$1" -type f -exec md5sum {} + 2> /dev/null | sort
}

# refused DESC TREE ARGS REGEX: exit 2, one line matching REGEX, the tree as it was
refused() {
	tree_state "$2" > "$TMP/before"
	check_error "$1" "$3" "$4"
	tree_state "$2" > "$TMP/after"
	if ! cmp -s "$TMP/before" "$TMP/after"; then
		not_ok "$1: the tree as it was" "$(diff "$TMP/before" "$TMP/after" | head -6)"
	fi
}

# --kernel "": the filesystem's root
rule "$TMP/r/root.ltl" rvr_attack_root 'on sys_enter'
had_tools='' had_kernel=''
[ -e /tools ] && had_tools=1
[ -e /kernel ] && had_kernel=1
check_error '--kernel "" refused' "spec export $TMP/r/root.ltl --kernel ''" \
	'--kernel: an empty folder name'
if [ -e /tools/verification/models/rvr_attack_root.ltl ] ||
   [ -e /kernel/trace/rv/monitors/rvr_attack_root ]; then
	not_ok '--kernel "": nothing written at /' "$(ls -d /tools/verification/models/rvr_attack_root.ltl /kernel/trace/rv/monitors/rvr_attack_root 2>&1)"
fi
# what a broken binary wrote there, removed again (only what it made)
rm -f /tools/verification/models/rvr_attack_root.ltl
rm -rf /kernel/trace/rv/monitors/rvr_attack_root
[ -z "$had_tools" ] && rmdir /tools/verification/models /tools/verification /tools 2> /dev/null
[ -z "$had_kernel" ] && rmdir /kernel/trace/rv/monitors /kernel/trace/rv /kernel/trace /kernel \
	2> /dev/null

# the kernel's own monitors, containers and symbols
KT=$TMP/kt
mkdir -p "$KT/kernel/trace/rv/monitors/sco" "$KT/tools/verification/models/sched"
echo '// the kernel own sco' > "$KT/kernel/trace/rv/monitors/sco/sco.c"
echo 'config RV_MON_SCO' > "$KT/kernel/trace/rv/monitors/sco/Kconfig"
echo 'digraph state_automaton {}' > "$KT/tools/verification/models/sched/sco.dot"
for name in sco opid nomiss sts rtapp sched deadline events Snroc; do
	rule "$TMP/r/$name.ltl" "$name" 'on sys_enter'
	refused "a rule named $name (the kernel's) refused" "$KT" \
		"spec export $TMP/r/$name.ltl --kernel $KT" \
		"$name.ltl:1:1: error: the kernel's RV \\(Linux 7.3\\) has a .* named $name"
done

# a monitor folder that is not an export's
FT=$TMP/ft
mkdir -p "$FT/kernel/trace/rv/monitors/mine" "$FT/kernel/trace/rv/monitors/mine2"
echo notes > "$FT/kernel/trace/rv/monitors/mine/notes.txt"
echo '// a person wrote this' > "$FT/kernel/trace/rv/monitors/mine2/mine2.c"
echo 'config RV_MON_MINE2' > "$FT/kernel/trace/rv/monitors/mine2/Kconfig"
rule "$TMP/r/mine.ltl" mine 'on sys_enter'
rule "$TMP/r/mine2.ltl" mine2 'on sys_enter'
refused "a monitor folder holding another file: refused" "$FT" \
	"spec export $TMP/r/mine.ltl --kernel $FT" "monitors/mine/notes.txt: a file an export does not write"
refused "a monitor folder whose C rvreplay did not write: refused" "$FT" \
	"spec export $TMP/r/mine2.ltl --kernel $FT" "monitors/mine2/mine2.c: not written by rvreplay"

# a model that is another's; the model that is the rule itself
mkdir -p "$FT/tools/verification/models"
echo 'RULE = always A' > "$FT/tools/verification/models/theirs.ltl"
rule "$TMP/r/theirs.ltl" theirs 'on sys_enter'
refused "a model there already, beside no export: refused (nothing made)" "$FT" \
	"spec export $TMP/r/theirs.ltl --kernel $FT" "models/theirs.ltl: there already"
rule "$FT/tools/verification/models/self.ltl" self 'on sys_enter'
chmod 600 "$FT/tools/verification/models/self.ltl"
before=$(stat -c '%i %a' "$FT/tools/verification/models/self.ltl")
if export_ok "the rule exported from its place in the tree" \
	"$FT/tools/verification/models/self.ltl" "$FT"; then
	after=$(stat -c '%i %a' "$FT/tools/verification/models/self.ltl")
	if [ "$before" = "$after" ]; then
		ok "the rule exported from its place in the tree: left as it is"
	else
		not_ok "the rule exported from its place in the tree: left as it is" "$before -> $after"
	fi
fi

# modes, whatever the umask; a second export over an export
ET=$TMP/et
rule "$TMP/r/mode.ltl" modes 'on sys_enter'
if (umask 077 && "$RVREPLAY" spec export "$TMP/r/mode.ltl" --kernel "$ET" > /dev/null 2>&1); then
	modes=$(stat -c '%a' "$ET/tools/verification/models/modes.ltl" \
		"$ET/kernel/trace/rv/monitors/modes/"* | sort -u | tr '\n' ' ')
	if [ "$modes" = "644 " ]; then
		ok "files written 0644 under umask 077"
	else
		not_ok "files written 0644 under umask 077" "modes: $modes"
	fi
else
	not_ok "files written 0644 under umask 077" "the export failed"
fi
check "a second export over an export's folder" "spec export $TMP/r/mode.ltl --kernel $ET" 0 \
	"^modes: exported to"
leftover=$(find "$ET" -name '*.tmp*')
if [ -z "$leftover" ]; then
	ok "no temporary file left"
else
	not_ok "no temporary file left" "$leftover"
fi

# a write failing midway (a full filesystem): one line, nothing left
mkdir "$TMP/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=8k tmpfs "$TMP/full" 2> /dev/null; then
	calls=$(yes read | head -400 | paste -sd, - | sed 's/,/, /g')
	rule "$TMP/r/big.ltl" big "on sys_enter if syscall in ($calls)"
	check_error "a full filesystem: refused" "spec export $TMP/r/big.ltl --kernel $TMP/full/k" \
		"monitors/big/big.c: No space left on device"
	left=$(find "$TMP/full" -mindepth 1)
	if [ -z "$left" ]; then
		ok "a full filesystem: nothing left of the export"
	else
		not_ok "a full filesystem: nothing left of the export" "$left"
	fi
	umount "$TMP/full"
else
	skip "a full filesystem" "not root, or no tmpfs mount"
fi

# links and special files in an export's folder
M=$ET/kernel/trace/rv/monitors/modes
mkfifo "$TMP/fifo" "$TMP/fifo2"
rm "$M/Kconfig" && ln -s "$TMP/fifo" "$M/Kconfig"
start=$(date +%s)
refused "a link to a FIFO (no reader) in the monitor folder: refused, no hang" "$ET" \
	"spec export $TMP/r/mode.ltl --kernel $ET" "monitors/modes/Kconfig: not a regular file"
took=$(($(date +%s) - start))
[ "$took" -lt "$(hang_guard 10)" ] || not_ok "a link to a FIFO: no hang" "$took s"
rm "$M/Kconfig" && ln -s "$TMP/fifo2" "$M/Kconfig"
cat "$TMP/fifo2" > "$TMP/through" &
reader=$!
refused "a link to a FIFO with a reader: refused" "$ET" \
	"spec export $TMP/r/mode.ltl --kernel $ET" "monitors/modes/Kconfig: not a regular file"
# the reader ends: a writer opens and closes the FIFO (bounded: it may have ended)
timeout 5 sh -c ": > '$TMP/fifo2'"
wait $reader 2> /dev/null
if [ -s "$TMP/through" ]; then
	not_ok "a link to a FIFO with a reader: nothing written through it" \
		"$(head -c 200 "$TMP/through")"
else
	ok "a link to a FIFO with a reader: nothing written through it"
fi
rm "$M/Kconfig" && ln -s /dev/null "$M/Kconfig"
refused "a link to a device (/dev/null) in the monitor folder: refused" "$ET" \
	"spec export $TMP/r/mode.ltl --kernel $ET" "monitors/modes/Kconfig: not a regular file"
echo victim > "$TMP/victim"
rm "$M/Kconfig" && ln -s "$TMP/victim" "$M/Kconfig"
refused "a link to a file outside the tree: refused" "$ET" \
	"spec export $TMP/r/mode.ltl --kernel $ET" "monitors/modes/Kconfig: not a regular file"
[ "$(cat "$TMP/victim")" = victim ] || not_ok "the file outside the tree: unchanged" "$(head -c 100 "$TMP/victim")"

# a monitor folder that is a link: nothing written where it points
LT=$TMP/lt
mkdir -p "$LT/kernel/trace/rv/monitors" "$TMP/elsewhere"
ln -s "$TMP/elsewhere" "$LT/kernel/trace/rv/monitors/linked"
rule "$TMP/r/linked.ltl" linked 'on sys_enter'
refused "a monitor folder that is a link: refused" "$LT" \
	"spec export $TMP/r/linked.ltl --kernel $LT" "monitors/linked: a symbolic link, not a folder"
[ -z "$(ls -A "$TMP/elsewhere")" ] || not_ok "nothing written where the link points" "$(ls "$TMP/elsewhere")"

finish

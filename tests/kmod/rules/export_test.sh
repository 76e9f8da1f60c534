#!/bin/sh
# rvreplay spec export, built: every example rule of examples/specs/ that is
# not a hybrid automaton is exported and its monitor compiled (-fsyntax-only,
# warnings as errors) with the very command line that built the kernel's own
# pagefault monitor in the 6.12 x86_64 tree with the upstream series
# (kmod/upstream/build-kernel.sh), against that tree's headers and a copy of
# its rv_trace.h that includes the rule's tracepoints as the printed lines
# say. The tree is only read. A hybrid automaton needs Linux 7.1's
# ha_monitor.h: exported, not compiled. A rule reading an event of no
# monitor (rt-not-moved.ltl) is refused: no handler is written for it.
#
# usage: tests/kmod/rules/export_test.sh RVREPLAY   (from the top of the tree)
. tests/e2e/lib.sh
RV=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

tree=$(kmod/upstream/build-kernel.sh --tree x86_64 2> "$TMP/build.err") ||
	skip_or_fail "export" "no 6.12 x86_64 tree: $(tail -1 "$TMP/build.err")"
cmdfile=$tree/kernel/trace/rv/monitors/pagefault/.pagefault.o.cmd
[ -f "$cmdfile" ] || skip_or_fail "export" "no $cmdfile"
# the command without its dependency file and its -c -o OUT IN; the copy of
# rv_trace.h found before the tree's (an -I before its -I kernel/trace/rv)
gcc_line=$(sed -n 's/^savedcmd_[^ ]* := //p' "$cmdfile" | sed 's/-Wp,-MMD,[^ ]* //; s/ -c -o .*//' |
	sed "s|-I kernel/trace/rv|-I $TMP/inc -I $TMP/k/kernel/trace/rv -I kernel/trace/rv|")

mkdir -p "$TMP/inc"
for f in examples/specs/*; do
	# an event of no monitor: its tracepoint's arguments are not its fields
	if [ "$f" = examples/specs/rt-not-moved.ltl ]; then
		out=$("$RV" spec export "$f" --kernel "$TMP/k" 2>&1)
		if [ $? = 2 ] && echo "$out" | grep -q 'reads sched:sched_migrate_task, an event of no monitor'; then
			ok "spec export refuses $f: $out"
		else
			not_ok "spec export refuses $f" "$out"
		fi
		continue
	fi
	out=$("$RV" spec export "$f" --kernel "$TMP/k" 2>&1) ||
		{ not_ok "export $f" "$out"; continue; }
	name=$(echo "$out" | sed -n '1s/: exported to .*//p')
	echo "$out" | grep -q "rv_trace.h: #include <monitors/$name/${name}_trace.h>" ||
		not_ok "export $f: the lines to add" "$out"
	case $f in *latency.dot|*stall.dot) continue ;; esac
	echo "$name" >> "$TMP/names"
done
# rv_trace.h with the rules' tracepoints, among the LTL ones (after sleep's),
# the per-task DA ones (wwnr's) and the per-CPU and global DA ones (wip's),
# but those the tree has built in already (kmod/upstream/rules/)
awk -v dir="$TMP/k/kernel/trace/rv/monitors" -v names="$(cat "$TMP/names" | tr '\n' ' ')" '
	FNR == NR { if ($0 ~ /^#include <monitors\//) built[$0] = 1; next }
	{ print }
	/#include <monitors\/(sleep\/sleep|wwnr\/wwnr|wip\/wip)_trace.h>/ {
		here = $0 ~ /sleep/ ? "ltl" : $0 ~ /wwnr/ ? "task" : "cpu"
		n = split(names, a, " ")
		for (i = 1; i <= n; i++) {
			h = dir "/" a[i] "/" a[i] ".c"
			kind = "ltl"
			while ((getline line < h) > 0)
				if (line ~ /^DECLARE_DA_MON_PER_TASK/) kind = "task"
				else if (line ~ /^DECLARE_DA_MON_/) kind = "cpu"
			close(h)
			line = sprintf("#include <monitors/%s/%s_trace.h>", a[i], a[i])
			if (kind == here && !(line in built))
				print line
		}
	}' "$tree/kernel/trace/rv/rv_trace.h" "$tree/kernel/trace/rv/rv_trace.h" > "$TMP/inc/rv_trace.h"
bad=0 n=0
while read -r name; do
	n=$((n + 1))
	upper=$(echo "$name" | tr a-z A-Z)
	src=$TMP/k/kernel/trace/rv/monitors/$name/$name.c
	# eval: the line quotes its -D values as make gave them to the shell
	if (cd "$tree" && eval "$gcc_line -Werror -fsyntax-only -DCONFIG_RV_MON_$upper \"$src\"") \
		> "$TMP/cc" 2>&1; then
		:
	else
		bad=$((bad + 1))
		not_ok "spec export: $name compiles in the 6.12 tree" "$(head -5 "$TMP/cc")"
	fi
done < "$TMP/names"
[ "$bad" = 0 ] && [ "$n" -gt 0 ] &&
	ok "spec export: $n example rules compile in the 6.12 tree with the upstream series (gcc -Werror, its own flags)"
finish

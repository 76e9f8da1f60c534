#!/bin/sh
# Adding a monitor is one folder (and its specification): in a copy of the
# tree, tests/e2e/toy/toy.c becomes monitors/toy/toy.c and toy.ltl
# models/toys/toy.ltl, and so do a deterministic automaton (toyda, from a
# .dot) and a hybrid one with a clock in ns and a parameter (toyha); 'make
# generate' then writes the automaton headers and the list of monitors,
# and nothing else changes. Their descriptors name their type, instance
# kind (per task) and a container of their own (toys), which -m selects
# and the default (rtapp) leaves out. The copy's rvreplay lists them with
# the events they need, replays a trace with them and finds violations;
# its kernel module compiles them too.
#
# usage: toy_monitor_test.sh   (from the top of the tree)

. tests/e2e/lib.sh
# the copy is built as a user would: not with the make flags of this run (BUILD, SAN)
unset MAKEFLAGS MFLAGS MAKELEVEL BUILD SAN

tree=$TMP/tree
mkdir -p "$tree"
tar --exclude=./build --exclude='./build-*' --exclude=./.git --exclude=./rvreplay \
	--exclude=./kmod/upstream -cf - . | tar -xf - -C "$tree"
# the example rule the guest kernels are built with: make generate writes it
mkdir -p "$tree/kmod/upstream"
cp -r kmod/upstream/rules "$tree/kmod/upstream/"
cp -r "$tree" "$TMP/before"
mkdir -p "$tree/models/toys"
for m in toy toyda toyha; do
	mkdir -p "$tree/monitors/$m"
	cp "tests/e2e/toy/$m.c" "$tree/monitors/$m/$m.c"
done
cp tests/e2e/toy/toy.ltl tests/e2e/toy/toyda.dot tests/e2e/toy/toyha.dot "$tree/models/toys/"

if make -C "$tree" -s generate > "$TMP/gen" 2>&1; then
	ok "make generate with a new monitor folder"
else
	not_ok "make generate with a new monitor folder" "$(tail -5 "$TMP/gen")"
fi

# what changed: the two files added, and what make generate writes
(cd "$TMP/before" && find . -type f | sort) > "$TMP/files.before"
(cd "$tree" && find . -path ./build -prune -o -type f -print | sort) > "$TMP/files.after"
added=$(comm -13 "$TMP/files.before" "$TMP/files.after" | tr '\n' ' ')
changed=$(cd "$tree" && comm -12 "$TMP/files.before" "$TMP/files.after" | while read -r f; do
	cmp -s "$f" "$TMP/before/$f" || printf '%s ' "$f"; done)
want_added="./models/toys/toy.ltl ./models/toys/toyda.dot ./models/toys/toyha.dot \
./monitors/toy/toy.c ./monitors/toy/toy.h ./monitors/toyda/toyda.c ./monitors/toyda/toyda.h \
./monitors/toyha/toyha.c ./monitors/toyha/toyha.h "
want_changed="./monitors/monitor_list.c ./monitors/monitor_list.mk "
if [ "$added" = "$want_added" ] && [ "$changed" = "$want_changed" ]; then
	ok "files touched: the folder, its spec, and the generated list"
else
	not_ok "files touched: the folder, its spec, and the generated list" \
		"added:   $added" "changed: $changed"
fi

if make -C "$tree" -s rvreplay > "$TMP/build" 2>&1; then
	ok "the copy builds with the toy monitor"
else
	not_ok "the copy builds with the toy monitor" "$(grep -E 'error|Error' "$TMP/build" | head -5)"
fi
if make -C "$tree" -s check-generated > "$TMP/fresh" 2>&1; then
	ok "the generated list and header are fresh"
else
	not_ok "the generated list and header are fresh" "$(tail -3 "$TMP/fresh")"
fi

RVREPLAY=$tree/rvreplay
check "list shows it" "list" 0 "^  toy: a real-time task must not make system calls"
check "list shows its spec" "list" 0 "RULE = always \\(RT imply not SYSCALL\\)"
check "its events follow from its handlers" "list" 0 \
	"required +raw_syscalls:sys_enter +the system calls judged"
check "its own container holds it" "list" 0 "^  toys: container of toy toyda toyha$"
check "list shows the DA toy's transitions" "list" 0 \
	"^      in_syscall +sys_exit +-> user$"
check "list shows the HA toy's invariant and parameter" "list" 0 \
	"parameter: limit_ns, default 1000000 \\(--param toyha.limit_ns=N\\)"
check "the DA toy replays" "-s -m toyda traces/cyclictest-rel.dat" 0 \
	"^Summary: 0 violations: toyda 0$"
check "the HA toy finds system calls longer than 1 ms" "-s -m toyha traces/cyclictest-rel.dat" 1 \
	"^Summary: [1-9][0-9]* violations: toyha [1-9]"
check "its parameter as the kernel's module parameter" \
	"-s -m toyha --param toyha.limit_ns=1000000000 traces/cyclictest-rel.dat" 0 \
	"^Summary: 0 violations: toyha 0$"
check "rtapp does not" "list" 0 "^  rtapp: container of pagefault sleep \(the default\)$"
check "replay with it alone" "-s -m toy traces/cyclictest-rel.dat" 1 \
	"^Summary: [1-9][0-9]* violations: toy [1-9]"
check "replay with its container" "-s -m toys traces/cyclictest-rel.dat" 1 \
	"^Summary: [1-9][0-9]* violations: toy [1-9][0-9]*, toyda 0, toyha [1-9][0-9]*$"
check "the default container leaves it out" "-s traces/cyclictest-rel.dat" 1 \
	"^Summary: [1-9][0-9]* violations: pagefault [0-9]+, sleep [0-9]+$"
check "its violations in words" "-m toy traces/cyclictest-rel.dat" 1 \
	"^toy violation: cyclictest pid [0-9]+"
check "check knows what it needs" "check -m toy traces/cyclictest-rel.dat" 0 \
	"ok +required raw_syscalls:sys_enter"

# the module compiles the same list, unchanged (kernel headers permitting)
if [ -d /lib/modules ] && ls /lib/modules/*/build > /dev/null 2>&1; then
	if make -C "$tree" -s kmod > "$TMP/kmod" 2>&1 && grep -q 'rvreplay.ko$' "$TMP/kmod" &&
	   [ -f "$tree/build/kmod/rvreplay/x86_64/monitors/toy/toy.o" ] &&
	   [ -f "$tree/build/kmod/rvreplay/x86_64/monitors/toyda/toyda.o" ] &&
	   [ -f "$tree/build/kmod/rvreplay/x86_64/monitors/toyha/toyha.o" ]; then
		ok "the kernel module compiles the toy monitors"
	else
		not_ok "the kernel module compiles the toy monitors" "$(tail -5 "$TMP/kmod")"
	fi
else
	skip "the kernel module compiles the toy monitors" "no kernel headers"
fi
finish

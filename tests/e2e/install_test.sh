#!/bin/sh
# make install, uninstall and kmod-install into temporary DESTDIRs, as a
# packager runs them: what lands where (prefix, bindir, mandir), the
# installed rvreplay run from there, the installed man pages read with
# man -l, the installed bash completion completing, and nothing left after
# uninstall. Run from the top of the tree; $RVREPLAY's folder is the BUILD.

. tests/e2e/lib.sh

TOP=$(pwd)
V=$(cat VERSION)
BUILD=$(dirname "$RVREPLAY")
PAGES1="rvreplay.1 rvreplay-list.1 rvreplay-check.1 rvreplay-record.1 rvreplay-diff.1 rvreplay-compare.1"

# mk TARGET VARS...: make in the tree, as a packager would, quietly
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP" BUILD="$BUILD" "$@" \
		> "$TMP/make.out" 2>&1
}

# exists DESC FILE...: every file is there
exists() {
	desc=$1
	shift
	for f in "$@"; do
		if [ ! -f "$f" ]; then
			not_ok "$desc" "missing: $f" "$(find "$D" -type f 2>/dev/null | head -20)"
			return
		fi
	done
	ok "$desc"
}

# empty DESC DIR: no file left under DIR
empty() {
	left=$(find "$2" -type f 2>/dev/null)
	if [ -z "$left" ]; then ok "$1"; else not_ok "$1" "left: $left"; fi
}

# ---- make install DESTDIR=... prefix=/usr

D=$TMP/dest
if mk install DESTDIR="$D" prefix=/usr; then
	ok "make install DESTDIR prefix=/usr"
else
	not_ok "make install DESTDIR prefix=/usr" "$(tail -20 "$TMP/make.out")"
fi
exists "the binary in bindir"		"$D/usr/bin/rvreplay"
exists "the man pages in mandir"	$(for p in $PAGES1; do echo "$D/usr/share/man/man1/$p"; done) \
					"$D/usr/share/man/man5/rvreplay-json.5"
exists "the bash completion"		"$D/usr/share/bash-completion/completions/rvreplay"
if [ -x "$D/usr/bin/rvreplay" ] && [ "$(stat -c %a "$D/usr/bin/rvreplay")" = 755 ] &&
   [ "$(stat -c %a "$D/usr/share/man/man1/rvreplay.1")" = 644 ]; then
	ok "modes 755 and 644"
else
	not_ok "modes 755 and 644" "$(ls -l "$D/usr/bin/rvreplay" "$D/usr/share/man/man1/rvreplay.1")"
fi
if [ -e "$D/usr/src" ]; then
	not_ok "no kernel module sources without kmod-install" "$(find "$D/usr/src" | head)"
else
	ok "no kernel module sources without kmod-install"
fi

# ---- the installed binary, from elsewhere

RVREPLAY=$D/usr/bin/rvreplay
cd "$TMP"
check "installed: version"		"-V"					0 "^rvreplay $V$"
check "installed: replay"		"$TOP/traces/mutex-nonpi.dat"		1 "^sleep violations: mutex_inversion pid 7039"
check "installed: list"			"list"					0 "sleep: "
check "installed: check"		"check $TOP/traces/cyclictest-abs.dat"	0 "^sleep can judge this trace"
cd "$TOP"

# ---- the installed man pages

if ! command -v man > /dev/null; then
	not_ok "man -l on the installed pages" "man is not installed (man-db, scripts/debian-packages)"
else
	for p in $PAGES1 rvreplay-json.5; do
		f=$(find "$D/usr/share/man" -name "$p")
		if [ -n "$f" ] && MANWIDTH=80 man -l "$f" > "$TMP/man.out" 2> "$TMP/man.err" &&
		   grep -q "^NAME" "$TMP/man.out" && grep -q "rvreplay $V" "$TMP/man.out" &&
		   [ ! -s "$TMP/man.err" ]; then
			ok "man -l $p"
		else
			not_ok "man -l $p" "$(head -c 300 "$TMP/man.err")" "$(head -5 "$TMP/man.out")"
		fi
	done
fi

# ---- the installed completion, with the installed binary on PATH

# complete EXPECTED WORDS...: the completion of the last word holds EXPECTED
complete_test() {
	want=$1
	shift
	got=$(cd "$TOP" && PATH=$D/usr/bin:$PATH bash -c '
		. "$1"
		shift
		complete -p rvreplay > /dev/null || exit 3
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_rvreplay
		printf "%s\n" "${COMPREPLY[@]}"' complete \
		"$D/usr/share/bash-completion/completions/rvreplay" rvreplay "$@")
	if printf '%s\n' "$got" | grep -qx -- "$want"; then
		ok "completion: rvreplay $* -> $want"
	else
		not_ok "completion: rvreplay $* -> $want" "got: $(echo $got)"
	fi
}

if ! command -v bash > /dev/null; then
	skip "completion" "no bash"
else
	complete_test check	ch
	complete_test record	rec
	complete_test --monitor	--mon
	complete_test --json	--js
	complete_test sleep	-m ""
	complete_test pagefault	check --monitor p
	complete_test 7.3	--profile 7
	complete_test always	--color = al
	complete_test fail	--lost-events = f
	complete_test --no-kallsyms	record --no
	complete_test --buffer	check --buf
	complete_test traces/mutex-nonpi.dat	traces/mutex-n
	complete_test traces	check trac
	complete_test chrt	record -o x.dat -- chr
fi

# ---- make uninstall

if mk uninstall DESTDIR="$D" prefix=/usr; then
	ok "make uninstall"
else
	not_ok "make uninstall" "$(tail -20 "$TMP/make.out")"
fi
empty "nothing left after uninstall" "$D"

# ---- the default prefix is /usr/local; bindir and mandir win

D=$TMP/default
mk install DESTDIR="$D"
exists "prefix defaults to /usr/local"	"$D/usr/local/bin/rvreplay" \
					"$D/usr/local/share/man/man1/rvreplay.1" \
					"$D/usr/local/share/bash-completion/completions/rvreplay"
mk uninstall DESTDIR="$D"
empty "uninstall from /usr/local" "$D"

D=$TMP/dirs
mk install DESTDIR="$D" prefix=/usr bindir=/opt/rv/bin mandir=/opt/rv/man
exists "bindir and mandir honoured"	"$D/opt/rv/bin/rvreplay" "$D/opt/rv/man/man1/rvreplay.1" \
					"$D/opt/rv/man/man5/rvreplay-json.5"
if [ -e "$D/usr/bin/rvreplay" ] || [ -e "$D/usr/share/man/man1/rvreplay.1" ]; then
	not_ok "nothing in the default places then" "$(find "$D" -type f)"
else
	ok "nothing in the default places then"
fi
mk uninstall DESTDIR="$D" prefix=/usr bindir=/opt/rv/bin mandir=/opt/rv/man
empty "uninstall with the same bindir and mandir" "$D"

# ---- make kmod-install: the module's sources, with the monitors it shares

D=$TMP/kmod
S=$D/usr/src/rvreplay-$V
if mk kmod-install DESTDIR="$D" prefix=/usr; then
	ok "make kmod-install"
else
	not_ok "make kmod-install" "$(tail -20 "$TMP/make.out")"
fi
exists "the monitors' sources with the module's"	"$S/monitors/monitor.c" "$S/monitors/monitor.h"
if [ -e "$D/usr/bin" ] || [ -e "$S/kmod/qemu" ] || [ -n "$(find "$D" -name '*.o' -o -name '*.ko')" ]; then
	not_ok "only sources: no binary, no test guests, no build products" "$(find "$D" | head -20)"
else
	ok "only sources: no binary, no test guests, no build products"
fi
mk uninstall DESTDIR="$D" prefix=/usr
empty "uninstall removes the module's sources" "$D"

finish

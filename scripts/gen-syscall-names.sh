#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Generate engine/syscall_names.c: system call names by number for the
# architectures rvreplay replays, from the kernel UAPI headers installed by
# linux-libc-dev (amd64).
#
#   scripts/gen-syscall-names.sh [OUTPUT]
#
# OUTPUT defaults to engine/syscall_names.c. UAPI_INCLUDE (default
# /usr/include) and X86_ASM (default $UAPI_INCLUDE/x86_64-linux-gnu/asm)
# say where the headers are. The output depends on the headers only.
#
# x86_64 and i386 come from the flat unistd_64.h and unistd_32.h. arm64,
# riscv64 and riscv32 share asm-generic/unistd.h, whose #if blocks are
# evaluated here with each architecture's word size and __ARCH_WANT_*
# macros (those of its arch/*/include/uapi/asm/unistd.h), so riscv32 gets
# fcntl64, llseek, ... and none of the time32 calls.
set -eu
LC_ALL=C
export LC_ALL

here=$(dirname "$0")
out=${1:-$here/../engine/syscall_names.c}
inc=${UAPI_INCLUDE:-/usr/include}
x86=${X86_ASM:-$inc/x86_64-linux-gnu/asm}
generic=$inc/asm-generic/unistd.h
version=$inc/linux/version.h

# The __ARCH_WANT_* of arch/<arch>/include/uapi/asm/unistd.h.
ARM64_WANT="__ARCH_WANT_RENAMEAT __ARCH_WANT_NEW_STAT __ARCH_WANT_SET_GET_RLIMIT
__ARCH_WANT_TIME32_SYSCALLS __ARCH_WANT_SYS_CLONE3 __ARCH_WANT_MEMFD_SECRET"
RISCV64_WANT="__ARCH_WANT_NEW_STAT __ARCH_WANT_SET_GET_RLIMIT
__ARCH_WANT_SYS_CLONE3 __ARCH_WANT_MEMFD_SECRET"
RISCV32_WANT="__ARCH_WANT_SYS_CLONE3 __ARCH_WANT_MEMFD_SECRET"

# riscv's own calls, as offsets from __NR_arch_specific_syscall; the amd64
# linux-libc-dev does not ship riscv's asm/unistd.h.
RISCV_OWN="riscv_hwprobe:14 riscv_flush_icache:15"

# Calls newer than linux-libc-dev 6.1, numbered alike on all five
# architectures (scripts/syscall.tbl, arch/x86/entry/syscalls/*.tbl).
# Used only where the headers leave the number free.
NEWER="451 cachestat
452 fchmodat2
453 map_shadow_stack
454 futex_wake
455 futex_wait
456 futex_requeue
457 statmount
458 listmount
459 lsm_get_self_attr
460 lsm_set_self_attr
461 lsm_list_modules
462 mseal"

die() {
	echo "gen-syscall-names: $*" >&2
	exit 1
}

for h in "$x86/unistd_64.h" "$x86/unistd_32.h" "$generic" "$version"; do
	[ -r "$h" ] || die "$h: not found (install linux-libc-dev:amd64)"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Flat header: "#define __NR_name number" lines, printed as "number name".
flat_table() {
	awk '
	/^#define __NR_/ {
		if ($3 !~ /^[0-9]+$/) {
			printf "%s:%d: not a number: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
			bad = 1
			exit 1
		}
		print $3, substr($2, 6)
	}
	END { exit bad }
	' "$1"
}

# asm-generic/unistd.h for one architecture: bits = __BITS_PER_LONG, want =
# the macros it defines, own = "name:offset" arch calls. Prints "number name".
generic_table() {
	awk -v bits="$1" -v want="$2" -v own="$3" '
	function die(msg) {
		printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
		bad = 1
		exit 1
	}

	function expect(t) {
		if (tok[pos] != t)
			die("expected " t " in #if")
		pos++
	}

	function value(t) {
		if (t ~ /^[0-9]+$/)
			return t + 0
		if (t == "__BITS_PER_LONG")
			return bits + 0
		if (t !~ /^[A-Za-z_][A-Za-z0-9_]*$/)
			die("unsupported token \"" t "\" in #if")
		if (t in defined)
			die("value of " t " unknown")
		return 0
	}

	function unary(   v, name) {
		if (tok[pos] == "!") {
			pos++
			return !unary()
		}
		if (tok[pos] == "(") {
			pos++
			v = or_expr()
			expect(")")
			return v
		}
		if (tok[pos] == "defined") {
			pos++
			if (tok[pos] == "(") {
				pos++
				name = tok[pos++]
				expect(")")
			} else {
				name = tok[pos++]
			}
			return name in defined
		}
		v = value(tok[pos++])
		if (tok[pos] == "==") {
			pos++
			return v == value(tok[pos++])
		}
		if (tok[pos] == "!=") {
			pos++
			return v != value(tok[pos++])
		}
		return v != 0
	}

	function and_expr(   v, w) {
		v = unary()
		while (tok[pos] == "&&") {
			pos++
			w = unary()
			v = v && w
		}
		return v
	}

	function or_expr(   v, w) {
		v = and_expr()
		while (tok[pos] == "||") {
			pos++
			w = and_expr()
			v = v || w
		}
		return v
	}

	function eval(s,   v) {
		gsub(/!=/, "\001", s)
		gsub(/!/, " ! ", s)
		gsub(/\001/, " != ", s)
		gsub(/==/, " == ", s)
		gsub(/\|\|/, " || ", s)
		gsub(/&&/, " \\&\\& ", s)
		gsub(/[()]/, " & ", s)
		split("", tok)
		ntok = split(s, tok, " ")
		pos = 1
		v = or_expr()
		if (pos != ntok + 1)
			die("trailing tokens in #if")
		return v
	}

	function push(cond) {
		depth++
		outer[depth] = active
		taken[depth] = cond
		active = active && cond
	}

	function emit(nr, name) {
		if (nr in by_nr)
			die("number " nr " is both " by_nr[nr] " and " name)
		by_nr[nr] = name
		print nr, name
	}

	function define(name, val) {
		defined[name] = 1
		if (name ~ /^__NR3264_/) {
			nr3264[name] = val
		} else if (name == "__NR_arch_specific_syscall") {
			arch_base = val
		} else if (name ~ /^__NR_/ && name != "__NR_syscalls") {
			if (val ~ /^__NR3264_/) {
				if (!(val in nr3264))
					die(val " undefined")
				val = nr3264[val]
			}
			if (val !~ /^[0-9]+$/)
				die("not a number: " val)
			emit(val + 0, substr(name, 6))
		}
	}

	function directive(line,   w, rest) {
		sub(/^[ \t]*#[ \t]*/, "", line)
		w = line
		sub(/[ \t(].*/, "", w)
		rest = substr(line, length(w) + 1)
		if (w == "if") {
			push(eval(rest))
		} else if (w == "ifdef" || w == "ifndef") {
			gsub(/[ \t]/, "", rest)
			push((rest in defined) == (w == "ifdef"))
		} else if (w == "elif") {
			if (!depth)
				die("#elif without #if")
			rest = eval(rest)
			active = outer[depth] && !taken[depth] && rest
			taken[depth] = taken[depth] || rest
		} else if (w == "else") {
			if (!depth)
				die("#else without #if")
			active = outer[depth] && !taken[depth]
			taken[depth] = 1
		} else if (w == "endif") {
			if (!depth)
				die("#endif without #if")
			active = outer[depth--]
		} else if (!active) {
			return
		} else if (w == "define") {
			sub(/^[ \t]+/, "", rest)
			split(rest, f, /[ \t]+/)
			sub(/\(.*/, "", f[1])
			define(f[1], f[2])
		} else if (w == "undef") {
			gsub(/[ \t]/, "", rest)
			delete defined[rest]
		} else if (w != "include") {
			die("unsupported #" w)
		}
	}

	BEGIN {
		n = split(want, f, /[ \t\n]+/)
		for (i = 1; i <= n; i++)
			if (f[i] != "")
				defined[f[i]] = 1
		active = 1
	}

	{
		line = $0
		while (line ~ /\\$/ && (getline next_line) > 0)
			line = substr(line, 1, length(line) - 1) next_line
		if (in_comment) {
			if (!sub(/^.*\*\//, "", line))
				next
			in_comment = 0
		}
		gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
		if (sub(/\/\*.*/, "", line))
			in_comment = 1
		if (line ~ /^[ \t]*#/)
			directive(line)
	}

	END {
		if (bad)
			exit 1
		if (depth)
			die("unterminated #if")
		n = split(own, f, " ")
		if (n && arch_base == "")
			die("no __NR_arch_specific_syscall")
		for (i = 1; i <= n; i++) {
			split(f[i], p, ":")
			emit(arch_base + p[2], p[1])
		}
	}
	' "$generic"
}

# Add the newer calls where a table leaves both number and name free.
with_newer() {
	{ cat "$1"; printf '%s\n' "$NEWER"; } | awk '
	!($1 in nr) && !($2 in name) { nr[$1] = 1; name[$2] = 1; print }
	'
}

# The C arrays of one table: names by number, numbers sorted by name.
c_table() {
	printf 'static const char *const %s_names[] = {\n' "$1"
	sort -n "$2" | awk '{ printf "\t[%d] = \"%s\",\n", $1, $2 }'
	printf '};\n\n'
	printf 'static const unsigned short %s_by_name[] = {\n' "$1"
	sort -k2,2 "$2" | awk '{ printf "\t%d,\t/* %s */\n", $1, $2 }'
	printf '};\n\n'
}

# The syscall_tables[] entry of one table.
c_entry() {
	sort -n "$3" | awk -v arch="$1" -v id="$2" '
	$1 > 65535 { print "number too large: " $0 > "/dev/stderr"; exit 1 }
	{ max = $1; n++ }
	END {
		if (!n) {
			print "empty table for " arch > "/dev/stderr"
			exit 1
		}
		printf "\t{ \"%s\", %s_names, %s_by_name, %d, %d },\n", \
			arch, id, id, max + 1, n
	}'
}

flat_table "$x86/unistd_64.h" > "$tmp/x86_64.h"
flat_table "$x86/unistd_32.h" > "$tmp/i386.h"
generic_table 64 "$ARM64_WANT" "" > "$tmp/arm64.h"
generic_table 64 "$RISCV64_WANT" "$RISCV_OWN" > "$tmp/riscv64.h"
generic_table 32 "$RISCV32_WANT" "$RISCV_OWN" > "$tmp/riscv32.h"

archs="x86_64 i386 arm64 riscv64 riscv32"
for a in $archs; do
	with_newer "$tmp/$a.h" > "$tmp/$a"
done

kver=$(awk '$2 == "LINUX_VERSION_CODE" {
	printf "%d.%d.%d", int($3 / 65536), int($3 / 256) % 256, $3 % 256
}' "$version")

{
	cat <<EOF
// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generated by scripts/gen-syscall-names.sh: do not edit, run the script.
 *
 * System call names by number, from the UAPI headers of Linux $kver
 * (linux-libc-dev):
 *   x86_64   x86_64-linux-gnu/asm/unistd_64.h
 *   i386     x86_64-linux-gnu/asm/unistd_32.h
 *   arm64    asm-generic/unistd.h, 64-bit, arm64's __ARCH_WANT_*
 *   riscv64  asm-generic/unistd.h, 64-bit, riscv's __ARCH_WANT_*
 *   riscv32  asm-generic/unistd.h, 32-bit, riscv's __ARCH_WANT_*
 * riscv64 and riscv32 add riscv_hwprobe and riscv_flush_icache
 * (__NR_arch_specific_syscall + 14, + 15). Numbers 451 to 462, the same on
 * all five, are filled in where the headers predate them.
 */
#include "syscall_names.h"

EOF
	for a in $archs; do
		c_table "$a" "$tmp/$a"
	done
	printf 'const struct syscall_table syscall_tables[] = {\n'
	for a in $archs; do
		c_entry "$a" "$a" "$tmp/$a"
	done
	printf '\t{ 0 },\n};\n'
} > "$tmp/out.c"

mv "$tmp/out.c" "$out"

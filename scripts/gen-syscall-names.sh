#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Generate engine/syscall_names.c: system call names by number for the
# architectures rvreplay replays, from the kernel's own system call tables
# (the .tbl files its build turns into asm/unistd.h) in Debian's
# linux-source-6.12.
#
#   scripts/gen-syscall-names.sh [OUTPUT]
#
# OUTPUT defaults to engine/syscall_names.c. LINUX_SOURCE_TARBALL (default
# /usr/src/linux-source-6.12.tar.xz, as kmod/upstream/build-kernel.sh) is
# the source read, or LINUX_SOURCE_TREE an extracted tree. The output
# depends on the tables only: a stable update of the source that keeps
# them keeps the output.
#
# Each table takes the ABIs its kernel's build takes for the native
# 64-bit (or 32-bit) unistd.h: x86's from arch/x86/entry/syscalls/Makefile,
# arm's (EABI) from arch/arm/tools/Makefile, powerpc's and s390's from
# their arch/*/kernel/syscalls/Makefile, arm64's and riscv's from
# scripts/Makefile.asm-headers plus their arch/*/kernel/Makefile.syscalls.
set -eu
LC_ALL=C
export LC_ALL

here=$(dirname "$0")
out=${1:-$here/../engine/syscall_names.c}
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
tree=${LINUX_SOURCE_TREE:-}

X86_64_TBL=arch/x86/entry/syscalls/syscall_64.tbl
I386_TBL=arch/x86/entry/syscalls/syscall_32.tbl
ARM64_TBL=arch/arm64/tools/syscall_64.tbl
ARM64_ABIS=arch/arm64/kernel/Makefile.syscalls
GENERIC_TBL=scripts/syscall.tbl
RISCV_ABIS=arch/riscv/kernel/Makefile.syscalls
ARM_TBL=arch/arm/tools/syscall.tbl
PPC_TBL=arch/powerpc/kernel/syscalls/syscall.tbl
S390_TBL=arch/s390/kernel/syscalls/syscall.tbl
INPUTS="Makefile $X86_64_TBL $I386_TBL $ARM64_TBL $ARM64_ABIS $GENERIC_TBL $RISCV_ABIS
$ARM_TBL $PPC_TBL $S390_TBL"

die() {
	echo "gen-syscall-names: $*" >&2
	exit 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The input files, from the tree or out of the tarball (its top folder off).
if [ -z "$tree" ]; then
	[ -r "$tarball" ] || die "$tarball: not found (apt-get install linux-source-6.12)"
	tree=$tmp/src
	mkdir "$tree"
	members=""
	for f in $INPUTS; do
		members="$members */$f"
	done
	# shellcheck disable=SC2086 # the members are patterns for tar
	tar -xJf "$tarball" -C "$tree" --strip-components=1 --wildcards $members ||
		die "$tarball: cannot extract the system call tables"
fi
for f in $INPUTS; do
	[ -r "$tree/$f" ] || die "$tree/$f: not found"
done

# The ABIs of a build: "common,BITS" (scripts/Makefile.asm-headers) and the
# syscall_abis_BITS a Makefile.syscalls adds.
build_abis() {
	awk -v bits="$2" '
	$1 == "syscall_abis_" bits && $2 == "+=" {
		for (i = 3; i <= NF; i++)
			abis = abis "," $i
	}
	END { print "common," bits abis }
	' "$1"
}

# The calls of some ABIs (comma-separated) of a .tbl file, as "number name":
# every line of those ABIs, as the kernel's unistd.h has it.
tbl_table() {
	awk -v abis="$2" '
	function die(msg) {
		printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
		bad = 1
		exit 1
	}

	BEGIN {
		n = split(abis, f, ",")
		for (i = 1; i <= n; i++)
			want[f[i]] = 1
	}

	/^[ \t]*(#|$)/ { next }
	$1 !~ /^[0-9]+$/ || NF < 3 { die("not a system call: " $0) }
	!($2 in want) { next }
	{
		if ($1 in by_nr)
			die("number " $1 " is both " by_nr[$1] " and " $3)
		if ($3 in by_name)
			die($3 " is both " by_name[$3] " and " $1)
		by_nr[$1] = $3
		by_name[$3] = $1
		print $1, $3
	}
	END { exit bad }
	' "$1"
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

# One table: its name, .tbl file and ABIs; noted for the header comment.
table() {
	tbl_table "$tree/$2" "$3" > "$tmp/$1"
	printf ' *   %-8s %s: %s\n' "$1" "$2" "$(echo "$3" | sed 's/,/, /g')" >> "$tmp/sources"
}

: > "$tmp/sources"
table x86_64 "$X86_64_TBL" common,64
table i386 "$I386_TBL" i386
table arm64 "$ARM64_TBL" "$(build_abis "$tree/$ARM64_ABIS" 64)"
table riscv64 "$GENERIC_TBL" "$(build_abis "$tree/$RISCV_ABIS" 64)"
table riscv32 "$GENERIC_TBL" "$(build_abis "$tree/$RISCV_ABIS" 32)"
table arm "$ARM_TBL" common,eabi
table ppc64 "$PPC_TBL" common,nospu,64
table s390x "$S390_TBL" common,64
archs="x86_64 i386 arm64 riscv64 riscv32 arm ppc64 s390x"

kver=$(awk '$1 == "VERSION" { v = $3 } $1 == "PATCHLEVEL" { p = $3 }
	END { if (v != "" && p != "") print v "." p }' "$tree/Makefile")
[ -n "$kver" ] || die "$tree/Makefile: no VERSION and PATCHLEVEL"

{
	cat <<EOF
// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generated by scripts/gen-syscall-names.sh: do not edit, run the script.
 *
 * System call names by number, from the system call tables of Linux $kver
 * (Debian's linux-source-$kver), each with the ABIs of its native build:
EOF
	cat "$tmp/sources"
	cat <<EOF
 * arm64's ABIs are its arch/arm64/kernel/Makefile.syscalls', riscv's its
 * arch/riscv/kernel/Makefile.syscalls' (after common and the word size).
 * arm is EABI: its OABI-only calls are left out. ppc64 serves ppc64 and
 * ppc64le (one table), s390x the 64-bit calls of s390.
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

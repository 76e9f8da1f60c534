/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System call names and numbers of the architectures a trace can come
 * from: x86_64, i386, arm64, riscv64, riscv32. The tables are generated
 * into syscall_names.c by scripts/gen-syscall-names.sh; the lookups are in
 * syscall_decode.c.
 *
 * An architecture is named as uname -m or Debian says it: "x86_64" or
 * "amd64"; "i386", "i486", "i586", "i686" or "x86"; "arm64" or "aarch64";
 * "riscv64"; "riscv32". Case does not matter.
 */
#ifndef SYSCALL_NAMES_H
#define SYSCALL_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* One architecture's table, as generated. */
struct syscall_table {
	const char		*arch;		/* canonical name */
	const char *const	*names;		/* by number, NULL in holes */
	const unsigned short	*by_name;	/* numbers, sorted by name */
	unsigned int		nr_slots;	/* entries of names */
	unsigned int		nr_names;	/* entries of by_name */
};

/* Ends with an entry whose arch is NULL. */
extern const struct syscall_table syscall_tables[];

bool syscall_arch_known(const char *arch);
const char *syscall_arch_canonical(const char *arch);
const char *syscall_name(const char *arch, long nr);
long syscall_number(const char *arch, const char *name);

#endif /* SYSCALL_NAMES_H */

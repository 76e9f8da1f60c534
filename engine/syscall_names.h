/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System call names and numbers of the architectures a trace can come
 * from: x86_64, i386, arm64, riscv64, riscv32, arm (EABI), ppc64 (and
 * ppc64le) and s390x. The tables are generated into syscall_names.c by
 * scripts/gen-syscall-names.sh from the kernel's system call tables; the
 * lookups are in arch.c.
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

#endif /* SYSCALL_NAMES_H */

/* SPDX-License-Identifier: GPL-2.0-only */
#include <string.h>

#include "arch.h"
#include "syscall_names.h"

/**
 * arch_syscalls() - the monitors' system call numbers of an architecture
 * @name: an architecture or uname machine name ("x86_64", "aarch64", ...)
 *
 * Return: the table, or NULL when the architecture is not supported.
 */
const struct rv_syscalls *arch_syscalls(const char *name)
{
	const char *arch = name ? syscall_arch_canonical(name) : NULL;

	for (int i = 0; arch && rv_syscall_tables[i]; i++)
		if (!strcmp(rv_syscall_tables[i]->arch, arch))
			return rv_syscall_tables[i];
	return NULL;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace's architecture: its names, its system calls by number and by
 * name over the tables generated into syscall_names.c, and the numbers of
 * the calls the monitors look at, taken from those same tables.
 */
#include <string.h>
#include <strings.h>

#include "arch.h"
#include "syscall_names.h"

#define SYSCALL_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const struct {
	const char	*alias;
	const char	*arch;
} arch_aliases[] = {
	{ "x86_64",	"x86_64" },
	{ "amd64",	"x86_64" },
	{ "i386",	"i386" },
	{ "i486",	"i386" },
	{ "i586",	"i386" },
	{ "i686",	"i386" },
	{ "x86",	"i386" },
	{ "arm64",	"arm64" },
	{ "aarch64",	"arm64" },
	{ "riscv64",	"riscv64" },
	{ "riscv32",	"riscv32" },
};

/**
 * syscall_arch_canonical - the table name of an architecture
 * @arch: an architecture name or alias, may be NULL
 *
 * Return: "x86_64", "i386", "arm64", "riscv64" or "riscv32"; NULL when
 * @arch is none of the supported architectures.
 */
const char *syscall_arch_canonical(const char *arch)
{
	size_t i;

	if (!arch)
		return NULL;
	for (i = 0; i < SYSCALL_ARRAY_SIZE(arch_aliases); i++)
		if (!strcasecmp(arch, arch_aliases[i].alias))
			return arch_aliases[i].arch;
	return NULL;
}

static const struct syscall_table *syscall_table_of(const char *arch)
{
	const char *canonical = syscall_arch_canonical(arch);
	const struct syscall_table *t;

	if (!canonical)
		return NULL;
	for (t = syscall_tables; t->arch; t++)
		if (!strcmp(t->arch, canonical))
			return t;
	return NULL;
}

/**
 * syscall_arch_known - whether system calls of an architecture have names
 * @arch: an architecture name or alias, may be NULL
 *
 * Return: true for x86_64, i386, arm64, riscv64, riscv32 and their aliases.
 */
bool syscall_arch_known(const char *arch)
{
	return syscall_table_of(arch) != NULL;
}

/**
 * syscall_name - the name of a system call number
 * @arch: an architecture name or alias
 * @nr: the number, any value
 *
 * Return: the name without sys_ prefix, e.g. "clock_nanosleep"; NULL when
 * @arch is unknown or has no call @nr.
 */
const char *syscall_name(const char *arch, long nr)
{
	const struct syscall_table *t = syscall_table_of(arch);

	if (!t || nr < 0 || (unsigned long)nr >= t->nr_slots)
		return NULL;
	return t->names[nr];
}

/**
 * syscall_number - the number of a system call name
 * @arch: an architecture name or alias
 * @name: the name without sys_ prefix, e.g. "futex_time64"
 *
 * Return: the number; -1 when @arch is unknown or has no call @name.
 */
long syscall_number(const char *arch, const char *name)
{
	const struct syscall_table *t = syscall_table_of(arch);
	size_t lo = 0, hi, mid;
	int cmp;

	if (!t || !name)
		return -1;
	hi = t->nr_names;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		cmp = strcmp(name, t->names[t->by_name[mid]]);
		if (!cmp)
			return t->by_name[mid];
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/* The monitors' numbers of each architecture, filled from its table once. */
static struct rv_syscalls monitor_numbers[SYSCALL_ARRAY_SIZE(arch_aliases)];

static void fill(struct rv_syscalls *s, const char *arch)
{
	s->arch = arch;
	s->clock_nanosleep = syscall_number(arch, "clock_nanosleep");
	s->clock_nanosleep_time64 = syscall_number(arch, "clock_nanosleep_time64");
	s->futex = syscall_number(arch, "futex");
	s->futex_time64 = syscall_number(arch, "futex_time64");
	s->sched_setscheduler = syscall_number(arch, "sched_setscheduler");
	s->epoll_wait = syscall_number(arch, "epoll_wait");
}

/**
 * arch_syscalls() - the monitors' system call numbers of an architecture
 * @name: an architecture or uname machine name ("x86_64", "aarch64", ...)
 *
 * Return: the numbers, or NULL when the architecture is not supported.
 */
const struct rv_syscalls *arch_syscalls(const char *name)
{
	const char *arch = syscall_arch_canonical(name);
	size_t i;

	if (!arch)
		return NULL;
	for (i = 0; i < SYSCALL_ARRAY_SIZE(monitor_numbers); i++) {
		if (!monitor_numbers[i].arch) {
			fill(&monitor_numbers[i], arch);
			return &monitor_numbers[i];
		}
		if (!strcmp(monitor_numbers[i].arch, arch))
			return &monitor_numbers[i];
	}
	return NULL;
}

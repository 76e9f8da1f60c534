// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace's architecture: its names, its system calls by number and by
 * name over the tables generated into syscall_names.c, and the numbers of
 * the calls the monitors look at, taken from those same tables.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arch.h"
#include "syscall_names.h"
#include "trace_input.h"

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

/* The architectures a trace can come from, and what gives each away. */
static const struct {
	const char	*arch;
	int		kernel_long;
	const char	*symbol;	/* a kallsyms symbol only it has */
	bool		x86;		/* has x86's own event systems */
} arches[] = {
	{ "x86_64", 8, "entry_SYSCALL_64", true },
	{ "i386", 4, "entry_INT80_32", true },
	{ "arm64", 8, "el0_svc", false },
	{ "riscv64", 8, "sbi_ecall", false },
	{ "riscv32", 4, "sbi_ecall", false },
};

#define NR_ARCHES	(sizeof(arches) / sizeof(arches[0]))

/* x86's own event systems: no other architecture has them. */
static bool x86_events(const struct trace_input *in)
{
	static const char *const systems[] = { "irq_vectors", "x86_fpu", "mce", "vsyscall" };

	for (size_t i = 0; i < sizeof(systems) / sizeof(systems[0]); i++)
		if (trace_input_has_system(in, systems[i]))
			return true;
	return false;
}

static bool same_numbers(const char *a, const char *b)
{
	const struct rv_syscalls *x = arch_syscalls(a), *y = arch_syscalls(b);

	return x->clock_nanosleep == y->clock_nanosleep &&
	       x->clock_nanosleep_time64 == y->clock_nanosleep_time64 &&
	       x->futex == y->futex && x->futex_time64 == y->futex_time64 &&
	       x->sched_setscheduler == y->sched_setscheduler && x->epoll_wait == y->epoll_wait;
}

/* Keep the candidates @keep says; note the evidence when it narrowed them. */
static void narrow(bool *cand, const bool *keep, const char *why, char *evidence, size_t len)
{
	size_t used = strlen(evidence);
	bool changed = false, left = false;

	for (size_t i = 0; i < NR_ARCHES; i++)
		left |= cand[i] && keep[i];
	if (!left)
		return;		/* contradicting evidence: ignored */
	for (size_t i = 0; i < NR_ARCHES; i++) {
		changed |= cand[i] && !keep[i];
		cand[i] &= keep[i];
	}
	if (changed && used < len)
		snprintf(evidence + used, len - used, "%s%s", used ? ", " : "", why);
}

/**
 * arch_infer() - the architecture of a trace without a uname
 * @in: the trace
 * @evidence: gets what decided it ("kallsyms symbol entry_SYSCALL_64, 8-byte
 *	      kernel longs"), or the candidates left when it is ambiguous
 * @len: its size
 *
 * The candidates are narrowed by the kernel's long size, x86's own event
 * systems, and a kallsyms symbol only one architecture has; those left
 * must agree on the monitors' system call numbers.
 *
 * Return: the canonical name of the first candidate left, or NULL when
 * none is, or they disagree (@evidence names them).
 */
const char *arch_infer(const struct trace_input *in, char *evidence, size_t len)
{
	const char *names[NR_ARCHES];
	bool cand[NR_ARCHES], keep[NR_ARCHES], found[NR_ARCHES];
	bool x86 = x86_events(in);
	int first = -1, bytes = trace_input_kernel_long(in);
	char why[96];
	size_t used;

	evidence[0] = '\0';
	if (trace_input_big_endian(in)) {
		snprintf(evidence, len, "a big-endian kernel: none of x86_64, i386, arm64, riscv64, riscv32");
		return NULL;
	}
	for (size_t i = 0; i < NR_ARCHES; i++) {
		cand[i] = true;
		names[i] = arches[i].symbol;
		keep[i] = arches[i].kernel_long == bytes;
	}
	snprintf(why, sizeof(why), "%d-byte kernel longs", bytes);
	narrow(cand, keep, why, evidence, len);
	/* their absence proves nothing: a trace may hold few formats */
	for (size_t i = 0; i < NR_ARCHES && x86; i++)
		keep[i] = arches[i].x86;
	if (x86)
		narrow(cand, keep, "x86 event systems (irq_vectors, x86_fpu...)", evidence, len);
	if (trace_input_find_symbols(in, names, NR_ARCHES, found) > 0) {
		for (size_t i = 0; i < NR_ARCHES; i++) {
			if (!found[i])
				continue;
			for (size_t k = 0; k < NR_ARCHES; k++)
				keep[k] = !strcmp(arches[k].symbol, arches[i].symbol);
			snprintf(why, sizeof(why), "kallsyms symbol %s", arches[i].symbol);
			narrow(cand, keep, why, evidence, len);
		}
	}
	for (size_t i = 0; i < NR_ARCHES; i++) {
		if (!cand[i])
			continue;
		if (first == -1)
			first = i;
		else if (first >= 0 && !same_numbers(arches[first].arch, arches[i].arch))
			first = -2;	/* candidates that disagree: no answer */
	}
	if (first >= 0)
		return arches[first].arch;
	used = snprintf(evidence, len, "could be any of");
	for (size_t i = 0; i < NR_ARCHES && used < len; i++)
		if (cand[i])
			used += snprintf(evidence + used, len - used, " %s", arches[i].arch);
	return NULL;
}

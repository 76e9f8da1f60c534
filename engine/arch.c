// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace's architecture: its names, its system calls by number and by
 * name over the tables generated into syscall_names.c, the numbers of the
 * calls the monitors look at, taken from those same tables, and what a
 * trace without a uname shows of it.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arch.h"
#include "syscall_names.h"
#include "trace_input.h"

#define SYSCALL_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The byte orders an architecture's kernels run in. */
#define ORDER_LITTLE	1u
#define ORDER_BIG	2u
#define ORDER_ANY	(ORDER_LITTLE | ORDER_BIG)
#define ORDER_OWN	0u	/* of an alias: its architecture's */

enum arch_id { X86_64, I386, ARM64, RISCV64, RISCV32, ARM, PPC64, S390X, NR_ARCHES };

#define ARCH_BIT(id)	(1u << (id))
#define ALL_ARCHES	(ARCH_BIT(NR_ARCHES) - 1)
#define X86		(ARCH_BIT(X86_64) | ARCH_BIT(I386))
#define RISCV		(ARCH_BIT(RISCV64) | ARCH_BIT(RISCV32))

static const struct {
	const char	*name;		/* canonical: its table's */
	int		kernel_long;	/* bytes */
	unsigned int	order;
} arches[NR_ARCHES] = {
	[X86_64]	= { "x86_64",	8, ORDER_LITTLE },
	[I386]		= { "i386",	4, ORDER_LITTLE },
	[ARM64]		= { "arm64",	8, ORDER_LITTLE },
	[RISCV64]	= { "riscv64",	8, ORDER_LITTLE },
	[RISCV32]	= { "riscv32",	4, ORDER_LITTLE },
	[ARM]		= { "arm",	4, ORDER_LITTLE },
	[PPC64]		= { "ppc64",	8, ORDER_ANY },
	[S390X]		= { "s390x",	8, ORDER_BIG },
};

static const struct {
	const char	*alias;
	enum arch_id	arch;
	unsigned int	order;
} arch_aliases[] = {
	{ "x86_64",		X86_64,		ORDER_OWN },
	{ "amd64",		X86_64,		ORDER_OWN },
	{ "i386",		I386,		ORDER_OWN },
	{ "i486",		I386,		ORDER_OWN },
	{ "i586",		I386,		ORDER_OWN },
	{ "i686",		I386,		ORDER_OWN },
	{ "x86",		I386,		ORDER_OWN },
	{ "arm64",		ARM64,		ORDER_OWN },
	{ "aarch64",		ARM64,		ORDER_OWN },
	{ "riscv64",		RISCV64,	ORDER_OWN },
	{ "riscv32",		RISCV32,	ORDER_OWN },
	{ "arm",		ARM,		ORDER_OWN },
	{ "armhf",		ARM,		ORDER_OWN },
	{ "armel",		ARM,		ORDER_OWN },
	{ "ppc64",		PPC64,		ORDER_OWN },
	{ "powerpc64",		PPC64,		ORDER_OWN },
	{ "ppc64le",		PPC64,		ORDER_LITTLE },
	{ "ppc64el",		PPC64,		ORDER_LITTLE },
	{ "powerpc64le",	PPC64,		ORDER_LITTLE },
	{ "s390x",		S390X,		ORDER_OWN },
};

/*
 * A little-endian 32-bit arm uname machine: "armv", its version, 'l'
 * ("armv7l", "armv5tel"; "armv8l" from a 64-bit kernel's linux32).
 */
static bool arm_machine(const char *name)
{
	size_t n = strlen(name);

	return n > 5 && !strncasecmp(name, "armv", 4) && isdigit((unsigned char)name[4]) &&
	       tolower((unsigned char)name[n - 1]) == 'l';
}

/* The architecture a name or alias means, and the byte orders it allows; -1: none. */
static int arch_id_of(const char *name, unsigned int *order)
{
	size_t i;

	if (!name)
		return -1;
	for (i = 0; i < SYSCALL_ARRAY_SIZE(arch_aliases); i++) {
		if (!strcasecmp(name, arch_aliases[i].alias)) {
			*order = arch_aliases[i].order ?: arches[arch_aliases[i].arch].order;
			return arch_aliases[i].arch;
		}
	}
	if (!arm_machine(name))
		return -1;
	*order = ORDER_LITTLE;
	return ARM;
}

/**
 * syscall_arch_canonical - the table name of an architecture
 * @arch: an architecture name or alias, may be NULL
 *
 * Return: "x86_64", "i386", "arm64", "riscv64", "riscv32", "arm", "ppc64"
 * or "s390x"; NULL when @arch is none of the supported architectures.
 */
const char *syscall_arch_canonical(const char *arch)
{
	unsigned int order;
	int id = arch_id_of(arch, &order);

	return id < 0 ? NULL : arches[id].name;
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
static struct rv_syscalls monitor_numbers[NR_ARCHES];

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
 * @name: an architecture or uname machine name ("x86_64", "armv7l", ...)
 *
 * Return: the numbers, or NULL when the architecture is not supported.
 */
const struct rv_syscalls *arch_syscalls(const char *name)
{
	unsigned int order;
	int id = arch_id_of(name, &order);

	if (id < 0)
		return NULL;
	if (!monitor_numbers[id].arch)
		fill(&monitor_numbers[id], arches[id].name);
	return &monitor_numbers[id];
}

static const char *endian(unsigned int order)
{
	return order == ORDER_BIG ? "big-endian" : "little-endian";
}

/**
 * arch_fit() - whether a trace's kernel can be of an architecture
 * @arch: an architecture name or alias (--arch)
 * @kernel_long: the trace's kernel long, in bytes
 * @big_endian: the trace's kernel byte order
 * @why: gets the mismatch, "arm64 has 8-byte longs, this trace's kernel
 *	 4-byte", or "" when it fits
 * @len: its size
 *
 * A 64-bit kernel runs the 32-bit tasks of its compat ABI (arm on arm64,
 * i386 on x86_64, riscv32 on riscv64), whose system calls the trace
 * records by their 32-bit numbers: a 32-bit architecture fits a 64-bit
 * kernel that way. The other way round, or the other byte order, never.
 *
 * Return: ARCH_FITS, ARCH_FITS_COMPAT, or ARCH_CONTRADICTS (also when
 * @arch is unknown).
 */
enum arch_fit arch_fit(const char *arch, int kernel_long, bool big_endian, char *why,
		       size_t len)
{
	unsigned int order, file_order = big_endian ? ORDER_BIG : ORDER_LITTLE;
	int id = arch_id_of(arch, &order);

	if (len)
		why[0] = '\0';
	if (id < 0) {
		snprintf(why, len, "'%s' is no supported architecture", arch ? arch : "");
		return ARCH_CONTRADICTS;
	}
	if (!(order & file_order)) {
		snprintf(why, len, "%s is %s, this trace's kernel %s", arch, endian(order),
			 endian(file_order));
		return ARCH_CONTRADICTS;
	}
	if (arches[id].kernel_long == kernel_long)
		return ARCH_FITS;
	snprintf(why, len, "%s has %d-byte longs, this trace's kernel %d-byte", arch,
		 arches[id].kernel_long, kernel_long);
	return arches[id].kernel_long < kernel_long ? ARCH_FITS_COMPAT : ARCH_CONTRADICTS;
}

/* Something only some architectures' kernels have. */
struct arch_mark {
	const char	*name;
	unsigned int	arches;		/* ARCH_BIT()s */
	const char	*evidence;	/* what it is called when it narrows */
};

#define X86_SYSTEMS	"x86 event systems (irq_vectors, x86_fpu...)"

/*
 * Event systems only arch/<arch> defines (TRACE_SYSTEM, Linux 6.12), and
 * x86's mce. Their absence proves nothing: a trace may hold few formats.
 */
static const struct arch_mark systems[] = {
	{ "irq_vectors",	X86,			X86_SYSTEMS },
	{ "x86_fpu",		X86,			X86_SYSTEMS },
	{ "mce",		X86,			X86_SYSTEMS },
	{ "vsyscall",		X86,			X86_SYSTEMS },
	{ "powerpc",		ARCH_BIT(PPC64),	"event system powerpc" },
	{ "s390",		ARCH_BIT(S390X),	"event system s390" },
	{ "riscv",		RISCV,			"event system riscv" },
};

/*
 * kallsyms symbols of one architecture's system call or exception entry,
 * each defined only under its arch/ in Linux 6.12 (riscv's sbi_ecall, a
 * function in older kernels, is a macro around __sbi_ecall there).
 */
static const struct arch_mark symbols[] = {
	{ "entry_SYSCALL_64",	ARCH_BIT(X86_64),	NULL },	/* arch/x86/entry/entry_64.S */
	{ "entry_INT80_32",	ARCH_BIT(I386),		NULL },	/* arch/x86/entry/entry_32.S */
	{ "el0_svc",		ARCH_BIT(ARM64),	NULL },	/* arch/arm64/kernel/entry-common.c */
	{ "sbi_ecall",		RISCV,			NULL },	/* arch/riscv/kernel/sbi.c, older */
	{ "__sbi_ecall",	RISCV,			NULL },	/* arch/riscv/kernel/sbi_ecall.c */
	{ "do_trap_ecall_u",	RISCV,			NULL },	/* arch/riscv/kernel/traps.c */
	{ "vector_swi",		ARCH_BIT(ARM),		NULL },	/* arch/arm/kernel/entry-common.S */
	{ "system_call_common",	ARCH_BIT(PPC64),	NULL },	/* arch/powerpc/kernel/interrupt_64.S */
	{ "__do_syscall",	ARCH_BIT(S390X),	NULL },	/* arch/s390/kernel/syscall.c */
	{ "pgm_check_handler",	ARCH_BIT(S390X),	NULL },	/* arch/s390/kernel/entry.S */
};

_Static_assert(SYSCALL_ARRAY_SIZE(systems) <= ARCH_MAX_MARKS, "too many event systems");
_Static_assert(SYSCALL_ARRAY_SIZE(symbols) <= ARCH_MAX_MARKS, "too many symbols");

/**
 * arch_facts_of() - what a trace shows of its kernel's architecture
 * @in: the trace
 * @facts: filled: its kernel long and byte order, and which of the event
 *	   systems and kallsyms symbols that only some architectures have
 *	   it holds
 */
void arch_facts_of(const struct trace_input *in, struct arch_facts *facts)
{
	const char *names[SYSCALL_ARRAY_SIZE(symbols)];
	bool found[SYSCALL_ARRAY_SIZE(symbols)];
	size_t i, n = 0;

	memset(facts, 0, sizeof(*facts));
	facts->kernel_long = trace_input_kernel_long(in);
	facts->big_endian = trace_input_big_endian(in);
	for (i = 0; i < SYSCALL_ARRAY_SIZE(systems); i++)
		if (trace_input_has_system(in, systems[i].name))
			facts->systems[n++] = systems[i].name;
	for (i = 0; i < SYSCALL_ARRAY_SIZE(symbols); i++)
		names[i] = symbols[i].name;
	if (trace_input_find_symbols(in, names, SYSCALL_ARRAY_SIZE(symbols), found) <= 0)
		return;
	for (i = 0, n = 0; i < SYSCALL_ARRAY_SIZE(symbols); i++)
		if (found[i])
			facts->symbols[n++] = symbols[i].name;
}

static const struct arch_mark *mark_of(const struct arch_mark *marks, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(marks[i].name, name))
			return &marks[i];
	return NULL;
}

/* Keep the candidates @keep says; note the evidence when it narrowed them. */
static void narrow(unsigned int *cand, unsigned int keep, const char *why, char *evidence,
		   size_t len)
{
	size_t used = strlen(evidence);

	if (!(*cand & keep) || (*cand & keep) == *cand)
		return;		/* contradicting evidence is ignored, or nothing learnt */
	*cand &= keep;
	if (used < len)
		snprintf(evidence + used, len - used, "%s%s", used ? ", " : "", why);
}

static unsigned int arches_where(int kernel_long, unsigned int order)
{
	unsigned int set = 0;

	for (int i = 0; i < NR_ARCHES; i++)
		if ((!kernel_long || arches[i].kernel_long == kernel_long) && (arches[i].order & order))
			set |= ARCH_BIT(i);
	return set;
}

static bool same_numbers(int a, int b)
{
	const struct rv_syscalls *x = arch_syscalls(arches[a].name);
	const struct rv_syscalls *y = arch_syscalls(arches[b].name);

	return x->clock_nanosleep == y->clock_nanosleep &&
	       x->clock_nanosleep_time64 == y->clock_nanosleep_time64 &&
	       x->futex == y->futex && x->futex_time64 == y->futex_time64 &&
	       x->sched_setscheduler == y->sched_setscheduler && x->epoll_wait == y->epoll_wait;
}

/* The first candidate, when all agree on the monitors' numbers; -1 when not. */
static int agreed(unsigned int cand)
{
	int first = -1;

	for (int i = 0; i < NR_ARCHES; i++) {
		if (!(cand & ARCH_BIT(i)))
			continue;
		if (first < 0)
			first = i;
		else if (!same_numbers(first, i))
			return -1;
	}
	return first;
}

/* The kernel long and byte order: no architecture runs otherwise. */
static bool narrow_by_kernel(const struct arch_facts *f, unsigned int *cand, char *evidence,
			     size_t len)
{
	unsigned int order = f->big_endian ? ORDER_BIG : ORDER_LITTLE;
	char why[64];

	snprintf(why, sizeof(why), "%d-byte kernel longs", f->kernel_long);
	narrow(cand, arches_where(f->kernel_long, ORDER_ANY), why, evidence, len);
	if (!(*cand & arches_where(0, order))) {
		snprintf(evidence, len, "is none of %s (a %s kernel with %d-byte longs)", ARCH_NAMES,
			 endian(order), f->kernel_long);
		return false;
	}
	/* little-endian is every candidate but s390x: said only when big */
	if (order == ORDER_BIG)
		narrow(cand, arches_where(0, order), "a big-endian kernel", evidence, len);
	else
		*cand &= arches_where(0, order);
	return true;
}

/**
 * arch_infer_facts() - the architecture of a kernel from what its trace shows
 * @facts: what the trace shows (arch_facts_of())
 * @evidence: gets what decided it ("8-byte kernel longs, x86 event systems
 *	      (irq_vectors, x86_fpu...)"), or why there is no answer: the
 *	      candidates left ("could be any of x86_64 arm64 riscv64 ppc64"),
 *	      or "is none of ..." when no architecture fits the kernel
 * @len: its size
 *
 * The candidates are those of the kernel's long size and byte order,
 * narrowed by the event systems and kallsyms symbols only some
 * architectures have (evidence that would leave none is ignored); those
 * left must agree on the monitors' system call numbers.
 *
 * Return: the canonical name of the first candidate left, or NULL when
 * none is, or they disagree.
 */
const char *arch_infer_facts(const struct arch_facts *facts, char *evidence, size_t len)
{
	const struct arch_mark *m;
	unsigned int cand = ALL_ARCHES;
	char why[96];
	size_t used;
	int first;

	evidence[0] = '\0';
	if (!narrow_by_kernel(facts, &cand, evidence, len))
		return NULL;
	for (int i = 0; i < ARCH_MAX_MARKS && facts->systems[i]; i++) {
		m = mark_of(systems, SYSCALL_ARRAY_SIZE(systems), facts->systems[i]);
		if (m)
			narrow(&cand, m->arches, m->evidence, evidence, len);
	}
	for (int i = 0; i < ARCH_MAX_MARKS && facts->symbols[i]; i++) {
		m = mark_of(symbols, SYSCALL_ARRAY_SIZE(symbols), facts->symbols[i]);
		snprintf(why, sizeof(why), "kallsyms symbol %s", facts->symbols[i]);
		if (m)
			narrow(&cand, m->arches, why, evidence, len);
	}
	first = agreed(cand);
	if (first >= 0)
		return arches[first].name;
	used = snprintf(evidence, len, "could be any of");
	for (int i = 0; i < NR_ARCHES && used < len; i++)
		if (cand & ARCH_BIT(i))
			used += snprintf(evidence + used, len - used, " %s", arches[i].name);
	return NULL;
}

/**
 * arch_infer() - the architecture of a trace without a uname
 * @in: the trace
 * @evidence: as arch_infer_facts() says
 * @len: its size
 *
 * Return: the canonical name, or NULL when the trace does not settle it.
 */
const char *arch_infer(const struct trace_input *in, char *evidence, size_t len)
{
	struct arch_facts facts;

	arch_facts_of(in, &facts);
	return arch_infer_facts(&facts, evidence, len);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace's architecture (engine/arch.c): what a trace without a uname
 * shows of it and what that settles, table-driven over the facts; and
 * whether an --arch fits the trace's kernel (long size, byte order).
 */
#include <check.h>
#include <string.h>

#include "arch.h"
#include "syscall_names.h"
#include "trace_input.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

#define REAL_TRACE	"traces/cyclictest-abs.dat"

struct infer_case {
	const char		*what;
	struct arch_facts	facts;
	const char		*arch;		/* NULL: not settled */
	const char		*evidence;	/* the whole text */
};

#define LE	false
#define BE	true
#define SYSTEMS(...)	.systems = { __VA_ARGS__ }
#define SYMBOLS(...)	.symbols = { __VA_ARGS__ }
#define ALL		"x86_64, i386, arm64, arm, riscv64, riscv32, ppc64 or s390x"

static const struct infer_case infer_cases[] = {
	{ "x86 systems, 8-byte longs", { 8, LE, SYSTEMS("irq_vectors") }, "x86_64",
	  "8-byte kernel longs, x86 event systems (irq_vectors, x86_fpu...)" },
	{ "x86 systems, 4-byte longs", { 4, LE, SYSTEMS("x86_fpu", "mce") }, "i386",
	  "4-byte kernel longs, x86 event systems (irq_vectors, x86_fpu...)" },
	{ "x86_64 entry", { 8, LE, SYMBOLS("entry_SYSCALL_64") }, "x86_64",
	  "8-byte kernel longs, kallsyms symbol entry_SYSCALL_64" },
	{ "i386 entry", { 4, LE, SYMBOLS("entry_INT80_32") }, "i386",
	  "4-byte kernel longs, kallsyms symbol entry_INT80_32" },
	{ "arm64 entry", { 8, LE, SYMBOLS("el0_svc") }, "arm64",
	  "8-byte kernel longs, kallsyms symbol el0_svc" },
	{ "arm entry", { 4, LE, SYMBOLS("vector_swi") }, "arm",
	  "4-byte kernel longs, kallsyms symbol vector_swi" },
	{ "riscv64 before 6.11", { 8, LE, SYMBOLS("sbi_ecall") }, "riscv64",
	  "8-byte kernel longs, kallsyms symbol sbi_ecall" },
	{ "riscv64 6.12", { 8, LE, SYMBOLS("__sbi_ecall", "do_trap_ecall_u") }, "riscv64",
	  "8-byte kernel longs, kallsyms symbol __sbi_ecall" },
	{ "riscv32 6.12", { 4, LE, SYMBOLS("do_trap_ecall_u") }, "riscv32",
	  "4-byte kernel longs, kallsyms symbol do_trap_ecall_u" },
	{ "riscv system", { 8, LE, SYSTEMS("riscv") }, "riscv64",
	  "8-byte kernel longs, event system riscv" },
	{ "ppc64 big-endian", { 8, BE, SYMBOLS("system_call_common") }, "ppc64",
	  "8-byte kernel longs, a big-endian kernel, kallsyms symbol system_call_common" },
	{ "ppc64le", { 8, LE, SYMBOLS("system_call_common") }, "ppc64",
	  "8-byte kernel longs, kallsyms symbol system_call_common" },
	{ "powerpc system", { 8, BE, SYSTEMS("powerpc") }, "ppc64",
	  "8-byte kernel longs, a big-endian kernel, event system powerpc" },
	{ "s390x entry", { 8, BE, SYMBOLS("__do_syscall", "pgm_check_handler") }, "s390x",
	  "8-byte kernel longs, a big-endian kernel, kallsyms symbol __do_syscall" },
	{ "s390x before the C entry", { 8, BE, SYMBOLS("pgm_check_handler") }, "s390x",
	  "8-byte kernel longs, a big-endian kernel, kallsyms symbol pgm_check_handler" },
	{ "s390 system", { 8, BE, SYSTEMS("s390") }, "s390x",
	  "8-byte kernel longs, a big-endian kernel, event system s390" },
	/* not settled */
	{ "8-byte little-endian, nothing else", { 8, LE }, NULL,
	  "could be any of x86_64 arm64 riscv64 ppc64" },
	{ "4-byte little-endian, nothing else", { 4, LE }, NULL,
	  "could be any of i386 riscv32 arm" },
	{ "8-byte big-endian, nothing else", { 8, BE }, NULL, "could be any of ppc64 s390x" },
	{ "4-byte big-endian: no such architecture", { 4, BE, SYMBOLS("vector_swi") }, NULL,
	  "is none of " ALL " (a big-endian kernel with 4-byte longs)" },
	/* evidence that would leave none is ignored; unknown names too */
	{ "arm's entry on an 8-byte kernel", { 8, LE, SYMBOLS("vector_swi") }, NULL,
	  "could be any of x86_64 arm64 riscv64 ppc64" },
	{ "s390x's entry on a little-endian kernel", { 8, LE, SYMBOLS("__do_syscall") }, NULL,
	  "could be any of x86_64 arm64 riscv64 ppc64" },
	{ "x86 systems, then arm64's entry", { 8, LE, SYSTEMS("irq_vectors"), SYMBOLS("el0_svc") },
	  "x86_64", "8-byte kernel longs, x86 event systems (irq_vectors, x86_fpu...)" },
	{ "x86_64's entry on a 4-byte kernel", { 4, LE, SYMBOLS("entry_SYSCALL_64") }, NULL,
	  "could be any of i386 riscv32 arm" },
	{ "unknown marks", { 4, LE, SYSTEMS("sched", "ipi"), SYMBOLS("schedule") }, NULL,
	  "could be any of i386 riscv32 arm" },
};

START_TEST(test_infer)
{
	const struct infer_case *c = &infer_cases[_i];
	char evidence[256];
	const char *arch = arch_infer_facts(&c->facts, evidence, sizeof(evidence));

	if (c->arch)
		ck_assert_msg(arch && !strcmp(arch, c->arch), "%s: got %s", c->what,
			      arch ? arch : "NULL");
	else
		ck_assert_msg(!arch, "%s: got %s", c->what, arch);
	ck_assert_msg(!strcmp(evidence, c->evidence), "%s: evidence '%s'", c->what, evidence);
}
END_TEST

/* A short evidence buffer is cut, never overrun. */
START_TEST(test_infer_short)
{
	const struct arch_facts facts = { 8, LE };
	char evidence[12];

	memset(evidence, 'x', sizeof(evidence));
	ck_assert_ptr_null(arch_infer_facts(&facts, evidence, 8));
	ck_assert_str_eq(evidence, "could b");
	ck_assert_int_eq(evidence[8], 'x');
}
END_TEST

/* A real x86_64 trace, its uname aside: its kallsyms settle it. */
START_TEST(test_infer_real)
{
	struct trace_input *in;
	struct arch_facts facts;
	struct trace_open_options opts = { .reader = trace_reader_from_env() };
	char err[TRACE_ERR_LEN], evidence[256];
	bool entry = false;

	ck_assert_msg(!trace_input_open(REAL_TRACE, &opts, &in, err), "%s", err);
	arch_facts_of(in, &facts);
	ck_assert_int_eq(facts.kernel_long, 8);
	ck_assert(!facts.big_endian);
	for (int i = 0; facts.symbols[i]; i++)
		entry |= !strcmp(facts.symbols[i], "entry_SYSCALL_64");
	ck_assert(entry);
	ck_assert_str_eq(arch_infer(in, evidence, sizeof(evidence)), "x86_64");
	ck_assert_ptr_nonnull(strstr(evidence, "8-byte kernel longs"));
	trace_input_close(in);
}
END_TEST

struct fit_case {
	const char	*arch;
	int		kernel_long;
	bool		big_endian;
	enum arch_fit	fit;
	const char	*why;
};

static const struct fit_case fit_cases[] = {
	{ "x86_64",	8, LE, ARCH_FITS,		"" },
	{ "armv7l",	4, LE, ARCH_FITS,		"" },
	{ "ppc64",	8, BE, ARCH_FITS,		"" },
	{ "ppc64",	8, LE, ARCH_FITS,		"" },
	{ "ppc64le",	8, LE, ARCH_FITS,		"" },
	{ "s390x",	8, BE, ARCH_FITS,		"" },
	{ "riscv32",	4, LE, ARCH_FITS,		"" },
	{ "arm64",	4, LE, ARCH_CONTRADICTS,	"arm64 has 8-byte longs, this trace's kernel 4-byte" },
	{ "aarch64",	4, LE, ARCH_CONTRADICTS,	"aarch64 has 8-byte longs, this trace's kernel 4-byte" },
	{ "s390x",	4, BE, ARCH_CONTRADICTS,	"s390x has 8-byte longs, this trace's kernel 4-byte" },
	{ "s390x",	8, LE, ARCH_CONTRADICTS,	"s390x is big-endian, this trace's kernel little-endian" },
	{ "x86_64",	8, BE, ARCH_CONTRADICTS,	"x86_64 is little-endian, this trace's kernel big-endian" },
	{ "ppc64le",	8, BE, ARCH_CONTRADICTS,	"ppc64le is little-endian, this trace's kernel big-endian" },
	{ "armhf",	4, BE, ARCH_CONTRADICTS,	"armhf is little-endian, this trace's kernel big-endian" },
	{ "vax",	8, LE, ARCH_CONTRADICTS,	"'vax' is no supported architecture" },
	/* a 64-bit kernel's compat tasks */
	{ "arm",	8, LE, ARCH_FITS_COMPAT,	"arm has 4-byte longs, this trace's kernel 8-byte" },
	{ "i686",	8, LE, ARCH_FITS_COMPAT,	"i686 has 4-byte longs, this trace's kernel 8-byte" },
	{ "riscv32",	8, LE, ARCH_FITS_COMPAT,	"riscv32 has 4-byte longs, this trace's kernel 8-byte" },
};

START_TEST(test_fit)
{
	const struct fit_case *c = &fit_cases[_i];
	char why[128];

	memset(why, 'x', sizeof(why));
	ck_assert_int_eq(arch_fit(c->arch, c->kernel_long, c->big_endian, why, sizeof(why)),
			 c->fit);
	ck_assert_str_eq(why, c->why);
}
END_TEST

/*
 * Every architecture has its table, the monitors' numbers from it, and a
 * clock_nanosleep and a futex the sleep monitor can see.
 */
START_TEST(test_monitor_numbers)
{
	static const char *const names[] = {
		"x86_64", "i386", "arm64", "arm", "riscv64", "riscv32", "ppc64", "s390x",
	};
	const struct syscall_table *t;
	int tables = 0;

	for (t = syscall_tables; t->arch; t++)
		tables++;
	ck_assert_int_eq(tables, ARRAY_LEN(names));
	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		const struct rv_syscalls *s = arch_syscalls(names[i]);

		ck_assert_ptr_nonnull(s);
		ck_assert_str_eq(s->arch, names[i]);
		ck_assert_str_eq(syscall_arch_canonical(names[i]), names[i]);
		ck_assert_msg(s->clock_nanosleep > 0 || s->clock_nanosleep_time64 > 0, "%s", names[i]);
		ck_assert_msg(s->futex > 0 || s->futex_time64 > 0, "%s", names[i]);
		ck_assert_msg(s->sched_setscheduler > 0, "%s", names[i]);
		ck_assert_ptr_eq(arch_syscalls(names[i]), s);
	}
	/* the monitors' numbers per architecture (docs/semantics.md section 4) */
	ck_assert_int_eq(arch_syscalls("armv7l")->clock_nanosleep, 265);
	ck_assert_int_eq(arch_syscalls("armv7l")->clock_nanosleep_time64, 407);
	ck_assert_int_eq(arch_syscalls("armv7l")->futex, 240);
	ck_assert_int_eq(arch_syscalls("armv7l")->futex_time64, 422);
	ck_assert_int_eq(arch_syscalls("armv7l")->epoll_wait, 252);
	ck_assert_int_eq(arch_syscalls("ppc64le")->clock_nanosleep, 248);
	ck_assert_int_eq(arch_syscalls("ppc64le")->clock_nanosleep_time64, -1);
	ck_assert_int_eq(arch_syscalls("ppc64le")->futex, 221);
	ck_assert_int_eq(arch_syscalls("ppc64le")->epoll_wait, 238);
	ck_assert_int_eq(arch_syscalls("s390x")->clock_nanosleep, 262);
	ck_assert_int_eq(arch_syscalls("s390x")->futex, 238);
	ck_assert_int_eq(arch_syscalls("s390x")->futex_time64, -1);
	ck_assert_int_eq(arch_syscalls("s390x")->epoll_wait, 251);
	ck_assert_ptr_eq(arch_syscalls("ppc64"), arch_syscalls("ppc64le"));
	ck_assert_ptr_null(arch_syscalls("armv7b"));
}
END_TEST

/**
 * arch_suite - the tests of engine/arch.c's inference and --arch checks
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *arch_suite(void)
{
	Suite *s = suite_create("arch");
	TCase *infer = tcase_create("inference");
	TCase *fit = tcase_create("fit");

	tcase_add_loop_test(infer, test_infer, 0, ARRAY_LEN(infer_cases));
	tcase_add_test(infer, test_infer_short);
	tcase_add_test(infer, test_infer_real);
	suite_add_tcase(s, infer);
	tcase_add_loop_test(fit, test_fit, 0, ARRAY_LEN(fit_cases));
	tcase_add_test(fit, test_monitor_numbers);
	suite_add_tcase(s, fit);
	return s;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * System call names per architecture (docs/semantics.md section 4) and the
 * words syscall_describe() finds for the calls a task sleeps in,
 * table-driven; hostile values and short buffers included.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "syscall_decode.h"
#include "syscall_names.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

struct name_case {
	const char	*arch;
	long		nr;
	const char	*name;		/* NULL: no such call */
};

static const struct name_case name_cases[] = {
	/* docs/semantics.md section 4 */
	{ "x86_64",	230,	"clock_nanosleep" },
	{ "x86_64",	202,	"futex" },
	{ "x86_64",	144,	"sched_setscheduler" },
	{ "x86_64",	232,	"epoll_wait" },
	{ "i386",	267,	"clock_nanosleep" },
	{ "i386",	407,	"clock_nanosleep_time64" },
	{ "i386",	240,	"futex" },
	{ "i386",	422,	"futex_time64" },
	{ "i386",	156,	"sched_setscheduler" },
	{ "i386",	256,	"epoll_wait" },
	{ "riscv64",	115,	"clock_nanosleep" },
	{ "riscv64",	98,	"futex" },
	{ "riscv64",	119,	"sched_setscheduler" },
	{ "arm64",	115,	"clock_nanosleep" },
	{ "arm64",	98,	"futex" },
	{ "arm64",	119,	"sched_setscheduler" },
	{ "riscv32",	407,	"clock_nanosleep_time64" },
	{ "riscv32",	422,	"futex_time64" },
	{ "riscv32",	119,	"sched_setscheduler" },
	/* riscv32: no time32 calls, 64-suffixed __NR3264 names */
	{ "riscv32",	115,	NULL },
	{ "riscv32",	98,	NULL },
	{ "riscv32",	101,	NULL },
	{ "riscv32",	73,	NULL },
	{ "riscv32",	260,	NULL },
	{ "riscv32",	79,	NULL },
	{ "riscv32",	25,	"fcntl64" },
	{ "riscv32",	62,	"llseek" },
	{ "riscv32",	222,	"mmap2" },
	{ "riscv32",	223,	"fadvise64_64" },
	{ "riscv32",	414,	"ppoll_time64" },
	{ "riscv64",	25,	"fcntl" },
	{ "riscv64",	62,	"lseek" },
	{ "riscv64",	79,	"newfstatat" },
	{ "riscv64",	73,	"ppoll" },
	{ "riscv64",	407,	NULL },
	{ "riscv64",	38,	NULL },
	{ "arm64",	38,	"renameat" },
	{ "arm64",	163,	"getrlimit" },
	{ "riscv64",	258,	"riscv_hwprobe" },
	{ "riscv64",	259,	"riscv_flush_icache" },
	{ "riscv32",	259,	"riscv_flush_icache" },
	{ "arm64",	259,	NULL },
	/* arm EABI (arch/arm/tools/syscall.tbl): common and eabi, no oabi */
	{ "arm",	265,	"clock_nanosleep" },
	{ "arm",	407,	"clock_nanosleep_time64" },
	{ "arm",	240,	"futex" },
	{ "arm",	422,	"futex_time64" },
	{ "arm",	156,	"sched_setscheduler" },
	{ "arm",	252,	"epoll_wait" },
	{ "arm",	3,	"read" },
	{ "arm",	142,	"_newselect" },
	{ "arm",	192,	"mmap2" },
	{ "arm",	462,	"mseal" },
	{ "arm",	13,	NULL },		/* oabi time */
	{ "arm",	82,	NULL },		/* oabi select */
	{ "arm",	102,	NULL },		/* oabi socketcall */
	{ "arm",	117,	NULL },		/* oabi ipc */
	/* ppc64 (arch/powerpc/kernel/syscalls/syscall.tbl): common, nospu, 64 */
	{ "ppc64",	248,	"clock_nanosleep" },
	{ "ppc64",	221,	"futex" },
	{ "ppc64",	156,	"sched_setscheduler" },
	{ "ppc64",	238,	"epoll_wait" },
	{ "ppc64",	13,	"time" },
	{ "ppc64",	102,	"socketcall" },
	{ "ppc64",	255,	"rtas" },
	{ "ppc64",	363,	"switch_endian" },
	{ "ppc64",	407,	NULL },		/* 32: clock_nanosleep_time64 */
	{ "ppc64",	422,	NULL },		/* 32: futex_time64 */
	{ "ppc64",	192,	NULL },		/* 32: mmap2 */
	{ "ppc64le",	221,	"futex" },
	/* s390x (arch/s390/kernel/syscalls/syscall.tbl): common, 64 */
	{ "s390x",	262,	"clock_nanosleep" },
	{ "s390x",	238,	"futex" },
	{ "s390x",	156,	"sched_setscheduler" },
	{ "s390x",	251,	"epoll_wait" },
	{ "s390x",	142,	"select" },
	{ "s390x",	199,	"getuid" },
	{ "s390x",	342,	"s390_runtime_instr" },
	{ "s390x",	110,	"lookup_dcookie" },	/* no entry point, still named */
	{ "s390x",	13,	NULL },		/* 32: time */
	{ "s390x",	24,	NULL },		/* 32: getuid16 */
	{ "s390x",	192,	NULL },		/* 32: mmap2 */
	{ "s390x",	407,	NULL },		/* 32: clock_nanosleep_time64 */
	/* the blocking calls syscall_describe() knows */
	{ "x86_64",	0,	"read" },
	{ "x86_64",	7,	"poll" },
	{ "x86_64",	35,	"nanosleep" },
	{ "x86_64",	449,	"futex_waitv" },
	{ "x86_64",	441,	"epoll_pwait2" },
	{ "x86_64",	426,	"io_uring_enter" },
	{ "i386",	102,	"socketcall" },
	{ "i386",	117,	"ipc" },
	{ "i386",	142,	"_newselect" },
	{ "arm64",	63,	"read" },
	{ "arm64",	22,	"epoll_pwait" },
	{ "riscv64",	260,	"wait4" },
	/* newer than the headers, same number everywhere */
	{ "x86_64",	455,	"futex_wait" },
	{ "i386",	455,	"futex_wait" },
	{ "riscv32",	462,	"mseal" },
	{ "x86_64",	335,	"uretprobe" },	/* 6.11 */
	/* holes and out of range */
	{ "x86_64",	400,	NULL },
	{ "x86_64",	463,	NULL },
	{ "x86_64",	512,	NULL },
	{ "x86_64",	-1,	NULL },
	{ "x86_64",	LONG_MIN, NULL },
	{ "x86_64",	LONG_MAX, NULL },
	{ "i386",	4294967295L, NULL },
	/* aliases, any case */
	{ "amd64",	230,	"clock_nanosleep" },
	{ "AMD64",	230,	"clock_nanosleep" },
	{ "i686",	240,	"futex" },
	{ "i586",	240,	"futex" },
	{ "i486",	240,	"futex" },
	{ "x86",	240,	"futex" },
	{ "aarch64",	98,	"futex" },
	/* unknown architectures */
	{ "sparc64",	0,	NULL },
	{ "",		0,	NULL },
	{ "x86_6",	0,	NULL },
	{ "x86_644",	0,	NULL },
	{ NULL,		0,	NULL },
};

START_TEST(test_name)
{
	const struct name_case *c = &name_cases[_i];
	const char *name = syscall_name(c->arch, c->nr);

	if (!c->name)
		ck_assert_msg(!name, "%s %ld: got %s", c->arch, c->nr, name);
	else
		ck_assert_msg(name && !strcmp(name, c->name), "%s %ld: got %s",
			      c->arch, c->nr, name ? name : "NULL");
}
END_TEST

START_TEST(test_number)
{
	const struct name_case *c = &name_cases[_i];

	if (!c->name)
		return;
	ck_assert_int_eq(syscall_number(c->arch, c->name), c->nr);
}
END_TEST

struct number_case {
	const char	*arch;
	const char	*name;
	long		nr;
};

static const struct number_case number_cases[] = {
	{ "x86_64",	"futex_time64",			-1 },
	{ "x86_64",	"clock_nanosleep_time64",	-1 },
	{ "riscv32",	"clock_nanosleep",		-1 },
	{ "riscv32",	"futex",			-1 },
	{ "riscv32",	"fcntl",			-1 },
	{ "riscv64",	"fcntl64",			-1 },
	{ "arm64",	"riscv_hwprobe",		-1 },
	{ "arm",	"socketcall",			-1 },
	{ "arm",	"clock_nanosleep_time64",	407 },
	{ "ppc64",	"futex_time64",			-1 },
	{ "s390x",	"clock_nanosleep_time64",	-1 },
	{ "s390x",	"mmap2",			-1 },
	{ "x86_64",	"",				-1 },
	{ "x86_64",	"sys_read",			-1 },
	{ "x86_64",	"READ",				-1 },
	{ "x86_64",	NULL,				-1 },
	{ "sparc",	"read",				-1 },
	{ NULL,		"read",				-1 },
	{ "i386",	"_newselect",			142 },
	{ "i386",	"select",			82 },
	{ "x86_64",	"set_mempolicy_home_node",	450 },
	{ "riscv64",	"io_setup",			0 },
};

START_TEST(test_number_missing)
{
	const struct number_case *c = &number_cases[_i];

	ck_assert_int_eq(syscall_number(c->arch, c->name), c->nr);
}
END_TEST

/* Every name of every table finds its own number back. */
START_TEST(test_round_trip)
{
	const struct syscall_table *t = &syscall_tables[_i];
	unsigned int nr, named = 0;

	ck_assert_ptr_nonnull(t->arch);
	ck_assert_ptr_nonnull(syscall_arch_canonical(t->arch));
	for (nr = 0; nr < t->nr_slots; nr++) {
		if (!t->names[nr])
			continue;
		named++;
		ck_assert_int_eq(syscall_number(t->arch, t->names[nr]), nr);
	}
	ck_assert_uint_eq(named, t->nr_names);
	ck_assert_ptr_null(syscall_name(t->arch, t->nr_slots));
}
END_TEST

struct arch_case {
	const char	*arch;
	const char	*canonical;	/* NULL: unknown */
};

static const struct arch_case arch_cases[] = {
	{ "x86_64", "x86_64" },	{ "amd64", "x86_64" },
	{ "i386", "i386" },	{ "i486", "i386" },	{ "i586", "i386" },
	{ "i686", "i386" },	{ "x86", "i386" },
	{ "arm64", "arm64" },	{ "aarch64", "arm64" },	{ "AArch64", "arm64" },
	{ "riscv64", "riscv64" }, { "riscv32", "riscv32" },
	{ "arm", "arm" },	{ "armhf", "arm" },	{ "armel", "arm" },
	{ "armv7l", "arm" },	{ "ARMV7L", "arm" },	{ "armv6l", "arm" },
	{ "armv5tel", "arm" },	{ "armv5tejl", "arm" },	{ "armv4tl", "arm" },
	{ "armv8l", "arm" },
	{ "ppc64", "ppc64" },	{ "ppc64le", "ppc64" },	{ "ppc64el", "ppc64" },
	{ "powerpc64", "ppc64" }, { "powerpc64le", "ppc64" }, { "PPC64LE", "ppc64" },
	{ "s390x", "s390x" },
	/* big-endian arm, 31-bit s390, 32-bit powerpc, x32: not supported */
	{ "armv7b", NULL },	{ "armv8b", NULL },	{ "aarch64_be", NULL },
	{ "armv", NULL },	{ "armvl", NULL },	{ "armv7", NULL },
	{ "armxl", NULL },	{ "s390", NULL },	{ "ppc", NULL },
	{ "powerpc", NULL },	{ "ppcle", NULL },
	{ "riscv", NULL },	{ "x32", NULL },
	{ "", NULL },		{ NULL, NULL },
};

START_TEST(test_arch)
{
	const struct arch_case *c = &arch_cases[_i];
	const char *canonical = syscall_arch_canonical(c->arch);

	ck_assert_int_eq(canonical != NULL, c->canonical != NULL);
	if (c->canonical)
		ck_assert_str_eq(canonical, c->canonical);
	else
		ck_assert_ptr_null(canonical);
}
END_TEST

#define ARGS(...)	{ __VA_ARGS__ }
#define HOSTILE		ARGS(~0UL, ~0UL, ~0UL, ~0UL, ~0UL, ~0UL)

struct describe_case {
	const char	*arch;
	long		nr;
	unsigned long	args[6];
	const char	*text;
};

static const struct describe_case describe_cases[] = {
	{ "x86_64", 230, ARGS(1, 0), "clock_nanosleep(CLOCK_MONOTONIC, relative)" },
	{ "x86_64", 230, ARGS(1, 1), "clock_nanosleep(CLOCK_MONOTONIC, absolute)" },
	{ "x86_64", 230, ARGS(11, 1), "clock_nanosleep(CLOCK_TAI, absolute)" },
	{ "x86_64", 230, ARGS(0, 0), "clock_nanosleep(CLOCK_REALTIME, relative)" },
	{ "x86_64", 230, ARGS(2, 0), "clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, relative)" },
	{ "x86_64", 230, ARGS(3, 0), "clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, relative)" },
	{ "x86_64", 230, ARGS(4, 0), "clock_nanosleep(CLOCK_MONOTONIC_RAW, relative)" },
	{ "x86_64", 230, ARGS(5, 0), "clock_nanosleep(CLOCK_REALTIME_COARSE, relative)" },
	{ "x86_64", 230, ARGS(6, 0), "clock_nanosleep(CLOCK_MONOTONIC_COARSE, relative)" },
	{ "x86_64", 230, ARGS(7, 1), "clock_nanosleep(CLOCK_BOOTTIME, absolute)" },
	{ "x86_64", 230, ARGS(8, 1), "clock_nanosleep(CLOCK_REALTIME_ALARM, absolute)" },
	{ "x86_64", 230, ARGS(9, 1), "clock_nanosleep(CLOCK_BOOTTIME_ALARM, absolute)" },
	{ "x86_64", 230, ARGS(10, 0), "clock_nanosleep(10, relative)" },
	{ "x86_64", 230, ARGS(12, 0), "clock_nanosleep(12, relative)" },
	{ "x86_64", 230, ARGS(1, 3), "clock_nanosleep(CLOCK_MONOTONIC, absolute, flags 0x3)" },
	{ "x86_64", 230, ARGS(1, 2), "clock_nanosleep(CLOCK_MONOTONIC, relative, flags 0x2)" },
	{ "x86_64", 230, ARGS(0x100000001UL, 0), "clock_nanosleep(4294967297, relative)" },
	{ "x86_64", 230, HOSTILE,
	  "clock_nanosleep(-1, absolute, flags 0xffffffffffffffff)" },
	{ "i386", 267, ARGS(1, 1), "clock_nanosleep(CLOCK_MONOTONIC, absolute)" },
	{ "i386", 407, ARGS(1, 0), "clock_nanosleep_time64(CLOCK_MONOTONIC, relative)" },
	{ "riscv32", 407, ARGS(11, 1), "clock_nanosleep_time64(CLOCK_TAI, absolute)" },
	{ "riscv64", 115, ARGS(1, 1), "clock_nanosleep(CLOCK_MONOTONIC, absolute)" },
	{ "arm64", 115, ARGS(0, 1), "clock_nanosleep(CLOCK_REALTIME, absolute)" },
	{ "x86_64", 35, ARGS(0), "nanosleep (relative, CLOCK_MONOTONIC)" },
	{ "x86_64", 35, HOSTILE, "nanosleep (relative, CLOCK_MONOTONIC)" },
	{ "arm64", 101, ARGS(0), "nanosleep (relative, CLOCK_MONOTONIC)" },
	{ "i386", 162, ARGS(0), "nanosleep (relative, CLOCK_MONOTONIC)" },
	{ "x86_64", 202, ARGS(0, 0), "futex(FUTEX_WAIT)" },
	{ "x86_64", 202, ARGS(0, 128), "futex(FUTEX_WAIT_PRIVATE)" },
	{ "x86_64", 202, ARGS(0, 1), "futex(FUTEX_WAKE)" },
	{ "x86_64", 202, ARGS(0, 2), "futex(FUTEX_FD)" },
	{ "x86_64", 202, ARGS(0, 3), "futex(FUTEX_REQUEUE)" },
	{ "x86_64", 202, ARGS(0, 4), "futex(FUTEX_CMP_REQUEUE)" },
	{ "x86_64", 202, ARGS(0, 5), "futex(FUTEX_WAKE_OP)" },
	{ "x86_64", 202, ARGS(0, 6 | 128), "futex(FUTEX_LOCK_PI_PRIVATE)" },
	{ "x86_64", 202, ARGS(0, 7), "futex(FUTEX_UNLOCK_PI)" },
	{ "x86_64", 202, ARGS(0, 8), "futex(FUTEX_TRYLOCK_PI)" },
	{ "x86_64", 202, ARGS(0, 9 | 128 | 256),
	  "futex(FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME)" },
	{ "x86_64", 202, ARGS(0, 9 | 256), "futex(FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME)" },
	{ "x86_64", 202, ARGS(0, 10), "futex(FUTEX_WAKE_BITSET)" },
	{ "x86_64", 202, ARGS(0, 11 | 128), "futex(FUTEX_WAIT_REQUEUE_PI_PRIVATE)" },
	{ "x86_64", 202, ARGS(0, 12), "futex(FUTEX_CMP_REQUEUE_PI)" },
	{ "x86_64", 202, ARGS(0, 13 | 128), "futex(FUTEX_LOCK_PI2_PRIVATE)" },
	{ "x86_64", 202, ARGS(0, 14), "futex(14)" },
	{ "x86_64", 202, ARGS(0, 14 | 128), "futex(14|FUTEX_PRIVATE_FLAG)" },
	{ "x86_64", 202, ARGS(0, 0x200 | 128), "futex(FUTEX_WAIT_PRIVATE|0x200)" },
	{ "x86_64", 202, HOSTILE,
	  "futex(127|FUTEX_PRIVATE_FLAG|FUTEX_CLOCK_REALTIME|0xfffffffffffffe00)" },
	{ "i386", 240, ARGS(0, 128), "futex(FUTEX_WAIT_PRIVATE)" },
	{ "i386", 422, ARGS(0, 6 | 128), "futex_time64(FUTEX_LOCK_PI_PRIVATE)" },
	{ "riscv32", 422, ARGS(0, 9 | 128), "futex_time64(FUTEX_WAIT_BITSET_PRIVATE)" },
	{ "riscv64", 98, ARGS(0, 128), "futex(FUTEX_WAIT_PRIVATE)" },
	{ "x86_64", 449, ARGS(0), "futex_waitv" },
	{ "x86_64", 7, ARGS(0), "poll" },
	{ "x86_64", 271, ARGS(0), "ppoll" },
	{ "x86_64", 23, ARGS(5), "select" },
	{ "x86_64", 270, ARGS(5), "pselect6" },
	{ "i386", 142, ARGS(5), "_newselect" },
	{ "riscv32", 414, ARGS(0), "ppoll_time64" },
	{ "x86_64", 232, ARGS(4), "epoll_wait(fd 4)" },
	{ "x86_64", 281, ARGS(4), "epoll_pwait(fd 4)" },
	{ "x86_64", 441, ARGS(4), "epoll_pwait2(fd 4)" },
	{ "arm64", 22, ARGS(9), "epoll_pwait(fd 9)" },
	{ "x86_64", 0, ARGS(3), "read(fd 3)" },
	{ "x86_64", 0, HOSTILE, "read(fd -1)" },
	{ "x86_64", 0, ARGS(0x100000003UL), "read(fd 3)" },
	{ "x86_64", 19, ARGS(3), "readv(fd 3)" },
	{ "x86_64", 17, ARGS(3), "pread64(fd 3)" },
	{ "x86_64", 45, ARGS(6), "recvfrom(fd 6)" },
	{ "x86_64", 47, ARGS(6), "recvmsg(fd 6)" },
	{ "x86_64", 43, ARGS(6), "accept(fd 6)" },
	{ "x86_64", 288, ARGS(6), "accept4(fd 6)" },
	{ "riscv64", 63, ARGS(0), "read(fd 0)" },
	{ "x86_64", 61, ARGS(-1L), "wait4(pid -1)" },
	{ "x86_64", 61, ARGS(1234), "wait4(pid 1234)" },
	{ "x86_64", 247, ARGS(0, 0), "waitid(P_ALL)" },
	{ "x86_64", 247, ARGS(1, 99), "waitid(P_PID 99)" },
	{ "x86_64", 247, ARGS(2, 7), "waitid(P_PGID 7)" },
	{ "x86_64", 247, ARGS(3, 5), "waitid(P_PIDFD 5)" },
	{ "x86_64", 247, HOSTILE, "waitid(idtype -1)" },
	{ "x86_64", 70, ARGS(2), "msgrcv(msqid 2)" },
	{ "x86_64", 65, ARGS(2), "semop(semid 2)" },
	{ "x86_64", 220, ARGS(2), "semtimedop(semid 2)" },
	{ "i386", 420, ARGS(2), "semtimedop_time64(semid 2)" },
	{ "x86_64", 243, ARGS(5), "mq_timedreceive(mqd 5)" },
	{ "i386", 419, ARGS(5), "mq_timedreceive_time64(mqd 5)" },
	{ "x86_64", 24, HOSTILE, "sched_yield" },
	{ "x86_64", 34, ARGS(0), "pause" },
	{ "x86_64", 130, ARGS(0), "rt_sigsuspend" },
	{ "x86_64", 128, ARGS(0), "rt_sigtimedwait" },
	{ "x86_64", 208, ARGS(0), "io_getevents" },
	{ "x86_64", 426, ARGS(7), "io_uring_enter(fd 7)" },
	{ "i386", 102, ARGS(12), "socketcall(recvfrom)" },
	{ "i386", 102, ARGS(5), "socketcall(accept)" },
	{ "i386", 102, ARGS(0), "socketcall(0)" },
	{ "i386", 102, ARGS(99), "socketcall(99)" },
	{ "i386", 102, HOSTILE, "socketcall(-1)" },
	{ "i386", 117, ARGS(1), "ipc(semop)" },
	{ "i386", 117, ARGS(0x10000 | 12), "ipc(msgrcv)" },
	{ "i386", 117, ARGS(5), "ipc(5)" },
	{ "i386", 117, HOSTILE, "ipc(65535)" },
	{ "x86_64", 257, ARGS(3), "openat" },
	{ "x86_64", 999, ARGS(0), "syscall 999" },
	{ "x86_64", 400, ARGS(0), "syscall 400" },
	{ "x86_64", -1, ARGS(0), "syscall -1" },
	{ "x86_64", LONG_MIN, HOSTILE, "syscall -9223372036854775808" },
	{ "x86_64", LONG_MAX, HOSTILE, "syscall 9223372036854775807" },
	{ "riscv32", 115, ARGS(1, 0), "syscall 115" },
	{ "sparc64", 0, ARGS(3), "syscall 0" },
	{ NULL, 230, ARGS(1, 0), "syscall 230" },
	{ "amd64", 230, ARGS(1, 0), "clock_nanosleep(CLOCK_MONOTONIC, relative)" },
	{ "aarch64", 98, ARGS(0, 128), "futex(FUTEX_WAIT_PRIVATE)" },
};

START_TEST(test_describe)
{
	const struct describe_case *c = &describe_cases[_i];
	char buf[128];
	int n;

	memset(buf, 'x', sizeof(buf));
	n = syscall_describe(c->arch, c->nr, c->args, buf, sizeof(buf));
	ck_assert_str_eq(buf, c->text);
	ck_assert_int_eq(n, (int)strlen(c->text));
}
END_TEST

START_TEST(test_describe_no_args)
{
	char buf[64];

	syscall_describe("x86_64", 230, NULL, buf, sizeof(buf));
	ck_assert_str_eq(buf, "clock_nanosleep");
	syscall_describe("x86_64", 999, NULL, buf, sizeof(buf));
	ck_assert_str_eq(buf, "syscall 999");
}
END_TEST

/* Short buffers: cut, NUL-terminated, never written past len. */
static const size_t short_lens[] = { 0, 1, 2, 8, 16, 41, 42, 43 };

START_TEST(test_describe_short)
{
	static const unsigned long args[6] = { 1, 0 };
	static const char full[] = "clock_nanosleep(CLOCK_MONOTONIC, relative)";
	size_t len = short_lens[_i];
	char buf[64];
	size_t i;
	int n;

	memset(buf, '#', sizeof(buf));
	n = syscall_describe("x86_64", 230, args, len ? buf : NULL, len);
	ck_assert_int_eq(n, (int)strlen(full));
	for (i = len; i < sizeof(buf); i++)
		ck_assert_msg(buf[i] == '#', "len %zu: byte %zu written", len, i);
	if (!len)
		return;
	ck_assert_uint_eq(strlen(buf), len - 1 < strlen(full) ? len - 1 : strlen(full));
	ck_assert(!strncmp(buf, full, strlen(buf)));
}
END_TEST

START_TEST(test_describe_tiny)
{
	static const unsigned long args[6] = { 0, 128 };
	char buf[8];
	int n;

	n = syscall_describe("x86_64", 202, args, buf, 1);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(n, (int)strlen("futex(FUTEX_WAIT_PRIVATE)"));
	n = syscall_describe("x86_64", 202, args, buf, sizeof(buf));
	ck_assert_str_eq(buf, "futex(F");
	ck_assert_int_eq(n, 25);
	n = syscall_describe("x86_64", 999, args, buf, sizeof(buf));
	ck_assert_str_eq(buf, "syscall");
	ck_assert_int_eq(n, 11);
	ck_assert_int_eq(syscall_describe("x86_64", 202, args, NULL, 0), 25);
}
END_TEST

/* Every number of every table, hostile arguments, every short length. */
START_TEST(test_describe_hostile)
{
	static const unsigned long values[] = {
		0, 1, 0x7f, 0x80, 0xff, 0x1ff, 0x7fffffff, 0x80000000UL,
		0xffffffffUL, 0x100000000UL, LONG_MAX, (unsigned long)LONG_MIN, ~0UL,
	};
	const struct syscall_table *t = &syscall_tables[_i];
	unsigned long args[6];
	char full[256], buf[64 + 8];
	size_t v, len;
	long nr;
	int n, m;

	for (nr = -2; nr <= (long)t->nr_slots + 1; nr++) {
		for (v = 0; v < ARRAY_LEN(values); v++) {
			for (n = 0; n < 6; n++)
				args[n] = values[(v + n) % ARRAY_LEN(values)];
			n = syscall_describe(t->arch, nr, args, full, sizeof(full));
			ck_assert(n > 0 && (size_t)n < sizeof(full));
			ck_assert_int_eq(n, (int)strlen(full));
			for (len = 0; len <= 64; len += 7) {
				memset(buf, '#', sizeof(buf));
				m = syscall_describe(t->arch, nr, args, buf, len);
				ck_assert_int_eq(m, n);
				ck_assert(buf[len] == '#');
				if (len)
					ck_assert(!strncmp(buf, full, len - 1) &&
						  strlen(buf) < len);
			}
		}
	}
}
END_TEST

struct futex_case {
	unsigned long	op;
	const char	*text;
};

static const struct futex_case futex_cases[] = {
	{ 0,		"FUTEX_WAIT" },
	{ 128,		"FUTEX_WAIT_PRIVATE" },
	{ 6,		"FUTEX_LOCK_PI" },
	{ 13 | 128,	"FUTEX_LOCK_PI2_PRIVATE" },
	{ 9 | 128 | 256, "FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME" },
	{ 256,		"FUTEX_WAIT|FUTEX_CLOCK_REALTIME" },
	{ 127,		"127" },
	{ 0x80000000UL | 1, "FUTEX_WAKE|0x80000000" },
	{ ~0UL,		"127|FUTEX_PRIVATE_FLAG|FUTEX_CLOCK_REALTIME|0xfffffffffffffe00" },
};

START_TEST(test_futex_op)
{
	const struct futex_case *c = &futex_cases[_i];
	unsigned long args[6] = { 0x1000, c->op };
	char buf[160], want[160];
	int n;

	snprintf(want, sizeof(want), "futex(%s)", c->text);
	n = syscall_describe("x86_64", 202, args, buf, sizeof(buf));
	ck_assert_str_eq(buf, want);
	ck_assert_int_eq(n, (int)strlen(want));
}
END_TEST

struct clock_case {
	unsigned long	id;
	const char	*name;
};

static const struct clock_case clock_cases[] = {
	{ 0, "CLOCK_REALTIME" },	{ 1, "CLOCK_MONOTONIC" },
	{ 2, "CLOCK_PROCESS_CPUTIME_ID" }, { 3, "CLOCK_THREAD_CPUTIME_ID" },
	{ 4, "CLOCK_MONOTONIC_RAW" },	{ 5, "CLOCK_REALTIME_COARSE" },
	{ 6, "CLOCK_MONOTONIC_COARSE" }, { 7, "CLOCK_BOOTTIME" },
	{ 8, "CLOCK_REALTIME_ALARM" },	{ 9, "CLOCK_BOOTTIME_ALARM" },
	{ 10, NULL },			{ 11, "CLOCK_TAI" },
	{ 12, NULL },			{ 0x100000001UL, NULL },
	{ ~0UL, NULL },			{ (unsigned long)-6L, NULL },
};

START_TEST(test_clock_name)
{
	const struct clock_case *c = &clock_cases[_i];
	const char *name = clock_id_name(c->id);

	if (c->name)
		ck_assert_str_eq(name, c->name);
	else
		ck_assert_ptr_null(name);
}
END_TEST

static int nr_tables(void)
{
	int n = 0;

	while (syscall_tables[n].arch)
		n++;
	return n;
}

/**
 * syscall_decode_suite - the Check suite of syscall_names and syscall_decode
 *
 * Return: a new suite, for srunner_create() or srunner_add_suite().
 */
Suite *syscall_decode_suite(void)
{
	Suite *s = suite_create("syscall_decode");
	TCase *names = tcase_create("names");
	TCase *words = tcase_create("describe");

	tcase_add_loop_test(names, test_name, 0, ARRAY_LEN(name_cases));
	tcase_add_loop_test(names, test_number, 0, ARRAY_LEN(name_cases));
	tcase_add_loop_test(names, test_number_missing, 0, ARRAY_LEN(number_cases));
	tcase_add_loop_test(names, test_round_trip, 0, nr_tables());
	tcase_add_loop_test(names, test_arch, 0, ARRAY_LEN(arch_cases));
	suite_add_tcase(s, names);

	/* a hang guard: test_describe_hostile makes some 10^5 calls per table */
	tcase_set_timeout(words, 120);
	tcase_add_loop_test(words, test_describe, 0, ARRAY_LEN(describe_cases));
	tcase_add_test(words, test_describe_no_args);
	tcase_add_loop_test(words, test_describe_short, 0, ARRAY_LEN(short_lens));
	tcase_add_test(words, test_describe_tiny);
	tcase_add_loop_test(words, test_describe_hostile, 0, nr_tables());
	tcase_add_loop_test(words, test_futex_op, 0, ARRAY_LEN(futex_cases));
	tcase_add_loop_test(words, test_clock_name, 0, ARRAY_LEN(clock_cases));
	suite_add_tcase(s, words);
	return s;
}

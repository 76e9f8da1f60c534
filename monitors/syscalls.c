/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call numbers the monitors look at, per architecture
 * (semantics.md section 4; epoll_wait for the 7.1 profile).
 */
#include "monitor.h"

static const struct rv_syscalls rv_syscalls_x86_64 = {
	.arch = "x86_64", .clock_nanosleep = 230, .clock_nanosleep_time64 = -1,
	.futex = 202, .futex_time64 = -1, .sched_setscheduler = 144, .epoll_wait = 232,
};

static const struct rv_syscalls rv_syscalls_i386 = {
	.arch = "i386", .clock_nanosleep = 267, .clock_nanosleep_time64 = 407,
	.futex = 240, .futex_time64 = 422, .sched_setscheduler = 156, .epoll_wait = 256,
};

/* The generic table of asm-generic/unistd.h: no epoll_wait there. */
static const struct rv_syscalls rv_syscalls_riscv64 = {
	.arch = "riscv64", .clock_nanosleep = 115, .clock_nanosleep_time64 = -1,
	.futex = 98, .futex_time64 = -1, .sched_setscheduler = 119, .epoll_wait = -1,
};

static const struct rv_syscalls rv_syscalls_arm64 = {
	.arch = "arm64", .clock_nanosleep = 115, .clock_nanosleep_time64 = -1,
	.futex = 98, .futex_time64 = -1, .sched_setscheduler = 119, .epoll_wait = -1,
};

static const struct rv_syscalls rv_syscalls_riscv32 = {
	.arch = "riscv32", .clock_nanosleep = -1, .clock_nanosleep_time64 = 407,
	.futex = -1, .futex_time64 = 422, .sched_setscheduler = 119, .epoll_wait = -1,
};

const struct rv_syscalls *const rv_syscall_tables[] = {
	&rv_syscalls_x86_64,
	&rv_syscalls_i386,
	&rv_syscalls_riscv64,
	&rv_syscalls_riscv32,
	&rv_syscalls_arm64,
	NULL,
};

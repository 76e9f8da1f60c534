/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System calls in words, for reports: what a task was blocked in when it
 * slept, e.g. "clock_nanosleep(CLOCK_MONOTONIC, relative)",
 * "futex(FUTEX_WAIT_PRIVATE)" or "read(fd 3)".
 *
 * Every function writes like snprintf: at most len bytes, NUL-terminated
 * when len > 0, and returns the length the whole text has, so a return
 * value >= len means it was cut. Any argument value is accepted.
 */
#ifndef SYSCALL_DECODE_H
#define SYSCALL_DECODE_H

#include <stddef.h>

int syscall_describe(const char *arch, long nr, const unsigned long args[6],
		     char *buf, size_t len);
const char *clock_id_name(unsigned long id);

#endif /* SYSCALL_DECODE_H */

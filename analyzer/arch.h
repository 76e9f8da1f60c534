/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace's architecture: from its uname, or --arch; and what it means
 * for the monitors (their system call numbers).
 */
#ifndef ARCH_H
#define ARCH_H

#include "monitor.h"

const struct rv_syscalls *arch_syscalls(const char *name);

#endif

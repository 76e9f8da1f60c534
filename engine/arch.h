/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace's architecture: from its uname, or --arch; its system call
 * names and numbers; and what it means for the monitors (the numbers of
 * the calls they look at). One generated table, one lookup.
 *
 * An architecture is named as uname -m or Debian says it: "x86_64" or
 * "amd64"; "i386", "i486", "i586", "i686" or "x86"; "arm64" or "aarch64";
 * "riscv64"; "riscv32". Case does not matter.
 */
#ifndef ARCH_H
#define ARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "monitor.h"

bool syscall_arch_known(const char *arch);
const char *syscall_arch_canonical(const char *arch);
const char *syscall_name(const char *arch, long nr);
long syscall_number(const char *arch, const char *name);
const struct rv_syscalls *arch_syscalls(const char *name);

struct trace_input;
const char *arch_infer(const struct trace_input *in, char *evidence, size_t len);

#endif

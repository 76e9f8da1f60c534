/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace's architecture: from its uname, or --arch, or what the trace
 * shows (arch_infer()); its system call names and numbers; and what it
 * means for the monitors (the numbers of the calls they look at). One
 * generated table, one lookup.
 *
 * An architecture is named as uname -m or Debian says it, in any case:
 * "x86_64" or "amd64"; "i386", "i486", "i586", "i686" or "x86"; "arm64" or
 * "aarch64"; "riscv64"; "riscv32"; "arm", "armhf", "armel" or a
 * little-endian "armv*" ("armv7l", "armv5tel", "armv8l"...); "ppc64",
 * "ppc64le", "ppc64el", "powerpc64" or "powerpc64le"; "s390x".
 */
#ifndef ARCH_H
#define ARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "monitor.h"

/* The supported architectures, as messages list them. */
#define ARCH_NAMES	"x86_64, i386, arm64, arm, riscv64, riscv32, ppc64 or s390x"

/* Most marks (event systems or kallsyms symbols) a trace can show. */
#define ARCH_MAX_MARKS	16

/**
 * struct arch_facts - what a trace shows of its kernel's architecture
 * @kernel_long: the kernel's long, 4 or 8 bytes
 * @big_endian: the kernel's byte order
 * @systems: event systems only some architectures have, NULL-ended
 * @symbols: kallsyms symbols only some architectures have, NULL-ended
 */
struct arch_facts {
	int		kernel_long;
	bool		big_endian;
	const char	*systems[ARCH_MAX_MARKS + 1];
	const char	*symbols[ARCH_MAX_MARKS + 1];
};

/* How an --arch fits a trace's kernel (arch_fit()). */
enum arch_fit {
	ARCH_FITS,
	ARCH_FITS_COMPAT,	/* a 32-bit ABI on a 64-bit kernel: its compat tasks */
	ARCH_CONTRADICTS,
};

const char *syscall_arch_canonical(const char *arch);
const char *syscall_name(const char *arch, long nr);
long syscall_number(const char *arch, const char *name);
const struct rv_syscalls *arch_syscalls(const char *name);
enum arch_fit arch_fit(const char *arch, int kernel_long, bool big_endian, char *why,
		       size_t len);

struct trace_input;
void arch_facts_of(const struct trace_input *in, struct arch_facts *facts);
const char *arch_infer_facts(const struct arch_facts *facts, char *evidence, size_t len);
const char *arch_infer(const struct trace_input *in, char *evidence, size_t len);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* Where the watcher runs: --cpus, a normal priority (watcher_place.c). */
#ifndef WATCHER_PLACE_H
#define WATCHER_PLACE_H

#include <sched.h>	/* cpu_set_t: the includer defines _GNU_SOURCE */
#include <stddef.h>

int watcher_cpus_parse(const char *s, cpu_set_t *set);
int watcher_place(const cpu_set_t *cpus, char *err, size_t len);

#endif

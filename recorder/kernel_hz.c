// SPDX-License-Identifier: GPL-2.0-only
/*
 * The running kernel's CONFIG_HZ, which no trace event records and the
 * monitors with clocks in jiffies (stall) need: from its build
 * configuration, /proc/config.gz or /boot/config-RELEASE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <tracefs.h>
#include <zlib.h>

#include "task_metadata.h"

/* "CONFIG_HZ=250" in a line; 0 otherwise. */
static unsigned int hz_of(const char *line)
{
	static const char key[] = "CONFIG_HZ=";
	unsigned long hz;
	char *end;

	if (strncmp(line, key, sizeof(key) - 1))
		return 0;
	hz = strtoul(line + sizeof(key) - 1, &end, 10);
	return (*end == '\n' || !*end) && hz > 0 && hz <= 100000 ? (unsigned int)hz : 0;
}

/* CONFIG_HZ in a configuration file, plain or gzipped (gzread reads both). */
static unsigned int hz_in(const char *path)
{
	gzFile f = gzopen(path, "rb");
	unsigned int hz = 0;
	char line[256];

	if (!f)
		return 0;
	while (!hz && gzgets(f, line, sizeof(line)))
		hz = hz_of(line);
	gzclose(f);
	return hz;
}

/**
 * kernel_hz() - the running kernel's CONFIG_HZ
 *
 * Return: it, or 0 when its configuration cannot be read.
 */
unsigned int kernel_hz(void)
{
	char path[128];
	struct utsname u;
	unsigned int hz = hz_in("/proc/config.gz");

	if (hz || uname(&u))
		return hz;
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	return hz_in(path);
}

/**
 * kernel_metadata_write() - the kernel's HZ as one trace_marker line
 * @inst: the recording's instance, tracing on
 *
 * "rvreplay-kernel: hz=250" (parsers/events/trace_marker.c), nothing when
 * the configuration cannot be read: the replay then asks for --hz.
 *
 * Return: 0, or -1 when the line could not be written.
 */
int kernel_metadata_write(struct tracefs_instance *inst)
{
	unsigned int hz = kernel_hz();

	if (!hz)
		return 0;
	return tracefs_printf(inst, "rvreplay-kernel: hz=%u\n", hz) < 0 ? -1 : 0;
}

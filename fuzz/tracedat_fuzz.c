// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of the container reader alone: tracedat_open(), then
 * every section, text, event format and CPU's data of every buffer read.
 */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "tracedat.h"

static int on_format(void *data, const char *system, const char *format, size_t len)
{
	unsigned char *sum = data;

	for (size_t i = 0; i < len; i++)
		*sum ^= format[i];
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tracedat *td;
	unsigned char sum = 0;
	char err[256], *text;
	size_t len;
	void *bytes;

	if (tracedat_open(fuzz_file(data, size), &td, err, sizeof(err)))
		return 0;
	for (int s = 0; s < TRACEDAT_NR_SECTIONS; s++)
		if (!tracedat_read_section(td, s, &bytes, &len, err, sizeof(err)))
			free(bytes);
	for (int t = TRACEDAT_TEXT_HEADER_PAGE; t <= TRACEDAT_TEXT_CMDLINES; t++)
		if (!tracedat_read_text(td, t, &text, &len, err, sizeof(err)))
			free(text);
	tracedat_for_each_format(td, on_format, &sum, err, sizeof(err));
	for (int b = 0; b < td->nr_buffers; b++)
		for (int c = 0; c < td->buffers[b].nr_cpus; c++)
			if (!tracedat_read_cpu(td, &td->buffers[b], c, &bytes, &len, err,
					       sizeof(err)))
				free(bytes);
	tracedat_close(td);
	return 0;
}

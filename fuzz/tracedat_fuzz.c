// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of the container as `rvreplay FILE` reads it, before
 * libtraceevent parses anything: the one open of the file and its checks
 * (trace_file_open(): the container mapped, every section in --max-inflated,
 * the texts libtraceevent will parse), the metadata the reports print, the
 * kallsyms check, the page check libtracecmd's reader depends on, and the
 * fast reader's CPU streams of every buffer. Records and formats are
 * trace_input_fuzz.c's.
 */
#include <stdint.h>

#include "fast_reader.h"
#include "fuzz_file.h"
#include "trace_file.h"
#include "trace_meta.h"

/* The fast reader's streams of one buffer, opened as a replay opens them. */
static void open_streams(struct trace_file *f, const char *buffer)
{
	struct fast_reader *fr;
	char err[TRACE_ERR_LEN];

	if (!fast_reader_open(f, buffer, &fr, err))
		fast_reader_close(fr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace_meta meta;
	struct trace_file *f;
	char err[TRACE_ERR_LEN];

	if (trace_file_open(fuzz_file(data, size), 0, &f, err, sizeof(err)))
		return 0;
	if (!trace_meta_fill(f->td, &meta))
		trace_meta_free(&meta);
	for (int b = 0; b < f->td->nr_buffers; b++)
		open_streams(f, f->td->buffers[b].name);
	trace_file_check_kallsyms(f, err, sizeof(err));
	trace_file_check_data(f, err, sizeof(err));
	trace_file_close(f);
	return 0;
}

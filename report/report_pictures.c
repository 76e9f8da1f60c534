// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pictures of a replay (report_pictures.h): the verdicts' tap, the
 * second pass over the records, the files written.
 */
#include <string.h>

#include "report_pictures.h"

#define PASS_STOP	1	/* neither picture needs more records */

static void on_verdict(void *data, const struct report *rep, const struct verdict *v,
		       const char *reason)
{
	struct report_pictures *p = data;

	if (p->html)
		windows_verdict(&p->windows, rep, v, reason);
	if (p->chrome)
		chrome_verdict(p->chrome, rep, v, reason);
	if (p->perfetto)
		perfetto_verdict(p->perfetto, rep, v, reason);
}

/**
 * pictures_init() - ready to draw: the Chrome and Perfetto traces' headers
 *		     are written
 * @p: the pictures
 * @out: their files
 * @opts: the report's options (their tap is @p->tap)
 * @in: the trace
 * @from: --from, in ns
 * @to: --to, in ns
 *
 * Return: 0, or -1 when memory runs out.
 */
int pictures_init(struct report_pictures *p, const struct picture_outputs *out,
		  const struct report_options *opts, struct trace_input *in, uint64_t from,
		  uint64_t to)
{
	memset(p, 0, sizeof(*p));
	p->html = out->html;
	p->tap.verdict = on_verdict;
	p->tap.data = p;
	if (out->chrome) {
		p->chrome = chrome_new(out->chrome, opts, in, from, to);
		if (!p->chrome)
			return -1;
	}
	if (out->perfetto) {
		p->perfetto = perfetto_new(out->perfetto, in, from, to);
		if (!p->perfetto)
			return -1;
	}
	return 0;
}

static int on_record(void *data, const struct trace_record *rec)
{
	struct report_pictures *p = data;

	if (p->html)
		windows_record(&p->windows, rec);
	if (p->chrome)
		chrome_record(p->chrome, rec);
	if (p->perfetto)
		perfetto_record(p->perfetto, rec);
	p->last_ts = rec->ts;
	p->records++;
	if ((!p->html || windows_done(&p->windows)) && (!p->chrome || chrome_done(p->chrome)) &&
	    (!p->perfetto || perfetto_done(p->perfetto)))
		return PASS_STOP;
	return 0;
}

/* The second pass: only when a picture needs records. */
static int pass(struct report_pictures *p, struct report *rep)
{
	int ret;

	if (p->html && (windows_choose(&p->windows, rep) ||
			windows_pass_begin(&p->windows, rep->in)))
		return -1;
	if ((!p->html || !p->windows.nr) && !p->chrome && !p->perfetto)
		return 0;
	ret = trace_input_iterate(rep->in, on_record, p);
	if ((ret && ret != PASS_STOP) || !p->records)
		return -1;
	if (p->html)
		windows_pass_end(&p->windows, p->last_ts);
	return 0;
}

/**
 * pictures_write() - the second pass, then the pictures written
 * @p: the pictures
 * @rep: the report, after report_end()
 * @stats: the replay's figures
 * @err: what went wrong
 * @len: its size
 *
 * Return: 0, or -1 with @err set.
 */
int pictures_write(struct report_pictures *p, struct report *rep,
		   const struct replay_stats *stats, char *err, size_t len)
{
	if (p->windows.oom || pass(p, rep)) {
		snprintf(err, len, "out of memory, or the trace cannot be read again, drawing it");
		return -1;
	}
	if (p->html && html_write(p->html, rep, stats, &p->windows)) {
		snprintf(err, len, "the HTML report cannot be written");
		return -1;
	}
	if (p->chrome && chrome_end(p->chrome)) {
		snprintf(err, len, "the Chrome trace cannot be written");
		return -1;
	}
	if (p->perfetto && perfetto_end(p->perfetto)) {
		snprintf(err, len, "the Perfetto trace cannot be written, or memory ran out");
		return -1;
	}
	return 0;
}

/**
 * pictures_release() - free what the pictures kept
 * @p: the pictures
 */
void pictures_release(struct report_pictures *p)
{
	windows_release(&p->windows);
	chrome_free(p->chrome);
	p->chrome = NULL;
	perfetto_free(p->perfetto);
	p->perfetto = NULL;
}

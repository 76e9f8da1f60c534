// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast trace reader's records against libtracecmd's: every record of
 * every bundled trace identical (each field of struct trace_record, and
 * the line trace_input_format() prints for it), and a callback's stop.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "trace_input.h"
#include "tracedat_fixture.h"

#define FORMAT_EVERY	7	/* records formatted again by both readers */

struct saved {
	struct trace_record	rec;
	char			*print;		/* a copy of print.buf */
};

struct recording {
	struct saved		*recs;
	size_t			nr;
	size_t			cap;
	size_t			checked;	/* the fast reader's records compared */
	const char		*path;
};

static int save(void *data, const struct trace_record *rec)
{
	struct recording *r = data;
	struct saved *s;

	if (r->nr == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 1024;
		r->recs = realloc(r->recs, r->cap * sizeof(*r->recs));
		ck_assert_ptr_nonnull(r->recs);
	}
	s = &r->recs[r->nr++];
	s->rec = *rec;
	s->print = NULL;
	if (rec->kind == TRACE_PRINT) {
		s->print = malloc(rec->print.len + 1);
		ck_assert_ptr_nonnull(s->print);
		memcpy(s->print, rec->print.buf, rec->print.len);
		s->print[rec->print.len] = '\0';
	}
	return 0;
}

static void same_task(const struct trace_task_ref *a, const struct trace_task_ref *b)
{
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_int_eq(a->prio, b->prio);
	ck_assert_str_eq(a->comm, b->comm);
}

/* Every field the record's kind gives meaning to. */
static void same_record(const struct saved *s, const struct trace_record *b)
{
	const struct trace_record *a = &s->rec;

	ck_assert_int_eq(a->kind, b->kind);
	ck_assert_int_eq(a->cpu, b->cpu);
	ck_assert_uint_eq(a->ts, b->ts);
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_uint_eq(a->flags, b->flags);
	ck_assert_int_eq(a->missed, b->missed);
	ck_assert_uint_eq(a->ref.offset, b->ref.offset);
	ck_assert_int_eq(a->ref.cpu, b->ref.cpu);
	switch (a->kind) {
	case TRACE_SWITCH:
		same_task(&a->sw.prev, &b->sw.prev);
		same_task(&a->sw.next, &b->sw.next);
		ck_assert_int_eq(a->sw.prev_state, b->sw.prev_state);
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		same_task(&a->wake, &b->wake);
		break;
	case TRACE_FORK:
		same_task(&a->fork.parent, &b->fork.parent);
		same_task(&a->fork.child, &b->fork.child);
		break;
	case TRACE_EXIT:
	case TRACE_FREE:
	case TRACE_KTHREAD_STOP:
		same_task(&a->task, &b->task);
		break;
	case TRACE_PI_SETPRIO:
		same_task(&a->pi.task, &b->pi.task);
		ck_assert_int_eq(a->pi.oldprio, b->pi.oldprio);
		ck_assert_int_eq(a->pi.newprio, b->pi.newprio);
		break;
	case TRACE_SYS_ENTER:
		ck_assert_int_eq(a->sys_enter.id, b->sys_enter.id);
		ck_assert_mem_eq(a->sys_enter.args, b->sys_enter.args, sizeof(a->sys_enter.args));
		break;
	case TRACE_SYS_EXIT:
		ck_assert_int_eq(a->sys_exit.id, b->sys_exit.id);
		ck_assert_int_eq(a->sys_exit.ret, b->sys_exit.ret);
		break;
	case TRACE_CONTENTION_BEGIN:
	case TRACE_CONTENTION_END:
		ck_assert_uint_eq(a->contention.lock, b->contention.lock);
		ck_assert_uint_eq(a->contention.flags, b->contention.flags);
		break;
	case TRACE_FAULT_USER:
	case TRACE_FAULT_KERNEL:
		ck_assert_uint_eq(a->fault.address, b->fault.address);
		ck_assert_uint_eq(a->fault.ip, b->fault.ip);
		ck_assert_uint_eq(a->fault.error_code, b->fault.error_code);
		break;
	case TRACE_PRINT:
		ck_assert_uint_eq(a->print.len, b->print.len);
		ck_assert_mem_eq(s->print, b->print.buf, b->print.len);
		break;
	case TRACE_RV_EVENT:
	case TRACE_RV_ERROR:
		ck_assert_str_eq(a->rv.system, b->rv.system);
		ck_assert_str_eq(a->rv.monitor, b->rv.monitor);
		same_task(&a->rv.task, &b->rv.task);
		ck_assert_str_eq(a->rv.states, b->rv.states);
		ck_assert_str_eq(a->rv.atoms, b->rv.atoms);
		ck_assert_str_eq(a->rv.next, b->rv.next);
		break;
	default:
		break;
	}
}

static int compare(void *data, const struct trace_record *rec)
{
	struct recording *r = data;

	ck_assert_msg(r->checked < r->nr, "%s: the fast reader gives more records", r->path);
	same_record(&r->recs[r->checked++], rec);
	return 0;
}

static struct trace_input *open_reader(const char *path, const char *buffer,
				       enum trace_reader reader)
{
	struct trace_input *in;
	char err[TRACE_ERR_LEN];

	ck_assert_msg(!fixture_open_reader(path, buffer, reader, &in, err), "%s: %s", path,
		      err);
	ck_assert_int_eq(trace_input_reader(in), reader);
	return in;
}

static void same_formats(struct trace_input *ref, struct trace_input *fast,
			 const struct recording *r)
{
	char a[1024], b[1024];

	for (size_t i = 0; i < r->nr; i++) {
		if (i % FORMAT_EVERY && !r->recs[i].rec.missed)
			continue;
		ck_assert_int_eq(trace_input_format(ref, &r->recs[i].rec.ref, a, sizeof(a)),
				 trace_input_format(fast, &r->recs[i].rec.ref, b, sizeof(b)));
		ck_assert_str_eq(a, b);
	}
}

static void same_records(const char *path, const char *buffer)
{
	struct trace_input *ref = open_reader(path, buffer, TRACE_READER_LIBTRACECMD);
	struct trace_input *fast = open_reader(path, buffer, TRACE_READER_FAST);
	struct recording r = { .path = path };

	ck_assert_int_eq(trace_input_iterate(ref, save, &r), 0);
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_msg(r.checked == r.nr, "%s: the fast reader gives %zu records of %zu", path,
		      r.checked, r.nr);
	same_formats(ref, fast, &r);
	/* a second pass starts again from the first record */
	r.checked = 0;
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_uint_eq(r.checked, r.nr);
	for (size_t i = 0; i < r.nr; i++)
		free(r.recs[i].print);
	free(r.recs);
	trace_input_close(ref);
	trace_input_close(fast);
}

START_TEST(records_as_libtracecmd)
{
	glob_t g;

	bundled_traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++)
		same_records(g.gl_pathv[i], NULL);
	globfree(&g);
	same_records("tests/data/tracedat/named-v6.dat", "td-named");
	same_records("tests/data/tracedat/named-v7-zstd.dat", "td-named");
}
END_TEST

static int stop_at_third(void *data, const struct trace_record *rec)
{
	int *n = data;

	return ++*n == 3 ? 7 : 0;
}

START_TEST(callback_stops_both)
{
	enum trace_reader readers[] = { TRACE_READER_LIBTRACECMD, TRACE_READER_FAST };

	for (int i = 0; i < 2; i++) {
		struct trace_input *in = open_reader("traces/nanosleep.dat", NULL, readers[i]);
		int n = 0;

		ck_assert_int_eq(trace_input_iterate(in, stop_at_third, &n), 7);
		ck_assert_int_eq(n, 3);
		trace_input_close(in);
	}
}
END_TEST

/**
 * trace_records_suite - the tests of the fast reader's records against libtracecmd's
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *trace_records_suite(void)
{
	Suite *s = suite_create("trace_records");
	TCase *records = tcase_create("records");

	tcase_add_test(records, records_as_libtracecmd);
	tcase_add_test(records, callback_stops_both);
	tcase_set_timeout(records, 240);
	suite_add_tcase(s, records);
	return s;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test fixture: records kept and compared (record_fixture.h). Every
 * helper fails the running test (ck_assert) rather than return an error.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "record_fixture.h"

/**
 * recording_save - a trace_record_fn keeping every record
 * @data: a struct recording
 * @rec: the record, copied (a marker's text too)
 *
 * Returns 0: go on.
 */
int recording_save(void *data, const struct trace_record *rec)
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

/**
 * recording_free - release what a recording kept
 * @r: the recording
 */
void recording_free(struct recording *r)
{
	for (size_t i = 0; i < r->nr; i++)
		free(r->recs[i].print);
	free(r->recs);
	r->recs = NULL;
	r->nr = 0;
	r->cap = 0;
}

static void same_task(const struct trace_task_ref *a, const struct trace_task_ref *b)
{
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_int_eq(a->prio, b->prio);
	ck_assert_str_eq(a->comm, b->comm);
}

/**
 * same_record - a record equals a kept one in every field its kind gives meaning to
 * @s: the kept record
 * @b: the record
 * @offsets: compare the records' offsets too
 */
void same_record(const struct saved *s, const struct trace_record *b, bool offsets)
{
	const struct trace_record *a = &s->rec;

	ck_assert_int_eq(a->kind, b->kind);
	ck_assert_int_eq(a->cpu, b->cpu);
	ck_assert_uint_eq(a->ts, b->ts);
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_uint_eq(a->flags, b->flags);
	ck_assert_int_eq(a->missed, b->missed);
	if (offsets)
		ck_assert_uint_eq(a->ref.offset, b->ref.offset);
	ck_assert_int_eq(a->ref.cpu, b->ref.cpu);
	ck_assert_uint_eq(a->ref.ts, b->ref.ts);
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

/**
 * same_saved - two kept records are equal in every field their kind gives meaning to
 * @a: one
 * @b: the other
 * @offsets: compare the records' offsets too
 */
void same_saved(const struct saved *a, const struct saved *b, bool offsets)
{
	struct trace_record r = b->rec;

	if (r.kind == TRACE_PRINT)
		r.print.buf = b->print;
	same_record(a, &r, offsets);
}

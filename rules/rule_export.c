// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule written out for a kernel (rvreplay spec export): what the
 * kernel's rvgen takes and makes, in the kernel tree's places:
 *
 *   tools/verification/models/NAME.ltl (or .dot)   the rule, its bindings as comments
 *   kernel/trace/rv/monitors/NAME/NAME.h           the automaton, as ltlc or dotc write it
 *   kernel/trace/rv/monitors/NAME/NAME.c           the monitor: its handlers do what the
 *                                                  bindings say, each binding above its code
 *   kernel/trace/rv/monitors/NAME/Kconfig
 *   kernel/trace/rv/monitors/NAME/NAME_trace.h     its event_/error_ tracepoints
 *
 * and the three lines the kernel's own files need, which a person adds
 * (rvgen prints them too): printed by 'rvreplay spec export'.
 *
 * The C follows the 6.17 LTL monitor interface (include/rv/ltl_monitor.h)
 * and the DA one of da_monitor.h; it is the skeleton rvgen would write,
 * filled in: it must be read and built by a person (it is not built here).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "gen_file.h"
#include "ltl_emit.h"
#include "rule_c.h"
#include "rule_export.h"
#include "rule_monitor.h"

#define EXPR_LEN	1024
#define PATH_LEN	3072

/* What the kernel's tracepoint handler of each monitor event is. */
static const struct {
	const char	*tracepoints[2];	/* attached to the one handler */
	const char	*params;		/* after "void *data, " */
	const char	*task;			/* the instance's task in it */
	const char	*header;		/* the events' header */
} events[RV_NR_EVENTS] = {
	[RV_EV_PAGE_FAULT] = { { "page_fault_user", "page_fault_kernel" },
		"unsigned long address, struct pt_regs *regs, unsigned long error_code", "current",
		"trace/events/exceptions.h" },
	[RV_EV_SWITCH_OUT] = { { "sched_switch" }, "bool preempt, struct task_struct *prev, "
		"struct task_struct *next, unsigned int prev_state", "prev", "trace/events/sched.h" },
	[RV_EV_SWITCH_IN] = { { "sched_switch" }, "bool preempt, struct task_struct *prev, "
		"struct task_struct *next, unsigned int prev_state", "next", "trace/events/sched.h" },
	[RV_EV_WAKING] = { { "sched_waking" }, "struct task_struct *p", "p",
		"trace/events/sched.h" },
	[RV_EV_WAKEUP] = { { "sched_wakeup" }, "struct task_struct *p", "p",
		"trace/events/sched.h" },
	[RV_EV_CONTENTION_BEGIN] = { { "contention_begin" }, "void *lock, unsigned int flags",
		"current", "trace/events/lock.h" },
	[RV_EV_CONTENTION_END] = { { "contention_end" }, "void *lock, int ret", "current",
		"trace/events/lock.h" },
	[RV_EV_SYS_ENTER] = { { "sys_enter" }, "struct pt_regs *regs, long id", "current",
		"trace/events/syscalls.h" },
	[RV_EV_SYS_EXIT] = { { "sys_exit" }, "struct pt_regs *regs, long ret", "current",
		"trace/events/syscalls.h" },
	[RV_EV_KTHREAD_STOP] = { { "sched_kthread_stop" }, "struct task_struct *t", "t",
		"trace/events/sched.h" },
	[RV_EV_PREEMPT_DISABLE] = { { "preempt_disable" },
		"unsigned long ip, unsigned long parent_ip", "current", "trace/events/preemptirq.h" },
	[RV_EV_PREEMPT_ENABLE] = { { "preempt_enable" },
		"unsigned long ip, unsigned long parent_ip", "current", "trace/events/preemptirq.h" },
};

struct writer {
	const struct rule	*r;
	FILE			*out;
	char			buf[EXPR_LEN];
	char			seen[4096];	/* the system calls given a fallback */
};

static const char *c_of(struct writer *w, const struct rule_expr *e, const char *task)
{
	return rule_c_expr(e, task, w->buf, sizeof(w->buf));
}

static const char *atom_of(const struct rule *r, int i)
{
	return rv_atom_name(r->automaton, r->atom_of[i]);
}

static bool handles(const struct rule *r, int type)
{
	return r->m.on[type] != NULL;
}

/* The tracepoint's handler name: switch_out and switch_in share sched_switch's. */
static const char *handler_of(int type)
{
	return events[type].tracepoints[0];
}

/* Whether @type is the first event the rule handles that @same says is alike. */
static bool first_alike(const struct rule *r, int type, const char *(*same)(int type))
{
	if (!handles(r, type))
		return false;
	for (int k = 0; k < type; k++)
		if (handles(r, k) && !strcmp(same(k), same(type)))
			return false;
	return true;
}

static const char *header_of(int type)
{
	return events[type].header;
}

/* A system call this architecture lacks (futex_time64 on 64-bit ones) is no number. */
static void no_number(const char *name, void *arg)
{
	struct writer *w = arg;
	char mark[80];

	snprintf(mark, sizeof(mark), "#ifndef __NR_%s\n", name);
	if (strstr(w->seen, mark))
		return;
	if (strlen(w->seen) + strlen(mark) < sizeof(w->seen))
		strcat(w->seen, mark);
	fprintf(w->out, "%s#define __NR_%s (-1)\n#endif\n", mark, name);
}

static void missing_syscalls(struct writer *w)
{
	const struct rule *r = w->r;

	fprintf(w->out, "\n/* the system calls the bindings name, -1 where this architecture lacks one */\n");
	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];
		const struct rule_expr *all[] = { b->fact, b->on_if, b->off_if, b->value,
						  b->starts_if, b->initially };

		for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
			rule_c_syscalls(all[k], no_number, w);
	}
}

static void heading(struct writer *w)
{
	fprintf(w->out, "// SPDX-License-Identifier: GPL-2.0\n/*\n * %s: %s\n *\n"
		" * Exported by rvreplay from %s: each handler does what the rule's\n"
		" * bindings say, the binding as a comment above its code. Read it, and\n"
		" * check that each tracepoint's arguments are this kernel's, before\n"
		" * building it: it was not built where it was written.\n */\n",
		w->r->m.name, w->r->m.description, w->r->path);
	fprintf(w->out, "#include <linux/ftrace.h>\n#include <linux/init.h>\n"
		"#include <linux/kernel.h>\n#include <linux/module.h>\n#include <linux/rv.h>\n"
		"#include <linux/sched/rt.h>\n#include <linux/sched/deadline.h>\n"
		"#include <linux/string.h>\n#include <linux/tracepoint.h>\n"
		"#include <asm/syscall.h>\n#include <rv/instrumentation.h>\n\n"
		"#define MODULE_NAME \"%s\"\n\n#include <rv_trace.h>\n", w->r->m.name);
	for (int type = 0; type < RV_NR_EVENTS; type++)
		if (first_alike(w->r, type, header_of))
			fprintf(w->out, "#include <%s>\n", events[type].header);
	fprintf(w->out, "\n#include \"%s.h\"\n", w->r->m.name);
	missing_syscalls(w);
}

/* initially C ? V : unknown (or unknown : V): set only where the value is known. */
static void initially(struct writer *w, const struct rule_expr *e, const char *atom)
{
	char cond[EXPR_LEN];

	fprintf(w->out, "\t/* %s: initially, as bound */\n", atom);
	if (e->op == RO_COND && (e->l->op == RO_UNKNOWN) != (e->r->op == RO_UNKNOWN)) {
		rule_c_expr(e->cond, "task", cond, sizeof(cond));
		fprintf(w->out, "\tif (%s%s%s)\n\t\tltl_atom_set(mon, LTL_%s, %s);\n",
			e->l->op == RO_UNKNOWN ? "!(" : "", cond, e->l->op == RO_UNKNOWN ? ")" : "",
			atom, c_of(w, e->l->op == RO_UNKNOWN ? e->r : e->l, "task"));
		return;
	}
	fprintf(w->out, "\tltl_atom_set(mon, LTL_%s, %s);\n", atom, c_of(w, e, "task"));
}

/* ltl_atoms_fetch(): the facts; ltl_atoms_init(): pulses, states, initial values. */
static void ltl_atoms(struct writer *w)
{
	const struct rule *r = w->r;

	fprintf(w->out, "#include <rv/ltl_monitor.h>\n\n"
		"static void ltl_atoms_fetch(struct task_struct *task, struct ltl_monitor *mon)\n{\n");
	for (int i = 0; i < r->b.nr; i++)
		if (r->b.b[i].kind == RULE_FACT)
			fprintf(w->out, "\t/* %s = %s */\n\tltl_atom_set(mon, LTL_%s, %s);\n",
				atom_of(r, i), r->b.b[i].text, atom_of(r, i),
				c_of(w, r->b.b[i].fact, "task"));
	fprintf(w->out, "}\n\nstatic void ltl_atoms_init(struct task_struct *task, "
		"struct ltl_monitor *mon, bool task_creation)\n{\n");
	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (b->kind == RULE_PULSE)
			fprintf(w->out, "\tltl_atom_set(mon, LTL_%s, false);\n", atom_of(r, i));
		else if (b->kind != RULE_FACT)
			fprintf(w->out, "\tif (task_creation)\n\t\tltl_atom_set(mon, LTL_%s, false);\n",
				atom_of(r, i));
		if (b->initially)
			initially(w, b->initially, atom_of(r, i));
	}
	fprintf(w->out, "}\n\n");
}

/* One monitor event's block of an LTL rule: its atoms set, then one step or two. */
static void ltl_block(struct writer *w, int type)
{
	const struct rule *r = w->r;
	const char *task = events[type].task;

	fprintf(w->out, "\t{\n\t\tstruct ltl_monitor *mon = ltl_get_monitor(%s);\n"
		"\t\tbool step = false, pulsed = false;\n\n", task);
	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];
		const char *a = atom_of(r, i);

		if (b->on != type && b->off != type)
			continue;
		fprintf(w->out, "\t\t/* %s = %s */\n", a, b->text);
		if (b->on == type) {
			fprintf(w->out, "\t\tif (%s) {\n", b->on_if ? c_of(w, b->on_if, task) : "1");
			if (b->kind == RULE_VALUE)
				fprintf(w->out, "\t\t\tltl_atom_set(mon, LTL_%s, %s);\n", a,
					c_of(w, b->value, task));
			else
				fprintf(w->out, "\t\t\tltl_atom_set(mon, LTL_%s, true);\n", a);
			fprintf(w->out, "\t\t\t%s = true;\n\t\t}%s", b->kind == RULE_PULSE ?
				"pulsed" : "step", b->off == type ? " else " : "\n");
		}
		if (b->off == type)
			fprintf(w->out, "%sif (%s) {\n\t\t\tltl_atom_set(mon, LTL_%s, false);\n"
				"\t\t\tstep = true;\n\t\t}\n", b->on == type ? "" : "\t\t",
				b->off_if ? c_of(w, b->off_if, task) : "1", a);
	}
	fprintf(w->out, "\t\t/* one step with every atom set, as ltl_atom_update() steps */\n"
		"\t\tif (step || pulsed)\n\t\t\tltl_atom_update(%s, 0, test_bit(0, mon->atoms));\n",
		task);
	fprintf(w->out, "\t\t/* the pulses false again, and a second step (ltl_atom_pulse()) */\n"
		"\t\tif (pulsed) {\n");
	for (int i = 0; i < r->b.nr; i++)
		if (r->b.b[i].kind == RULE_PULSE && r->b.b[i].on == type)
			fprintf(w->out, "\t\t\tltl_atom_set(mon, LTL_%s, false);\n", atom_of(r, i));
	fprintf(w->out, "\t\t\tltl_validate(%s, mon);\n\t\t}\n\t}\n", task);
}

/* Whether an automaton's instances are no task's: da_handle_*() then take no task. */
static bool implicit(const struct rule *r)
{
	return r->is_da && r->m.instance != RV_PER_TASK;
}

/* One monitor event's block of an automaton rule: da_handle_*() as the bindings say. */
static void da_block(struct writer *w, int type)
{
	const struct rule *r = w->r;
	const char *task = events[type].task, *n = r->m.name;
	char whose[64];

	/* "task, " for a task's instance; nothing for a CPU's or the global one */
	snprintf(whose, sizeof(whose), "%s%s", implicit(r) ? "" : task, implicit(r) ? "" : ", ");

	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (b->on != type)
			continue;
		fprintf(w->out, "\t/* %s = %s */\n\tif (%s) {\n", atom_of(r, i), b->text,
			b->on_if ? c_of(w, b->on_if, task) : "1");
		if (b->starts)
			fprintf(w->out, "\t\tif (%s)\n\t\t\tda_handle_start_event_%s(%s%s_%s);\n"
				"\t\telse\n\t", b->starts_if ? c_of(w, b->starts_if, task) : "1", n,
				whose, atom_of(r, i), n);
		fprintf(w->out, "\t\tda_handle_event_%s(%s%s_%s);\n\t}\n", n, whose,
			atom_of(r, i), n);
	}
}

/* Each tracepoint's handler, its monitor events' blocks in it. */
static void handlers(struct writer *w)
{
	for (int type = 0; type < RV_NR_EVENTS; type++) {
		if (!first_alike(w->r, type, handler_of))
			continue;
		fprintf(w->out, "static void handle_%s(void *data, %s)\n{\n", handler_of(type),
			events[type].params);
		if (type == RV_EV_SYS_ENTER)
			fprintf(w->out, "\tunsigned long args[6];\n\n"
				"\tsyscall_get_arguments(current, regs, args);\n");
		for (int k = type; k < RV_NR_EVENTS; k++) {
			if (!handles(w->r, k) || strcmp(handler_of(k), handler_of(type)))
				continue;
			if (w->r->is_da)
				da_block(w, k);
			else
				ltl_block(w, k);
		}
		fprintf(w->out, "}\n\n");
	}
}

/* enable_NAME() / disable_NAME(): the probes attached and detached. */
static void attach(struct writer *w, bool on)
{
	const char *n = w->r->m.name;
	char init[96], destroy[96];

	if (w->r->is_da) {
		snprintf(init, sizeof(init), "da_monitor_init_%s()", n);
		snprintf(destroy, sizeof(destroy), "da_monitor_destroy_%s()", n);
	} else {
		snprintf(init, sizeof(init), "ltl_monitor_init()");
		snprintf(destroy, sizeof(destroy), "ltl_monitor_destroy()");
	}
	fprintf(w->out, on ? "static int enable_%s(void)\n{\n" : "static void disable_%s(void)\n{\n",
		n);
	if (on)
		fprintf(w->out, "\tint retval = %s;\n\n\tif (retval)\n\t\treturn retval;\n", init);
	for (int type = 0; type < RV_NR_EVENTS; type++) {
		for (int t = 0; t < 2 && first_alike(w->r, type, handler_of); t++)
			if (events[type].tracepoints[t])
				fprintf(w->out, "\trv_%s_trace_probe(\"%s\", %s, handle_%s);\n",
					on ? "attach" : "detach", n, events[type].tracepoints[t],
					handler_of(type));
	}
	if (on)
		fprintf(w->out, "\treturn 0;\n}\n\n");
	else
		fprintf(w->out, "\t%s;\n}\n\n", destroy);
}

static int emit_c(FILE *out, const void *arg)
{
	struct writer w = { .r = arg, .out = out };
	const char *n = w.r->m.name;

	heading(&w);
	if (w.r->is_da)
		fprintf(out, "#include <rv/da_monitor.h>\n\nstatic struct rv_monitor rv_%s;\n"
			"DECLARE_DA_MON_%s(%s, unsigned char);\n\n", n,
			w.r->m.instance == RV_PER_CPU ? "PER_CPU" : w.r->m.instance == RV_GLOBAL ?
			"GLOBAL" : "PER_TASK", n);
	else
		ltl_atoms(&w);
	if (w.r->is_da && w.r->da.hybrid)
		fprintf(out, "/*\n * A hybrid automaton: its clocks need Linux 7.1's rv/ha_monitor.h;\n"
			" * %s.h carries its invariants and resets in rvreplay's tables.\n */\n\n", n);
	handlers(&w);
	attach(&w, true);
	attach(&w, false);
	fprintf(out, "static struct rv_monitor rv_%s = {\n\t.name = \"%s\",\n"
		"\t.description = \"%s\",\n\t.enable = enable_%s,\n\t.disable = disable_%s,\n};\n\n"
		"static int __init register_%s(void)\n{\n\treturn rv_register_monitor(&rv_%s, NULL);\n"
		"}\n\nstatic void __exit unregister_%s(void)\n{\n\trv_unregister_monitor(&rv_%s);\n}\n\n"
		"module_init(register_%s);\nmodule_exit(unregister_%s);\n\nMODULE_LICENSE(\"GPL\");\n"
		"MODULE_DESCRIPTION(\"%s: %s\");\n", n, n, w.r->m.description, n, n, n, n, n, n, n, n,
		n, w.r->m.description);
	return ferror(out) ? -1 : 0;
}

static int emit_header(FILE *out, const void *arg)
{
	const struct rule *r = arg;
	struct ltl_model m = { .name = r->m.name, .source = r->path, .nnf = &r->ltl.nnf,
			       .graph = &r->ltl.graph };

	if (!r->is_da)
		return ltl_emit_header(out, &m);
	snprintf(r->da.dot->name, sizeof(r->da.dot->name), "%s", r->m.name);
	return dot_emit_header(out, r->da.dot);
}

/* NAME as the kernel's config symbols spell it. */
static void upper_of(const char *name, char *upper, size_t len)
{
	size_t i;

	for (i = 0; name[i] && i < len - 1; i++)
		upper[i] = name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i];
	upper[i] = '\0';
}

static int emit_kconfig(FILE *out, const void *arg)
{
	const struct rule *r = arg;
	char upper[64];

	upper_of(r->m.name, upper, sizeof(upper));
	fprintf(out, "# SPDX-License-Identifier: GPL-2.0-only\n#\nconfig RV_MON_%s\n"
		"\tdepends on RV\n\tselect %s\n\tbool \"%s monitor\"\n\thelp\n\t  %s\n\n"
		"\t  Exported by rvreplay from %s.\n", upper,
		implicit(r) ? "DA_MON_EVENTS_IMPLICIT" : r->is_da ? "DA_MON_EVENTS_ID" :
		"RV_LTL_MONITOR", r->m.name, r->m.description,
		r->path);
	return ferror(out) ? -1 : 0;
}

/* The tracepoints rv_trace.h defines for it, as rvgen's *_trace.h snippets. */
static int emit_trace(FILE *out, const void *arg)
{
	const struct rule *r = arg;
	char upper[64];

	upper_of(r->m.name, upper, sizeof(upper));
	fprintf(out, "/* SPDX-License-Identifier: GPL-2.0 */\n\n/*\n"
		" * Snippet to be included in rv_trace.h\n */\n\n#ifdef CONFIG_RV_MON_%s\n", upper);
	if (implicit(r))
		fprintf(out, "DEFINE_EVENT(event_da_monitor, event_%s,\n"
			"\t     TP_PROTO(char *state, char *event, char *next_state, bool final_state),"
			"\n\t     TP_ARGS(state, event, next_state, final_state));"
			"\n\nDEFINE_EVENT(error_da_monitor, error_%s,\n"
			"\t     TP_PROTO(char *state, char *event),\n"
			"\t     TP_ARGS(state, event));\n", r->m.name, r->m.name);
	else if (r->is_da)
		fprintf(out, "DEFINE_EVENT(event_da_monitor_id, event_%s,\n"
			"\t     TP_PROTO(int id, char *state, char *event, char *next_state, "
			"bool final_state),\n\t     TP_ARGS(id, state, event, next_state, final_state));"
			"\n\nDEFINE_EVENT(error_da_monitor_id, error_%s,\n"
			"\t     TP_PROTO(int id, char *state, char *event),\n"
			"\t     TP_ARGS(id, state, event));\n", r->m.name, r->m.name);
	else
		fprintf(out, "DEFINE_EVENT(event_ltl_monitor_id, event_%s,\n"
			"\t     TP_PROTO(struct task_struct *task, char *states, char *atoms, "
			"char *next),\n\t     TP_ARGS(task, states, atoms, next));\n"
			"DEFINE_EVENT(error_ltl_monitor_id, error_%s,\n"
			"\t     TP_PROTO(struct task_struct *task),\n\t     TP_ARGS(task));\n",
			r->m.name, r->m.name);
	fprintf(out, "#endif /* CONFIG_RV_MON_%s */\n", upper);
	return ferror(out) ? -1 : 0;
}

static int emit_spec(FILE *out, const void *arg)
{
	const struct rule *r = arg;

	return fputs(r->text, out) < 0 ? -1 : 0;
}

/* mkdir -p */
static int folders(char *path, char *err)
{
	for (char *p = path + 1; ; p++) {
		if (*p && *p != '/')
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			snprintf(err, RULE_ERR_LEN, "%.400s: %s", path, strerror(errno));
			return -1;
		}
		*p = c;
		if (!c)
			return 0;
	}
}

/**
 * rule_export_lines() - the lines the kernel's own files need for it
 * @m: the rule's monitor
 * @out: where to print them
 */
void rule_export_lines(const struct rv_monitor *m, FILE *out)
{
	char upper[64];

	upper_of(m->name, upper, sizeof(upper));
	fprintf(out, "To build it, add these lines to the kernel's own files:\n"
		"  kernel/trace/rv/Kconfig:    source \"kernel/trace/rv/monitors/%s/Kconfig\"\n"
		"  kernel/trace/rv/Makefile:   obj-$(CONFIG_RV_MON_%s) += monitors/%s/%s.o\n"
		"  kernel/trace/rv/rv_trace.h: #include <monitors/%s/%s_trace.h>\n"
		"    (among the %s monitors' includes)\n", m->name, upper, m->name, m->name,
		m->name, m->name, m->type == RV_MONITOR_LTL ? "LTL" : m->instance == RV_PER_TASK ?
		"DA per-task" : "DA per-CPU and global");
}

/**
 * rule_export() - write a rule for a kernel tree
 * @m: the rule's monitor (rule_load())
 * @dir: the kernel tree's top (made when missing)
 * @err: RULE_ERR_LEN bytes
 *
 * Each file is written whole or not at all (models/gen).
 *
 * Return: 0, or -1 with @err set.
 */
int rule_export(const struct rv_monitor *m, const char *dir, char *err)
{
	const struct rule *r = m->priv;
	char path[PATH_LEN + 64], models[PATH_LEN], mon[PATH_LEN];
	const char *n = m->name;

	if (strlen(dir) > PATH_LEN - 64) {
		snprintf(err, RULE_ERR_LEN, "--kernel: a folder name too long");
		return -1;
	}
	/* its tracepoint's arguments are not its trace fields: no handler to write for it */
	if (m->trace_events) {
		snprintf(err, RULE_ERR_LEN, "%.140s: %.64s reads %.128s, an event of no monitor: "
			 "its handler is not written here (the tracepoint's arguments are not the "
			 "event's fields)", m->spec, m->name, m->trace_events[0]);
		return -1;
	}
	snprintf(models, sizeof(models), "%s/tools/verification/models", dir);
	snprintf(mon, sizeof(mon), "%s/kernel/trace/rv/monitors/%s", dir, n);
	if (folders(models, err) || folders(mon, err))
		return -1;
	snprintf(path, sizeof(path), "%s/%s.%s", models, n, r->is_da ? "dot" : "ltl");
	if (gen_write("rvreplay", path, emit_spec, r))
		goto fail;
	snprintf(path, sizeof(path), "%s/%s.h", mon, n);
	if (gen_write("rvreplay", path, emit_header, r))
		goto fail;
	snprintf(path, sizeof(path), "%s/%s.c", mon, n);
	if (gen_write("rvreplay", path, emit_c, r))
		goto fail;
	snprintf(path, sizeof(path), "%s/Kconfig", mon);
	if (gen_write("rvreplay", path, emit_kconfig, r))
		goto fail;
	snprintf(path, sizeof(path), "%s/%s_trace.h", mon, n);
	if (gen_write("rvreplay", path, emit_trace, r))
		goto fail;
	return 0;
fail:
	snprintf(err, RULE_ERR_LEN, "%.400s: cannot write", path);
	return -1;
}

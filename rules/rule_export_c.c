// SPDX-License-Identifier: GPL-2.0-only
/*
 * An exported rule's monitor, kernel/trace/rv/monitors/NAME/NAME.c: its
 * handlers do what the bindings say, each binding as a comment above its
 * code (rule_export.c places it). It follows the 6.17 LTL monitor
 * interface (include/rv/ltl_monitor.h) and the DA one of da_monitor.h:
 * the skeleton rvgen would write, filled in.
 *
 * Every text of the rule goes through rule_export_text.c (comments and
 * string literals), every expression through rule_c.c, straight into the
 * file: nothing is held in a buffer of a fixed size.
 */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "rule_c.h"
#include "rule_export_c.h"
#include "rule_export_text.h"
#include "rule_monitor.h"

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
	const char		**seen;		/* the system calls given a fallback */
	size_t			nr_seen;
	bool			failed;		/* out of memory */
};

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

/* A filter, or 1 when it has none. */
static void filter(struct writer *w, const struct rule_expr *e, const char *task)
{
	if (e)
		rule_c_expr(w->out, e, task);
	else
		fputc('1', w->out);
}

/* "INDENT/" "* ATOM = BINDING *" "/": the binding above its code. */
static void binding_comment(struct writer *w, const char *indent, int i)
{
	fprintf(w->out, "%s/* %s = ", indent, atom_of(w->r, i));
	rule_export_c_comment(w->out, w->r->b.b[i].text);
	fputs(" */\n", w->out);
}

static bool seen(struct writer *w, const char *name)
{
	for (size_t i = 0; i < w->nr_seen; i++)
		if (!strcmp(w->seen[i], name))
			return true;
	return false;
}

/* A system call this architecture lacks (futex_time64 on 64-bit ones) is no number. */
static void no_number(const char *name, void *arg)
{
	struct writer *w = arg;

	if (seen(w, name))
		return;
	if (grow_room(&w->seen, w->nr_seen, sizeof(*w->seen))) {
		w->failed = true;
		return;
	}
	w->seen[w->nr_seen++] = name;
	fprintf(w->out, "#ifndef __NR_%s\n#define __NR_%s (-1)\n#endif\n", name, name);
}

static void missing_syscalls(struct writer *w)
{
	const struct rule *r = w->r;

	fprintf(w->out, "\n/* the system calls the bindings name, -1 where this architecture lacks one */\n");
	for (int i = 0; i < r->b.nr; i++)
		rule_c_binding_syscalls(&r->b.b[i], no_number, w);
}

static void heading(struct writer *w)
{
	const struct rule *r = w->r;

	fprintf(w->out, "// SPDX-License-Identifier: GPL-2.0\n/*\n * %s: ", r->m.name);
	rule_export_c_comment(w->out, r->m.description);
	fputs("\n *" RULE_EXPORT_MARK, w->out);
	rule_export_c_comment(w->out, r->path);
	fputs(": each handler does what the rule's\n"
	      " * bindings say, the binding as a comment above its code. Read it, and\n"
	      " * check that each tracepoint's arguments are this kernel's, before\n"
	      " * building it: it was not built where it was written.\n */\n", w->out);
	fputs("#include <linux/ftrace.h>\n#include <linux/init.h>\n"
	      "#include <linux/kernel.h>\n#include <linux/module.h>\n#include <linux/rv.h>\n"
	      "#include <linux/sched/rt.h>\n#include <linux/sched/deadline.h>\n"
	      "#include <linux/string.h>\n#include <linux/tracepoint.h>\n"
	      "#include <asm/syscall.h>\n#include <rv/instrumentation.h>\n\n"
	      "#define MODULE_NAME ", w->out);
	rule_export_c_string(w->out, r->m.name);
	fputs("\n\n#include <rv_trace.h>\n", w->out);
	for (int type = 0; type < RV_NR_EVENTS; type++)
		if (first_alike(r, type, header_of))
			fprintf(w->out, "#include <%s>\n", events[type].header);
	fprintf(w->out, "\n#include \"%s.h\"\n", r->m.name);
	missing_syscalls(w);
}

/* initially C ? V : unknown (or unknown : V): set only where the value is known. */
static void initially(struct writer *w, const struct rule_expr *e, const char *atom)
{
	bool unknown_first = e->op == RO_COND && e->l->op == RO_UNKNOWN;

	fprintf(w->out, "\t/* %s: initially, as bound */\n", atom);
	if (e->op == RO_COND && unknown_first != (e->r->op == RO_UNKNOWN)) {
		fprintf(w->out, "\tif (%s", unknown_first ? "!(" : "");
		rule_c_expr(w->out, e->cond, "task");
		fprintf(w->out, "%s)\n\t\tltl_atom_set(mon, LTL_%s, ", unknown_first ? ")" : "",
			atom);
		rule_c_expr(w->out, unknown_first ? e->r : e->l, "task");
		fputs(");\n", w->out);
		return;
	}
	fprintf(w->out, "\tltl_atom_set(mon, LTL_%s, ", atom);
	rule_c_expr(w->out, e, "task");
	fputs(");\n", w->out);
}

/* ltl_atoms_fetch(): the facts; ltl_atoms_init(): pulses, states, initial values. */
static void ltl_atoms(struct writer *w)
{
	const struct rule *r = w->r;

	fprintf(w->out, "#include <rv/ltl_monitor.h>\n\n"
		"static void ltl_atoms_fetch(struct task_struct *task, struct ltl_monitor *mon)\n{\n");
	for (int i = 0; i < r->b.nr; i++) {
		if (r->b.b[i].kind != RULE_FACT)
			continue;
		binding_comment(w, "\t", i);
		fprintf(w->out, "\tltl_atom_set(mon, LTL_%s, ", atom_of(r, i));
		rule_c_expr(w->out, r->b.b[i].fact, "task");
		fputs(");\n", w->out);
	}
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

/* A binding's part in an LTL block: its atom set at its 'on' event, cleared at its 'off'. */
static void ltl_binding(struct writer *w, int type, int i)
{
	const struct rule_binding *b = &w->r->b.b[i];
	const char *task = events[type].task, *a = atom_of(w->r, i);

	binding_comment(w, "\t\t", i);
	if (b->on == type) {
		fputs("\t\tif (", w->out);
		filter(w, b->on_if, task);
		fputs(") {\n", w->out);
		if (b->kind == RULE_VALUE) {
			fprintf(w->out, "\t\t\tltl_atom_set(mon, LTL_%s, ", a);
			rule_c_expr(w->out, b->value, task);
			fputs(");\n", w->out);
		} else {
			fprintf(w->out, "\t\t\tltl_atom_set(mon, LTL_%s, true);\n", a);
		}
		fprintf(w->out, "\t\t\t%s = true;\n\t\t}%s", b->kind == RULE_PULSE ?
			"pulsed" : "step", b->off == type ? " else " : "\n");
	}
	if (b->off == type) {
		fprintf(w->out, "%sif (", b->on == type ? "" : "\t\t");
		filter(w, b->off_if, task);
		fprintf(w->out, ") {\n\t\t\tltl_atom_set(mon, LTL_%s, false);\n"
			"\t\t\tstep = true;\n\t\t}\n", a);
	}
}

/* One monitor event's block of an LTL rule: its atoms set, then one step or two. */
static void ltl_block(struct writer *w, int type)
{
	const struct rule *r = w->r;
	const char *task = events[type].task;

	fprintf(w->out, "\t{\n\t\tstruct ltl_monitor *mon = ltl_get_monitor(%s);\n"
		"\t\tbool step = false, pulsed = false;\n\n", task);
	for (int i = 0; i < r->b.nr; i++)
		if (r->b.b[i].on == type || r->b.b[i].off == type)
			ltl_binding(w, type, i);
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

/**
 * rule_export_implicit() - whether an automaton's instances are no task's
 * @r: the rule
 *
 * Return: true for a per-CPU or global automaton: its da_handle_*() take
 * no task, and its tracepoints are the implicit ones.
 */
bool rule_export_implicit(const struct rule *r)
{
	return r->is_da && r->m.instance != RV_PER_TASK;
}

/* One monitor event's block of an automaton rule: da_handle_*() as the bindings say. */
static void da_block(struct writer *w, int type)
{
	const struct rule *r = w->r;
	const char *task = events[type].task, *n = r->m.name;
	/* "task, " for a task's instance; nothing for a CPU's or the global one */
	const char *whose = rule_export_implicit(r) ? "" : task;
	const char *comma = rule_export_implicit(r) ? "" : ", ";

	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (b->on != type)
			continue;
		binding_comment(w, "\t", i);
		fputs("\tif (", w->out);
		filter(w, b->on_if, task);
		fputs(") {\n", w->out);
		if (b->starts) {
			fputs("\t\tif (", w->out);
			filter(w, b->starts_if, task);
			fprintf(w->out, ")\n\t\t\tda_handle_start_event_%s(%s%s%s_%s);\n"
				"\t\telse\n\t", n, whose, comma, atom_of(r, i), n);
		}
		fprintf(w->out, "\t\tda_handle_event_%s(%s%s%s_%s);\n\t}\n", n, whose, comma,
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

	if (on && w->r->is_da)
		fprintf(w->out, "static int enable_%s(void)\n{\n\tint retval = "
			"da_monitor_init_%s();\n", n, n);
	else if (on)
		fprintf(w->out, "static int enable_%s(void)\n{\n\tint retval = "
			"ltl_monitor_init();\n", n);
	else
		fprintf(w->out, "static void disable_%s(void)\n{\n", n);
	if (on)
		fputs("\n\tif (retval)\n\t\treturn retval;\n", w->out);
	for (int type = 0; type < RV_NR_EVENTS; type++) {
		for (int t = 0; t < 2 && first_alike(w->r, type, handler_of); t++)
			if (events[type].tracepoints[t])
				fprintf(w->out, "\trv_%s_trace_probe(\"%s\", %s, handle_%s);\n",
					on ? "attach" : "detach", n, events[type].tracepoints[t],
					handler_of(type));
	}
	if (on)
		fprintf(w->out, "\treturn 0;\n}\n\n");
	else if (w->r->is_da)
		fprintf(w->out, "\tda_monitor_destroy_%s();\n}\n\n", n);
	else
		fprintf(w->out, "\tltl_monitor_destroy();\n}\n\n");
}

/* The rv_monitor, its registration and the module's description: "NAME: DESCRIPTION". */
static int registration(struct writer *w)
{
	const char *n = w->r->m.name, *d = w->r->m.description;
	size_t len = strlen(n) + strlen(d) + 3;
	char *both = malloc(len);

	if (!both)
		return -1;
	snprintf(both, len, "%s: %s", n, d);
	fprintf(w->out, "static struct rv_monitor rv_%s = {\n\t.name = ", n);
	rule_export_c_string(w->out, n);
	fputs(",\n\t.description = ", w->out);
	rule_export_c_string(w->out, d);
	fprintf(w->out, ",\n\t.enable = enable_%s,\n\t.disable = disable_%s,\n};\n\n"
		"static int __init register_%s(void)\n{\n\treturn rv_register_monitor(&rv_%s, NULL);\n"
		"}\n\nstatic void __exit unregister_%s(void)\n{\n\trv_unregister_monitor(&rv_%s);\n}\n\n"
		"module_init(register_%s);\nmodule_exit(unregister_%s);\n\nMODULE_LICENSE(\"GPL\");\n"
		"MODULE_DESCRIPTION(", n, n, n, n, n, n, n, n);
	rule_export_c_string(w->out, both);
	fputs(");\n", w->out);
	free(both);
	return 0;
}

/**
 * rule_export_c() - write an exported rule's monitor C
 * @out: the file
 * @arg: the rule (struct rule)
 *
 * Its names were checked to be C identifiers (rule_load(), rule_export()).
 *
 * Return: 0, or -1 when it could not be written whole (a write error, out
 * of memory).
 */
int rule_export_c(FILE *out, const void *arg)
{
	struct writer w = { .r = arg, .out = out };
	const char *n = w.r->m.name;
	int ret;

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
	ret = registration(&w);
	free(w.seen);
	return ret || w.failed || ferror(out) ? -1 : 0;
}

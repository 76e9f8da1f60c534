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
 * The C (rule_export_c.c) follows the 6.17 LTL monitor interface
 * (include/rv/ltl_monitor.h) and the DA one of da_monitor.h; it is the
 * skeleton rvgen would write, filled in: it must be read and built by a
 * person (it is not built here). The rule's texts are escaped for each
 * file (rule_export_text.c), and the files go only where no other's are
 * (rule_export_tree.c).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gen_file.h"
#include "ltl_emit.h"
#include "rule_c.h"
#include "rule_export.h"
#include "rule_export_c.h"
#include "rule_export_text.h"
#include "rule_export_tree.h"
#include "rule_monitor.h"
#include "upstream_monitors.h"

/* The automaton's header, as ltlc or dotc write it; the rule's file named in a comment. */
static int emit_header(FILE *out, const void *arg)
{
	const struct rule *r = arg;
	char *source = rule_export_c_comment_dup(r->path);
	struct ltl_model m = { .name = r->m.name, .source = source, .nnf = &r->ltl.nnf,
			       .graph = &r->ltl.graph };
	const char *path;
	int ret;

	if (!source)
		return -1;
	if (!r->is_da) {
		ret = ltl_emit_header(out, &m);
	} else {
		snprintf(r->da.dot->name, sizeof(r->da.dot->name), "%s", r->m.name);
		path = r->da.dot->path;
		r->da.dot->path = source;
		ret = dot_emit_header(out, r->da.dot);
		r->da.dot->path = path;
	}
	free(source);
	return ret;
}

/* NAME as the kernel's config symbols spell it (a name is 31 bytes at most: rule_is_name()). */
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
		"\tdepends on RV\n\tselect %s\n\tbool \"%s monitor\"\n\thelp\n\t  ", upper,
		rule_export_implicit(r) ? "DA_MON_EVENTS_IMPLICIT" : r->is_da ?
		"DA_MON_EVENTS_ID" : "RV_LTL_MONITOR", r->m.name);
	rule_export_kconfig_help(out, r->m.description);
	fputs("\n\n\t  Exported by rvreplay from ", out);
	rule_export_kconfig_help(out, r->path);
	fputs(".\n", out);
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
	if (rule_export_implicit(r))
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

/* The kernel's CONFIG_RV_MON_ symbols that are no monitor's nor container's (Linux 7.3). */
static const char *const kernel_symbols[] = { "events", "maintenance_events" };

/* What of the kernel's RV is called @name (any case: CONFIG_RV_MON_ is upper case), or NULL. */
static const char *kernel_name(const char *name)
{
	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++) {
		if (!strcasecmp(u->name, name))
			return "a monitor";
		if (u->container && !strcasecmp(u->container, name))
			return "a container of monitors";
	}
	for (size_t i = 0; i < sizeof(kernel_symbols) / sizeof(kernel_symbols[0]); i++)
		if (!strcasecmp(kernel_symbols[i], name))
			return "a symbol";
	return NULL;
}

static void first_not_c_name(const char *name, void *arg)
{
	const char **bad = arg;

	if (!*bad && !gen_is_c_name(name, strlen(name)))
		*bad = name;
}

/* Names the C takes as they are: a system call's, in __NR_NAME. */
static int c_names(const struct rule *r, char *err)
{
	for (int i = 0; i < r->b.nr; i++) {
		const char *bad = NULL;

		rule_c_binding_syscalls(&r->b.b[i], first_not_c_name, &bad);
		if (bad)
			return rule_error(err, r->b.b[i].pos, "\"%.64s\" is no system call's name: "
					  "the kernel's C has no __NR_ of it (name a system call "
					  "without quotes)", bad);
	}
	return 0;
}

/**
 * rule_export() - write a rule for a kernel tree
 * @m: the rule's monitor (rule_load())
 * @dir: the kernel tree's top (made when missing)
 * @err: RULE_ERR_LEN bytes
 *
 * Refused, with nothing written: an empty @dir, a rule reading an event
 * of no monitor, a rule named as something of the kernel's RV (Linux
 * 7.3's monitors, containers and CONFIG_RV_MON_ symbols), a system call
 * named by a string that is no C name, and a tree where the files would
 * replace another's (rule_export_tree_write()).
 *
 * Return: 0, every file written whole (mode 0644); or -1 with @err set.
 */
int rule_export(const struct rv_monitor *m, const char *dir, char *err)
{
	const struct rule *r = m->priv;
	const char *n = m->name, *taken = kernel_name(n);
	char model[48], header[48], source[48], trace[48];

	if (!*dir) {
		snprintf(err, RULE_ERR_LEN, "--kernel: an empty folder name (give the kernel "
			 "tree's top)");
		return -1;
	}
	/* its tracepoint's arguments are not its trace fields: no handler to write for it */
	if (m->trace_events) {
		snprintf(err, RULE_ERR_LEN, "%.140s: %.64s reads %.128s, an event of no monitor: "
			 "its handler is not written here (the tracepoint's arguments are not the "
			 "event's fields)", m->spec, m->name, m->trace_events[0]);
		return -1;
	}
	if (taken)
		return rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "the kernel's RV (Linux "
				  "7.3) has %s named %s: an export would replace its files or its "
				  "CONFIG_RV_MON_ symbol; give the rule another name with '#: monitor "
				  "NAME'", taken, n);
	if (c_names(r, err))
		return -1;
	snprintf(model, sizeof(model), "%s.%s", n, r->is_da ? "dot" : "ltl");
	snprintf(header, sizeof(header), "%s.h", n);
	snprintf(source, sizeof(source), "%s.c", n);
	snprintf(trace, sizeof(trace), "%s_trace.h", n);

	const struct rule_export_file files[] = {
		{ true, model, emit_spec, r }, { false, header, emit_header, r },
		{ false, source, rule_export_c, r }, { false, "Kconfig", emit_kconfig, r },
		{ false, trace, emit_trace, r },
	};
	const struct rule_export_tree tree = {
		.top = dir, .monitor = n, .source = source, .mark = RULE_EXPORT_MARK,
		.spec = r->text, .files = files, .nr_files = sizeof(files) / sizeof(files[0]),
	};

	return rule_export_tree_write(&tree, err);
}

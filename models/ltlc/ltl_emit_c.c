// SPDX-License-Identifier: GPL-2.0-only
/*
 * The C header of an automaton, with the interface of the kernel's rvgen
 * output, so either file can be compiled into a monitor.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_emit.h"

#define COLUMNS	100
#define TABW	8

struct emitter {
	FILE			*out;
	const struct ltl_model	*m;
	char			**vars;		/* C variable name of each atom */
	bool			*needed;	/* per formula id */
};

/* Names a lower-cased atom must not take inside the generated functions. */
static const char *const reserved[] = {
	"auto", "bool", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "false", "float", "for", "goto", "if",
	"inline", "int", "long", "mon", "next", "register", "restrict", "return",
	"short", "signed", "sizeof", "state", "static", "static_assert", "struct",
	"switch", "task", "test_bit", "true", "typedef", "union", "unsigned", "void",
	"volatile", "while", "__set_bit", "__clear_bit",
};

static bool is_reserved(const char *s)
{
	if (!strncmp(s, "val", 3) && s[3] && strspn(s + 3, "0123456789") == strlen(s + 3))
		return true;
	for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		if (!strcmp(reserved[i], s))
			return true;
	return false;
}

static char *atom_var(const char *atom)
{
	size_t len = strlen(atom);
	char *s = malloc(len + 6);

	if (!s)
		return NULL;
	for (size_t i = 0; i <= len; i++)
		s[i] = tolower((unsigned char)atom[i]);
	if (is_reserved(s)) {
		memmove(s + 5, s, len + 1);
		memcpy(s, "atom_", 5);
	}
	return s;
}

static int columns(const char *line)
{
	int c = 0;

	for (; *line; line++)
		c = *line == '\t' ? (c / TABW + 1) * TABW : c + 1;
	return c;
}

/* A term of a condition: an atom, a negated atom, true, or a named value. */
static void term(const struct emitter *e, int f, char *buf, size_t len)
{
	const struct ltl_formula *fo = &e->m->nnf->f[f];

	switch (fo->kind) {
	case LTL_F_ATOM:
		snprintf(buf, len, "%s", e->vars[fo->a]);
		break;
	case LTL_F_NOT_ATOM:
		snprintf(buf, len, "!%s", e->vars[fo->a]);
		break;
	case LTL_F_TRUE:
		snprintf(buf, len, "true");
		break;
	case LTL_F_FALSE:
		snprintf(buf, len, "false");
		break;
	default:
		snprintf(buf, len, "val%d", f);
		break;
	}
}

static void need(struct emitter *e, int f)
{
	const struct ltl_formula *fo = &e->m->nnf->f[f];

	/* operands are shared: walking them again could take exponential time */
	if (e->needed[f])
		return;
	e->needed[f] = true;
	if (fo->kind == LTL_F_AND || fo->kind == LTL_F_OR) {
		need(e, fo->a);
		need(e, fo->b);
	}
}

static void need_labels(struct emitter *e, const struct ltl_state *s)
{
	for (int k = 0; k < s->nr_labels; k++)
		need(e, s->labels[k]);
}

static void atom_values(const struct emitter *e)
{
	const struct ltl_nnf *nnf = e->m->nnf;

	for (int a = 0; a < nnf->nr_atoms; a++) {
		bool used = false;
		char line[256];

		for (int f = 0; f < nnf->nr; f++)
			if (e->needed[f] && (nnf->f[f].kind == LTL_F_ATOM ||
					     nnf->f[f].kind == LTL_F_NOT_ATOM) && nnf->f[f].a == a)
				used = true;
		if (!used)
			continue;
		snprintf(line, sizeof(line), "\tbool %s = test_bit(LTL_%s, mon->atoms);",
			 e->vars[a], nnf->atoms[a]);
		if (columns(line) <= COLUMNS)
			fprintf(e->out, "%s\n", line);
		else
			fprintf(e->out, "\tbool %s = test_bit(LTL_%s,\n\t\t\t      mon->atoms);\n",
				e->vars[a], nnf->atoms[a]);
	}
}

/* Atoms first, then each propositional value after its operands. */
static void values(struct emitter *e)
{
	const struct ltl_nnf *nnf = e->m->nnf;
	char a[160], b[160];

	atom_values(e);
	for (int f = 0; f < nnf->nr; f++) {
		const struct ltl_formula *fo = &nnf->f[f];

		if (!e->needed[f] || (fo->kind != LTL_F_AND && fo->kind != LTL_F_OR))
			continue;
		term(e, fo->a, a, sizeof(a));
		term(e, fo->b, b, sizeof(b));
		fprintf(e->out, "\tbool val%d = %s %s %s;\n", f, a,
			fo->kind == LTL_F_AND ? "&&" : "||", b);
	}
}

/* "if (a && b)" broken before 100 columns, then the __set_bit line. */
static void guarded_set(const struct emitter *e, const struct ltl_state *s, int id,
			const char *indent, const char *target)
{
	char line[COLUMNS * 3], t[160];
	size_t used;

	used = snprintf(line, sizeof(line), "%sif (", indent);
	if (!s->nr_labels)
		used += snprintf(line + used, sizeof(line) - used, "true");
	for (int k = 0; k < s->nr_labels; k++) {
		term(e, s->labels[k], t, sizeof(t));
		if (k && columns(line) + (int)strlen(t) + 5 > COLUMNS) {
			fprintf(e->out, "%s &&\n", line);
			used = snprintf(line, sizeof(line), "%s    %s", indent, t);
		} else {
			used += snprintf(line + used, sizeof(line) - used, "%s%s", k ? " && " : "", t);
		}
	}
	fprintf(e->out, "%s)\n%s\t__set_bit(S%d, %s);\n", line, indent, id, target);
}

static void start_function(struct emitter *e)
{
	const struct ltl_graph *g = e->m->graph;

	memset(e->needed, 0, e->m->nnf->nr * sizeof(bool));
	for (int i = 0; i < g->nr; i++)
		if (g->states[i].init)
			need_labels(e, &g->states[i]);
	fprintf(e->out, "static void ltl_start(struct task_struct *task, struct ltl_monitor *mon)\n{\n");
	values(e);
	fprintf(e->out, "\n");
	for (int i = 0; i < g->nr; i++)
		if (g->states[i].init)
			guarded_set(e, &g->states[i], i, "\t", "mon->states");
	fprintf(e->out, "}\n\n");
}

static void next_function(struct emitter *e)
{
	const struct ltl_graph *g = e->m->graph;

	memset(e->needed, 0, e->m->nnf->nr * sizeof(bool));
	for (int i = 0; i < g->nr; i++)
		for (int k = 0; k < g->states[i].nr_succ; k++)
			need_labels(e, &g->states[g->states[i].succ[k]]);
	fprintf(e->out, "static void\nltl_possible_next_states(struct ltl_monitor *mon, "
		"unsigned int state, unsigned long *next)\n{\n");
	values(e);
	fprintf(e->out, "\n\tswitch (state) {\n");
	for (int i = 0; i < g->nr; i++) {
		fprintf(e->out, "\tcase S%d:\n", i);
		for (int k = 0; k < g->states[i].nr_succ; k++) {
			int to = g->states[i].succ[k];

			guarded_set(e, &g->states[to], to, "\t\t", "next");
		}
		fprintf(e->out, "\t\tbreak;\n");
	}
	fprintf(e->out, "\t}\n}\n");
}

static void declarations(const struct emitter *e)
{
	const struct ltl_model *m = e->m;

	fprintf(e->out, "/* SPDX-License-Identifier: GPL-2.0 */\n\n"
		"/*\n"
		" * Generated by rvreplay's models/ltlc from %s: do not edit.\n"
		" * Buchi automaton of the LTL specification, with the interface of the\n"
		" * kernel's tools/verification/rvgen output (see the kernel documentation:\n"
		" * Documentation/trace/rv/linear_temporal_logic.rst).\n"
		" */\n\n"
		"#include <linux/rv.h>\n\n"
		"#define MONITOR_NAME %s\n\n"
		"enum ltl_atom {\n", m->source, m->name);
	for (int a = 0; a < m->nnf->nr_atoms; a++)
		fprintf(e->out, "\tLTL_%s,\n", m->nnf->atoms[a]);
	fprintf(e->out, "\tLTL_NUM_ATOM\n};\n"
		"static_assert(LTL_NUM_ATOM <= RV_MAX_LTL_ATOM);\n\n"
		"static const char *ltl_atom_str(enum ltl_atom atom)\n{\n"
		"\tstatic const char *const names[] = {\n");
}

static int atom_names(const struct emitter *e)
{
	const struct ltl_nnf *nnf = e->m->nnf;

	for (int a = 0; a < nnf->nr_atoms; a++) {
		char *abbr = ltl_atom_abbrev(nnf->atoms, nnf->nr_atoms, a);

		if (!abbr)
			return -1;
		fprintf(e->out, "\t\t\"%s\",\n", abbr);
		free(abbr);
	}
	fprintf(e->out, "\t};\n\n\treturn names[atom];\n}\n\nenum ltl_buchi_state {\n");
	for (int i = 0; i < e->m->graph->nr; i++)
		fprintf(e->out, "\tS%d,\n", i);
	fprintf(e->out, "\tRV_NUM_BA_STATES\n};\n"
		"static_assert(RV_NUM_BA_STATES <= RV_MAX_BA_STATES);\n\n");
	return 0;
}

/**
 * ltl_emit_header() - write the kernel-compatible C header
 * @out: where to
 * @m: the automaton and its names
 *
 * Return: 0, or -1 when memory runs out or writing fails.
 */
int ltl_emit_header(FILE *out, const struct ltl_model *m)
{
	struct emitter e = { .out = out, .m = m };
	int ret = -1, a;

	e.vars = calloc(m->nnf->nr_atoms + 1, sizeof(char *));
	e.needed = calloc(m->nnf->nr + 1, sizeof(bool));
	if (!e.vars || !e.needed)
		goto out;
	for (a = 0; a < m->nnf->nr_atoms; a++)
		if (!(e.vars[a] = atom_var(m->nnf->atoms[a])))
			goto out;
	declarations(&e);
	if (atom_names(&e))
		goto out;
	start_function(&e);
	next_function(&e);
	ret = ferror(out) ? -1 : 0;
out:
	for (a = 0; e.vars && a < m->nnf->nr_atoms; a++)
		free(e.vars[a]);
	free(e.vars);
	free(e.needed);
	return ret;
}

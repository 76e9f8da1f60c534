// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's bindings: the '#:' lines of its specification (comments to the
 * kernel's rvgen, so the file stays a valid .ltl), or the lines of its
 * .bind file. Each says how one atom comes from the trace
 * (rvreplay-spec(5)):
 *
 *   monitor NAME
 *   description TEXT
 *   ATOM = EXPR                                   a task fact, read before each step
 *   ATOM = on EVENT [if EXPR]                     true during the event only
 *   ATOM = on EVENT [if EXPR] off EVENT [if EXPR] true from one event to the other
 *   ATOM = EXPR at EVENT [if EXPR] [off ...]      EXPR's value from the event
 *   EVENT = on EVENT [if EXPR] [starts [if EXPR]] an automaton's event (.dot rules)
 * 'off never': a state never reset; clauses after a binding: 'initially EXPR'
 * (its value when the instance is made, and when the task's kind is learned),
 * 'inferred false|true at EVENT...' (set when unknown, no step; --infer).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_file.h"
#include "monitor.h"
#include "monitor_params.h"
#include "rule_local.h"

/* The events a binding names, by rv_event_type; the trace events behind them in routes.c. */
static const char *const event_names[RV_NR_EVENTS] = {
	[RV_EV_PAGE_FAULT] = "page_fault",
	[RV_EV_SWITCH_OUT] = "switch_out",
	[RV_EV_SWITCH_IN] = "switch_in",
	[RV_EV_WAKING] = "sched_waking",
	[RV_EV_WAKEUP] = "sched_wakeup",
	[RV_EV_CONTENTION_BEGIN] = "contention_begin",
	[RV_EV_CONTENTION_END] = "contention_end",
	[RV_EV_SYS_ENTER] = "sys_enter",
	[RV_EV_SYS_EXIT] = "sys_exit",
	[RV_EV_KTHREAD_STOP] = "sched_kthread_stop",
	[RV_EV_PREEMPT_DISABLE] = "preempt_disable",
	[RV_EV_PREEMPT_ENABLE] = "preempt_enable",
};

const char *rule_event_name(int type)
{
	if (type == RV_EV_TRACE)
		return "an event of its own system";
	return type >= 0 && type < RV_NR_EVENTS ? event_names[type] : "?";
}

/* Trace events named as trace-cmd names them that are one event here. */
static const struct {
	const char	*name;
	int		type;
} aliases[] = {
	{ "page_fault_user", RV_EV_PAGE_FAULT }, { "page_fault_kernel", RV_EV_PAGE_FAULT },
};

/**
 * rule_event_find() - an event by its name, with or without its system ("sched:")
 * @name: as written
 * @pos: where, for the error
 * @user: gets -1, or for an event of no monitor named with its system
 *	  ("sched:sched_migrate_task"), its trace_user.h index
 * @err: RULE_ERR_LEN bytes
 *
 * Return: its rv_event_type (RV_EV_TRACE for @user's), or -1 with @err set.
 */
int rule_event_find(const char *name, struct rule_pos pos, int *user, char *err)
{
	const char *colon = strchr(name, ':'), *bare = colon ? colon + 1 : name;
	char hint[RULE_HINT_LEN], system[TRACE_USER_NAME_LEN];
	const char *mean;

	*user = -1;
	for (int i = 0; i < RV_NR_EVENTS; i++)
		if (event_names[i] && !strcmp(event_names[i], bare))
			return i;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcmp(aliases[i].name, bare))
			return aliases[i].type;
	if (!strcmp(bare, "sched_switch"))
		return rule_error(err, pos, "sched_switch is two events here: switch_out (its prev "
				  "task) or switch_in (its next)");
	if (colon && (colon - name >= TRACE_USER_NAME_LEN || strlen(bare) >= TRACE_USER_NAME_LEN))
		return rule_error(err, pos, "'%s': a system or event name of more than %d bytes",
				  name, TRACE_USER_NAME_LEN - 1);
	if (colon && colon > name && *bare && !strchr(bare, ':')) {
		snprintf(system, sizeof(system), "%.*s", (int)(colon - name), name);
		if (trace_kind_find(system, bare) != TRACE_OTHER &&
		    trace_kind_find(system, bare) != TRACE_USER)
			return rule_error(err, pos, "%s is one the replay reads for itself: a rule "
					  "names the monitors' events and those the replay does "
					  "not read", name);
		*user = trace_user_want(system, bare);
		if (*user < 0)
			return rule_error(err, pos, "more than %d events of their own systems, all "
					  "rules together", TRACE_USER_EVENTS);
		return RV_EV_TRACE;
	}
	mean = rule_did_you_mean(bare, event_names, RV_NR_EVENTS, hint, sizeof(hint));
	return rule_error(err, pos, "unknown event '%s'%s", name, mean[0] ? mean :
			  " (an event of no monitor is named with its system: SYSTEM:EVENT)");
}

static void blanks(const char **p, struct rule_pos *pos)
{
	while (**p == ' ' || **p == '\t') {
		(*p)++;
		pos->col++;
	}
}

/* A word (letters, digits, '_', ':' for an event's system); its length. */
static size_t word(const char *p)
{
	size_t n = 0;

	while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == ':')
		n++;
	return n;
}

static bool keyword(const char **p, struct rule_pos *pos, const char *kw)
{
	size_t n = strlen(kw);

	if (word(*p) != n || strncmp(*p, kw, n))
		return false;
	*p += n;
	pos->col += n;
	blanks(p, pos);
	return true;
}

/* EVENT: its type (and @user's index for an event of its own system), read past; -1 with @err set. */
static int event_name(const char **p, struct rule_pos *pos, int *user, char *err)
{
	size_t n = word(*p);
	char name[2 * TRACE_USER_NAME_LEN];
	int type;

	if (!n)
		return rule_error(err, *pos, "expected an event name");
	if (n >= sizeof(name))
		return rule_error(err, *pos, "an event name longer than %zu characters",
				  sizeof(name) - 1);
	snprintf(name, sizeof(name), "%.*s", (int)n, *p);
	type = rule_event_find(name, *pos, user, err);
	if (type < 0)
		return -1;
	*p += n;
	pos->col += n;
	blanks(p, pos);
	return type;
}

/*
 * for FIELD, after an event of its own system: the task it is about is the
 * one whose pid FIELD holds; without it, the task running it (common_pid).
 * Every binding of the event says the same.
 */
static int task_part(const char **p, struct rule_pos *pos, int user, char *err)
{
	const struct trace_user_event *u = trace_user_event(user);
	struct rule_pos at = *pos;
	char field[TRACE_USER_NAME_LEN] = "", where[160];
	size_t n;

	if (keyword(p, pos, "for")) {
		at = *pos;
		n = word(*p);
		if (!n || n >= sizeof(field) || !gen_is_c_name(*p, n))
			return rule_error(err, *pos, "expected the field with the task's pid after "
					  "'for'");
		snprintf(field, sizeof(field), "%.*s", (int)n, *p);
		*p += n;
		pos->col += n;
		blanks(p, pos);
	}
	if (trace_user_task(user, field, rule_pos_text(at, where, sizeof(where))))
		return rule_error(err, at, "%s is about the task of %s (%s), here of %s: one "
				  "task per event", u->full, u->task[0] ? u->task : "common_pid",
				  u->task_at, field[0] ? field : "common_pid");
	return 0;
}

/* EVENT [for FIELD] [if EXPR]: its type, its trace_user.h index, and its filter. */
static int event_part(const char **p, struct rule_pos *pos, int *type, int *user,
		      struct rule_expr **cond, char *err)
{
	*type = event_name(p, pos, user, err);
	if (*type < 0)
		return -1;
	if (*type == RV_EV_TRACE && task_part(p, pos, *user, err))
		return -1;
	*cond = NULL;
	if (!keyword(p, pos, "if"))
		return 0;
	return rule_expr_parse(p, pos, 1u << *type, *user, cond, err);
}

/* A word that begins a clause, not an event. */
static bool is_clause(const char *p)
{
	static const char *const words[] = { "initially", "inferred" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (word(p) == strlen(words[i]) && !strncmp(p, words[i], strlen(words[i])))
			return true;
	return false;
}

static bool at_line_end(const char *p)
{
	return !*p || *p == '\n';
}

/* off EVENT [if EXPR], or off never: a state's end. */
static int off_part(const char **p, struct rule_pos *pos, struct rule_binding *b, char *err)
{
	b->kind = b->kind == RULE_VALUE ? RULE_VALUE : RULE_STATE;
	if (keyword(p, pos, "never"))
		return 0;
	return event_part(p, pos, &b->off, &b->off_user, &b->off_if, err);
}

/* starts [if EXPR]: an automaton's start event. */
static int starts_part(const char **p, struct rule_pos *pos, struct rule_binding *b, char *err)
{
	b->starts = true;
	b->starts_pos = *pos;
	if (keyword(p, pos, "if"))
		return rule_expr_parse(p, pos, 1u << b->on, b->on_user, &b->starts_if, err);
	return 0;
}

/* inferred false|true at EVENT...: set when unknown, no step (--infer). */
static int inferred_part(const char **p, struct rule_pos *pos, struct rule_binding *b,
			 char *err)
{
	if (keyword(p, pos, "false"))
		b->inferred_value = false;
	else if (keyword(p, pos, "true"))
		b->inferred_value = true;
	else
		return rule_error(err, *pos, "expected 'false' or 'true' after 'inferred'");
	if (!keyword(p, pos, "at"))
		return rule_error(err, *pos, "expected 'at' and the events");
	do {
		struct rule_pos at = *pos;
		int user, type = event_name(p, pos, &user, err);

		if (type < 0)
			return -1;
		if (type == RV_EV_TRACE)
			return rule_error(err, at, "'inferred' is at the monitors' events, not at "
					  "an event of its own system");
		b->inferred_at |= 1u << type;
	} while (!at_line_end(*p) && word(*p) && !is_clause(*p));
	return 0;
}

/* The clauses after any binding: initially EXPR, inferred VALUE at EVENT... */
static int clauses(const char **p, struct rule_pos *pos, struct rule_binding *b, char *err)
{
	while (!at_line_end(*p)) {
		if (keyword(p, pos, "initially")) {
			if (b->kind == RULE_FACT)
				return rule_error(err, *pos, "a fact has no initial value: it is read "
						  "before every step");
			if (b->initially)
				return rule_error(err, *pos, "a second 'initially'");
			if (rule_expr_parse(p, pos, 0, -1, &b->initially, err))
				return -1;
		} else if (keyword(p, pos, "inferred")) {
			if (b->inferred_at)
				return rule_error(err, *pos, "a second 'inferred'");
			if (inferred_part(p, pos, b, err))
				return -1;
		} else {
			return rule_error(err, *pos, "expected 'initially', 'inferred' or the end "
					  "of the line");
		}
	}
	return 0;
}

/* The event part of a pulse, state or value: EVENT [if] [starts | off ...]. */
static int event_binding(const char **p, struct rule_pos *pos, struct rule_binding *b,
			 char *err)
{
	if (event_part(p, pos, &b->on, &b->on_user, &b->on_if, err))
		return -1;
	if (b->kind == RULE_VALUE &&
	    rule_expr_fits(b->value, 1u << b->on, b->on_user, b->value_pos, err))
		return -1;
	if (keyword(p, pos, "starts"))
		return starts_part(p, pos, b, err);
	if (keyword(p, pos, "off"))
		return off_part(p, pos, b, err);
	return 0;
}

/* What follows 'ATOM =': on EVENT ..., EXPR at EVENT ..., or a fact's EXPR. */
static int binding_body(const char **p, struct rule_pos *pos, struct rule_binding *b, char *err)
{
	if (keyword(p, pos, "on")) {
		b->kind = RULE_PULSE;
		return event_binding(p, pos, b, err);
	}
	b->value_pos = *pos;
	if (rule_expr_parse(p, pos, RULE_ANY_EVENT, -1, &b->value, err))
		return -1;
	if (keyword(p, pos, "at")) {
		b->kind = RULE_VALUE;
		return event_binding(p, pos, b, err);
	}
	b->kind = RULE_FACT;
	b->fact = b->value;
	b->value = NULL;
	return rule_expr_fits(b->fact, 0, -1, b->value_pos, err);
}

/* ATOM = ...: one binding. */
static int binding(const char *p, struct rule_pos pos, struct rule_bindings *bs, char *err)
{
	struct rule_binding *b = &bs->b[bs->nr];
	size_t n = word(p);

	if (!gen_is_c_name(p, n))
		return rule_error(err, pos, "expected 'monitor', 'description' or an atom's or "
				  "event's name (as in the specification) followed by '='");
	if (bs->nr == RULE_MAX_BINDINGS)
		return rule_error(err, pos, "more than %d bindings (the kernel's limit of atoms)",
				  RULE_MAX_BINDINGS);
	memset(b, 0, sizeof(*b));
	b->pos = pos;
	b->on = b->off = b->on_user = b->off_user = -1;
	if (!(b->atom = strndup(p, n)))
		return rule_error(err, pos, "out of memory");
	bs->nr++;
	for (int i = 0; i < bs->nr - 1; i++)
		if (!strcmp(bs->b[i].atom, b->atom))
			return rule_error(err, pos, "%s is bound twice (first at line %d)", b->atom,
					  bs->b[i].pos.line);
	p += n;
	pos.col += n;
	blanks(&p, &pos);
	if (*p != '=')
		return rule_error(err, pos, "expected '=' after the atom's name");
	p++;
	pos.col++;
	blanks(&p, &pos);
	b->text = strndup(p, strcspn(p, "\n"));
	if (!b->text)
		return rule_error(err, pos, "out of memory");
	while (*b->text && strchr(" \t", b->text[strlen(b->text) - 1]))
		b->text[strlen(b->text) - 1] = '\0';
	if (binding_body(&p, &pos, b, err) || clauses(&p, &pos, b, err))
		return -1;
	return 0;
}

static int text_field(const char *p, struct rule_pos pos, char **out, const char *what, char *err)
{
	size_t n = strcspn(p, "\n");

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (!n)
		return rule_error(err, pos, "expected %s", what);
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)p[i] < ' ' && p[i] != '\t')
			return rule_error(err, pos, "a control character in the %s", what);
	if (*out)
		return rule_error(err, pos, "a second '%s' line", what);
	*out = strndup(p, n);
	return *out ? 0 : rule_error(err, pos, "out of memory");
}

/* A binding line is printable ASCII: its words reach terminals, logs and pages. */
static int printable(const char *p, struct rule_pos pos, char *err)
{
	for (; *p && *p != '\n'; p++, pos.col++)
		if ((unsigned char)*p < ' ' ? *p != '\t' : (unsigned char)*p > '~')
			return rule_error(err, pos, "a byte that is not printable ASCII (0x%02x)",
					  (unsigned char)*p);
	return 0;
}

/* param NAME = VALUE: a clock bound's default (NAME_jiffies: jiffies; else a duration). */
static int param_line(const char *p, struct rule_pos pos, struct rule_bindings *bs, char *err)
{
	struct rule_param *pr = &bs->params[bs->nr_params];
	size_t n = word(p), len;
	uint64_t value = 0;
	bool jiffies;

	if (bs->nr_params == RV_MAX_PARAMS)
		return rule_error(err, pos, "more than %d parameters", RV_MAX_PARAMS);
	if (!gen_is_c_name(p, n))
		return rule_error(err, pos, "expected a parameter's name");
	pr->pos = pos;
	pr->name = strndup(p, n);
	if (!pr->name)
		return rule_error(err, pos, "out of memory");
	bs->nr_params++;
	jiffies = params_is_jiffies(pr->name);
	p += n;
	pos.col += n;
	blanks(&p, &pos);
	if (*p != '=')
		return rule_error(err, pos, "expected '=' after the parameter's name");
	p++;
	pos.col++;
	blanks(&p, &pos);
	len = params_value(p, jiffies, &value);
	pr->value = value;
	if (!len && !jiffies)
		return rule_error(err, pos, "expected a duration within 64 bits of ns (200us, "
				  "5ms, 1s; a number alone is ns)");
	if (!len || (jiffies && pr->value > PARAM_JIFFIES_MAX))
		return rule_error(err, pos, "expected a number of jiffies, %llu at most (more "
				  "overflow 64 bits of ns)", (unsigned long long)PARAM_JIFFIES_MAX);
	p += len;
	pos.col += len;
	blanks(&p, &pos);
	if (!jiffies && isalpha((unsigned char)*p))
		return rule_error(err, pos, "unknown unit '%.*s' (ns, us, ms or s, after the "
				  "number)", (int)word(p), p);
	return at_line_end(p) ? 0 : rule_error(err, pos, "expected the end of the line");
}

/* instance task|cpu|global: whose instances an automaton's are (the kernel's DA_MON_*). */
static int instance_line(const char *p, struct rule_pos pos, struct rule_bindings *bs, char *err)
{
	static const struct {
		const char		*word;
		enum rv_instance_kind	kind;
	} kinds[] = { { "task", RV_PER_TASK }, { "cpu", RV_PER_CPU }, { "global", RV_GLOBAL } };

	if (bs->instance_pos.line)
		return rule_error(err, pos, "a second 'instance' (the first at line %d)",
				  bs->instance_pos.line);
	bs->instance_pos = pos;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (!keyword(&p, &pos, kinds[i].word))
			continue;
		bs->instance = kinds[i].kind;
		return at_line_end(p) ? 0 : rule_error(err, pos, "expected the end of the line");
	}
	return rule_error(err, pos, "expected 'task', 'cpu' or 'global' after 'instance'");
}

/* 'instance ...', not a binding of an atom or event named instance */
static bool is_instance_line(const char *p)
{
	if (word(p) != 8 || strncmp(p, "instance", 8))
		return false;
	return p[8 + strspn(p + 8, " \t")] != '=';
}

static int line_of(const char *p, struct rule_pos pos, struct rule_bindings *bs, char *err)
{
	if (printable(p, pos, err))
		return -1;
	blanks(&p, &pos);
	if (!*p || *p == '\n' || *p == '#')
		return 0;
	if (keyword(&p, &pos, "monitor")) {
		if (text_field(p, pos, &bs->name, "monitor", err))
			return -1;
		if (!rule_is_name(bs->name))
			return rule_error(err, pos, "a monitor's name is a letter, then letters, "
					  "digits and '_', 31 at most (a C name, as rvgen needs)");
		return 0;
	}
	if (keyword(&p, &pos, "description"))
		return text_field(p, pos, &bs->description, "description", err);
	if (keyword(&p, &pos, "param"))
		return param_line(p, pos, bs, err);
	if (is_instance_line(p) && keyword(&p, &pos, "instance"))
		return instance_line(p, pos, bs, err);
	return binding(p, pos, bs, err);
}

/**
 * rule_bindings_parse() - the bindings of a rule
 * @path: its file, for errors
 * @text: the specification ('#:' lines) or a .bind file (every line)
 * @b: gets them
 * @err: RULE_ERR_LEN bytes
 *
 * Return: 0, or -1 with @err set ("file:line:col: error: ...").
 */
int rule_bindings_parse(const char *path, const char *text, struct rule_bindings *b, char *err)
{
	bool bind_file = strlen(path) > 5 && !strcmp(path + strlen(path) - 5, ".bind");
	struct rule_pos pos = { .path = path, .line = 1 };

	memset(b, 0, sizeof(*b));
	for (const char *p = text; *p; pos.line++) {
		const char *end = strchr(p, '\n'), *q = p;

		pos.col = 1;
		while (*q == ' ' || *q == '\t') {
			q++;
			pos.col++;
		}
		if (bind_file && line_of(q, pos, b, err))
			return -1;
		if (!bind_file && q[0] == '#' && q[1] == ':') {
			pos.col += 2;
			if (line_of(q + 2, pos, b, err))
				return -1;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return 0;
}

void rule_bindings_free(struct rule_bindings *b)
{
	for (int i = 0; i < b->nr; i++) {
		free(b->b[i].atom);
		free(b->b[i].text);
		rule_expr_free(b->b[i].fact);
		rule_expr_free(b->b[i].on_if);
		rule_expr_free(b->b[i].off_if);
		rule_expr_free(b->b[i].starts_if);
		rule_expr_free(b->b[i].value);
		rule_expr_free(b->b[i].initially);
	}
	for (int i = 0; i < b->nr_params; i++)
		free(b->params[i].name);
	free(b->name);
	free(b->description);
	memset(b, 0, sizeof(*b));
}

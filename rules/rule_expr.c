// SPDX-License-Identifier: GPL-2.0-only
/*
 * A binding's filter: a C-like expression over the task's facts and the
 * event's fields (rvreplay-spec(5)), parsed with the position of every
 * name so that an error says where and what was meant.
 *
 *   expr   := or ('?' expr ':' expr)?
 *   or     := and ('||' and)*
 *   and    := unary ('&&' unary)*
 *   unary  := '!' unary | cmp
 *   cmp    := bits (('==' | '!=' | '<' | '<=' | '>' | '>=' | '^=' | '~') bits
 *             | 'in' '(' list ')')?
 *             ('^=': a string that starts with the other; '~': one that the
 *             other, a glob, matches, as trace-cmd's filters)
 *   bits   := primary ('&' primary)*
 *   primary:= NUMBER | "STRING" | NAME | '(' expr ')'
 *
 * The expression ends at the end of the line or at a word of the binding
 * around it: off, at, starts, initially, inferred.
 *
 * What each NAME stands for, where it may be read and what it may be
 * compared with: rule_fields.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "monitor_params.h"
#include "rule_local.h"

struct parser {
	const char	*p;
	struct rule_pos	*pos;		/* its col follows p */
	unsigned int	events;		/* the events whose fields it may read */
	int		user;		/* trace_user.h's event whose fields names are; -1 */
	char		*err;
	int		depth;
	int		height;		/* of what was parsed last: operators on its longest path */
};

#define MAX_DEPTH	64
/*
 * Each walk of an expression (its value, its C, its freeing) recurses once
 * per operator on a path: a flat chain of '&&' counts each one, or a line
 * of 60,000 of them would overflow the stack.
 */
#define MAX_HEIGHT	1000

static void skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t') {
		ps->p++;
		ps->pos->col++;
	}
}

static void advance(struct parser *ps, size_t n)
{
	ps->p += n;
	ps->pos->col += n;
	skip_blanks(ps);
}

static bool at(struct parser *ps, const char *token)
{
	size_t n = strlen(token);

	if (strncmp(ps->p, token, n))
		return false;
	/* '<' is not the start of '<=', '&' not of '&&' */
	if ((token[0] == '<' || token[0] == '>' || token[0] == '!') && n == 1 && ps->p[1] == '=')
		return false;
	if (token[0] == '&' && n == 1 && ps->p[1] == '&')
		return false;
	advance(ps, n);
	return true;
}

static size_t word_len(const char *p)
{
	size_t n = 0;

	while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
		n++;
	return n;
}

static bool at_end(struct parser *ps)
{
	static const char *const words[] = { "off", "at", "starts", "initially", "inferred" };
	size_t n = word_len(ps->p);

	if (!*ps->p || *ps->p == '\n')
		return true;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (n == strlen(words[i]) && !strncmp(ps->p, words[i], n))
			return true;
	return false;
}

static struct rule_expr *node(enum rule_op op)
{
	struct rule_expr *e = calloc(1, sizeof(*e));

	if (e)
		e->op = op;
	return e;
}

static struct rule_expr *fail(struct parser *ps, struct rule_expr *e, const char *what)
{
	rule_expr_free(e);
	if (!ps->err[0])
		rule_error(ps->err, *ps->pos, "%s", what);
	return NULL;
}

/* @e, an operator over operands @below operators deep, at @op: within MAX_HEIGHT. */
static struct rule_expr *over(struct parser *ps, struct rule_expr *e, int below,
			      struct rule_pos op)
{
	ps->height = below + 1;
	if (ps->height <= MAX_HEIGHT)
		return e;
	rule_expr_free(e);
	rule_error(ps->err, op, "operators nested too deep (%d at most on a path, each '&&', "
		   "'||' or '&' of a chain counting)", MAX_HEIGHT);
	return NULL;
}

static int max(int a, int b)
{
	return a > b ? a : b;
}

static struct rule_expr *parse_or(struct parser *ps);

/* A name of an event of its own system's filter (or of a value's, its event to come). */
static struct rule_expr *event_name_of(struct parser *ps, const char *word, size_t n)
{
	struct rule_expr *e = node(RO_FIELD);

	if (!e || !(e->str = strdup(word)))
		return fail(ps, e, "out of memory");
	e->field = RF_EVENT;
	e->pos = *ps->pos;
	e->num = -1;
	if (ps->user >= 0 && rule_event_field(e, ps->events, ps->user, ps->err))
		return fail(ps, e, "");
	advance(ps, n);
	return e;
}

/* A field, a constant, or what was meant. */
static struct rule_expr *name(struct parser *ps, size_t n)
{
	char word[64];
	enum rule_field field;
	long long value;
	struct rule_expr *e;

	/* no kernel field or rule word is longer: said whole, not cut */
	if (n >= sizeof(word)) {
		rule_error(ps->err, *ps->pos, "a name of %zu bytes, more than %zu", n,
			   sizeof(word) - 1);
		return NULL;
	}
	snprintf(word, sizeof(word), "%.*s", (int)n, ps->p);
	/* an event of its own system: its fields before the monitors' words, as trace-cmd's */
	if (ps->user >= 0 && strncmp(word, "task.", 5) && strcmp(word, "unknown") &&
	    !rule_constant_find(word, &value))
		return event_name_of(ps, word, n);
	if (rule_field_find(word, &field)) {
		if (rule_field_fits(field, ps->events, *ps->pos, ps->err))
			return NULL;
		e = node(RO_FIELD);
		if (e)
			e->field = field;
		advance(ps, n);
		return e;
	}
	if (!strcmp(word, "unknown")) {
		advance(ps, n);
		return node(RO_UNKNOWN);
	}
	if (rule_constant_find(word, &value)) {
		e = node(RO_NUM);
		if (e)
			e->num = value;
		advance(ps, n);
		return e;
	}
	/* a value's expression: its event is read after it (EXPR at EVENT) */
	if (ps->events == RULE_ANY_EVENT && !strchr(word, '.'))
		return event_name_of(ps, word, n);
	/* a monitor event's: a field of its trace event */
	if (rule_one_event(ps->events) >= 0 && !strchr(word, '.')) {
		e = event_name_of(ps, word, n);
		if (e && rule_event_field(e, ps->events, ps->user, ps->err))
			return fail(ps, e, "");
		return e;
	}
	rule_unknown_name(word, ps->events, *ps->pos, ps->err);
	return NULL;
}

/* A number as C reads it: over LLONG_MAX it is unsigned, over 64 bits refused. */
static struct rule_expr *number(struct parser *ps)
{
	struct rule_expr *e;
	char *end;
	unsigned long long v;
	long long ns;
	size_t len = 0;

	errno = 0;
	v = strtoull(ps->p, &end, 0);
	if (errno == ERANGE)
		return fail(ps, NULL, "a number over 64 bits (18446744073709551615 at most)");
	/* 10ms: a duration, in ns */
	if ((ns = params_unit_ns(end, &len))) {
		if (v > (unsigned long long)(__LONG_LONG_MAX__ / ns))
			return fail(ps, NULL, "a duration too long");
		v *= ns;
		end += len;
	}
	if (isalnum((unsigned char)*end) || *end == '_')
		return fail(ps, NULL, "a number ends here (a duration's unit: ns, us, ms or s)");
	e = node(RO_NUM);
	if (e) {
		e->num = (long long)v;
		e->uns = v > __LONG_LONG_MAX__;
	}
	advance(ps, end - ps->p);
	return e;
}

static struct rule_expr *string(struct parser *ps)
{
	const char *close = strchr(ps->p + 1, '"');
	struct rule_expr *e;

	if (!close || memchr(ps->p, '\n', close - ps->p))
		return fail(ps, NULL, "a string is not closed (\")");
	e = node(RO_STR);
	if (e && !(e->str = strndup(ps->p + 1, close - ps->p - 1)))
		return fail(ps, e, "out of memory");
	advance(ps, close - ps->p + 1);
	return e;
}

static struct rule_expr *primary(struct parser *ps)
{
	struct rule_expr *e;
	size_t n = word_len(ps->p);

	if (at(ps, "(")) {
		if (++ps->depth > MAX_DEPTH)
			return fail(ps, NULL, "parentheses nested too deep (64 at most)");
		e = parse_or(ps);
		ps->depth--;
		if (e && !at(ps, ")"))
			return fail(ps, e, "expected ')'");
		return e;
	}
	ps->height = 0;
	if (*ps->p == '"')
		return string(ps);
	if (isdigit((unsigned char)*ps->p))
		return number(ps);
	if (n && !at_end(ps))
		return name(ps, n);
	return fail(ps, NULL, "expected a name, a number or '('");
}

/* A system call's name, checked against every architecture's table. */
static struct rule_expr *syscall_name_at(struct parser *ps)
{
	static const char *const common[] = {
		"futex", "clock_nanosleep", "nanosleep", "mmap", "munmap", "brk", "read",
		"write", "poll", "ppoll", "epoll_wait", "select", "mprotect", "mlock", "mlockall",
		"sched_setscheduler", "sched_yield", "ioctl", "openat", "close",
	};
	size_t n = word_len(ps->p);
	char word[64];
	struct rule_expr *e;
	char hint[RULE_HINT_LEN];

	if (!n || isdigit((unsigned char)*ps->p))
		return primary(ps);
	snprintf(word, sizeof(word), "%.*s", (int)n, ps->p);
	if (syscall_number("x86_64", word) < 0 && syscall_number("arm64", word) < 0 &&
	    syscall_number("arm", word) < 0 && syscall_number("riscv64", word) < 0) {
		rule_error(ps->err, *ps->pos, "unknown system call '%s'%s", word,
			   rule_did_you_mean(word, common, sizeof(common) / sizeof(common[0]), hint,
					     sizeof(hint)));
		return NULL;
	}
	e = node(RO_STR);
	if (e && !(e->str = strdup(word)))
		return fail(ps, e, "out of memory");
	advance(ps, n);
	ps->height = 0;
	return e;
}

static struct rule_expr *chain(struct parser *ps, const char *token, enum rule_op op,
			       struct rule_expr *(*next)(struct parser *), const char *missing);

static struct rule_expr *bits(struct parser *ps)
{
	return chain(ps, "&", RO_BITAND, primary, "expected a name or a number after '&'");
}

static struct rule_expr *in_list(struct parser *ps, struct rule_expr *left, struct rule_pos op)
{
	struct rule_expr *e = node(RO_IN), **tail;
	bool names = left->op == RO_FIELD && left->field == RF_SYSCALL;
	int below = ps->height;

	if (!e)
		return fail(ps, left, "out of memory");
	e->l = left;
	if (!at(ps, "("))
		return fail(ps, e, "expected '(' after 'in'");
	tail = &e->r;
	do {
		struct rule_pos item = *ps->pos;

		*tail = names ? syscall_name_at(ps) : primary(ps);
		if (!*tail)
			return fail(ps, e, "expected a value");
		if (rule_expr_comparable(RO_EQ, left, *tail, item, ps->err))
			return fail(ps, e, "");
		below = max(below, ps->height);
		tail = &(*tail)->next;
	} while (at(ps, ","));
	if (!at(ps, ")"))
		return fail(ps, e, "expected ',' or ')'");
	return over(ps, e, below, op);
}

static struct rule_expr *cmp(struct parser *ps)
{
	static const struct {
		const char	*token;
		enum rule_op	op;
	} ops[] = {
		{ "==", RO_EQ }, { "!=", RO_NE }, { "<=", RO_LE }, { ">=", RO_GE }, { "^=", RO_PREFIX },
		{ "<", RO_LT }, { ">", RO_GT }, { "~", RO_GLOB },
	};
	struct rule_expr *e = bits(ps), *c;
	struct rule_pos op = *ps->pos;
	int below = ps->height;
	bool names;

	if (!e)
		return NULL;
	names = e->op == RO_FIELD && e->field == RF_SYSCALL;
	if (word_len(ps->p) == 2 && !strncmp(ps->p, "in", 2)) {
		advance(ps, 2);
		return in_list(ps, e, op);
	}
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (!at(ps, ops[i].token))
			continue;
		c = node(ops[i].op);
		if (!c)
			return fail(ps, e, "out of memory");
		c->l = e;
		c->r = names ? syscall_name_at(ps) : bits(ps);
		if (!c->r)
			return fail(ps, c, "expected a value");
		if (rule_expr_comparable(c->op, c->l, c->r, op, ps->err))
			return fail(ps, c, "");
		return over(ps, c, max(below, ps->height), op);
	}
	return e;
}

static struct rule_expr *unary(struct parser *ps)
{
	struct rule_pos op = *ps->pos;
	struct rule_expr *e;

	if (!at(ps, "!"))
		return cmp(ps);
	e = node(RO_NOT);
	if (!e)
		return fail(ps, NULL, "out of memory");
	if (++ps->depth > MAX_DEPTH)
		return fail(ps, e, "'!' nested too deep (64 at most)");
	e->l = unary(ps);
	ps->depth--;
	return e->l ? over(ps, e, ps->height, op) : fail(ps, e, "expected a value after '!'");
}

/* NEXT (TOKEN NEXT)*, grouped to the left; @missing: the error when a NEXT is not there. */
static struct rule_expr *chain(struct parser *ps, const char *token, enum rule_op op,
			       struct rule_expr *(*next)(struct parser *), const char *missing)
{
	struct rule_expr *e = next(ps), *b;
	struct rule_pos at_op = *ps->pos;
	int below = ps->height;

	while (e && at(ps, token)) {
		b = node(op);
		if (!b)
			return fail(ps, e, "out of memory");
		b->l = e;
		e = b;
		if (!(b->r = next(ps)))
			return fail(ps, e, missing);
		e = over(ps, b, max(below, ps->height), at_op);
		below = ps->height;
		at_op = *ps->pos;
	}
	return e;
}

static struct rule_expr *parse_and(struct parser *ps)
{
	return chain(ps, "&&", RO_AND, unary, "expected a value");
}

static struct rule_expr *parse_disjunction(struct parser *ps)
{
	return chain(ps, "||", RO_OR, parse_and, "expected a value");
}

/* C ? A : B, grouping to the right */
static struct rule_expr *parse_or(struct parser *ps)
{
	struct rule_expr *c = parse_disjunction(ps), *e;
	struct rule_pos op = *ps->pos;
	int below = ps->height;

	if (!c || !at(ps, "?"))
		return c;
	e = node(RO_COND);
	if (!e)
		return fail(ps, c, "out of memory");
	e->cond = c;
	if (++ps->depth > MAX_DEPTH)
		return fail(ps, e, "'?' nested too deep (64 at most)");
	e->l = parse_or(ps);
	below = max(below, ps->height);
	if (e->l && !at(ps, ":"))
		return ps->depth--, fail(ps, e, "expected ':'");
	e->r = e->l ? parse_or(ps) : NULL;
	ps->depth--;
	return e->r ? over(ps, e, max(below, ps->height), op) : fail(ps, e, "expected a value");
}

/**
 * rule_expr_parse() - a filter, up to the end of its line or the word 'off'
 * @text: where it starts; moved past it
 * @pos: its position; moved along
 * @events: the events whose fields it may read (bits of rv_event_type), 0: facts only
 * @user: for RV_EV_TRACE, trace_user.h's index of the event, whose fields
 *	  its names are (each asked for); -1: none
 * @out: the expression
 * @err: RULE_ERR_LEN bytes for "file:line:col: error: ..."
 *
 * Return: 0, or -1 with @err set.
 */
int rule_expr_parse(const char **text, struct rule_pos *pos, unsigned int events, int user,
		    struct rule_expr **out, char *err)
{
	struct parser ps = { .p = *text, .pos = pos, .events = events, .user = user, .err = err };

	err[0] = '\0';
	skip_blanks(&ps);
	*out = parse_or(&ps);
	if (*out && !at_end(&ps))
		*out = fail(&ps, *out, "expected '&&', '||', a comparison or the end of the line");
	*text = ps.p;
	return *out ? 0 : -1;
}

void rule_expr_free(struct rule_expr *e)
{
	while (e) {
		struct rule_expr *next = e->next;

		rule_expr_free(e->cond);
		rule_expr_free(e->l);
		rule_expr_free(e->r);
		free(e->str);
		free(e);
		e = next;
	}
}

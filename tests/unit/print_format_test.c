// SPDX-License-Identifier: GPL-2.0-only
/*
 * print_format_ok(): the print formats kernels write pass (every format of
 * the machine running the tests, when tracefs is readable), and those on
 * which libtraceevent 1.7 crashed while parsing are refused.
 *
 * format_lines.c: the field lines and printk lines matched by hand accept
 * exactly what the POSIX regular expressions of their grammar accept, and
 * find the same declaration and numbers, on every line of a real trace's
 * formats and on a million lines mutated from them.
 */
#define _GNU_SOURCE
#include <check.h>
#include <sched.h>
#include <sys/mount.h>
#include <glob.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_lines.h"
#include "print_format.h"
#include "tracedat.h"

/* Written by kernels: fields, casts, helpers, strings holding anything. */
static const char *const kernel_formats[] = {
	"\"comm=%s pid=%d prio=%d\", REC->comm, REC->pid, REC->prio",
	"\"prev_state=%s%s\", (REC->prev_state & ((((0x00000000 | 0x00000001) + 1) << 1) - 1)) ? "
	"__print_flags(REC->prev_state & 3, \"|\", { 0x00000001, \"S\" }, { 0x00000002, \"D\" }) : "
	"\"R\", REC->prev_state & 4 ? \"+\" : \"\"",
	"\" %ps <-%ps\\t(repeats:%u  delta: -%llu)\", (void *)REC->ip, (void *)REC->parent_ip, "
	"REC->count, (((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts)",
	"\"nr %d\", __get_dynamic_array_len(phys_addrs) / sizeof(u64), REC->x",
	"\"dirtied %lu\", (jiffies - (REC)->dirtied_when) / 250, REC->value_nsec / 1000L, REC->agino % 64",
	"\"dev %d:%d owner %lld\n\", ((unsigned int) ((REC->dev) >> 20)), REC->owner",
	"\"%s\", ({ int __x = REC->a; __x; }) ?: 0",
	"\"c=%c\", ':'",
	/* Linux 4.14's xhci-hcd: a switch in a statement expression */
	"\"ep%d%s-%s: urb %p\", REC->epnum, REC->dir_in ? \"in\" : \"out\", ({ char *s; "
	"switch (REC->type) { case 3: s = \"intr\"; break; case 0: s = \"control\"; break; "
	"default: s = \"UNKNOWN\"; } s; }), REC->urb",
	/* 6.18's kvm_mmu_get_page: member access and arrays in one */
	"\"%s %s\", ({ const char *saved_ptr = trace_seq_buffer_ptr(p); static const char "
	"*access_str[] = { \"---\", \"--x\" }; union kvm_mmu_page_role role; role.word = "
	"REC->role; trace_seq_printf(p, \"l%u\", role.level); saved_ptr; }), REC->created ? "
	"\"new\" : \"existing\"",
	"\"%d\", ( { int a:3; a; })",
};

/* libtraceevent 1.7 crashed parsing these (fuzzing), and some that are not C. */
static const char *const crashing_formats[] = {
	/* NULL dereference */
	"\"%s\", REC->state ? _:16;nt_flags(REC->state, \"|\", { 1, \"S\" }) : \"R\"",
	/* division by zero, folding constants */
	"\"%lx\", (void *)REC->address, R/EC->error_code",
	"\"%lx\", 2/0",
	"\"%lx\", 2/(0)",
	"\"%lx\", (2)/(0)",
	"\"%lx\", 8%0",
	"\"%lx\", 2/ 0x0",
	/* use after free, folding constants */
	"\"%lx\", 2/sizeof(int)",
	/* not C: unclosed, unbalanced (refused, whether or not they crash) */
	"\"%lx, REC->x",
	"\"%lx\", (REC->x",
	"\"%lx\", REC->x)",
	"\"%lx\", REC->x : 1",
	/* what comes before a statement expression is still checked */
	"\"%lx\", 2/0, ({ 1; })",
	"\"%lx\", REC->x : 1, ({ 1; })",
	"\"%lx, ({ 1; })",
};

START_TEST(kernel_formats_pass)
{
	ck_assert_msg(print_format_ok(kernel_formats[_i]), "refused: %s", kernel_formats[_i]);
}
END_TEST

START_TEST(crashing_formats_refused)
{
	ck_assert_msg(!print_format_ok(crashing_formats[_i]), "accepted: %s",
		      crashing_formats[_i]);
}
END_TEST

#define FORMATS	"/sys/kernel/tracing/events/*/*/format"

/*
 * tracefs mounted where nobody did, in a mount namespace of this test's
 * own (Check runs each test in a child process): nothing changes outside.
 */
static int private_tracefs(void)
{
	if (unshare(CLONE_NEWNS) || mount("none", "/", NULL, MS_REC | MS_PRIVATE, NULL))
		return -1;
	return mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL);
}

/* Every event format of the running kernel, when tracefs is there to read. */
START_TEST(this_kernel_passes)
{
	static char text[1 << 20];
	int checked = 0;
	glob_t g;

	if (glob(FORMATS, 0, NULL, &g) && (private_tracefs() || glob(FORMATS, 0, NULL, &g))) {
		ck_assert_msg(!getenv("CI") || strcmp(getenv("CI"), "true"),
			      "this_kernel_passes: no readable tracefs under CI=true");
		printf("skip    this_kernel_passes: no readable /sys/kernel/tracing/events\n");
		return;
	}
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		size_t len;
		char *print;

		if (!f)
			continue;
		len = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
		text[len] = '\0';
		print = strstr(text, "print fmt: ");
		if (!print)
			continue;
		ck_assert_msg(print_format_ok(print + 11), "refused: %s", g.gl_pathv[i]);
		checked++;
	}
	globfree(&g);
	ck_assert_int_gt(checked, 0);
}
END_TEST

/* The grammar as the check wrote it before format_lines.c. */
#define FIELD_RE	"^\tfield:([^;]+);\toffset:([0-9]+);\tsize:([0-9]+);(\tsigned:[0-9]+;)?$"
#define PRINTK_RE	"^0x[0-9a-fA-F]+ : \".{2,}\"$"

#define REAL_TRACE	"traces/cyclictest-abs.dat"

static regex_t field_re, printk_re;

static void compile_res(void)
{
	ck_assert_int_eq(regcomp(&field_re, FIELD_RE, REG_EXTENDED), 0);
	ck_assert_int_eq(regcomp(&printk_re, PRINTK_RE, REG_EXTENDED | REG_NOSUB), 0);
}

static void free_res(void)
{
	regfree(&field_re);
	regfree(&printk_re);
}

/* Both matchers on one line: the same answer, the same parts. */
static void same_field_line(const char *line)
{
	struct field_line f;
	regmatch_t m[4];
	bool theirs = !regexec(&field_re, line, 4, m, 0), ours = field_line_parse(line, &f);

	ck_assert_msg(theirs == ours, "field line '%s': regex %d, ours %d", line, theirs, ours);
	if (!ours)
		return;
	ck_assert_int_eq(f.decl - line, m[1].rm_so);
	ck_assert_int_eq(f.decl_len, m[1].rm_eo - m[1].rm_so);
	ck_assert_int_eq(f.offset - line, m[2].rm_so);
	ck_assert_int_eq(f.size - line, m[3].rm_so);
}

static void same_printk_line(const char *line)
{
	bool theirs = !regexec(&printk_re, line, 0, NULL, 0), ours = printk_line_well_formed(line);

	ck_assert_msg(theirs == ours, "printk line '%s': regex %d, ours %d", line, theirs, ours);
}

/* Lines at the edges of the grammar. */
static const char *const edge_lines[] = {
	"\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;",
	"\tfield:int x;\toffset:8;\tsize:4;",
	"\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;x",
	"\tfield:int x;\toffset:8;\tsize:4;\tsigned:;",
	"\tfield:int x;\toffset:8;\tsize:4;\tsigned:1",
	"\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;\tsigned:1;",
	"\tfield:;\toffset:8;\tsize:4;",
	"\tfield:a;b;\toffset:8;\tsize:4;",
	"\tfield:int x;\toffset:;\tsize:4;",
	"\tfield:int x;\toffset:8;\tsize:;",
	"\tfield:int x;\toffset:08;\tsize:0004;",
	"\tfield:int x;\toffset:-8;\tsize:4;",
	"\tfield:int x;\toffset:8 ;\tsize:4;",
	"\tfield:int x; offset:8;\tsize:4;",
	"field:int x;\toffset:8;\tsize:4;",
	" \tfield:int x;\toffset:8;\tsize:4;",
	"\tfield:int x;\toffset:8;\tsize:4; ",
	"\tfield:\t;\toffset:1;\tsize:1;",
	"\tfield:x",
	"\tfield:",
	"",
	"0x1 : \"ab\"",
	"0x1 : \"a\"",
	"0x1 : \"\"\"",
	"0x : \"ab\"",
	"0xg : \"ab\"",
	"0X1 : \"ab\"",
	"0x1f :  \"ab\"",
	"0x1f : \"ab\" ",
	"0x1f : \"a\"b\"",
	"0xffffffff81000000 : \"%s: %d\\n\"",
	"0x1f : \"ab",
};

START_TEST(edge_lines_same)
{
	compile_res();
	same_field_line(edge_lines[_i]);
	same_printk_line(edge_lines[_i]);
	free_res();
}
END_TEST

/* Every line of a format, and of the mutations of it below. */
struct lines {
	char	**v;
	int	nr;
};

static int keep_lines(void *data, const char *system, const char *format, size_t len)
{
	struct lines *l = data;
	char *text = strndup(format, len), *line, *save = NULL;

	ck_assert_ptr_nonnull(text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		l->v = realloc(l->v, (l->nr + 1) * sizeof(*l->v));
		ck_assert_ptr_nonnull(l->v);
		l->v[l->nr++] = strdup(line);
	}
	free(text);
	return 0;
}

/* A small deterministic generator: the same mutations on every run. */
static unsigned int next_random(unsigned int *state)
{
	*state = *state * 1103515245u + 12345u;
	return *state >> 8;
}

/* @line with a few characters inserted, deleted or replaced by those the grammars use. */
static void mutate(const char *line, char *out, size_t room, unsigned int *state)
{
	static const char alphabet[] = "\t;:x0123456789 \"fieldoffsetsizesigned[]_aAfFgG-";
	size_t len = strlen(line);
	int edits = 1 + next_random(state) % 3;

	if (len >= room - 8)
		len = room - 8;
	memcpy(out, line, len);
	out[len] = '\0';
	while (edits--) {
		size_t at = len ? next_random(state) % (len + 1) : 0;
		char c = alphabet[next_random(state) % (sizeof(alphabet) - 1)];

		switch (next_random(state) % 3) {
		case 0:		/* insert */
			if (len + 1 >= room)
				break;
			memmove(out + at + 1, out + at, len - at + 1);
			out[at] = c;
			len++;
			break;
		case 1:		/* delete */
			if (at < len) {
				memmove(out + at, out + at + 1, len - at);
				len--;
			}
			break;
		default:	/* replace */
			if (at < len)
				out[at] = c;
			break;
		}
	}
}

/* The lines of every event format of the running kernel, when tracefs is readable. */
static void this_kernel_lines(struct lines *l)
{
	static char text[1 << 20];
	glob_t g;

	if (glob(FORMATS, 0, NULL, &g) && (private_tracefs() || glob(FORMATS, 0, NULL, &g)))
		return;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		size_t len;

		if (!f)
			continue;
		len = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
		keep_lines(l, "", text, len);
	}
	globfree(&g);
}

START_TEST(real_and_mutated_lines_same)
{
	struct lines l = { NULL, 0 };
	struct tracedat *td;
	unsigned int state = 16;
	char err[256], line[512];
	int fields = 0;

	compile_res();
	ck_assert_msg(!tracedat_open(REAL_TRACE, &td, err, sizeof(err)), "%s", err);
	ck_assert_int_eq(tracedat_for_each_format(td, keep_lines, &l, err, sizeof(err)), 0);
	tracedat_close(td);
	ck_assert_int_gt(l.nr, 100);
	this_kernel_lines(&l);
	/* printk lines as kernels write them, then mutated too */
	keep_lines(&l, "", "0xffffffffa0001000 : \"%s: %d\\n\"\n0x10 : \"ab\"", 43);
	for (int i = 0; i < l.nr; i++) {
		struct field_line f;

		same_field_line(l.v[i]);
		same_printk_line(l.v[i]);
		fields += field_line_parse(l.v[i], &f);
		for (int k = 0; k < 8; k++) {
			mutate(l.v[i], line, sizeof(line), &state);
			same_field_line(line);
			same_printk_line(line);
		}
	}
	ck_assert_int_gt(fields, 100);
	for (int i = 0; i < l.nr; i++)
		free(l.v[i]);
	free(l.v);
	free_res();
}
END_TEST

Suite *print_format_suite(void)
{
	Suite *s = suite_create("print_format");
	TCase *tc = tcase_create("print_format");

	tcase_add_loop_test(tc, kernel_formats_pass, 0,
			    sizeof(kernel_formats) / sizeof(kernel_formats[0]));
	tcase_add_loop_test(tc, crashing_formats_refused, 0,
			    sizeof(crashing_formats) / sizeof(crashing_formats[0]));
	tcase_add_test(tc, this_kernel_passes);
	suite_add_tcase(s, tc);
	tc = tcase_create("format_lines");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, edge_lines_same, 0, sizeof(edge_lines) / sizeof(edge_lines[0]));
	tcase_add_test(tc, real_and_mutated_lines_same);
	suite_add_tcase(s, tc);
	return s;
}

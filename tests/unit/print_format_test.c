// SPDX-License-Identifier: GPL-2.0-only
/*
 * print_format_ok(): the print formats kernels write pass (every format of
 * the machine running the tests, when tracefs is readable), and those on
 * which libtraceevent 1.7 crashed while parsing are refused.
 */
#define _GNU_SOURCE
#include <check.h>
#include <sched.h>
#include <sys/mount.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print_format.h"

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
	return s;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * parsers/container/kallsyms.c against libtraceevent itself: for every symbol of a
 * real kallsyms (traces/cyclictest-abs.dat) and of crafted texts, the name
 * and start that tep_parse_kallsyms() + tep_find_function() give must be
 * ours, at the symbol's start, inside it, before it and past the last one.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <traceevent/event-parse.h>

#include "kallsyms.h"
#include "tracedat.h"

#define REAL_TRACE	"traces/cyclictest-abs.dat"

/* Ours and libtraceevent's answers for @addr must be the same. */
static void same(struct tep_handle *tep, const struct kallsyms *k, uint64_t addr)
{
	const char *theirs = tep_find_function(tep, addr);
	const struct kallsyms_entry *e = kallsyms_find(k, addr);

	if (!theirs) {
		ck_assert_msg(!e, "0x%llx: libtraceevent has none, we have %s",
			      (unsigned long long)addr, k->text + e->name);
		return;
	}
	ck_assert_msg(e, "0x%llx: libtraceevent has %s, we none", (unsigned long long)addr, theirs);
	ck_assert_str_eq(k->text + e->name, theirs);
	ck_assert_uint_eq(e->addr, tep_find_function_address(tep, addr));
}

/* Both parsers on @text; every address near a symbol compared. */
static void compare_on(const char *text)
{
	struct tep_handle *tep = tep_alloc();
	struct kallsyms k;
	char *copy = strdup(text);

	ck_assert_ptr_nonnull(tep);
	ck_assert_ptr_nonnull(copy);
	tep_parse_kallsyms(tep, text);
	ck_assert_int_eq(kallsyms_parse(&k, copy), 0);
	same(tep, &k, 0);
	same(tep, &k, ~0ULL);
	for (size_t i = 0; i < k.nr; i++) {
		uint64_t a = k.entries[i].addr;

		same(tep, &k, a);
		same(tep, &k, a + 1);
		same(tep, &k, a - 1);
		same(tep, &k, a + 0x40);
	}
	kallsyms_free(&k);
	tep_free(tep);
}

START_TEST(real_kallsyms)
{
	char err[256], *text;
	struct tracedat *td;
	size_t len;

	ck_assert_msg(!tracedat_open(REAL_TRACE, &td, err, sizeof(err)), "%s", err);
	ck_assert_msg(!tracedat_read_text(td, TRACEDAT_TEXT_KALLSYMS, &text, &len, err,
					  sizeof(err)), "%s", err);
	ck_assert_uint_gt(len, 1000000);
	compare_on(text);
	free(text);
	tracedat_close(td);
}
END_TEST

/* What libtraceevent leaves out, keeps, and where it stops. */
static const char *const crafted[] = {
	"ffffffff81000000 T _stext\nffffffff81000010 t same\nffffffff81000010 T same2\n"
	"ffffffff81000010 W same3\nffffffff81000020 A absolute\nffffffff81000030 a abs2\n"
	"ffffffff81000040 t $x\nffffffff81000050 T last\n",
	"ffffffffc0000000 t mod_func\t[mymod]\nffffffffc0000100 t other\t[m\n"
	"ffffffffc0000200 T plain\n",
	"ffffffff81000000 T first\n\n\nffffffff81000100 T after_blank\n",
	"ffffffff81000000 T first\nnot a line\nffffffff81000100 T never\n",
	"0xffffffff81000000 T hexprefix\n  ffffffff81000100\tT tabbed\n",
	"ffffffff810000001 T seventeen\nffffffff81000200 T next\n",
	"ffffffff81000000 T\n",
	"",
	"1 T a\n1 T b\n1 T c\n1 T d\n1 T e\n2 T f\n2 T g\n3 T h\n",
};

START_TEST(crafted_kallsyms)
{
	compare_on(crafted[_i]);
}
END_TEST

/**
 * kallsyms_suite - the tests of parsers/container/kallsyms.c
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *kallsyms_suite(void)
{
	Suite *s = suite_create("kallsyms");
	TCase *t = tcase_create("as libtraceevent");

	tcase_add_test(t, real_kallsyms);
	tcase_add_loop_test(t, crafted_kallsyms, 0, sizeof(crafted) / sizeof(crafted[0]));
	tcase_set_timeout(t, 120);
	suite_add_tcase(s, t);
	return s;
}

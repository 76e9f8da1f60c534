// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's monitors as data (engine/upstream_monitors.c): all 15 of
 * Linux 7.3, each replayed exactly when rv_monitor_list[] has it, each
 * "-m" line whole, and a record command per probe event.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "monitor.h"
#include "trace_input.h"
#include "upstream_monitors.h"

static const char *const linux_7_3[] = {
	"wwnr", "wip", "stall", "opid", "sco", "snroc", "scpd", "snep", "sts", "nrp", "sssw",
	"nomiss", "pagefault", "sleep", "wakeup",
};

#define NR_7_3	(sizeof(linux_7_3) / sizeof(linux_7_3[0]))

START_TEST(test_all_fifteen)
{
	int n = 0;

	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++)
		n++;
	ck_assert_int_eq(n, NR_7_3);
	for (size_t i = 0; i < NR_7_3; i++)
		ck_assert_ptr_nonnull(upstream_monitor_find(linux_7_3[i]));
	ck_assert_ptr_null(upstream_monitor_find("tss"));	/* replaced by sts in 6.17 */
	ck_assert_int_eq(upstream_monitor_count(true) + upstream_monitor_count(false), NR_7_3);
}
END_TEST

/* rv_monitor_list[] decides, both ways. */
START_TEST(test_replayed_from_the_list)
{
	for (int i = 0; rv_monitor_list[i]; i++)
		ck_assert(upstream_monitor_replayed(upstream_monitor_find(rv_monitor_list[i]->name)));
	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++) {
		bool listed = false;

		for (int i = 0; rv_monitor_list[i]; i++)
			listed |= !strcmp(rv_monitor_list[i]->name, u->name);
		ck_assert_int_eq(upstream_monitor_replayed(u), listed);
	}
}
END_TEST

/* Each "-m" line fits its buffer whole; replayed ones and unknown names get none. */
START_TEST(test_not_replayed_line)
{
	char err[TRACE_ERR_LEN];

	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++) {
		strcpy(err, "untouched");
		if (upstream_monitor_replayed(u)) {
			ck_assert(!upstream_not_replayed(u->name, err, sizeof(err)));
			ck_assert_str_eq(err, "untouched");
			continue;
		}
		ck_assert(upstream_not_replayed(u->name, err, sizeof(err)));
		ck_assert_ptr_null(strchr(err, '\n'));
		ck_assert_msg(strstr(err, "(see 'rvreplay list')"), "%s: cut: %s", u->name, err);
		ck_assert_ptr_nonnull(strstr(err, u->needs));
	}
	ck_assert(!upstream_not_replayed("nope", err, sizeof(err)));
	ck_assert(upstream_not_replayed("sched", err, sizeof(err)));
	ck_assert_str_eq(err, "container 'sched' is not replayed: none of its monitors is "
			 "(see 'rvreplay list')");
}
END_TEST

/* Every probe line is "t:GRP/EVENT TRACEPOINT ...", recorded as -e GRP:EVENT. */
START_TEST(test_record_command)
{
	char cmd[1024], event[128];

	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++) {
		upstream_record_command(u, cmd, sizeof(cmd));
		ck_assert_msg(strlen(cmd) < sizeof(cmd) - 1, "%s: command cut", u->name);
		for (const char *const *p = u->probes; p && *p; p++) {
			const char *slash = strchr(*p, '/');
			int group = slash - (*p + 2);

			ck_assert(!strncmp(*p, "t:", 2) && slash);
			snprintf(event, sizeof(event), " -e %.*s:%.*s ", group, *p + 2,
				 (int)strcspn(slash + 1, " "), slash + 1);
			ck_assert_msg(strstr(cmd, event), "%s: no '%s' in %s", u->name, event, cmd);
		}
		for (const char *const *e = u->events; e && *e; e++)
			ck_assert(strstr(cmd, *e));
	}
	upstream_record_command(upstream_monitor_find("sco"), cmd, sizeof(cmd));
	ck_assert_str_eq(cmd, "trace-cmd record -e rvprobe:sched_set_state -e rvprobe:sched_entry "
			 "-e rvprobe:sched_exit COMMAND");
}
END_TEST

Suite *upstream_monitors_suite(void)
{
	Suite *s = suite_create("upstream_monitors");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_all_fifteen);
	tcase_add_test(tc, test_replayed_from_the_list);
	tcase_add_test(tc, test_not_replayed_line);
	tcase_add_test(tc, test_record_command);
	suite_add_tcase(s, tc);
	return s;
}

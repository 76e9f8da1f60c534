// SPDX-License-Identifier: GPL-2.0-only
/*
 * The unit test runner: every suite of tests/unit. Run from the top of the
 * tree (tests read specs and traces by relative path).
 */
#include <check.h>
#include <stdlib.h>

Suite *ltl_spec_suite(void);
Suite *ltl_automata_suite(void);
Suite *ltl_property_suite(void);
Suite *ltl_core_suite(void);
Suite *pagefault_suite(void);
Suite *sleep_suite(void);
Suite *syscall_decode_suite(void);
Suite *profiles_suite(void);
Suite *tracedat_real_suite(void);
Suite *tracedat_written_suite(void);
Suite *tracedat_bad_suite(void);
Suite *tracedat_build_suite(void);
Suite *ring_page_suite(void);
Suite *trace_records_suite(void);
Suite *trace_format_suite(void);
Suite *trace_open_suite(void);
Suite *cpu_stream_suite(void);
Suite *print_format_suite(void);
Suite *kallsyms_suite(void);
Suite *cpu_irqs_suite(void);
Suite *format_trial_suite(void);
Suite *arch_suite(void);
Suite *kernel_events_suite(void);
Suite *escape_suite(void);
Suite *report_counts_suite(void);
Suite *diff_suite(void);
Suite *diff_live_suite(void);
Suite *report_text_suite(void);
Suite *replay_suite(void);
Suite *wwnr_suite(void);
Suite *wip_suite(void);
Suite *switch_state_suite(void);
Suite *stall_suite(void);
Suite *upstream_monitors_suite(void);
Suite *live_reader_suite(void);
Suite *live_source_suite(void);
Suite *rule_ltl_suite(void);
Suite *rules_suite(void);
Suite *baseline_suite(void);
Suite *json_scan_suite(void);
Suite *dotc_suite(void);
Suite *flight_suite(void);
Suite *flight_window_suite(void);

int main(void)
{
	SRunner *sr = srunner_create(ltl_spec_suite());
	int failed;

	srunner_add_suite(sr, ltl_automata_suite());
	srunner_add_suite(sr, ltl_property_suite());
	srunner_add_suite(sr, ltl_core_suite());
	srunner_add_suite(sr, pagefault_suite());
	srunner_add_suite(sr, sleep_suite());
	srunner_add_suite(sr, syscall_decode_suite());
	srunner_add_suite(sr, profiles_suite());
	srunner_add_suite(sr, tracedat_real_suite());
	srunner_add_suite(sr, tracedat_written_suite());
	srunner_add_suite(sr, tracedat_bad_suite());
	srunner_add_suite(sr, tracedat_build_suite());
	srunner_add_suite(sr, ring_page_suite());
	srunner_add_suite(sr, trace_records_suite());
	srunner_add_suite(sr, trace_format_suite());
	srunner_add_suite(sr, trace_open_suite());
	srunner_add_suite(sr, cpu_stream_suite());
	srunner_add_suite(sr, print_format_suite());
	srunner_add_suite(sr, kallsyms_suite());
	srunner_add_suite(sr, cpu_irqs_suite());
	srunner_add_suite(sr, format_trial_suite());
	srunner_add_suite(sr, arch_suite());
	srunner_add_suite(sr, kernel_events_suite());
	srunner_add_suite(sr, escape_suite());
	srunner_add_suite(sr, report_counts_suite());
	srunner_add_suite(sr, diff_suite());
	srunner_add_suite(sr, diff_live_suite());
	srunner_add_suite(sr, report_text_suite());
	srunner_add_suite(sr, replay_suite());
	srunner_add_suite(sr, wwnr_suite());
	srunner_add_suite(sr, wip_suite());
	srunner_add_suite(sr, switch_state_suite());
	srunner_add_suite(sr, stall_suite());
	srunner_add_suite(sr, upstream_monitors_suite());
	srunner_add_suite(sr, live_reader_suite());
	srunner_add_suite(sr, live_source_suite());
	srunner_add_suite(sr, rule_ltl_suite());
	srunner_add_suite(sr, rules_suite());
	srunner_add_suite(sr, baseline_suite());
	srunner_add_suite(sr, json_scan_suite());
	srunner_add_suite(sr, dotc_suite());
	srunner_add_suite(sr, flight_suite());
	srunner_add_suite(sr, flight_window_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

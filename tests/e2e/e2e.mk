# End-to-end tests: whole rvreplay runs on the real traces of traces/.

E2E_SCRIPTS	= tests/e2e/verdicts_test.sh tests/e2e/cli_test.sh tests/e2e/bad_input_test.sh \
		  tests/e2e/record_test.sh tests/e2e/watch_test.sh tests/e2e/watch_ends_test.sh tests/e2e/reader_equivalence_test.sh tests/e2e/man_test.sh tests/e2e/tty_test.sh \
		  tests/e2e/install_test.sh tests/e2e/diff_test.sh tests/e2e/record_faults_test.sh \
		  tests/e2e/toy_monitor_test.sh tests/e2e/gate_test.sh tests/hostile/hostile_test.sh \
		  tests/hostile/export_attack_test.sh tests/e2e/shared_folder_test.sh tests/rules/numbers_test.sh \
		  tests/e2e/report_truth_test.sh tests/e2e/wwnr_truth_test.sh tests/e2e/automata_test.sh \
		  tests/e2e/forensics_test.sh tests/e2e/stats_truth_test.sh \
		  tests/e2e/html_test.sh \
		  tests/e2e/chrome_trace_test.sh tests/e2e/perfetto_test.sh tests/e2e/waivers_test.sh tests/e2e/batch_test.sh \
		  tests/e2e/fleet_test.sh tests/fleet/slurm_test.sh tests/e2e/compare_test.sh \
		  tests/e2e/interrupt_test.sh tests/compat/readers_test.sh tests/compat/foreign_test.sh \
		  tests/regressions/regressions_test.sh tests/e2e/valgrind_test.sh tests/e2e/dotc_test.sh \
		  tests/e2e/stall_truth_test.sh tests/e2e/wip_test.sh tests/e2e/rules_test.sh

$(BUILD)/verdict_check: tests/e2e/verdict_check.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BASE_LDFLAGS) -ljansson

# Under the sanitizers, the scripts that feed hostile or varied input:
# crafted and damaged traces, the regressions (every input fuzzing found),
# traces of every writer and format, rules and specs (tests/check.sh's
# san part). The others run the same code on well-formed traces, which
# the e2e pass and valgrind_test.sh already check; under the sanitizers
# they run once over every bundled trace with every monitor, output
# writer and command (tests/sanitizers/outputs_test.sh).
E2E_SAN_SCRIPTS	= tests/sanitizers/outputs_test.sh tests/e2e/bad_input_test.sh tests/hostile/hostile_test.sh \
		  tests/hostile/export_attack_test.sh \
		  tests/regressions/regressions_test.sh tests/compat/readers_test.sh \
		  tests/compat/foreign_test.sh tests/e2e/reader_equivalence_test.sh \
		  tests/e2e/gate_test.sh tests/e2e/rules_test.sh tests/rules/numbers_test.sh tests/e2e/dotc_test.sh
E2E_RUN		= $(if $(filter 1,$(SAN)),$(E2E_SAN_SCRIPTS),$(E2E_SCRIPTS))
E2E_LABEL	= $(if $(filter 1,$(SAN)),san,e2e)

# A hang guard per script, generous (the slowest, under the sanitizers,
# takes minutes): a test that blocks fails instead of holding CI to its end.
E2E_HANG_SECONDS ?= 1800

# Every script runs, whatever an earlier one did; each one's wall time
# goes to the time table (tests/timed.sh, CHECK_TIMES).
check-e2e: $(BUILD)/rvreplay $(BUILD)/dotc $(BUILD)/verdict_check $(BUILD)/tests/make_hostile workloads man
	@failed=; for s in $(E2E_RUN); do \
		echo "== $$s"; RVREPLAY=$(BUILD)/rvreplay MAKE_HOSTILE=$(BUILD)/tests/make_hostile \
			sh tests/timed.sh "$(E2E_LABEL) $$s" \
			timeout -k 10 $(E2E_HANG_SECONDS) sh $$s $(BUILD)/verdict_check $(BUILD)/workloads; \
		rc=$$?; [ $$rc = 124 ] && echo "FAILED  $$s: still running after $(E2E_HANG_SECONDS) s"; \
		[ $$rc = 0 ] || failed="$$failed $$s"; \
	done; \
	if [ -n "$$failed" ]; then echo "FAILED scripts:$$failed"; exit 1; fi

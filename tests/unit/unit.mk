# Unit tests (Check): one runner with a suite per area.
#
# Every tests/unit/specs/*.ltl is compiled by ltlc into a header and a
# struct rv_automaton, so the tests drive generated C through the core.

UNIT_SRCS	= $(addprefix tests/unit/,unit_main.c ltl_drive.c ltl_equiv.c ltl_progress.c \
		  monitor_fixture.c ltl_spec_test.c ltl_automata_test.c ltl_property_test.c \
		  ltl_core_test.c pagefault_test.c sleep_test.c syscall_decode_test.c \
		  tracedat_fixture.c tracedat_real_test.c tracedat_written_test.c \
		  tracedat_bad_test.c tracedat_build_test.c profiles_test.c ring_page_test.c \
		  trace_records_test.c trace_format_test.c trace_open_test.c cpu_stream_test.c \
		  print_format_test.c \
		  kallsyms_test.c cpu_irqs_test.c format_trial_test.c arch_test.c \
		  kernel_events_test.c escape_test.c report_counts_test.c diff_fixture.c diff_test.c \
		  diff_live_test.c \
		  report_text_test.c wwnr_test.c wip_test.c stall_test.c switch_state_test.c replay_test.c \
		  upstream_monitors_test.c record_fixture.c live_fixture.c live_reading.c \
		  live_reader_test.c live_source_test.c rule_ltl_test.c \
		  rules_test.c baseline_test.c json_scan_test.c dotc_test.c flight_test.c \
		  flight_window_test.c)
# A rule's formula compiled at run time, against ltlc's headers; rules
# whole (bindings, filters, export); the baselines; dotc; the flight recorder.
$(BUILD)/tests/unit/rule_ltl_test.o: UNIT_CFLAGS += -Irules
$(BUILD)/tests/unit/rules_test.o: UNIT_CFLAGS += -Irules -Imodels/dotc -Imodels/gen
$(BUILD)/tests/unit/baseline_test.o $(BUILD)/tests/unit/json_scan_test.o: UNIT_CFLAGS += -Ibaseline
$(BUILD)/tests/unit/dotc_test.o: UNIT_CFLAGS += -Imodels/dotc -Imodels/gen
$(BUILD)/tests/unit/flight_test.o $(BUILD)/tests/unit/flight_window_test.o: \
	UNIT_CFLAGS += -Irecorder -Itests/hostile

SPEC_NAMES	= $(notdir $(basename $(wildcard tests/unit/specs/*.ltl)))
SPEC_GEN	= $(BUILD)/gen/specs
SPEC_OBJS	= $(SPEC_NAMES:%=$(SPEC_GEN)/%_automaton.o) $(SPEC_GEN)/registry.o
UNIT_OBJS	= $(UNIT_SRCS:%.c=$(BUILD)/%.o)
UNIT_CFLAGS	= -Wno-unused-parameter -Wno-missing-field-initializers -Itests/unit -I$(MONDIR) -I$(MONDIR)/compat -Imodels/ltlc -Iengine -Ireport $(PARSER_INNER_CFLAGS) -I$(SPEC_GEN) \
		  -DSPEC_DIR='"tests/unit/specs"'

$(SPEC_GEN)/%.h: tests/unit/specs/%.ltl $(BUILD)/ltlc
	@mkdir -p $(dir $@)
	$(BUILD)/ltlc -n $* -o $@ $< 2>/dev/null

$(SPEC_GEN)/%_automaton.c: | $(SPEC_GEN)/%.h
	printf '#include "%s.h"\n#include "ltl/ltl_core.h"\nLTL_AUTOMATON(spec_%s);\n' $* $* > $@

$(SPEC_GEN)/registry.c: tests/unit/unit.mk $(wildcard tests/unit/specs/*.ltl)
	@mkdir -p $(dir $@)
	@{ echo '#include "spec_registry.h"'; \
	  for s in $(SPEC_NAMES); do echo "extern const struct rv_automaton spec_$$s;"; done; \
	  echo 'const struct test_spec test_specs[] = {'; \
	  for s in $(SPEC_NAMES); do echo "	{ \"$$s\", SPEC_DIR \"/$$s.ltl\", &spec_$$s },"; done; \
	  echo '	{ 0 }'; echo '};'; } > $@

$(SPEC_GEN)/%.o: $(SPEC_GEN)/%.c
	$(CC) $(ALL_CFLAGS) $(MONITOR_CFLAGS) $(UNIT_CFLAGS) -c -o $@ $<

# diff's matching and live records, with diff/'s own header (diff_local.h).
$(BUILD)/tests/unit/diff_test.o $(BUILD)/tests/unit/diff_live_test.o $(BUILD)/tests/unit/diff_fixture.o: \
	UNIT_CFLAGS += -Idiff

# The live source writes pages as the kernel does, with the hostile traces' writer.
$(BUILD)/tests/unit/live_fixture.o: UNIT_CFLAGS += -Irecorder -Itests/hostile

# These include a generated header for its atom enum only.
$(BUILD)/tests/unit/sleep_test.o $(BUILD)/tests/unit/pagefault_test.o \
$(BUILD)/tests/unit/ltl_core_test.o: UNIT_CFLAGS += -Wno-unused-function

$(BUILD)/tests/unit/%.o: tests/unit/%.c $(SPEC_NAMES:%=$(SPEC_GEN)/%.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(UNIT_CFLAGS) $(CHECK_CFLAGS) -c -o $@ $<

# Every room but the command's main: rules/, baseline/, dotc and the
# recorder have their suites too.
$(BUILD)/unit-tests: $(UNIT_OBJS) $(SPEC_OBJS) $(RVREPLAY_LIB_OBJS) $(TRACEDAT_BUILD_OBJS) \
		     $(BUILD)/tests/hostile/page_writer.o
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(PKG_LIBS) $(PARSER_LIBS)

check-unit: $(BUILD)/unit-tests
	$(BUILD)/unit-tests

# Verdict identity with the kernel's rvgen: RVGEN_HEADERS is a folder with
# the kernel's generated pagefault.h and sleep.h (kernel/trace/rv/monitors/).
# The monitors are rebuilt with them swapped in and all unit tests run.
check-rvgen: $(BUILD)/libmonitors.a
	@test -n "$(RVGEN_HEADERS)" || { echo "check-rvgen: set RVGEN_HEADERS=DIR" >&2; exit 2; }
	rm -rf $(BUILD)/rvgen && mkdir -p $(BUILD)/rvgen
	cp -r monitors $(BUILD)/rvgen/
	cp $(RVGEN_HEADERS)/pagefault.h $(BUILD)/rvgen/monitors/pagefault/pagefault.h
	cp $(RVGEN_HEADERS)/sleep.h $(BUILD)/rvgen/monitors/sleep/sleep.h
	$(MAKE) BUILD=$(BUILD)/rvgen/build MONDIR=$(BUILD)/rvgen/monitors check-unit
	@for m in pagefault sleep; do \
		printf '#include "%s"\n#include "ltl/ltl_core.h"\nLTL_AUTOMATON(rvgen_%s);\n' \
			$(abspath $(RVGEN_HEADERS))/$$m.h $$m > $(BUILD)/rvgen/rvgen_$$m.c; \
	done
	$(CC) $(ALL_CFLAGS) $(MONITOR_CFLAGS) -Imonitors -Itests/unit -o $(BUILD)/rvgen/equiv \
		tests/unit/rvgen_equiv.c tests/unit/ltl_equiv.c $(BUILD)/rvgen/rvgen_*.c \
		$(BUILD)/libmonitors.a
	$(BUILD)/rvgen/equiv

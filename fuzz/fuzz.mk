# Fuzzing with libFuzzer (clang): the specification compiler, the
# trace.dat container as the replay opens and checks it (trace_file_open(),
# the page check, the fast reader's streams), trace input, the whole
# command, the whole command on files a structure-aware generator makes
# (structured_fuzz.c: the input is a program that writes a trace), and
# what a CI hands it besides the traces (fleet_fuzz.c: the input is a
# program that makes a waiver file, an index file, JSON Lines baselines
# and a folder tree with links, each with a model of what the code must
# read; checked in process: waivers, trace lists, folder scans, baseline
# comparison, rvreplay compare, now and then a batch). Harnesses and
# everything they link are built in $(BUILD)-fuzz with coverage, ASan and
# UBSan.
#
#   make fuzz [FUZZ_SECONDS=3600] [FUZZ_TARGETS="spec replay"] [FUZZ_JOBS=2]
#	each harness in turn for FUZZ_SECONDS, growing $(BUILD)-fuzz/corpus/
#	and collecting every finding
#   make check-fuzz
#	each harness for FUZZ_CHECK_SECONDS from its seeds alone, the same
#	run every time (-seed=1); the first finding fails it
#
# Findings (crash, leak, hang) are left in $(BUILD)-fuzz/crashes/: make
# each a regression test (tests/regressions/README.md). The fleet harness
# also fails on a broken property ("fleet_fuzz: property broken: ..." in
# $(BUILD)-fuzz/fleet.log); RVREPLAY_FLEET_KEEP=DIR keeps the files a
# program made.

FUZZ_CC			?= clang
FUZZ_HARNESSES		= spec rule tracedat trace_input replay structured fleet
FUZZ_TARGETS		?= $(FUZZ_HARNESSES)
FUZZ_SECONDS		?= 600
FUZZ_CHECK_SECONDS	?= 40
FUZZ_SAN		= -fsanitize=address,undefined -fno-sanitize-recover=all \
			  -fno-omit-frame-pointer
# clang warns of { NULL } terminators and of the kernel-style
# static_assert(cond) of generated headers, which gcc accepts
FUZZ_CFLAGS		= -fsanitize=fuzzer-no-link $(FUZZ_SAN) -Wno-missing-field-initializers \
			  -Wno-c2x-extensions

.PHONY: fuzz check-fuzz fuzz-harnesses

# The fuzz build is a build of its own, as the sanitizer build is.
fuzz check-fuzz:
	$(MAKE) -f $(firstword $(MAKEFILE_LIST)) BUILD=$(BUILD)-fuzz CC=$(FUZZ_CC) SAN= CFLAGS='$(FUZZ_CFLAGS)' fuzz-harnesses
	@status=0; for h in $(FUZZ_TARGETS); do \
		sh tests/timed.sh "fuzz $$h" fuzz/run.sh $(BUILD)-fuzz $$h $(if $(filter check-fuzz,$@),check $(FUZZ_CHECK_SECONDS),long $(FUZZ_SECONDS)) || \
			status=1; \
	done; exit $$status

FLEET_OBJS	= $(addprefix $(BUILD)/fuzz/,fleet_fuzz.o fleet_check_verdicts.o \
		  fleet_check_lists.o fleet_check_command.o fleet_text.o fleet_waivers.o \
		  fleet_baselines.o fleet_tree.o)
FUZZ_OBJS	= $(addprefix $(BUILD)/fuzz/,spec_fuzz.o rule_fuzz.o tracedat_fuzz.o trace_input_fuzz.o \
		  replay_fuzz.o fuzz_file.o structured_fuzz.o) $(FLEET_OBJS)
FUZZ_INCLUDES	= -Imodels/ltlc $(CLI_CFLAGS) $(PARSER_INNER_CFLAGS) -Itests/hostile -Irules
FUZZ_LINK	= $(CC) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^

fuzz-harnesses: $(FUZZ_HARNESSES:%=$(BUILD)/fuzz/%_fuzz)

$(BUILD)/fuzz/%.o: fuzz/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(FUZZ_INCLUDES) $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/fuzz/spec_fuzz: $(BUILD)/fuzz/spec_fuzz.o $(LTLC_LIB_OBJS)
	$(FUZZ_LINK)

$(BUILD)/fuzz/rule_fuzz: $(BUILD)/fuzz/rule_fuzz.o $(BUILD)/fuzz/fuzz_file.o $(RVREPLAY_LIB_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

$(BUILD)/fuzz/tracedat_fuzz: $(BUILD)/fuzz/tracedat_fuzz.o $(BUILD)/fuzz/fuzz_file.o \
			     $(PARSER_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

$(BUILD)/fuzz/trace_input_fuzz: $(BUILD)/fuzz/trace_input_fuzz.o $(BUILD)/fuzz/fuzz_file.o \
				$(PARSER_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

$(BUILD)/fuzz/replay_fuzz: $(BUILD)/fuzz/replay_fuzz.o $(BUILD)/fuzz/fuzz_file.o \
			   $(RVREPLAY_LIB_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

$(BUILD)/fuzz/structured_fuzz: $(BUILD)/fuzz/structured_fuzz.o $(BUILD)/tests/hostile/page_writer.o \
			       $(BUILD)/tests/hostile/trace_template.o $(RVREPLAY_LIB_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

# the harness, its checks and its generators; the command's objects for what it calls
$(BUILD)/fuzz/fleet_fuzz: $(FLEET_OBJS) $(RVREPLAY_LIB_OBJS)
	$(FUZZ_LINK) $(PKG_LIBS) $(PARSER_LIBS)

-include $(wildcard $(FUZZ_OBJS:.o=.d))

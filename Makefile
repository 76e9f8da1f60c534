# SPDX-License-Identifier: GPL-2.0-only
#
# rvreplay: replay trace-cmd traces through the kernel's runtime-verification
# monitors (rtapp's LTL monitors, the DA and HA monitors, users' rules).
#
#   make            build rvreplay and the generators (ltlc, dotc)
#   make demo       replay a bundled trace (installs missing packages first)
#   make check-e2e  end-to-end tests on the traces of traces/
#   make check-layers  the house rules scripts/check-layers.py checks, and its
#                   test planting a breach of each (part of check-generated)
#   make check-mutation  every e2e script against broken rvreplays (printing
#                   nothing, always exiting 0, losing its last verdict or each
#                   monitor's first, every time 1 us late): each must fail
#                   (tests/mutation/; part of make check)
#   make check      every test, the hostile-input ones again under ASan+UBSan, each
#                   fuzzer briefly, check-kmod, the foreign-architecture guests
#                   (check-compat-guests); every part runs, a time table at the end
#                   (tests/check.sh; CHECK_PARTS="unit e2e" runs only those)
#   make check-unit unit tests only
#   make fuzz       the libFuzzer harnesses, FUZZ_SECONDS each (fuzz/fuzz.mk)
#   make generate   regenerate the automaton headers from models/
#   make man        the man pages, into $(BUILD)/man/
#   make install    rvreplay, its man pages and bash completion (prefix, DESTDIR,
#                   bindir, mandir); make uninstall; make kmod-install
#
# Folders, in data-flow order: models/ (specs, generator) -> monitors/
# (automata and handlers, freestanding C) <- parsers/ (trace input) ->
# engine/ (the replay) -> report/, diff/, baseline/ -> cli/ (the command);
# recorder/ (rvreplay record), kmod/ (the module) beside.

BUILD		?= build
CC		?= gcc
SAN		?=
MONDIR		?= monitors

WARNINGS	= -Wall -Wextra -Werror -Wno-unused-parameter  # callbacks, as in the kernel
BASE_CFLAGS	= -std=gnu11 -O2 -g $(WARNINGS) -MMD -MP
ifeq ($(SAN),1)
BASE_CFLAGS	+= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
BASE_LDFLAGS	+= -fsanitize=address,undefined
endif
CFLAGS		?=
ALL_CFLAGS	= $(BASE_CFLAGS) $(CFLAGS)
# The one version, from VERSION; objects that print it depend on that file.
VERSION		:= $(shell cat VERSION)
VERSION_CFLAGS	= -DRVREPLAY_VERSION='"$(VERSION)"'

# Evaluated only when a recipe needs them, so 'make deps' can run first.
PKGS		= libtracecmd libtracefs libtraceevent jansson
PKG_CFLAGS	= $(shell pkg-config --cflags $(PKGS))
PKG_LIBS	= $(shell pkg-config --libs $(PKGS))
CHECK_CFLAGS	= $(shell pkg-config --cflags check)
CHECK_LIBS	= $(shell pkg-config --libs check)

.PHONY: all rvreplay deps demo generate check check-all check-unit check-generated check-san check-san-unit check-san-e2e \
	check-e2e check-rvgen clean
all: rvreplay $(BUILD)/ltlc $(BUILD)/dotc man

deps:
	@scripts/deps.sh

include models/models.mk
include monitors/monitors.mk
include parsers/parsers.mk
include recorder/recorder.mk
include engine/engine.mk
include rules/rules.mk
include report/report.mk
include diff/diff.mk
include baseline/baseline.mk
include cli/cli.mk
include tests/unit/unit.mk
include tests/workloads/workloads.mk
include tests/e2e/e2e.mk
include tests/mutation/mutation.mk
include tests/hostile/hostile.mk
include tests/compat/compat.mk
include bench/bench.mk
include kmod/kmod.mk
include docs/man/man.mk
include install.mk
include fuzz/fuzz.mk

OBJS = $(GEN_OBJS) $(LTLC_OBJS) $(DOTC_OBJS) $(MONITOR_OBJS) $(PARSER_OBJS) $(RECORDER_OBJS) $(ENGINE_OBJS) $(REPORT_OBJS) \
       $(DIFF_OBJS) $(BASELINE_OBJS) $(CLI_OBJS) $(UNIT_OBJS) $(SPEC_OBJS) $(RULES_OBJS)

# Every part, the guests' beside the host's, none stopping the others, and
# a time table at the end (tests/check.sh; $(BUILD)/check/times.txt).
check:
	@BUILD=$(BUILD) MAKE="$(MAKE)" sh tests/check.sh

# Full stacks, so that a suppression can name the library function.
SAN_CHECKS	= check-san check-san-unit check-san-e2e
$(SAN_CHECKS): export ASAN_OPTIONS = fast_unwind_on_malloc=0
$(SAN_CHECKS): export LSAN_OPTIONS = suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0
# The sanitizers slow the code several times: Check's hang guards grow alike.
$(SAN_CHECKS): export CK_TIMEOUT_MULTIPLIER = 5

# The house rules a machine checks (scripts/check-layers.py: the rooms and
# parsers' stages, a freestanding monitors/, who prints, file and function
# sizes), and the check itself finding breaches planted in a copy of the tree.
.PHONY: check-layers
check-generated: check-layers
check-layers:
	@tests/e2e/layers_test.sh

check-all: check-generated check-unit check-e2e check-mutation

# Under the sanitizers: the unit tests and the e2e scripts of hostile or
# varied input (E2E_SAN_SCRIPTS), not the freshness check again.
check-san: check-unit check-e2e
# each half alone, for make check's two lanes (tests/check.sh)
check-san-unit: check-unit
check-san-e2e: check-e2e

# The quick start's first command: a replay of a bundled trace.
demo: deps
	$(MAKE) rvreplay
	./rvreplay --context 4 --html $(BUILD)/demo.html traces/mutex-nonpi.dat || [ $$? -eq 1 ]
	@echo "The report with a timeline of each violation: $(BUILD)/demo.html"

clean:
	rm -rf $(BUILD) $(BUILD)-san $(BUILD)-mutant rvreplay

-include $(wildcard $(OBJS:.o=.d))

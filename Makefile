# SPDX-License-Identifier: GPL-2.0-only
#
# rvreplay: replay trace-cmd traces through the kernel's rtapp LTL monitors.
#
#   make            build rvreplay and the generator
#   make demo       replay a bundled trace (installs missing packages first)
#   make check      every test, then again under ASan+UBSan
#   make check-unit unit tests only
#   make generate   regenerate the automaton headers from models/
#
# Folders, in data-flow order: models/ (specs, generator) -> monitors/
# (automata and handlers, freestanding C) -> parsers/ (trace input) ->
# analyzer/ (replay engine, reports, the command).

BUILD		?= build
CC		?= gcc
SAN		?=
MONDIR		?= monitors

WARNINGS	= -Wall -Wextra -Werror
BASE_CFLAGS	= -std=gnu11 -O2 -g $(WARNINGS) -MMD -MP
ifeq ($(SAN),1)
BASE_CFLAGS	+= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
BASE_LDFLAGS	+= -fsanitize=address,undefined
endif
CFLAGS		?=
ALL_CFLAGS	= $(BASE_CFLAGS) $(CFLAGS)

# Evaluated only when a recipe needs them, so 'make deps' can run first.
PKGS		= libtracecmd libtracefs libtraceevent jansson
PKG_CFLAGS	= $(shell pkg-config --cflags $(PKGS))
PKG_LIBS	= $(shell pkg-config --libs $(PKGS))
CHECK_CFLAGS	= $(shell pkg-config --cflags check)
CHECK_LIBS	= $(shell pkg-config --libs check)

.PHONY: all deps generate check check-all check-unit check-generated check-san \
	check-rvgen clean
all: $(BUILD)/ltlc

deps:
	@scripts/deps.sh

include models/models.mk
include monitors/monitors.mk
include tests/unit/unit.mk
include tests/workloads/workloads.mk

OBJS = $(LTLC_OBJS) $(MONITOR_OBJS) $(UNIT_OBJS) $(SPEC_OBJS)

check: deps
	$(MAKE) check-all
	$(MAKE) BUILD=$(BUILD)-san SAN=1 check-san

check-all: check-generated check-unit

# Under the sanitizers: the tests, not the freshness check again.
check-san: check-unit

clean:
	rm -rf $(BUILD) $(BUILD)-san

-include $(wildcard $(OBJS:.o=.d))

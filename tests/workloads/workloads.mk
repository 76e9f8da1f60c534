# Test workloads: small programs whose traces the replay must judge.
#
# Included by the top-level Makefile, which may define BUILD (default
# build). Builds $(BUILD)/workloads/<name> for each name in WORKLOADS.
# WORKLOAD_LDFLAGS=-static gives static binaries (e.g. for a test VM).

BUILD ?= build

WORKLOADS_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))

WORKLOADS := clock_nanosleep nanosleep futex_wake mutex_inversion \
	     cond_signal blocking_io pagefault cpu_hog udp_wake mm_calls migrate

WORKLOAD_BINS := $(addprefix $(BUILD)/workloads/,$(WORKLOADS))
WORKLOAD_CFLAGS ?= -std=gnu11 -Wall -Wextra -Werror -O2
WORKLOAD_LDFLAGS ?=
WORKLOAD_COMMON := $(WORKLOADS_DIR)/workload.c $(WORKLOADS_DIR)/workload.h

.PHONY: workloads workloads-clean

workloads: $(WORKLOAD_BINS)

$(WORKLOAD_BINS): $(BUILD)/workloads/%: $(WORKLOADS_DIR)/%.c $(WORKLOAD_COMMON)
	@mkdir -p $(@D)
	$(CC) $(WORKLOAD_CFLAGS) -pthread -o $@ $< \
		$(WORKLOADS_DIR)/workload.c $(WORKLOAD_LDFLAGS)

workloads-clean:
	rm -f $(WORKLOAD_BINS)

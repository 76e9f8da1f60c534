# make bench: rvreplay against the bare libtracecmd iteration and
# `trace-cmd report` on a big trace (issue 6). A benchmark, not a test:
# it prints figures and fails only when it cannot run. See bench/bench.sh
# for its variables (BENCH_TRACE=FILE, BENCH_RUNS, BENCH_SECONDS, ...).

BENCH_FLOOR	= $(BUILD)/bench/floor
BENCH_MEASURE	= $(BUILD)/bench/measure
BENCH_ENV	= RVREPLAY=$(BUILD)/rvreplay FLOOR=$(BENCH_FLOOR) MEASURE=$(BENCH_MEASURE)

$(BENCH_FLOOR): bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BASE_LDFLAGS) $(PKG_LIBS)

BENCH_RATE	= $(BUILD)/bench/rate
BENCH_FAULT_AT	= $(BUILD)/bench/fault_at

$(BENCH_FAULT_AT): bench/fault_at.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BASE_LDFLAGS)

$(BENCH_RATE): bench/rate.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BASE_LDFLAGS)

$(BENCH_MEASURE): bench/measure.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BASE_LDFLAGS)

# bench/tracecmd.sh: traces made by trace-cmd extract (every format, the
# kallsyms), small and large, formats 7 and 6: the fixed cost per trace
# apart from the cost per record (issue 16).
# bench/scale.sh: violation groups and violating tasks doubled, 16k to
# 1M: the time ratio per doubling (2: linear) and memory per element.
# bench/batch.sh: traces per second of a batch run, -j 1 and -j N, against
# one run per trace in a loop (issue 19).
# bench/hostile.sh: peak memory and time on the hostile inputs of
# tests/hostile/, as ratios to the goals (256 MiB, 10 s for any input
# under 1 MB).
# bench/watch.sh: what rvreplay watch costs beside record: the highest
# event rate without a loss, the watcher's CPU per million events,
# cyclictest's latency with none, record and watch (issue 31).
# bench/rules.sh: each example rule (--spec) on its trace, against the
# built-in it re-expresses (issue 33).
# bench/rule_cost.sh: the three shapes of rule that cost exponential time
# or the stack (issue 43), 1x to 8x up to their limits: CPU time and
# instructions, linear.
.PHONY: bench bench-tracecmd bench-watch bench-rules
bench: $(BUILD)/rvreplay $(BENCH_FLOOR) $(BENCH_MEASURE) $(BENCH_RATE) $(BENCH_FAULT_AT) $(BUILD)/tests/make_hostile
	$(BENCH_ENV) sh bench/bench.sh
	$(BENCH_ENV) sh bench/tracecmd.sh
	RVREPLAY=$(BUILD)/rvreplay MAKE_HOSTILE=$(BUILD)/tests/make_hostile sh bench/hostile.sh
	RVREPLAY=$(BUILD)/rvreplay MAKE_HOSTILE=$(BUILD)/tests/make_hostile sh bench/scale.sh
	RVREPLAY=$(BUILD)/rvreplay sh bench/batch.sh
	RVREPLAY=$(BUILD)/rvreplay RATE=$(BENCH_RATE) FAULT_AT=$(BENCH_FAULT_AT) sh bench/watch.sh
	RVREPLAY=$(BUILD)/rvreplay sh bench/rules.sh
	RVREPLAY=$(BUILD)/rvreplay sh bench/rule_cost.sh

bench-watch: $(BUILD)/rvreplay $(BENCH_RATE) $(BENCH_FAULT_AT)
	RVREPLAY=$(BUILD)/rvreplay RATE=$(BENCH_RATE) FAULT_AT=$(BENCH_FAULT_AT) sh bench/watch.sh

bench-rules: $(BUILD)/rvreplay
	RVREPLAY=$(BUILD)/rvreplay sh bench/rules.sh
	RVREPLAY=$(BUILD)/rvreplay sh bench/rule_cost.sh

bench-tracecmd: $(BUILD)/rvreplay $(BENCH_FLOOR) $(BENCH_MEASURE)
	$(BENCH_ENV) sh bench/tracecmd.sh

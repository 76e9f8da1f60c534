# make bench: rvreplay against the bare libtracecmd iteration and
# `trace-cmd report` on a big trace (issue 6). A benchmark, not a test:
# it prints figures and fails only when it cannot run. See bench/bench.sh
# for its variables (BENCH_TRACE=FILE, BENCH_RUNS, BENCH_SECONDS, ...).

BENCH_FLOOR	= $(BUILD)/bench/floor

$(BENCH_FLOOR): bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BASE_LDFLAGS) $(PKG_LIBS)

# bench/hostile.sh: peak memory and time on the hostile inputs of
# tests/hostile/, as ratios to the goals (256 MiB, 10 s for any input
# under 1 MB).
.PHONY: bench
bench: $(BUILD)/rvreplay $(BENCH_FLOOR) $(BUILD)/tests/make_hostile
	RVREPLAY=$(BUILD)/rvreplay FLOOR=$(BENCH_FLOOR) sh bench/bench.sh
	RVREPLAY=$(BUILD)/rvreplay MAKE_HOSTILE=$(BUILD)/tests/make_hostile sh bench/hostile.sh

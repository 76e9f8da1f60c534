# make bench: rvreplay against the bare libtracecmd iteration and
# `trace-cmd report` on a big trace (issue 6). A benchmark, not a test:
# it prints figures and fails only when it cannot run. See bench/bench.sh
# for its variables (BENCH_TRACE=FILE, BENCH_RUNS, BENCH_SECONDS, ...).

BENCH_FLOOR	= $(BUILD)/bench/floor

$(BENCH_FLOOR): bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -o $@ $< $(BASE_LDFLAGS) $(PKG_LIBS)

.PHONY: bench
bench: $(BUILD)/rvreplay $(BENCH_FLOOR)
	RVREPLAY=$(BUILD)/rvreplay FLOOR=$(BENCH_FLOOR) sh bench/bench.sh

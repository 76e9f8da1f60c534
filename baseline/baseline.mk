# The comparison of runs (rvreplay compare, --baseline): violations keyed
# by what survives a re-run, read from JSON reports and JSON Lines as a
# stream, compared key by key.

BASELINE_SRCS	= $(wildcard baseline/*.c)
BASELINE_OBJS	= $(BASELINE_SRCS:%.c=$(BUILD)/%.o)
BASELINE_CFLAGS	= -Iparsers -Ibaseline

$(BUILD)/baseline/%.o: baseline/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(BASELINE_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

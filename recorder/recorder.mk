# rvreplay record: tracefs instance, per-CPU streaming, trace.dat writer.

RECORDER_SRCS	= $(wildcard recorder/*.c)
RECORDER_OBJS	= $(RECORDER_SRCS:%.c=$(BUILD)/%.o)

$(BUILD)/recorder/%.o: recorder/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DRVREPLAY_VERSION='"$(VERSION)"' $(PKG_CFLAGS) -c -o $@ $<

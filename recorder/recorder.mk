# rvreplay record: tracefs instance, per-CPU streaming, trace.dat writer
# (the on-disk format it shares with the reader: parsers/container/tracedat_format.h).

RECORDER_SRCS	= $(wildcard recorder/*.c)
RECORDER_OBJS	= $(RECORDER_SRCS:%.c=$(BUILD)/%.o)
# The trace.dat builder alone, for the tools that make test traces with it.
TRACEDAT_BUILD_OBJS = $(addprefix $(BUILD)/recorder/,tracedat_build.o tracedat_build_check.o \
		      tracedat_bytes.o) $(BUILD)/parsers/grow.o

$(BUILD)/recorder/%.o: recorder/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(VERSION_CFLAGS) -Iparsers $(PKG_CFLAGS) -c -o $@ $<

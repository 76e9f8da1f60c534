# rvreplay record: tracefs instance, per-CPU streaming, trace.dat writer
# (the on-disk format it shares with the reader: parsers/tracedat_format.h).

RECORDER_SRCS	= $(addprefix recorder/,record.c record_instance.c record_stream.c \
		  record_tracefs.c record_workdir.c task_metadata.c tracedat_build.c \
		  tracedat_write.c)
RECORDER_OBJS	= $(RECORDER_SRCS:%.c=$(BUILD)/%.o)

$(BUILD)/recorder/%.o: recorder/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(VERSION_CFLAGS) -Iparsers $(PKG_CFLAGS) -c -o $@ $<

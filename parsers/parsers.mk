# Trace input: our hardened trace.dat container reader, and libtracecmd /
# libtraceevent for records and their formatting.

PARSER_SRCS	= $(addprefix parsers/,trace_input.c trace_decode.c trace_meta.c tracedat.c \
		  tracedat_check.c tracedat_cursor.c tracedat_data.c tracedat_options.c tracedat_v6.c tracedat_v7.c \
		  ring_page.c print_format.c format_trial.c cpu_stream.c record_merge.c time_options.c event_formats.c \
		  fast_reader.c)
PARSER_OBJS	= $(PARSER_SRCS:%.c=$(BUILD)/%.o)
PARSER_LIBS	= -lz -lzstd

$(BUILD)/parsers/%.o: parsers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

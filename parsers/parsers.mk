# Trace input, in stages, each a folder whose headers the stage above uses:
#   container/  the trace.dat container: header, options, sections, the
#               per-CPU data, the texts checked, kallsyms, the metadata
#               (tracedat.h)
#   events/     event formats from the metadata sections (libtraceevent),
#               their trial in a child process, record decoding
#   records/    per-CPU record streams, chunks inflated ahead, their merge,
#               the page check for libtracecmd, the fast reader and
#               libtracecmd as the two readers behind trace_input
# and at the top the public interface the engine and the command use
# (trace_input.h, trace_record.h), the one open of a file (trace_file.c),
# the on-disk format the recorder writes too (tracedat_format.h), and the
# small utilities every layer shares (escape, grow, key_index). Only the
# parsers' own files see the stage folders.

PARSER_DIRS	= parsers parsers/container parsers/events parsers/records
PARSER_SRCS	= $(foreach d,$(PARSER_DIRS),$(wildcard $(d)/*.c))
PARSER_OBJS	= $(PARSER_SRCS:%.c=$(BUILD)/%.o)
PARSER_CFLAGS	= $(PARSER_DIRS:%=-I%)
PARSER_LIBS	= -lz -lzstd

$(BUILD)/parsers/%.o: parsers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PARSER_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

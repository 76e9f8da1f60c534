# Trace input, in stages, each a folder reached by the stages above only
# through its stage header (scripts/check-layers.py checks it):
#   container/  the trace.dat file: header, options, sections, per-CPU data
#               and pages, the texts checked, kallsyms, the metadata, the
#               on-disk format the recorder writes too (container.h)
#   records/    per-CPU record streams, chunks inflated ahead, their merge,
#               the page check for libtracecmd; uses container (records.h)
#   events/     event formats given to libtraceevent after their trial in a
#               child, each record decoded by its entry of TRACE_EVENTS()
#               (trace_record.h), our marker lines; uses container (events.h)
# and at the top the readers that join them (the fast reader, libtracecmd),
# the one open of a file (trace_file.c), the public face the other rooms
# use (trace_input.h) and the small utilities every layer shares (escape,
# grow, key_index).

PARSER_DIRS	= parsers parsers/container parsers/events parsers/records
PARSER_SRCS	= $(foreach d,$(PARSER_DIRS),$(wildcard $(d)/*.c))
PARSER_OBJS	= $(PARSER_SRCS:%.c=$(BUILD)/%.o)
# A file finds its own folder's headers; another stage only by its stage
# header ("container/container.h"): scripts/check-layers.py checks it.
PARSER_CFLAGS	= -Iparsers
# The unit tests, the fuzz harnesses and the hostile-trace maker reach a
# stage's inner parts.
PARSER_INNER_CFLAGS = $(PARSER_DIRS:%=-I%)
PARSER_LIBS	= -lz -lzstd

$(BUILD)/parsers/%.o: parsers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PARSER_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

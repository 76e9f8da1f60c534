# Trace input: our hardened trace.dat container reader, the fast record
# reader, and libtracecmd / libtraceevent for the reference reader and the
# formatting of records. Every source of the folder is built.

PARSER_SRCS	= $(wildcard parsers/*.c)
PARSER_OBJS	= $(PARSER_SRCS:%.c=$(BUILD)/%.o)
PARSER_LIBS	= -lz -lzstd

$(BUILD)/parsers/%.o: parsers/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

# Hostile traces: made at test time by make_hostile (from a real trace,
# through the one trace.dat builder), run by hostile_test.sh.

HOSTILE_SRCS	= $(addprefix tests/hostile/,make_hostile.c record_writer.c page_writer.c trace_template.c)
HOSTILE_OBJS	= $(HOSTILE_SRCS:%.c=$(BUILD)/%.o)

$(BUILD)/tests/hostile/%.o: tests/hostile/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PARSER_INNER_CFLAGS) -Irecorder -Itests/hostile $(PKG_CFLAGS) -c -o $@ $<

$(BUILD)/tests/make_hostile: $(HOSTILE_OBJS) $(TRACEDAT_BUILD_OBJS) $(PARSER_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(PARSER_LIBS)

-include $(wildcard $(HOSTILE_OBJS:.o=.d))

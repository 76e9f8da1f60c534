# Users' own rules (--spec): a formula and its bindings compiled at run
# time, by the build's own compiler (models/ltlc), into monitors.

RULES_SRCS	= $(wildcard rules/*.c)
RULES_OBJS	= $(RULES_SRCS:%.c=$(BUILD)/%.o)
RULES_CFLAGS	= -I$(MONDIR) -Imodels/ltlc -Imodels/dotc -Imodels/gen -Iengine -Iparsers -Irules

$(BUILD)/rules/%.o: rules/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(RULES_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

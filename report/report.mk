# Reports: verdicts in words, as text or JSON.

REPORT_SRCS	= $(wildcard report/*.c)
REPORT_OBJS	= $(REPORT_SRCS:%.c=$(BUILD)/%.o)
REPORT_CFLAGS	= $(ENGINE_CFLAGS) -Ireport $(VERSION_CFLAGS)

$(BUILD)/report/%.o: report/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

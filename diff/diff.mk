# rvreplay diff: live verdicts in a trace against the replay's.

DIFF_SRCS	= $(wildcard diff/*.c)
DIFF_OBJS	= $(DIFF_SRCS:%.c=$(BUILD)/%.o)
DIFF_CFLAGS	= $(ENGINE_CFLAGS) -Idiff

$(BUILD)/diff/%.o: diff/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DIFF_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

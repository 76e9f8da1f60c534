# The rvreplay command: one file per subcommand, what they share, the
# progress line. Only this layer prints errors and chooses exit codes.

CLI_SRCS	= $(wildcard cli/*.c)
CLI_OBJS	= $(CLI_SRCS:%.c=$(BUILD)/%.o)
CLI_CFLAGS	= $(ENGINE_CFLAGS) $(REPORT_INCLUDES) -Idiff -Ibaseline -Irecorder -Irules -Icli $(VERSION_CFLAGS)

$(BUILD)/cli/%.o: cli/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CLI_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

RVREPLAY_OBJS	= $(CLI_OBJS) $(DIFF_OBJS) $(BASELINE_OBJS) $(REPORT_OBJS) $(RULES_OBJS) \
		  $(LTLC_LIB_OBJS) $(DOTC_LIB_OBJS) $(GEN_OBJS) $(ENGINE_OBJS) $(PARSER_OBJS) $(RECORDER_OBJS) \
		  $(BUILD)/libmonitors.a

RVREPLAY_LIB_OBJS = $(filter-out $(BUILD)/cli/rvreplay.o,$(RVREPLAY_OBJS))

# Replaced by rename: a running ./rvreplay keeps its old file.
rvreplay: $(BUILD)/rvreplay
	cp $< $@.tmp && mv -f $@.tmp $@

$(BUILD)/rvreplay: $(RVREPLAY_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(PARSER_LIBS)

# The replay engine, reports and the rvreplay command (built at the top).

ANALYZER_SRCS	= $(addprefix analyzer/,rvreplay.c cmd_common.c cmd_replay.c cmd_list.c \
		  cmd_check.c cmd_record.c catalog.c arch.c task_facts.c replay.c report.c \
		  report_text.c report_json.c explain.c syscall_names.c syscall_decode.c \
		  cmd_diff.c diff.c progress.c)
ANALYZER_OBJS	= $(ANALYZER_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/spec_texts.o
ANALYZER_LIB_OBJS = $(filter-out $(BUILD)/analyzer/rvreplay.o,$(ANALYZER_OBJS))
ANALYZER_CFLAGS	= -I$(MONDIR) -Iparsers -Irecorder -Ianalyzer -DRVREPLAY_VERSION='"$(VERSION)"'

VERSION		:= $(shell cat VERSION)
$(BUILD)/analyzer/%.o: analyzer/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ANALYZER_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

SPECS_SHOWN	= $(foreach pair,$(GENERATED),$(lastword $(subst :, ,$(pair))))

# The specification texts, for 'rvreplay list': spec_<header name>.
$(BUILD)/gen/spec_texts.c: $(SPECS_SHOWN) models/models.mk
	@mkdir -p $(dir $@)
	@{ for pair in $(GENERATED); do \
		h=$${pair%%:*}; f=$${pair#*:}; \
		printf 'const char spec_%s[] =\n' $$(basename $$h .h); \
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' -e 's/$$/\\n"/' $$f; \
		printf ';\n'; \
	done; } > $@

$(BUILD)/gen/spec_texts.o: $(BUILD)/gen/spec_texts.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Replaced by rename: a running ./rvreplay keeps its old file.
rvreplay: $(BUILD)/rvreplay
	cp $< $@.tmp && mv -f $@.tmp $@

$(BUILD)/rvreplay: $(ANALYZER_OBJS) $(PARSER_OBJS) $(RECORDER_OBJS) $(BUILD)/libmonitors.a
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(PARSER_LIBS)

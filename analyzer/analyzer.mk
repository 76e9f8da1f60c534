# The replay engine, reports and the rvreplay command (built at the top).

ANALYZER_SRCS	= $(wildcard analyzer/*.c)
ANALYZER_OBJS	= $(ANALYZER_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/spec_texts.o
ANALYZER_LIB_OBJS = $(filter-out $(BUILD)/analyzer/rvreplay.o,$(ANALYZER_OBJS))
ANALYZER_CFLAGS	= -I$(MONDIR) -Iparsers -Irecorder -Ianalyzer -DRVREPLAY_VERSION='"$(VERSION)"'

VERSION		:= $(shell cat VERSION)
SPECS_SHOWN	= models/rtapp/pagefault.ltl models/rtapp/sleep.ltl

$(BUILD)/analyzer/%.o: analyzer/%.c VERSION
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ANALYZER_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

# The specification texts, for 'rvreplay list'.
$(BUILD)/gen/spec_texts.c: $(SPECS_SHOWN)
	@mkdir -p $(dir $@)
	@{ for f in $(SPECS_SHOWN); do \
		printf 'const char spec_%s[] =\n' $$(basename $$f .ltl); \
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' -e 's/$$/\\n"/' $$f; \
		printf ';\n'; \
	done; } > $@

$(BUILD)/gen/spec_texts.o: $(BUILD)/gen/spec_texts.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

rvreplay: $(BUILD)/rvreplay
	cp $< $@

$(BUILD)/rvreplay: $(ANALYZER_OBJS) $(PARSER_OBJS) $(RECORDER_OBJS) $(BUILD)/libmonitors.a
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(PARSER_LIBS)

# The replay engine: task facts, monitor events and verdicts, the catalog
# of monitors and the events they need, the trace's architecture.

ENGINE_SRCS	= $(wildcard engine/*.c)
ENGINE_OBJS	= $(ENGINE_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/spec_texts.o
ENGINE_CFLAGS	= -I$(MONDIR) -Iparsers -Iengine

$(BUILD)/engine/%.o: engine/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ENGINE_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

SPECS_SHOWN	= $(foreach pair,$(GENERATED),$(lastword $(subst :, ,$(pair))))

# The specification texts, for 'rvreplay list': { path, text } per spec.
$(BUILD)/gen/spec_texts.c: $(SPECS_SHOWN) monitors/monitor_list.mk
	@mkdir -p $(dir $@)
	@{ echo '#include <stddef.h>'; \
	  echo 'const struct { const char *path, *text; } spec_texts[] = {'; \
	  for f in $(SPECS_SHOWN); do \
		printf '\t{ "%s",\n' $$f; \
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t  "/' -e 's/$$/\\n"/' $$f; \
		printf '\t},\n'; \
	  done; echo '	{ NULL, NULL },'; echo '};'; } > $@

$(BUILD)/gen/spec_texts.o: $(BUILD)/gen/spec_texts.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

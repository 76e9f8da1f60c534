# The generator, the specifications, and the headers generated from them.

LTLC_SRCS	= $(wildcard models/ltlc/*.c)
LTLC_OBJS	= $(LTLC_SRCS:%.c=$(BUILD)/%.o)
LTLC_LIB_OBJS	= $(filter-out $(BUILD)/models/ltlc/ltlc.o,$(LTLC_OBJS))

# committed header:spec, from the monitors' descriptors (monitor_list.mk)
GENERATED	= $(MONITOR_HEADERS)

$(BUILD)/models/%.o: models/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/ltlc: $(LTLC_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^

# The list of monitors first: it says which headers there are.
generate: $(BUILD)/ltlc
	scripts/gen-monitor-list.sh
	@set -e; for pair in $$(sed -n 's|^[[:space:]]*\(monitors/[^ ]*:[^ ]*\).*|\1|p' monitors/monitor_list.mk); do \
		h=$${pair%%:*}; spec=$${pair#*:}; \
		echo "  GEN $$h"; $(BUILD)/ltlc -o $$h $$spec; \
	done

# Fails when the list of monitors is not what the folders make, or a
# committed header is not what its .ltl generates.
check-generated: $(BUILD)/ltlc
	@set -e; rm -rf $(BUILD)/fresh; mkdir -p $(BUILD)/fresh; \
	cp -r monitors $(BUILD)/fresh/; scripts/gen-monitor-list.sh $(BUILD)/fresh/monitors; \
	for f in monitor_list.c monitor_list.mk; do \
		if ! cmp -s monitors/$$f $(BUILD)/fresh/monitors/$$f; then \
			echo "monitors/$$f is stale: run 'make generate' and commit it" >&2; exit 1; \
		fi; \
	done; \
	for pair in $(GENERATED); do \
		h=$${pair%%:*}; spec=$${pair#*:}; \
		$(BUILD)/ltlc -o $(BUILD)/fresh/$$h $$spec; \
		if ! cmp -s $$h $(BUILD)/fresh/$$h; then \
			echo "$$h is stale: run 'make generate' and commit it" >&2; exit 1; \
		fi; \
	done; echo "generated list and headers: up to date"

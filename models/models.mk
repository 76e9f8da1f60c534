# The generator, the specifications, and the headers generated from them.

LTLC_SRCS	= $(wildcard models/ltlc/*.c)
LTLC_OBJS	= $(LTLC_SRCS:%.c=$(BUILD)/%.o)
LTLC_LIB_OBJS	= $(filter-out $(BUILD)/models/ltlc/ltlc.o,$(LTLC_OBJS))

# spec -> committed header
# Profile 6.17 specs at the top of models/rtapp/; later profiles in folders
# named after the kernel version that changed them (semantics-profiles.md).
GENERATED	= monitors/pagefault/pagefault.h:models/rtapp/pagefault.ltl \
		  monitors/sleep/sleep.h:models/rtapp/sleep.ltl \
		  monitors/sleep/sleep_7_1.h:models/rtapp/7.1/sleep.ltl \
		  monitors/sleep/sleep_7_3.h:models/rtapp/7.3/sleep.ltl \
		  monitors/wakeup/wakeup.h:models/rtapp/7.3/wakeup.ltl

$(BUILD)/models/%.o: models/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/ltlc: $(LTLC_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^

generate: $(BUILD)/ltlc
	@set -e; for pair in $(GENERATED); do \
		h=$${pair%%:*}; spec=$${pair#*:}; \
		echo "  GEN $$h"; $(BUILD)/ltlc -o $$h $$spec; \
	done

# Fails when a committed header is not what its .ltl generates.
check-generated: $(BUILD)/ltlc
	@set -e; mkdir -p $(BUILD)/fresh; for pair in $(GENERATED); do \
		h=$${pair%%:*}; spec=$${pair#*:}; \
		$(BUILD)/ltlc -o $(BUILD)/fresh/$$(basename $$h) $$spec; \
		if ! cmp -s $$h $(BUILD)/fresh/$$(basename $$h); then \
			echo "$$h is stale: run 'make generate' and commit it" >&2; exit 1; \
		fi; \
	done; echo "generated headers: up to date"

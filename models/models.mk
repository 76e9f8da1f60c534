# The generators, the specifications, and the headers generated from them:
# ltlc compiles .ltl (LTL) specifications, dotc .dot (deterministic
# automata) ones; both share models/gen/ for their files.

GEN_SRCS	= $(wildcard models/gen/*.c)
GEN_OBJS	= $(GEN_SRCS:%.c=$(BUILD)/%.o)
LTLC_SRCS	= $(wildcard models/ltlc/*.c)
LTLC_OBJS	= $(LTLC_SRCS:%.c=$(BUILD)/%.o)
LTLC_LIB_OBJS	= $(filter-out $(BUILD)/models/ltlc/ltlc.o,$(LTLC_OBJS))
DOTC_SRCS	= $(wildcard models/dotc/*.c)
DOTC_OBJS	= $(DOTC_SRCS:%.c=$(BUILD)/%.o)
DOTC_LIB_OBJS	= $(filter-out $(BUILD)/models/dotc/dotc.o,$(DOTC_OBJS))
MODELS_CFLAGS	= -Imodels/gen

# committed header:spec, from the monitors' descriptors (monitor_list.mk)
GENERATED	= $(MONITOR_HEADERS)

$(BUILD)/models/%.o: models/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(MODELS_CFLAGS) -c -o $@ $<

$(BUILD)/ltlc: $(LTLC_OBJS) $(GEN_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^

$(BUILD)/dotc: $(DOTC_OBJS) $(GEN_OBJS)
	$(CC) $(BASE_LDFLAGS) -o $@ $^

# Shell: sets gen to the generator of $$spec, by its extension.
GEN_FOR_SPEC	= case $$spec in \
			*.ltl) gen=$(BUILD)/ltlc;; \
			*.dot) gen=$(BUILD)/dotc;; \
			*) echo "$$spec: no generator for this extension" >&2; exit 1;; \
		  esac

# The list of monitors first: it says which headers there are.
generate: $(BUILD)/ltlc $(BUILD)/dotc
	scripts/gen-monitor-list.sh
	@set -e; for pair in $$(sed -n 's|^[[:space:]]*\(monitors/[^ ]*:[^ ]*\).*|\1|p' monitors/monitor_list.mk); do \
		h=$${pair%%:*}; spec=$${pair#*:}; $(GEN_FOR_SPEC); \
		echo "  GEN $$h"; $$gen -o $$h $$spec; \
	done

# Fails when the list of monitors is not what the folders make, or a
# committed header is not what its specification generates.
check-generated: $(BUILD)/ltlc $(BUILD)/dotc
	@set -e; rm -rf $(BUILD)/fresh; mkdir -p $(BUILD)/fresh; \
	cp -r monitors $(BUILD)/fresh/; scripts/gen-monitor-list.sh $(BUILD)/fresh/monitors; \
	for f in monitor_list.c monitor_list.mk; do \
		if ! cmp -s monitors/$$f $(BUILD)/fresh/monitors/$$f; then \
			echo "monitors/$$f is stale: run 'make generate' and commit it" >&2; exit 1; \
		fi; \
	done; \
	for pair in $(GENERATED); do \
		h=$${pair%%:*}; spec=$${pair#*:}; $(GEN_FOR_SPEC); \
		$$gen -o $(BUILD)/fresh/$$h $$spec; \
		if ! cmp -s $$h $(BUILD)/fresh/$$h; then \
			echo "$$h is stale: run 'make generate' and commit it" >&2; exit 1; \
		fi; \
	done; echo "generated list and headers: up to date"

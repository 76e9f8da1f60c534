# The replay engine: task facts, monitor events and verdicts, the catalog
# of monitors and the events they need, the trace's architecture.

ENGINE_SRCS	= $(wildcard engine/*.c)
ENGINE_OBJS	= $(ENGINE_SRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/spec_texts.o \
		  $(BUILD)/gen/atom_legend.o
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

# The atoms' short names (reports, JSON) with their names in the
# specification, read from each generated header: { spec, short, long }.
$(BUILD)/gen/atom_legend.c: $(foreach pair,$(GENERATED),$(firstword $(subst :, ,$(pair)))) \
			    monitors/monitor_list.mk
	@mkdir -p $(dir $@)
	@{ echo '#include <stddef.h>'; \
	  echo 'const struct { const char *spec, *short_name, *long_name; } atom_legend[] = {'; \
	  for pair in $(GENERATED); do \
		awk -v spec=$${pair#*:} '/^enum ltl_atom \{/ { e = 1; next } \
			e && /LTL_NUM_ATOM/ { e = 0 } \
			e && /^\tLTL_/ { sub(/^\tLTL_/, ""); sub(/,.*/, ""); long[n++] = $$0 } \
			/static const char \*const names\[\]/ { a = 1; next } \
			a && /\};/ { a = 0 } \
			a && /"/ { gsub(/[\t",]/, ""); printf "\t{ \"%s\", \"%s\", \"%s\" },\n", spec, $$0, long[m++] }' \
			$${pair%%:*}; \
	  done; echo '	{ NULL, NULL, NULL },'; echo '};'; } > $@

$(BUILD)/gen/atom_legend.o: $(BUILD)/gen/atom_legend.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The system call tables, generated from the kernel's .tbl files in
# Debian's linux-source-6.12 (scripts/gen-syscall-names.sh): committed,
# and checked fresh with the other generated files.
check-generated: check-syscall-names

.PHONY: check-syscall-names
check-syscall-names:
	@mkdir -p $(BUILD)/fresh-syscalls
	@scripts/gen-syscall-names.sh $(BUILD)/fresh-syscalls/syscall_names.c
	@if ! cmp -s engine/syscall_names.c $(BUILD)/fresh-syscalls/syscall_names.c; then \
		echo "engine/syscall_names.c is stale: run scripts/gen-syscall-names.sh and commit it" >&2; \
		exit 1; \
	fi; echo "generated system call tables: up to date"

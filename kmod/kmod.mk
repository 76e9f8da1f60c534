# The companion kernel module and its live tests in QEMU guests (kmod/,
# tests/kmod/). Included by the top-level Makefile.
#
#   make kmod [KMOD_ARCH=x86_64|riscv64]	build rvreplay.ko for a test guest
#   make check-kmod [KMOD_ARCHES="x86_64 riscv64"]
#		the QEMU harness, then rvreplay.ko live against 'rvreplay diff'
#		on every workload, in each guest, then the kernel's own rtapp
#		monitors as referee (check-kmod-upstream). Kernels: x86_64's
#		live guest boots Debian's 6.1; riscv64's guest and both
#		referee guests boot 6.12 kernels with the upstream rtapp series,
#		built once (about 7 and 13 minutes on 2 cores) and cached
#		outside the tree in /var/cache/rvreplay-kernels, keyed by what
#		they are built from: kmod/upstream/build-kernel.sh
#
# Without QEMU or a guest kernel the tests say why they skip.

KMOD_ARCH	?= x86_64
KMOD_ARCHES	?= x86_64 riscv64

.PHONY: kmod check-kmod check-kmod-upstream

kmod:
	kmod/build.sh $(KMOD_ARCH) $(BUILD)/kmod/rvreplay/$(KMOD_ARCH)

# Assembles a trace.dat from the tracefs files a guest copied out.
$(BUILD)/kmod/assemble: tests/kmod/live/assemble.c $(BUILD)/recorder/tracedat_write.o \
			$(TRACEDAT_BUILD_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Irecorder -Iparsers -o $@ $^ $(BASE_LDFLAGS) $(PARSER_LIBS)

# Every script runs whatever an earlier one did; each one's wall time goes
# to make check's time table (tests/timed.sh).
check-kmod: $(BUILD)/rvreplay $(BUILD)/kmod/assemble
	@failed=; for arch in $(KMOD_ARCHES); do \
		if command -v qemu-system-$$arch > /dev/null; then \
			echo "== tests/kmod/hello/run-test.sh $$arch"; \
			sh tests/timed.sh "kmod hello $$arch" tests/kmod/hello/run-test.sh $$arch || \
				failed="$$failed hello-$$arch"; \
		else \
			echo "skip - $$arch: no qemu-system-$$arch (install kmod/qemu/debian-packages)"; \
		fi; \
	done; \
	echo "== tests/kmod/live/run-test.sh $(KMOD_ARCHES)"; \
	sh tests/timed.sh "kmod live" tests/kmod/live/run-test.sh $(BUILD)/rvreplay \
		$(BUILD)/kmod/assemble $(KMOD_ARCHES) || failed="$$failed live"; \
	$(MAKE) check-kmod-upstream || failed="$$failed upstream"; \
	if [ -n "$$failed" ]; then echo "FAILED kmod:$$failed"; exit 1; fi

# The kernel's own rtapp monitors as referee (kmod/upstream/README.md).
check-kmod-upstream: $(BUILD)/rvreplay $(BUILD)/kmod/assemble
	@failed=; echo "== tests/kmod/upstream/run-test.sh $(KMOD_ARCHES)"; \
	sh tests/timed.sh "kmod upstream" tests/kmod/upstream/run-test.sh $(BUILD)/rvreplay \
		$(BUILD)/kmod/assemble $(KMOD_ARCHES) || failed="$$failed upstream"; \
	case " $(KMOD_ARCHES) " in *" x86_64 "*) \
		echo "== tests/kmod/wip/run-test.sh"; \
		sh tests/timed.sh "kmod wip" tests/kmod/wip/run-test.sh $(BUILD)/rvreplay \
			$(BUILD)/kmod/assemble || failed="$$failed wip"; \
		echo "== tests/kmod/rules/export_test.sh"; \
		sh tests/timed.sh "kmod export" sh tests/kmod/rules/export_test.sh $(BUILD)/rvreplay || \
			failed="$$failed export";; esac; \
	if [ -n "$$failed" ]; then echo "FAILED kmod-upstream:$$failed"; exit 1; fi

# The example rules built into the 6.12 guest kernels beside the kernel's
# own monitors (kmod/upstream/build-kernel.sh): what `rvreplay spec export`
# writes for each, committed in kmod/upstream/rules/ so that the kernels'
# cache key sees it; `make generate` writes it, check-generated checks it.
KMOD_RULES	= examples/specs/no-mm-calls.ltl

.PHONY: generate-kmod-rules check-kmod-rules
generate: generate-kmod-rules
check-generated: check-kmod-rules

# OUT: the folder written (a kernel tree's shape)
KMOD_RULES_EXPORT = set -e; rm -rf $$out; for r in $(KMOD_RULES); do \
		$(BUILD)/rvreplay spec export $$r --kernel $$out > /dev/null; done

generate-kmod-rules: $(BUILD)/rvreplay
	@out=kmod/upstream/rules; $(KMOD_RULES_EXPORT); echo "  GEN $$out"

check-kmod-rules: $(BUILD)/rvreplay
	@out=$(BUILD)/fresh-kmod-rules; $(KMOD_RULES_EXPORT); \
	if ! diff -r kmod/upstream/rules $$out > /dev/null; then \
		echo "kmod/upstream/rules is stale: run 'make generate' and commit it" >&2; exit 1; \
	fi; echo "the kernels' example rules: up to date"

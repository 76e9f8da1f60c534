# Traces of other writers and machines (tests/compat/). check-compat: the
# bundled traces rewritten as trace-cmd 2.x, 4-byte-long, big-endian,
# large-page, zlib and zstd writers would write them, each read by
# trace-cmd report with the same records (about 25 s; rvreplay's readers
# on the same variants are tests/compat/readers_test.sh, in check-e2e).
# check-compat-guests: Debian's own
# trace-cmd recording on arm64 and armv7l in QEMU guests (packaged
# kernels, no build; about 90 s with the .deb files cached, 30 s more to
# fetch them once). Without QEMU the guests say why they skip, or fail
# under CI=true.

.PHONY: check-compat check-compat-guests

check-all: check-compat

check-compat:
	@echo "== tests/compat/compat_test.sh"
	@sh tests/compat/compat_test.sh

check-compat-guests: $(BUILD)/rvreplay
	@echo "== tests/compat/guests/run-test.sh"
	@COMPAT_BUILD_DIR=$(BUILD)/compat/guests tests/compat/guests/run-test.sh $(BUILD)/rvreplay

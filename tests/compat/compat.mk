# Traces of other writers and machines (tests/compat/): Debian's own
# trace-cmd recording on arm64 and armv7l in QEMU guests (packaged
# kernels, no build; about 90 s with the .deb files cached, 30 s more to
# fetch them once). Without QEMU the guests say why they skip, or fail
# under CI=true.

.PHONY: check-compat-guests

check-compat-guests: $(BUILD)/rvreplay
	@echo "== tests/compat/guests/run-test.sh"
	@COMPAT_BUILD_DIR=$(BUILD)/compat/guests tests/compat/guests/run-test.sh $(BUILD)/rvreplay

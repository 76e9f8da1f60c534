#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-riscv-kernel.sh - build (or reuse) the riscv64 guest kernel.
#
# Usage: build-riscv-kernel.sh [KDIR]
#
# Extracts Debian's linux-source-6.1 tarball into KDIR/linux, configures it
# with ARCH=riscv defconfig plus kmod/qemu/riscv64.config, and builds the
# Image and what external modules need (modules_prepare, Module.symvers).
# A second run with the same source package, fragment and compiler does
# nothing.  Progress goes to stderr; stdout gets one line, the tree path,
# so callers can write: kdir=$(kmod/qemu/build-riscv-kernel.sh)
#
# KDIR defaults to $KMOD_RISCV_DIR, else a folder of the kernel cache
# outside the tree (RVREPLAY_KERNEL_CACHE, default ~/.cache/rvreplay/kernels)
# named after what the kernel is built from: the source package, the config
# fragment and the cross compiler. A clean clone or `make clean` reuses it.
# LINUX_SOURCE_TARBALL overrides /usr/src/linux-source-6.1.tar.xz.
#
# Exit codes: 0 built or reused, 1 build failed, 2 missing tools/source.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
fragment=$here/riscv64.config
cross=riscv64-linux-gnu-
cache=${RVREPLAY_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rvreplay/kernels}

log()
{
	echo "build-riscv-kernel: $*" >&2
}

die()
{
	log "$1"
	exit "${2:-1}"
}

# Every fragment line must survive olddefconfig; Kconfig silently drops
# symbols whose dependencies are unmet, which would hide missing events.
check_config()
{
	local line sym bad=0

	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF -- "$line" "$kdir/linux/.config" && continue
			log "config: wanted '$line', got '$(grep -E "^(# )?${line%%=*}[= ]" \
				"$kdir/linux/.config" || echo absent)'"
			bad=1
			;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -qE "^$sym=" "$kdir/linux/.config" || continue
			log "config: wanted $sym off, got '$(grep -E "^$sym=" "$kdir/linux/.config")'"
			bad=1
			;;
		esac
	done < "$fragment"
	return $bad
}

command -v ${cross}gcc > /dev/null || die "missing ${cross}gcc (apt-get install gcc-riscv64-linux-gnu)" 2
[ -r "$tarball" ] || die "missing $tarball (apt-get install linux-source-6.1)" 2

src_key="$(basename "$tarball") $(stat -c '%s %Y' "$tarball")"
cfg_key="$(sha256sum < "$fragment" | cut -c1-16) $(${cross}gcc -dumpfullversion)"
key=$(printf '%s\n%s\n' "$src_key" "$cfg_key" | sha256sum | cut -c1-16)
kdir=${1:-${KMOD_RISCV_DIR:-$cache/riscv64-$(basename "$tarball" .tar.xz)-$key}}
kmake=(make -C "$kdir/linux" ARCH=riscv CROSS_COMPILE="$cross")

mkdir -p "$kdir"
exec 9> "$kdir/.lock"
flock 9

if [ "$(cat "$kdir/.source-key" 2> /dev/null)" != "$src_key" ]; then
	log "extracting $tarball into $kdir/linux"
	rm -rf "$kdir/linux" "$kdir/.source-key" "$kdir/.config-key"
	mkdir "$kdir/linux"
	tar -xJf "$tarball" -C "$kdir/linux" --strip-components=1
	echo "$src_key" > "$kdir/.source-key"
fi

if [ "$(cat "$kdir/.config-key" 2> /dev/null)" = "$cfg_key" ] &&
   [ -f "$kdir/linux/arch/riscv/boot/Image" ] &&
   [ -f "$kdir/linux/Module.symvers" ]; then
	log "up to date: $kdir/linux/arch/riscv/boot/Image"
	echo "$kdir/linux"
	exit 0
fi

start=$(date +%s)
buildlog=$kdir/build.log
log "configuring (defconfig + $(basename "$fragment")), log in $buildlog"
rm -f "$kdir/.config-key"
{
	"${kmake[@]}" defconfig
	(cd "$kdir/linux" && scripts/kconfig/merge_config.sh -m .config "$fragment")
	"${kmake[@]}" olddefconfig
} > "$buildlog" 2>&1 || { tail -20 "$buildlog" >&2; die "configuration failed"; }
check_config || die "config fragment not applied, see above"

log "building Image and modules_prepare with -j$(nproc)"
if ! "${kmake[@]}" -j"$(nproc)" Image modules_prepare >> "$buildlog" 2>&1; then
	grep -E 'error|Error' "$buildlog" | tail -20 >&2
	die "kernel build failed, full log in $buildlog"
fi
# make Image writes vmlinux.symvers only; external modules read Module.symvers.
cp "$kdir/linux/vmlinux.symvers" "$kdir/linux/Module.symvers"

echo "$cfg_key" > "$kdir/.config-key"
log "built $(cat "$kdir/linux/include/config/kernel.release") in $(($(date +%s) - start)) s:" \
	"$kdir/linux/arch/riscv/boot/Image"
echo "$kdir/linux"

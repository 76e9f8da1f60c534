#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh - build (or reuse) a guest kernel with the upstream rtapp
# monitors: Debian's linux-source-6.12, our backports (patches/), the rtapp
# series (v11) read from $UPSTREAM_PATCHES, configured with ARCH.config.
#
# Usage: build-kernel.sh [--tree|--built-tree|--check] x86_64|riscv64
#
# The result is cached outside the work tree, in
#   ${RVREPLAY_KERNEL_CACHE:-/var/cache/rvreplay-kernels}/ARCH-KEY/
# (linux/ is the configured tree, usable with `make -C linux M=...` for
# external modules; build.log; done). KEY hashes everything that decides
# the result: the source tarball (name, size, mtime, Debian version), the
# config fragment, the series file and our patches, the series patches
# applied and the compiler version. A second run with the same inputs
# finds ARCH-KEY/done and does nothing. Other keys of the same ARCH are
# deleted after a successful build (RVREPLAY_KERNEL_KEEP=1 keeps them).
#
# The example rules of rules/ (what `rvreplay spec export` wrote for each
# of kmod.mk's KMOD_RULES) are added after the series as rvgen's monitors
# are: their folders copied in, each one's Kconfig, Makefile and
# rv_trace.h line put at the kernel's "Add new monitors" marks. They are
# part of KEY.
#
# The "release" lines of patches/series are upstream commits to the
# monitors' own files merged for 6.17 after v11 was posted (0014: no step
# on the event that starts an instance): they are applied by default,
# after the check that those files are the series' own, so the monitors
# are what 6.17 ships. RVREPLAY_KERNEL_MONITORS=v11 leaves them out and
# builds the monitors exactly as v11 posted them, cached as ARCH+v11-KEY.
#
# stdout: one line, the kernel image QEMU boots (bzImage or Image), or
# with --tree the built tree (for `make -C TREE M=...`); --built-tree
# prints the tree only if it is built already, else exits 1 building
# nothing (a test that can do without it, beside a build). --check builds
# nothing: it exits as a build would for missing tools, source or series,
# with the same one-line reason on stderr (tests decide to skip with it).
# stderr: progress.
#
# Environment: UPSTREAM_PATCHES (default <repo>/../shared/upstream/rtapp),
# LINUX_SOURCE_TARBALL (default /usr/src/linux-source-6.12.tar.xz),
# RVREPLAY_KERNEL_CACHE, RVREPLAY_KERNEL_JOBS (default nproc).
#
# Exit codes: 0 built or reused; 1 patching, configuration or build
# failed; 2 usage, missing tools or source tarball; 77 the rtapp series is
# not there (callers skip, except under CI=true).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
series_dir=${UPSTREAM_PATCHES:-$repo/../shared/upstream/rtapp}
rules_dir=$here/rules
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=${RVREPLAY_KERNEL_CACHE:-/var/cache/rvreplay-kernels}
jobs=${RVREPLAY_KERNEL_JOBS:-$(nproc)}
EXIT_NO_SERIES=77

log()
{
	echo "build-kernel: $*" >&2
}

die()
{
	log "$1"
	exit "${2:-1}"
}

usage()
{
	echo "usage: $(basename "$0") [--tree|--built-tree|--check] x86_64|riscv64" >&2
	exit 2
}

# Per ARCH: kbuild ARCH, cross compiler prefix, base config, image.
arch_setup()
{
	case $1 in
	x86_64)
		karch=x86_64
		cross=
		baseconfig=tinyconfig
		image_rel=arch/x86/boot/bzImage
		image_target=bzImage
		;;
	riscv64)
		karch=riscv
		cross=riscv64-linux-gnu-
		baseconfig=tinyconfig
		image_rel=arch/riscv/boot/Image
		image_target=Image
		;;
	*)
		usage
		;;
	esac
	fragment=$here/$1.config
}

# patches=(...) and release_patches=(...): the files the series names, in
# order (the series files matched by their number), resolved once: the
# cached run must stay well under a second on a busy machine.
resolve_series()
{
	local kind num files

	patches=()
	release_patches=()
	upstream_patches=()
	while read -r kind num; do
		case $kind in
		upstream)
			files=("$series_dir/$num"-*.patch)
			if [ ! -f "${files[0]}" ]; then
				log "the upstream rtapp series at $series_dir has no $num-*.patch"
				exit $EXIT_NO_SERIES
			fi
			patches+=("${files[0]}")
			upstream_patches+=("${files[0]}")
			;;
		release)
			release_patches+=("$here/patches/$num")
			;;
		*)
			patches+=("$here/patches/$kind")
			;;
		esac
	done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/patches/series")
	[ "$monitors" = v11 ] && release_patches=()
	return 0
}

check_inputs()
{
	local path tool

	command -v "${cross}gcc" > /dev/null ||
		die "missing ${cross}gcc (apt-get install $( [ -n "$cross" ] && echo gcc-riscv64-linux-gnu || echo gcc))" 2
	for tool in make flex bison bc perl xz patch; do
		command -v "$tool" > /dev/null || die "missing $tool" 2
	done
	[ -r "$tarball" ] || die "missing $tarball (apt-get install linux-source-6.12)" 2
	if [ ! -d "$series_dir" ]; then
		log "the upstream rtapp series is not at $series_dir (set UPSTREAM_PATCHES=DIR)"
		exit $EXIT_NO_SERIES
	fi
	resolve_series
	for path in "${patches[@]}" "${release_patches[@]}"; do
		[ -r "$path" ] || die "missing $path" 2
	done
}

# Everything that decides the built kernel, hashed. The tarball is named
# by size, mtime and package version: hashing 140 MB on every call would
# cost the cached run its speed.
cache_key()
{
	local version

	version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2> /dev/null) || version=none
	{
		echo "tarball $(basename "$tarball") $(stat -c '%s %Y' "$tarball") $version"
		echo "flavour $1"
		# contents only: the cache must not depend on where the files are
		for file in "$fragment" "$here/patches/series" "${patches[@]}" "${release_patches[@]}"; do
			sha256sum < "$file"
		done
		# the rules' files, by their place in the tree
		(cd "$rules_dir" && find . -type f | LC_ALL=C sort | xargs sha256sum)
		"${cross}gcc" --version | head -1
	} | sha256sum | cut -c1-16
}

apply_series()
{
	local tree=$1 path
	shift

	for path in "$@"; do
		log "applying $(basename "$path")"
		# Default fuzz (2): series 18/21 and 19/21 meet Kconfig and
		# Makefile lines of monitors 6.12 does not have.
		patch -d "$tree" -p1 --batch --no-backup-if-mismatch < "$path" >> "$buildlog" 2>&1 ||
			die "$(basename "$path") does not apply, see $buildlog"
	done
}

# before MARK's line of FILE (a kernel file with rvgen's "Add new monitors" mark)
insert_before()
{
	local file=$1 mark=$2 line=$3

	grep -qF -- "$mark" "$file" || die "$file has no line '$mark'"
	awk -v mark="$mark" -v line="$line" 'index($0, mark) { print line } { print }' \
		"$file" > "$file.new" && mv "$file.new" "$file"
}

# The rules of rules/ into the tree, as rvgen's monitors go: the folders,
# then each monitor's three lines (an LTL one among the LTL includes of
# rv_trace.h, a per-task automaton among the DA ones with an id, a per-CPU
# or global one among those without).
add_rules()
{
	local tree=$1 rv=$1/kernel/trace/rv dir name upper mark

	cp -r "$rules_dir/." "$tree/"
	for dir in "$rules_dir"/kernel/trace/rv/monitors/*/; do
		name=$(basename "$dir")
		upper=$(echo "$name" | tr 'a-z' 'A-Z')
		log "adding the rule $name"
		if grep -q '<rv/ltl_monitor.h>' "$dir/$name.c"; then
			mark='// Add new monitors based on CONFIG_LTL_MON_EVENTS_ID here'
		elif grep -q '^DECLARE_DA_MON_PER_TASK' "$dir/$name.c"; then
			mark='// Add new monitors based on CONFIG_DA_MON_EVENTS_ID here'
		else
			mark='// Add new monitors based on CONFIG_DA_MON_EVENTS_IMPLICIT here'
		fi
		insert_before "$rv/Kconfig" '# Add new monitors here' \
			"source \"kernel/trace/rv/monitors/$name/Kconfig\""
		insert_before "$rv/Makefile" '# Add new monitors here' \
			"obj-\$(CONFIG_RV_MON_$upper) += monitors/$name/$name.o"
		insert_before "$rv/rv_trace.h" "$mark" "#include <monitors/$name/${name}_trace.h>"
	done
}

# The monitors must be exactly as the series has them: every file a
# series patch creates is compared with the patch's own lines.
check_monitor_files()
{
	local tree=$1 path file bad=0

	for path in "${upstream_patches[@]}"; do
		# paths in the kernel tree hold no spaces
		# shellcheck disable=SC2013
		for file in $(awk '/^--- \/dev\/null/ { getline; sub(/^\+\+\+ b\//, ""); print }' "$path"); do
			if ! awk -v want="$file" '
				/^diff --git / { on = 0 }
				on && /^@@/ { body = 1; next }
				on && body && /^\+/ { print substr($0, 2) }
				/^\+\+\+ b\// { on = (substr($0, 7) == want); body = 0 }
			' "$path" | cmp -s - "$tree/$file"; then
				log "$file differs from $(basename "$path")"
				bad=1
			fi
		done
	done
	return $bad
}

# Every fragment line must survive olddefconfig: Kconfig silently drops
# symbols whose dependencies are unmet.
check_config()
{
	local config=$1 line sym bad=0

	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF -- "$line" "$config" && continue
			log "config: wanted '$line', got '$(grep -E "^(# )?${line%%=*}[= ]" "$config" || echo absent)'"
			bad=1
			;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			grep -qE "^$sym=" "$config" || continue
			log "config: wanted $sym off, got '$(grep -E "^$sym=" "$config")'"
			bad=1
			;;
		esac
	done < "$fragment"
	return $bad
}

build()
{
	local dir=$1 tree=$1/linux kmake

	kmake=(make -C "$tree" ARCH="$karch" CROSS_COMPILE="$cross")
	rm -rf "$tree"
	mkdir -p "$tree"
	log "extracting $tarball"
	tar -xJf "$tarball" -C "$tree" --strip-components=1
	apply_series "$tree" "${patches[@]}"
	check_monitor_files "$tree" || die "the monitors' files are not the series' own"
	apply_series "$tree" "${release_patches[@]}"
	add_rules "$tree"
	log "configuring ($baseconfig + $(basename "$fragment")), log in $buildlog"
	{
		"${kmake[@]}" "$baseconfig"
		(cd "$tree" && scripts/kconfig/merge_config.sh -m .config "$fragment")
		"${kmake[@]}" olddefconfig
	} >> "$buildlog" 2>&1 || { tail -20 "$buildlog" >&2; die "configuration failed"; }
	check_config "$tree/.config" || die "config fragment not applied, see above"
	log "building $image_target and modules_prepare with -j$jobs"
	if ! "${kmake[@]}" -j"$jobs" "$image_target" modules_prepare >> "$buildlog" 2>&1; then
		grep -E 'error|Error' "$buildlog" | tail -20 >&2
		die "kernel build failed, full log in $buildlog"
	fi
	# make IMAGE writes vmlinux.symvers only; external modules read Module.symvers.
	cp "$tree/vmlinux.symvers" "$tree/Module.symvers"
}

# Older builds of this ARCH are other inputs' results: 1-2 GB each.
prune_others()
{
	local keep=$1 d

	[ "${RVREPLAY_KERNEL_KEEP:-0}" = 1 ] && return 0
	for d in "$cache/$flavour"-*; do
		if [ ! -d "$d" ] || [ "$d" = "$keep" ]; then
			continue
		fi
		log "removing the older build $d"
		rm -rf "$d" "$d.lock"
	done
}

print=image
built_only=0
case ${1:-} in
--tree)
	print=tree
	shift
	;;
--built-tree)
	print=tree built_only=1
	shift
	;;
--check)
	print=none
	shift
	;;
esac
[ $# -eq 1 ] || usage
arch=$1
monitors=${RVREPLAY_KERNEL_MONITORS:-6.17}
case $monitors in
6.17)
	flavour=$arch
	;;
v11)
	flavour=$arch+v11
	;;
*)
	die "RVREPLAY_KERNEL_MONITORS is 6.17 (default) or v11, not '$monitors'" 2
	;;
esac
arch_setup "$arch"
check_inputs
[ "$print" = none ] && exit 0
key=$(cache_key "$flavour")
dir=$cache/$flavour-$key
image=$dir/linux/$image_rel

# What the caller asked for: the image, or the tree.
result()
{
	if [ "$print" = tree ]; then
		echo "$dir/linux"
	else
		echo "$image"
	fi
}

if [ -f "$dir/done" ] && [ -f "$image" ]; then
	result
	exit 0
fi
[ "$built_only" = 1 ] && die "the $flavour kernel is not built (yet) in $cache" 1

mkdir -p "$cache"
exec 9> "$dir.lock"
flock 9
# Another run may have built it while this one waited for the lock.
if [ -f "$dir/done" ] && [ -f "$image" ]; then
	result
	exit 0
fi
mkdir -p "$dir"
rm -f "$dir/done"
buildlog=$dir/build.log
: > "$buildlog"
start=$(date +%s)
build "$dir"
seconds=$(($(date +%s) - start))
echo "$seconds" > "$dir/build-seconds"
touch "$dir/done"
log "built $(cat "$dir/linux/include/config/kernel.release") in $seconds s: $image"
prune_others "$dir"
result

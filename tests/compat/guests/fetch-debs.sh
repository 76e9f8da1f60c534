#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-debs.sh - the Debian 12 binaries of a foreign guest, cached.
#
# Usage: fetch-debs.sh arm64|armhf
#
# Downloads (apt-get download, never installs) Debian's own packages of
# ARCH that a compat guest boots and runs: the kernel (the package
# linux-image-arm64 / linux-image-armmp depends on), trace-cmd with its
# shared libraries and the dynamic loader (libc6), rt-tests' cyclictest
# with libnuma1, and busybox-static for the shell.  Then it builds, once
# per set of package versions, a guest tree:
#
#   KEY/kernel/vmlinuz	the kernel QEMU boots with -kernel
#   KEY/kernel/config	its config
#   KEY/kernel/release	its uname -r
#   KEY/fs/		the initramfs contents (without /init and /payload):
#			bin/busybox, usr/bin/trace-cmd, usr/bin/cyclictest,
#			the loader and the libraries they need (ELF NEEDED,
#			resolved recursively), lib/modules/RELEASE/...: the
#			virtio-mmio and virtio-blk modules and their
#			dependencies, listed in load order in
#			etc/rvtest/modules
#   KEY/versions		package=version, one a line
#
# and prints the KEY directory on stdout.  KEY is the SHA-256 of the
# versions list, so an upgrade of any package builds a new tree; older
# trees stay until removed by hand.
#
# Cache: RVREPLAY_COMPAT_CACHE (default /var/cache/rvreplay-compat):
# debs/ARCH/ holds the .deb files, ARCH/KEY/ the trees.  The foreign
# architecture is added to dpkg (dpkg --add-architecture) and the package
# lists updated (apt-get update) only when apt does not know the packages
# yet.  Without apt (no lists, no network) the newest cached .deb of each
# package is used.
#
# Exit codes: 0 done, 1 failed, 2 bad usage or missing tools.
set -euo pipefail

usage()
{
	echo "usage: $(basename "$0") arm64|armhf" >&2
	exit 2
}

[ $# -eq 1 ] || usage
arch=$1
case $arch in
arm64)
	kmeta=linux-image-arm64
	triplet=aarch64-linux-gnu
	;;
armhf)
	kmeta=linux-image-armmp
	triplet=arm-linux-gnueabihf
	;;
*)
	usage
	;;
esac
for tool in apt-get apt-cache dpkg-deb readelf depmod modprobe sha256sum; do
	command -v "$tool" > /dev/null || { echo "fetch-debs: missing $tool" >&2; exit 2; }
done

cache=${RVREPLAY_COMPAT_CACHE:-/var/cache/rvreplay-compat}
debs=$cache/debs/$arch
mkdir -p "$debs"
# apt-get download drops its privileges to _apt, which must be able to write.
if id _apt > /dev/null 2>&1; then
	chown _apt "$debs" 2> /dev/null || true
fi

# The packages, the kernel's own found through the metapackage.
userland="trace-cmd libtraceevent1 libtracefs1 libzstd1 libc6 rt-tests libnuma1 busybox-static"

# Candidate versions, one apt-cache call for them all: "pkg=version" lines.
candidates()
{
	local p args=()

	for p in "$@"; do
		args+=("$p:$arch")
	done
	apt-cache policy "${args[@]}" 2> /dev/null | awk -v arch=":$arch:" '
		/^[^ ]/ { pkg = $0; sub(arch "$", "", pkg) }
		/^  Candidate: / && $2 != "(none)" { print pkg "=" $2 }'
}

kernel_package()
{
	apt-cache show --no-all-versions "$kmeta:$arch" 2> /dev/null |
		sed -n 's/^Depends: //p' | tr ',' '\n' | sed 's/^ *//; s/ .*//' |
		grep -m1 '^linux-image-'
}

# Newest cached .deb of a package (offline fallback).
cached_deb()
{
	local f best="" bestv="" v

	# shellcheck disable=SC2231 # $1 may hold a glob
	for f in "$debs"/${1}_*_"$arch".deb; do
		[ -e "$f" ] || continue
		v=$(dpkg-deb -f "$f" Version)
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$bestv"; then
			best=$f
			bestv=$v
		fi
	done
	[ -n "$best" ] && echo "$best"
}

# apt-cache takes seconds with several architectures' lists: its answer is
# kept in ARCH/resolved, valid while the package lists stay the same.
lists_stamp()
{
	{ dpkg --print-foreign-architectures
	  ls -l --time-style=+%s /var/lib/apt/lists/ 2> /dev/null; } | sha256sum | cut -c1-16
}

resolve()
{
	local kpkg

	kpkg=$(kernel_package) || return 1
	# shellcheck disable=SC2086 # one word a package
	candidates "$kpkg" $userland
}

memo=$cache/$arch/resolved
mkdir -p "$cache/$arch"
stamp=$(lists_stamp)
resolved=""
if [ -r "$memo" ] && [ "$(head -1 "$memo")" = "$stamp" ]; then
	resolved=$(tail -n +2 "$memo")
else
	resolved=$(resolve) || resolved=""
	if [ "$(echo "$resolved" | grep -c =)" != 9 ]; then
		if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
			echo "fetch-debs: dpkg --add-architecture $arch" >&2
			dpkg --add-architecture "$arch"
		fi
		echo "fetch-debs: apt-get update (apt does not know the $arch packages yet)" >&2
		apt-get update -q > /dev/null 2>&1 || true	# a stale mirror index is not fatal
		stamp=$(lists_stamp)
		resolved=$(resolve) || resolved=""
	fi
	if [ "$(echo "$resolved" | grep -c =)" = 9 ]; then
		{ echo "$stamp"; echo "$resolved"; } > "$memo"
	else
		resolved=""
	fi
fi

offline=0
if [ -n "$resolved" ]; then
	kpkg=$(echo "$resolved" | head -1 | cut -d= -f1)
else
	offline=1
	kdeb=$(cached_deb "linux-image-*-$([ "$arch" = arm64 ] && echo arm64 || echo armmp)") || {
		echo "fetch-debs: apt knows no $arch packages and nothing is cached in $debs" >&2
		exit 1
	}
	kpkg=$(dpkg-deb -f "$kdeb" Package)
	echo "fetch-debs: apt knows no $arch packages: using the cached .deb files" >&2
fi

# Which .deb of each package: the candidate version, under the name
# apt-get download gives it (epoch colon as %3a); the missing ones are
# downloaded in one apt-get call (each call reads every package list).
declare -A file
versions=""
missing=()
for pkg in "$kpkg" $userland; do
	if [ "$offline" = 0 ]; then
		ver=$(echo "$resolved" | sed -n "s/^$pkg=//p")
		[ -n "$ver" ] || { echo "fetch-debs: no candidate for $pkg:$arch" >&2; exit 1; }
		f=$debs/${pkg}_${ver//:/%3a}_$arch.deb
		[ -s "$f" ] || missing+=("$pkg:$arch=$ver")
	else
		f=$(cached_deb "$pkg") || { echo "fetch-debs: $pkg:$arch is not cached" >&2; exit 1; }
		ver=$(dpkg-deb -f "$f" Version)
	fi
	file[$pkg]=$f
	versions+="$pkg=$ver"$'\n'
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "fetch-debs: apt-get download ${missing[*]}" >&2
	(cd "$debs" && apt-get download -q "${missing[@]}" 2>&1 |
		grep -v '^W: Download is performed unsandboxed' >&2) || true
	for pkg in "$kpkg" $userland; do
		ver=$(echo "$resolved" | sed -n "s/^$pkg=//p")
		if [ ! -s "${file[$pkg]}" ] || [ "$(dpkg-deb -f "${file[$pkg]}" Version)" != "$ver" ]; then
			echo "fetch-debs: download of $pkg:$arch=$ver failed" >&2
			exit 1
		fi
	done
fi

key=$(printf '%s' "$versions" | sha256sum | cut -c1-16)
tree=$cache/$arch/$key
if [ -e "$tree/.complete" ]; then
	echo "$tree"
	exit 0
fi

echo "fetch-debs: building the $arch guest tree $tree" >&2
rm -rf "$tree"
mkdir -p "$cache/$arch"
work=$(mktemp -d "$cache/$arch/.work.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/deb" "$work/tree/kernel" "$work/tree/fs"/{bin,usr/bin,lib,etc/rvtest}
for pkg in "$kpkg" $userland; do
	dpkg-deb -x "${file[$pkg]}" "$work/deb"
done
fs=$work/tree/fs

# The kernel and the modules of the output disk, in load order.
release=${kpkg#linux-image-}
cp "$work/deb/boot/vmlinuz-$release" "$work/tree/kernel/vmlinuz"
cp "$work/deb/boot/config-$release" "$work/tree/kernel/config"
echo "$release" > "$work/tree/kernel/release"
depmod -b "$work/deb" "$release"
modprobe -d "$work/deb" -S "$release" -a --show-depends virtio_mmio virtio_blk |
	awk '$1 == "insmod" { print $2 }' | awk '!seen[$0]++' |
	while read -r ko; do
		rel=${ko#"$work/deb"}
		mkdir -p "$fs$(dirname "$rel")"
		cp "$ko" "$fs$rel"
		echo "$rel" >> "$fs/etc/rvtest/modules"
	done
# Built in, the list may be empty; the init then loads nothing.
touch "$fs/etc/rvtest/modules"

# Userland: busybox (static), trace-cmd and cyclictest with their libraries.
cp "$work/deb/bin/busybox" "$fs/bin/busybox"
cp "$work/deb/usr/bin/trace-cmd" "$work/deb/usr/bin/cyclictest" "$fs/usr/bin/"
interp=$(readelf -l "$fs/usr/bin/trace-cmd" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
[ -n "$interp" ] || { echo "fetch-debs: trace-cmd has no program interpreter" >&2; exit 1; }
mkdir -p "$fs$(dirname "$interp")"
cp -L "$work/deb$interp" "$fs$interp"

libdirs="$work/deb/lib/$triplet $work/deb/usr/lib/$triplet"
mkdir -p "$fs/lib/$triplet"
declare -A done_lib
needed()
{
	readelf -d "$1" | sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p'
}
todo=$(needed "$fs/usr/bin/trace-cmd"; needed "$fs/usr/bin/cyclictest")
while [ -n "$todo" ]; do
	next=""
	for lib in $todo; do
		[ -z "${done_lib[$lib]:-}" ] || continue
		done_lib[$lib]=1
		[ "$lib" = "$(basename "$interp")" ] && continue
		src=""
		for d in $libdirs; do
			[ -e "$d/$lib" ] && src=$d/$lib && break
		done
		[ -n "$src" ] || { echo "fetch-debs: $lib (needed by trace-cmd or cyclictest) is in no fetched package" >&2; exit 1; }
		cp -L "$src" "$fs/lib/$triplet/$lib"
		next+=" $(needed "$fs/lib/$triplet/$lib" | tr '\n' ' ')"
	done
	todo=$next
done

printf '%s' "$versions" > "$work/tree/versions"
touch "$work/tree/.complete"
mv "$work/tree" "$tree"
echo "$tree"

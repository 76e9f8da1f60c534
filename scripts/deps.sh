#!/bin/sh
# Install the Debian packages rvreplay needs to build and test, when missing.
# As root it runs apt-get; otherwise it prints the exact apt-get line.
# The package lists (one name per line, # comments): scripts/debian-packages
# for building and testing, kmod/qemu/debian-packages for the kernel module's
# QEMU guests.
set -eu
here=$(dirname "$0")
lists="$here/debian-packages $here/../kmod/qemu/debian-packages"
missing=""
for pkg in $(sed -e 's/#.*//' $lists); do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $pkg"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "rvreplay: missing packages; run as root:" >&2
	echo "  apt-get update && apt-get install -y$missing" >&2
	exit 2
fi
echo "rvreplay: installing:$missing" >&2
apt-get update -q >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >&2

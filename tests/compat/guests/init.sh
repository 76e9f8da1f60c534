#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0
#
# init.sh - PID 1 of the compat guests (/init in their initramfs), a
# busybox shell script: Debian's busybox-static of the guest architecture
# runs it, so no compiler for that architecture is needed.
#
# It keeps the protocol of kmod/qemu/init.c: mounts proc, sysfs, devtmpfs,
# tracefs, debugfs and /tmp, loads the modules listed in
# /etc/rvtest/modules (virtio-mmio, virtio-blk), runs /payload/run (cwd
# /payload; OUT=/out PAYLOAD TRACEFS PATH) under rvtest.timeout=N, saves
# $OUT/rvtest-dmesg.txt and $OUT/payload.log, writes /out as a ustar
# archive onto the virtio disk whose serial is rvtest-out, prints the
# markers and powers off.
#
# Console markers, each alone on a line, in this order:
#	RVTEST-BEGIN
#	RVTEST-PASS			or	RVTEST-FAIL <reason>
#	RVTEST-END
# RVTEST-END is printed only after the archive is on the disk and synced.

/bin/busybox mkdir -p /proc /sys /dev /tmp /out /usr/sbin /sbin
/bin/busybox --install -s
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:/payload
export HOME=/

verdict=""
fail()
{
	[ -n "$verdict" ] || verdict=$*
	echo "rvtest-init: FAIL: $*"
}

mount -t devtmpfs devtmpfs /dev 2> /dev/null
exec < /dev/console > /dev/console 2>&1
mount -t proc proc /proc || fail "cannot mount proc"
mount -t sysfs sysfs /sys || fail "cannot mount sysfs"
mount -t tracefs tracefs /sys/kernel/tracing || fail "cannot mount tracefs"
mount -t debugfs debugfs /sys/kernel/debug 2> /dev/null
mount -t tmpfs tmpfs /tmp
mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm	# cyclictest shm_open()s its status

echo
echo RVTEST-BEGIN

while read -r ko; do
	case $ko in
	''|'#'*)
		continue
		;;
	esac
	insmod "$ko" || fail "cannot load $ko"
done < /etc/rvtest/modules

timeout=$(sed -n 's/.*rvtest\.timeout=\([0-9]*\).*/\1/p' /proc/cmdline)
if [ -z "$verdict" ]; then
	echo "rvtest-init: running /payload/run (timeout ${timeout:-0} s)"
	cd /payload || fail "no /payload"
	if [ "${timeout:-0}" -gt 0 ]; then
		runner="timeout -s KILL $timeout"
	else
		runner=""
	fi
	# The payload's output goes to the console and to $OUT/payload.log.
	(OUT=/out PAYLOAD=/payload TRACEFS=/sys/kernel/tracing $runner /payload/run
	 echo $? > /tmp/rvtest-rc) 2>&1 | tee /out/payload.log
	rc=$(cat /tmp/rvtest-rc 2> /dev/null)
	case $rc in
	0)
		;;
	137)
		fail "payload timed out after $timeout s"
		;;
	*)
		fail "/payload/run exited with status ${rc:-unknown}"
		;;
	esac
	cd /
fi
dmesg > /out/rvtest-dmesg.txt

# Devices probe asynchronously: wait for the disk with our serial.
dev=""
tries=0
while [ -z "$dev" ] && [ "$tries" -lt 200 ]; do
	for b in /sys/block/*; do
		if [ "$(cat "$b/serial" 2> /dev/null)" = rvtest-out ]; then
			dev=/dev/${b##*/}
		fi
	done
	[ -n "$dev" ] || { sleep 0.1; tries=$((tries + 1)); }
done
if [ -z "$dev" ]; then
	fail "no output disk with serial rvtest-out"
elif ! (cd /out && tar -cf "$dev" .); then
	fail "cannot write the output archive to $dev"
fi
sync

# Keep late kernel chatter off the marker lines; panics still print.
echo 1 > /proc/sys/kernel/printk
if [ -n "$verdict" ]; then
	printf '\nRVTEST-FAIL %s\n' "$verdict"
else
	printf '\nRVTEST-PASS\n'
fi
printf '\nRVTEST-END\n'
poweroff -f

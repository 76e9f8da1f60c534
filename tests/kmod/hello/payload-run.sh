#!/bin/sh
# The x86_64 payload's /payload/run: that guest has busybox, so this proves
# a shell script works as the entry point before the static checker runs.
uname -a > "$OUT/uname.txt"
exec ./guest-check

# SPDX-License-Identifier: GPL-2.0-only
"""The address texts of a 32-bit kernel: /proc/kallsyms and printk_formats
with each address cut to its low 32 bits, as the cut pointers in the
records are, so that libtraceevent still finds a symbol for them
(kallsyms prints 8 hex digits on a 32-bit kernel, printk_formats "0x%lx").
"""
import functools
import re

KALLSYMS = re.compile(rb'^[0-9a-f]{9,16}(?= )', re.M)
PRINTK = re.compile(rb'^0x[0-9a-f]{9,16}(?= : )', re.M)


@functools.lru_cache(maxsize=4)
def kallsyms_32(text):
    return KALLSYMS.sub(lambda m: m.group(0)[-8:], text)


@functools.lru_cache(maxsize=4)
def printk_32(text):
    return PRINTK.sub(lambda m: b'0x%x' % (int(m.group(0), 16) & 0xffffffff), text)

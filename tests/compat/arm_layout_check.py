#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The 32-bit layout of event_format.layout_32() against a real armv7l
kernel's: for every event of the x86_64 traces whose fields a real armv7l
trace's format has too (same names, same types), the offsets and sizes
layout_32() computes must be the armv7l kernel's; so must the header page.

    tests/compat/arm_layout_check.py ARMV7L_TRACE X86_64_TRACE...

One line per check, "DESCRIPTION<TAB>WHAT DIFFERS" (empty when it passed),
as same_records.py --checks.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from event_format import Event, header_page_text, layout_32  # noqa: E402
from tracedat_read import load  # noqa: E402


def declared(fields):
    return [(f.name, f.decl) for f in fields]


def placed(fields):
    return [(f.name, f.offset, f.size) for f in fields]


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    arm = load(argv[1])
    if arm.kernel_long != 4:
        sys.exit('arm_layout_check.py: %s is not of a 32-bit kernel' % argv[1])
    real = {e.name: e for e in map(Event, arm.formats())}
    compared = {}
    for path in argv[2:]:
        trace = load(path)
        mine = header_page_text(trace.header_page, 4, arm.page_size)
        why = '' if mine == arm.header_page else 'have %r, armv7l %r' % (mine, arm.header_page)
        print('header page of %s as a 32-bit kernel: the armv7l one\t%s'
              % (os.path.basename(path), why))
        for event in map(Event, trace.formats()):
            theirs = real.get(event.name)
            if theirs and declared(theirs.fields) == declared(event.fields):
                compared[event.name] = (placed(layout_32(event)), placed(theirs.fields))
    for name, (mine, theirs) in sorted(compared.items()):
        why = '' if mine == theirs else 'have %s, armv7l %s' % (mine, theirs)
        print('%s laid out for 32 bits: the armv7l kernel\'s offsets and sizes\t%s' % (name, why))


if __name__ == '__main__':
    main(sys.argv)

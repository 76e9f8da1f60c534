#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A trace whose CPU's records end early, as a full buffer in no-overwrite
mode ends them: the CPU's records after a time left out, its statistics
saying how many events were dropped (the other CPUs as they were).

    tests/lib/cpu_ends.py SOURCE OUT CPU WHEN DROPPED

WHEN: a time in ns, or a fraction (0 to 1) of the trace's span. Prints the
time of the CPU's last record left, in ns.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'compat'))
from tracedat_read import load  # noqa: E402
from tracedat_write6 import write_v6  # noqa: E402
from trace_model import OPT_CPUSTAT, OPT_TRACECLOCK  # noqa: E402
from writers import options_tc3  # noqa: E402


def cut_time(trace, when):
    """WHEN as an absolute time in ns."""
    times = [r.ts for pages in trace.cpus for p in pages for r in p.records]
    lo, hi = min(times), max(times)
    return int(when) if when > 1 else lo + int((hi - lo) * when)


def cut(trace, cpu, until):
    """The CPU's records up to @until; the time of the last one kept."""
    pages = []
    for page in trace.cpus[cpu]:
        page.records = [r for r in page.records if r.ts <= until]
        if page.records:
            pages.append(page)
    trace.cpus[cpu] = pages
    return max(r.ts for p in pages for r in p.records)


def say_dropped(trace, cpu, dropped):
    """The CPU's statistics (its CPUSTAT option) say @dropped events dropped."""
    options, n = [], 0
    for oid, data in trace.options:
        if oid == OPT_CPUSTAT:
            if n == cpu:
                data = re.sub(rb'dropped events: \d+', b'dropped events: %d' % dropped, data)
            n += 1
        options.append((oid, data))
    trace.options = options


def main(argv):
    if len(argv) != 6:
        sys.exit(__doc__)
    trace = load(argv[1])
    cpu = int(argv[3])
    last = cut(trace, cpu, cut_time(trace, float(argv[4])))
    say_dropped(trace, cpu, int(argv[5]))
    options = [(OPT_TRACECLOCK, trace.trace_clock + b'\0')] + options_tc3(trace)
    with open(argv[2], 'wb') as f:
        f.write(write_v6(trace, options, b'[local]', keep_pages=True))
    print(last)


if __name__ == '__main__':
    main(sys.argv)

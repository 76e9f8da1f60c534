#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the crafted traces of tests/regressions/ from the real ones.

Not run by the tests: the files it writes are committed, and this says
exactly how they were made. Needs trace-cmd (to convert a v7 trace to an
uncompressed v6 one, whose pages can be edited in place).

    tests/regressions/craft.py       (from the top of the tree)

Each output is a v6 trace whose ring-buffer records are edited in place:
pids relabelled in every pid field of the sched events, in common_pid and
in trace_marker texts; or a page's commit flags set; or the CPU data cut.
"""
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'lib'))
from tracedat6 import V6, MISSING_EVENTS, MISSING_STORED, v6_copy as copy6  # noqa: E402

OUT = 'tests/regressions'
def v6_copy(trace):
    return copy6(trace, os.path.join(tempfile.mkdtemp(), 'v6.dat'))


def write(t, name, compress=False):
    path = os.path.join(OUT, name)
    t.write(path)
    if compress:
        # a smaller file to keep: trace-cmd's v7, zstd (the pages unchanged)
        tmp = path + '.v7'
        subprocess.run(['trace-cmd', 'convert', '-i', path, '-o', tmp, '--file-version', '7',
                        '--compression', 'zstd'], check=True, capture_output=True)
        os.replace(tmp, path)


def main():
    # pid 7155 (a real-time clock_nanosleep thread) is freed at 4985.183114;
    # pid 7161, forked after that, takes its pid
    t = v6_copy('traces/clock-nanosleep.dat')
    assert t.relabel(7161, 7155) > 0
    write(t, 'pid-reuse.dat', compress=True)

    # pids at the limits of pid_t and of the kernel, and a negative one
    t = v6_copy('traces/clock-nanosleep.dat')
    assert t.relabel(7155, 4194304) > 0        # PID_MAX_LIMIT on 64-bit
    assert t.relabel(7157, 2147483647) > 0     # INT_MAX
    assert t.relabel(7159, -7159) > 0          # never a pid: must be skipped
    write(t, 'pid-limits.dat', compress=True)

    # events lost before the fifth page of CPU 0, count unknown: just before
    # the page fault of pid 7039 that only a pagefault instance kept across
    # the gap judges; and with the count stored after a page's data
    t = V6('traces/mutex-nonpi.dat')
    t.set_commit_flags(0, 4, MISSING_EVENTS)
    write(t, 'lost-mid.dat')
    t = V6('traces/mutex-nonpi.dat')
    t.set_commit_flags(0, t.page_with_room(0), MISSING_EVENTS | MISSING_STORED, lost=42)
    write(t, 'lost-count.dat')

    # a trace whose formats lack sched_wakeup (renamed): the sleep monitor
    # cannot judge it
    t = V6('traces/mutex-nonpi.dat')
    at = t.data.index(b'name: sched_wakeup\n')
    t.data[at:at + 19] = b'name: sched_wakeuX\n'
    write(t, 'lacks-wakeup.dat')

    # the same trace with no events at all: every CPU's data empty
    t = V6('traces/mutex-nonpi.dat')
    for cpu in range(t.cpus):
        struct.pack_into('<QQ', t.data, t.table + 16 * cpu, 0, 0)
    del t.data[min(o for o, _ in t.cpu_data):]
    write(t, 'zero-events.dat')


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A bundled trace with one more event, workqueue_queue_work (the kernel's
format, Linux 6.x), after each sched_waking: pointers and a __data_loc
string in one record, which no bundled trace has. A 32-bit kernel lays it
out with the pointers 4 bytes and the string sooner, so the 4-byte-long
variants must move the string and relocate its __data_loc offset: this is
the input that proves they do.

    tests/compat/synthetic_trace.py SOURCE OUT
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from event_format import Event  # noqa: E402
from trace_model import Record  # noqa: E402
from tracedat_read import load  # noqa: E402
from tracedat_write6 import write_v6  # noqa: E402
from writers import options_tc3  # noqa: E402

FORMAT = '''name: workqueue_queue_work
ID: %d
format:
\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;
\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;
\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;
\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;

\tfield:void * work;\toffset:8;\tsize:8;\tsigned:0;
\tfield:void * function;\toffset:16;\tsize:8;\tsigned:0;
\tfield:__data_loc char[] workqueue;\toffset:24;\tsize:4;\tsigned:0;
\tfield:int req_cpu;\toffset:28;\tsize:4;\tsigned:1;
\tfield:int cpu;\toffset:32;\tsize:4;\tsigned:1;

print fmt: "work struct=%%p function=%%ps workqueue=%%s req_cpu=%%d cpu=%%d", \
REC->work, REC->function, __get_str(workqueue), REC->req_cpu, REC->cpu
'''
QUEUES = [b'events_unbound', b'kblockd', b'mm_percpu_wq']


def queue_work(eid, waking, cpu, n):
    """A workqueue_queue_work record: @waking's common fields, made-up work."""
    name = QUEUES[n % len(QUEUES)] + b'\0'
    flags, preempt, pid = struct.unpack_from('<BBi', waking, 2)
    data = struct.pack('<HBBiQQIii', eid, flags, preempt, pid, 0xffff888100a00000 + 0x40 * n,
                       0xffffffff810a0b0c, (len(name) << 16) | 36, 8, cpu)
    data += name
    return data + bytes(-len(data) % 4)


def with_queue_work(trace):
    events = [Event(text) for text in trace.formats()]
    waking = [e.id for e in events if e.name == 'sched_waking'][0]
    eid = max(e.id for e in events) + 1
    trace.systems.append((b'workqueue', [FORMAT % eid]))
    n = 0
    for cpu, pages in enumerate(trace.cpus):
        for page in pages:
            records = []
            for record in page.records:
                records.append(record)
                if struct.unpack_from('<H', record.data)[0] == waking:
                    records.append(Record(record.ts, queue_work(eid, record.data, cpu, n)))
                    n += 1
            page.records = records
    return trace


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    trace = load(argv[1])
    if trace.endian != '<' or trace.kernel_long != 8:
        sys.exit('synthetic_trace.py: a little-endian 64-bit source is needed')
    trace = with_queue_work(trace)
    options = [(4, trace.trace_clock + b'\0')] + options_tc3(trace)
    with open(argv[2], 'wb') as f:
        f.write(write_v6(trace, options, b'[local]', keep_pages=True))


if __name__ == '__main__':
    main(sys.argv)

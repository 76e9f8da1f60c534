# SPDX-License-Identifier: GPL-2.0-only
"""A Trace written as a version 6 trace.dat (trace-cmd.dat.v6(5)), as
trace-cmd 3 writes it or as trace-cmd 2.x did.

They differ after the CPU offset/size table: trace-cmd 3 writes the clock
in its TRACECLOCK option and then "[clock]" there (trace-output.c,
save_clock()); trace-cmd 2.x wrote the option with no data and the whole
trace_clock file there (trace-output.c, tracecmd_write_cpu_data():
save_tracing_file_data(handle, "trace_clock")), which is what makes
trace-input.c's read_and_parse_trace_clock() read it. The options each
writer sets are chosen by variants.py.
"""
import struct

from ring_pages import Layout, encode_cpu

MAGIC = b'\x17\x08Dtracing'


class Out:
    """The file, its numbers in its byte order."""

    def __init__(self, endian):
        self.endian = endian
        self.data = bytearray()

    def number(self, size, value):
        self.data += struct.pack(self.endian + {2: 'H', 4: 'I', 8: 'Q'}[size], value)

    def sized(self, size_bytes, blob):
        self.number(size_bytes, len(blob))
        self.data += blob

    def align(self, step):
        self.data += bytes(-len(self.data) % step)


def write_metadata(out, trace):
    """Everything before the CPU count: the same in versions 6 and 7
    (version 7 puts each part in a section)."""
    out.data += b'header_page\0'
    out.sized(8, trace.header_page.encode())
    out.data += b'header_event\0'
    out.sized(8, trace.header_event)
    out.number(4, len(trace.ftrace_formats))
    for text in trace.ftrace_formats:
        out.sized(8, text.encode())
    out.number(4, len(trace.systems))
    for name, texts in trace.systems:
        out.data += name + b'\0'
        out.number(4, len(texts))
        for text in texts:
            out.sized(8, text.encode())
    out.sized(4, trace.kallsyms)
    out.sized(4, trace.printk)
    out.sized(8, trace.cmdlines)


def write_v6(trace, options, clock_after_table, keep_pages):
    """The file's bytes. @options: (id, data) in order, the TRACECLOCK one
    included; @clock_after_table: the text after the CPU table (None: no
    TRACECLOCK option, nothing there)."""
    out = Out(trace.endian)
    out.data += MAGIC + b'6\0' + bytes([trace.endian == '>', trace.long_size])
    out.number(4, trace.page_size)
    write_metadata(out, trace)
    out.number(4, len(trace.cpus))
    out.data += b'options  \0'
    for oid, data in options:
        out.number(2, oid)
        out.sized(4, data)
    out.number(2, 0)
    out.data += b'flyrecord\0'
    layout = Layout(trace.endian, trace.kernel_long, trace.page_size)
    blobs = [encode_cpu(pages, layout, keep_pages) for pages in trace.cpus]
    table = len(out.data)
    out.data += bytes(16 * len(blobs))
    if clock_after_table is not None:
        out.sized(8, clock_after_table)
    for cpu, blob in enumerate(blobs):
        # every CPU's data page aligned; an empty CPU gets the next offset
        # and size 0, as both writers do
        out.align(trace.page_size)
        struct.pack_into(trace.endian + 'QQ', out.data, table + 16 * cpu, len(out.data), len(blob))
        out.data += blob
    return bytes(out.data)

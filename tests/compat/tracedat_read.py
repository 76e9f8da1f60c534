# SPDX-License-Identifier: GPL-2.0-only
"""An uncompressed version 6 trace.dat read into a Trace (trace_model.py),
either byte order, either long size; the sections in the order of
trace-cmd.dat.v6(5). Other files are first copied to that form by
`trace-cmd convert` (load()).
"""
import os
import re
import struct
import subprocess
import tempfile

from ring_pages import Layout, decode_cpu
from trace_model import OPT_BUFFER, OPT_GUEST, OPT_TIME_SHIFT, OPT_TRACECLOCK, Trace

MAGIC = b'\x17\x08Dtracing'


class Cursor:
    """Reads the file's numbers in its byte order."""

    def __init__(self, data, endian):
        self.data = data
        self.endian = endian
        self.pos = 0

    def number(self, size):
        value = struct.unpack_from(self.endian + {2: 'H', 4: 'I', 8: 'Q'}[size],
                                   self.data, self.pos)[0]
        self.pos += size
        return value

    def take(self, size):
        if self.pos + size > len(self.data):
            raise ValueError('the file ends inside a section at %d' % self.pos)
        chunk = self.data[self.pos:self.pos + size]
        self.pos += size
        return chunk

    def string(self):
        end = self.data.index(b'\0', self.pos)
        text = self.data[self.pos:end]
        self.pos = end + 1
        return text

    def expect(self, text):
        if self.take(len(text)) != text:
            raise ValueError('no %r at %d' % (text, self.pos - len(text)))

    def sized(self, size_bytes):
        return self.take(self.number(size_bytes))


def read_v6(data):
    """The Trace of a version 6 file's bytes."""
    if data[:10] != MAGIC or data[10:12] != b'6\0':
        raise ValueError('not an uncompressed trace.dat of version 6')
    endian = '>' if data[12] else '<'
    cur = Cursor(data, endian)
    cur.pos = 14
    page_size = cur.number(4)
    cur.expect(b'header_page\0')
    header_page = cur.sized(8).decode()
    kernel_long = int(re.search(r'commit;\toffset:\d+;\tsize:(\d+);', header_page).group(1))
    cur.expect(b'header_event\0')
    header_event = cur.sized(8)
    ftrace = [cur.sized(8).decode() for _ in range(cur.number(4))]
    systems = []
    for _ in range(cur.number(4)):
        name = cur.string()
        systems.append((name, [cur.sized(8).decode() for _ in range(cur.number(4))]))
    kallsyms = cur.sized(4)
    printk = cur.sized(4)
    cmdlines = cur.sized(8)
    ncpus = cur.number(4)
    options = read_options(cur)
    cur.expect(b'flyrecord\0')
    table = [(cur.number(8), cur.number(8)) for _ in range(ncpus)]
    clock = option_clock(options)
    if any(oid == OPT_TRACECLOCK for oid, _ in options):
        # the clock after the CPU table (trace-input.c's read_and_parse_trace_clock())
        after = cur.sized(8)
        clock = clock or after
    layout = Layout(endian, kernel_long, page_size)
    cpus = [decode_cpu(data[offset:offset + size], layout) for offset, size in table]
    return Trace(endian, data[13], kernel_long, page_size, header_page, header_event,
                 ftrace, systems, kallsyms, printk, cmdlines,
                 [(oid, d) for oid, d in options if oid != OPT_TRACECLOCK], clock, cpus)


def read_options(cur):
    options = []
    if cur.data[cur.pos:cur.pos + 10] != b'options  \0':
        return options
    cur.pos += 10
    while True:
        oid = cur.number(2)
        if not oid:
            return options
        data = cur.sized(4)
        if oid in (OPT_BUFFER, OPT_TIME_SHIFT, OPT_GUEST):
            raise ValueError('option %d (buffer instances, guests) is not handled' % oid)
        options.append((oid, data))


def option_clock(options):
    """The trace_clock text of a TRACECLOCK option (trace-cmd 3), or b''."""
    for oid, data in options:
        if oid == OPT_TRACECLOCK:
            return data.rstrip(b'\0')
    return b''


def load(path):
    """The Trace of any trace.dat trace-cmd reads; not an uncompressed v6
    one: of its `trace-cmd convert` copy (which the test checks keeps the
    records)."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[10:12] == b'6\0':
        return read_v6(data)
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, 'v6.dat')
        subprocess.run(['trace-cmd', 'convert', '-i', path, '-o', copy, '--file-version', '6',
                        '--compression', 'none'], check=True, capture_output=True)
        with open(copy, 'rb') as f:
            trace = read_v6(f.read())
    # trace-cmd convert writes its own sizeof(long) there: keep the recorder's
    trace.long_size = data[13]
    return trace

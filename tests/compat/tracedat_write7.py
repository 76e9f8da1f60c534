# SPDX-License-Identifier: GPL-2.0-only
"""A Trace written as a version 7 trace.dat (trace-cmd.dat.v7(5)), laid
out as trace-cmd 3.1's writer lays it out (lib/trace-cmd/trace-output.c):

  header, compression name and version, offset of the first options
  metadata sections 16-21 (compressed)
  options: the trace's options, TRACECLOCK, the metadata sections' offsets;
           DONE -> the next options
  flyrecord section (id 3): each CPU's data page aligned, compressed in
           chunks of 10 pages (PAGES_IN_CHUNK)
  options: BUFFER (page size, each CPU with data: id, offset, size); DONE -> 0
  strings section (compressed): the sections' descriptions

Sections: u16 id, u16 flags (1: compressed), u32 description (offset in
the strings), u64 size. A compressed block: u32 compressed size, u32
size, data. Compressed CPU data: u32 chunk count, then such blocks.
"""
import struct

from ring_pages import Layout, encode_cpu
from trace_model import OPT_BUFFER, OPT_DONE, OPT_STRINGS, OPT_TRACECLOCK, current_clock
from tracedat_write6 import MAGIC, Out, write_metadata

PAGES_IN_CHUNK = 10
SECTION_FLAG_COMPRESS = 1


class Strings:
    """The strings section: each description once, by its offset."""

    def __init__(self):
        self.data = bytearray()

    def add(self, text):
        at = len(self.data)
        self.data += text.encode() + b'\0'
        return at


class Writer:
    def __init__(self, trace, compress):
        self.trace = trace
        self.compress = compress
        self.out = Out(trace.endian)
        self.strings = Strings()

    def number(self, size, value):
        return struct.pack(self.trace.endian + {2: 'H', 4: 'I', 8: 'Q'}[size], value)

    def block(self, data):
        packed = self.compress.compress(data)
        return self.number(4, len(packed)) + self.number(4, len(data)) + packed

    def section(self, sid, description, body, compressed):
        """Writes a section; returns its offset."""
        at = len(self.out.data)
        flags = SECTION_FLAG_COMPRESS if compressed and self.compress else 0
        if flags:
            body = self.block(body)
        self.out.data += self.number(2, sid) + self.number(2, flags)
        self.out.data += self.number(4, self.strings.add(description))
        self.out.data += self.number(8, len(body)) + body
        return at

    def options_body(self, options, next_options):
        body = bytearray()
        for oid, data in options + [(OPT_DONE, self.number(8, next_options))]:
            body += self.number(2, oid) + self.number(4, len(data)) + data
        return bytes(body)

    def metadata(self):
        """Sections 16-21, as write_metadata() lays their contents out."""
        whole = Out(self.trace.endian)
        write_metadata(whole, self.trace)
        parts = split_metadata(whole.data, self.trace)
        names = ['headers', 'ftrace events', 'events format', 'kallsyms', 'printk',
                 'command lines']
        return [(16 + i, self.section(16 + i, name, part, True))
                for i, (name, part) in enumerate(zip(names, parts))]

    def cpu_data(self, blob):
        if not self.compress or not blob:
            return blob
        step = PAGES_IN_CHUNK * self.trace.page_size
        chunks = [blob[at:at + step] for at in range(0, len(blob), step)]
        return self.number(4, len(chunks)) + b''.join(self.block(c) for c in chunks)

    def flyrecord(self, keep_pages):
        """The flyrecord section; returns its offset and each CPU's (offset, size)."""
        layout = Layout(self.trace.endian, self.trace.kernel_long, self.trace.page_size)
        flags = SECTION_FLAG_COMPRESS if self.compress else 0
        at = len(self.out.data)
        self.out.data += self.number(2, OPT_BUFFER) + self.number(2, flags)
        self.out.data += self.number(4, self.strings.add('buffer flyrecord '))
        size_at = len(self.out.data)
        self.out.data += bytes(8)
        placed = []
        for pages in self.trace.cpus:
            data = self.cpu_data(encode_cpu(pages, layout, keep_pages))
            self.out.align(self.trace.page_size)
            placed.append((len(self.out.data), len(data)))
            self.out.data += data
        struct.pack_into(self.trace.endian + 'Q', self.out.data, size_at,
                         len(self.out.data) - size_at - 8)
        return at, placed

    def buffer_option(self, section, placed, clock):
        """BUFFER: the top instance, its clock, page size and the CPUs with
        data (out_add_buffer_option() leaves the empty ones out)."""
        data = self.number(8, section) + b'\0' + clock + b'\0'
        with_data = [(cpu, at, size) for cpu, (at, size) in enumerate(placed) if size]
        data += self.number(4, self.trace.page_size) + self.number(4, len(with_data))
        for cpu, at, size in with_data:
            data += self.number(4, cpu) + self.number(8, at) + self.number(8, size)
        return (OPT_BUFFER, data)


def split_metadata(blob, trace):
    """write_metadata()'s bytes cut at the borders of sections 16-21."""
    sizes = [12 + 8 + len(trace.header_page.encode()) + 13 + 8 + len(trace.header_event),
             4 + sum(8 + len(t.encode()) for t in trace.ftrace_formats),
             4 + sum(len(n) + 1 + 4 + sum(8 + len(t.encode()) for t in texts)
                     for n, texts in trace.systems),
             4 + len(trace.kallsyms), 4 + len(trace.printk), 8 + len(trace.cmdlines)]
    parts = []
    at = 0
    for size in sizes:
        parts.append(bytes(blob[at:at + size]))
        at += size
    assert at == len(blob)
    return parts


def write_v7(trace, options, compress, keep_pages):
    """The file's bytes. @options: (id, data) of the first options section,
    TRACECLOCK excluded (added here, with the whole trace_clock text, as
    trace-cmd 3 writes it); @compress: a compressor of compressors.py or None."""
    w = Writer(trace, compress)
    out = w.out
    out.data += MAGIC + b'7\0' + bytes([trace.endian == '>', trace.long_size])
    out.number(4, trace.page_size)
    if compress:
        out.data += compress.name + b'\0' + compress.version + b'\0'
    else:
        out.data += b'none\0\0'
    first_options_at = len(out.data)
    out.number(8, 0)
    sections = w.metadata()
    opts = list(options)
    if trace.trace_clock:
        opts.insert(0, (OPT_TRACECLOCK, trace.trace_clock + b'\0'))
    opts += [(sid, w.number(8, at)) for sid, at in sections]
    struct.pack_into(trace.endian + 'Q', out.data, first_options_at, len(out.data))
    # DONE's data, the last 8 bytes of the section: where the next options are
    w.section(OPT_DONE, 'options', w.options_body(opts, 0), False)
    done_at = len(out.data) - 8
    flyrecord, placed = w.flyrecord(keep_pages)
    clock = current_clock(trace.trace_clock) if trace.trace_clock else b'local'
    struct.pack_into(trace.endian + 'Q', out.data, done_at, len(out.data))
    w.section(OPT_DONE, 'options', w.options_body([w.buffer_option(flyrecord, placed, clock)], 0),
              False)
    # the strings section names itself: its own description is its last string
    w.section(OPT_STRINGS, 'strings', bytes(w.strings.data) + b'strings\0', True)
    return bytes(out.data)

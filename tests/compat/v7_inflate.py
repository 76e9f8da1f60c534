#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A version 7 trace.dat (any compression of compressors.py) copied to an
uncompressed version 6 one, for a trace-cmd that cannot decompress it
(Debian's libtracecmd 3.1.6 has zstd but no zlib): its report then tells
what the file holds.

    tests/compat/v7_inflate.py IN.dat OUT.dat [IN.dat OUT.dat...]

Walks the file as trace-input.c does: the options from the offset in the
header, each DONE to the next options, the sections 16-21 they point at,
BUFFER's CPU data (compressed: chunks); nothing here is shared with the
writers, so a writer's mistake is not repeated here.
"""
import struct
import sys

from compressors import compressor

SECTION_COMPRESSED = 1
BUFFER, TRACECLOCK, CPUCOUNT, DONE = 3, 4, 8, 0
METADATA = (16, 17, 18, 19, 20, 21)


class V7:
    def __init__(self, data):
        if data[10:12] != b'7\0':
            raise ValueError('not a version 7 trace.dat')
        self.data = data
        self.endian = '>' if data[12] else '<'
        self.page_size = self.number(14, 4)
        name_end = data.index(b'\0', 18)
        version_end = data.index(b'\0', name_end + 1)
        self.compress = compressor(data[18:name_end].decode())
        self.first_options = self.number(version_end + 1, 8)

    def number(self, at, size):
        return struct.unpack_from(self.endian + {2: 'H', 4: 'I', 8: 'Q'}[size], self.data, at)[0]

    def inflate(self, at):
        """A compressed block at @at: its bytes, and the block's length."""
        packed, size = self.number(at, 4), self.number(at + 4, 4)
        return self.compress.decompress(self.data[at + 8:at + 8 + packed], size), 8 + packed

    def section(self, at):
        """(id, body) of the section at @at, decompressed."""
        sid, flags, size = self.number(at, 2), self.number(at + 2, 2), self.number(at + 8, 8)
        body = self.data[at + 16:at + 16 + size]
        if flags & SECTION_COMPRESSED:
            body = self.inflate(at + 16)[0]
        return sid, body

    def options(self):
        """Every option of every options section, DONE followed."""
        at = self.first_options
        while at:
            sid, body = self.section(at)
            if sid != 0:
                raise ValueError('section %d where options were expected' % sid)
            at = 0
            pos = 0
            while pos < len(body):
                oid, size = struct.unpack_from(self.endian + 'HI', body, pos)
                data = body[pos + 6:pos + 6 + size]
                pos += 6 + size
                if oid == DONE:
                    at = self.number_of(data, 8)
                else:
                    yield oid, data

    def number_of(self, blob, size):
        return struct.unpack_from(self.endian + {4: 'I', 8: 'Q'}[size], blob)[0]

    def cpu_data(self, at, size, compressed):
        if not compressed or not size:
            return self.data[at:at + size]
        chunks = []
        pos = at + 4
        for _ in range(self.number(at, 4)):
            chunk, length = self.inflate(pos)
            chunks.append(chunk)
            pos += length
        return b''.join(chunks)

    def buffer(self, data):
        """The top buffer's CPUs {cpu: bytes} and its page size."""
        section = self.number_of(data, 8)
        name_end = data.index(b'\0', 8)
        if name_end != 8:
            raise ValueError('buffer instances are not handled')
        clock_end = data.index(b'\0', name_end + 1)
        pos = clock_end + 1
        page_size, count = struct.unpack_from(self.endian + 'II', data, pos)
        pos += 8
        compressed = self.number(section + 2, 2) & SECTION_COMPRESSED
        cpus = {}
        for _ in range(count):
            cpu, at, size = struct.unpack_from(self.endian + 'IQQ', data, pos)
            pos += 20
            cpus[cpu] = self.cpu_data(at, size, compressed)
        return cpus, page_size


def to_v6(v7):
    """The version 6 bytes: metadata sections in order, the other options,
    the CPUs (those BUFFER leaves out empty), the clock after the table."""
    options = list(v7.options())
    sections = {oid: v7.number_of(data, 8) for oid, data in options if oid in METADATA}
    others = [(oid, data) for oid, data in options if oid not in METADATA and oid != BUFFER]
    buffers = [data for oid, data in options if oid == BUFFER]
    cpus, page_size = v7.buffer(buffers[0])
    # BUFFER leaves empty CPUs out; CPUCOUNT, when there, says how many there are
    counts = [v7.number_of(data, 4) for oid, data in others if oid == CPUCOUNT]
    ncpus = max([max(cpus, default=-1) + 1] + counts)
    clock = [data for oid, data in others if oid == TRACECLOCK]
    e = v7.endian
    out = bytearray(v7.data[:10] + b'6\0' + v7.data[12:14])
    out += struct.pack(e + 'I', page_size)
    for sid in METADATA:
        out += v7.section(sections[sid])[1]
    out += struct.pack(e + 'I', ncpus) + b'options  \0'
    for oid, data in others:
        out += struct.pack(e + 'HI', oid, len(data)) + data
    out += struct.pack(e + 'H', 0) + b'flyrecord\0'
    table = len(out)
    out += bytes(16 * ncpus)
    if clock:
        text = clock[0].rstrip(b'\0')
        start = text.index(b'[')
        current = text[start:text.index(b']', start) + 1]
        out += struct.pack(e + 'Q', len(current)) + current
    for cpu in range(ncpus):
        out += bytes(-len(out) % page_size)
        blob = cpus.get(cpu, b'')
        struct.pack_into(e + 'QQ', out, table + 16 * cpu, len(out), len(blob))
        out += blob
    return bytes(out)


def main(argv):
    if len(argv) < 3 or len(argv) % 2 == 0:
        sys.exit(__doc__)
    for src, dst in zip(argv[1::2], argv[2::2]):
        with open(src, 'rb') as f:
            v7 = V7(f.read())
        with open(dst, 'wb') as f:
            f.write(to_v6(v7))


if __name__ == '__main__':
    main(sys.argv)

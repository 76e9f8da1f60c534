#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""What a trace.dat says about its writer and machine, read from the file
itself: so that the test sees a variant is what it claims to be, and not,
say, a little-endian copy that passes for a big-endian one.

    tests/compat/file_header.py FILE
    version=7,endian=1,long=8,page=65536,compression=zlib,commit=8,cpus=4,clock=tc2

long: the file header's byte; commit: the header page's commit size (the
kernel's long); cpus: version 6's CPU count, version 7's highest CPU with
data + 1; clock: tc2 when the TRACECLOCK option is empty (the clock text
after the CPU table), tc3 when it holds the clock, none without one.
"""
import re
import struct
import sys

from v7_inflate import V7


def v6_facts(data):
    e = '>' if data[12] else '<'
    pos = 18 + 12
    size = struct.unpack_from(e + 'Q', data, pos)[0]
    header_page = data[pos + 8:pos + 8 + size]
    options, cpus = v6_options(data, e)
    return header_page, options, cpus


def v6_options(data, e):
    """The options of a version 6 file, and its CPU count: found after the
    metadata, whose sizes lead there."""
    pos = 18 + 12
    pos += 8 + struct.unpack_from(e + 'Q', data, pos)[0] + 13
    pos += 8 + struct.unpack_from(e + 'Q', data, pos)[0]
    pos = skip_formats(data, e, pos)
    pos += 4 + struct.unpack_from(e + 'I', data, pos)[0]
    pos += 4 + struct.unpack_from(e + 'I', data, pos)[0]
    pos += 8 + struct.unpack_from(e + 'Q', data, pos)[0]
    cpus = struct.unpack_from(e + 'I', data, pos)[0]
    pos += 4
    options = []
    if data[pos:pos + 10] == b'options  \0':
        pos += 10
        while True:
            oid = struct.unpack_from(e + 'H', data, pos)[0]
            if not oid:
                break
            size = struct.unpack_from(e + 'I', data, pos + 2)[0]
            options.append((oid, data[pos + 6:pos + 6 + size]))
            pos += 6 + size
    return options, cpus


def skip_formats(data, e, pos):
    """Past the ftrace formats and the event systems."""
    count = struct.unpack_from(e + 'I', data, pos)[0]
    pos += 4
    for _ in range(count):
        pos += 8 + struct.unpack_from(e + 'Q', data, pos)[0]
    systems = struct.unpack_from(e + 'I', data, pos)[0]
    pos += 4
    for _ in range(systems):
        pos = data.index(b'\0', pos) + 1
        count = struct.unpack_from(e + 'I', data, pos)[0]
        pos += 4
        for _ in range(count):
            pos += 8 + struct.unpack_from(e + 'Q', data, pos)[0]
    return pos


def v7_facts(data):
    v7 = V7(data)
    options = list(v7.options())
    header_info = [v7.number_of(d, 8) for oid, d in options if oid == 16][0]
    body = v7.section(header_info)[1]
    size = struct.unpack_from(v7.endian + 'Q', body, 12)[0]
    cpus, _ = v7.buffer([d for oid, d in options if oid == 3][0])
    return body[20:20 + size], options, max(cpus, default=-1) + 1


def facts(data):
    version = data[10:11].decode()
    header_page, options, cpus = (v7_facts if version == '7' else v6_facts)(data)
    commit = re.search(rb'commit;\toffset:\d+;\tsize:(\d+);', header_page).group(1).decode()
    compression = 'none'
    if version == '7':
        compression = data[18:data.index(b'\0', 18)].decode()
    clocks = [d for oid, d in options if oid == 4]
    clock = 'none' if not clocks else ('tc2' if not clocks[0] else 'tc3')
    page = struct.unpack_from('>I' if data[12] else '<I', data, 14)[0]
    return 'version=%s,endian=%d,long=%d,page=%d,compression=%s,commit=%s,cpus=%d,clock=%s' % (
        version, data[12], data[13], page, compression, commit, cpus, clock)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    with open(argv[1], 'rb') as f:
        print(facts(f.read()))


if __name__ == '__main__':
    main(sys.argv)

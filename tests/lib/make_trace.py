#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Make a special trace from a real one, at test time.

    tests/lib/make_trace.py KIND SOURCE OUT [ARGS...]

SOURCE may be any trace.dat; it is converted to an uncompressed v6 copy
(trace-cmd convert) unless it is one already. KIND:

  no-uname            the UNAME option becomes an option id no reader knows
  dropped CPU N       the CPU's statistics say N events were dropped after
                      the last record (N of the digits already there)
  overrun CPU N       ... that N were overwritten before the first record
  commit-past CPU P   page P of the CPU gets a commit past the page's end
  cut-event CPU P     page P's first event gets a length past the commit
  grow N              every CPU's data N times over: a big trace
  evil-comm COMM      every COMM in the file (records, cmdlines, markers)
                      becomes as long a name of terminal escapes that would
                      retitle and clear a terminal
  kernel-long4 MACHINE
                      as a 32-bit kernel's: 4-byte longs (the ring-buffer
                      page header's commit, the file header's long size),
                      and the uname's machine MACHINE (as long as the old one)
  syscalls-of PID     every sys_enter and sys_exit record is made PID's: the
                      tasks that made them have no system call in the trace
  comm OLD NEW        every OLD in the file (comms, cmdlines, markers) becomes
                      NEW, of the same length
  rename-system OLD NEW
                      the event system OLD is named NEW (as long): a kernel
                      without OLD's events, in a trace of every format
"""
import re
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from tracedat6 import V6, COMMIT_MASK, MISSING_STORED, v6_copy  # noqa: E402

UNKNOWN_OPTION = 0x7ffe


def load(source):
    with open(source, 'rb') as f:
        head = f.read(12)
    if head[10:12] == b'6\0':
        try:
            return V6(source)
        except AssertionError:
            pass
    return v6_copy(source, os.path.join(tempfile.mkdtemp(), 'v6.dat'))


def stat_edit(t, cpu, key, n):
    """The CPU's CPUSTAT line 'KEY: 0' becomes 'KEY: N' (N one digit)."""
    stats = t.option_data(2)
    at, size = stats[cpu]
    old = key + b': 0\n'
    i = t.data.find(old, at, at + size)
    assert i >= 0, 'no %r in the statistics of CPU %d' % (old, cpu)
    t.data[i:i + len(old)] = key + b': %d\n' % n


def commit_fmt(t):
    return '<Q' if t.commit_size == 8 else '<I'


def commit_past(t, cpu, page):
    at = t.pages(cpu)[page] + 8
    flags = struct.unpack_from(commit_fmt(t), t.data, at)[0]
    struct.pack_into(commit_fmt(t), t.data, at, (flags & ~COMMIT_MASK) | (t.page_size + 64))


def cut_event(t, cpu, page):
    """The first data event of the page claims more words than the commit holds."""
    base = t.pages(cpu)[page] + 8 + t.commit_size
    commit = struct.unpack_from(commit_fmt(t), t.data, base - t.commit_size)[0] & COMMIT_MASK
    curr = 0
    while curr < commit:
        word = struct.unpack_from('<I', t.data, base + curr)[0]
        type_len = word & 31
        if type_len == 29:
            curr += 4 + struct.unpack_from('<I', t.data, base + curr + 4)[0]
        elif type_len in (30, 31):
            curr += 8
        else:
            break
    assert curr < commit, 'no data event on that page'
    struct.pack_into('<I', t.data, base + curr, (word & ~31) | 0)
    struct.pack_into('<I', t.data, base + curr + 4, commit + 64)


def grow(t, n):
    """Every CPU's pages repeated @n times, each CPU's data page aligned."""
    first = min(o for o, s in t.cpu_data if s)
    out = bytearray(t.data[:first])
    table = []
    for offset, size in t.cpu_data:
        out += bytes(-len(out) % t.page_size)
        table.append((len(out), size * n))
        out += bytes(t.data[offset:offset + size]) * n
    for cpu, (offset, size) in enumerate(table):
        struct.pack_into('<QQ', out, t.table + 16 * cpu, offset, size)
    t.data = out


def evil_comm(t, comm):
    """@comm's bytes, everywhere, become escapes of the same length."""
    evil = b'\x1b]2;pwned\x07\x1b[2J\xff\x9b'
    new = (evil * (len(comm) // len(evil) + 1))[:len(comm)]
    assert comm in t.data, 'no %r in the trace' % comm
    t.data = bytearray(bytes(t.data).replace(comm, new))


def kernel_long4(t, machine):
    """Every page's 8-byte commit (and stored lost-event count) made 4 bytes."""
    assert t.commit_size == 8, 'not a trace of 8-byte kernel longs'
    header = b'\tfield: local_t commit;\toffset:8;\tsize:8;'
    text = b'\tfield: char data;\toffset:16;\tsize:%d;' % (t.page_size - 16)
    at, end = t.data.index(header), t.data.index(text)
    t.data[at:at + len(header)] = header.replace(b'size:8', b'size:4')
    t.data[end:end + len(text)] = b'\tfield: char data;\toffset:12;\tsize:%d;' % (t.page_size - 12)
    t.data[13] = 4
    for cpu in range(t.cpus):
        for page in t.pages(cpu):
            commit = struct.unpack_from('<Q', t.data, page + 8)[0]
            length = commit & COMMIT_MASK
            body = bytes(t.data[page + 16:page + 16 + length])
            if commit & MISSING_STORED:
                body += struct.pack('<I', struct.unpack_from('<Q', t.data, page + 16 + length)[0])
            new = struct.pack('<I', commit & 0xffffffff) + body
            t.data[page + 8:page + t.page_size] = new.ljust(t.page_size - 8, b'\0')
    t.commit_size = 4
    at, size = t.option_data(5)[0]
    uname = bytes(t.data[at:at + size]).rstrip(b'\0')
    old = uname.split(b' ')[-1]
    assert len(old) == len(machine), 'uname machine %r is not as long' % old
    t.data[at + len(uname) - len(old):at + len(uname)] = machine


def syscalls_of(t, pid):
    """common_pid of every raw_syscalls record becomes @pid."""
    n = 0
    for _, at, _ in t.records():
        eid = struct.unpack_from('<H', t.data, at)[0]
        name, fields = t.events.get(eid, (None, None))
        if name in ('sys_enter', 'sys_exit'):
            struct.pack_into('<i', t.data, at + fields['common_pid'][0], pid)
            n += 1
    assert n, 'no system call record'


def rename_system(t, old, new):
    """The system name in the formats section: NUL-ended, then a small count."""
    assert len(old) == len(new), 'system names of different lengths'
    found = [m.start() for m in re.finditer(
        rb'(?<=[\n\x00-\x09])' + re.escape(old) + rb'\x00[\x01-\xff]\x00\x00\x00', bytes(t.data))]
    assert len(found) == 1, 'system %r found %d times' % (old, len(found))
    t.data[found[0]:found[0] + len(old)] = new


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    kind, source, out = argv[1], argv[2], argv[3]
    t = load(source)
    if kind == 'evil-comm':
        evil_comm(t, argv[4].encode())
        t.write(out)
        return
    if kind == 'kernel-long4':
        kernel_long4(t, argv[4].encode())
        t.write(out)
        return
    if kind == 'comm':
        old, new = argv[4].encode(), argv[5].encode()
        assert len(old) == len(new) and old in t.data, 'no %r of that length' % old
        t.data = bytearray(bytes(t.data).replace(old, new))
        t.write(out)
        return
    if kind == 'rename-system':
        rename_system(t, argv[4].encode(), argv[5].encode())
        t.write(out)
        return
    args = [int(a) for a in argv[4:]]
    if kind == 'syscalls-of':
        syscalls_of(t, args[0])
    elif kind == 'no-uname':
        t.set_option_id(5, UNKNOWN_OPTION)
    elif kind == 'dropped':
        stat_edit(t, args[0], b'dropped events', args[1])
    elif kind == 'overrun':
        stat_edit(t, args[0], b'overrun', args[1])
    elif kind == 'commit-past':
        commit_past(t, args[0], args[1])
    elif kind == 'cut-event':
        cut_event(t, args[0], args[1])
    elif kind == 'grow':
        grow(t, args[0])
    else:
        sys.exit('make_trace: unknown kind ' + kind)
    t.write(out)


if __name__ == '__main__':
    main(sys.argv)

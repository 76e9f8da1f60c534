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
import re
import struct
import subprocess
import sys
import tempfile

OUT = 'tests/regressions'
MISSING_EVENTS = 1 << 31
MISSING_STORED = 1 << 30
COMMIT_MASK = (1 << 27) - 1
# the pid fields of the events the replay reads (parsers/trace_decode.c)
PID_FIELDS = {
    'sched_switch': ('prev_pid', 'next_pid'),
    'sched_waking': ('pid',), 'sched_wakeup': ('pid',), 'sched_wakeup_new': ('pid',),
    'sched_process_fork': ('parent_pid', 'child_pid'),
    'sched_process_exit': ('pid',), 'sched_process_free': ('pid',),
    'sched_pi_setprio': ('pid',), 'sched_kthread_stop': ('pid',),
}


class V6:
    """An uncompressed little-endian v6 trace.dat, its formats and pages."""

    def __init__(self, path):
        self.data = bytearray(open(path, 'rb').read())
        d = self.data
        assert d[:10] == b'\x17\x08Dtracing' and d[10:12] == b'6\0' and d[12] == 0
        self.page_size = struct.unpack_from('<I', d, 14)[0]
        pos = 18
        assert d[pos:pos + 12] == b'header_page\0'
        size = struct.unpack_from('<Q', d, pos + 12)[0]
        self.commit_size = int(re.search(rb'commit;\toffset:8;\tsize:(\d+);',
                                         d[pos + 20:pos + 20 + size]).group(1))
        pos += 20 + size
        assert d[pos:pos + 13] == b'header_event\0'
        pos += 21 + struct.unpack_from('<Q', d, pos + 13)[0]
        self.events = {}
        count = struct.unpack_from('<I', d, pos)[0]
        pos += 4
        for _ in range(count):
            pos = self._format(pos)
        systems = struct.unpack_from('<I', d, pos)[0]
        pos += 4
        for _ in range(systems):
            pos = d.index(b'\0', pos) + 1
            count = struct.unpack_from('<I', d, pos)[0]
            pos += 4
            for _ in range(count):
                pos = self._format(pos)
        pos += 4 + struct.unpack_from('<I', d, pos)[0]          # kallsyms
        pos += 4 + struct.unpack_from('<I', d, pos)[0]          # printk
        pos += 8 + struct.unpack_from('<Q', d, pos)[0]          # cmdlines
        self.cpus = struct.unpack_from('<I', d, pos)[0]
        pos += 4
        if d[pos:pos + 10] == b'options  \0':
            pos += 10
            while True:
                opt = struct.unpack_from('<H', d, pos)[0]
                pos += 2
                if not opt:
                    break
                pos += 4 + struct.unpack_from('<I', d, pos)[0]
        assert d[pos:pos + 10] == b'flyrecord\0'
        self.table = pos + 10
        self.cpu_data = [struct.unpack_from('<QQ', d, self.table + 16 * c)
                         for c in range(self.cpus)]

    def _format(self, pos):
        size = struct.unpack_from('<Q', self.data, pos)[0]
        text = self.data[pos + 8:pos + 8 + size].decode()
        name = re.search(r'^name: (\S+)', text, re.M).group(1)
        eid = int(re.search(r'^ID: (\d+)', text, re.M).group(1))
        fields = {m.group(2): (int(m.group(3)), int(m.group(4)))
                  for m in re.finditer(r'field:(.*?)(\w+)(?:\[\d*\])?;\toffset:(\d+);\tsize:(\d+);', text)}
        self.events[eid] = (name, fields)
        return pos + 8 + size

    def pages(self, cpu):
        offset, size = self.cpu_data[cpu]
        return [offset + p for p in range(0, size, self.page_size)]

    def records(self):
        """(cpu, offset of the record's data, its length) in file order."""
        header = 8 + self.commit_size
        for cpu in range(self.cpus):
            for page in self.pages(cpu):
                commit = struct.unpack_from('<Q' if self.commit_size == 8 else '<I',
                                            self.data, page + 8)[0] & COMMIT_MASK
                curr, base = 0, page + header
                while curr < commit:
                    word = struct.unpack_from('<I', self.data, base + curr)[0]
                    type_len = word & 31
                    if type_len == 29:
                        curr += 4 + struct.unpack_from('<I', self.data, base + curr + 4)[0]
                    elif type_len in (30, 31):
                        curr += 8
                    elif type_len == 0:
                        length = struct.unpack_from('<I', self.data, base + curr + 4)[0] - 4
                        yield cpu, base + curr + 8, length
                        curr += 8 + ((length + 3) & ~3)
                    else:
                        yield cpu, base + curr + 4, type_len * 4
                        curr += 4 + type_len * 4

    def relabel(self, old, new):
        """Every pid field, common_pid and trace_marker text of pid @old becomes @new."""
        edits = 0
        for _, at, length in self.records():
            eid = struct.unpack_from('<H', self.data, at)[0]
            if eid not in self.events:
                continue
            name, fields = self.events[eid]
            for field in ('common_pid',) + PID_FIELDS.get(name, ()):
                off, size = fields[field]
                if struct.unpack_from('<i', self.data, at + off)[0] == old:
                    struct.pack_into('<i', self.data, at + off, new)
                    edits += 1
            if name == 'print':
                off = fields['buf'][0]
                text = bytes(self.data[at + off:at + length])
                for key in (b'pid=', b'tid='):
                    mark, repl = key + b'%d ' % old, key + b'%d ' % new
                    if mark in text and len(repl) == len(mark):
                        text = text.replace(mark, repl)
                        edits += 1
                self.data[at + off:at + length] = text
        return edits

    def page_with_room(self, cpu):
        """The index of the first page after the first with room for a count."""
        fmt = '<Q' if self.commit_size == 8 else '<I'
        for i, page in enumerate(self.pages(cpu)):
            commit = struct.unpack_from(fmt, self.data, page + 8)[0] & COMMIT_MASK
            if i and 8 + 2 * self.commit_size + commit <= self.page_size:
                return i
        raise ValueError('no page with room')

    def set_commit_flags(self, cpu, page_index, flags, lost=None):
        page = self.pages(cpu)[page_index]
        fmt = '<Q' if self.commit_size == 8 else '<I'
        commit = struct.unpack_from(fmt, self.data, page + 8)[0]
        struct.pack_into(fmt, self.data, page + 8, commit | flags)
        if lost is not None:
            at = page + 8 + self.commit_size + (commit & COMMIT_MASK)
            assert at + self.commit_size <= page + self.page_size
            struct.pack_into(fmt, self.data, at, lost)

    def write(self, name, compress=False):
        path = os.path.join(OUT, name)
        with open(path, 'wb') as f:
            f.write(self.data)
        if compress:
            # a smaller file to keep: trace-cmd's v7, zstd (the pages unchanged)
            tmp = path + '.v7'
            subprocess.run(['trace-cmd', 'convert', '-i', path, '-o', tmp, '--file-version', '7',
                            '--compression', 'zstd'], check=True, capture_output=True)
            os.replace(tmp, path)


def v6_copy(trace):
    tmp = tempfile.mkdtemp()
    out = os.path.join(tmp, 'v6.dat')
    subprocess.run(['trace-cmd', 'convert', '-i', trace, '-o', out, '--file-version', '6',
                    '--compression', 'none'], check=True, capture_output=True)
    return V6(out)


def main():
    # pid 7155 (a real-time clock_nanosleep thread) is freed at 4985.183114;
    # pid 7161, forked after that, takes its pid
    t = v6_copy('traces/clock-nanosleep.dat')
    assert t.relabel(7161, 7155) > 0
    t.write('pid-reuse.dat', compress=True)

    # pids at the limits of pid_t and of the kernel, and a negative one
    t = v6_copy('traces/clock-nanosleep.dat')
    assert t.relabel(7155, 4194304) > 0        # PID_MAX_LIMIT on 64-bit
    assert t.relabel(7157, 2147483647) > 0     # INT_MAX
    assert t.relabel(7159, -7159) > 0          # never a pid: must be skipped
    t.write('pid-limits.dat', compress=True)

    # events lost before the fifth page of CPU 0, count unknown: just before
    # the page fault of pid 7039 that only a pagefault instance kept across
    # the gap judges; and with the count stored after a page's data
    t = V6('traces/mutex-nonpi.dat')
    t.set_commit_flags(0, 4, MISSING_EVENTS)
    t.write('lost-mid.dat')
    t = V6('traces/mutex-nonpi.dat')
    t.set_commit_flags(0, t.page_with_room(0), MISSING_EVENTS | MISSING_STORED, lost=42)
    t.write('lost-count.dat')

    # a trace whose formats lack sched_wakeup (renamed): the sleep monitor
    # cannot judge it
    t = V6('traces/mutex-nonpi.dat')
    at = t.data.index(b'name: sched_wakeup\n')
    t.data[at:at + 19] = b'name: sched_wakeuX\n'
    t.write('lacks-wakeup.dat')

    # the same trace with no events at all: every CPU's data empty
    t = V6('traces/mutex-nonpi.dat')
    for cpu in range(t.cpus):
        struct.pack_into('<QQ', t.data, t.table + 16 * cpu, 0, 0)
    del t.data[min(o for o, _ in t.cpu_data):]
    t.write('zero-events.dat')


if __name__ == '__main__':
    sys.exit(main())

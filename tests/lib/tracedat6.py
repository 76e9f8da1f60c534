# SPDX-License-Identifier: GPL-2.0-only
"""An uncompressed little-endian trace.dat of version 6, its formats, options
and ring-buffer pages, edited in place: how the tests make hostile and
special traces from the real ones at test time, and how the committed
regression inputs were made (tests/regressions/craft.py).
"""
import re
import struct
import subprocess

MISSING_EVENTS = 1 << 31
MISSING_STORED = 1 << 30
COMMIT_MASK = (1 << 27) - 1
# the pid fields of the events the replay reads (parsers/events/trace_decode.c)
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
        self.options = []       # (id, offset of the id, size of the data)
        if d[pos:pos + 10] == b'options  \0':
            pos += 10
            while True:
                opt = struct.unpack_from('<H', d, pos)[0]
                if not opt:
                    pos += 2
                    break
                size = struct.unpack_from('<I', d, pos + 2)[0]
                self.options.append((opt, pos, size))
                pos += 6 + size
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

    def option_data(self, opt_id):
        """The offsets of the data of every option @opt_id."""
        return [(at + 6, size) for oid, at, size in self.options if oid == opt_id]

    def set_option_id(self, old, new):
        """Every option @old becomes option @new (an id readers skip, say)."""
        for oid, at, _ in self.options:
            if oid == old:
                struct.pack_into('<H', self.data, at, new)

    def replace_in_options(self, old, new):
        """A text in the options' data replaced by one of the same length."""
        assert len(old) == len(new)
        for at, size in [(a + 6, s) for _, a, s in self.options]:
            i = self.data.find(old, at, at + size)
            if i >= 0:
                self.data[i:i + len(old)] = new
                return True
        return False

    def write(self, path):
        with open(path, 'wb') as f:
            f.write(self.data)


def v6_copy(trace, out):
    """An uncompressed v6 copy of @trace at @out (trace-cmd convert), parsed."""
    subprocess.run(['trace-cmd', 'convert', '-i', trace, '-o', out, '--file-version', '6',
                    '--compression', 'none'], check=True, capture_output=True)
    return V6(out)

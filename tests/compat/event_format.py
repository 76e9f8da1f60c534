# SPDX-License-Identifier: GPL-2.0-only
"""Event formats (the kernel's events/*/format texts): their fields, what
each field holds, and the same event laid out by a 32-bit kernel.

A field line is the kernel's trace_define_field() printout:
    field:TYPE NAME;<TAB>offset:N;<TAB>size:N;<TAB>signed:N;
"""
import re

FIELD = re.compile(r'^\tfield:(?P<decl>[^;]*);\toffset:(?P<offset>\d+);\tsize:(?P<size>\d+);'
                   r'\tsigned:(?P<signed>\d+);$', re.M)
DECL = re.compile(r'^(?P<type>.*?)\s*(?P<name>\w+)\s*(?:\[(?P<count>[^\]]*)\])?$')

# The C types that are a kernel long wide (pointers aside): 4 bytes on a
# 32-bit kernel, 8 on a 64-bit one; resource_size_t and phys_addr_t too,
# as on a 32-bit kernel without LPAE (Debian's armmp, whose trace in
# tests/compat/guests/traces arm_layout_check.py compares with).
LONG_TYPES = {
    'long', 'unsigned long', 'long int', 'unsigned long int', 'long unsigned int',
    'signed long', 'size_t', 'ssize_t', 'uintptr_t', 'intptr_t', 'ptrdiff_t',
    'resource_size_t', 'phys_addr_t',
}
# ftrace's own entries declared FTRACE_ENTRY_PACKED (kernel/trace/trace_entries.h):
# their fields follow each other with no padding.
PACKED_EVENTS = {'funcgraph_exit'}
# Fields that hold a CPU number (renumbered when CPUs are).
CPU_FIELDS = {'target_cpu', 'orig_cpu', 'dest_cpu'}


class Field:
    """One field: where it is, and what kind of value it holds.

    kind: 'scalar' (an integer of 1, 2, 4 or 8 bytes), 'array' (count
    elements of elem bytes; bytes if elem is 1), 'data_loc' or 'rel_loc'
    (a u32: length << 16 | offset of data after the fixed fields, from
    the record's start or from the field's end), 'tail' (TYPE NAME[]: the
    rest of the record).
    """

    def __init__(self, decl, offset, size, signed):
        self.decl = decl
        self.offset = offset
        self.size = size
        self.signed = signed
        match = DECL.match(decl)
        if not match:
            raise ValueError('cannot read the field declaration %r' % decl)
        ctype, self.name, count = match.group('type', 'name', 'count')
        self.is_long = is_long_type(ctype)
        if ctype.startswith('__data_loc'):
            self.kind, self.elem, self.count = 'data_loc', 4, 1
        elif ctype.startswith('__rel_loc'):
            self.kind, self.elem, self.count = 'rel_loc', 4, 1
        elif count is not None and size == 0:
            self.kind, self.elem, self.count = 'tail', 1, 0
        elif count is not None:
            self.kind, self.count = 'array', int(count, 0)
            self.elem = size // self.count
        else:
            self.kind, self.elem, self.count = 'scalar', size, 1
        if self.kind in ('data_loc', 'rel_loc') and not re.search(r'\bchar\b', ctype):
            raise ValueError('field %s: dynamic data of %s is not handled' % (self.name, ctype))
        if self.kind in ('scalar', 'array') and self.elem not in (1, 2, 4, 8):
            raise ValueError('field %s: elements of %d bytes' % (self.name, self.elem))
        if self.is_long and self.elem not in (4, 8) and self.kind in ('scalar', 'array'):
            raise ValueError('field %s is a long of %d bytes' % (self.name, self.elem))

    def moved(self, offset, elem):
        """The same field at @offset, elements @elem bytes wide."""
        other = Field(self.decl, offset, 0 if self.kind == 'tail' else elem * self.count,
                      self.signed)
        if self.kind in ('data_loc', 'rel_loc'):
            other.size = 4
        return other


def is_long_type(ctype):
    ctype = ' '.join(w for w in ctype.replace('*', ' * ').split()
                     if w not in ('const', 'volatile', '__user', '__percpu'))
    return '*' in ctype or ctype in LONG_TYPES


class Event:
    """An event format: its id, name, fields in offset order."""

    def __init__(self, text):
        self.text = text
        self.name = re.search(r'^name: (\S+)', text, re.M).group(1)
        self.id = int(re.search(r'^ID: (\d+)', text, re.M).group(1))
        self.fields = sorted((Field(m.group('decl'), int(m.group('offset')), int(m.group('size')),
                                    int(m.group('signed'))) for m in FIELD.finditer(text)),
                             key=lambda f: f.offset)
        self.dynamic = any(f.kind in ('data_loc', 'rel_loc', 'tail') for f in self.fields)


def natural_align(field):
    """A field's alignment: its element's size (data_loc: a u32)."""
    return 4 if field.kind in ('data_loc', 'rel_loc') else field.elem


def align_up(value, align):
    return (value + align - 1) // align * align


def layout_32(event):
    """The event as a 32-bit kernel lays it out: longs and pointers 4
    bytes, every field naturally aligned (ARM EABI: a u64 is 8-aligned)
    unless the event is packed, in declaration order; the common fields
    do not move."""
    fields = []
    cursor = 0
    for field in event.fields:
        elem = 4 if field.is_long else field.elem
        align = 4 if field.kind in ('data_loc', 'rel_loc') else elem
        if event.name in PACKED_EVENTS:
            align = 1
        offset = field.offset if field.name.startswith('common_') else align_up(cursor, align)
        moved = field.moved(offset, elem)
        fields.append(moved)
        cursor = offset + moved.size
    return fields


def format_text(event, fields):
    """The format text with the fields at their new offsets and sizes."""
    by_name = {f.name: f for f in fields}

    def line(match):
        field = by_name[DECL.match(match.group('decl')).group('name')]
        return '\tfield:%s;\toffset:%d;\tsize:%d;\tsigned:%s;' % (
            match.group('decl'), field.offset, field.size, match.group('signed'))
    return FIELD.sub(line, event.text)


def header_page_text(text, kernel_long, page_size):
    """events/header_page as a kernel of that long and page size prints it
    (ring_buffer_print_page_header(): commit is a long, data follows it
    and fills the page)."""
    data = 8 + kernel_long
    text = re.sub(r'(commit;\toffset:\d+;\tsize:)\d+', r'\g<1>%d' % kernel_long, text)
    return re.sub(r'(data;\toffset:)\d+(;\tsize:)\d+', r'\g<1>%d\g<2>%d' % (data, page_size - data),
                  text)

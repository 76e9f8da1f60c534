# SPDX-License-Identifier: GPL-2.0-only
"""One record rewritten field by field for another machine: every field
read in the source's byte order and written in the target's, longs cut to
32 bits for a 32-bit kernel, dynamic data (__data_loc, __rel_loc, a
trailing NAME[]) moved after the new fixed fields and its offsets
relocated, CPU numbers renumbered.
"""
import struct

from event_format import CPU_FIELDS, PACKED_EVENTS, align_up, natural_align

CODES = {1: 'B', 2: 'H', 4: 'I', 8: 'Q'}


def record_struct(fields, endian):
    """A struct for the fixed fields, and the field of each value it packs."""
    fmt = [endian]
    slots = []
    cursor = 0
    for field in fields:
        if field.kind == 'tail':
            continue
        if field.offset < cursor:
            raise ValueError('field %s overlaps the one before' % field.name)
        if field.offset > cursor:
            fmt.append('%dx' % (field.offset - cursor))
        if field.kind == 'array' and field.elem == 1:
            fmt.append('%ds' % field.count)
            slots.append(field)
        elif field.kind == 'array':
            fmt.append('%d%s' % (field.count, CODES[field.elem]))
            slots.extend([field] * field.count)
        else:
            fmt.append(CODES[field.size])
            slots.append(field)
        cursor = field.offset + field.size
    return struct.Struct(''.join(fmt)), slots


def fixed_size(fields, dynamic, packed):
    """Where dynamic data starts (the kernel's offsetof(entry, __data)), or
    the struct's size when there is none."""
    end = max((f.offset + f.size for f in fields), default=0)
    if dynamic or packed:
        return end
    return align_up(end, max((natural_align(f) for f in fields), default=1))


class Rewriter:
    """Rewrites the records of one event.

    @values32: keep the layout, but give long fields the 32 bits a 32-bit
    kernel would have stored, widened with zeros as libtraceevent widens
    a 4-byte field whatever its sign (tep_read_number()): the 64-bit
    reference a 32-bit variant's `trace-cmd report` is compared with.
    """

    def __init__(self, event, fields, src_endian, dst_endian, values32=False, cpu_map=None):
        self.src, src_slots = record_struct(event.fields, src_endian)
        self.dst, dst_slots = record_struct(fields, dst_endian)
        if [f.name for f in src_slots] != [f.name for f in dst_slots]:
            raise ValueError('%s: the fields changed order' % event.name)
        packed = event.name in PACKED_EVENTS
        self.src_fixed = fixed_size(event.fields, event.dynamic, packed)
        self.dst_fixed = fixed_size(fields, event.dynamic, packed)
        self.dynamic = event.dynamic
        self.fixes = [self.fix_for(s, d, values32, cpu_map) for s, d in zip(src_slots, dst_slots)]
        self.identity = (src_endian == dst_endian and self.src.format[1:] == self.dst.format[1:]
                         and not any(self.fixes))

    def fix_for(self, src, dst, values32, cpu_map):
        """What a value needs besides the byte order, or None."""
        shift = self.dst_fixed - self.src_fixed
        if src.kind == 'data_loc' and shift:
            return lambda v: (v & ~0xffff) | ((v & 0xffff) + shift)
        if src.kind == 'rel_loc' and shift:
            moved = shift - (dst.offset - src.offset)
            return lambda v: (v & ~0xffff) | ((v & 0xffff) + moved)
        if src.is_long and src.elem == 8 and (dst.elem == 4 or values32):
            return lambda v: v & 0xffffffff
        if src.name in CPU_FIELDS and cpu_map:
            return lambda v: cpu_map.get(v, v)
        return None

    def __call__(self, data):
        if self.identity:
            return data
        values = list(self.src.unpack_from(data))
        for i, fix in enumerate(self.fixes):
            if fix:
                values[i] = fix(values[i])
        out = bytearray(self.dst.pack(*values))
        out += bytes(self.dst_fixed - len(out))
        if self.dynamic:
            out += data[self.src_fixed:]
        out += bytes(-len(out) % 4)
        return bytes(out)

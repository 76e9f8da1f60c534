# SPDX-License-Identifier: GPL-2.0-only
"""Ring-buffer pages read and written as the kernel writes them and
libtraceevent's kbuffer (src/kbuffer-parse.c) reads them.

A page: u64 time stamp, a long "commit" (bytes of events, bit 31: events
were lost before the page, bit 30: their count is stored as a long after
the events), then the events. An event starts with a 32-bit word holding
type_len (5 bits) and a time delta (27 bits): the low 5 bits are type_len
on a little-endian kernel, the top 5 bits on a big-endian one (kbuffer's
type_len4host() and ts4host()). type_len 1-28: the data is type_len words;
0: the next word is the length + 4; 29: padding of the next word's
length; 30: time extend, the next word holds the delta's bits above 27;
31: an absolute time stamp (its top 5 bits taken from the current time).
"""
import struct

from trace_model import Page, Record

MISSING_EVENTS = 1 << 31
MISSING_STORED = 1 << 30
COMMIT_MASK = (1 << 27) - 1
TS_SHIFT = 27
TS_MASK = (1 << TS_SHIFT) - 1
TS_MSB = 0xf8 << 56
PADDING, TIME_EXTEND, TIME_STAMP = 29, 30, 31
MAX_SMALL_DATA = 28 * 4     # RB_MAX_SMALL_DATA: longer events carry their length


class Layout:
    """Where a machine's kernel puts a page's fields."""

    def __init__(self, endian, kernel_long, page_size):
        self.endian = endian
        self.kernel_long = kernel_long
        self.page_size = page_size
        self.long_fmt = endian + ('Q' if kernel_long == 8 else 'I')
        self.word = struct.Struct(endian + 'I')
        self.data_start = 8 + kernel_long

    def split_word(self, word):
        """(type_len, delta) of an event's first word."""
        if self.endian == '>':
            return word >> 27, word & TS_MASK
        return word & 31, word >> 5

    def join_word(self, type_len, delta):
        if self.endian == '>':
            return (type_len << 27) | delta
        return (delta << 5) | type_len


def decode_cpu(blob, layout):
    """The pages of one CPU's data, each with its records and losses."""
    step = layout.page_size
    return [decode_page(blob[at:at + step], layout) for at in range(0, len(blob), step)]


def decode_page(page, layout):
    ts = struct.unpack_from(layout.endian + 'Q', page, 0)[0]
    flags = struct.unpack_from(layout.long_fmt, page, 8)[0]
    commit = flags & COMMIT_MASK
    data = page[layout.data_start:layout.data_start + commit]
    lost = 0
    if flags & MISSING_EVENTS:
        lost = -1
        if flags & MISSING_STORED:
            lost = struct.unpack_from(layout.long_fmt, page, layout.data_start + commit)[0]
    return Page(ts, list(decode_events(data, ts, layout)), lost)


def decode_events(data, ts, layout):
    """The page's data events with their absolute time, as kbuffer's
    update_pointers() adds every delta (padding's too)."""
    word = layout.word
    curr = 0
    while curr < len(data):
        type_len, delta = layout.split_word(word.unpack_from(data, curr)[0])
        if type_len == PADDING:
            ts += delta
            curr += 4 + word.unpack_from(data, curr + 4)[0]
        elif type_len in (TIME_EXTEND, TIME_STAMP):
            extend = (word.unpack_from(data, curr + 4)[0] << TS_SHIFT) + delta
            ts = extend | (ts & TS_MSB) if type_len == TIME_STAMP else ts + extend
            curr += 8
        elif type_len == 0:
            length = (word.unpack_from(data, curr + 4)[0] - 4 + 3) & ~3
            ts += delta
            yield Record(ts, bytes(data[curr + 8:curr + 8 + length]))
            curr += 8 + length
        else:
            ts += delta
            yield Record(ts, bytes(data[curr + 4:curr + 4 + type_len * 4]))
            curr += 4 + type_len * 4


def event_bytes(layout, delta, data):
    """One data event, with a time extend before it when the delta needs one
    (the kernel's rb_add_time_stamp(): extend for deltas of 2^27 and more)."""
    out = bytearray()
    if delta > TS_MASK:
        out += layout.word.pack(layout.join_word(TIME_EXTEND, delta & TS_MASK))
        out += layout.word.pack(delta >> TS_SHIFT)
        delta = 0
    if len(data) <= MAX_SMALL_DATA:
        out += layout.word.pack(layout.join_word(len(data) // 4, delta))
    else:
        out += layout.word.pack(layout.join_word(0, delta))
        out += layout.word.pack(len(data) + 4)
    return out + data


def page_bytes(layout, page, events):
    """A full page: header, events, the lost count if known, zeros."""
    flags = len(events)
    if page.lost:
        flags |= MISSING_EVENTS
    if page.lost > 0:
        flags |= MISSING_STORED
    out = bytearray(layout.page_size)
    struct.pack_into(layout.endian + 'Q', out, 0, page.ts)
    struct.pack_into(layout.long_fmt, out, 8, flags)
    out[layout.data_start:layout.data_start + len(events)] = events
    if page.lost > 0:
        struct.pack_into(layout.long_fmt, out, layout.data_start + len(events), page.lost)
    return out


class Packer:
    """Pages filled one record at a time, a new page when one is full, when
    time goes back (a delta cannot be negative) or when events were lost."""

    def __init__(self, layout):
        self.layout = layout
        self.out = bytearray()
        self.page = None
        self.events = bytearray()
        self.last = 0

    def room(self, page):
        room = self.layout.page_size - self.layout.data_start
        return room - (self.layout.kernel_long if page.lost > 0 else 0)

    def start(self, ts, lost):
        self.flush()
        self.page = Page(ts, [], lost)
        self.events = bytearray()
        self.last = ts

    def add(self, record):
        if self.page is None or record.ts < self.last:
            self.start(record.ts, 0)
        event = event_bytes(self.layout, record.ts - self.last, record.data)
        if len(self.events) + len(event) > self.room(self.page):
            if not self.events:
                raise ValueError('an event of %d bytes does not fit a page' % len(record.data))
            self.start(record.ts, 0)
            event = event_bytes(self.layout, 0, record.data)
        self.events += event
        self.last = record.ts

    def flush(self):
        if self.page is not None:
            self.out += page_bytes(self.layout, self.page, self.events)
            self.page = None


def encode_cpu(pages, layout, keep_pages):
    """One CPU's data. @keep_pages (the page size is the recording's): a
    page starts where the recording's did, with its time stamp (one that
    no longer holds its records, say after a time extend was added, goes
    on in the next); otherwise the records are packed anew. Either way a
    page starts wherever events were lost, so that the loss stays before
    the same record."""
    packer = Packer(layout)
    lost = 0
    for page in pages:
        if keep_pages:
            packer.start(page.ts, page.lost)
        elif page.lost:
            lost = merge_lost(lost, page.lost)
        for record in page.records:
            if lost:
                packer.start(record.ts, lost)
                lost = 0
            packer.add(record)
    if lost:
        packer.start(packer.last, lost)
    packer.flush()
    return bytes(packer.out)


def merge_lost(a, b):
    """Losses before pages merged into one: counts add, unknown stays unknown."""
    if a < 0 or b < 0:
        return -1
    return a + b

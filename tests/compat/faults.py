# SPDX-License-Identifier: GPL-2.0-only
"""Deliberately wrong conversions, each a mistake a converter could make,
so that the test proves it catches one (convert.py --fault NAME). Each
replaces one piece of the converter for the rest of the run.
"""
import machine
import record_rewrite
import ring_pages


def unswapped_fields():
    """Big-endian container and event headers, fields left little-endian."""
    real = machine.Rewriter

    def rewriter(event, fields, src_endian, dst_endian, *args):
        return real(event, fields, src_endian, src_endian, *args)
    machine.Rewriter = rewriter


def stale_data_loc():
    """Fields moved for 4-byte longs, __data_loc offsets not relocated."""
    real = record_rewrite.Rewriter.fix_for

    def fix_for(self, src, dst, values32, cpu_map):
        if src.kind == 'data_loc':
            return None
        return real(self, src, dst, values32, cpu_map)
    record_rewrite.Rewriter.fix_for = fix_for


def stale_formats():
    """Records laid out for 4-byte longs, formats still saying 8."""
    machine.format_text = lambda event, fields: event.text


def no_time_extend():
    """Pages packed anew, long deltas cut to 27 bits instead of extended."""
    real = ring_pages.event_bytes

    def event_bytes(layout, delta, data):
        return real(layout, delta & ring_pages.TS_MASK, data)
    ring_pages.event_bytes = event_bytes


def lost_flags_dropped():
    """Pages packed anew, the lost-events flags forgotten."""
    real = ring_pages.Packer.start

    def start(self, ts, lost):
        real(self, ts, 0)
    ring_pages.Packer.start = start


FAULTS = {
    'unswapped-fields': unswapped_fields,
    'stale-data-loc': stale_data_loc,
    'stale-formats': stale_formats,
    'no-time-extend': no_time_extend,
    'lost-flags-dropped': lost_flags_dropped,
}


def apply(name):
    FAULTS[name]()

# SPDX-License-Identifier: GPL-2.0-only
"""A long idle time in the middle of a recording: every record from a
point on comes 3.7 s later, on every CPU. No bundled trace has a CPU quiet
for 2^27 ns (134 ms), the most an event's delta holds, so without this no
variant would need a time extend (type_len 30, delta bits above 27 in the
next word), nor a page time stamp far from its predecessor's.
"""
from trace_model import Page, Record

GAP_NS = 3_700_000_000      # 27 << 27 and more: the extend's upper word is not trivial
QUIET_NS = 2000             # no record this close before the gap: a report's
                            # microseconds, rounded, tell the sides apart


def gap_start(cpus):
    """The time of the first record, from the middle of the recording on,
    that no other record precedes by less than QUIET_NS; None when there
    is none (a recording of no or few records keeps no gap)."""
    times = sorted(r.ts for pages in cpus for p in pages for r in p.records)
    for i in range(max(1, len(times) // 2), len(times)):
        if times[i] - times[i - 1] >= QUIET_NS:
            return times[i]
    return None


def with_idle_gap(cpus, start):
    """The CPUs' pages with every record from @start on GAP_NS later (and
    the page time stamps of pages that begin after it)."""
    if start is None:
        return cpus
    def shift(ts):
        return ts + GAP_NS if ts >= start else ts
    def page_ts(page):
        first = page.records[0].ts if page.records else page.ts
        return page.ts + GAP_NS if first >= start else page.ts
    return [[Page(page_ts(p), [Record(shift(r.ts), r.data) for r in p.records], p.lost)
             for p in pages] for pages in cpus]

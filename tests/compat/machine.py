# SPDX-License-Identifier: GPL-2.0-only
"""A recording as another machine would have recorded it: its kernel's
byte order, long size and page size, its CPUs, its idle time (the
properties of variants.py). The records keep their meaning: every field
is rewritten for the new layout (record_rewrite.py), nothing else.
"""
import struct

from event_format import Event, format_text, header_page_text, layout_32
from idle_gap import gap_start, with_idle_gap
from kernel_addresses import kallsyms_32, printk_32
from record_rewrite import Rewriter
from trace_model import OPT_CPUCOUNT, OPT_CPUSTAT, OPT_TRACEID, OPT_TSC2NSEC, Page, Record, Trace


def machine(src, props):
    """A copy of @src as the machine of @props recorded it."""
    endian = props['endian'] or src.endian
    kernel_long = props['kernel_long'] or src.kernel_long
    page_size = props['page_size'] or src.page_size
    cut = props['values32'] or (kernel_long == 4 and src.kernel_long == 8)
    cpus, cpu_map, options = src.cpus, None, src.options
    if props['idle_gap']:
        cpus = with_idle_gap(cpus, gap_start(cpus))
    if props['cpu_gap']:
        cpus, cpu_map, options = with_cpu_gap(src, cpus)
    events = [Event(text) for text in src.formats()]
    fields = {e.id: layout_32(e) if kernel_long == 4 and src.kernel_long == 8 else e.fields
              for e in events}
    texts = {e.text: format_text(e, fields[e.id]) for e in events}
    rewriters = {e.id: Rewriter(e, fields[e.id], src.endian, endian, props['values32'], cpu_map)
                 for e in events}
    kallsyms = src.kallsyms if props['symbols'] else b''
    printk = src.printk
    if cut:
        kallsyms, printk = kallsyms_32(kallsyms), printk_32(printk)
    return Trace(
        endian, props['long_size'] or src.long_size, kernel_long, page_size,
        header_page_text(src.header_page, kernel_long, page_size), src.header_event,
        [texts[t] for t in src.ftrace_formats],
        [(name, [texts[t] for t in ts]) for name, ts in src.systems],
        kallsyms, printk, src.cmdlines,
        [(oid, swap_option(oid, data, src.endian, endian)) for oid, data in options],
        src.trace_clock, rewrite_cpus(cpus, rewriters, src.endian))


def rewrite_cpus(cpus, rewriters, endian):
    """Every record rewritten by the rewriter of its event."""
    kind = struct.Struct(endian + 'H')

    def rewrite(data):
        eid = kind.unpack_from(data)[0]
        if eid not in rewriters:
            raise ValueError('a record of event %d, which has no format' % eid)
        return rewriters[eid](data)
    return [[Page(p.ts, [Record(r.ts, rewrite(r.data)) for r in p.records], p.lost)
             for p in pages] for pages in cpus]


def with_cpu_gap(src, cpus):
    """Twice the CPUs, the recording's CPU n as 2n: every other one empty
    (its statistics all zero, inserted after the recorded CPU's)."""
    gapped = [cpu for pages in cpus for cpu in (pages, [])]
    cpu_map = {cpu: 2 * cpu for cpu in range(len(cpus))}
    stats = [data for oid, data in src.options if oid == OPT_CPUSTAT]
    options = []
    for oid, data in src.options:
        if oid == OPT_CPUSTAT:
            if data is stats[0]:
                options += [(OPT_CPUSTAT, text) for s in stats for text in (s, empty_stats())]
        elif oid == OPT_CPUCOUNT:
            options.append((oid, struct.pack(src.endian + 'I', len(gapped))))
        else:
            options.append((oid, data))
    return gapped, cpu_map, options


def empty_stats():
    """per_cpu/cpuN/stats of a CPU that recorded nothing."""
    return (b'entries: 0\noverrun: 0\ncommit overrun: 0\nbytes: 0\noldest event ts: 0.000000\n'
            b'now ts: 0.000000\ndropped events: 0\nread events: 0\n\0')


def swap_option(oid, data, src, dst):
    """An option's numbers in the new byte order (the texts need nothing)."""
    if src == dst:
        return data
    layouts = {OPT_CPUCOUNT: 'I', OPT_TRACEID: 'Q', OPT_TSC2NSEC: 'IIQ'}
    if oid not in layouts:
        return data
    return struct.pack(dst + layouts[oid], *struct.unpack(src + layouts[oid], data))

# SPDX-License-Identifier: GPL-2.0-only
"""A trace.dat in memory, apart from any file layout: what a recording
holds (the kernel's texts, the options, each CPU's ring-buffer pages with
their records decoded), so that one trace can be written as any writer on
any machine would have written it.
"""
from dataclasses import dataclass, field

# The ids of trace-cmd's options (lib/trace-cmd/include/trace-cmd-private.h)
OPT_DONE = 0
OPT_DATE = 1
OPT_CPUSTAT = 2
OPT_BUFFER = 3
OPT_TRACECLOCK = 4
OPT_UNAME = 5
OPT_HOOK = 6
OPT_OFFSET = 7
OPT_CPUCOUNT = 8
OPT_VERSION = 9
OPT_PROCMAPS = 10
OPT_TRACEID = 11
OPT_TIME_SHIFT = 12
OPT_GUEST = 13
OPT_TSC2NSEC = 14
OPT_STRINGS = 15
OPT_HEADER_INFO = 16
OPT_FTRACE_EVENTS = 17
OPT_EVENT_FORMATS = 18
OPT_KALLSYMS = 19
OPT_PRINTK = 20
OPT_CMDLINES = 21


@dataclass
class Record:
    ts: int         # absolute, as kbuffer computes it
    data: bytes     # the event, as long as the ring buffer keeps it (4-byte multiple)


@dataclass
class Page:
    ts: int                     # the page header's time stamp
    records: list = field(default_factory=list)
    lost: int = 0               # events lost before this page: 0, a count, or -1 (unknown)


@dataclass
class Trace:
    endian: str                 # struct's '<' or '>'
    long_size: int              # the file header's byte: the writer's user-space long
    kernel_long: int            # the header page's commit size: the kernel's long
    page_size: int              # the ring buffer's page (the file header's page size)
    header_page: str
    header_event: bytes
    ftrace_formats: list        # format texts (str)
    systems: list               # (system name bytes, [format texts])
    kallsyms: bytes
    printk: bytes
    cmdlines: bytes
    options: list               # (id, data): numbers inside in @endian; no clock, no DONE
    trace_clock: bytes          # the trace_clock file: b'[local] global ...\n'
    cpus: list                  # per CPU, its pages (Page)

    def formats(self):
        """Every event format text, ftrace's first, in file order."""
        yield from self.ftrace_formats
        for _, texts in self.systems:
            yield from texts


def current_clock(trace_clock):
    """b'local' of b'[local] global counter ...'."""
    start = trace_clock.index(b'[') + 1
    return trace_clock[start:trace_clock.index(b']', start)]

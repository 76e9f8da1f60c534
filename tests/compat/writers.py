# SPDX-License-Identifier: GPL-2.0-only
"""A variant written: the machine's recording (machine.py) in the file its
writer makes (trace-cmd 3's version 6 or 7, or trace-cmd 2.x's version 6),
with the options that writer sets.
"""
from compressors import compressor
from machine import empty_stats, machine
from trace_model import OPT_CPUSTAT, OPT_TRACECLOCK, OPT_UNAME, current_clock
from tracedat_write6 import write_v6
from tracedat_write7 import write_v7
from variants import settings


def convert(trace, name):
    """The bytes of @trace written as variant @name."""
    props = settings(name)
    keep_pages = props['page_size'] in (None, trace.page_size)
    trace = machine(trace, props)
    if props['container'] == 'v7':
        return write_v7(trace, options_tc3(trace, props['uname']),
                        compressor(props['compression']), keep_pages)
    if props['writer'] == 'tc2':
        return write_v6(trace, options_tc2(trace, props['uname']), trace.trace_clock or None,
                        keep_pages)
    options = options_tc3(trace, props['uname'])
    clock_after = None
    if trace.trace_clock:
        # trace-cmd 3: the clock file in the option, "[clock]" after the CPU table
        options = [(OPT_TRACECLOCK, trace.trace_clock + b'\0')] + options
        clock_after = b'[' + current_clock(trace.trace_clock) + b']'
    return write_v6(trace, options, clock_after, keep_pages)


def options_tc3(trace, uname=True):
    """The trace's own options (as trace-cmd 3 kept them), clock aside."""
    return [(oid, data) for oid, data in trace.options
            if oid != OPT_TRACECLOCK and (uname or oid != OPT_UNAME)]


def options_tc2(trace, uname):
    """What trace-cmd 2.x's record_data() added: add_options() (TRACECLOCK
    with no data, hooks, UNAME), then one CPUSTAT per CPU, "CPU: N\\n" and
    the per_cpu/cpuN/stats file (record_stats()). No VERSION (2.9's
    add_version()), no CPUCOUNT (only for buffer instances)."""
    options = [(OPT_TRACECLOCK, b'')]
    options += [(oid, data) for oid, data in trace.options if oid == OPT_UNAME and uname]
    stats = [data for oid, data in trace.options if oid == OPT_CPUSTAT]
    for cpu in range(len(trace.cpus)):
        text = stats[cpu] if cpu < len(stats) else empty_stats()
        if not text.startswith(b'CPU:'):
            text = b'CPU: %d\n' % cpu + text
        options.append((OPT_CPUSTAT, text))
    return options

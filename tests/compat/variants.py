# SPDX-License-Identifier: GPL-2.0-only
"""The variants: how another writer or machine would have written the same
recording, each a few properties (machine.py and writers.py apply them);
variants combine with '+' (tc2+long4), and the named machines are such
combinations.

The records keep the recording's meaning (its uname stays x86_64's: the
system call numbers in it are x86_64's); only what the writer and the
kernel's word size, byte order and page size change is changed.
"""
from idle_gap import GAP_NS, gap_start

# name: (what it is, the properties it sets)
VARIANTS = {
    'tc2': ('trace-cmd 2.x: TRACECLOCK option empty, the trace_clock file after the CPU '
            'table, CPUSTAT "CPU: N" per CPU, no VERSION or CPUCOUNT', {'writer': 'tc2'}),
    'no-uname': ('no UNAME option (as the old trace-cmd 2.x of an arm64 board wrote)',
                 {'uname': False}),
    'long4': ('a 32-bit kernel and trace-cmd (armv7l): commit and longs 4 bytes, fields '
              'laid out anew, values cut to 32 bits', {'kernel_long': 4, 'long_size': 4}),
    'user32': ('a 32-bit trace-cmd on a 64-bit kernel: the header says 4, the kernel is 8',
               {'long_size': 4}),
    'be': ('big-endian (s390x, ppc64): every number, event header and field swapped',
           {'endian': '>'}),
    'page16k': ('16 KiB ring-buffer pages (arm64 16K): records packed anew',
                {'page_size': 16384}),
    'page64k': ('64 KiB ring-buffer pages (ppc64, arm64 64K): records packed anew',
                {'page_size': 65536}),
    'v7': ('format 7, uncompressed (trace-cmd 3.1 layout)', {'container': 'v7'}),
    'v7-zlib': ('format 7, zlib', {'container': 'v7', 'compression': 'zlib'}),
    'v7-zstd': ('format 7, zstd', {'container': 'v7', 'compression': 'zstd'}),
    'cpu-gap': ('4 CPUs, data on 0 and 2 only: CPU 1 becomes 2, CPUs 1 and 3 empty '
                '(target_cpu renumbered alike)', {'cpu_gap': True}),
    'idle-gap': ('the CPUs idle for 3.7 s in the middle: every record after it that much '
                 'later (time extends)', {'idle_gap': True}),
    'no-symbols': ('kallsyms left out (a recording without them): for comparing values only, '
                   'as a value cut to 32 bits may name another symbol', {'symbols': False}),
    'values32': ('reference for long4, not a machine: 64-bit layout, long fields holding '
                 'the values a 32-bit kernel keeps', {'values32': True}),
}

MACHINES = {
    'armv7l': ['tc2', 'long4'],
    'arm64-board': ['tc2', 'no-uname'],
    'ppc64': ['be', 'page64k'],
    's390x': ['be'],
    's390x-v7': ['be', 'v7-zstd'],
    'ppc64-v7-zlib': ['be', 'page64k', 'v7-zlib'],
    'armv7l-gap': ['tc2', 'long4', 'cpu-gap'],
    'armv7l-v7': ['long4', 'v7-zlib'],
}

DEFAULTS = {'writer': 'tc3', 'uname': True, 'endian': None, 'kernel_long': None,
            'long_size': None, 'page_size': None, 'container': 'v6', 'compression': 'none',
            'cpu_gap': False, 'values32': False, 'idle_gap': False, 'symbols': True}


def settings(name):
    """The properties of a variant name (NAME, MACHINE or A+B+...)."""
    parts = []
    for part in name.split('+'):
        if part in MACHINES:
            parts += MACHINES[part]
        elif part in VARIANTS:
            parts.append(part)
        else:
            raise ValueError('no variant %r' % part)
    props = dict(DEFAULTS)
    for part in parts:
        props.update(VARIANTS[part][1])
    if props['writer'] == 'tc2' and props['container'] != 'v6':
        raise ValueError('trace-cmd 2.x wrote version 6 only')
    if props['values32'] and props['kernel_long'] == 4:
        raise ValueError('values32 is the 64-bit reference of long4')
    return props


def expectation(trace, name):
    """How the test checks variant @name of @trace: the reference whose
    report its report must equal ('original', or 'values32' when longs
    were cut), what file_header.py must find in it, and the options that
    turn the reference's report into the variant's (report_records.py)."""
    props = settings(name)
    ref = 'values32' if props['kernel_long'] == 4 and trace.kernel_long == 8 else 'original'
    version = 7 if props['container'] == 'v7' else 6
    step = 2 if props['cpu_gap'] else 1
    cpus = len(trace.cpus) * step
    if version == 7:
        # BUFFER lists the CPUs with data only: the reader's count ends at the last
        cpus = max((step * cpu + 1 for cpu, pages in enumerate(trace.cpus) if pages), default=0)
    clock = 'none'
    if trace.trace_clock:
        clock = 'tc2' if props['writer'] == 'tc2' else 'tc3'
    facts = 'version=%d,endian=%d,long=%d,page=%d,compression=%s,commit=%d,cpus=%d,clock=%s' % (
        version, (props['endian'] or trace.endian) == '>', props['long_size'] or trace.long_size,
        props['page_size'] or trace.page_size, props['compression'],
        props['kernel_long'] or trace.kernel_long, cpus, clock)
    opts = []
    if props['cpu_gap']:
        opts.append('--cpu-gap')
    if props['idle_gap'] and gap_start(trace.cpus) is not None:
        opts.append('--shift=%d:%d' % (gap_start(trace.cpus), GAP_NS))
    return ref, facts, opts


def describe():
    """Lines listing the variants and machines."""
    lines = ['%-10s %s' % (name, text) for name, (text, _) in VARIANTS.items()]
    lines += ['%-10s = %s' % (name, '+'.join(parts)) for name, parts in MACHINES.items()]
    return lines


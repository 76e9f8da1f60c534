#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The record lines of a `trace-cmd report` (or report -t), the header
lines that legitimately differ between two writings of one trace left out,
optionally changed as a variant changed the recording.

    tests/compat/report_records.py [--ns] [--cpu-gap] [--shift=START:GAP] [--mask-numbers] REPORT

Left out, and why they differ:
  cpus=N            the CPU count: a variant may add CPUs without data
  CPU N is empty    printed when a CPU has no data (trace-input.c init_cpu())
Every other line is kept, the lost-events lines (CPU:N [EVENTS DROPPED]) too;
a record's time is written one way ("[CPU] SEC.FRACTION", whatever the
spacing, and trace-cmd's raw nanoseconds too: report_time()).

--ns               the report is of report -t: 9 decimals (default: 6)
--cpu-gap          CPU n became 2n: the [CPU] column, "CPU:n" (sched_wakeup),
                   "target_cpu=n" and the lost-events lines renumbered
--shift=START:GAP  records at START ns and later came GAP ns later (the
                   report's microseconds, rounded, compared with START's)
--mask-numbers     every number (decimal, hex; and words of a-f alike)
                   replaced by '#': what is left when only values changed
"""
import re
import sys

HEADER = re.compile(r'^(cpus=\d+|CPU \d+ is empty)$')
RECORD = re.compile(r'^(?P<head>.*?\[)(?P<cpu>\d+)\]\s*(?P<sec>\d+)(?:\.(?P<frac>\d+))?'
                    r'(?P<rest>:.*)$')
LOST = re.compile(r'^CPU:(?P<cpu>\d+)(?P<rest> \[.*EVENTS DROPPED\])$')
CPU_VALUES = re.compile(r'(?P<key>CPU:|target_cpu=)(?P<cpu>\d+)')
NUMBER = re.compile(r'-?\b(?:0x)?[0-9a-f]+\b')


def renumber(cpu):
    """CPU n as 2n, as wide as it was printed."""
    return '%0*d' % (len(cpu), 2 * int(cpu))


def report_time(match, digits):
    """The record's time in the report's unit (10^-digits s). A time
    without a dot is trace-cmd's raw nanoseconds: trace-cmd 3.1.6 prints
    those now and then for a trace-cmd 2.x file, whose empty TRACECLOCK
    option it parses past its end (tracecmd_parse_trace_clock() on a
    0-byte buffer: heap garbage may read as a clock it does not know);
    rounded as libtraceevent rounds."""
    if match.group('frac') is None:
        unit = 10 ** (9 - digits)
        return (int(match.group('sec')) + unit // 2) // unit
    frac = match.group('frac')
    if len(frac) != digits:
        raise ValueError('a time of %d decimals in a report of %d' % (len(frac), digits))
    return int(match.group('sec')) * 10 ** digits + int(frac)


def shifted(value, digits, start, gap):
    """The record's time GAP later if it is at START or later. A report in
    microseconds rounds (libtraceevent): START's rounded microsecond
    decides, and no record is within 2 us before START (idle_gap.py)."""
    unit = 10 ** (9 - digits)
    if value >= (start + unit // 2) // unit:
        value += gap // unit
    return value


def record_line(line, args, digits):
    """The line, its time written one way (the report's spacing aside)."""
    match = RECORD.match(line)
    if match is None:
        lost = LOST.match(line)
        if lost and args.get('cpu_gap'):
            return 'CPU:%d%s' % (2 * int(lost.group('cpu')), lost.group('rest'))
        return line
    cpu, rest = match.group('cpu'), match.group('rest')
    time = report_time(match, digits)
    if args.get('cpu_gap'):
        cpu = renumber(cpu)
        rest = CPU_VALUES.sub(lambda m: m.group('key') + renumber(m.group('cpu')), rest)
    if args.get('shift'):
        time = shifted(time, digits, *args['shift'])
    return '%s%s] %d.%0*d%s' % (match.group('head'), cpu, time // 10 ** digits, digits,
                                time % 10 ** digits, rest)


def records(lines, args, digits=6):
    """The record lines of a report whose times have @digits decimals
    (6: report, 9: report -t)."""
    for line in lines:
        line = line.rstrip('\n')
        if HEADER.match(line):
            continue
        line = record_line(line, args, digits)
        if args.get('mask'):
            line = NUMBER.sub('#', line)
        yield line


def parse_option(arg, args):
    """Reads one option into @args; False when it is not one."""
    if arg == '--cpu-gap':
        args['cpu_gap'] = True
    elif arg.startswith('--shift='):
        start, gap = arg[len('--shift='):].split(':')
        args['shift'] = (int(start), int(gap))
    elif arg == '--mask-numbers':
        args['mask'] = True
    elif arg == '--ns':
        args['digits'] = 9
    else:
        return False
    return True


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    args = {}
    for arg in argv[1:-1]:
        if not parse_option(arg, args):
            sys.exit(__doc__)
    with open(argv[-1], errors='surrogateescape') as f:
        for line in records(f, args, args.get('digits', 6)):
            sys.stdout.write(line + '\n')


if __name__ == '__main__':
    main(sys.argv)

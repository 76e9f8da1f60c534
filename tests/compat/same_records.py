#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Does a variant hold the same records as its reference?

    tests/compat/same_records.py [REPORT_RECORDS_OPTIONS...] REF GOT
    tests/compat/same_records.py --checks DIR

REF and GOT name reports: PREFIX.us (trace-cmd report), PREFIX.ns
(report -t), PREFIX.err (their stderr). The record lines of GOT must be
those of REF changed by the options (report_records.py: --cpu-gap,
--shift, --mask-numbers; masking applies to both sides), and the stderr
the same. Prints the first difference and exits 1; silent and 0 when the
same.

--checks DIR: every check of one input at once (the test runs hundreds;
one process each would cost more than trace-cmd): DIR/checks is
convert.py's output; DIR/original, DIR/values32 are the references,
DIR/no-symbols and DIR/values32+no-symbols must differ only in numbers;
for each variant DIR/NAME.dat is the file, whose file_header.py facts
must be the claimed ones, DIR/NAME its reports, and for a zstd one
DIR/NAME.v6 the reports of v7_inflate.py's copy. One line per check:
"DESCRIPTION<TAB>WHAT DIFFERS", the second field empty when it passed.
"""
import difflib
import functools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from file_header import facts as file_facts  # noqa: E402
from report_records import parse_option, records  # noqa: E402


REFERENCES = ('values32', 'no-symbols', 'values32+no-symbols')


@functools.lru_cache(maxsize=64)
def cached_lines(path, options, digits):
    with open(path, errors='surrogateescape') as f:
        return list(records(f, dict(options), digits))


def lines(path, args, digits):
    """The record lines of a report: a reference's are read once, not once
    per variant."""
    return cached_lines(path, tuple(sorted(args.items())), digits)


def same_bytes(a, b):
    """The common case, taken without reading line by line."""
    with open(a, 'rb') as fa, open(b, 'rb') as fb:
        return fa.read() == fb.read()


def first_difference(want, have):
    return ' | '.join(list(difflib.unified_diff(want, have, lineterm='', n=0))[2:6])


def compare(args, ref, got):
    """What differs between the reports REF and GOT, or None."""
    plain = {'mask': True} if args.get('mask') else {}
    for unit, digits, name in (('us', 6, 'report'), ('ns', 9, 'report -t')):
        if not args and same_bytes('%s.%s' % (ref, unit), '%s.%s' % (got, unit)):
            continue
        want = lines('%s.%s' % (ref, unit), args, digits)
        have = lines('%s.%s' % (got, unit), plain, digits)
        if want != have:
            return '%s differs: %s' % (name, first_difference(want, have))
    with open(ref + '.err', 'rb') as a, open(got + '.err', 'rb') as b:
        if a.read() != b.read():
            return 'stderr differs'
    return None


def check_variant(dir, name, ref, facts, options):
    """(description, what differs) of one variant and of its inflated copy."""
    with open(os.path.join(dir, name + '.dat'), 'rb') as f:
        have = file_facts(f.read())
    args = {}
    for option in options:
        parse_option(option, args)
    why = None
    if have != facts:
        why = 'the file is not what the variant claims: want %s, have %s' % (facts, have)
    why = why or compare(args, os.path.join(dir, ref), os.path.join(dir, name))
    copied = 'compression=zlib' in facts and os.path.exists(os.path.join(dir, name + '.dat.v6'))
    yield name + ': same records' + (" (zlib: through v7_inflate.py's copy)" if copied else ''), why
    if 'compression=zstd' in facts:
        yield name + ": v7_inflate.py's copy, same records", compare(
            args, os.path.join(dir, ref), os.path.join(dir, name + '.v6'))


def check_all(dir):
    base = os.path.basename(dir)
    # kallsyms left out: a value cut to 32 bits may name another symbol
    why = compare({'mask': True}, os.path.join(dir, 'no-symbols'),
                  os.path.join(dir, 'values32+no-symbols'))
    yield '%s: values32, the 4-byte longs\' reference, differs only in numbers' % base, why
    with open(os.path.join(dir, 'checks')) as f:
        for line in f:
            name, ref, facts, *options = line.split()
            if name not in REFERENCES:
                for desc, why in check_variant(dir, name, ref, facts, options):
                    yield '%s as %s' % (base, desc), why


def main(argv):
    if argv[1:2] == ['--checks'] and len(argv) == 3:
        for desc, why in check_all(argv[2]):
            print('%s\t%s' % (desc, (why or '').replace('\t', ' ')))
        return 0
    args = {}
    for arg in argv[1:-2]:
        if not parse_option(arg, args):
            sys.exit(__doc__)
    if len(argv) < 3:
        sys.exit(__doc__)
    why = compare(args, argv[-2], argv[-1])
    if why:
        print(why)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Rewrite a trace.dat as other trace.dat writers and machines would have
written it.

    tests/compat/convert.py SOURCE OUTDIR VARIANT...    OUTDIR/VARIANT.dat each
    tests/compat/convert.py --list                      the variants and machines
    tests/compat/convert.py --fault NAME SOURCE OUTDIR VARIANT...
                                                        a deliberately wrong conversion

SOURCE: any trace.dat trace-cmd reads (not an uncompressed version 6 file:
read through its `trace-cmd convert` copy). A VARIANT is a name of
--list, or several joined by '+' (tc2+long4). For each variant one line
says how to check it (variants.expectation()):

    VARIANT REFERENCE FILE_FACTS [REPORT_RECORDS_OPTIONS...]

Exit 1 on an error, with one line saying why.
"""
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
import variants  # noqa: E402
from tracedat_read import load  # noqa: E402
from writers import convert  # noqa: E402


def main(argv):
    args = argv[1:]
    if args[:1] == ['--list']:
        print('\n'.join(variants.describe()))
        return 0
    if args[:1] == ['--fault'] and len(args) > 1:
        if args[1] not in faults.FAULTS:
            sys.exit('convert.py: no fault %r (%s)' % (args[1], ', '.join(faults.FAULTS)))
        faults.apply(args[1])
        args = args[2:]
    if len(args) < 3:
        sys.exit(__doc__)
    source, outdir, names = args[0], args[1], args[2:]
    try:
        trace = load(source)
        for name in names:
            data = convert(trace, name)
            with open(os.path.join(outdir, name + '.dat'), 'wb') as f:
                f.write(data)
            ref, facts, opts = variants.expectation(trace, name)
            print(' '.join([name, ref, facts] + opts))
    except (ValueError, KeyError, IndexError, OSError, struct.error,
            subprocess.CalledProcessError) as err:
        print('convert.py: %s: %s' % (source, err), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

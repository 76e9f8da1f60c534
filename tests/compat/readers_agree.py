#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The assertions of readers_test.sh over the runs of its DIR (laid out as
verdict_matrix.py reads them): on every variant, each reader's run is
identical to or the same as its run on the original (verdict_matrix.py's
words), or a refusal the KNOWN list names; and the two readers end alike.
Prints one TAP-like line per variant and input; exit 1 when one fails.

    tests/compat/readers_agree.py DIR
"""
import os
import sys

from verdict_matrix import classify, read

# Refusals that are right, by reader and message: anything else fails.
KNOWN = (
    ('libtracecmd', 'cannot inflate zlib-compressed data',
     "Debian's libtracecmd 3.1.6 has no zlib: the default reader reads the file"),
    (None, 'no uname in the trace, and its architecture could be any of',
     'no uname and no kallsyms: nothing tells the architecture (--arch does)'),
)


def known(reader, message):
    for who, text, why in KNOWN:
        if (who is None or who == reader) and text in message:
            return why
    return None


def judge(dir, name, options):
    """(ok, text) of one variant of one input, both readers."""
    runs = {r: classify(dir, name, r, options) for r in ('fast', 'libtracecmd')}
    bad = []
    for reader, (kind, detail) in runs.items():
        if kind.startswith('identical') or kind.startswith('same'):
            continue
        why = known(reader, detail) if kind == 'refused' else None
        if not why:
            bad.append('%s: %s %s' % (reader, kind, detail))
    fast, ref = runs['fast'][0], runs['libtracecmd'][0]
    alike = fast.split()[0] == ref.split()[0] or (
        'refused' in (fast, ref) and known('libtracecmd', runs['libtracecmd'][1]))
    if not alike:
        bad.append('the readers differ: fast %s, libtracecmd %s' % (fast, ref))
    text = 'fast %s, libtracecmd %s' % (fast, ref)
    return not bad, text if not bad else '; '.join(bad)


def main(argv):
    root, failed, n = argv[1], 0, 0
    for input in sorted(os.listdir(root)):
        dir = os.path.join(root, input)
        for line in read(os.path.join(dir, 'checks')).splitlines():
            name, _, _, *options = line.split()
            good, text = judge(dir, name, options)
            n += 1
            failed += not good
            print('%-8s %s %s: %s' % ('ok' if good else 'FAILED ', input, name, text))
    print('%d variants, %d failed' % (n, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

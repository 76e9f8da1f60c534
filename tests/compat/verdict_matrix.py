#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The table of rvreplay_matrix.sh: for each variant and reader, how
rvreplay's runs on the variants compare with its runs on the originals.

    tests/compat/verdict_matrix.py DIR

DIR/INPUT/checks: convert.py's lines; DIR/INPUT/NAME.READER.{json,rc,err}:
`rvreplay --json`, DIR/INPUT/NAME.READER.{check,checkrc}: `rvreplay check`,
NAME 'original' for the input itself. Per input a run is:

  refused      exit 2 (or worse): its message
  identical    the same exit code and violations, byte for byte
  same         the same exit code and verdicts: monitor, task, prio, time,
               CPU, event, reason, atoms and states of every violation (the
               time and CPU as the variant moved them); texts that print
               cut values (event lines, addresses) may differ
  different    otherwise

and `rvreplay check` says the same (exit code and text, its first line
aside: the file's path, CPU count and trace.dat version).
"""
import json
import os
import sys

KEYS = ('monitor', 'pid', 'comm', 'prio', 'ts_ns', 'cpu', 'event', 'reason', 'reason_detail',
        'atoms', 'states_before')


def read(path, default=''):
    try:
        with open(path, errors='replace') as f:
            return f.read()
    except OSError:
        return default


def verdicts(report, options):
    """The key fields of each violation, time and CPU as in the original."""
    shift = [o for o in options if o.startswith('--shift=')]
    start, gap = map(int, shift[0].split('=')[1].split(':')) if shift else (None, 0)
    out = []
    for v in report['violations']:
        item = {k: v.get(k) for k in KEYS}
        if start is not None and item['ts_ns'] >= start + gap:
            item['ts_ns'] -= gap
        if '--cpu-gap' in options and item['cpu'] is not None:
            item['cpu'] //= 2
        out.append(item)
    return out


def classify(dir, name, reader, options):
    base = os.path.join(dir, '%s.%s' % (name, reader))
    orig = os.path.join(dir, 'original.%s' % reader)
    rc = read(base + '.rc').strip()
    if rc not in ('0', '1'):
        # the message without the folder: the same for every input
        return 'refused', read(base + '.err').strip().split('\n')[0].replace(dir + '/', '')
    if rc != read(orig + '.rc').strip():
        return 'different', 'exit %s, the original %s' % (rc, read(orig + '.rc').strip())
    mine, theirs = json.loads(read(base + '.json')), json.loads(read(orig + '.json'))
    # check's first line describes the file (path, CPUs, trace.dat version)
    check = read(base + '.check').split('\n')[1:]
    check_same = (read(base + '.checkrc') == read(orig + '.checkrc') and
                  check == read(orig + '.check').split('\n')[1:])
    note = '' if check_same else ' (check differs)'
    if mine['violations'] == theirs['violations']:
        return 'identical' + note, ''
    if verdicts(mine, options) == verdicts(theirs, []):
        return 'same' + note, ''
    return 'different' + note, '%d violations, the original %d' % (
        len(mine['violations']), len(theirs['violations']))


def main(argv):
    root = argv[1]
    table = {}
    for input in sorted(os.listdir(root)):
        dir = os.path.join(root, input)
        if not os.path.isdir(dir):
            continue
        for line in read(os.path.join(dir, 'checks')).splitlines():
            name, _, _, *options = line.split()
            for reader in ('fast', 'libtracecmd'):
                kind, detail = classify(dir, name, reader, options)
                table.setdefault((name, reader), []).append((input, kind, detail))
    print('| variant | reader | result |')
    print('|---|---|---|')
    for (name, reader), runs in table.items():
        kinds = {}
        for input, kind, detail in runs:
            kinds.setdefault(kind, []).append((input, detail))
        cells = []
        for kind, items in sorted(kinds.items()):
            cell = '%s %d/%d' % (kind, len(items), len(runs))
            details = sorted({d for _, d in items if d})
            if details:
                cell += ': ' + '; '.join('`%s`' % d for d in details[:2])
            if kind != 'identical' and kind != 'same' and len(items) < len(runs):
                cell += ' (%s)' % ', '.join(i for i, _ in items)
            cells.append(cell)
        print('| %s | %s | %s |' % (name, reader, '<br>'.join(cells)))


if __name__ == '__main__':
    main(sys.argv)

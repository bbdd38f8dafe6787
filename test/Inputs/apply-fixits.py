#!/usr/bin/env python3
"""Applies clang's parseable fix-its (fix-it:"FILE":{L:C-L:C}:"TEXT", one per
line of standard input; other lines are ignored) that name FILE to FILE's
text and writes the result to standard output. Fails when no fix-it names
FILE, so that a test of "the fix-it applied" cannot pass without one."""
import os
import re
import sys

FIXIT = re.compile(r'^fix-it:"((?:[^"\\]|\\.)*)":\{(\d+):(\d+)-(\d+):(\d+)\}:"((?:[^"\\]|\\.)*)"$')


def unescape(text):
    return re.sub(r'\\(.)', r'\1', text)


def main():
    path = sys.argv[1]
    edits = []
    for line in sys.stdin:
        m = FIXIT.match(line.rstrip('\n'))
        if m and os.path.realpath(unescape(m.group(1))) == os.path.realpath(path):
            l1, c1, l2, c2 = (int(m.group(i)) for i in range(2, 6))
            if l1 != l2:
                sys.exit('apply-fixits: a fix-it across lines: ' + line)
            edits.append((l1, c1, c2, unescape(m.group(6))))
    if not edits:
        sys.exit('apply-fixits: no fix-it for ' + path)
    lines = open(path).read().split('\n')
    for l, c1, c2, text in sorted(edits, reverse=True):
        s = lines[l - 1]
        lines[l - 1] = s[:c1 - 1] + text + s[c2 - 1:]
    sys.stdout.write('\n'.join(lines))


main()

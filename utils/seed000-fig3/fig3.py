#!/usr/bin/env python3
"""Seed 000 Fig. 3: the column copy's L1 miss rate on fermi-gtx470 for
HEIGHT 32..1024, as the profiler counts it (latency misses left out, seed 000
section 6.1), next to the miss rates the paper measured on a GTX 470.

usage: fig3.py GPURD-ADVISE [EXTRA-OPTION ...]
  e.g. fig3.py build/bin/gpurd-advise --clock=cycles --set l1.requestsPerCycle=1
"""
import json
import os
import subprocess
import sys

MEASURED = {32: 3.13, 64: 3.77, 128: 32.71, 256: 42.05, 512: 67.20,
            1024: 82.28}
KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      'colcopy.cu')


def cache_model(report):
    if isinstance(report, dict):
        if 'cache_model' in report:
            return report['cache_model']
        report = list(report.values())
    if isinstance(report, list):
        for item in report:
            found = cache_model(item)
            if found:
                return found
    return None


def miss_rate(gpurd, height, extra):
    out = subprocess.run(
        [gpurd, KERNEL, '--arch', 'fermi-gtx470', '--format=json'] + extra +
        ['--', '-DHEIGHT=%d' % height],
        capture_output=True, text=True, check=True).stdout
    l1 = cache_model(json.loads(out))['l1']
    misses = sum(n for kind, n in l1['read_misses'].items()
                 if kind != 'latency')
    return 100.0 * misses / l1['read_requests']


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    gpurd, extra = sys.argv[1], sys.argv[2:]
    errors = []
    print('HEIGHT measured model')
    for height, measured in sorted(MEASURED.items()):
        model = miss_rate(gpurd, height, extra)
        errors.append(abs(model - measured))
        print('%6d %7.2f%% %6.2f%%' % (height, measured, model))
    print('mean absolute error %.2f points' % (sum(errors) / len(errors)))


if __name__ == '__main__':
    main()

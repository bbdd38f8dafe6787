#!/usr/bin/env python3
"""measure-suites.py - run gpurd-advise's default action over CUDA programs
and tabulate, per file and kernel, what a new user gets with no options.

Usage:
  utils/measure-suites.py [options] DIR [-- CLANG-FLAGS...]
  utils/measure-suites.py [options] --suites utils/public-suites.json --root R

Every entry file under DIR (a .cu file that no other file of the suite
#includes) is run twice:
  gpurd-advise --list-kernels --format=json FILE -- FLAGS   (the kernels)
  gpurd-advise --format=json FILE -- FLAGS                  (the default action)
each under a timeout and /usr/bin/time (peak memory).  A file "parses" when
the listing succeeds and the default action reports no error for the file as
a whole.  Each kernel of the listing is then one of:
  exact        a launch of it has a cache report and no stated assumption
  assumed      a launch of it has a cache report that rests on assumptions
  needs-values its launch configuration is incomplete (the values are listed)
  error        another error names it
  silent       no report and no message (a bug: gpurd must never be silent)
and the file may have crashed (signal, stack dump) or timed out.

The summary is a Markdown table per suite; --details writes one row per
kernel (TSV).  A suites file gives per suite its directory, the flags of
its build (its Makefiles' -I and -D) and, under "per_path", extra flags for
files whose path contains a key (a benchmark's own include directory).
Flags may use {root}, {utils} (this directory: stand-ins for configure-
generated headers) and {dir} (the file's directory); every file also gets
-I{dir}.
"""

import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

INCLUDE_CU = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+\.(?:cu|cuh\.cu))[>"]',
                        re.MULTILINE)
KERNEL_ERROR = re.compile(r"error: kernel '([^']+)'[: ] *(.*)")


def entryFiles(directory):
    """The .cu files under DIRECTORY that no file of the tree #includes."""
    sources, included = [], set()
    for base, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(base, name)
            if name.endswith('.cu'):
                sources.append(path)
            if os.path.splitext(name)[1] in ('.cu', '.cuh', '.h', '.hpp',
                                              '.c', '.cpp', '.cc', '.inc'):
                try:
                    with open(path, errors='replace') as f:
                        for inc in INCLUDE_CU.findall(f.read()):
                            included.add(os.path.basename(inc))
                except OSError:
                    pass
    return sorted(p for p in sources if os.path.basename(p) not in included)


def runTool(cmd, timeout):
    """Runs CMD under /usr/bin/time; returns (rc, stdout, stderr, secs, kb)."""
    with tempfile.NamedTemporaryFile(mode='r', suffix='.time') as t:
        full = ['/usr/bin/time', '-f', '%M', '-o', t.name] + cmd
        start = time.monotonic()
        # A session of its own, so that a timeout stops gpurd-advise too and
        # not only /usr/bin/time.
        p = subprocess.Popen(full, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             errors='replace', start_new_session=True)
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return None, '', '', timeout, 0
        secs = time.monotonic() - start
        text = t.read().strip().splitlines()
        kb = int(text[-1]) if text and text[-1].isdigit() else 0
        # /usr/bin/time reports a signal as "Command terminated by signal N".
        rc = p.returncode
        if any('terminated by signal' in line for line in text):
            rc = -1
        return rc, out, err, secs, kb


def crashed(rc, stderr):
    return rc is not None and (rc < 0 or rc > 1 or 'Stack dump' in stderr or
                               'PLEASE submit a bug report' in stderr)


def kernelErrors(stderr):
    """Maps kernel name -> (kind, detail) from the default action's stderr."""
    errors, current = {}, None
    for line in stderr.splitlines():
        m = KERNEL_ERROR.search(line)
        if m:
            name, message = m.group(1), m.group(2)
            kind = ('needs-values' if 'launch configuration is incomplete'
                    in message else 'error')
            current = name
            errors.setdefault(name, [kind, message])
            continue
        if current and line.startswith('  ') and current in errors:
            if errors[current][0] == 'needs-values':
                errors[current][1] += ' | ' + line.strip()
            continue
        current = None
    return errors


def fileErrors(stderr):
    """Error lines that do not name a kernel (the file as a whole)."""
    out = []
    for line in stderr.splitlines():
        if (': error: ' in line or ': fatal error: ' in line or
                line.startswith('gpurd-advise: error:')):
            if not KERNEL_ERROR.search(line):
                out.append(line.strip())
    return out


def measureFile(tool, path, flags, timeout):
    d = os.path.dirname(os.path.abspath(path))
    flags = [f.replace('{dir}', d) for f in flags] + ['-I' + d]
    result = {'file': path, 'kernels': [], 'status': 'ok', 'detail': '',
              'secs': 0.0, 'kb': 0}
    rc, out, err, secs, kb = runTool(
        [tool, '--list-kernels', '--format=json', path, '--'] + flags, timeout)
    result['secs'], result['kb'] = secs, kb
    if rc is None:
        result['status'] = 'timeout'
        return result
    if crashed(rc, err):
        result['status'], result['detail'] = 'crash', err.strip()[-300:]
        return result
    try:
        files = json.loads(out)['files']
        kernels = [k['name'] for f in files for k in f.get('kernels', [])]
        if not files or 'kernels' not in files[0]:
            raise ValueError('no listing')
    except (ValueError, KeyError, IndexError):
        result['status'] = 'parse-error'
        result['detail'] = ' / '.join(fileErrors(err)[:2]) or err.strip()[:300]
        return result
    rc, out, err, secs2, kb2 = runTool(
        [tool, '--format=json', path, '--'] + flags, timeout)
    result['secs'] += secs2
    result['kb'] = max(kb, kb2)
    if rc is None:
        result['status'] = 'timeout'
    elif crashed(rc, err):
        result['status'], result['detail'] = 'crash', err.strip()[-300:]
    reports = {}
    try:
        for f in json.loads(out)['files']:
            for launch in f.get('launches', []):
                if 'cache_model' in launch:
                    assumed = bool(launch.get('assumptions'))
                    prev = reports.get(launch['kernel'])
                    reports[launch['kernel']] = (
                        'exact' if prev == 'exact' or not assumed else 'assumed')
            if len(f) == 1 and result['status'] == 'ok':
                result['status'] = 'parse-error'
                result['detail'] = ' / '.join(fileErrors(err)[:2])
    except (ValueError, KeyError):
        if result['status'] == 'ok':
            result['status'] = 'error'
            result['detail'] = err.strip()[:300]
    errors = kernelErrors(err)
    for name in kernels:
        if name in reports:
            result['kernels'].append((name, reports[name], ''))
        elif name in errors:
            result['kernels'].append((name, errors[name][0], errors[name][1]))
        elif result['status'] in ('timeout', 'crash'):
            result['kernels'].append((name, result['status'], ''))
        else:
            result['kernels'].append((name, 'silent', ''))
    return result


KINDS = ['exact', 'assumed', 'needs-values', 'error', 'silent', 'crash',
         'timeout']


def summarise(name, results):
    files = len(results)
    parsed = sum(r['status'] in ('ok',) for r in results)
    counts = {k: 0 for k in KINDS}
    for r in results:
        for _, kind, _ in r['kernels']:
            counts[kind] += 1
    kernels = sum(counts.values())
    reported = counts['exact'] + counts['assumed']
    crashes = sum(r['status'] == 'crash' for r in results)
    timeouts = sum(r['status'] == 'timeout' for r in results)
    secs = max((r['secs'] for r in results), default=0)
    kb = max((r['kb'] for r in results), default=0)
    return [name, files, parsed, kernels, counts['exact'], counts['assumed'],
            counts['needs-values'], counts['error'], counts['silent'],
            reported, crashes, timeouts, '%.1f' % secs, kb // 1024]


HEADER = ['suite', 'entry files', 'parse', 'kernels', 'exact', 'assumed',
          'needs values', 'error', 'silent', 'reported', 'crash', 'timeout',
          'max s', 'max MB']


def pct(a, b):
    return '%.1f %%' % (100.0 * a / b) if b else '-'


def printTable(rows, out):
    out.write('| ' + ' | '.join(HEADER) + ' |\n')
    out.write('|' + '---|' * len(HEADER) + '\n')
    total = ['**total**'] + [0] * (len(HEADER) - 1)
    for row in rows:
        out.write('| ' + ' | '.join(str(c) for c in row) + ' |\n')
        for i in range(1, len(row)):
            if i in (12,):
                total[i] = max(float(total[i]), float(row[i]))
            elif i == 13:
                total[i] = max(total[i], row[i])
            else:
                total[i] += row[i]
    total[12] = '%.1f' % float(total[12])
    out.write('| ' + ' | '.join(str(c) for c in total) + ' |\n\n')
    out.write('Entry files that parse: %d of %d (%s). Kernels with a report: '
              '%d of %d (%s: %d exactly, %d under stated assumptions).\n' %
              (total[2], total[1], pct(total[2], total[1]), total[9], total[3],
               pct(total[9], total[3]), total[4], total[5]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dir', nargs='?', help='directory of CUDA programs')
    ap.add_argument('--gpurd', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bin',
        'gpurd-advise'))
    ap.add_argument('--suites', help='JSON file: {name: {dir, flags}}')
    ap.add_argument('--root', default='.', help='{root} in a suites file')
    ap.add_argument('--only', help='comma-separated suite names to run')
    ap.add_argument('--timeout', type=float, default=300)
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--details', help='write one TSV row per kernel here')
    argv = sys.argv[1:]
    flags = []
    if '--' in argv:
        i = argv.index('--')
        argv, flags = argv[:i], argv[i + 1:]
    args = ap.parse_args(argv)
    if args.suites:
        with open(args.suites) as f:
            spec = json.load(f)
        utils = os.path.dirname(os.path.abspath(__file__))

        def expand(flags):
            return [x.replace('{root}', args.root).replace('{utils}', utils)
                    for x in flags]
        suites = [(n, os.path.join(args.root, s['dir']), expand(s.get(
            'flags', [])), {k: expand(v) for k, v in s.get('per_path',
                                                           {}).items()})
                  for n, s in spec.items()
                  if not args.only or n in args.only.split(',')]
    elif args.dir:
        suites = [(os.path.basename(os.path.normpath(args.dir)), args.dir,
                   flags, {})]
    else:
        ap.error('give a DIR or --suites FILE')
    rows, detail = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, directory, suiteFlags, perPath in suites:
            if not os.path.isdir(directory):
                sys.exit('measure-suites.py: error: no directory %s for suite '
                         '%s (see docs/real-programs.md for how to get it)' %
                         (directory, name))
            files = entryFiles(directory)
            def flagsFor(path):
                extra = [f for key, fs in sorted(perPath.items())
                         if key in path for f in fs]
                return suiteFlags + extra
            results = list(pool.map(
                lambda p: measureFile(args.gpurd, p, flagsFor(p),
                                      args.timeout), files))
            rows.append(summarise(name, results))
            # Each suite's row as soon as it is done (the table follows).
            sys.stderr.write('| ' + ' | '.join(str(c) for c in rows[-1]) +
                             ' |\n')
            sys.stderr.flush()
            for r in results:
                rel = os.path.relpath(r['file'], args.root)
                if not r['kernels']:
                    detail.append([name, rel, r['status'], '', '', r['detail'],
                                   '%.1f' % r['secs'], str(r['kb'] // 1024)])
                for k, kind, why in r['kernels']:
                    detail.append([name, rel, r['status'], k, kind, why,
                                   '%.1f' % r['secs'], str(r['kb'] // 1024)])
    printTable(rows, sys.stdout)
    if args.details:
        with open(args.details, 'w') as f:
            f.write('suite\tfile\tfile status\tkernel\tkernel status\tdetail\t'
                    'secs\tMB\n')
            for row in detail:
                f.write('\t'.join(c.replace('\t', ' ').replace('\n', ' ')
                                  for c in row) + '\n')


if __name__ == '__main__':
    main()

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
each under a timeout (the default action: at least --timeout-per-kernel
seconds per kernel the listing names) and /usr/bin/time (peak memory).  A file "parses" when
the listing succeeds and the default action reports no error for the file as
a whole.  Each kernel of the listing is then one of:
  exact        a launch of it has a cache report and no stated assumption
  assumed      a launch of it has a cache report that rests on assumptions
  needs-values its launch configuration is incomplete (the values are listed)
  needs-contents  an error says that its addresses depend on the contents
               of arrays that have no buffer (--buffer: by the design of
               issue 11, item 3)
  error        another error names it
  silent       no report and no message (a bug: gpurd must never be silent)
and the file may have crashed (signal, stack dump) or timed out.

The summary is a Markdown table per suite; --details writes one row per
kernel (TSV); --outputs keeps each file's default-action JSON (its
findings, to read).  A suites file gives per suite its directory, the flags of
its build (its Makefiles' -I and -D) and, under "per_path", extra flags for
files whose path contains a key (a benchmark's own include directory).
Flags may use {root}, {utils} (this directory: stand-ins for configure-
generated headers) and {dir} (the file's directory); every file also gets
-I{dir}.
"""

import argparse
import csv
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


def errorKind(message):
    """The kind of a kernel's error message."""
    if 'launch configuration is incomplete' in message:
        return 'needs-values'
    if 'depend on the contents of' in message:
        return 'needs-contents'
    return 'error'


def kernelErrors(stderr):
    """Maps kernel name -> (kind, detail) from the default action's stderr."""
    errors, current = {}, None
    for line in stderr.splitlines():
        m = KERNEL_ERROR.search(line)
        if m:
            name, message = m.group(1), m.group(2)
            kind = errorKind(message)
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


def measureFile(tool, path, flags, timeout, perKernel=0.0, keep=None):
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
    # A file of many kernels (213 template instances) is not hung when it
    # takes longer than one of a few: its limit grows with its kernels.
    rc, out, err, secs2, kb2 = runTool(
        [tool, '--format=json', path, '--'] + flags,
        max(timeout, perKernel * len(kernels)))
    result['secs'] += secs2
    result['kb'] = max(kb, kb2)
    if keep:
        os.makedirs(os.path.dirname(keep), exist_ok=True)
        with open(keep, 'w') as f:
            f.write(out)
    if rc is None:
        result['status'] = 'timeout'
    elif crashed(rc, err):
        result['status'], result['detail'] = 'crash', err.strip()[-300:]
    reports, launchErrors = {}, {}
    try:
        for f in json.loads(out)['files']:
            for launch in f.get('launches', []):
                if 'error' in launch:
                    launchErrors.setdefault(launch['kernel'], launch['error'])
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
    for name, message in launchErrors.items():
        errors.setdefault(name, [errorKind(message), message])
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


KINDS = ['exact', 'assumed', 'needs-values', 'needs-contents', 'error',
         'silent', 'crash', 'timeout']

HEADER = ['suite', 'entry files', 'excluded', 'parse', 'kernels', 'exact',
          'assumed', 'needs values', 'needs contents', 'error', 'silent',
          'reported', 'crash',
          'timeout', 'max s', 'max MB']


def summarise(name, results):
    """One row of the table (a dict by HEADER) for a suite's results."""
    measured = [r for r in results if r['status'] != 'excluded']
    counts = {k: 0 for k in KINDS}
    for r in measured:
        for _, kind, _ in r['kernels']:
            counts[kind] += 1
    return {
        'suite': name,
        'entry files': len(measured),
        'excluded': len(results) - len(measured),
        'parse': sum(r['status'] == 'ok' for r in measured),
        'kernels': sum(counts.values()),
        'exact': counts['exact'], 'assumed': counts['assumed'],
        'needs values': counts['needs-values'],
        'needs contents': counts['needs-contents'], 'error': counts['error'],
        'silent': counts['silent'],
        'reported': counts['exact'] + counts['assumed'],
        'crash': sum(r['status'] == 'crash' for r in measured),
        'timeout': sum(r['status'] == 'timeout' for r in measured),
        'max s': max((r['secs'] for r in measured), default=0.0),
        'max MB': max((r['kb'] for r in measured), default=0) // 1024}


def rowText(row):
    return '| ' + ' | '.join('%.1f' % row[c] if c == 'max s' else str(row[c])
                             for c in HEADER) + ' |\n'


def pct(a, b):
    return '%.1f %%' % (100.0 * a / b) if b else '-'


def printTable(rows, out):
    out.write('| ' + ' | '.join(HEADER) + ' |\n')
    out.write('|' + '---|' * len(HEADER) + '\n')
    total = {'suite': '**total**'}
    for c in HEADER[1:]:
        values = [row[c] for row in rows]
        total[c] = max(values, default=0) if c.startswith('max') else sum(values)
    for row in rows + [total]:
        out.write(rowText(row))
    out.write('\nEntry files that parse: %d of %d (%s; %d more excluded, see '
              'the suites file). Kernels with a report: %d of %d (%s: %d '
              'exactly, %d under stated assumptions).\n' %
              (total['parse'], total['entry files'],
               pct(total['parse'], total['entry files']), total['excluded'],
               total['reported'], total['kernels'],
               pct(total['reported'], total['kernels']), total['exact'],
               total['assumed']))
    others = total['kernels'] - total['needs contents']
    out.write('Without the %d kernels whose addresses depend on the contents '
              'of arrays that have no buffer: %d of %d (%s).\n' %
              (total['needs contents'], total['reported'], others,
               pct(total['reported'], others)))


def writeDetails(out, name, results, root):
    """One TSV row per kernel (or per file without kernels), flushed."""
    for r in results:
        rel = os.path.relpath(r['file'], root)
        rows = [(k, kind, why) for k, kind, why in r['kernels']] or \
            [('', '', r['detail'])]
        for k, kind, why in rows:
            cells = [name, rel, r['status'], k, kind, why, '%.1f' % r['secs'],
                     str(r['kb'] // 1024)]
            out.write('\t'.join(c.replace('\t', ' ').replace('\n', ' ')
                                for c in cells) + '\n')
    out.flush()


def readDetails(path):
    """The per-suite results of a --details file, in its order, with each
    error kernel classified again (errorKind)."""
    suites = {}
    with open(path) as f:
        rows = list(csv.DictReader(f, delimiter='\t'))
    for row in rows:
        files = suites.setdefault(row['suite'], {})
        result = files.setdefault(row['file'], {
            'file': row['file'], 'status': row['file status'], 'kernels': [],
            'secs': float(row['secs']), 'kb': int(row['MB']) * 1024,
            'detail': row['detail'] if not row['kernel'] else ''})
        if row['kernel']:
            kind = row['kernel status']
            if kind == 'error':
                kind = errorKind(row['detail'])
            result['kernels'].append((row['kernel'], kind, row['detail']))
    return [(name, list(files.values())) for name, files in suites.items()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dir', nargs='?', help='directory of CUDA programs')
    ap.add_argument('--gpurd', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bin',
        'gpurd-advise'))
    ap.add_argument('--suites', help='JSON file: {name: {dir, flags}}')
    ap.add_argument('--root', default='.', help='{root} in a suites file')
    ap.add_argument('--only', help='comma-separated suite names to run')
    ap.add_argument('--match', help='comma-separated substrings: run only the '
                    'entry files whose path holds one (to re-run a few)')
    ap.add_argument('--timeout', type=float, default=300,
                    help='seconds a run may take (the listing, and the '
                    'default action at least)')
    ap.add_argument('--timeout-per-kernel', type=float, default=10,
                    help="the default action's limit is the larger of "
                    '--timeout and this times the kernels the file lists')
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--details', help='write one TSV row per kernel here')
    ap.add_argument('--outputs', metavar='DIR',
                    help='keep each file\'s default-action JSON (its '
                    'findings) as DIR/SUITE/PATH.json')
    ap.add_argument('--tabulate', metavar='TSV',
                    help='print the table of an earlier run from its '
                    '--details file (kernels classified again) and exit')
    argv = sys.argv[1:]
    flags = []
    if '--' in argv:
        i = argv.index('--')
        argv, flags = argv[:i], argv[i + 1:]
    args = ap.parse_args(argv)
    if args.tabulate:
        printTable([summarise(name, results)
                    for name, results in readDetails(args.tabulate)],
                   sys.stdout)
        return
    if args.suites:
        with open(args.suites) as f:
            spec = json.load(f)
        utils = os.path.dirname(os.path.abspath(__file__))

        def expand(flags):
            return [x.replace('{root}', args.root).replace('{utils}', utils)
                    for x in flags]
        suites = [(n, os.path.join(args.root, s['dir']), expand(s.get(
            'flags', [])), {k: expand(v) for k, v in s.get('per_path',
                                                           {}).items()},
                   s.get('exclude', {}))
                  for n, s in spec.items()
                  if not args.only or n in args.only.split(',')]
    elif args.dir:
        suites = [(os.path.basename(os.path.normpath(args.dir)), args.dir,
                   flags, {}, {})]
    else:
        ap.error('give a DIR or --suites FILE')
    rows = []
    details = open(args.details, 'w') if args.details else None
    if details:
        details.write('suite\tfile\tfile status\tkernel\tkernel status\t'
                      'detail\tsecs\tMB\n')
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, directory, suiteFlags, perPath, exclude in suites:
            if not os.path.isdir(directory):
                sys.exit('measure-suites.py: error: no directory %s for suite '
                         '%s (see docs/real-programs.md for how to get it)' %
                         (directory, name))
            files = entryFiles(directory)
            if args.match:
                files = [f for f in files
                         if any(m in f for m in args.match.split(','))]
            def flagsFor(path):
                extra = [f for key, fs in sorted(perPath.items())
                         if key in path for f in fs]
                return suiteFlags + extra
            def run(path):
                for key, reason in sorted(exclude.items()):
                    if key in path:
                        return {'file': path, 'kernels': [], 'secs': 0.0,
                                'status': 'excluded', 'detail': reason,
                                'kb': 0}
                keep = None
                if args.outputs:
                    keep = os.path.join(args.outputs, name, os.path.relpath(
                        path, directory) + '.json')
                return measureFile(args.gpurd, path, flagsFor(path),
                                   args.timeout, args.timeout_per_kernel,
                                   keep)
            results = list(pool.map(run, files))
            rows.append(summarise(name, results))
            # Each suite's row as soon as it is done (the table follows).
            sys.stderr.write(rowText(rows[-1]))
            sys.stderr.flush()
            if details:
                writeDetails(details, name, results, args.root)
    printTable(rows, sys.stdout)
    if details:
        details.close()


if __name__ == '__main__':
    main()

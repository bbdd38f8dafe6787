#!/usr/bin/env python3
"""Validate SARIF logs with Microsoft's SARIF validator (SARIF Multitool).

    utils/validate-sarif.py [--rule-kind KINDS] LOG.sarif [LOG.sarif ...]

runs the Multitool's `validate` command on each log and prints every error and
warning it reports (`FILE(LINE,COL): warning SARIF2005: ...`), then one summary
line per log. The exit status is 0 when no log has an error or a warning, 1
when one has, 2 when the Multitool is missing or cannot run.

The Multitool is the npm package @microsoft/sarif-multitool, pinned in
utils/sarif-validator/package-lock.json and installed there by
utils/bootstrap.sh (`npm ci --prefix utils/sarif-validator`). Its Linux
package ships a self-contained .NET executable, which needs Debian's libicu72
and nothing from the network.

What is checked:
- `--level Error;Warning`: errors and warnings fail; notes (advice such as
  SARIF2002 "use message ids") are neither printed nor counted.
- `--rule-kind`: the rule sets run, `Sarif;Ghas` by default: the SARIF
  specification's rules (SARIF1xxx errors, SARIF2xxx warnings) and GitHub
  code scanning's (GH1xxx, GH2xxx: what GitHub Advanced Security needs).
  `--rule-kind Sarif` runs the specification's alone, as the Multitool does
  by default.
- SARIF2006 (UrisShouldBeReachable) is disabled: it resolves and fetches every
  URI in the log over the network, and the tests run without one. Its
  level is note, so it could not fail a log anyway.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.abspath(__file__))
PACKAGE_DIR = os.path.join(ROOT, 'sarif-validator')
INSTALL_STEP = 'npm ci --prefix utils/sarif-validator'

# The platform packages @microsoft/sarif-multitool depends on, and the
# executable in each.
EXECUTABLES = {
    'linux': ('sarif-multitool-linux', 'Sarif.Multitool'),
    'darwin': ('sarif-multitool-darwin', 'Sarif.Multitool'),
    'win32': ('sarif-multitool-win32', 'Sarif.Multitool.exe'),
}

DISABLED_RULE = 'SARIF2006'
CONFIG = """<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" Type="Driver.RuleEnabledState" />
  </Properties>
</Properties>
"""


def die(message):
    sys.stderr.write('validate-sarif.py: %s\n' % message)
    sys.exit(2)


def multitool():
    """The path of the Multitool's executable, or exit naming the install
    step."""
    platform = 'linux' if sys.platform.startswith('linux') else sys.platform
    if platform not in EXECUTABLES:
        die('no SARIF Multitool package for platform %s' % sys.platform)
    package, name = EXECUTABLES[platform]
    path = os.path.join(PACKAGE_DIR, 'node_modules', '@microsoft', package,
                        name)
    if not os.path.isfile(path):
        die('the SARIF Multitool is not installed (no %s): run `%s` from the '
            'repository root (utils/bootstrap.sh does)' %
            (os.path.relpath(path, os.path.dirname(ROOT)), INSTALL_STEP))
    if not os.access(path, os.X_OK):
        die('%s is not executable: reinstall with `%s`' % (path, INSTALL_STEP))
    return path


def console_findings(stdout, level_words=('error', 'warning')):
    """The Multitool's own lines about the log (`FILE(L,C): warning ID: ...`),
    without its banner and progress lines."""
    lines = []
    for line in stdout.splitlines():
        if line.startswith('SARIF.MULTITOOL :'):
            continue  # the tool's notifications, judged from the log below
        if any(': %s ' % word in line for word in level_words):
            lines.append(line)
    return lines


def validate(tool, config, log, rule_kinds, work):
    """Validates one log; returns (errors, warnings, lines to print)."""
    out = os.path.join(work, 'validation.sarif')
    if os.path.exists(out):
        os.remove(out)
    command = [tool, 'validate', os.path.abspath(log),
               '--config', config,
               '--level', 'Error;Warning',
               '--rule-kind', rule_kinds,
               '--output', out,
               '--log', 'ForceOverwrite']
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True,
                             timeout=300)
    except OSError as error:
        die('cannot run %s: %s' % (tool, error))
    if not os.path.isfile(out):
        sys.stdout.write(run.stdout)
        die('the SARIF Multitool wrote no result for %s (exit status %d)' %
            (log, run.returncode))
    with open(out, encoding='utf-8-sig') as f:
        report = json.load(f)

    errors = warnings = 0
    lines = console_findings(run.stdout)
    for result_run in report.get('runs', []):
        for result in result_run.get('results', []):
            level = result.get('level', 'warning')  # SARIF's default level
            if level == 'error':
                errors += 1
            elif level == 'warning':
                warnings += 1
        # The tool's own trouble (an unreadable file, a rule that crashed)
        # counts as an error; the notice that SARIF2006 is disabled does not.
        for invocation in result_run.get('invocations', []):
            for key in ('toolExecutionNotifications',
                        'toolConfigurationNotifications'):
                for note in invocation.get(key, []):
                    descriptor = note.get('descriptor', {}).get('id', '')
                    text = note.get('message', {}).get('text', '')
                    if (descriptor.startswith('WRN999') and
                            "'%s'" % DISABLED_RULE in text):
                        continue
                    level = note.get('level', 'warning')
                    if level not in ('error', 'warning'):
                        continue
                    lines.append('%s: %s %s: %s' %
                                 (log, level, descriptor, text))
                    if level == 'error':
                        errors += 1
                    else:
                        warnings += 1
            if not invocation.get('executionSuccessful', True) and not errors:
                lines.append('%s: error: the SARIF Multitool did not finish' %
                             log)
                errors += 1
    if (errors or warnings) and not lines:
        lines = run.stdout.splitlines()  # no line to point at: show it all
    return errors, warnings, lines


def main():
    parser = argparse.ArgumentParser(
        description='Validate SARIF logs with the SARIF Multitool; fail on '
        'any error or warning.')
    parser.add_argument('--rule-kind', default='Sarif;Ghas',
                        help="the Multitool's rule sets, ';'-separated "
                        '(Sarif, Ghas, GHAzDO, AI); default: %(default)s')
    parser.add_argument('logs', nargs='+', metavar='LOG.sarif')
    args = parser.parse_args()

    tool = multitool()
    failed = 0
    with tempfile.TemporaryDirectory(prefix='validate-sarif.') as work:
        config = os.path.join(work, 'validation.xml')
        with open(config, 'w', encoding='utf-8') as f:
            f.write(CONFIG)
        for log in args.logs:
            if not os.path.isfile(log):
                print('%s: error: no such file' % log)
                failed += 1
                continue
            errors, warnings, lines = validate(tool, config, log,
                                               args.rule_kind, work)
            for line in lines:
                print(line)
            print('%s: %d errors, %d warnings' % (log, errors, warnings))
            if errors or warnings:
                failed += 1
    print('%d logs valid, %d with errors or warnings' %
          (len(args.logs) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

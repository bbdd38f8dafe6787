#!/usr/bin/env python3
"""check-report.py: the --format=json report against docs/report.schema.json.

  check-report.py --run GPURD_ADVISE ARG...
      What `gpurd-advise` in a RUN line is (test/lit.cfg.py): runs
      GPURD_ADVISE with ARG... on the same standard input and standard error
      and exits with its status. When ARG... asks for a report (--format=json
      and none of the options that print something else) and the tool exits
      0, 1 or 2 with something on stdout, that is validated first: a valid
      report is passed through; of an invalid one nothing is (a FileCheck
      reading it fails even after `not`), the errors go to stderr and the
      exit status is 3.
  check-report.py FILE|-
      Validates one document: prints `valid report: N files`, or the errors
      (exit status 3).
  check-report.py --schema
      Checks the schema: valid under the 2020-12 meta-schema, and every
      "$ref" names a part of it.
"""
import json
import os
import subprocess
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'docs',
                      'report.schema.json')
INVALID = 3  # gpurd-advise itself exits 0, 1 or 2.
MAX_ERRORS = 20

# Options after which gpurd-advise prints no report even with --format=json:
# the architecture description (its own JSON, docs/arch-format.md), lists,
# help and version text.
NOT_A_REPORT = {'print-arch', 'list-archs', 'list-checks', 'version', 'help', 'help-hidden',
                'help-list', 'help-list-hidden'}


def asks_for_report(args):
    """Whether gpurd-advise ARGS prints a --format=json report (llvm::cl
    syntax: -opt or --opt, the value after '=' or as the next argument; the
    compiler flags after '--' are not gpurd's)."""
    output_format, other = 'text', False
    for i, arg in enumerate(args):
        if arg == '--':
            break
        if not arg.startswith('-'):
            continue
        name, equals, value = arg.lstrip('-').partition('=')
        if name == 'format':
            output_format = value if equals else (args[i + 1] if i + 1 < len(args) else '')
        elif name in NOT_A_REPORT:
            other = True
    return output_format == 'json' and not other


def load_schema():
    with open(SCHEMA) as f:
        return json.load(f)


def pointer(path):
    return '/' + '/'.join(str(part) for part in path)


def message(error, limit=300):
    """The error's message, with the schema's `"not": {}` (a field that must
    be absent in this case) said so, and cut to LIMIT characters."""
    if error.validator == 'not' and error.validator_value == {}:
        return 'present, but not allowed here'
    text = error.message
    return text if len(text) <= limit else text[:limit] + '...'


def import_jsonschema():
    """jsonschema, imported only when needed: most runs validate nothing.
    test/lit.cfg.py starts Python with -S, which saves the time of site's
    set-up; site.main() does it now to find the installed packages."""
    import site
    site.main()
    import jsonschema
    return jsonschema


def schema_errors(text):
    """The ways the document TEXT does not match the schema, one line each
    (with the alternatives of an anyOf or oneOf indented below it)."""
    jsonschema = import_jsonschema()
    try:
        document = json.loads(text)
    except ValueError as error:
        return ['not JSON: %s' % error]
    validator = jsonschema.Draft202012Validator(load_schema())
    lines = []
    for error in sorted(validator.iter_errors(document),
                        key=lambda e: (pointer(e.absolute_path), e.message)):
        lines.append('%s: %s' % (pointer(error.absolute_path), message(error)))
        for sub in sorted(error.context, key=lambda e: (pointer(e.absolute_path), e.message)):
            lines.append('    %s: %s' % (pointer(sub.absolute_path), message(sub)))
    return lines


def report_invalid(lines, what):
    sys.stderr.write('check-report: %s does not match docs/report.schema.json:\n' % what)
    for line in lines[:MAX_ERRORS]:
        sys.stderr.write('  %s\n' % line)
    if len(lines) > MAX_ERRORS:
        sys.stderr.write('  ... and %d more\n' % (len(lines) - MAX_ERRORS))
    sys.exit(INVALID)


def run(command):
    if not asks_for_report(command[1:]):
        os.execvp(command[0], command)  # Nothing to check: the tool itself.
    result = subprocess.run(command, stdout=subprocess.PIPE)
    if result.returncode in (0, 1, 2) and result.stdout:
        lines = schema_errors(result.stdout)
        if lines:
            report_invalid(lines, 'the report of gpurd-advise %s' % ' '.join(command[1:]))
    sys.stdout.buffer.write(result.stdout)
    sys.stdout.flush()
    # Killed by signal N: 128 + N, as a shell says it.
    sys.exit(result.returncode if result.returncode >= 0 else 128 - result.returncode)


def check_schema():
    jsonschema = import_jsonschema()
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)

    def refs(node):
        if isinstance(node, dict):
            if isinstance(node.get('$ref'), str):
                yield node['$ref']
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    for ref in refs(schema):
        target = schema if ref.startswith('#/') else None
        for part in ref.split('/')[1:]:
            target = target.get(part) if isinstance(target, dict) else None
        if target is None:
            sys.exit('check-report: "$ref": "%s" names nothing in the schema' % ref)
    print('valid JSON Schema 2020-12: %s' % schema['$id'])


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == '--run':
        run(sys.argv[2:])
    elif sys.argv[1:] == ['--schema']:
        check_schema()
    elif len(sys.argv) == 2:
        path = sys.argv[1]
        text = sys.stdin.read() if path == '-' else open(path).read()
        lines = schema_errors(text)
        if lines:
            report_invalid(lines, path)
        files = len(json.loads(text)['files'])
        print('valid report: %d file%s' % (files, '' if files == 1 else 's'))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()

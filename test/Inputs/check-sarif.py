#!/usr/bin/env python3
"""check-sarif.py LOG: validates a SARIF log (a file, or - for standard
input) against the OASIS SARIF 2.1.0 schema kept in test/Inputs/sarif/, and
checks what the schema cannot: each result's ruleIndex names its ruleId and
every region is 1-based. Prints `valid SARIF: N results` on success."""
import json
import os
import sys

import jsonschema

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, 'sarif', 'sarif-schema-2.1.0.json')) as f:
    schema = json.load(f)
text = sys.stdin.read() if sys.argv[1] == '-' else open(sys.argv[1]).read()
log = json.loads(text)
validator = jsonschema.Draft4Validator(schema)
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for error in errors:
    print('schema: %s at %s' % (error.message, '/'.join(map(str, error.path))))
if errors:
    sys.exit(1)
results = 0
for run in log['runs']:
    rules = run['tool']['driver'].get('rules', [])
    for result in run.get('results', []):
        results += 1
        index = result.get('ruleIndex')
        if index is not None and rules[index]['id'] != result['ruleId']:
            sys.exit('ruleIndex %d is %s, not %s' %
                     (index, rules[index]['id'], result['ruleId']))
        for location in result['locations'] + result.get('relatedLocations', []):
            region = location['physicalLocation']['region']
            if region['startLine'] < 1 or region.get('startColumn', 1) < 1:
                sys.exit('a region that is not 1-based: %s' % region)
print('valid SARIF: %d results' % results)

#!/usr/bin/env python3
"""expect-exit.py CODE COMMAND...: runs COMMAND, passes its output through,
and fails unless it exits with exactly CODE (lit's `not` only checks for
non-zero)."""
import subprocess
import sys

code = int(sys.argv[1])
result = subprocess.run(sys.argv[2:])
if result.returncode != code:
    sys.stderr.write(f"expect-exit: expected exit status {code}, got {result.returncode}\n")
    sys.exit(1)

#!/usr/bin/env bash
# run-differential-corpus.sh - the affine enumerator against the emulator on
# the whole corpus
#
# Usage: utils/run-differential-corpus.sh [BUILD_DIR] [gtest options...]
#
# Runs Differential.AffineEnumeratorEqualsEmulatorOnTheCorpus
# (unittests/Trace/DifferentialTest.cpp) with GPURD_FULL_CORPUS=1: every
# kernel of test/Inputs/corpus whose launch the source fixes and whose
# accesses are affine, rather than the subset the test suite (ctest) runs.
# Takes about 70 s of CPU (the test suite's subset: about 10 s).
# BUILD_DIR defaults to build/ at the top of the source tree.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
tests=$build/bin/TraceTests
if [ ! -x "$tests" ]; then
  echo "run-differential-corpus.sh: no $tests; build first (cmake --build $build)" >&2
  exit 2
fi
GPURD_FULL_CORPUS=1 exec "$tests" \
  --gtest_filter=Differential.AffineEnumeratorEqualsEmulatorOnTheCorpus "$@"

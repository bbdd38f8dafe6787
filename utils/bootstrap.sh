#!/usr/bin/env bash
# Set up, build and either run gpurd on a bundled example or run the tests.
#
#   bash utils/bootstrap.sh example   # install what is missing, build, run the examples
#   bash utils/bootstrap.sh test      # install what is missing, build, run the whole test suite,
#                                     # then the unit and lit tests under ASan and UBSan
#
# Dependencies come from Debian 12 packages only. BUILD_DIR (default: build)
# and JOBS (default: all cores) can be set in the environment.
set -euo pipefail

mode=${1:-}
case "$mode" in
  example|test) ;;
  *) echo "usage: bash utils/bootstrap.sh example|test" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc)}

# libegl-dev: the EGL headers test/Frontend/egl-interop.cu includes through the
# prelude's cudaEGL.h (the test is unsupported without them).
# libthrust-dev and libcub-dev (1.17) are not needed to build gpurd: gpurd
# parses CUDA files that include <thrust/...> against them (from the system
# include path), and the lit tests that do say `REQUIRES: thrust`.
# libeigen3-dev: the placement model's least-squares calibration (seed 002
# Eq. 11, lib/Model/Placement/Calibration.cpp).
# python3-jsonschema: the lit tests validate --format=sarif output against the
# OASIS SARIF 2.1.0 schema (test/Inputs/sarif/), and every --format=json report
# against docs/report.schema.json (test/Inputs/check-report.py).
# libicu72: Microsoft's SARIF validator (a .NET executable from npm, below)
# loads it; the lit tests validate gpurd's SARIF logs with it.
# clangd-19: gpurd-lsp starts the real clangd and passes its messages through
# (docs/editors.md); the lit tests run an editor's session against both.
packages=(g++ cmake ninja-build pkg-config python3 llvm-19-dev libclang-19-dev clang-19
          llvm-19-tools libisl-dev nlohmann-json3-dev libgtest-dev libbenchmark-dev valgrind
          libegl-dev libthrust-dev libcub-dev python3-jsonschema libeigen3-dev clangd-19
          libicu72)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
# Debian's nodejs and npm, unless an npm is there already (NodeSource's
# nodejs conflicts with Debian's npm).
command -v npm >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "gpurd: installing ${missing[*]}"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Microsoft's SARIF validator, pinned in its lockfile, from the npm registry
# (utils/validate-sarif.py; docs/sarif.md#validation).
validator=$root/utils/sarif-validator
if [ ! -f "$validator/node_modules/.package-lock.json" ] ||
   [ "$validator/package-lock.json" -nt "$validator/node_modules/.package-lock.json" ]; then
  npm ci --prefix "$validator" --no-audit --no-fund
  chmod u+x "$validator/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}"
cmake --build "$build" -j "$jobs"

if [ "$mode" = example ]; then
  "$build/bin/gpurd-advise" "$root/examples/transpose.cu" \
    "$root/examples/matmul.cu" --
  exit 0
fi

(cd "$build" && ctest --output-on-failure -j "$jobs")

# The unit and lit tests again under AddressSanitizer and UBSan (any UB is an
# error), in a build of their own; the slowest cases ran above and are left
# out here (ctest label `slow`, lit `UNSUPPORTED: sanitizer`), and so are the
# valgrind and layering checks, which say nothing new under a sanitizer, and
# the advice benchmark (label `advice`: a score, which the first pass held).
# GPURD_SANITIZERS=0 skips this part.
if [ "${GPURD_SANITIZERS:-1}" != 0 ]; then
  sanitize=${SANITIZE_BUILD_DIR:-$build-sanitize}
  cmake -S "$root" -B "$sanitize" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DGPURD_SANITIZE=ON "${launcher[@]}"
  cmake --build "$sanitize" -j "$jobs"
  symbolizer=$(command -v llvm-symbolizer-19 || true)
  (cd "$sanitize" &&
    ASAN_SYMBOLIZER_PATH=$symbolizer UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --output-on-failure -j "$jobs" -LE 'slow|leaks|layering|advice')
fi

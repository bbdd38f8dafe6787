#!/usr/bin/env bash
# check-prelude.sh - parse .cu files with gpurd's CUDA prelude, host and device
#
# Usage: utils/check-prelude.sh [options] [FILES or DIRS...]
#
# Each .cu file (directories are searched recursively) is parsed twice with
#   clang -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -fsyntax-only
#         -isystem lib/Frontend/prelude -include gpurd_cuda_prelude.h -I<file's dir>
# once with --cuda-host-only and once with --cuda-device-only.  A file passes
# when neither run reports an error.  Failures are listed with their first
# error lines; the last line is "N passed, N failed".
#
# Options:
#   -I DIR, -D NAME[=V], -include FILE, -std=...   passed on to clang
#   --arch sm_XX        GPU architecture (default sm_70)
#   --codegen           device run compiles to optimised LLVM IR (-O1) instead
#                       of -fsyntax-only, as gpurd's Access stage does
#   --mode host|device|both   which runs to do (default both)
#   -j N                files checked in parallel (default: number of CPUs)
#   --errors N          error lines shown per failing run (default 3)
#   --warnings          also count warnings (printed per file, summary total)
#   -q                  list only the summary and failing file names
# Environment: CLANG (default: clang-19 on the PATH), PRELUDE_DIR.
# With no FILES, checks test/Inputs/corpus.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
clang=${CLANG:-$(command -v clang-19 || echo clang)}
prelude=${PRELUDE_DIR:-$root/lib/Frontend/prelude}
arch=sm_70
codegen=0
mode=both
jobs=$(nproc 2>/dev/null || echo 2)
nerr=3
warnings=0
quiet=0
extra=()
inputs=()

while [ $# -gt 0 ]; do
  case $1 in
    -I|-D|-include|-isystem) extra+=("$1" "$2"); shift 2 ;;
    -I*|-D*|-U*|-std=*|-W*|-f*) extra+=("$1"); shift ;;
    --arch) arch=$2; shift 2 ;;
    --codegen) codegen=1; shift ;;
    --mode) mode=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --errors) nerr=$2; shift 2 ;;
    --warnings) warnings=1; shift ;;
    -q) quiet=1; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; inputs+=("$@"); break ;;
    -*) echo "check-prelude.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -eq 0 ] && inputs=("$root/test/Inputs/corpus")

if [ ! -x "$clang" ]; then
  echo "check-prelude.sh: clang not found at '$clang' (set CLANG)" >&2; exit 2
fi
if [ ! -f "$prelude/gpurd_cuda_prelude.h" ]; then
  echo "check-prelude.sh: no gpurd_cuda_prelude.h in '$prelude'" >&2; exit 2
fi

files=()
for in in "${inputs[@]}"; do
  if [ -d "$in" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$in" -name '*.cu' -type f | LC_ALL=C sort)
  elif [ -f "$in" ]; then
    files+=("$in")
  else
    echo "check-prelude.sh: no such file or directory '$in'" >&2; exit 2
  fi
done
if [ ${#files[@]} -eq 0 ]; then
  echo "check-prelude.sh: no .cu files found" >&2; exit 2
fi

# The flags gpurd's Frontend uses.  --cuda-path points nowhere so that the
# result does not depend on a locally installed CUDA; --cuda-feature gives the
# device side the PTX version the *_sync intrinsics need.
# __CUDA_ARCH_LIST__ as nvcc 11.5+ defines it (sm_80 -> 800).
archnum=${arch#sm_}; archnum=${archnum%%[!0-9]*}
base=(-x cuda -nocudainc -nocudalib "--cuda-gpu-arch=$arch"
      --cuda-path=/nonexistent/gpurd-no-cuda -Wno-unknown-cuda-version
      "-D__CUDA_ARCH_LIST__=${archnum}0"
      -isystem "$prelude" -include gpurd_cuda_prelude.h)

work=$(mktemp -d "${TMPDIR:-/tmp}/check-prelude.XXXXXX")
trap 'rm -rf "$work"' EXIT

# check_one INDEX FILE: writes $work/INDEX.{result,log}
check_one() {
  local idx=$1 f=$2 dir result=pass m out flags
  dir=$(dirname "$f")
  : > "$work/$idx.log"
  local runs=()
  [ "$mode" != device ] && runs+=(host)
  [ "$mode" != host ] && runs+=(device)
  for m in "${runs[@]}"; do
    if [ $m = host ]; then
      flags=(--cuda-host-only -fsyntax-only)
    elif [ $codegen = 1 ]; then
      flags=(--cuda-device-only --cuda-feature=+ptx80 -S -emit-llvm -O1 -o /dev/null)
    else
      flags=(--cuda-device-only --cuda-feature=+ptx80 -fsyntax-only)
    fi
    out=$("$clang" "${base[@]}" "${flags[@]}" -I "$dir" "${extra[@]+"${extra[@]}"}" "$f" 2>&1)
    local status=$?
    if [ $status -ne 0 ] || grep -q ' error: ' <<<"$out"; then
      result=fail
      echo "$m" >> "$work/$idx.failmodes"
      { echo "  [$m]"; grep -E '(fatal )?error: ' <<<"$out" | head -n "$nerr" | sed 's/^/    /'; } >> "$work/$idx.log"
    fi
    if [ $warnings = 1 ]; then
      local w
      w=$(grep -c ' warning: ' <<<"$out")
      echo "$w" >> "$work/$idx.warn"
      if [ "$w" -gt 0 ]; then
        { echo "  [$m] $w warning(s)"; grep ' warning: ' <<<"$out" | sort -u | head -n "$nerr" | sed 's/^/    /'; } >> "$work/$idx.wlog"
      fi
    fi
  done
  echo $result > "$work/$idx.result"
}
export -f check_one
export work mode codegen nerr warnings clang
# Arrays cannot be exported; pass them through a NUL-separated file.
printf '%s\0' "${base[@]}" > "$work/base"
printf '%s\0' "${extra[@]+"${extra[@]}"}" > "$work/extra"

i=0
for f in "${files[@]}"; do
  printf '%s\0%s\0' "$i" "$f"
  i=$((i + 1))
done | xargs -0 -n 2 -P "$jobs" bash -c '
  mapfile -d "" base < "$work/base"
  mapfile -d "" extra < "$work/extra"
  check_one "$1" "$2"' _

passed=0; failed=0; hostfail=0; devfail=0; wtotal=0
i=0
for f in "${files[@]}"; do
  r=$(cat "$work/$i.result" 2>/dev/null || echo fail)
  if [ "$r" = pass ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    grep -qx host "$work/$i.failmodes" 2>/dev/null && hostfail=$((hostfail + 1))
    grep -qx device "$work/$i.failmodes" 2>/dev/null && devfail=$((devfail + 1))
    echo "FAIL: $f"
    [ $quiet = 0 ] && cat "$work/$i.log"
  fi
  if [ $warnings = 1 ] && [ -f "$work/$i.warn" ]; then
    while read -r w; do wtotal=$((wtotal + w)); done < "$work/$i.warn"
    if [ $quiet = 0 ] && [ -f "$work/$i.wlog" ]; then echo "WARN: $f"; cat "$work/$i.wlog"; fi
  fi
  i=$((i + 1))
done
echo "host failures: $hostfail, device failures: $devfail (of ${#files[@]} files)"
[ $warnings = 1 ] && echo "warnings: $wtotal"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

# -*- Python -*-
import os
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "gpurd"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".cu", ".test", ".json"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gpurd_obj_root, "test")

# FileCheck, not, count from LLVM's tools.
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.gpurd_tools_dir, append_path=True)
# Deterministic messages regardless of the caller's terminal and locale.
llvm_config.with_environment("LC_ALL", "C")

# The interpreter of the Python helpers below, resolved once: the configured
# one may be a launcher (a pyenv shim takes half a second to start), and a
# helper starts for every gpurd-advise of every RUN line.
python = subprocess.run([config.python_executable, "-c", "import sys; print(sys.executable)"],
                        stdout=subprocess.PIPE, text=True).stdout.strip() or config.python_executable
# -S: check-report.py sets up site-packages itself, and only to validate.
check_report = python + " -S " + os.path.join(config.test_source_root, "Inputs", "check-report.py")

# `gpurd-advise` in a RUN line (also after `not`, `%expect-exit` or a pipe) is
# the tool run by check-report.py, which validates each --format=json report
# against docs/report.schema.json and fails the test on one that does not
# match; otherwise the tool's arguments, input, output and exit status are
# its own (docs/architecture.md#tests).
llvm_config.add_tool_substitutions(
    [ToolSubst("gpurd-advise", command=check_report + " --run " + os.path.join(config.gpurd_tools_dir, "gpurd-advise"))])
config.substitutions.append(("%check-report", check_report))
config.substitutions.append(("%expect-exit", python + " " + os.path.join(config.test_source_root, "Inputs", "expect-exit.py")))
config.substitutions.append(("%apply-fixits", python + " " + os.path.join(config.test_source_root, "Inputs", "apply-fixits.py")))
config.substitutions.append(("%check-sarif", python + " " + os.path.join(config.test_source_root, "Inputs", "check-sarif.py")))
config.substitutions.append(("%python", python))
config.substitutions.append(("%gpurd_build", config.gpurd_obj_root))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(config.gpurd_src_root, "examples")))
config.substitutions.append(("%arch_presets", os.path.join(config.gpurd_src_root, "share", "gpurd", "arch")))

# The real clangd gpurd-lsp starts (Debian's clangd-19, which
# utils/bootstrap.sh installs); the tests of its proxy mode say
# `REQUIRES: clangd`.
import shutil
clangd = shutil.which("clangd-19")
if clangd:
    config.available_features.add("clangd")
    config.substitutions.append(("%clangd", clangd))

# Microsoft's SARIF validator, which utils/bootstrap.sh installs from npm
# (utils/validate-sarif.py); the tests that run it say
# `REQUIRES: sarif-multitool`.
multitool = os.path.join(config.gpurd_src_root, "utils", "sarif-validator", "node_modules",
                         "@microsoft", "sarif-multitool-linux", "Sarif.Multitool")
if os.access(multitool, os.X_OK):
    config.available_features.add("sarif-multitool")
config.substitutions.append(("%validate-sarif", python + " " + os.path.join(
    config.gpurd_src_root, "utils", "validate-sarif.py")))

# A build with -DGPURD_SANITIZE=ON: the slowest cases run in the normal build
# only. Some say `UNSUPPORTED: sanitizer`; the others are the files that took
# 20 s or more each under the sanitizers on a 2-core machine (lit
# --time-tests, 2026-12-05: 52 of 215 files, 1964 of the 3162 s; the whole
# sanitized run took 28 minutes, near its CTest timeout, and CI's 90). They
# are left out of the sanitized run by name; every name is unique in test/.
SanitizerSlowTests = [
    "gemm-compiled-vs-source.cu", "launch-parameters.cu", "memory-spaces.cu",
    "polybench-2mm-3mm.cu", "polybench-atax-bicg-mvt.cu", "struct-params.cu",
    "vector-loads.cu", "assumed-block-shape.cu", "block-reshape.cu",
    "cache-capacity.cu", "constant-divergence.cu", "fail-on.cu", "nolint.cu",
    "placement-assumed-sizes.cu", "placement-calibrate.cu",
    "placement-gather-indirect.cu", "placement-gather.cu", "placement-matvec.cu",
    "placement-profile.cu", "placement-stencil.cu", "quick-sample.cu",
    "readonly-path.cu", "redundant-threads.cu", "sarif-multitool.test",
    "shared-bank-conflict.cu", "small-grid.cu", "tile-search.cu", "tile-size.cu",
    "uncoalesced-access.cu", "mdm-md-kernels.cu", "memory-divergence-check.cu",
    "advise-options.cu", "assumed-host-values.cu", "assumption-retry.cu",
    "assumptions.cu", "builds.test", "compile-commands.test", "guard-products.cu",
    "host-values-one-per-variable.cu", "launch-values.cu", "long-block-prefix.cu",
    "table-index-assumption.cu", "launch-api.cu", "launch-variants.cu",
    "wmma-precisions.cu", "cache-report.cu", "clock.cu", "seed-spread.cu",
    "config-file.cu", "emulate-default-buffers.cu", "emulate-random-indices.cu",
    "emulate-spmv-csr.cu"
]
if config.gpurd_sanitize.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizer")
    config.excludes += SanitizerSlowTests
# gpurd-lsp's workers run under an address-space limit (RLIMIT_AS), which
# AddressSanitizer's shadow memory cannot live within: the sanitized build's
# LSP tests run them without one.
sanitized = config.gpurd_sanitize.upper() in ("ON", "1", "TRUE", "YES")
config.substitutions.append(("%lsp-limits", "--memory-limit=0" if sanitized else ""))

# The system's EGL headers (Debian: libegl-dev), which cudaEGL.h and
# cuda_egl_interop.h include as CUDA's do.
if os.path.exists("/usr/include/EGL/egl.h"):
    config.available_features.add("egl")

# Thrust and CUB come from the system include path (Debian's libthrust-dev
# and libcub-dev, which utils/bootstrap.sh installs); tests that parse real
# Thrust code say `REQUIRES: thrust`.
if os.path.exists("/usr/include/thrust/version.h") and os.path.exists("/usr/include/cub/version.cuh"):
    config.available_features.add("thrust")

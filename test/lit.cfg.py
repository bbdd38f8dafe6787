# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

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
llvm_config.add_tool_substitutions(["gpurd-advise"], [config.gpurd_tools_dir])
config.substitutions.append(("%expect-exit", config.python_executable + " " + os.path.join(config.test_source_root, "Inputs", "expect-exit.py")))
config.substitutions.append(("%apply-fixits", config.python_executable + " " + os.path.join(config.test_source_root, "Inputs", "apply-fixits.py")))
config.substitutions.append(("%check-sarif", config.python_executable + " " + os.path.join(config.test_source_root, "Inputs", "check-sarif.py")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(config.gpurd_src_root, "examples")))
config.substitutions.append(("%arch_presets", os.path.join(config.gpurd_src_root, "share", "gpurd", "arch")))

# A build with -DGPURD_SANITIZE=ON: the slowest cases run in the normal build
# only (they say `UNSUPPORTED: sanitizer`).
if config.gpurd_sanitize.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizer")

# The system's EGL headers (Debian: libegl-dev), which cudaEGL.h and
# cuda_egl_interop.h include as CUDA's do.
if os.path.exists("/usr/include/EGL/egl.h"):
    config.available_features.add("egl")

# Thrust and CUB come from the system include path (Debian's libthrust-dev
# and libcub-dev, which utils/bootstrap.sh installs); tests that parse real
# Thrust code say `REQUIRES: thrust`.
if os.path.exists("/usr/include/thrust/version.h") and os.path.exists("/usr/include/cub/version.cuh"):
    config.available_features.add("thrust")

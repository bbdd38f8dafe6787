//===- CudaCompilationTest.cpp - Compile commands gpurd runs --------------===//

#include "gpurd/Frontend/CudaCompilation.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

using namespace gpurd;

namespace {

std::string joined(const std::vector<std::string> &args) {
  return llvm::join(args, " ");
}

TEST(CudaCompilation, ClangCommandGetsCudaFlagsAndKeepsTheFileLast) {
  CudaCompileOptions options;
  options.gpuArch = "sm_70";
  std::vector<std::string> out = adjustCudaCommandLine(
      {"clang++", "-x", "c++", "-Iinc", "--cuda-gpu-arch=sm_90", "-DN=4",
       "k.cu", "-fsyntax-only"},
      options);
  EXPECT_EQ(joined(out),
            "clang++ -x cuda -Wno-error=register -Wno-error=c++11-narrowing "
            "-Wno-error=reserved-user-defined-literal -Iinc -DN=4 "
            "-fsyntax-only -nocudainc -nocudalib "
            "--cuda-gpu-arch=sm_70 --cuda-host-only -D__GPURD__=1 -isystem "
            "/__gpurd__/include -include gpurd_cuda_prelude.h "
            "-Wno-unknown-cuda-version -w --no-cuda-version-check "
            "--cuda-path=/__gpurd__/no-cuda "
            "--cuda-feature=+ptx80 -Wno-unused-command-line-argument k.cu");
}

TEST(CudaCompilation, NvccCommandIsTranslated) {
  CudaCompileOptions options;
  options.side = CudaSide::Device;
  options.resourceDir = "/res";
  std::vector<std::string> out = adjustCudaCommandLine(
      {"/usr/local/cuda/bin/nvcc", "-ccbin", "g++", "-I/a", "--include-path",
       "/b", "-DX=1", "--define-macro=Y", "-std", "c++17",
       "--generate-code=arch=compute_80,code=[sm_80]", "-Xcompiler=-fPIC", "-x",
       "cu", "-c", "src/k.cu", "-o", "k.o"},
      options);
  EXPECT_EQ(joined(out),
            "clang++ -x cuda -Wno-error=register -Wno-error=c++11-narrowing "
            "-Wno-error=reserved-user-defined-literal -I /a -I /b -D X=1 -D Y "
            "-std=c++17 -nocudainc "
            "-nocudalib --cuda-gpu-arch=sm_80 --cuda-device-only -resource-dir "
            "/res -D__GPURD__=1 -isystem /__gpurd__/include -include "
            "gpurd_cuda_prelude.h -Wno-unknown-cuda-version -w "
            "--no-cuda-version-check "
            "--cuda-path=/__gpurd__/no-cuda --cuda-feature=+ptx80 "
            "-Wno-unused-command-line-argument src/k.cu");
}

TEST(CudaCompilation, PreludeIsServedFromMemory) {
  auto fs = createCudaFileSystem();
  auto status = fs->status("/__gpurd__/include/gpurd_cuda_prelude.h");
  ASSERT_TRUE(static_cast<bool>(status));
  EXPECT_GT(status->getSize(), 0u);
  EXPECT_TRUE(
      static_cast<bool>(fs->status("/__gpurd__/include/cuda_runtime.h")));
  EXPECT_FALSE(static_cast<bool>(fs->status("/__gpurd__/include/nope.h")));
}

} // namespace

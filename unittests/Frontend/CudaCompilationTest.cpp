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
            "--cuda-gpu-arch=sm_70 --cuda-host-only -D__GPURD__=1 "
            "-D__CUDA_ARCH_LIST__=700 -isystem /__gpurd__/include -include "
            "gpurd_cuda_prelude.h "
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
            "/res -D__GPURD__=1 -D__CUDA_ARCH_LIST__=800 -isystem "
            "/__gpurd__/include -include "
            "gpurd_cuda_prelude.h -Wno-unknown-cuda-version -w "
            "--no-cuda-version-check "
            "--cuda-path=/__gpurd__/no-cuda --cuda-feature=+ptx80 "
            "-Wno-unused-command-line-argument src/k.cu");
}

// What the translation above drops, as written: -ccbin and its value,
// -Xcompiler=, -rdc, -Xptxas and its value, --use_fast_math; not the GPU
// (--generate-code, -arch), the phase (-c), the input or the output (-o and
// its value), nor what it keeps (-I, -D, -std). A Clang command: nothing.
TEST(CudaCompilation, NvccOptionsLeftOutAreListed) {
  std::vector<std::string> leftOut =
      nvccOptionsLeftOut({"/usr/local/cuda/bin/nvcc",
                          "-ccbin",
                          "g++",
                          "-I/a",
                          "-DX=1",
                          "-std",
                          "c++17",
                          "--generate-code=arch=compute_80,code=[sm_80]",
                          "-arch",
                          "sm_80",
                          "-Xcompiler=-fPIC",
                          "-rdc=true",
                          "-Xptxas",
                          "-v",
                          "--use_fast_math",
                          "-x",
                          "cu",
                          "-c",
                          "src/k.cu",
                          "-o",
                          "k.o"});
  EXPECT_EQ(leftOut, (std::vector<std::string>{"-ccbin g++", "-Xcompiler=-fPIC",
                                               "-rdc=true", "-Xptxas -v",
                                               "--use_fast_math"}));
  EXPECT_TRUE(nvccOptionsLeftOut({"clang++", "-rdc=true", "k.cu"}).empty());
}

TEST(CudaCompilation, ArchListFollowsTheTargetUnlessTheCommandSetsIt) {
  CudaCompileOptions options;
  options.gpuArch = "sm_20";
  std::string fermi =
      joined(adjustCudaCommandLine({"clang++", "k.cu"}, options));
  EXPECT_NE(fermi.find(" -D__CUDA_ARCH_LIST__=200 "), std::string::npos);
  options.gpuArch = "sm_90a";
  std::string hopper =
      joined(adjustCudaCommandLine({"clang++", "k.cu"}, options));
  EXPECT_NE(hopper.find(" -D__CUDA_ARCH_LIST__=900 "), std::string::npos);
  std::string own = joined(adjustCudaCommandLine(
      {"clang++", "-D__CUDA_ARCH_LIST__=600,700", "k.cu"}, options));
  EXPECT_EQ(own.find("-D__CUDA_ARCH_LIST__=900"), std::string::npos);
  EXPECT_NE(own.find("-D__CUDA_ARCH_LIST__=600,700"), std::string::npos);
}

TEST(CudaCompilation, MissingThrustOrCubHeaderSaysWhatToInstall) {
  std::optional<std::string> thrust = missingIncludeHint("thrust/sort.h");
  ASSERT_TRUE(thrust.has_value());
  EXPECT_NE(thrust->find("'thrust/sort.h' is a header of Thrust"),
            std::string::npos);
  EXPECT_NE(thrust->find("apt-get install libthrust-dev libcub-dev"),
            std::string::npos);
  std::optional<std::string> cub = missingIncludeHint("cub/cub.cuh");
  ASSERT_TRUE(cub.has_value());
  EXPECT_NE(cub->find("is a header of CUB"), std::string::npos);
  EXPECT_FALSE(missingIncludeHint("cuda/std/functional").has_value());
  EXPECT_FALSE(missingIncludeHint("mythrust/x.h").has_value());
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


// The GPU a compile command builds for, as each spelling gives it.
TEST(GpuArchitectureOf, NvccAndClangSpellings) {
  using Command = std::vector<std::string>;
  auto of = [](Command command) {
    return gpurd::gpuArchitectureOf(command).value_or("none");
  };
  EXPECT_EQ(of({"nvcc", "-arch=sm_70", "-c", "k.cu"}), "sm_70");
  EXPECT_EQ(of({"nvcc", "-arch", "sm_86", "-c", "k.cu"}), "sm_86");
  EXPECT_EQ(of({"nvcc", "--gpu-architecture=compute_80", "k.cu"}), "sm_80");
  // -gencode: the code it generates, not the virtual architecture.
  EXPECT_EQ(of({"nvcc", "-gencode", "arch=compute_70,code=sm_75", "k.cu"}),
            "sm_75");
  EXPECT_EQ(of({"nvcc", "--generate-code=arch=compute_80,code=[sm_80]"}),
            "sm_80");
  EXPECT_EQ(of({"clang++", "--cuda-gpu-arch=sm_90", "k.cu"}), "sm_90");
  EXPECT_EQ(of({"clang++", "--offload-arch=sm_61", "k.cu"}), "sm_61");
  // The first one named wins; none named, none.
  EXPECT_EQ(of({"nvcc", "-arch=sm_70", "-gencode", "arch=compute_80,code=sm_80"}),
            "sm_70");
  EXPECT_EQ(of({"clang++", "-O2", "-c", "k.cu"}), "none");
}

} // namespace

//===- PrecompiledPreludeTest.cpp - The prelude read from a PCH -----------===//
//
// A compile that reads the prelude from its PCH must see what a compile that
// parses it sees: the same kernels, launches and textures on the host side,
// the same device IR, and the prelude still a system header (launches in
// its C++ overloads are not the file's).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Frontend/PrecompiledPrelude.h"
#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Frontend/KernelCollector.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace gpurd;

namespace {

constexpr llvm::StringLiteral Source = R"(
texture<float, 1, cudaReadModeElementType> table;
template <int T> __global__ void scale(float *a, int n) {
  int i = blockIdx.x * T + threadIdx.x;
  if (i < n) a[i] = sqrtf(a[i]) * tex1Dfetch(table, i);
}
int main() {
  float *a;
  cudaMalloc(&a, 4096 * sizeof(float));
  scale<128><<<32, 128>>>(a, 4096);
  void *args[] = {&a};
  cudaLaunchKernel((const void *)scale<64>, dim3(64), dim3(64), args, 0, 0);
  return 0;
}
)";

/// A temporary .cu file with Source, removed at the end of the test.
class SourceFile {
public:
  SourceFile() {
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("gpurd-prelude", "cu", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << Source;
  }
  ~SourceFile() { llvm::sys::fs::remove(path); }
  llvm::SmallString<128> path;
};

CudaCompileOptions optionsWith(std::shared_ptr<PreludeCache> preludes) {
  CudaCompileOptions options;
  options.resourceDir = defaultClangResourceDir();
  options.preludes = std::move(preludes);
  return options;
}

/// What the host side collects, as text to compare.
std::string describe(const TranslationUnitInfo &unit) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const KernelInfo &kernel : unit.kernels)
    os << "kernel " << kernel.name << " " << kernel.position.line << ":"
       << kernel.position.column << (kernel.inSystemHeader ? " system" : "")
       << "\n";
  for (const LaunchSite &launch : unit.launches)
    os << "launch " << launch.kernel << " " << launch.api << " "
       << launch.position.line << ":" << launch.position.column << "\n";
  for (const TextureReference &texture : unit.textures)
    os << "texture " << texture.name << " " << texture.texelBytes << "\n";
  os << "system launch sites " << unit.systemHeaderLaunchSites << "\n";
  return text;
}

std::string collect(const SourceFile &file, std::vector<std::string> flags,
                    std::shared_ptr<PreludeCache> preludes) {
  clang::tooling::FixedCompilationDatabase database(".", flags);
  clang::IgnoringDiagConsumer quiet;
  auto unit =
      collectKernels(database, file.path, optionsWith(preludes), &quiet);
  if (!unit)
    return "error: " + llvm::toString(unit.takeError());
  return describe(*unit);
}

std::string deviceIr(const SourceFile &file,
                     std::shared_ptr<PreludeCache> preludes) {
  clang::tooling::FixedCompilationDatabase database(".", {});
  access::DeviceCompileOptions options;
  options.cuda = optionsWith(preludes);
  options.cuda.quiet = true;
  auto device = access::compileDeviceModule(database, file.path, options);
  if (!device)
    return "error: " + llvm::toString(device.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const llvm::Function &function : *device->module)
    if (!function.isDeclaration())
      os << function;
  return text;
}

TEST(PrecompiledPrelude, HostSideSeesWhatAParsedPreludeGives) {
  SourceFile file;
  std::string parsed = collect(file, {}, nullptr);
  ASSERT_EQ(parsed.rfind("error", 0), std::string::npos) << parsed;
  // Two kernels (scale<128>, scale<64>), two launches, one texture of 4
  // bytes, and no launch of the prelude's overloads counted as the file's.
  EXPECT_NE(parsed.find("launch scale<128>  10:3"), std::string::npos)
      << parsed;
  EXPECT_NE(parsed.find("launch scale<64> cudaLaunchKernel"), std::string::npos)
      << parsed;
  EXPECT_NE(parsed.find("texture table 4"), std::string::npos) << parsed;

  auto cache = std::make_shared<PreludeCache>();
  EXPECT_EQ(collect(file, {}, cache), parsed);
  EXPECT_EQ(collect(file, {}, cache), parsed);
  // Built once, read by both compiles.
  EXPECT_EQ(cache->built(), 1u);
  EXPECT_EQ(cache->used(), 2u);
}

TEST(PrecompiledPrelude, DeviceSideCompilesToTheSameIr) {
  SourceFile file;
  std::string parsed = deviceIr(file, nullptr);
  ASSERT_EQ(parsed.rfind("error", 0), std::string::npos) << parsed;
  auto cache = std::make_shared<PreludeCache>();
  EXPECT_EQ(deviceIr(file, cache), parsed);
  EXPECT_EQ(cache->built(), 1u);
  EXPECT_EQ(cache->used(), 1u);
}

TEST(PrecompiledPrelude, QuietCompilesShareTheFilesPrelude) {
  // A what-if variant compiles quietly (-fno-caret-diagnostics): how
  // diagnostics are shown is no reason for a second PCH.
  SourceFile file;
  auto cache = std::make_shared<PreludeCache>();
  clang::tooling::FixedCompilationDatabase database(".", {});
  clang::IgnoringDiagConsumer ignore;
  for (bool quiet : {false, true}) {
    CudaCompileOptions options = optionsWith(cache);
    options.quiet = quiet;
    auto unit = collectKernels(database, file.path, options, &ignore);
    ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  }
  EXPECT_EQ(cache->built(), 1u);
  EXPECT_EQ(cache->used(), 2u);
}

TEST(PrecompiledPrelude, OptionsThatDifferGetTheirOwnPrelude) {
  SourceFile file;
  auto cache = std::make_shared<PreludeCache>();
  EXPECT_EQ(collect(file, {"-DWIDTH=1"}, cache),
            collect(file, {"-DWIDTH=1"}, nullptr));
  EXPECT_EQ(collect(file, {"-DWIDTH=2"}, cache),
            collect(file, {"-DWIDTH=2"}, nullptr));
  EXPECT_EQ(collect(file, {"-DWIDTH=1"}, cache),
            collect(file, {"-DWIDTH=1"}, nullptr));
  EXPECT_EQ(cache->built(), 2u);
  EXPECT_EQ(cache->used(), 3u);
}

TEST(PrecompiledPrelude, CommandsOwnForcedIncludeKeepsItsPlace) {
  // `-include` of the command comes before the prelude; a PCH of the
  // prelude would put the prelude first, so it is parsed as before.
  SourceFile file;
  auto cache = std::make_shared<PreludeCache>();
  std::vector<std::string> flags = {"-include", "stddef.h"};
  EXPECT_EQ(collect(file, flags, cache), collect(file, flags, nullptr));
  EXPECT_EQ(cache->built(), 0u);
  EXPECT_EQ(cache->used(), 0u);
}

} // namespace

//===- ConfigFileTest.cpp - Reading .gpurd files --------------------------===//

#include "gpurd/Request/ConfigFile.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

using namespace gpurd;
using namespace gpurd::request;

namespace {

Settings read(llvm::StringRef text) {
  Settings settings;
  llvm::Error error = applyConfig(text, "/p/.gpurd", settings);
  EXPECT_FALSE(bool(error)) << llvm::toString(std::move(error));
  return settings;
}

std::string errorOf(llvm::StringRef text) {
  Settings settings;
  llvm::Error error = applyConfig(text, "/p/.gpurd", settings);
  return error ? llvm::toString(std::move(error)) : "no error";
}

TEST(ConfigFileTest, EveryKeySetsItsSetting) {
  Settings s = read("Checks: '-*,gpurd-small-grid'\n"
                    "WarningsAsErrors: 'gpurd-small-grid'\n"
                    "FailOn: remark\n"
                    "Arch: volta-v100\n"
                    "CheckOptions:\n"
                    "  gpurd-small-grid.MinIdleShare: 0.5\n"
                    "Launches:\n"
                    "  - Kernel: mm\n"
                    "    Grid: [64, 32]\n"
                    "    Block: 256\n"
                    "    DynamicSharedBytes: 1024\n"
                    "    Launch: 2\n"
                    "    Args: {n: 4096, alpha: 0.5, flag: true}\n");
  EXPECT_EQ(s.checks.checks, "-*,gpurd-small-grid");
  EXPECT_EQ(s.checks.warningsAsErrors, "gpurd-small-grid");
  EXPECT_EQ(s.output.failOn, FailOn::Remark);
  EXPECT_EQ(s.arch.name, "volta-v100");
  EXPECT_EQ(s.checks.options.at("gpurd-small-grid.MinIdleShare"), "0.5");
  ASSERT_EQ(s.launch.byKernel.kernels.size(), 1u);
  const auto &[kernel, values] = s.launch.byKernel.kernels[0];
  EXPECT_EQ(kernel, "mm");
  EXPECT_EQ(values.grid, (std::array<uint64_t, 3>{64, 32, 1}));
  EXPECT_EQ(values.block, (std::array<uint64_t, 3>{256, 1, 1}));
  EXPECT_EQ(values.dynamicSharedBytes, 1024u);
  EXPECT_EQ(values.launchIndex, 2u);
  EXPECT_EQ(values.args.at("n"), "4096");
  EXPECT_EQ(values.args.at("alpha"), "0.5");
  EXPECT_EQ(values.args.at("flag"), "true");
  EXPECT_EQ(values.origin, "/p/.gpurd");
  EXPECT_EQ(s.launch.byKernelOrigin, "/p/.gpurd");
}

TEST(ConfigFileTest, EmptyFileAndCommentsChangeNothing) {
  Settings s = read("# nothing yet\n");
  EXPECT_FALSE(s.checks.checks);
  EXPECT_EQ(s.checks.effectiveChecks(), "*");
  EXPECT_TRUE(s.checks.options.empty());
  EXPECT_FALSE(s.arch.name);
  EXPECT_EQ(s.output.failOn, FailOn::None);
}

TEST(ConfigFileTest, CheckOptionsInClangTidysOlderListSpelling) {
  Settings s = read("CheckOptions:\n"
                    "  - key: gpurd-shared-tiling.MinReuse\n"
                    "    value: 4\n");
  EXPECT_EQ(s.checks.options.at("gpurd-shared-tiling.MinReuse"), "4");
}

TEST(ConfigFileTest, ErrorsNameFileLineColumnAndKey) {
  EXPECT_EQ(errorOf("Checks: '*'\nFoo: 1\n"),
            "/p/.gpurd:2:1: unknown key 'Foo'; the keys are Checks, "
            "CheckOptions, WarningsAsErrors, FailOn, Arch, ArchFile, "
            "Launches");
  EXPECT_EQ(errorOf("Launches:\n  - Kernel: k\n    Grid: [1, 2, 3, 4]\n"),
            "/p/.gpurd:3:21: Grid has at most 3 components (x, y, z)");
  EXPECT_EQ(errorOf("Launches:\n  - Kernel: k\n    Args: {n: many}\n"),
            "/p/.gpurd:3:15: argument 'n' takes a number or true/false, got "
            "'many'");
  EXPECT_EQ(errorOf("Launches:\n  - Kernel: k\n    Threads: 4\n"),
            "/p/.gpurd:3:5: unknown key 'Threads' in a Launches entry; its "
            "keys are Kernel, Grid, Block, DynamicSharedBytes, Launch, Args");
  EXPECT_EQ(errorOf("- Checks\n"),
            "/p/.gpurd:1:1: a .gpurd file is a mapping of keys (Checks, "
            "CheckOptions, WarningsAsErrors, FailOn, Arch, ArchFile, "
            "Launches)");
  // LLVM's YAML parser places a flow sequence at its first item.
  EXPECT_EQ(errorOf("FailOn: [warning]\n"),
            "/p/.gpurd:1:10: FailOn takes a single value");
}

TEST(ConfigFileTest, AFileWithAnErrorChangesNothing) {
  Settings settings;
  settings.output.failOn = FailOn::Warning;
  llvm::Error error =
      applyConfig("FailOn: none\nChecks: 'nope'\n", "/p/.gpurd", settings);
  EXPECT_TRUE(bool(error));
  llvm::consumeError(std::move(error));
  EXPECT_EQ(settings.output.failOn, FailOn::Warning);
}

TEST(ConfigFileTest, DumpedConfigurationReadsBackToTheSameSettings) {
  Settings s = read("Checks: '-*,gpurd-small-grid'\n"
                    "FailOn: warning\n"
                    "Arch: hopper-h100\n"
                    "CheckOptions:\n"
                    "  gpurd-small-grid.MinIdleShare: 0.5\n"
                    "Launches:\n"
                    "  - Kernel: mm\n"
                    "    Grid: 64\n"
                    "    Args: {n: 4096}\n");
  llvm::Expected<std::string> dumped = dumpConfig(s);
  ASSERT_TRUE(bool(dumped)) << llvm::toString(dumped.takeError());
  Settings again = read(*dumped);
  EXPECT_EQ(again.checks.checks, s.checks.checks);
  EXPECT_EQ(again.output.failOn, s.output.failOn);
  EXPECT_EQ(again.arch.name, s.arch.name);
  // The dump also names the enabled check's other option, at its default.
  EXPECT_EQ(again.checks.options.at("gpurd-small-grid.MinIdleShare"), "0.5");
  EXPECT_EQ(again.checks.options.at("gpurd-small-grid.MinCycles"), "20000");
  ASSERT_EQ(again.launch.byKernel.kernels.size(), 1u);
  EXPECT_EQ(again.launch.byKernel.kernels[0].second.grid,
            (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(again.launch.byKernel.kernels[0].second.args.at("n"), "4096");
}

} // namespace

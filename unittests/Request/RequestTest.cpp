//===- RequestTest.cpp - Settings checked into a request ------------------===//

#include "gpurd/Request/Request.h"

#include "gpurd/Arch/Presets.h"

#include "gtest/gtest.h"

using namespace gpurd;
using namespace gpurd::request;

namespace {

arch::ArchDescription a100() {
  auto arch = arch::loadArch(DefaultArch);
  EXPECT_TRUE(bool(arch));
  return arch ? *arch : arch::ArchDescription();
}

std::string errorOf(const Settings &settings) {
  auto request = resolveRequest(settings, a100(), 1);
  return request ? "no error" : llvm::toString(request.takeError());
}

TEST(RequestTest, DefaultsAreTheAdviceOnTheQuickSample) {
  auto request = resolveRequest(Settings(), a100(), 1);
  ASSERT_TRUE(bool(request)) << llvm::toString(request.takeError());
  EXPECT_EQ(request->command, Command::Advise);
  EXPECT_FALSE(request->json);
  EXPECT_FALSE(request->advisor->checks().empty());
  EXPECT_TRUE(request->model.quick);
  EXPECT_EQ(request->model.seeds, 1u);
  EXPECT_TRUE(request->analysis.assumeUnknownValues);
}

TEST(RequestTest, ASampleSettingAsksForThatSample) {
  Settings settings;
  settings.sample.requestBudget = 1000;
  auto request = resolveRequest(settings, a100(), 1);
  ASSERT_TRUE(bool(request)) << llvm::toString(request.takeError());
  EXPECT_FALSE(request->model.quick);
  EXPECT_EQ(request->model.requestBudget, 1000u);
}

TEST(RequestTest, LaunchesByKernelApplyUnlessASpecFileIsGiven) {
  Settings settings;
  LaunchOverrides values;
  values.grid = std::array<uint64_t, 3>{8, 1, 1};
  settings.launch.byKernel.kernels.push_back({"mm", values});
  settings.launch.byKernelOrigin = "/p/.gpurd";
  auto request = resolveRequest(settings, a100(), 1);
  ASSERT_TRUE(bool(request)) << llvm::toString(request.takeError());
  ASSERT_TRUE(request->launches.spec.has_value());
  EXPECT_EQ(request->launches.specPath, "/p/.gpurd");
  settings.launch.specFile = "/nonexistent/spec.json";
  EXPECT_NE(errorOf(settings).find("spec.json"), std::string::npos);
}

TEST(RequestTest, ConflictsAreErrorsThatNameBothOptions) {
  Settings settings;
  settings.command.listKernels = true;
  settings.command.printLaunches = true;
  EXPECT_EQ(errorOf(settings),
            "--list-kernels and --print-launches are different commands; "
            "give one of them per run");
  Settings metric;
  metric.search.tuneMetric = "time";
  EXPECT_EQ(errorOf(metric),
            "--tune-metric ranks the tile search: give --tune too");
  Settings seeds;
  seeds.sample.seeds = 0;
  EXPECT_NE(errorOf(seeds).find("--seeds=0"), std::string::npos);
}

TEST(RequestTest, WarningsAsErrorsGlobsAreChecked) {
  CheckSettings checks;
  checks.warningsAsErrors = "gpurd-nothing";
  auto advisor = resolveAdvisor(checks);
  ASSERT_FALSE(bool(advisor));
  EXPECT_NE(llvm::toString(advisor.takeError())
                .find("check glob 'gpurd-nothing' matches no check"),
            std::string::npos);
}

TEST(RequestTest, ArchNameAndFileConflict) {
  ArchSettings arch;
  arch.name = "volta-v100";
  arch.file = "gpu.json";
  auto resolved = resolveArch(arch);
  ASSERT_FALSE(bool(resolved));
  EXPECT_EQ(llvm::toString(resolved.takeError()),
            "--arch and --arch-file both name an architecture; give one of "
            "them");
}

} // namespace

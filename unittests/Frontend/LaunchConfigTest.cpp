//===- LaunchConfigTest.cpp - Launch configuration layers -----------------===//

#include "gpurd/Frontend/LaunchConfig.h"
#include "ParseHelper.h"

using namespace gpurd;
using gpurd::test::parseSnippet;

namespace {

std::string errorOf(llvm::Error error) {
  return llvm::toString(std::move(error));
}

TEST(LaunchConfig, ParseDim3) {
  auto d = parseDim3("64,32", "--grid");
  ASSERT_TRUE(static_cast<bool>(d));
  EXPECT_EQ(*d, (std::array<uint64_t, 3>{64, 32, 1}));
  auto x = parseDim3("8x4x2", "--block");
  ASSERT_TRUE(static_cast<bool>(x));
  EXPECT_EQ(*x, (std::array<uint64_t, 3>{8, 4, 2}));
  EXPECT_EQ(errorOf(parseDim3("0,1", "--grid").takeError()),
            "--grid takes positive integers X[,Y[,Z]], got '0,1'");
  EXPECT_EQ(errorOf(parseDim3("1,2,3,4", "--block").takeError()),
            "--block takes X[,Y[,Z]], got '1,2,3,4'");
  EXPECT_FALSE(static_cast<bool>(parseDim3("a", "--grid")));
}

TEST(LaunchConfig, ParseArgAssignments) {
  auto args = parseArgAssignments({"n=4096", " alpha = 0.5 "});
  ASSERT_TRUE(static_cast<bool>(args));
  EXPECT_EQ(args->at("n"), "4096");
  EXPECT_EQ(args->at("alpha"), "0.5");
  EXPECT_EQ(errorOf(parseArgAssignments({"n"}).takeError()),
            "{{input:arg}} takes NAME=VALUE, got 'n'");
}

TEST(LaunchConfig, LaunchSpecParsesAndValidates) {
  auto spec = parseLaunchSpec(R"({"version": 1, "kernels": [
      {"kernel": "mm", "grid": [4, 2], "block": 256, "args": {"n": 64},
       "dynamic_shared_bytes": 512, "launch": 2}]})",
                              "s.json");
  ASSERT_TRUE(static_cast<bool>(spec)) << errorOf(spec.takeError());
  ASSERT_EQ(spec->kernels.size(), 1u);
  const LaunchOverrides &o = spec->kernels[0].second;
  EXPECT_EQ(spec->kernels[0].first, "mm");
  EXPECT_EQ(*o.grid, (std::array<uint64_t, 3>{4, 2, 1}));
  EXPECT_EQ(*o.block, (std::array<uint64_t, 3>{256, 1, 1}));
  EXPECT_EQ(*o.dynamicSharedBytes, 512u);
  EXPECT_EQ(*o.launchIndex, 2u);
  EXPECT_EQ(o.args.at("n"), "64");

  EXPECT_EQ(errorOf(parseLaunchSpec(
                        R"({"kernels": [{"kernel": "k", "grid": [1, -2]}]})",
                        "s.json")
                        .takeError()),
            "s.json: /kernels/0/grid/1: expected a positive integer, got -2");
  EXPECT_EQ(
      errorOf(parseLaunchSpec(R"({"kernels": [{"kernel": "k", "blocks": 1}]})",
                              "s.json")
                  .takeError()),
      "s.json: /kernels/0/blocks: unknown key; expected one of kernel, "
      "grid, block, dynamic_shared_bytes, args, launch");
  std::string syntax =
      errorOf(parseLaunchSpec("{\"kernels\": [\n}", "s.json").takeError());
  EXPECT_NE(syntax.find("s.json: invalid JSON: parse error at line 2"),
            std::string::npos)
      << syntax;
}

TEST(LaunchConfig, ResolveLayersAndReportMissing) {
  auto unit = parseSnippet(
      "__global__ void k(float *a, int n, float f) { a[0] = n * f; }\n"
      "void host(float *d, int n) { k<<<n / 64, 64>>>(d, n, 2.0f); }\n");
  ASSERT_TRUE(static_cast<bool>(unit)) << errorOf(unit.takeError());
  const KernelInfo &kernel = unit->kernels.at(0);

  auto incomplete = resolveLaunch(*unit, kernel, {});
  ASSERT_FALSE(static_cast<bool>(incomplete));
  std::string message = errorOf(incomplete.takeError());
  EXPECT_NE(message.find("kernel 'k': the launch configuration is incomplete:"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("the grid size (the launch at"), std::string::npos);
  EXPECT_NE(message.find("is 'n / 64': 'n' is a parameter of 'host', which is "
                         "not called in this file; give it "
                         "with {{input:grid X[,Y[,Z]]}} or in a "
                         "{{input:launch-spec}} file"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("the argument 'n'"), std::string::npos);
  EXPECT_NE(message.find("{{input:arg n=VALUE}}"), std::string::npos);
  EXPECT_EQ(message.find("the block size"), std::string::npos);
  EXPECT_EQ(message.find("argument 'f'"), std::string::npos);

  // With unknown arguments allowed, a launch whose grid and block are known
  // resolves, and lists the arguments without a value and why.
  LaunchOverrides gridOnly;
  gridOnly.origin = "command line";
  gridOnly.grid = std::array<uint64_t, 3>{8, 1, 1};
  auto partial = resolveLaunch(*unit, kernel, {&gridOnly},
                               /*allowUnknownArgs=*/true);
  ASSERT_TRUE(static_cast<bool>(partial)) << errorOf(partial.takeError());
  ASSERT_EQ(partial->unknownArgs.size(), 1u);
  EXPECT_EQ(partial->unknownArgs[0].first, "n");
  EXPECT_NE(partial->unknownArgs[0].second.find("{{input:arg n=VALUE}}"),
            std::string::npos);
  ASSERT_EQ(partial->args.size(), 1u); // f = 2
  EXPECT_EQ(partial->args[0].param, "f");
  // The grid is still required.
  EXPECT_FALSE(static_cast<bool>(
      resolveLaunch(*unit, kernel, {}, /*allowUnknownArgs=*/true)));

  LaunchOverrides spec;
  spec.origin = "spec.json";
  spec.grid = std::array<uint64_t, 3>{8, 1, 1};
  spec.args["n"] = "100";
  LaunchOverrides cli;
  cli.origin = "command line";
  cli.args["n"] = "512";
  auto config = resolveLaunch(*unit, kernel, {&spec, &cli});
  ASSERT_TRUE(static_cast<bool>(config)) << errorOf(config.takeError());
  EXPECT_EQ(config->grid, (std::array<uint64_t, 3>{8, 1, 1}));
  EXPECT_EQ(config->block, (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(config->gridOrigin, "spec.json");
  EXPECT_EQ(config->blockOrigin, "source");
  ASSERT_EQ(config->args.size(), 2u);
  EXPECT_EQ(config->args[0].param, "n");
  EXPECT_EQ(config->args[0].value.str(), "512");
  EXPECT_EQ(config->args[1].value.str(), "2");

  LaunchOverrides bad;
  bad.origin = "command line";
  bad.args["m"] = "1";
  EXPECT_EQ(errorOf(resolveLaunch(*unit, kernel, {&bad}).takeError()),
            "command line: kernel 'k' has no parameter 'm'; its parameters "
            "are: a, n, f");
  LaunchOverrides huge;
  huge.origin = "command line";
  huge.args["n"] = "99999999999";
  EXPECT_EQ(errorOf(resolveLaunch(*unit, kernel, {&huge}).takeError()),
            "command line: the argument 'n' (int) cannot hold '99999999999'");
  LaunchOverrides pointer;
  pointer.origin = "command line";
  pointer.args["a"] = "1";
  EXPECT_NE(errorOf(resolveLaunch(*unit, kernel, {&pointer}).takeError())
                .find("the argument 'a' is a pointer"),
            std::string::npos);
}

TEST(LaunchConfig, FindKernelByShortNames) {
  auto unit = parseSnippet("namespace ns { template <int B> __global__ void "
                           "tk(float *a) { a[B] = 0; } }\n"
                           "__global__ void other(float *a) {}\n"
                           "void host(float *d) { ns::tk<1><<<1, 1>>>(d); "
                           "ns::tk<2><<<1, 1>>>(d); }\n");
  ASSERT_TRUE(static_cast<bool>(unit)) << errorOf(unit.takeError());
  auto exact = findKernel(*unit, "ns::tk<2>");
  ASSERT_TRUE(static_cast<bool>(exact));
  EXPECT_EQ((*exact)->name, "ns::tk<2>");
  auto unscoped = findKernel(*unit, "tk<1>");
  ASSERT_TRUE(static_cast<bool>(unscoped));
  EXPECT_EQ((*unscoped)->name, "ns::tk<1>");
  std::string ambiguous = errorOf(findKernel(*unit, "tk").takeError());
  EXPECT_NE(ambiguous.find("is ambiguous"), std::string::npos) << ambiguous;
  std::string missing = errorOf(findKernel(*unit, "nope").takeError());
  EXPECT_NE(missing.find("the kernels are:\n  ns::tk<1>\n  ns::tk<2>\n  other"),
            std::string::npos)
      << missing;
}

} // namespace

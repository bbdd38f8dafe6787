//===- IndirectLaunchTest.cpp - Launches through pointers and launch APIs -===//

#include "ParseHelper.h"

using namespace gpurd;
using gpurd::test::parseSnippet;

namespace {

const char *const Kernels =
    "__global__ void ka(float *x, int n) { x[threadIdx.x] = n; }\n"
    "__global__ void kb(float *x, int n) { x[threadIdx.x] = 2 * n; }\n"
    "typedef void (*Kernel)(float *, int);\n";

/// The launch sites of \p code (appended to the kernels ka and kb).
std::vector<LaunchSite> launchesOf(const std::string &code) {
  auto unit = parseSnippet(std::string(Kernels) + code);
  EXPECT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  if (!unit)
    return {};
  return unit->launches;
}

/// `kernel@line` for each launch site, `?@line` for an unknown kernel.
std::vector<std::string> summary(const std::vector<LaunchSite> &launches) {
  std::vector<std::string> out;
  for (const LaunchSite &launch : launches)
    out.push_back((launch.kernel.empty() ? "?" : launch.kernel) + "@" +
                  std::to_string(launch.position.line));
  return out;
}

using Strings = std::vector<std::string>;

TEST(IndirectLaunch, EachLaunchSeesTheLastCertainAssignment) {
  std::vector<LaunchSite> launches = launchesOf("void host(float *x) {\n" // 4
                                                "  Kernel p = ka;\n"      // 5
                                                "  p<<<1, 32>>>(x, 1);\n" // 6
                                                "  p = kb;\n"             // 7
                                                "  p<<<1, 32>>>(x, 2);\n" // 8
                                                "  p = ka;\n"             // 9
                                                "}\n");
  EXPECT_EQ(summary(launches), (Strings{"ka@6", "kb@8"}));
  ASSERT_EQ(launches.size(), 2u);
  ASSERT_TRUE(launches[0].pointer.has_value());
  EXPECT_EQ(launches[0].pointer->text, "p");
  EXPECT_EQ(launches[0].pointer->candidates, (Strings{"ka"}));
  EXPECT_TRUE(launches[0].pointer->otherValuesReason.empty());
  EXPECT_TRUE(launches[0].api.empty());
}

TEST(IndirectLaunch, AssignmentLaterInALoopAlsoReachesTheLaunch) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x) {\n"           // 4
                 "  Kernel p = ka;\n"                // 5
                 "  for (int i = 0; i < 2; ++i) {\n" // 6
                 "    p<<<1, 32>>>(x, i);\n"         // 7
                 "    p = kb;\n"                     // 8
                 "  }\n}\n");
  // Both kernels for each value of i (0, then 1): two variants of the site.
  EXPECT_EQ(summary(launches), (Strings{"ka@7", "kb@7", "ka@7", "kb@7"}));
  ASSERT_EQ(launches.size(), 4u);
  EXPECT_EQ(launches[1].pointer->candidates, (Strings{"ka", "kb"}));
  EXPECT_EQ(launches[0].args.at(1).value.str(), "0");
  EXPECT_EQ(launches[1].args.at(1).value.str(), "0");
  EXPECT_EQ(launches[2].args.at(1).value.str(), "1");
  EXPECT_EQ(launches[3].args.at(1).value.str(), "1");
  EXPECT_EQ(launches[3].variant.index, 2u);
  EXPECT_EQ(launches[3].variant.count, 2u);
}

TEST(IndirectLaunch, TheOtherArmOfABranchDoesNotReachTheLaunch) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x, bool c) {\n" // 4
                 "  Kernel p;\n"                   // 5
                 "  if (c) {\n"                    // 6
                 "    p = ka;\n"                   // 7
                 "    p<<<1, 32>>>(x, 1);\n"       // 8
                 "  } else {\n"                    // 9
                 "    p = kb;\n"                   // 10
                 "  }\n}\n");
  EXPECT_EQ(summary(launches), (Strings{"ka@8"}));
}

TEST(IndirectLaunch, CopiesBetweenPointersAreFollowed) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x, bool c) {\n" // 4
                 "  Kernel p = c ? ka : kb;\n"     // 5
                 "  Kernel q = p;\n"               // 6
                 "  q<<<1, 32>>>(x, 1);\n"         // 7
                 "}\n");
  EXPECT_EQ(summary(launches), (Strings{"ka@7", "kb@7"}));
}

TEST(IndirectLaunch, MemberSetByAConstructor) {
  std::vector<LaunchSite> launches =
      launchesOf("struct Runner {\n"                               // 4
                 "  Kernel fn;\n"                                  // 5
                 "  Runner() : fn(kb) {}\n"                        // 6
                 "  void run(float *x) { fn<<<1, 32>>>(x, 1); }\n" // 7
                 "};\n");
  EXPECT_EQ(summary(launches), (Strings{"kb@7"}));
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].pointer->text, "fn");
}

TEST(IndirectLaunch, KernelAsTemplateArgumentIsNamedDirectly) {
  std::vector<LaunchSite> launches =
      launchesOf("template <Kernel K> void run(float *x) {\n" // 4
                 "  K<<<1, 32>>>(x, 1);\n"                    // 5
                 "}\n"
                 "template void run<kb>(float *);\n");
  EXPECT_EQ(summary(launches), (Strings{"kb@5"}));
}

TEST(IndirectLaunch, UnknownKernelKeepsTheArguments) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x, Kernel given) {\n" // 4
                 "  given<<<1, 32>>>(x, 7);\n"           // 5
                 "}\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_TRUE(launches[0].kernel.empty());
  EXPECT_EQ(launches[0].kernelUnknownReason,
            "'given' is a parameter of 'host'");
  ASSERT_TRUE(launches[0].pointer.has_value());
  EXPECT_TRUE(launches[0].pointer->candidates.empty());
  ASSERT_EQ(launches[0].args.size(), 2u);
  EXPECT_EQ(launches[0].args[1].param, "");
  EXPECT_EQ(launches[0].args[1].value.str(), "7");
}

TEST(IndirectLaunch, LaunchConfigSetByDesignatedInitializer) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x, cudaStream_t s) {\n"                 // 4
                 "  cudaLaunchConfig_t config = {.gridDim = dim3(8, 2),\n" // 5
                 "                               .blockDim = 64,\n"        // 6
                 "                               .dynamicSmemBytes = 512};\n"
                 "  config.gridDim.z = 3;\n"
                 "  cudaLaunchKernelEx(&config, ka, x, 5);\n" // 9
                 "}\n");
  ASSERT_EQ(launches.size(), 1u);
  const LaunchSite &launch = launches[0];
  EXPECT_EQ(launch.api, "cudaLaunchKernelEx");
  EXPECT_EQ(launch.kernel, "ka");
  EXPECT_EQ(launch.grid.components[0].str(), "8");
  EXPECT_EQ(launch.grid.components[1].str(), "2");
  EXPECT_EQ(launch.grid.components[2].str(), "3");
  EXPECT_EQ(launch.block.components[0].str(), "64");
  EXPECT_EQ(launch.block.components[1].str(), "1");
  EXPECT_EQ(launch.dynamicSharedBytes.str(), "512");
  EXPECT_EQ(launch.stream, "");
  ASSERT_EQ(launch.args.size(), 2u);
  EXPECT_EQ(launch.args[1].value.str(), "5");
}

TEST(IndirectLaunch, ConditionalConfigMemberGivesVariants) {
  std::vector<LaunchSite> launches =
      launchesOf("void host(float *x, bool big) {\n"          // 4
                 "  cudaLaunchConfig_t config = {};\n"        // 5
                 "  config.gridDim = 4;\n"                    // 6
                 "  if (big)\n"                               // 7
                 "    config.gridDim = 16;\n"                 // 8
                 "  config.blockDim = 32;\n"                  // 9
                 "  cudaLaunchKernelEx(&config, kb, x, 1);\n" // 10
                 "}\n");
  // The value of line 6, or that of line 8 when big holds.
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].grid.text, "config.gridDim");
  EXPECT_EQ(launches[0].grid.components[0].str(), "4");
  EXPECT_EQ(launches[1].grid.components[0].str(), "16");
  EXPECT_EQ(launches[0].block.components[0].str(), "32");
  EXPECT_EQ(launches[1].block.components[0].str(), "32");
  EXPECT_EQ(launches[1].variant.assumptions,
            (Strings{"'config.gridDim' = 16 as assigned at line 8 (2 of 2 "
                     "values that may reach it: it is assigned under a "
                     "condition at line 8)"}));
}

} // namespace

//===- HostCallsTest.cpp - Launch values through calls and variants -------===//

#include "ParseHelper.h"

using namespace gpurd;
using gpurd::test::launchesOf;

namespace {

using Strings = std::vector<std::string>;

/// The x component of each launch's grid.
Strings gridsOf(const std::vector<LaunchSite> &launches) {
  Strings out;
  for (const LaunchSite &launch : launches)
    out.push_back(launch.grid.components[0].str());
  return out;
}

TEST(HostCalls, ParameterTakesTheValueItsCallerPasses) {
  // 4096 / 256 = 16.
  auto launches =
      launchesOf("void run(float *d, int n) { k<<<n / 256, 256>>>(d, "
                 "n); }\n"
                 "void host(float *d) { run(d, 4096); }\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(gridsOf(launches), (Strings{"16"}));
  EXPECT_EQ(launches[0].args.at(1).value.str(), "4096");
  EXPECT_TRUE(launches[0].variant.assumptions.empty());
}

TEST(HostCalls, CallersThatAgreeGiveOneValue) {
  auto launches =
      launchesOf("void run(float *d, int n) { k<<<n, 32>>>(d, n); }\n"
                 "void host(float *d) { run(d, 8); run(d, 4 + 4); }\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(gridsOf(launches), (Strings{"8"}));
}

TEST(HostCalls, CallersThatDisagreeGiveVariants) {
  auto launches =
      launchesOf("void run(float *d, int n) { k<<<n, 32>>>(d, n); }\n" // 2
                 "void host(float *d) {\n"                             // 3
                 "  run(d, 8);\n"                                      // 4
                 "  run(d, 16);\n}\n");                                // 5
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(gridsOf(launches), (Strings{"8", "16"}));
  EXPECT_EQ(launches[1].variant.index, 2u);
  EXPECT_EQ(launches[1].variant.count, 2u);
  EXPECT_EQ(launches[1].variant.assumptions,
            (Strings{"'n' = 16, called from 'host' at line 5 (call 2 of 2 of "
                     "'run', which pass different values)"}));
}

TEST(HostCalls, RecursionIsUnknownAndComesLast) {
  // The call from host enters first: n = 4; the recursive call is the
  // second variant, whose value is not followed.
  auto launches = launchesOf("void down(float *d, int n) {\n" // 2
                             "  if (n > 0) down(d, n - 1);\n" // 3
                             "  k<<<n + 1, 32>>>(d, n);\n}\n" // 4
                             "void host(float *d) { down(d, 4); }\n");
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].grid.components[0].str(), "5");
  EXPECT_FALSE(launches[1].grid.components[0].isKnown());
  EXPECT_EQ(launches[1].grid.components[0].unknownReason,
            "'n' is a parameter of 'down', called from 'down' at line 3 with "
            "'n - 1': 'n' is a parameter of 'down', which calls itself");
}

TEST(HostCalls, TheChainIsNamedToTheCommandLine) {
  auto launches = launchesOf("#include <cstdlib>\n" // 2
                             "void run(float *d, int n) { k<<<n, 32>>>(d, n); "
                             "}\n" // 3
                             "void mid(float *d, int m) { run(d, m * 2); }\n"
                             "int main(int argc, char **argv) {\n"   // 5
                             "  mid(nullptr, atoi(argv[1]));\n}\n"); // 6
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].grid.components[0].unknownReason,
            "'n' is a parameter of 'run', called from 'mid' at line 4 with "
            "'m * 2': 'm' is a parameter of 'mid', called from 'main' at "
            "line 6 with 'atoi(argv[1])': 'atoi(argv[1])' reads the "
            "program's command line");
}

TEST(HostCalls, BranchConditionGivesTheValueInsideTheBranch) {
  // bs is 32 from the caller, but 16 inside `if (bs == 16)`; the dim3
  // declared before the if sees the same value (nothing assigns bs between).
  auto launches = launchesOf("void run(float *d, int bs) {\n"
                             "  dim3 threads(bs, bs);\n"
                             "  if (bs == 16)\n"
                             "    k<<<1, threads>>>(d, bs);\n"
                             "  else\n"
                             "    k<<<2, threads>>>(d, bs);\n}\n"
                             "void host(float *d) { run(d, 32); }\n");
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].block.components[0].str(), "16");
  EXPECT_EQ(launches[0].block.components[1].str(), "16");
  EXPECT_EQ(launches[0].args.at(1).value.str(), "16");
  EXPECT_EQ(launches[0].variant.assumptions,
            (Strings{"'bs' = 16 inside 'if (bs == 16)' at line 4"}));
  EXPECT_EQ(launches[1].block.components[0].str(), "32");
  EXPECT_TRUE(launches[1].variant.assumptions.empty());
}

TEST(HostCalls, BranchConditionDoesNotReachPastAnAssignment) {
  // threads is built from bs = 8 before bs is assigned 16: the condition
  // says nothing of the value the dim3 took.
  auto launches = launchesOf("void host(float *d, int flag) {\n"
                             "  int bs = 8;\n"
                             "  dim3 threads(bs);\n"
                             "  if (flag) bs = 16;\n"
                             "  if (bs == 16)\n"
                             "    k<<<1, threads>>>(d, bs);\n}\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].block.components[0].str(), "8");
  EXPECT_EQ(launches[0].args.at(1).value.str(), "16");
}

TEST(HostCalls, TooManyIterationsOfferTheFirst) {
  auto launches = launchesOf("void host(float *d) {\n"
                             "  for (int i = 3; i < 1000; i += 2)\n"
                             "    k<<<i, 32>>>(d, i);\n}\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(gridsOf(launches), (Strings{"3"}));
  EXPECT_EQ(launches[0].variant.assumptions,
            (Strings{"'i' = 3 in the first iteration of the loop at line 3 "
                     "(it runs more than 16 times; only the first is "
                     "offered)"}));
}

TEST(HostCalls, ALoopThatNeverRunsIsUnknown) {
  auto launches = launchesOf("void host(float *d) {\n"
                             "  for (int i = 8; i < 4; ++i)\n"
                             "    k<<<i, 32>>>(d, i);\n}\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].grid.components[0].unknownReason,
            "'i' takes no value: the loop at line 3 never runs");
}

TEST(HostCalls, VariantsCombineUpToTheCap) {
  // 5 values of a times 5 of b: 25 combinations, 16 kept in order (a
  // varies slowest).
  auto launches = launchesOf("void host(float *d) {\n"
                             "  for (int a = 0; a < 5; ++a)\n"
                             "    for (int b = 0; b < 5; ++b)\n"
                             "      k<<<a * 10 + b + 1, 32>>>(d, 0);\n}\n");
  ASSERT_EQ(launches.size(), 16u);
  EXPECT_EQ(launches[0].grid.components[0].str(), "1");
  EXPECT_EQ(launches[5].grid.components[0].str(), "11");
  EXPECT_EQ(launches[15].grid.components[0].str(), "31");
  EXPECT_EQ(launches[15].variant.count, 16u);
  EXPECT_EQ(launches[15].variant.leftOut,
            "the values may combine in more than 16 ways; only the first 16 "
            "are kept");
}

} // namespace

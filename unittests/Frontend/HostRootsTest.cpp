//===- HostRootsTest.cpp - Launches evaluated from assumed host values ----===//
//
// The front end's RootedLaunch ladder (KernelInfo.h): a launch whose values
// are unknown through integers the host code cannot know is evaluated again
// with those integers at 1, 2, 4, ...; launch configuration passed in as it
// is stays unknown. Also the `case` labels of a switch around a launch.
//
//===----------------------------------------------------------------------===//

#include "ParseHelper.h"

using namespace gpurd;
using gpurd::test::launchesOf;

namespace {

/// The rung of \p site whose root is \p root, or null.
const RootedLaunch *rung(const LaunchSite &site, uint64_t root) {
  for (const RootedLaunch &r : site.rooted)
    if (r.root == root)
      return &r;
  return nullptr;
}

TEST(HostRoots, TheGridIsComputedFromTheRoot) {
  // Nothing calls run: n is a root. At n = 4096 the grid is
  // (4096 + 255) / 256 = 16, and the argument n is 4096.
  auto launches = launchesOf(
      "void run(float *d, int n) { k<<<(n + 255) / 256, 256>>>(d, n); }\n");
  ASSERT_EQ(launches.size(), 1u);
  const LaunchSite &site = launches[0];
  EXPECT_FALSE(site.grid.isKnown());
  ASSERT_EQ(site.roots.size(), 1u);
  EXPECT_EQ(site.roots[0].name, "n");
  EXPECT_EQ(site.roots[0].reason,
            "'n' is a parameter of 'run', which is not called in this file");
  ASSERT_FALSE(site.rooted.empty());
  EXPECT_EQ(site.rooted.front().root, 1u);
  const RootedLaunch *at4096 = rung(site, 4096);
  ASSERT_NE(at4096, nullptr);
  EXPECT_EQ(at4096->grid.components[0].str(), "16");
  EXPECT_EQ(at4096->args.at(1).value.str(), "4096");
}

TEST(HostRoots, TheLadderStopsWhereTheGridOverflows) {
  // The grid n * n / 1024 is 0 blocks below n = 32 (no rung yet), 2^(2k-10)
  // for n = 2^k, and at n = 2^16 n * n wraps to 0 in int: rungs 32 to 2^15.
  auto launches =
      launchesOf("void run(float *d, int n) { k<<<n * n / 1024, 1024>>>(d, "
                 "n); }\n");
  ASSERT_EQ(launches.size(), 1u);
  const LaunchSite &site = launches[0];
  ASSERT_FALSE(site.rooted.empty());
  EXPECT_EQ(site.rooted.front().root, 32u);
  EXPECT_EQ(site.rooted.back().root, uint64_t(1) << 15);
  EXPECT_EQ(site.rooted.back().grid.components[0].str(), "1048576");
}

TEST(HostRoots, LaunchConfigurationPassedInStaysUnknown) {
  // blocks and threads are the grid and the block as they are, and no
  // argument reads them: configuration, not sizes. Only n is a root (the
  // argument n / 2 is computed from it, so the ladder is made).
  auto launches =
      launchesOf("void run(float *d, int n, int blocks, int threads) {\n"
                 "  k<<<blocks, threads>>>(d, n / 2);\n}\n");
  ASSERT_EQ(launches.size(), 1u);
  const LaunchSite &site = launches[0];
  ASSERT_EQ(site.roots.size(), 1u);
  EXPECT_EQ(site.roots[0].name, "n");
  for (const RootedLaunch &r : site.rooted) {
    EXPECT_FALSE(r.grid.isKnown());
    EXPECT_FALSE(r.block.isKnown());
  }
}

TEST(HostRoots, AGridThatAnArgumentAlsoReadsIsASize) {
  // k<<<h, 256>>>(d, h): the grid is h as it is, but the kernel reads it
  // too: one block per row, a size.
  auto launches =
      launchesOf("void run(float *d, int h) { k<<<h, 256>>>(d, h); }\n");
  ASSERT_EQ(launches.size(), 1u);
  const RootedLaunch *at64 = rung(launches[0], 64);
  ASSERT_NE(at64, nullptr);
  EXPECT_EQ(at64->grid.components[0].str(), "64");
}

TEST(HostRoots, ValuesPassedAsTheyAreMakeNoLadder) {
  // n is passed as it is and the grid does not follow it: the driver
  // assumes n by itself, so no rungs are evaluated.
  auto launches = launchesOf(
      "void run(float *d, int n, int blocks) { k<<<blocks, 64>>>(d, n); }\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_TRUE(launches[0].rooted.empty());
}

TEST(HostRoots, KnownLaunchesHaveNoRungs) {
  auto launches = launchesOf("void run(float *d) { k<<<4, 32>>>(d, 8); }\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_TRUE(launches[0].roots.empty());
  EXPECT_TRUE(launches[0].rooted.empty());
}

TEST(HostRoots, AFunctionThatOnlyCallsItselfHasNoEntryValue) {
  auto launches = launchesOf("void down(float *d, int n) {\n"
                             "  k<<<n, 32>>>(d, n);\n"
                             "  if (n > 1) down(d, n / 2);\n}\n");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0].grid.components[0].unknownReason,
            "'n' is a parameter of 'down', which only calls itself in this "
            "file (its first call is in another file)");
}

TEST(HostRoots, ACaseLabelGivesTheSwitchVariableItsValue) {
  // case 64 of switch (t): the block is 64; case 16 falls through into
  // case 32, so t is 16 or 32 there and stays unknown.
  auto launches = launchesOf("void run(float *d, int t) {\n"
                             "  switch (t) {\n"
                             "  case 64:\n"
                             "    k<<<1, t>>>(d, 1);\n"
                             "    break;\n"
                             "  case 16:\n"
                             "  case 32:\n"
                             "    k<<<2, t>>>(d, 1);\n"
                             "  }\n}\n");
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_EQ(launches[0].block.components[0].str(), "64");
  EXPECT_EQ(launches[0].variant.assumptions,
            (std::vector<std::string>{
                "'t' = 64 in 'case 64:' of 'switch (t)' at line 3"}));
  EXPECT_FALSE(launches[1].block.isKnown());
}

} // namespace

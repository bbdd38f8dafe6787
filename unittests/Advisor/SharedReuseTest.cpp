//===- SharedReuseTest.cpp - When a shared copy cannot pay ----------------===//

#include "gpurd/Advisor/Placement.h"

#include "gtest/gtest.h"

using namespace gpurd::advisor;

namespace {

PlacementArray arrayWithReuse(double reuse) {
  PlacementArray array;
  array.name = "in";
  array.reuse = reuse;
  return array;
}

TEST(SharedReuseTest, ACopySavesAtMostAllButOneReadOfEachByte) {
  // At the placement check's MinGain of 10%: a copy keeps one of r reads.
  // r = 8 (a 16 x 16 GEMM tile's A): 1 - 1/8 = 87.5% of the reads saved.
  EXPECT_FALSE(sharedReuseExclusion(arrayWithReuse(8), 0.1));
  // r = 1.2: 1 - 1/1.2 = 16.7% >= 10%.
  EXPECT_FALSE(sharedReuseExclusion(arrayWithReuse(1.2), 0.1));
  // r = 1.1: 1 - 1/1.1 = 9.1% < 10%.
  std::optional<std::string> why =
      sharedReuseExclusion(arrayWithReuse(1.1), 0.1);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "'in' is not copied to shared memory: a block reads each "
                  "byte it touches 1.100 times, so a copy saves at most "
                  "9.1% of its global reads, less than the gain asked for");
  // rodinia's rdwt53Kernel: r = 1.0013, 1 - 1/1.0013 = 0.13%.
  why = sharedReuseExclusion(arrayWithReuse(1.0013), 0.1);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("1.001 times"), std::string::npos);
  EXPECT_NE(why->find("at most 0.1%"), std::string::npos);
  // Without a gain to ask for (--placements ranks every legal placement),
  // any reuse keeps the copy a candidate.
  EXPECT_FALSE(sharedReuseExclusion(arrayWithReuse(1.0013), 0));
}

} // namespace

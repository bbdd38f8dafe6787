//===- MemoryLayoutTest.cpp - Placement of a kernel's arrays --------------===//

#include "gpurd/Trace/MemoryLayout.h"

#include <gtest/gtest.h>

using namespace gpurd::trace;

namespace {

TEST(MemoryLayout, BuffersAreAlignedAndConsecutive) {
  MemoryLayout layout;
  uint64_t a = layout.placeBuffer(0, "a", 1000);
  uint64_t b = layout.placeBuffer(2, "b", std::nullopt);
  uint64_t c = layout.placeBuffer(3, "c", 8);
  EXPECT_EQ(a, GlobalBase);
  EXPECT_EQ(b, GlobalBase + 1024); // 1000 rounded up to 256
  EXPECT_EQ(c, b + UnknownBufferSpan);
  EXPECT_EQ(layout.placeBuffer(0, "a", 1000), a); // placed once
  EXPECT_EQ(*layout.bufferBase(2), b);
  EXPECT_FALSE(layout.bufferBase(1).has_value());
}

TEST(MemoryLayout, SharedVariablesRespectAlignment) {
  MemoryLayout layout;
  EXPECT_EQ(layout.placeShared("s1", 6, 2), 0u);
  EXPECT_EQ(layout.placeShared("s2", 16, 8), 8u);
  EXPECT_EQ(layout.sharedBytes(), 24u);
  EXPECT_EQ(*layout.sharedBase("s2"), 8u);
}

} // namespace

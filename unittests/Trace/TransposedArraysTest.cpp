//===- TransposedArraysTest.cpp - Arrays stored transposed ----------------===//
//
// The address map of the what-if "stored transposed" (TransposedArrays.h),
// worked by hand, and the errors of arrays it cannot move.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/TransposedArrays.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

TEST(TransposedArraysTest, MovesRowRColumnCToRowCColumnR) {
  // A 3 x 4 array of floats: rows of 16 bytes. Transposed, it is 4 rows of
  // 3: element (r, c) at c * 3 + r.
  TransposedShape shape{/*rowBytes=*/16, /*elementBytes=*/4, /*rows=*/3};
  // (0, 0) stays; (0, 1) at 1 * 3 + 0 = 3; (1, 0) at 0 * 3 + 1 = 1;
  // (2, 3) at 3 * 3 + 2 = 11: in bytes, times 4.
  EXPECT_EQ(shape.transposedOffset(0), 0u);
  EXPECT_EQ(shape.transposedOffset(4), 12u);
  EXPECT_EQ(shape.transposedOffset(16), 4u);
  EXPECT_EQ(shape.transposedOffset(2 * 16 + 3 * 4), 44u);
  // A byte inside an element keeps its place in the element.
  EXPECT_EQ(shape.transposedOffset(16 + 2), 6u);
  // Every element lands on its own place of the same 48 bytes.
  std::vector<bool> taken(48 / 4);
  for (uint64_t offset = 0; offset < 48; offset += 4) {
    uint64_t moved = shape.transposedOffset(offset);
    ASSERT_LT(moved, 48u);
    EXPECT_FALSE(taken[moved / 4]) << offset;
    taken[moved / 4] = true;
  }
  // Past the rows: where it was.
  EXPECT_EQ(shape.transposedOffset(48), 48u);
}

/// withTransposedArrays on a model of one array 'a', parameter 0 (4096
/// bytes), with no access sites, and no producer (the errors come first).
llvm::Expected<std::unique_ptr<WarpTraceSource>>
transposing(const ArrayTransposes &transposes) {
  access::AccessModel model;
  model.arrays.push_back({});
  model.arrays.back().name = "a";
  model.arrays.back().paramIndex = 0;
  MemoryLayout layout;
  layout.placeBuffer(0, "a", 4096);
  return withTransposedArrays(nullptr, model, layout, transposes);
}

TEST(TransposedArraysTest, UnknownArrayListsTheArrays) {
  auto source = transposing({{"b", 64}});
  ASSERT_FALSE(source);
  EXPECT_EQ(llvm::toString(source.takeError()),
            "no array 'b' to store transposed; the kernel's arrays: 'a'");
}

TEST(TransposedArraysTest, ArrayWithoutAccessesCannotBeMoved) {
  auto source = transposing({{"a", 64}});
  ASSERT_FALSE(source);
  EXPECT_EQ(llvm::toString(source.takeError()),
            "'a' cannot be stored transposed: the kernel does not access it");
}

} // namespace

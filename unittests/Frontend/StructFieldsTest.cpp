//===- StructFieldsTest.cpp - Members of struct parameters ----------------===//
//
// A struct parameter passed by value lists its scalar and pointer members
// with their byte offsets (the access model matches the device IR's loads
// by offset): padding, nested structs flattened, base classes, and what is
// left out (arrays, unions, bit-fields).
//
//===----------------------------------------------------------------------===//

#include "ParseHelper.h"

namespace gpurd::test {
namespace {

TEST(StructFields, OffsetsAndNames) {
  auto unit = parseSnippet(R"(
    struct Inner { short s; double d; };
    struct Base { char tag; };
    struct Params : Base {
      int n;            // 4 (after the base's char, padded)
      float *data;      // 8
      Inner inner;      // 16: inner.s 16, inner.d 24
      int table[4];     // 32: an array, left out
      unsigned flags : 3;
      bool on;          // 49: right after the bit-field's byte
    };
    __global__ void k(Params p, int m) {}
  )");
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->kernels.size(), 1u);
  const KernelParam &p = unit->kernels[0].params[0];
  std::vector<std::pair<std::string, uint64_t>> fields;
  for (const StructField &f : p.fields)
    fields.push_back({f.path, f.offset});
  std::vector<std::pair<std::string, uint64_t>> expected = {
      {"tag", 0},      {"n", 4},        {"data", 8},
      {"inner.s", 16}, {"inner.d", 24}, {"on", 49}};
  EXPECT_EQ(fields, expected);
  ASSERT_NE(fieldNamed(p, "n"), nullptr);
  EXPECT_EQ(fieldNamed(p, "n")->type.kind, ParamKind::Integer);
  EXPECT_EQ(fieldNamed(p, "n")->type.integerBits, 32u);
  EXPECT_EQ(fieldNamed(p, "data")->type.kind, ParamKind::Pointer);
  EXPECT_EQ(fieldNamed(p, "inner.d")->type.kind, ParamKind::Floating);
  EXPECT_EQ(fieldNamed(p, "on")->type.kind, ParamKind::Boolean);
  EXPECT_EQ(fieldAt(p, 24), fieldNamed(p, "inner.d"));
  EXPECT_EQ(fieldAt(p, 32), nullptr);
  // Scalars have no members.
  EXPECT_TRUE(unit->kernels[0].params[1].fields.empty());
}

} // namespace
} // namespace gpurd::test

//===- QuasiAffineTest.cpp - Quasi-affine expressions and conditions ------===//

#include "gpurd/Access/QuasiAffine.h"

#include <gtest/gtest.h>

using namespace gpurd::access;

namespace {

const std::vector<std::string> Names = {"x", "y", "n"};

TEST(QuasiAffine, FoldsConstants) {
  QuasiAffine e = QuasiAffine::constant(3) + QuasiAffine::constant(4) * 5;
  ASSERT_TRUE(e.constantValue());
  EXPECT_EQ(*e.constantValue(), 23);
  EXPECT_EQ(*QuasiAffine::constant(-7).floorDiv(2).constantValue(), -4);
  EXPECT_EQ(*QuasiAffine::constant(-7).mod(3).constantValue(), 2);
  EXPECT_EQ(
      *QuasiAffine::min(QuasiAffine::constant(2), QuasiAffine::constant(-1))
           .constantValue(),
      -1);
}

TEST(QuasiAffine, EvaluatesWithFloorSemantics) {
  QuasiAffine x = QuasiAffine::variable(0), y = QuasiAffine::variable(1);
  QuasiAffine e = (x * 4 + y - QuasiAffine::constant(9)).floorDiv(4);
  EXPECT_EQ(e.evaluate({1, 2, 0}), -1); // floor(-3 / 4)
  EXPECT_EQ(e.evaluate({5, 3, 0}), 3);  // floor(14 / 4)
  QuasiAffine m = (x - y).mod(8);
  EXPECT_EQ(m.evaluate({1, 4, 0}), 5); // -3 mod 8
  QuasiAffine mx = QuasiAffine::max(x, y * 2);
  EXPECT_EQ(mx.evaluate({3, 1, 0}), 3);
  EXPECT_EQ(mx.evaluate({3, 4, 0}), 8);
}

TEST(QuasiAffine, PrintsIslSyntax) {
  QuasiAffine x = QuasiAffine::variable(0), n = QuasiAffine::variable(2);
  EXPECT_EQ((x * 4 + n).str(Names), "((4 * x) + n)");
  EXPECT_EQ(x.floorDiv(32).str(Names), "floor((x) / 32)");
  EXPECT_EQ(x.mod(32).str(Names), "((x) mod 32)");
}

TEST(QuasiAffine, TracksVariables) {
  QuasiAffine e = QuasiAffine::variable(2) * 3 + QuasiAffine::variable(0);
  EXPECT_TRUE(e.uses(0));
  EXPECT_FALSE(e.uses(1));
  EXPECT_EQ(e.numVariablesUsed(), 3u);
  QuasiAffine moved = e.remap({1, 0, 0});
  EXPECT_TRUE(moved.uses(1));
  EXPECT_EQ(moved.evaluate({10, 2}), 3 * 10 + 2);
}

TEST(Condition, NegationIsExact) {
  QuasiAffine x = QuasiAffine::variable(0), y = QuasiAffine::variable(1);
  Condition c =
      Condition::both(Condition::lessThan(x, y),
                      Condition::equal(x.mod(2), QuasiAffine::constant(0)));
  for (int64_t a = -4; a <= 4; ++a)
    for (int64_t b = -4; b <= 4; ++b) {
      bool holds = a < b && ((a % 2 + 2) % 2) == 0;
      EXPECT_EQ(c.holds({a, b, 0}), holds) << a << " " << b;
      EXPECT_EQ(c.negated().holds({a, b, 0}), !holds) << a << " " << b;
    }
}

TEST(Condition, SimplifiesConstants) {
  EXPECT_TRUE(
      Condition::lessThan(QuasiAffine::constant(1), QuasiAffine::constant(2))
          .isTrue());
  Condition never = Condition::both(
      Condition::always(),
      Condition::equal(QuasiAffine::constant(1), QuasiAffine::constant(2)));
  EXPECT_EQ(never.kind(), Condition::Kind::False);
  EXPECT_EQ(never.str(Names), "1 = 0");
  Condition x = Condition::nonNegative(QuasiAffine::variable(0));
  EXPECT_EQ(Condition::either(x, Condition::never()).str(Names), "x >= 0");
}

} // namespace

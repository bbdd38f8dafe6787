//===- IslFormsTest.cpp - isl forms of hand-built access models -----------===//
//
// Also run under valgrind by CTest (isl-leaks): every isl object is freed.
//
//===----------------------------------------------------------------------===//

#include "IslForms.h"

#include <gtest/gtest.h>

using namespace gpurd::access;

namespace {

/// A model of `A[i * n + tx]` in `for (i = 0; i < n; ++i)` with tx < 32,
/// guarded by `tx < n`: variables bx..tz, the loop i, the parameter n.
AccessModel gemvLike() {
  AccessModel model;
  model.kernel = "k";
  for (const char *name : {"bx", "by", "bz", "tx", "ty", "tz"})
    model.variables.push_back({std::string(name)[0] == 'b'
                                   ? Variable::Kind::BlockIndex
                                   : Variable::Kind::ThreadIndex,
                               name});
  model.variables.push_back({Variable::Kind::Loop, "i"});      // 6
  model.variables.push_back({Variable::Kind::Parameter, "n"}); // 7
  ArrayInfo array;
  array.name = "A";
  array.paramIndex = 0;
  model.arrays.push_back(array);
  LoopInfo loop;
  loop.variable = 6;
  loop.lastIteration = QuasiAffine::variable(7) - QuasiAffine::constant(1);
  model.loops.push_back(loop);

  QuasiAffine tx = QuasiAffine::variable(3), i = QuasiAffine::variable(6),
              n = QuasiAffine::variable(7);
  AccessSite site;
  site.id = 0;
  site.array = 0;
  site.sizeBytes = 4;
  site.loops = {0};
  site.schedule = {0, 2};
  site.dimensions = {3, 6};
  site.affine = true;
  site.offset = (i * 32 + tx) * 4;
  site.domain = Condition::both(
      Condition::both(Condition::lessEqual(QuasiAffine::constant(0), tx),
                      Condition::lessThan(tx, QuasiAffine::constant(32))),
      Condition::both(
          Condition::both(Condition::lessEqual(QuasiAffine::constant(0), i),
                          Condition::lessEqual(i, *loop.lastIteration)),
          Condition::lessThan(tx, n)));
  model.sites.push_back(site);
  return model;
}

TEST(IslForms, NormalisedDomainAccessAndSchedule) {
  AccessModel model = gemvLike();
  ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 1000000)));
  const AccessSite &site = model.sites[0];
  EXPECT_TRUE(site.affine);
  EXPECT_FALSE(site.neverExecuted);
  EXPECT_EQ(site.islDomain,
            "[n] -> { S0[tx, i] : 0 <= tx <= 31 and tx < n and 0 <= i < n }");
  EXPECT_EQ(site.islAccess, "[n] -> { S0[tx, i] -> A[4tx + 128i] : 0 <= tx "
                            "<= 31 and tx < n and 0 <= i < n }");
  EXPECT_EQ(site.islSchedule, "[n] -> { S0[tx, i] -> [0, i, 2] }");
  EXPECT_EQ(model.loops[0].islLastIteration, "-1 + n");
}

TEST(IslForms, EmptyDomainIsNeverExecuted) {
  AccessModel model = gemvLike();
  model.sites[0].domain = Condition::both(
      model.sites[0].domain,
      Condition::lessThan(QuasiAffine::variable(3), QuasiAffine::constant(0)));
  ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 1000000)));
  EXPECT_TRUE(model.sites[0].neverExecuted);
}

TEST(IslForms, OperationLimitMakesTheSiteNonAffine) {
  AccessModel model = gemvLike();
  ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 5)));
  const AccessSite &site = model.sites[0];
  EXPECT_FALSE(site.affine);
  ASSERT_TRUE(site.reason.has_value());
  EXPECT_STREQ(site.reason->name(), "complexity");
}

} // namespace

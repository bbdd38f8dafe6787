//===- IslNamesTest.cpp - Hostile names in isl text -----------------------===//
//
// Names in the access model come from the program and the compiler; isl
// must read each as one identifier. Parboil cutcp and SHOC sort stopped with
// "isl rejected the access ... myBinIndex (.0)[0]: syntax error" before
// names were mapped (IslNames.h).
//
//===----------------------------------------------------------------------===//

#include "IslNames.h"
#include "Isl.h"
#include "IslForms.h"

#include <isl/map.h>
#include <isl/set.h>

#include <gtest/gtest.h>

using namespace gpurd::access;

namespace {

TEST(IslNames, IdentifiersAreKeptAndOthersMapped) {
  EXPECT_EQ(islIdentifierFor("row_k2"), "row_k2");
  // The demangled name of an SROA piece, a template variable, a member.
  EXPECT_EQ(islIdentifierFor("myBinIndex (.0)"), "myBinIndex_0");
  EXPECT_EQ(islIdentifierFor("table<int>"), "table_int");
  EXPECT_EQ(islIdentifierFor("p.n"), "p_n");
  EXPECT_EQ(islIdentifierFor("a..b"), "a_b");
  // Keywords of isl's lexer, in any letter case.
  EXPECT_EQ(islIdentifierFor("max"), "max_");
  EXPECT_EQ(islIdentifierFor("Floor"), "Floor_");
  EXPECT_EQ(islIdentifierFor("NAN"), "NAN_");
  EXPECT_EQ(islIdentifierFor("and"), "and_");
  EXPECT_EQ(islIdentifierFor("exists"), "exists_");
  // isl's primes and other punctuation are not kept.
  EXPECT_EQ(islIdentifierFor("x'"), "x");
  EXPECT_EQ(islIdentifierFor("-> }"), "v");
  // No identifier starts with a digit, and none is empty.
  EXPECT_EQ(islIdentifierFor("2d"), "v_2d");
  EXPECT_EQ(islIdentifierFor("", "a"), "a");
  EXPECT_FALSE(isIslKeyword("maximum"));
  EXPECT_TRUE(isIslKeyword("MOD"));
}

/// `A[i * 32 + tx]` for 0 <= tx < 32, 0 <= i < n, tx < n (a gemv-like
/// model), with the loop variable, the parameter and the array given the
/// names \p loop, \p param and \p array.
AccessModel modelNamed(const std::string &loop, const std::string &param,
                       const std::string &array) {
  AccessModel model;
  model.kernel = "k";
  for (const char *name : {"bx", "by", "bz", "tx", "ty", "tz"})
    model.variables.push_back({std::string(name)[0] == 'b'
                                   ? Variable::Kind::BlockIndex
                                   : Variable::Kind::ThreadIndex,
                               name});
  model.variables.push_back({Variable::Kind::Loop, loop});       // 6
  model.variables.push_back({Variable::Kind::Parameter, param}); // 7
  ArrayInfo info;
  info.name = array;
  model.arrays.push_back(info);
  LoopInfo l;
  l.variable = 6;
  l.lastIteration = QuasiAffine::variable(7) - QuasiAffine::constant(1);
  model.loops.push_back(l);
  QuasiAffine tx = QuasiAffine::variable(3), i = QuasiAffine::variable(6),
              n = QuasiAffine::variable(7);
  AccessSite site;
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
                          Condition::lessEqual(i, *l.lastIteration)),
          Condition::lessThan(tx, n)));
  model.sites.push_back(site);
  return model;
}

/// Whether isl reads \p text back (the printed forms are isl text too).
bool islReads(const std::string &text) {
  IslContext ctx(0);
  IslPtr<isl_map> map(isl_map_read_from_str(ctx.get(), text.c_str()));
  if (map)
    return true;
  llvm::consumeError(ctx.takeError("map"));
  IslPtr<isl_set> set(isl_set_read_from_str(ctx.get(), text.c_str()));
  llvm::consumeError(ctx.takeError("set"));
  return static_cast<bool>(set);
}

TEST(IslNames, HostileNamesGiveTheSameFormsUnderSafeNames) {
  // The same model as IslForms.NormalisedDomainAccessAndSchedule, where
  // i, n and A print as
  //   [n] -> { S0[tx, i] : 0 <= tx <= 31 and tx < n and 0 <= i < n }
  //   [n] -> { S0[tx, i] -> A[4tx + 128i] : ... }
  // With i = `max` (keyword), n = `and` (keyword) and A = `uni (.0)`
  // (what Clang's demangler makes of an SROA piece), the forms are those
  // with i -> max_, n -> and_, A -> uni_0.
  AccessModel model = modelNamed("max", "and", "uni (.0)");
  ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 1000000)));
  const AccessSite &site = model.sites[0];
  ASSERT_TRUE(site.affine);
  EXPECT_EQ(site.islDomain, "[and_] -> { S0[tx, max_] : 0 <= tx <= 31 and tx "
                            "< and_ and 0 <= max_ < and_ }");
  EXPECT_EQ(site.islAccess,
            "[and_] -> { S0[tx, max_] -> uni_0[4tx + 128max_] : 0 <= tx <= 31 "
            "and tx < and_ and 0 <= max_ < and_ }");
  EXPECT_EQ(site.islSchedule, "[and_] -> { S0[tx, max_] -> [0, max_, 2] }");
  EXPECT_EQ(model.loops[0].islLastIteration, "-1 + and_");
  // The model keeps the display names and records the isl ones.
  EXPECT_EQ(model.variables[6].name, "max");
  EXPECT_EQ(model.variables[6].islName, "max_");
  EXPECT_EQ(model.arrays[0].name, "uni (.0)");
  EXPECT_EQ(model.arrays[0].islName, "uni_0");
  EXPECT_TRUE(islReads(site.islDomain));
  EXPECT_TRUE(islReads(site.islAccess));
  EXPECT_TRUE(islReads(site.islSchedule));
}

TEST(IslNames, NamesThatMapAlikeStayDistinct) {
  // `k.1` and `k_1` both map to k_1, and an array named like the loop
  // variable would make isl confuse the two. Each gets its own identifier,
  // variables first (k_1, k_1_2), then arrays (k_1_3).
  AccessModel model = modelNamed("k.1", "k_1", "k_1");
  ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 1000000)));
  EXPECT_EQ(model.variables[6].islName, "k_1");
  EXPECT_EQ(model.variables[7].islName, "k_1_2");
  EXPECT_EQ(model.arrays[0].islName, "k_1_3");
  const AccessSite &site = model.sites[0];
  ASSERT_TRUE(site.affine);
  EXPECT_EQ(site.islAccess,
            "[k_1_2] -> { S0[tx, k_1] -> k_1_3[4tx + 128k_1] : 0 <= tx <= 31 "
            "and tx < k_1_2 and 0 <= k_1 < k_1_2 }");
}

TEST(IslNames, EveryPrintableCharacterIsSafe) {
  // Each ASCII punctuation character inside a name (isl's operators,
  // brackets, comment sign, quotes): the forms are still read.
  for (char c = 33; c < 127; ++c) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
      continue;
    std::string hostile = std::string("a") + c + "b";
    AccessModel model = modelNamed(hostile, std::string(1, c), hostile);
    ASSERT_FALSE(static_cast<bool>(computeIslForms(model, 1000000)))
        << "name '" << hostile << "'";
    EXPECT_TRUE(model.sites[0].affine) << "name '" << hostile << "'";
    EXPECT_TRUE(islReads(model.sites[0].islAccess)) << hostile;
  }
}

} // namespace

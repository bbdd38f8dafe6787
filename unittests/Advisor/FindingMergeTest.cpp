//===- FindingMergeTest.cpp - One warning per expression and change -------===//

#include "gpurd/Advisor/Advisor.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::advisor;

namespace {

Finding finding(const char *check, const char *kernel, unsigned line,
                unsigned column, const char *message) {
  Finding f;
  f.check = check;
  f.kernel = kernel;
  f.position = {"k.cu", line, column};
  f.message = message;
  f.exact = true;
  return f;
}

// `x[i] += v`: the load at the subscript and the store at the operator,
// one line: one warning, the store's message a note, the notes they share
// once, exact only when both are.
TEST(FindingMergeTest, OneCheckOneLineIsOneFinding) {
  Finding load = finding("gpurd-uncoalesced-access", "k", 7, 5, "load");
  load.notes.push_back({std::nullopt, "shared note"});
  Finding store = finding("gpurd-uncoalesced-access", "k", 7, 10, "store");
  store.notes.push_back({std::nullopt, "shared note"});
  store.exact = false;
  Finding other = finding("gpurd-shared-bank-conflict", "k", 7, 12, "bank");
  Finding elsewhere = finding("gpurd-uncoalesced-access", "k", 8, 5, "next");
  std::vector<Finding> merged =
      mergeSamePosition({load, store, other, elsewhere});
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0].message, "load");
  ASSERT_EQ(merged[0].notes.size(), 2u);
  EXPECT_EQ(merged[0].notes[0].message, "shared note");
  EXPECT_EQ(merged[0].notes[1].message, "also: store");
  EXPECT_FALSE(merged[0].exact);
  EXPECT_EQ(merged[1].check, "gpurd-shared-bank-conflict");
  EXPECT_EQ(merged[2].message, "next");
}

// Another kernel's finding on the same line stays its own (a template's
// instances are kernels of their own).
TEST(FindingMergeTest, KernelsDoNotMerge) {
  std::vector<Finding> merged = mergeSamePosition(
      {finding("gpurd-uncoalesced-access", "k<1>", 7, 5, "a"),
       finding("gpurd-uncoalesced-access", "k<2>", 7, 5, "b")});
  EXPECT_EQ(merged.size(), 2u);
}

// A placement in shared memory on a line the staging check reports is the
// same change: folded into the staging's finding; a placement elsewhere,
// or in constant memory, stays.
TEST(FindingMergeTest, StagingSubsumesASharedPlacementOnItsLine) {
  std::vector<Finding> out = foldStagedPlacements(
      {finding("gpurd-shared-tiling", "gemm", 14, 12, "stage A and B"),
       finding("gpurd-placement", "gemm", 14, 29,
               "'B' is only read; placing it in shared memory is ..."),
       finding("gpurd-placement", "gemm", 14, 40,
               "'x' is only read; placing it in constant memory is ..."),
       finding("gpurd-placement", "gemm", 20, 3,
               "'C' is only read; placing it in shared memory is ...")});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].check, "gpurd-shared-tiling");
  ASSERT_EQ(out[0].notes.size(), 1u);
  EXPECT_EQ(out[0].notes[0].message,
            "gpurd-placement: 'B' is only read; placing it in shared memory "
            "is ...");
  EXPECT_EQ(out[0].notes[0].position->column, 29u);
  EXPECT_EQ(out[1].position.column, 40u);
  EXPECT_EQ(out[2].position.line, 20u);
}

} // namespace

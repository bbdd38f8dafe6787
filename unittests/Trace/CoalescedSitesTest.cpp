//===- CoalescedSitesTest.cpp - Memory operations coalesced ---------------===//
//
// The what-if "this load coalesced" (CoalescedSites.h), worked by hand.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/CoalescedSites.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

TEST(CoalescedSitesTest, LanesReadConsecutiveElementsOfAWarpSpan) {
  // 4-byte elements: a warp's span is 128 bytes. The lowest lane reads
  // byte 1000: the span starts at 896 (7 x 128), lane l at 896 + 4 l.
  EXPECT_EQ(coalescedAddress(1000, 4, 0), 896u);
  EXPECT_EQ(coalescedAddress(1000, 4, 31), 896u + 124);
  // 8-byte elements: spans of 256 bytes.
  EXPECT_EQ(coalescedAddress(1000, 8, 1), 768u + 8);
  // 12-byte elements (a float3): 384 bytes is not a power of two, so the
  // span starts where the lowest lane reads.
  EXPECT_EQ(coalescedAddress(1000, 12, 2), 1024u);
}

/// One warp of two instructions: site 0 with lanes 128 bytes apart, site 1
/// likewise; lanes 0 and 1 inactive.
class TwoSites : public WarpTraceSource {
public:
  llvm::Error traceBlock(uint64_t block,
                         std::vector<WarpTrace> &warps) override {
    warps.assign(1, WarpTrace());
    for (uint32_t site : {0u, 1u}) {
      WarpInstruction i;
      i.site = site;
      i.size = 4;
      i.activeMask = ~0u << 2;
      for (unsigned l = 0; l < WarpSize; ++l)
        i.addresses[l] = 4096 + 128 * l;
      warps[0].instructions.push_back(i);
    }
    return llvm::Error::success();
  }
  const TraceLaunch &launch() const override { return traceLaunch; }
  const char *name() const override { return "two-sites"; }

private:
  TraceLaunch traceLaunch;
};

TEST(CoalescedSitesTest, OnlyTheGivenSitesMove) {
  auto source = withCoalescedSites(std::make_unique<TwoSites>(), {0});
  std::vector<WarpTrace> warps;
  ASSERT_FALSE(static_cast<bool>(source->traceBlock(0, warps)));
  ASSERT_EQ(warps.size(), 1u);
  const WarpInstruction &moved = warps[0].instructions[0];
  const WarpInstruction &kept = warps[0].instructions[1];
  // Site 0: the lowest active lane (2) reads 4096 + 256 = 4352, whose span
  // starts at 4352 (34 x 128): lane l at 4352 + 4 l.
  EXPECT_EQ(moved.addresses[2], 4352u + 8);
  EXPECT_EQ(moved.addresses[31], 4352u + 124);
  // Inactive lanes are left alone; site 1 keeps its addresses.
  EXPECT_EQ(moved.addresses[0], 4096u);
  EXPECT_EQ(kept.addresses[31], 4096u + 128 * 31);
}

} // namespace

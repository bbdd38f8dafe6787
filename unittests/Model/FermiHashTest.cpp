//===- FermiHashTest.cpp - Seed 000 §5.1 through the cache model ----------===//
//
// Fermi's L1 set hash (seed 000 §5.1, Fig. 6: set-index bit i = byte-address
// bit 7+i XOR bit 13, 14, 15, 17, 19), exercised with the addresses of the
// seed's micro-benchmarks on the fermi-gtx470 preset:
//  - Fig. 5: 128 threads fill the 16 KB L1 with consecutive addresses (every
//    set gets exactly its 4 lines, so stage 3 hits), and one extra load in
//    stage 2 causes stage-3 misses only in that load's set, at most 4 of
//    them;
//  - Fig. 7: a single warp runs two identical loops of N non-overlapping
//    128-byte loads with stride 2^k: 50% misses when the lines fit their
//    sets, 100% otherwise, with the number of sets used given by the rank of
//    the hash restricted to the varied address bits (e.g. stride 2^12 and
//    128 loads vary bits 12-18, of which only 13, 14, 15 and 17 reach the
//    index: 16 sets).
// The expected values are computed here from Fig. 6 directly, not from the
// preset's index function.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Arch/Presets.h"

#include <set>

using namespace gpurd;
using namespace gpurd::model;
using namespace gpurd::model::test;

namespace {

// Fig. 6, 16 KB / 32 sets.
const unsigned SecondBit[5] = {13, 14, 15, 17, 19};

unsigned figure6Set(uint64_t address) {
  unsigned set = 0;
  for (unsigned i = 0; i < 5; ++i)
    set |= unsigned(((address >> (7 + i)) ^ (address >> SecondBit[i])) & 1)
           << i;
  return set;
}

/// The rank over GF(2) of the set bits as functions of address bits
/// [low, low + count): how many set-index bits the varied bits reach.
unsigned hashRank(unsigned low, unsigned count) {
  std::vector<unsigned> rows; // one 5-bit image per varied address bit
  for (unsigned b = low; b < low + count; ++b)
    rows.push_back(figure6Set(uint64_t(1) << b));
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 5; ++bit) {
    auto pivot = std::find_if(rows.begin() + rank, rows.end(),
                              [&](unsigned r) { return r & (1u << bit); });
    if (pivot == rows.end())
      continue;
    std::swap(rows[rank], *pivot);
    for (size_t r = 0; r < rows.size(); ++r)
      if (r != rank && (rows[r] & (1u << bit)))
        rows[r] ^= rows[rank];
    ++rank;
  }
  return rank;
}

arch::ArchDescription fermi() {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset("fermi-gtx470");
  EXPECT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  return *arch;
}

TEST(FermiHashTest, TheFigure6HashIsThePresets) {
  arch::ArchDescription arch = fermi();
  for (uint64_t a = 0; a < (1u << 21); a += 128 * 7 + 4)
    ASSERT_EQ(arch.l1->index->setIndex(a, 128, 32), figure6Set(a)) << a;
  // §5.1's example: stride 2^12, 128 loads -> bits 12-18 -> 4 index bits.
  EXPECT_EQ(hashRank(12, 7), 4u);
}

/// Fig. 5 with 128 threads (4 warps): stage 1 loads mem[tid + i*128] for
/// i < 32 (ints), stage 2 has thread 0 load mem[sv] (when sv is given),
/// stage 3 repeats stage 1.
HandKernel figure5Kernel(std::optional<uint64_t> sv) {
  HandKernel kernel;
  kernel.launch.block = {128, 1, 1};
  for (unsigned w = 0; w < 4; ++w) {
    trace::WarpTrace &warp = kernel.warp(0, w);
    for (unsigned stage : {1, 3}) {
      if (stage == 3 && sv && w == 0)
        warp.instructions.push_back(lane0(*sv * 4, trace::AccessKind::Read, 2));
      for (unsigned i = 0; i < 32; ++i)
        warp.instructions.push_back(fullWarp(4 * (32 * w + i * 128), 4,
                                             trace::AccessKind::Read, stage));
    }
  }
  return kernel;
}

TEST(FermiHashTest, Figure5FillsEverySetWithFourLines) {
  std::vector<unsigned> linesPerSet(32, 0);
  for (uint64_t line = 0; line < 128; ++line)
    ++linesPerSet[figure6Set(line * 128)];
  for (unsigned n : linesPerSet)
    EXPECT_EQ(n, 4u);
  CacheModelResults results = run(fermi(), figure5Kernel(std::nullopt));
  const SiteCacheResults *stage1 = results.site(1);
  const SiteCacheResults *stage3 = results.site(3);
  ASSERT_TRUE(stage1 && stage3);
  EXPECT_EQ(stage1->l1.readAccesses, 128u);
  EXPECT_EQ(stage1->l1.readMissCount(MissClass::Compulsory), 128u);
  EXPECT_EQ(stage3->l1.readAccesses, 128u);
  EXPECT_EQ(stage3->l1.readHits, 128u);
}

TEST(FermiHashTest, Figure5OneMoreLoadMissesOnlyInItsSet) {
  arch::ArchDescription arch = fermi();
  unsigned sweptWithMisses = 0;
  // A sweep of stage-2 addresses beyond the 16 KB (ints).
  for (uint64_t sv = 4096; sv < 4096 + 64 * 32 * 37; sv += 32 * 37) {
    Recorder recorder;
    CacheModelOptions options;
    options.observer = &recorder;
    run(arch, figure5Kernel(sv), options);
    unsigned svSet = figure6Set(sv * 4);
    unsigned misses = 0;
    for (const RequestEvent &e : recorder.requests)
      if (e.site == 3 && e.status != RequestStatus::Hit &&
          e.status != RequestStatus::ReservationFailure) {
        ++misses;
        EXPECT_EQ(figure6Set(e.lineAddress), svSet) << "sv " << sv;
      }
    // "We find only up to 4 cache misses each time in the third stage".
    EXPECT_LE(misses, 4u) << "sv " << sv;
    sweptWithMisses += misses > 0;
  }
  EXPECT_GT(sweptWithMisses, 0u);
}

// Fig. 7: a single warp, two identical loops of `loads` coalesced 128-byte
// loads with stride 2^k bytes.
TEST(FermiHashTest, Figure7StridedLoops) {
  arch::ArchDescription arch = fermi();
  for (unsigned k = 7; k <= 20; ++k) {
    for (unsigned logLoads = 2; logLoads <= 8; ++logLoads) {
      const unsigned loads = 1u << logLoads;
      HandKernel kernel;
      kernel.launch.block = {32, 1, 1};
      trace::WarpTrace &warp = kernel.warp(0, 0);
      for (unsigned loop = 0; loop < 2; ++loop)
        for (unsigned i = 0; i < loads; ++i)
          warp.instructions.push_back(
              fullWarp(uint64_t(i) << k, 4, trace::AccessKind::Read, loop));
      CacheModelResults results = run(arch, kernel);
      // The varied bits are k .. k + logLoads - 1 (bits of the line offset
      // never vary between loads since k >= 7).
      unsigned sets = 1u << hashRank(k, logLoads);
      bool fits = loads / sets <= 4; // 4 ways
      double missRate = results.l1.readMissRate();
      EXPECT_DOUBLE_EQ(missRate, fits ? 0.5 : 1.0)
          << "stride 2^" << k << ", " << loads << " loads, " << sets << " sets";
    }
  }
}

} // namespace

//===- PresetsTest.cpp - The built-in presets -----------------------------===//

#include "gpurd/Arch/Presets.h"
#include "gpurd/Arch/ArchJson.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace gpurd::arch;

namespace {

TEST(PresetsTest, NamesAreSortedAndComplete) {
  llvm::ArrayRef<llvm::StringRef> names = presetNames();
  EXPECT_TRUE(llvm::is_sorted(names));
  for (llvm::StringRef expected :
       {"fermi-gtx470", "fermi-gtx470-l1-48k", "kepler-k80", "maxwell-gtx970",
        "maxwell-gtx970-dlcm-cg", "mdm-pascal", "volta-v100", "ampere-a100", "hopper-h100"})
    EXPECT_TRUE(llvm::is_contained(names, expected)) << expected.str();
}

TEST(PresetsTest, EveryPresetLoadsAndRoundTrips) {
  for (llvm::StringRef name : presetNames()) {
    SCOPED_TRACE(name.str());
    llvm::Expected<ArchDescription> arch = loadPreset(name);
    ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
    EXPECT_EQ(arch->name, name);
    EXPECT_FALSE(arch->sources.empty());
    EXPECT_TRUE(arch->description.has_value());
    std::string printed = printArchJson(*arch);
    llvm::Expected<ArchDescription> reparsed = parseArchJson(printed, name);
    ASSERT_TRUE(bool(reparsed)) << llvm::toString(reparsed.takeError());
    EXPECT_EQ(printArchJson(*reparsed), printed);
  }
}

// seed 000 §3, §3.1, §3.2, §4.4, §5.1, §5.2 and the seed's reference
// implementation.
TEST(PresetsTest, FermiMatchesSeed000) {
  llvm::Expected<ArchDescription> arch = loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->computeCapability, "sm_20");
  EXPECT_EQ(arch->sm.count, 14u);
  EXPECT_EQ(arch->sm.warpSize, 32u);
  EXPECT_EQ(arch->sm.coresPerSm, 32u);
  EXPECT_EQ(arch->sm.maxThreadsPerSm, 1536u);
  EXPECT_EQ(arch->sm.maxBlocksPerSm, 8u);
  EXPECT_EQ(arch->sm.l1SharedCapacity, 65536u);

  ASSERT_TRUE(arch->l1.has_value());
  const CacheDescription &l1 = *arch->l1;
  EXPECT_EQ(l1.size, 16384u);
  EXPECT_EQ(l1.lineSize, 128u);
  EXPECT_EQ(l1.assoc, 4u);
  EXPECT_EQ(l1.linesPerBank(), 128u);
  EXPECT_EQ(l1.setsPerBank(), 32u);
  EXPECT_EQ(l1.replacement, ReplacementPolicy::Lru);
  EXPECT_EQ(l1.cachesGlobalLoads, true);
  EXPECT_EQ(l1.bypass, BypassPolicy::Writes);
  ASSERT_TRUE(l1.index.has_value());
  EXPECT_EQ(l1.index->kind, IndexFunctionKind::Xor);
  std::vector<std::vector<unsigned>> fermiHash = {
      {7, 13}, {8, 14}, {9, 15}, {10, 17}, {11, 19}};
  EXPECT_EQ(l1.index->bits, fermiHash);

  ASSERT_TRUE(l1.mshr.has_value());
  EXPECT_EQ(l1.mshr->entries, 64u);
  EXPECT_EQ(l1.mshr->perWarp, 6u);
  EXPECT_EQ(l1.mshr->reservationFailure, ReservationFailurePolicy::Reissue);

  ASSERT_TRUE(l1.latencyModel.has_value());
  EXPECT_EQ(l1.latencyModel->kind, LatencyModelKind::HalfNormal);
  EXPECT_EQ(l1.latencyModel->hit, 0.0);
  EXPECT_EQ(l1.latencyModel->lambdaMin, 100.0);
  EXPECT_EQ(l1.latencyModel->sigma, 5.0);
}

TEST(PresetsTest, Fermi48kIsTheOtherSplit) {
  llvm::Expected<ArchDescription> arch = loadPreset("fermi-gtx470-l1-48k");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->l1->size, 49152u);
  EXPECT_EQ(arch->l1->assoc, 6u);
  EXPECT_EQ(arch->l1->setsPerBank(), 64u);
  ASSERT_EQ(arch->l1->index->bits.size(), 6u);
  EXPECT_EQ(arch->l1->index->bits[5], std::vector<unsigned>{12});
  EXPECT_EQ(arch->sm.sharedMemoryPerSm, 16384u);
  // Inherited from the base preset.
  EXPECT_EQ(arch->sm.count, 14u);
  EXPECT_EQ(arch->l1->mshr->entries, 64u);
  EXPECT_FALSE(arch->sources.empty());
}

// seed 002 §III-C1, §III-C2.
TEST(PresetsTest, KeplerDramMatchesSeed002) {
  llvm::Expected<ArchDescription> arch = loadPreset("kepler-k80");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  ASSERT_TRUE(arch->dram.has_value());
  const DramDescription &dram = *arch->dram;
  EXPECT_EQ(dram.rowHitLatencyNs, 352.0);
  EXPECT_EQ(dram.rowMissLatencyNs, 742.0);
  EXPECT_EQ(dram.rowConflictLatencyNs, 1008.0);
  EXPECT_EQ(dram.channels, 6u);
  ASSERT_TRUE(dram.addressMapping.has_value());
  const AddressMapping &mapping = *dram.addressMapping;
  ASSERT_EQ(mapping.rowColumnBits.size(), 2u);
  EXPECT_EQ(mapping.rowColumnBits[0].low, 8u);
  EXPECT_EQ(mapping.rowColumnBits[0].high, 21u);
  EXPECT_EQ(mapping.rowColumnBits[1].low, 30u);
  EXPECT_EQ(mapping.rowColumnBits[1].high, 32u);
  ASSERT_EQ(mapping.byteBits.size(), 1u);
  EXPECT_EQ(mapping.byteBits[0].high, 2u);
}

// seed 001 Table 5, §3.1, §4.4.2, §5.1.
TEST(PresetsTest, MaxwellMatchesSeed001) {
  llvm::Expected<ArchDescription> arch = loadPreset("maxwell-gtx970");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->sm.count * arch->l1->partitions.value_or(1), 26u);
  const CacheDescription &l1 = *arch->l1;
  EXPECT_EQ(*l1.size / *l1.partitions, 24u * 1024);
  EXPECT_EQ(l1.assoc, 192u);
  EXPECT_EQ(l1.lineSize, 32u);
  EXPECT_EQ(l1.index->kind, IndexFunctionKind::Xor);
  EXPECT_EQ(l1.replacement, ReplacementPolicy::Lru);
  EXPECT_EQ(l1.ports, 2u);
  EXPECT_EQ(l1.mshr->entries, 32u);
  EXPECT_EQ(l1.mshr->maxMerges, 8u);
  EXPECT_EQ(l1.mshr->reservationFailure, ReservationFailurePolicy::StallWarp);
  EXPECT_EQ(l1.latencyModel->kind, LatencyModelKind::Adaptive);
  EXPECT_EQ(l1.latencyModel->k1, 2.0);
  EXPECT_EQ(l1.latencyModel->k2, 0.25);
  const CacheDescription &l2 = *arch->l2;
  EXPECT_EQ(l2.size, 1792u * 1024);
  EXPECT_EQ(l2.assoc, 8u);
  EXPECT_EQ(l2.lineSize, 32u);
  EXPECT_EQ(*l2.size / l2.totalBanks(), 128u * 1024);
  EXPECT_EQ(l2.mshr->sets, 4u);
  EXPECT_EQ(l2.mshr->setOfPartition,
            (std::vector<unsigned>{0, 0, 1, 1, 2, 2, 3}));
}

// seed 004 Table 1.
TEST(PresetsTest, MdmMatchesSeed004Table1) {
  llvm::Expected<ArchDescription> arch = loadPreset("mdm-pascal");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->clockMHz, 1400.0);
  EXPECT_EQ(arch->sm.count, 28u);
  EXPECT_EQ(arch->sm.warpSchedulers, 4u);
  EXPECT_EQ(arch->sm.issueWidth, 2u);
  EXPECT_EQ(arch->sm.maxWarpsPerSm, 64u);
  EXPECT_EQ(arch->sm.schedulingPolicy, WarpSchedulingPolicy::LooseRoundRobin);
  EXPECT_EQ(arch->l1->size, 48u * 1024);
  EXPECT_EQ(arch->l1->assoc, 6u);
  EXPECT_EQ(arch->l1->mshr->entries, 128u);
  EXPECT_EQ(arch->l2->size, 24u * 128 * 1024);
  EXPECT_EQ(arch->l2->partitions, 24u);
  EXPECT_EQ(arch->l2->assoc, 8u);
  EXPECT_EQ(arch->l2->mshr->entries, 128u);
  EXPECT_EQ(arch->l2->hitLatency, 120.0);
  EXPECT_EQ(arch->dram->channels, 24u);
  EXPECT_EQ(arch->dram->bandwidthGBps, 480.0);
  EXPECT_EQ(arch->dram->minLatency, 220.0);
  EXPECT_EQ(arch->noc->bandwidthGBps, 1050.0);
}

TEST(PresetsTest, UnknownPresetListsNames) {
  llvm::Expected<ArchDescription> arch = loadPreset("volta");
  ASSERT_FALSE(bool(arch));
  std::string error = llvm::toString(arch.takeError());
  EXPECT_EQ(error.rfind("unknown architecture preset 'volta'; did you mean "
                        "'volta-v100'? (known presets: ampere-a100, ",
                        0),
            0u)
      << error;
  EXPECT_NE(error.find("hopper-h100"), std::string::npos);

  arch = loadPreset("fermi-gtx407");
  ASSERT_FALSE(bool(arch));
  error = llvm::toString(arch.takeError());
  EXPECT_NE(error.find("did you mean 'fermi-gtx470'?"), std::string::npos)
      << error;

  arch = loadPreset("zzzzzzzzzzzzzzzzzzzzzz");
  ASSERT_FALSE(bool(arch));
  error = llvm::toString(arch.takeError());
  EXPECT_EQ(error.find("did you mean"), std::string::npos) << error;
  EXPECT_NE(error.find("known presets:"), std::string::npos) << error;
}

TEST(PresetsTest, MissingFileNamesPathAndReason) {
  llvm::Expected<ArchDescription> arch =
      loadArchFile("/nonexistent/dir/my-gpu.json");
  ASSERT_FALSE(bool(arch));
  std::string error = llvm::toString(arch.takeError());
  EXPECT_NE(error.find("cannot read architecture file "
                       "'/nonexistent/dir/my-gpu.json': "),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("o such file or directory"), std::string::npos) << error;
}

TEST(PresetsTest, LoadsAFileAndReportsItsPath) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("gpurd-arch", "json", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    ASSERT_FALSE(ec);
    out << R"({"name": "mine", "base": "volta-v100", "l1": {"assoc": 3}})";
  }
  llvm::Expected<ArchDescription> arch = loadArch(path);
  ASSERT_FALSE(bool(arch));
  EXPECT_EQ(llvm::toString(arch.takeError()),
            path.str().str() +
                ": /l1/assoc: expected a positive integer that divides the "
                "number of lines (256), got 3");
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    ASSERT_FALSE(ec);
    out << R"({"name": "mine", "base": "volta-v100", "l1": {"assoc": 4}})";
  }
  arch = loadArch(path);
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->name, "mine");
  EXPECT_EQ(arch->l1->setsPerBank(), 64u);
  llvm::sys::fs::remove(path);

  arch = loadArch("ampere-a100");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->computeCapability, "sm_80");
}

} // namespace

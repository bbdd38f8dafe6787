//===- ArchJsonTest.cpp - Parsing, validation and printing ----------------===//

#include "gpurd/Arch/ArchJson.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <string>

using namespace gpurd::arch;

namespace {

/// A small valid description with an L1 of 128 lines.
const char *const MinimalL1 = R"({
  "name": "test",
  "sm": {"count": 2, "warpSize": 32},
  "l1": {"size": 16384, "lineSize": 128, "assoc": 4}
})";

/// The error text of parsing \p text as "arch.json", or "" on success.
std::string parseError(const std::string &text) {
  llvm::Expected<ArchDescription> arch = parseArchJson(text, "arch.json");
  if (arch)
    return "";
  return llvm::toString(arch.takeError());
}

/// MinimalL1 with the l1 object replaced by \p l1.
std::string withL1(const std::string &l1) {
  return R"({"name": "test", "sm": {"count": 2, "warpSize": 32}, "l1": )" + l1 +
         "}";
}

TEST(ArchJsonTest, ParsesMinimalDescription) {
  llvm::Expected<ArchDescription> arch = parseArchJson(MinimalL1, "arch.json");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->name, "test");
  EXPECT_EQ(arch->sm.count, 2u);
  ASSERT_TRUE(arch->l1.has_value());
  EXPECT_EQ(arch->l1->size, 16384u);
  EXPECT_EQ(arch->l1->linesPerBank(), 128u);
  EXPECT_EQ(arch->l1->setsPerBank(), 32u);
  EXPECT_FALSE(arch->l2.has_value());
  EXPECT_FALSE(arch->clockMHz.has_value());
}

TEST(ArchJsonTest, AssocMustDivideLines) {
  EXPECT_EQ(parseError(withL1(R"({"size": 16384, "lineSize": 128,
                                   "assoc": 3})")),
            "arch.json: /l1/assoc: expected a positive integer that divides "
            "the number of lines (128), got 3");
}

TEST(ArchJsonTest, AssocCountsLinesPerBank) {
  EXPECT_EQ(parseError(withL1(R"({"size": 65536, "lineSize": 32,
                                   "partitions": 2, "banks": 2,
                                   "assoc": 3})")),
            "arch.json: /l1/assoc: expected a positive integer that divides "
            "the number of lines per bank (512), got 3");
}

TEST(ArchJsonTest, SizeMustBeWholeLines) {
  EXPECT_EQ(parseError(withL1(R"({"size": 1000, "lineSize": 128})")),
            "arch.json: /l1/size: expected a multiple of lineSize (128), got "
            "1000");
}

TEST(ArchJsonTest, LineSizeMustBePowerOfTwo) {
  EXPECT_EQ(parseError(withL1(R"({"lineSize": 96})")),
            "arch.json: /l1/lineSize: expected a power of two, got 96");
}

TEST(ArchJsonTest, WrongTypes) {
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": "14",
                           "warpSize": 32}})"),
            "arch.json: /sm/count: expected a positive integer, got \"14\"");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1.5,
                           "warpSize": 32}})"),
            "arch.json: /sm/count: expected a positive integer, got 1.5");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 0,
                           "warpSize": 32}})"),
            "arch.json: /sm/count: expected a positive integer, got 0");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": -2,
                           "warpSize": 32}})"),
            "arch.json: /sm/count: expected a positive integer, got -2");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": [], "clockMHz": -1})"),
            "arch.json: /clockMHz: expected a positive number, got -1\n"
            "arch.json: /sm: expected an object, got []");
  EXPECT_EQ(parseError(withL1(R"({"cachesGlobalLoads": 1})")),
            "arch.json: /l1/cachesGlobalLoads: expected true or false, got 1");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
                           "sources": "seed 000"})"),
            "arch.json: /sources: expected an array, got \"seed 000\"");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 5000000000,
                           "warpSize": 32}})"),
            "arch.json: /sm/count: expected an integer no larger than "
            "4294967295, got 5000000000");
}

TEST(ArchJsonTest, UnknownKeySuggestsClosest) {
  EXPECT_EQ(parseError(withL1(R"({"asoc": 4})")),
            "arch.json: /l1/asoc: unknown key; did you mean \"assoc\"?");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
                           "L2": {}})"),
            "arch.json: /L2: unknown key; did you mean \"l2\"?");
}

TEST(ArchJsonTest, UnknownKeyWithoutCloseMatchListsKeys) {
  std::string error = parseError(R"({"name": "t", "sm": {"count": 1,
      "warpSize": 32}, "noc": {"frobnication": 3}})");
  EXPECT_EQ(error, "arch.json: /noc/frobnication: unknown key; expected one "
                   "of \"bandwidthGBps\", \"latency\"");
}

TEST(ArchJsonTest, MissingRequiredKeys) {
  EXPECT_EQ(parseError(R"({"sm": {"count": 1, "warpSize": 32}})"),
            "arch.json: missing required key \"name\"");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"warpSize": 32}})"),
            "arch.json: /sm: missing required key \"count\"");
  EXPECT_EQ(parseError(withL1(R"({"latencyModel": {"hit": 0}})")),
            "arch.json: /l1/latencyModel: missing required key \"kind\"");
}

TEST(ArchJsonTest, EnumValuesAreChecked) {
  EXPECT_EQ(parseError(withL1(R"({"replacement": "LRU"})")),
            "arch.json: /l1/replacement: expected one of \"lru\", \"fifo\", "
            "\"lfu\", \"random\", got \"LRU\"; did you mean \"lru\"?");
  EXPECT_EQ(parseError(withL1(R"({"bypass": "everything"})")),
            "arch.json: /l1/bypass: expected one of \"off\", \"won\", "
            "\"rwon\", got \"everything\"");
}

TEST(ArchJsonTest, SyntaxErrorsGiveLineAndColumn) {
  std::string error = parseError("{\n  \"name\": \"t\",\n  \"sm\": {,}\n}");
  EXPECT_EQ(error.rfind("arch.json:3:10: invalid JSON: syntax error", 0), 0u)
      << error;
  error = parseError("");
  EXPECT_EQ(error.rfind("arch.json:1:1: invalid JSON: ", 0), 0u) << error;
}

TEST(ArchJsonTest, TopLevelMustBeObject) {
  EXPECT_EQ(parseError("[1, 2]"),
            "arch.json: expected a JSON object at the top level, got [1,2]");
}

TEST(ArchJsonTest, DuplicateKeysAreErrors) {
  EXPECT_EQ(parseError(withL1(R"({"assoc": 4, "assoc": 8})")),
            "arch.json: /l1/assoc: duplicate key");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "dram": {"addressMapping": {"byteBits": [[0, 2]],
               "rowBits": [{"a": 1, "a": 2}]}}})"),
            "arch.json: /dram/addressMapping/rowBits/0/a: duplicate key");
}

TEST(ArchJsonTest, SizesAcceptBinarySuffixes) {
  llvm::Expected<ArchDescription> arch = parseArchJson(
      withL1(R"({"size": "48KiB", "lineSize": 128, "assoc": 6})"), "x");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->l1->size, 49152u);
  EXPECT_EQ(parseError(withL1(R"({"size": "48KB"})")),
            "arch.json: /l1/size: expected a positive number of bytes (an "
            "integer, or a string such as \"48KiB\"), got \"48KB\"");
}

TEST(ArchJsonTest, XorBitGroupsMustMatchSets) {
  // 16 KB, 128-byte lines, 4-way: 32 sets, so 5 groups.
  EXPECT_EQ(parseError(withL1(R"({"size": 16384, "lineSize": 128,
      "assoc": 4, "index": {"kind": "xor",
      "bits": [[7, 13], [8, 14], [9, 15], [10, 17]]}})")),
            "arch.json: /l1/index/bits: expected 5 groups (one per "
            "set-index bit of 32 sets), got 4");
  EXPECT_EQ(parseError(withL1(R"({"size": 16384, "lineSize": 128,
      "assoc": 4, "index": {"kind": "xor",
      "bits": [[7, 13], [8, 14], [9, 15], [10, 17], [3, 19]]}})")),
            "arch.json: /l1/index/bits/4/0: expected a byte-address bit from "
            "7 to 63 (above the offset within a 128-byte line), got 3");
  EXPECT_EQ(parseError(withL1(R"({"size": 24576, "lineSize": 128,
      "assoc": 8, "index": {"kind": "xor"}})")),
            "arch.json: /l1/index/kind: \"xor\" needs a power-of-two number "
            "of sets, but the cache has 24");
}

TEST(ArchJsonTest, IndexParametersBelongToTheirKind) {
  EXPECT_EQ(parseError(withL1(R"({"index": {"kind": "mod", "shift": 2}})")),
            "arch.json: /l1/index/shift: only used when kind is "
            "\"shifted-mod\", not \"mod\"");
  EXPECT_EQ(parseError(withL1(R"({"index": {"kind": "shifted-mod"}})")),
            "arch.json: /l1/index: missing required key \"shift\" for kind "
            "\"shifted-mod\"");
  EXPECT_EQ(parseError(withL1(R"({"size": 16384, "lineSize": 128,
      "assoc": 4, "index": {"kind": "prime-mod", "prime": 33}})")),
            "arch.json: /l1/index/prime: expected a prime number no larger "
            "than the number of sets (32), got 33");
  EXPECT_EQ(parseError(withL1(R"({"size": 16384, "lineSize": 128,
      "assoc": 4, "index": {"kind": "fully-associative"}})")),
            "arch.json: /l1/assoc: expected 128 (the number of lines, as the "
            "index function is \"fully-associative\"), got 4");
}

TEST(ArchJsonTest, LatencyModelParametersFollowKind) {
  EXPECT_EQ(parseError(withL1(R"({"latencyModel": {"kind": "half-normal",
      "lambdaMin": 100}})")),
            "arch.json: /l1/latencyModel: missing required key \"sigma\" for "
            "kind \"half-normal\"");
  EXPECT_EQ(parseError(withL1(R"({"latencyModel": {"kind": "adaptive",
      "k1": 2, "k2": 0.25, "miss": 4}})")),
            "arch.json: /l1/latencyModel/miss: not used by kind \"adaptive\"; "
            "remove it or change kind");
}

TEST(ArchJsonTest, SharedMemoryCarveouts) {
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32,
      "sharedMemoryCarveouts": [0, 8192]}})"),
            "arch.json: /sm/sharedMemoryCarveouts: needs /sm/l1SharedCapacity "
            "(the L1 is what a carve-out leaves of it)");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32,
      "l1SharedCapacity": 65536, "sharedMemoryCarveouts": [0, 16384, 8192]}})"),
            "arch.json: /sm/sharedMemoryCarveouts/2: expected the carve-outs "
            "in increasing order");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32,
      "l1SharedCapacity": 65536, "sharedMemoryCarveouts": [0, 98304]}})"),
            "arch.json: /sm/sharedMemoryCarveouts/1: expected at most "
            "l1SharedCapacity (65536), got 98304");
}

TEST(ArchJsonTest, CrossFieldLimits) {
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32,
      "maxWarpsPerSm": 48, "maxThreadsPerSm": 2048}})"),
            "arch.json: /sm/maxThreadsPerSm: expected at most maxWarpsPerSm "
            "* warpSize (1536), got 2048");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32,
      "sharedMemoryPerSm": 16384, "sharedMemoryPerBlock": 49152}})"),
            "arch.json: /sm/sharedMemoryPerBlock: expected at most "
            "sharedMemoryPerSm (16384), got 49152");
  EXPECT_EQ(parseError(withL1(R"({"mshr": {"entries": 4, "perWarp": 6}})")),
            "arch.json: /l1/mshr/perWarp: expected at most entries (4), got 6");
  // An L1 that does not cache plain global loads still caches local and
  // read-only loads: any bypass policy goes with it.
  EXPECT_EQ(parseError(withL1(R"({"cachesGlobalLoads": false,
                                   "bypass": "won"})")),
            "");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "l2": {"partitions": 3, "mshr": {"sets": 2,
             "setOfPartition": [0, 2]}}})"),
            "arch.json: /l2/mshr/setOfPartition: expected 3 entries (one per "
            "partition), got 2\n"
            "arch.json: /l2/mshr/setOfPartition/1: expected an MSHR set "
            "number below sets (2), got 2");
}

TEST(ArchJsonTest, DramChecks) {
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "dram": {"rowHitLatencyNs": 352, "rowMissLatencyNs": 300}})"),
            "arch.json: /dram/rowMissLatencyNs: expected at least "
            "rowHitLatencyNs (352), got 300");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "dram": {"addressMapping": {"rowColumnBits": [[8, 21]],
                                  "rowBits": [[20, 22]]}}})"),
            "arch.json: /dram/addressMapping/rowBits/0: bit 20 is also in "
            "/dram/addressMapping/rowColumnBits/0");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "dram": {"addressMapping": {"addressBits": 32,
                                  "rowBits": [[30, 33]]}}})"),
            "arch.json: /dram/addressMapping/rowBits/0: expected bits below "
            "addressBits (32), got 33");
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
      "dram": {"addressMapping": {"rowBits": [[9, 3]]}}})"),
            "arch.json: /dram/addressMapping/rowBits/0: expected low <= high "
            "in a [low, high] bit range, got [9,3]");
}

TEST(ArchJsonTest, ComputeCapabilityFormat) {
  EXPECT_EQ(parseError(R"({"name": "t", "sm": {"count": 1, "warpSize": 32},
                           "computeCapability": "7.0"})"),
            "arch.json: /computeCapability: expected \"sm_\" followed by the "
            "compute capability digits, as for --cuda-gpu-arch (e.g. "
            "\"sm_70\"), got \"7.0\"");
}

TEST(ArchJsonTest, ReportsEveryError) {
  std::string error = parseError(withL1(R"({"asoc": 4, "lineSize": 100,
                                            "ports": 0})"));
  EXPECT_NE(error.find("/l1/asoc: unknown key"), std::string::npos) << error;
  EXPECT_NE(error.find("/l1/lineSize: expected a power of two"),
            std::string::npos);
  EXPECT_NE(error.find("/l1/ports: expected a positive integer"),
            std::string::npos);
}

TEST(ArchJsonTest, BaseMergesOverPreset) {
  llvm::Expected<ArchDescription> arch = parseArchJson(R"({
    "name": "my-fermi",
    "base": "fermi-gtx470",
    "sm": {"count": 15},
    "l1": {"mshr": {"entries": 32}, "latencyModel": null}
  })",
                                                       "my.json");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(arch->name, "my-fermi");
  EXPECT_EQ(arch->sm.count, 15u);
  EXPECT_EQ(arch->sm.maxThreadsPerSm, 1536u);
  EXPECT_EQ(arch->l1->mshr->entries, 32u);
  EXPECT_EQ(arch->l1->mshr->perWarp, 6u);
  EXPECT_FALSE(arch->l1->latencyModel.has_value());
}

TEST(ArchJsonTest, BaseMustBeAPreset) {
  std::string error = parseError(R"({"name": "x", "base": "fermi"})");
  EXPECT_EQ(error.rfind("arch.json: /base: unknown preset \"fermi\"; known "
                        "presets: ampere-a100, ",
                        0),
            0u)
      << error;
  EXPECT_EQ(parseError(R"({"name": "x", "base": 3})"),
            "arch.json: /base: expected the name of a preset, got 3");
}

/// A description with every field, to check that printing covers them all.
const char *const EveryField = R"({
  "name": "every-field",
  "description": "d",
  "comment": "c",
  "sources": ["s1", "s2"],
  "assumptions": ["a1"],
  "computeCapability": "sm_90a",
  "clockMHz": 1410.5,
  "sm": {
    "count": 4, "warpSize": 32, "coresPerSm": 64, "maxThreadsPerSm": 2048,
    "maxBlocksPerSm": 32, "maxWarpsPerSm": 64, "maxThreadsPerBlock": 1024,
    "registersPerSm": 65536, "maxRegistersPerThread": 255,
    "maxRegistersPerBlock": 65536, "sharedMemoryPerSm": "96KiB",
    "sharedMemoryPerBlock": 98304, "l1SharedCapacity": 131072,
    "sharedMemoryBanks": 32, "sharedMemoryBankWidth": 4,
    "warpSchedulers": 4, "issueWidth": 1, "schedulingPolicy": "gto",
    "blockMapping": "partition-4"
  },
  "l1": {
    "size": 32768, "lineSize": 128, "sectorSize": 32, "assoc": 4,
    "index": {"kind": "shifted-mod", "shift": 2},
    "replacement": "fifo", "writePolicy": "write-evict",
    "writeAllocate": false, "bypass": "off", "cachesGlobalLoads": true,
    "partitions": 2, "banks": 2, "ports": 2, "hitLatency": 28.5,
    "mshr": {"sets": 2, "entries": 32, "perWarp": 6, "maxMerges": 8,
             "setOfPartition": [0, 1], "reservationFailure": "stall-warp"},
    "latencyModel": {"kind": "conditional", "hit": 0, "miss": 2}
  },
  "texture": {"size": 49152, "index": {"kind": "prime-mod", "prime": 3}},
  "constant": {"size": 8192, "lineSize": 64, "assoc": 128,
               "index": {"kind": "fully-associative"}},
  "l2": {"size": "1MiB", "lineSize": 128, "assoc": 16,
         "index": {"kind": "xor", "bits": [[7, 20], [8], [9], [10], [11],
                                          [12], [13], [14], [15]]},
         "replacement": "random", "writePolicy": "write-back",
         "latencyModel": {"kind": "half-normal", "hit": 1,
                          "lambdaMin": 100, "sigma": 5}},
  "dram": {
    "type": "HBM2", "channels": 8, "banksPerChannel": 16,
    "busWidthBits": 4096, "bandwidthGBps": 900.5, "rowSize": 2048,
    "rowHitLatencyNs": 352, "rowMissLatencyNs": 742,
    "rowConflictLatencyNs": 1008, "minLatency": 220,
    "addressMapping": {"addressBits": 48, "byteBits": [[0, 2]],
                       "rowBits": [[30, 32]], "columnBits": [[8, 21]],
                       "channelBits": [3, 4], "bankBits": [[5, 7]],
                       "rowColumnBits": [40]}
  },
  "noc": {"bandwidthGBps": 1050, "latency": 10}
})";

TEST(ArchJsonTest, EveryFieldRoundTrips) {
  llvm::Expected<ArchDescription> arch = parseArchJson(EveryField, "every");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  std::string printed = printArchJson(*arch);
  // Nothing was dropped: every key of the input is printed.
  for (const char *key :
       {"\"description\"", "\"comment\"", "\"assumptions\"", "\"clockMHz\"",
        "\"blockMapping\"", "\"writeAllocate\"", "\"setOfPartition\"",
        "\"reservationFailure\"", "\"texture\"", "\"constant\"",
        "\"rowConflictLatencyNs\"", "\"channelBits\"", "\"noc\"", "\"latency\"",
        "\"sigma\"", "\"prime\"", "\"shift\""})
    EXPECT_NE(printed.find(key), std::string::npos) << key;
  llvm::Expected<ArchDescription> reparsed = parseArchJson(printed, "printed");
  ASSERT_TRUE(bool(reparsed)) << llvm::toString(reparsed.takeError());
  EXPECT_EQ(printArchJson(*reparsed), printed);
  EXPECT_EQ(reparsed->sm.sharedMemoryPerSm, 98304u);
  EXPECT_EQ(reparsed->l2->size, 1048576u);
  EXPECT_EQ(reparsed->clockMHz, 1410.5);
  EXPECT_EQ(reparsed->sm.blockMapping, BlockMapping::Partition4);
  ASSERT_EQ(reparsed->dram->addressMapping->channelBits.size(), 2u);
  EXPECT_EQ(reparsed->dram->addressMapping->channelBits[1].low, 4u);
}

TEST(ArchJsonTest, PrintsInSchemaOrder) {
  llvm::Expected<ArchDescription> arch = parseArchJson(
      R"({"l1": {"assoc": 4, "size": 16384, "lineSize": 128},
          "sm": {"warpSize": 32, "count": 2}, "name": "ordered"})",
      "x");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  EXPECT_EQ(printArchJson(*arch), R"({
  "name": "ordered",
  "sm": {
    "count": 2,
    "warpSize": 32
  },
  "l1": {
    "size": 16384,
    "lineSize": 128,
    "assoc": 4
  }
}
)");
}

} // namespace

//===- BlockSchedulerTest.cpp - Round-robin blocks, occupancy, sampling ---===//

#include "gpurd/Trace/BlockScheduler.h"

#include <gtest/gtest.h>

using namespace gpurd::trace;

namespace {

TEST(BlockScheduler, RoundRobinBlocksPerSm) {
  // Seed 000 §4.1: SM s runs blocks s, s + numSms, s + 2 numSms, ...
  BlockSchedule schedule = scheduleBlocks(4096, 14, 2, 0);
  std::vector<uint64_t> sm0 = schedule.blocksOf(0);
  ASSERT_EQ(sm0.size(), 293u); // 4096 = 14 * 292 + 8: SMs 0..7 get one more
  EXPECT_EQ(sm0[0], 0u);
  EXPECT_EQ(sm0[1], 14u);
  EXPECT_EQ(sm0[2], 28u);
  EXPECT_EQ(schedule.blocksOf(7).size(), 293u);
  EXPECT_EQ(schedule.blocksOf(7).back(), 4095u);
  std::vector<uint64_t> sm13 = schedule.blocksOf(13);
  ASSERT_EQ(sm13.size(), 292u);
  EXPECT_EQ(sm13.back(), 4087u);
  EXPECT_TRUE(schedule.blocksOf(14).empty());
  for (uint64_t block : sm13)
    EXPECT_EQ(schedule.smOf(block), 13u);
}

TEST(BlockScheduler, SmallGridLeavesSmsIdle) {
  BlockSchedule schedule = scheduleBlocks(3, 4, 1, 0);
  EXPECT_EQ(schedule.blocksOf(0), (std::vector<uint64_t>{0}));
  EXPECT_EQ(schedule.blocksOf(2), (std::vector<uint64_t>{2}));
  EXPECT_TRUE(schedule.blocksOf(3).empty());
  // Only SMs with blocks are modelled.
  EXPECT_EQ(schedule.modelledSms, (std::vector<unsigned>{0, 1, 2}));
  EXPECT_EQ(schedule.describe(), "3 of 4 SMs: 0, 1, 2; 3 of 3 blocks");
}

TEST(BlockScheduler, SamplesSmsEvenly) {
  BlockSchedule two = scheduleBlocks(4096, 14, 2, 2);
  EXPECT_EQ(two.modelledSms, (std::vector<unsigned>{0, 7}));
  EXPECT_EQ(two.describe(), "2 of 14 SMs: 0, 7; 586 of 4096 blocks");
  EXPECT_EQ(two.activeBlocks, 2u);
  EXPECT_EQ(two.numBlocks, 4096u);

  EXPECT_EQ(scheduleBlocks(4096, 14, 1, 3).modelledSms,
            (std::vector<unsigned>{0, 4, 9}));
  EXPECT_EQ(scheduleBlocks(4096, 14, 1, 1).modelledSms,
            (std::vector<unsigned>{0}));
  // Spread over the SMs that have blocks (5 of them here).
  EXPECT_EQ(scheduleBlocks(5, 14, 1, 2).modelledSms,
            (std::vector<unsigned>{0, 2}));
}

TEST(BlockScheduler, ZeroOrTooManyMeansAll) {
  for (unsigned count : {0u, 14u, 15u, 1000u}) {
    BlockSchedule all = scheduleBlocks(4096, 14, 1, count);
    ASSERT_EQ(all.modelledSms.size(), 14u) << count;
    EXPECT_EQ(all.modelledSms.front(), 0u);
    EXPECT_EQ(all.modelledSms.back(), 13u);
    EXPECT_EQ(all.describe(), "all 14 SMs; 4096 of 4096 blocks");
  }
}

TEST(BlockScheduler, EmptyGridAndDegenerateArguments) {
  BlockSchedule empty = scheduleBlocks(0, 14, 1, 0);
  EXPECT_TRUE(empty.modelledSms.empty());
  EXPECT_EQ(empty.describe(), "0 of 14 SMs; 0 of 0 blocks");

  BlockSchedule noSms = scheduleBlocks(10, 0, 0, 0);
  EXPECT_EQ(noSms.numSms, 1u);
  EXPECT_EQ(noSms.activeBlocks, 1u);
  EXPECT_EQ(noSms.blocksOf(0).size(), 10u);
}

TEST(BlockScheduler, LongListsAreCut) {
  BlockSchedule many = scheduleBlocks(100000, 80, 1, 20);
  ASSERT_EQ(many.modelledSms.size(), 20u);
  EXPECT_EQ(many.modelledSms[1], 4u);
  std::string text = many.describe();
  EXPECT_EQ(text.rfind("20 of 80 SMs: 0, 4, 8, ", 0), 0u) << text;
  EXPECT_NE(text.find("60, ...; 25000 of 100000 blocks"), std::string::npos)
      << text;
}

TEST(BlockScheduler, OccupancyIsTheTightestLimit) {
  // Fermi (GTX 470): 1536 threads, 8 blocks, 48 KiB shared memory per SM.
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 256, 0), 6u);     // threads
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 32, 0), 8u);      // blocks
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 128, 20000), 2u); // shared
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 512, 16384), 3u);
  // Nothing fits: still one block.
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 2048, 0), 1u);
  EXPECT_EQ(activeBlocksPerSm(1536, 8, 49152, 256, 65536), 1u);
  // Unknown (0) limits do not constrain.
  EXPECT_EQ(activeBlocksPerSm(0, 16, 0, 256, 1024), 16u);
  EXPECT_EQ(activeBlocksPerSm(2048, 0, 0, 256, 0), 8u);
  EXPECT_EQ(activeBlocksPerSm(0, 0, 0, 0, 0), 1u);
}

} // namespace

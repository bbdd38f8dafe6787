//===- DramLatencyTest.cpp - Row buffers and bank queues (seed 002 §III-C)
//-===//

#include "gpurd/Model/Placement/DramLatency.h"

#include "gpurd/Arch/Presets.h"

#include "ModelTestSupport.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace gpurd;
using namespace gpurd::model::placement;

namespace {

using gpurd::model::test::errorText;

DramAddressMap k80Map() {
  auto arch = arch::loadPreset("kepler-k80");
  if (!arch) {
    ADD_FAILURE() << llvm::toString(arch.takeError());
    return DramAddressMap(0, 0);
  }
  auto map = DramAddressMap::fromArch(*arch->dram);
  if (!map) {
    ADD_FAILURE() << llvm::toString(map.takeError());
    return DramAddressMap(0, 0);
  }
  return *map;
}

uint64_t bits(unsigned low, unsigned high) {
  uint64_t mask = 0;
  for (unsigned bit = low; bit <= high; ++bit)
    mask |= uint64_t(1) << bit;
  return mask;
}

// Seed 002 §III-C2 on the K80: bits 0-2 address bytes, bits 8-21 and 30-32
// are row or column bits, every other bit selects the bank. With the
// preset's 4096-byte row, 12 - 3 = 9 of them are columns (the lowest: 8-16),
// and the row is bits 17-21 and 30-32.
TEST(DramMappingTest, K80Mapping) {
  DramAddressMap map = k80Map();
  EXPECT_EQ(map.rowBits(), bits(17, 21) | bits(30, 32));
  EXPECT_EQ(map.bankBits(), bits(3, 7) | bits(22, 29) | bits(33, 63));
}

TEST(DramMappingTest, MissingMappingIsAnError) {
  arch::DramDescription dram;
  EXPECT_THAT(errorText(DramAddressMap::fromArch(dram)),
              testing::HasSubstr("dram.addressMapping is not given"));
  dram.addressMapping.emplace();
  dram.addressMapping->rowColumnBits = {{8, 21}};
  EXPECT_THAT(errorText(DramAddressMap::fromArch(dram)),
              testing::HasSubstr("dram.rowSize"));
}

// Hand-made requests under the K80 mapping, with service times hit 10, miss
// 20 and conflict 30:
//   t=0   0x0      bank 0, row 0        miss (no row open)
//   t=50  0x8      bank 0x8 (bit 3)     miss
//   t=100 0x100    bank 0, row 0 (bit 8 is a column)  hit
//   t=200 0x20000  bank 0, row bit 17   conflict
//   t=300 0x20100  bank 0, row bit 17   hit
TEST(DramLatencyTest, RowBufferOutcomesAndEquations) {
  RowBufferModel model(k80Map(), {10, 20, 30});
  model.add(0x0, 0);
  model.add(0x8, 50);
  model.add(0x100, 100);
  model.add(0x20000, 200);
  model.add(0x20100, 300);
  DramLatencyResult result = model.result();
  EXPECT_EQ(result.outcomes.hits, 2u);
  EXPECT_EQ(result.outcomes.misses, 2u);
  EXPECT_EQ(result.outcomes.conflicts, 1u);
  ASSERT_EQ(result.banks.size(), 2u);

  const BankLatency &bank0 = result.banks[0];
  EXPECT_EQ(bank0.bank, 0u);
  // Eq. 8: (20 + 10 + 30 + 10) / 4 = 17.5; population deviation
  // sqrt((2.5^2 + 7.5^2 + 12.5^2 + 7.5^2) / 4) = sqrt(68.75).
  EXPECT_DOUBLE_EQ(bank0.serviceTime, 17.5);
  EXPECT_DOUBLE_EQ(bank0.moments.sdService * bank0.moments.sdService, 68.75);
  // Inter-arrival 100, 100, 100: tau_a = 100, sigma_a = 0.
  EXPECT_DOUBLE_EQ(bank0.moments.meanInterArrival, 100.0);
  EXPECT_DOUBLE_EQ(bank0.moments.sdInterArrival, 0.0);
  // Eq. 9: rho = 0.175, cs^2 = 68.75 / 306.25; Wq = 0.175 / 0.825 *
  // (0 + cs^2) / 2 * 17.5 = 5 / 12.
  EXPECT_DOUBLE_EQ(bank0.queue.utilisation, 0.175);
  EXPECT_NEAR(bank0.queue.wait, 5.0 / 12.0, 1e-12);
  // Eq. 6.
  EXPECT_NEAR(bank0.latency, 17.5 + 5.0 / 12.0, 1e-12);

  // The other bank: one miss, no queue.
  EXPECT_EQ(result.banks[1].bank, 0x8u);
  EXPECT_DOUBLE_EQ(result.banks[1].latency, 20.0);

  // Eq. 7: weights 4/5 and 1/5: 0.8 * 17.91667 + 0.2 * 20 = 18.33333.
  EXPECT_NEAR(result.latency, 0.8 * (17.5 + 5.0 / 12.0) + 0.2 * 20.0, 1e-12);
  EXPECT_EQ(result.saturatedBanks, 0u);
}

// Requests that come faster than the bank serves them saturate it; the
// system latency then leaves the wait out (a lower bound) and says so.
TEST(DramLatencyTest, SaturatedBank) {
  RowBufferModel model(DramAddressMap(/*bankMask=*/0, /*rowMask=*/0),
                       {10, 20, 30});
  for (unsigned i = 0; i < 4; ++i)
    model.add(0, i * 5.0); // Service 10 (hits after the first), tau_a 5.
  DramLatencyResult result = model.result();
  EXPECT_EQ(result.saturatedBanks, 1u);
  EXPECT_TRUE(result.banks[0].queue.saturated);
  // (20 + 3 * 10) / 4 = 12.5, no wait.
  EXPECT_DOUBLE_EQ(result.latency, 12.5);
}

} // namespace

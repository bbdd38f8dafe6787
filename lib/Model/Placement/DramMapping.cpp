//===- DramMapping.cpp - Which DRAM bank and row an address is in ---------===//

#include "gpurd/Model/Placement/DramMapping.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <vector>

namespace gpurd::model::placement {
namespace {

uint64_t maskOf(const std::vector<arch::BitRange> &ranges) {
  uint64_t mask = 0;
  for (const arch::BitRange &range : ranges)
    for (unsigned bit = range.low; bit <= range.high && bit < 64; ++bit)
      mask |= uint64_t(1) << bit;
  return mask;
}

/// The lowest \p count set bits of \p mask.
uint64_t lowestBits(uint64_t mask, unsigned count) {
  uint64_t taken = 0;
  for (unsigned i = 0; i < count && mask; ++i) {
    uint64_t lowest = mask & (~mask + 1);
    taken |= lowest;
    mask &= ~lowest;
  }
  return taken;
}

llvm::Error missing(const char *what) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "the arch's DRAM cannot tell banks and rows apart: %s (seed 002 "
      "§III-C2; docs/arch-format.md)",
      what);
}

} // namespace

llvm::Expected<DramAddressMap>
DramAddressMap::fromArch(const arch::DramDescription &dram) {
  if (!dram.addressMapping)
    return missing("dram.addressMapping is not given");
  const arch::AddressMapping &mapping = *dram.addressMapping;
  unsigned width = mapping.addressBits.value_or(64);
  uint64_t all = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  uint64_t bytes = maskOf(mapping.byteBits);
  uint64_t rows = maskOf(mapping.rowBits);
  uint64_t columns = maskOf(mapping.columnBits);
  uint64_t rowColumn = maskOf(mapping.rowColumnBits);
  if (!rows) {
    if (!rowColumn)
      return missing("dram.addressMapping gives neither rowBits nor "
                     "rowColumnBits");
    if (!dram.rowSize || !llvm::isPowerOf2_64(*dram.rowSize))
      return missing("dram.addressMapping gives rowColumnBits without "
                     "rowBits, and dram.rowSize (a power of two) is needed "
                     "to tell the columns from the row");
    unsigned rowBytesBits = llvm::Log2_64(*dram.rowSize);
    unsigned byteBitCount = llvm::popcount(bytes);
    unsigned columnCount =
        rowBytesBits > byteBitCount ? rowBytesBits - byteBitCount : 0;
    uint64_t columnPart = lowestBits(rowColumn, columnCount);
    columns |= columnPart;
    rows = rowColumn & ~columnPart;
  }
  uint64_t bank = maskOf(mapping.channelBits) | maskOf(mapping.bankBits);
  if (!bank)
    bank = all & ~(bytes | rows | columns | rowColumn);
  return DramAddressMap(bank, rows);
}

} // namespace gpurd::model::placement

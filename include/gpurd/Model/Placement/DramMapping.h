//===- DramMapping.h - Which DRAM bank and row an address is in -*- C++ -*-===//
//
// Seed 002 §III-C2: the address mapping of the GPU's memory controllers
// decides which bank a request queues at and whether it finds its row open.
// The seed measures, for the K80, which address bits are row or column bits
// without telling the two apart, and takes every other bit (but the byte
// offset) as the bank's identity. An arch names its mapping in
// dram.addressMapping (docs/arch-format.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_DRAMMAPPING_H
#define GPURD_MODEL_PLACEMENT_DRAMMAPPING_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/Support/Error.h"

#include <cstdint>

namespace gpurd::model::placement {

/// The bank and the row of an address, as masks over its bits: two
/// addresses are in the same bank when their bank bits agree, and in the same
/// row of it when their row bits agree too.
class DramAddressMap {
public:
  /// From explicit masks (tests).
  DramAddressMap(uint64_t bankMask, uint64_t rowMask)
      : bankMask(bankMask), rowMask(rowMask) {}

  /// From an arch's DRAM description. Row bits are dram.addressMapping's
  /// rowBits; when the mapping gives rowColumnBits instead (row and column
  /// not told apart, as seed 002 measures them), the lowest of them that
  /// address one row buffer (dram.rowSize bytes, with the byte bits) are the
  /// columns and the rest the row. The bank is channelBits and bankBits when
  /// either is given, else every bit below addressBits the mapping does not
  /// name (seed 002 §III-C2). Fails, naming the field, when the arch has no
  /// mapping or cannot tell rows apart.
  static llvm::Expected<DramAddressMap>
  fromArch(const arch::DramDescription &dram);

  uint64_t bankOf(uint64_t address) const { return address & bankMask; }
  uint64_t rowOf(uint64_t address) const { return address & rowMask; }

  uint64_t bankBits() const { return bankMask; }
  uint64_t rowBits() const { return rowMask; }

private:
  uint64_t bankMask;
  uint64_t rowMask;
};

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_DRAMMAPPING_H

//===- IndexFunction.cpp - Address-to-set mapping of a cache --------------===//

#include "gpurd/Arch/IndexFunction.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

namespace gpurd::arch {

bool isPrime(unsigned n) {
  if (n < 2)
    return false;
  for (unsigned d = 2; d <= n / d; ++d)
    if (n % d == 0)
      return false;
  return true;
}

unsigned largestPrimeAtMost(unsigned n) {
  for (unsigned p = n; p >= 2; --p)
    if (isPrime(p))
      return p;
  return 1;
}

unsigned IndexFunction::setIndex(uint64_t byteAddress, unsigned lineSize,
                                 unsigned numSets) const {
  uint64_t line = byteAddress / lineSize;
  switch (kind) {
  case IndexFunctionKind::Mod:
    return line % numSets;
  case IndexFunctionKind::ShiftedMod:
    // seed 001 Table 2 (SMOD n): skip n low line-address bits.
    return (shift.value_or(0) >= 64 ? 0 : line >> shift.value_or(0)) % numSets;
  case IndexFunctionKind::PrimeMod:
    // seed 001 Table 2 (PRI): modulo the largest prime <= numSets.
    return line % prime.value_or(largestPrimeAtMost(numSets));
  case IndexFunctionKind::Xor: {
    if (bits.empty()) {
      // Fold the next log2(S) line-address bits onto the index bits.
      if (!llvm::isPowerOf2_32(numSets))
        return line % numSets;
      unsigned indexBits = llvm::Log2_32(numSets);
      return (line ^ (line >> indexBits)) & (numSets - 1);
    }
    // seed 000 §5.1 Fig. 6: set-index bit i = XOR of byte-address bits.
    uint64_t set = 0;
    for (size_t i = 0; i < bits.size() && i < 64; ++i) {
      uint64_t parity = 0;
      for (unsigned bit : bits[i])
        if (bit < 64)
          parity ^= (byteAddress >> bit) & 1;
      set |= parity << i;
    }
    return set % numSets;
  }
  case IndexFunctionKind::FullyAssociative:
    return 0;
  }
  return 0;
}

} // namespace gpurd::arch

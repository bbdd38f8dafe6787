//===- IndexFunction.h - Address-to-set mapping of a cache ------*- C++ -*-===//
//
// How a cache maps a byte address to one of its sets: plain modulo, shifted
// modulo, prime modulo, an XOR hash (seed 001 Table 2: MOD, SMOD, PRI, XOR),
// or a single set (fully associative). The XOR hash can be given bit by bit,
// which is how seed 000 §5.1 / Fig. 6 reports Fermi's L1 hash: set-index bit i
// is the XOR of a group of byte-address bits.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ARCH_INDEXFUNCTION_H
#define GPURD_ARCH_INDEXFUNCTION_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpurd::arch {

/// The family of an index function (seed 001 Table 2).
enum class IndexFunctionKind {
  /// set = lineAddress mod numSets.
  Mod,
  /// SMOD n: set = (lineAddress >> shift) mod numSets, i.e. index bits
  /// [i+m+n .. i+n] instead of [i+m .. i].
  ShiftedMod,
  /// PRI: set = lineAddress mod prime, prime <= numSets (Kharbutli et al.).
  PrimeMod,
  /// XOR-based hash. With explicit bit groups, set-index bit i is the XOR of
  /// the byte-address bits in group i (seed 000 Fig. 6). Without them, the
  /// line address is folded: set = (line mod S) XOR ((line / S) mod S).
  Xor,
  /// A single set that holds every line.
  FullyAssociative,
};

/// The JSON spelling of \p kind: "mod", "shifted-mod", "prime-mod", "xor",
/// "fully-associative".
llvm::StringRef toString(IndexFunctionKind kind);

/// An address-to-set mapping and its parameters.
struct IndexFunction {
  IndexFunctionKind kind = IndexFunctionKind::Mod;
  /// ShiftedMod: number of line-address bits skipped (the n of SMOD n).
  std::optional<unsigned> shift;
  /// PrimeMod: the modulus; when absent, the largest prime <= numSets.
  std::optional<unsigned> prime;
  /// Xor: for each set-index bit, least significant first, the byte-address
  /// bits XOR-ed into it. Empty means the default fold.
  std::vector<std::vector<unsigned>> bits;

  /// The set, in [0, numSets), of the line holding \p byteAddress in a cache
  /// (or cache bank) of \p numSets sets of \p lineSize-byte lines.
  /// \p lineSize and \p numSets must be positive.
  unsigned setIndex(uint64_t byteAddress, unsigned lineSize,
                    unsigned numSets) const;
};

/// The largest prime <= \p n, or 1 when there is none (n < 2).
unsigned largestPrimeAtMost(unsigned n);

/// Whether \p n is a prime number.
bool isPrime(unsigned n);

} // namespace gpurd::arch

#endif // GPURD_ARCH_INDEXFUNCTION_H

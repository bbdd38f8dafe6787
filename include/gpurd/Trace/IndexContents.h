//===- IndexContents.h - Random indices for index arrays --------*- C++ -*-===//
//
// A default buffer whose contents decide global addresses is refused
// (DefaultBuffers.h): zeros would send every lane of a gather to element 0.
// Where the buffer's values only index another array, in the simplest way
// (`x[idx[i]]`, `table[ids[r] * D + c]`, `atomicAdd(&bins[data[i]], 1)`:
// the loaded integer, extended, times a constant, plus terms computed from
// no loaded value, added to the base of the indexed array), and the indexed
// array's extent is known, the emulator can instead fill the buffer with
// uniformly random indices within that extent: a stated assumption, like an
// assumed launch value, which `--buffer` replaces with real contents.
//
// Anything less simple keeps the refusal: a value that passes through
// arithmetic other than extension, a constant scale and added terms, a
// pointer loaded from memory, an index staged in shared memory, an array
// whose contents also decide branches (a CSR row pointer's loop bounds, a
// BFS frontier flag): random values there would invent structure the real
// data has.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_INDEXCONTENTS_H
#define GPURD_TRACE_INDEXCONTENTS_H

#include "llvm/IR/Instructions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::trace {

/// An address `base + scale * value(load) + rest`, where `rest` derives from
/// no loaded value.
struct IndexTerm {
  const llvm::LoadInst *load = nullptr; ///< Loads the index.
  /// The pointer argument the index is loaded from.
  const llvm::Argument *indexArray = nullptr;
  /// The indexed object: a pointer argument or a global variable.
  const llvm::Value *base = nullptr;
  /// Bytes per unit of the loaded value (> 0).
  uint64_t scale = 0;
  /// The loaded value is zero-extended (else it is read as signed).
  bool isUnsigned = false;
};

/// The index term of memory access \p access (a load, store, atomic or
/// compare-exchange), when its address is that simple and the index's own
/// address derives from no loaded value; std::nullopt otherwise.
std::optional<IndexTerm> findIndexTerm(const llvm::Instruction &access);

/// Random contents a default buffer of index values gets.
struct RandomIndices {
  unsigned elementBytes = 4; ///< 1, 2, 4 or 8.
  uint64_t count = 0;        ///< Elements filled from the buffer's start.
  uint64_t high = 1;         ///< Values are uniform in [0, high).
  uint64_t seed = 0;
  /// Why these values (for the assumption's note): what they index.
  std::string basis;
  /// Why the contents are unknown, and the `--buffer` that gives them.
  std::string missing;
};

/// The bytes of \p indices, little-endian: element i is the i-th draw of a
/// std::mt19937_64 seeded with its seed, mapped to [0, high) without bias.
std::vector<uint8_t> randomIndexBytes(const RandomIndices &indices);

/// The largest exclusive bound an \p elementBytes integer (unsigned, or
/// signed and non-negative) holds.
uint64_t indexTypeLimit(unsigned elementBytes, bool isUnsigned);

} // namespace gpurd::trace

#endif // GPURD_TRACE_INDEXCONTENTS_H

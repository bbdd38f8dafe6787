//===- LaunchBoundError.h - Runs that left a launch-sized bound -*- C++ -*-===//
//
// Some failures of a trace depend on the launch's sizes, not on what the
// kernel does: an access outside its buffer or shared memory, a buffer
// larger than the memory layout's span, a block longer than gpurd traces.
// Under assumed values (docs/assumptions.md) such a failure says the
// assumption was too large, and the driver retries with smaller assumed
// sizes; the producers of these failures (the emulator, the affine
// enumerator, the buffer layout) return this error so that the driver can
// tell them from the rest without reading the message.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_LAUNCHBOUNDERROR_H
#define GPURD_SUPPORT_LAUNCHBOUNDERROR_H

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace gpurd {

/// Which launch-sized bound a run left.
enum class LaunchBound {
  GlobalAccess, ///< An access outside every global or constant buffer.
  SharedAccess, ///< An access past the block's shared memory.
  BufferSpan,   ///< A buffer larger than the memory layout's span.
  BlockLength,  ///< A block past the instructions or accesses gpurd traces.
  /// Assumed values that left the compiled kernel no memory operation where
  /// it has some with the values unknown (a product of assumed sizes that
  /// overflows the kernel's int, `for (i = 0; i < B * T; ++i)`, folds the
  /// loop away).
  NoWork,
};

class LaunchBoundError : public llvm::ErrorInfo<LaunchBoundError> {
public:
  static char ID;

  LaunchBoundError(LaunchBound bound, std::string message, uint64_t reach,
                   std::optional<std::array<uint32_t, 3>> thread)
      : boundValue(bound), message(std::move(message)), reachValue(reach),
        threadValue(thread) {}

  LaunchBound bound() const { return boundValue; }
  /// For SharedAccess: the end of the access, in bytes from the start of
  /// the block's shared memory (0 otherwise).
  uint64_t reach() const { return reachValue; }
  /// For an access: the index in its block of the first thread that made
  /// it, when the producer runs threads one by one (the emulator).
  std::optional<std::array<uint32_t, 3>> thread() const { return threadValue; }
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  LaunchBound boundValue;
  std::string message;
  uint64_t reachValue;
  std::optional<std::array<uint32_t, 3>> threadValue;
};

/// A LaunchBoundError as an llvm::Error.
inline llvm::Error
makeBoundError(LaunchBound bound, std::string message, uint64_t reach = 0,
               std::optional<std::array<uint32_t, 3>> thread = std::nullopt) {
  return llvm::make_error<LaunchBoundError>(bound, std::move(message), reach,
                                            thread);
}

} // namespace gpurd

#endif // GPURD_SUPPORT_LAUNCHBOUNDERROR_H

//===- ZeroMemory.h - Lazily mapped zero-filled memory ----------*- C++ -*-===//
//
// Private to the emulator. A default buffer (DefaultBuffers.h) spans the
// memory layout's whole range for a buffer of unknown size (1 GiB): the
// range is reserved as anonymous memory that the operating system maps,
// zero-filled, on the first touch of each page, so only the pages the
// kernel touches cost memory and the contents need no initialisation.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_ZEROMEMORY_H
#define GPURD_LIB_TRACE_EMULATOR_ZEROMEMORY_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>

namespace gpurd::trace::emu {

class ZeroMemory {
public:
  /// Reserves \p bytes of zeros (an error when the address space cannot be
  /// reserved).
  static llvm::Expected<std::unique_ptr<ZeroMemory>> reserve(uint64_t bytes);
  ~ZeroMemory();
  ZeroMemory(const ZeroMemory &) = delete;
  ZeroMemory &operator=(const ZeroMemory &) = delete;

  uint8_t *data() const { return bytes; }
  uint64_t size() const { return length; }

private:
  ZeroMemory(uint8_t *bytes, uint64_t length) : bytes(bytes), length(length) {}
  uint8_t *bytes;
  uint64_t length;
};

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_ZEROMEMORY_H

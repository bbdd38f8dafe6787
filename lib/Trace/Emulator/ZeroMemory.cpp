//===- ZeroMemory.cpp - Lazily mapped zero-filled memory ------------------===//

#include "ZeroMemory.h"

#include <sys/mman.h>

namespace gpurd::trace::emu {

llvm::Expected<std::unique_ptr<ZeroMemory>>
ZeroMemory::reserve(uint64_t bytes) {
  // MAP_NORESERVE: the reservation is not charged against the system's
  // commit limit; pages are backed as they are touched.
  void *mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapped == MAP_FAILED)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot reserve " + std::to_string(bytes) +
                                       " bytes of address space");
  return std::unique_ptr<ZeroMemory>(
      new ZeroMemory(static_cast<uint8_t *>(mapped), bytes));
}

ZeroMemory::~ZeroMemory() { munmap(bytes, length); }

} // namespace gpurd::trace::emu

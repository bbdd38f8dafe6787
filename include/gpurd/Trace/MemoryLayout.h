//===- MemoryLayout.h - Where each array of a kernel lives ------*- C++ -*-===//
//
// Both trace producers place the kernel's arrays at the same addresses, so
// their traces can be compared byte for byte: pointer arguments (buffers) get
// consecutive 256-byte-aligned ranges in the global address space, starting
// at GlobalBase, in parameter order (a buffer without a known size gets a
// 1 GiB range); `__device__` and `__constant__` variables follow. Shared
// variables get offsets within the block's shared memory in declaration
// order (aligned to their alignment), dynamic shared memory last.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_MEMORYLAYOUT_H
#define GPURD_TRACE_MEMORYLAYOUT_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/IR/Function.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::trace {

constexpr uint64_t GlobalBase = 0x7f0000000000ull;
constexpr uint64_t BufferAlignment = 256;
constexpr uint64_t UnknownBufferSpan = 1ull << 30;
/// Where the emulator's default textures (DefaultBuffers.h) start: 1 GiB
/// each, below GlobalBase.
constexpr uint64_t DefaultTextureBase = GlobalBase - (64 * UnknownBufferSpan);
/// The emulator's device heap (malloc, new): 1 GiB below the default
/// textures.
constexpr uint64_t DeviceHeapBase = DefaultTextureBase - UnknownBufferSpan;
/// The handles the emulator gives texture-object parameters
/// (cudaTextureObject_t) that have no value: consecutive numbers from here,
/// which no variable's address takes.
constexpr uint64_t DefaultTextureObjectHandle = 0xc0de00000000ull;

struct MemoryRegion {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0; ///< 0 when unknown.
};

class MemoryLayout {
public:
  /// Places pointer argument \p param (its size in bytes, when known).
  uint64_t placeBuffer(unsigned param, const std::string &name,
                       std::optional<uint64_t> size);
  /// Places what pointer member \p offset of struct parameter \p param
  /// (passed by value) points to.
  uint64_t placeMemberBuffer(unsigned param, uint64_t offset,
                             const std::string &name);
  /// Places a global (`__device__`/`__constant__`) variable.
  uint64_t placeGlobal(const std::string &name, uint64_t size,
                       uint64_t alignment);
  /// Places a shared variable in the block's shared memory.
  uint64_t placeShared(const std::string &name, uint64_t size,
                       uint64_t alignment);
  /// Gives \p name the shared address \p base (every `extern __shared__`
  /// array of a kernel starts where the dynamic shared memory starts).
  void aliasShared(const std::string &name, uint64_t base) {
    shared[name] = base;
  }

  std::optional<uint64_t> bufferBase(unsigned param) const;
  std::optional<uint64_t> memberBufferBase(unsigned param,
                                           uint64_t offset) const;
  /// Every placed member buffer: (parameter, offset) -> base.
  const std::map<std::pair<unsigned, uint64_t>, uint64_t> &
  memberBufferBases() const {
    return memberBuffers;
  }
  std::optional<uint64_t> globalBase(const std::string &name) const;
  std::optional<uint64_t> sharedBase(const std::string &name) const;
  uint64_t sharedBytes() const { return nextShared; }
  const std::vector<MemoryRegion> &globalRegions() const { return regions; }

private:
  uint64_t nextGlobal = GlobalBase;
  uint64_t nextShared = 0;
  std::map<unsigned, uint64_t> buffers;
  std::map<std::pair<unsigned, uint64_t>, uint64_t> memberBuffers;
  std::map<std::string, uint64_t> globals;
  std::map<std::string, uint64_t> shared;
  std::vector<MemoryRegion> regions;
};

/// Whether the pointer parameter \p arg is a function pointer that the
/// kernel calls through (FunctionPointers' pPointFunction): a device
/// function's address, not a buffer.
bool calledThrough(const llvm::Argument &arg);

/// The layout of \p kernel's memory: its pointer parameters in order
/// except those it calls through (sizes from \p bufferSizes by parameter index,
/// when known), then what the pointer members of its struct parameters point
/// to, by parameter and offset (named `param@offset`), then the module's global
/// and constant variables in module order (keyed by IR symbol), and its shared
/// variables (static ones in module order, then the dynamic `extern __shared__`
/// array, which gets \p dynamicSharedBytes). Both trace producers use this one
/// function.
/// Where \p array starts when accessed in \p space: its buffer, member
/// buffer, global or shared variable in \p layout, or 0 for local memory
/// (offsets within the thread's frame); nothing when it has no place.
std::optional<uint64_t> arrayBase(const MemoryLayout &layout,
                                  const access::ArrayInfo &array,
                                  MemorySpace space);

MemoryLayout createLayout(const llvm::Function &kernel,
                          const std::map<unsigned, uint64_t> &bufferSizes,
                          uint64_t dynamicSharedBytes);

} // namespace gpurd::trace

#endif // GPURD_TRACE_MEMORYLAYOUT_H

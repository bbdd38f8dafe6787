//===- DeviceHeap.cpp - malloc, new and calls through function pointers ---===//
//
// Device code may allocate (malloc, and `new`, which calls it) and call
// through function pointers and vtables (the CUDA samples' newdelete and
// FunctionPointers). The heap is one region below the default textures,
// handed out in 16-byte-aligned pieces that free does not return (as a
// bump allocator: no address is reused within a launch); a full heap
// returns 0, as device malloc does. A function's address is
// FunctionTag | its position in the module (Decoder::functionAddress).
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace gpurd::trace::emu {

/// CUDA aligns device malloc's results to 16 bytes.
constexpr uint64_t HeapAlignment = 16;

llvm::Error Emulator::placeHeap() {
  if (!program->usesHeap)
    return llvm::Error::success();
  auto memory = ZeroMemory::reserve(UnknownBufferSpan);
  if (!memory)
    return memory.takeError();
  heapMemory = std::move(*memory);
  Region region;
  region.name = "the device heap (malloc, new)";
  region.base = DeviceHeapBase;
  region.size = heapMemory->size();
  region.data = heapMemory->data();
  auto at = std::upper_bound(
      regions.begin(), regions.end(), region.base,
      [](uint64_t base, const Region &r) { return base < r.base; });
  regions.insert(at, std::move(region));
  return llvm::Error::success();
}

uint64_t Emulator::allocate(uint64_t bytes) {
  uint64_t start = llvm::alignTo(heapUsed, HeapAlignment);
  if (!heapMemory ||
      bytes > heapMemory->size() - std::min(start, heapMemory->size()))
    return 0;
  heapUsed = start + std::max<uint64_t>(bytes, 1);
  heapEnd = std::max(heapEnd, heapUsed);
  return DeviceHeapBase + start;
}

void Emulator::beginBlockHeap(uint64_t block) {
  if (!heapMemory)
    return;
  heapUsed = heapStartOfBlock.try_emplace(block, heapEnd).first->second;
}

std::optional<uint32_t> Emulator::indirectCallee(const Inst &I,
                                                 const uint64_t *R) const {
  auto it = program->functionsByAddress.find(R[I.a]);
  if (it == program->functionsByAddress.end())
    return std::nullopt;
  const CallInfo &call = program->calls[I.c];
  if (program->functions[it->second]->argumentSlots.size() !=
      call.arguments.size())
    return std::nullopt;
  return it->second;
}

Emulator::RunResult Emulator::badIndirectCall(Thread &thread, const Inst &I,
                                              const uint64_t *R) {
  std::string address;
  llvm::raw_string_ostream os(address);
  os << llvm::format_hex(R[I.a], 2);
  std::string what =
      program->functionsByAddress.count(R[I.a])
          ? "the function at " + address + " takes " +
                std::to_string(
                    program->functions[program->functionsByAddress.at(R[I.a])]
                        ->argumentSlots.size()) +
                " arguments, the call passes " +
                std::to_string(program->calls[I.c].arguments.size())
          : "the pointer " + address +
                " is no device function's address (a function pointer the "
                "host set, or one loaded from memory gpurd filled with a "
                "default)";
  return fail(thread, threadName(thread) +
                          " calls through a function "
                          "pointer at " +
                          describeInstruction(thread, -1) + ": " + what);
}

} // namespace gpurd::trace::emu

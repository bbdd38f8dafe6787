//===- DeviceHeap.cpp - malloc, new and calls through function pointers ---===//
//
// Device code may allocate (malloc, and `new`, which calls it) and call
// through function pointers and vtables (the CUDA samples' newdelete and
// FunctionPointers). The heap is one region below the default textures,
// handed out in 16-byte-aligned pieces that free does not return (as a
// bump allocator: no address is reused within a launch); a full heap
// returns 0, as device malloc does. A function's address is
// FunctionTag | its position in the module (Decoder::functionAddress). A
// call through a null pointer, which gpurd's default contents give a table
// the host fills, runs the first function of its type whose address the
// code takes (CallInfo::nullCallee), and notes() say so.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

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

std::optional<uint32_t> Emulator::indirectCallee(const Function &fn,
                                                 uint32_t pc, const Inst &I,
                                                 const uint64_t *R) {
  const CallInfo &call = program->calls[I.c];
  if (R[I.a] == 0 && call.nullCallee) {
    nullPointerCalls.try_emplace(I.c, sourcePosition(*fn.origin[pc]));
    return call.nullCallee;
  }
  auto it = program->functionsByAddress.find(R[I.a]);
  if (it == program->functionsByAddress.end())
    return std::nullopt;
  if (program->functions[it->second]->argumentSlots.size() !=
      call.arguments.size())
    return std::nullopt;
  return it->second;
}

std::optional<std::string> Emulator::nullPointerCallNote() const {
  if (nullPointerCalls.empty())
    return std::nullopt;
  // The calls by the function they ran, each position once.
  std::map<uint32_t, std::set<std::string>> byCallee;
  for (const auto &[call, where] : nullPointerCalls)
    byCallee[*program->calls[call].nullCallee].insert(where);
  std::vector<std::string> calls;
  for (const auto &[callee, positions] : byCallee) {
    std::string name = llvm::demangle(program->functions[callee]->name);
    calls.push_back("'" + name.substr(0, name.find('(')) + "' at " +
                    llvm::join(positions, ", "));
  }
  return "calls through a null function pointer (memory gpurd filled with "
         "zeros, or an argument the host sets) ran the first device "
         "function of the call's type whose address the code takes, as a "
         "table the host fills with such addresses would (an assumption): " +
         llvm::join(calls, "; ");
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
                "default)" +
                (R[I.a] == 0 ? ", and no device function of the call's type "
                               "has its address taken in this file"
                             : "");
  return fail(thread, threadName(thread) +
                          " calls through a function "
                          "pointer at " +
                          describeInstruction(thread, -1) + ": " + what);
}

} // namespace gpurd::trace::emu

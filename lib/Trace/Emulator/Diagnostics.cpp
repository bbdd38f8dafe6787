//===- Diagnostics.cpp - The emulator's error messages --------------------===//
//
// What the emulator says when a thread fails: the thread (block and thread
// indices), the instruction (its access site, or its IR and debug
// location), and for out-of-bounds accesses the address and the buffer,
// shared variable or local memory closest to it. Built out of line, so the
// interpreter loop only saves its position and calls these.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include "gpurd/Frontend/DisplayPath.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace gpurd::trace::emu {
namespace {

std::string hex(uint64_t value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format_hex(value, 2);
  return text;
}

std::string positionText(const SourcePosition &position) {
  if (position.line == 0)
    return "";
  return (position.file.empty() ? std::string("<input>")
                                : displayPath(position.file)) +
         ":" + std::to_string(position.line) + ":" +
         std::to_string(position.column);
}

/// How far [offset, offset + size) is from [base, base + extent).
std::string distance(uint64_t offset, uint64_t size, uint64_t base,
                     uint64_t extent) {
  if (offset < base)
    return std::to_string(base - offset) + " bytes before its start";
  if (offset + size > base + extent)
    return std::to_string(offset + size - (base + extent)) +
           " bytes past its end";
  return "inside it";
}

/// The gap between \p offset and [base, base + size) (0 inside).
uint64_t gap(uint64_t offset, uint64_t base, uint64_t size) {
  return offset < base           ? base - offset
         : offset >= base + size ? offset - (base + size) + 1
                                 : 0;
}

} // namespace

std::string Emulator::threadName(const Thread &thread) const {
  return "block (" + std::to_string(blockIndex[0]) + "," +
         std::to_string(blockIndex[1]) + "," + std::to_string(blockIndex[2]) +
         ") thread (" + std::to_string(thread.index[0]) + "," +
         std::to_string(thread.index[1]) + "," +
         std::to_string(thread.index[2]) + ")";
}

std::string sourcePosition(const llvm::Instruction &origin) {
  // The user's source line: the first position of the inlining chain
  // outside gpurd's prelude (an assert() expands into the prelude's
  // __assert_fail call).
  for (const llvm::DILocation *location = origin.getDebugLoc().get(); location;
       location = location->getInlinedAt())
    if (!location->getFilename().starts_with("/__gpurd__/"))
      return location->getFilename().str() + ":" +
             std::to_string(location->getLine()) + ":" +
             std::to_string(location->getColumn());
  std::string ir;
  llvm::raw_string_ostream os(ir);
  origin.print(os);
  return "instruction '" + llvm::StringRef(ir).trim().str() + "'";
}

std::string Emulator::describeInstruction(const Thread &thread,
                                          int32_t site) const {
  if (site >= 0 && size_t(site) < model.sites.size()) {
    const access::AccessSite &s = model.sites[site];
    std::string text = "site " + std::to_string(site) + " (" + s.operation;
    if (std::string where = positionText(s.position); !where.empty())
      text += " at " + where;
    if (!s.sourceText.empty())
      text += ", '" + s.sourceText + "'";
    return text + ")";
  }
  std::string text = sourcePosition(*currentOrigin(thread));
  const Frame &frame = thread.frames.back();
  if (frame.function != 0)
    text += " in function '" +
            llvm::demangle(program->functions[frame.function]->name) + "'";
  return text;
}

std::string Emulator::describeAddress(uint64_t address, uint64_t size,
                                      const Thread &thread) const {
  switch (address >> TagShift) {
  case 0: {
    const Region *closest = nullptr;
    uint64_t best = ~0ull;
    for (const Region &region : regions) {
      uint64_t distanceToRegion = gap(address, region.base, region.size);
      if (distanceToRegion < best) {
        best = distanceToRegion;
        closest = &region;
      }
    }
    std::string text = "global address " + hex(address);
    // Through a null pointer: one that nothing set, or one read from memory
    // gpurd filled with zeros (a pointer in a __constant__ struct that the
    // host copies in, as Rodinia heartwall's d_unique[i].d_in2).
    if (address < NullPageBytes)
      return text + ", through a null pointer (a pointer the host sets in "
                    "device memory, such as a __constant__ or __device__ "
                    "variable it copies in, holds zeros in gpurd's default "
                    "contents)";
    if (!closest)
      return text + " (no buffers)";
    if (inUnbufferedParameter(*closest, address))
      return text + " in parameter '" + closest->name +
             "', which was given no buffer (describe it with " +
             userInput(UserInput::Buffer, closest->name + "=TYPE:COUNT:INIT") +
             ")";
    return text + "; the closest buffer is '" + closest->name + "' [" +
           hex(closest->base) + ", " + hex(closest->base + closest->size) +
           "), " + distance(address, size, closest->base, closest->size);
  }
  case 1: {
    uint64_t offset = address & OffsetMask;
    std::string text = "shared memory offset " + std::to_string(offset) +
                       " (the block has " + std::to_string(shared.size()) +
                       " bytes)";
    const SharedVariable *closest = nullptr;
    uint64_t best = ~0ull;
    for (const SharedVariable &variable : sharedVariables) {
      uint64_t distanceToVariable = gap(offset, variable.base, variable.size);
      if (distanceToVariable < best) {
        best = distanceToVariable;
        closest = &variable;
      }
    }
    if (closest)
      text += "; the closest shared variable is '" + closest->name + "' [" +
              std::to_string(closest->base) + ", " +
              std::to_string(closest->base + closest->size) + "), " +
              distance(offset, size, closest->base, closest->size);
    return text;
  }
  case 2:
    return "local memory offset " + std::to_string(address & OffsetMask) +
           " (the thread has " + std::to_string(thread.local.size()) +
           " bytes)";
  default:
    return "invalid address " + hex(address);
  }
}

std::vector<std::string> Emulator::notes() const {
  std::vector<std::string> out;
  if (std::optional<std::string> cut = cutNote())
    out.push_back(std::move(*cut));
  if (std::optional<std::string> waits = pollNote())
    out.push_back(std::move(*waits));
  if (std::optional<std::string> calls = nullPointerCallNote())
    out.push_back(std::move(*calls));
  if (fetchedNullTexture)
    out.push_back("fetches from texture object 0 (a handle read from memory "
                  "gpurd filled with zeros, or an argument of 0) read zeros "
                  "from a default texture of their own (an assumption: the "
                  "host stores a texture object's handle there)");
  if (heapEnd)
    out.push_back("the kernel allocates from the device heap (malloc, new): "
                  "the emulator handed out " +
                  std::to_string(heapEnd) +
                  " bytes in 16-byte-aligned pieces one after the other and "
                  "does not reuse freed ones; CUDA's allocator places them "
                  "elsewhere, so lines shared between allocations may "
                  "differ");
  if (program && program->gridSync)
    out.push_back(
        "the kernel synchronises the grid (grid_group::sync): gpurd "
        "emulates one block at a time and runs it as a barrier of the "
        "block, so values that other blocks store before it are not seen "
        "(the addresses are right where they do not depend on such "
        "values), and the cache model does not align the blocks' phases "
        "across SMs");
  if (sharedTouchedEnd <= sharedDeclared)
    return out;
  out.push_back(
      "the kernel accesses its block's shared memory up to byte " +
      std::to_string(sharedTouchedEnd) + ", past the " +
      std::to_string(sharedDeclared) +
      " bytes it declares (static and dynamic): the arch allocates "
      "shared memory in units of " +
      std::to_string(options.sharedAllocationUnit) +
      " bytes, so the hardware does not fault there, and the trace "
      "keeps those accesses; the bytes are not the kernel's to use (a "
      "bug, or a launch with less shared memory than the kernel "
      "assumes)");
  return out;
}

std::optional<std::string> Emulator::readString(uint64_t address,
                                                Thread &thread) {
  std::string text;
  for (unsigned i = 0; i < 1024; ++i) {
    const uint8_t *byte = resolve(address + i, 1, thread);
    if (!byte)
      return std::nullopt;
    if (!*byte)
      return text;
    text.push_back(char(*byte));
  }
  return text;
}

//===----------------------------------------------------------------------===//
// Failures of the interpreter loop (the thread's position is saved)
//===----------------------------------------------------------------------===//

Emulator::RunResult Emulator::memoryFault(Thread &thread, const Inst &inst,
                                          uint64_t address, uint64_t size,
                                          bool write) {
  return fail(thread,
              "out-of-bounds " + std::string(write ? "write" : "read") +
                  " of " + std::to_string(size) + " bytes by " +
                  describeInstruction(thread, inst.site) + " in " +
                  threadName(thread) + " at " +
                  describeAddress(address, size, thread),
              faultBound(address),
              (address >> TagShift) == 1 ? (address & OffsetMask) + size : 0);
}

std::optional<LaunchBound> Emulator::faultBound(uint64_t address) const {
  switch (address >> TagShift) {
  case 0:
    // Past a buffer the emulator knows the size of; not a null pointer's
    // (a pointer the host sets, such as a __constant__ one, that nothing
    // set) nor an access of a parameter that was given no buffer (an input
    // is missing).
    if (address < NullPageBytes)
      return std::nullopt;
    for (const Region &region : regions)
      if (inUnbufferedParameter(region, address))
        return std::nullopt;
    return LaunchBound::GlobalAccess;
  case 1:
    return LaunchBound::SharedAccess;
  default:
    return std::nullopt;
  }
}

uint64_t Emulator::stepLimit() const {
  uint64_t share = std::max<uint64_t>(
      1, options.maxStepsPerBlock / std::max<size_t>(threads.size(), 1));
  return std::min(options.maxStepsPerThread, share);
}

Emulator::RunResult
Emulator::blockShareExceeded(Thread &thread, const char *did, const char *unit,
                             uint64_t limit, uint64_t blockLimit,
                             const char *held) {
  return fail(thread,
              threadName(thread) + " " + did + " more than " +
                  std::to_string(limit) + " " + unit + " (its share of the " +
                  std::to_string(blockLimit) + " gpurd " + held +
                  " for one block) at " + describeInstruction(thread, -1) +
                  "; the kernel runs longer than gpurd emulates: "
                  "smaller launch values (loop bounds, sizes) shorten it",
              LaunchBound::BlockLength);
}

Emulator::RunResult Emulator::cutThread(Thread &thread, uint64_t limit,
                                        uint64_t &cutAt) {
  thread.status = Status::Done;
  cutBlocks.insert(currentBlock);
  cutAt = cutAt ? std::min(cutAt, limit) : limit;
  return RunResult::Blocked;
}

std::optional<std::string> Emulator::cutNote() const {
  if (cutBlocks.empty())
    return std::nullopt;
  std::string bound;
  if (cutAtEvents)
    bound = std::to_string(cutAtEvents) +
            " memory accesses (its share of the " +
            std::to_string(options.maxEventsPerBlock) +
            " gpurd holds in memory for one block)";
  if (cutAtSteps)
    bound += std::string(bound.empty() ? "" : " or ") +
             std::to_string(cutAtSteps) +
             " interpreted instructions (its share of the " +
             std::to_string(options.maxStepsPerBlock) +
             " gpurd emulates for one block)";
  return cutRunNote(cutBlocks.size(), blocksTraced.size(), "emulated",
                    "threads ran longer than gpurd emulates: each thread's "
                    "run was cut after " +
                        bound);
}

Emulator::RunResult Emulator::stepLimitExceeded(Thread &thread) {
  uint64_t limit = stepLimit();
  if (limit < options.maxStepsPerThread && options.cutLongThreads)
    return cutThread(thread, limit, cutAtSteps);
  if (limit < options.maxStepsPerThread)
    return blockShareExceeded(thread, "executed", "interpreted instructions",
                              limit, options.maxStepsPerBlock, "emulates");
  return fail(thread, threadName(thread) + " exceeded the limit of " +
                          std::to_string(limit) +
                          " interpreted instructions per thread (a "
                          "runaway loop?) at " +
                          describeInstruction(thread, -1) +
                          "; raise maxStepsPerThread if the kernel "
                          "really runs this long");
}

Emulator::RunResult Emulator::eventLimitExceeded(Thread &thread,
                                                 uint64_t limit) {
  if (options.cutLongThreads)
    return cutThread(thread, limit, cutAtEvents);
  return blockShareExceeded(thread, "made", "memory accesses", limit,
                            options.maxEventsPerBlock, "holds in memory");
}

Emulator::RunResult Emulator::callDepthExceeded(Thread &thread) {
  return fail(thread, threadName(thread) + " exceeded a call depth of " +
                          std::to_string(MaxCallDepth) + " at " +
                          describeInstruction(thread, -1));
}

Emulator::RunResult Emulator::unsupportedReached(Thread &thread,
                                                 const Inst &inst) {
  return fail(thread, threadName(thread) + " reached " +
                          describeInstruction(thread, -1) + ": " +
                          program->messages[inst.imm]);
}

Emulator::RunResult Emulator::valueTooLarge(Thread &thread) {
  return fail(thread, threadName(thread) + " reached " +
                          describeInstruction(thread, -1) +
                          ": the value is too large to reinterpret");
}

Emulator::RunResult Emulator::unboundTexture(Thread &thread, const Inst &inst,
                                             uint64_t handle) {
  std::string which = hex(handle);
  for (const Region &region : regions)
    if (region.base == handle)
      which = "'" + region.name + "'";
  return fail(thread, threadName(thread) + " fetches from texture " + which +
                          " at " + describeInstruction(thread, inst.site) +
                          ", which is not bound to a buffer (bind it with "
                          "EmulatorArguments::textures)");
}

Emulator::RunResult Emulator::assertionFailed(Thread &thread,
                                              uint64_t message) {
  std::optional<std::string> text = readString(message, thread);
  return fail(thread, threadName(thread) + " failed an assertion" +
                          (text ? " ('" + *text + "')" : "") + " at " +
                          describeInstruction(thread, -1));
}

Emulator::RunResult Emulator::trapped(Thread &thread) {
  return fail(thread, threadName(thread) + " executed a trap at " +
                          describeInstruction(thread, -1));
}

Emulator::RunResult Emulator::unreachableReached(Thread &thread) {
  return fail(thread, threadName(thread) + " reached unreachable code at " +
                          describeInstruction(thread, -1) +
                          " (undefined behaviour, or a failed trap)");
}

} // namespace gpurd::trace::emu

//===- Emulator.cpp - Warp traces by interpreting the kernel's IR ---------===//
//
// The emulator runs the prepared kernel (decoded once by
// Decoder.cpp into Program.h's compact form) for one block
// at a time:
//
//  * Threads run one at a time, each until it blocks: at a block barrier
//    (`__syncthreads` and the other bar.sync forms), at a warp-synchronous
//    operation (shuffle, vote, match, reduce, activemask, __syncwarp), or at
//    its end. A warp's blocked lanes are released warp op by warp op: the
//    lanes waiting at the same instruction form the group that evaluates it
//    (the lanes that reached it together, i.e. the converged lanes). When
//    every thread of the block is at a barrier or finished, the barrier is
//    released (its popc/and/or result computed over the waiting threads)
//    and the next phase starts. Exited threads count as arrived.
//  * Memory: argument buffers and __device__/__constant__ variables live at
//    their MemoryLayout addresses (global memory persists across blocks, in
//    the order blocks are traced); shared memory is zeroed for each block;
//    each thread has its own local memory (static allocas at fixed frame
//    offsets). Every access is bounds-checked.
//  * Each execution of an AccessSite instruction appends an event (site,
//    tagged address, non-memory instructions since the thread's previous
//    event) to its thread's log; after the block, each warp's logs are
//    merged into WarpInstructions (buildWarpTrace below).
//
//===----------------------------------------------------------------------===//

#include "Program.h"
#include "EmulatorTesting.h"

#include "gpurd/Frontend/DisplayPath.h"
#include "gpurd/Trace/Emulator.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <map>

namespace gpurd::trace {
namespace {

using namespace emu;

std::string hex(uint64_t value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format_hex(value, 2);
  return text;
}

/// A range of the flat global address space backed by host memory.
struct Region {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0;
  uint8_t *data = nullptr;
  bool isConstant = false;
  int param = -1;       ///< Pointer parameter, or -1 for variables.
  bool missing = false; ///< A pointer parameter without a buffer.
};

/// A shared variable (for error messages).
struct SharedVariable {
  std::string name;
  uint64_t base = 0, size = 0;
};

/// One execution of an access site by one thread.
struct Event {
  uint32_t site;
  uint32_t before;  ///< Non-memory instructions since the previous event.
  uint64_t address; ///< Tagged address.
};

struct Frame {
  uint32_t function = 0;
  uint32_t registerBase = 0;
  uint32_t localBase = 0;
  uint32_t pc = 0;
  uint32_t resultSlot = 0; ///< In the caller's frame.
};

enum class Status : uint8_t { Runnable, AtBarrier, AtWarpSync, Done };

struct Thread {
  uint32_t linear = 0;
  uint32_t index[3] = {0, 0, 0};
  uint32_t lane = 0, warp = 0;
  Status status = Status::Runnable;
  uint64_t barrierPredicate = 0;
  std::vector<uint64_t> registers;
  std::vector<uint8_t> local;
  llvm::SmallVector<Frame, 4> frames;
  uint64_t steps = 0;    ///< Interpreted instructions.
  uint64_t lastMark = 0; ///< steps at the previous event.
  std::vector<Event> events;
};

struct BoundTexture {
  uint64_t handle = 0; ///< Flat address of the texture variable.
  std::string name;
  const Region *buffer = nullptr;
  unsigned texelBytes = 4, components = 1;
};

constexpr unsigned MaxCallDepth = 256;

class Emulator final : public WarpTraceSource {
public:
  Emulator(const access::PreparedKernel &kernel,
           const access::AccessModel &model, const TraceLaunch &launch,
           MemoryLayout layout, EmulatorArguments arguments,
           const EmulatorOptions &options)
      : kernel(kernel), model(model), traceLaunch(launch),
        layout(std::move(layout)), arguments(std::move(arguments)),
        options(options) {}

  llvm::Error initialize();
  llvm::Error traceBlock(uint64_t block,
                         std::vector<WarpTrace> &warps) override;
  const TraceLaunch &launch() const override { return traceLaunch; }
  const char *name() const override { return "emulate"; }

  const std::vector<uint8_t> *buffer(unsigned param) const {
    auto it = arguments.buffers.find(param);
    return it == arguments.buffers.end() ? nullptr : &it->second;
  }
  uint64_t instructionCount() const { return totalSteps; }

private:
  enum class RunResult { Blocked, Error };

  RunResult run(Thread &thread);
  llvm::Error runWarp(unsigned warp);
  void evaluateWarpOp(const llvm::SmallVectorImpl<Thread *> &group);
  static constexpr unsigned ActiveMaskFamily = 4;
  unsigned warpOpFamily(const Thread &thread) const {
    switch (program->warpOps[currentInst(thread).c].kind) {
    case WarpOpKind::ShflIdx:
    case WarpOpKind::ShflUp:
    case WarpOpKind::ShflDown:
    case WarpOpKind::ShflBfly:
      return 0;
    case WarpOpKind::VoteAll:
    case WarpOpKind::VoteAny:
    case WarpOpKind::VoteUni:
    case WarpOpKind::VoteBallot:
      return 1;
    case WarpOpKind::MatchAny:
    case WarpOpKind::MatchAll:
      return 2;
    case WarpOpKind::ActiveMask:
      return ActiveMaskFamily;
    case WarpOpKind::SyncWarp:
      return 5;
    default:
      return 3; // redux
    }
  }
  void releaseBarrier();
  void buildWarpTrace(unsigned warp, uint64_t block, WarpTrace &out);

  uint8_t *resolve(uint64_t address, uint64_t size, Thread &thread) {
    switch (address >> TagShift) {
    case 0: {
      const Region *region = lastRegion;
      uint64_t offset = address - region->base;
      if (offset < region->size && size <= region->size - offset)
        return region->data + offset;
      return resolveGlobal(address, size);
    }
    case 1: {
      uint64_t offset = address & OffsetMask;
      if (offset < shared.size() && size <= shared.size() - offset)
        return shared.data() + offset;
      return nullptr;
    }
    case 2: {
      uint64_t offset = address & OffsetMask;
      if (offset < thread.local.size() && size <= thread.local.size() - offset)
        return thread.local.data() + offset;
      return nullptr;
    }
    default:
      return nullptr;
    }
  }
  uint8_t *resolveGlobal(uint64_t address, uint64_t size) {
    for (const Region &region : regions) {
      uint64_t offset = address - region.base;
      if (offset < region.size && size <= region.size - offset) {
        lastRegion = &region;
        return region.data + offset;
      }
    }
    return nullptr;
  }
  static void record(Thread &thread, int32_t site, uint64_t address,
                     uint64_t steps) {
    uint64_t before = steps - 1 - thread.lastMark;
    thread.events.push_back({uint32_t(site),
                             uint32_t(std::min<uint64_t>(before, UINT32_MAX)),
                             address});
    thread.lastMark = steps;
  }

  // Errors: the message is kept until traceBlock wraps it with the block.
  RunResult fail(Thread &thread, std::string message) {
    errorThread = &thread;
    errorMessage = std::move(message);
    return RunResult::Error;
  }
  RunResult memoryFault(Thread &thread, const Inst &inst, uint64_t address,
                        uint64_t size, bool write);
  std::string describeInstruction(const Thread &thread, int32_t site) const;
  std::string describeAddress(uint64_t address, uint64_t size,
                              const Thread &thread) const;
  std::string threadName(const Thread &thread) const;
  const Inst &currentInst(const Thread &thread) const {
    const Frame &frame = thread.frames.back();
    return program->functions[frame.function]->code[frame.pc];
  }
  const llvm::Instruction *currentOrigin(const Thread &thread) const {
    const Frame &frame = thread.frames.back();
    return program->functions[frame.function]->origin[frame.pc];
  }
  std::optional<std::string> readString(uint64_t address, Thread &thread);

  const access::PreparedKernel &kernel;
  const access::AccessModel &model;
  TraceLaunch traceLaunch;
  MemoryLayout layout;
  EmulatorArguments arguments;
  EmulatorOptions options;

  std::unique_ptr<Program> program;
  std::vector<Region> regions; ///< Flat space, sorted by base.
  Region emptyRegion;
  const Region *lastRegion = &emptyRegion;
  std::vector<std::vector<uint8_t>> variableMemory;
  std::vector<SharedVariable> sharedVariables;
  std::vector<BoundTexture> textures;
  std::vector<uint8_t> shared;
  std::vector<Thread> threads;
  std::array<uint32_t, 3> blockIndex{0, 0, 0};
  std::vector<uint64_t> moveTemporary;
  std::vector<bool> textureSite;
  uint64_t totalSteps = 0;

  Thread *errorThread = nullptr;
  std::string errorMessage;

  // Warp trace merge scratch.
  std::vector<uint32_t> siteCounter, siteBase, maxOccurrence;
  std::vector<uint8_t> remaining, atHead;
  std::vector<uint32_t> laneKeys[WarpSize];
};

//===----------------------------------------------------------------------===//
// Set-up
//===----------------------------------------------------------------------===//

llvm::Error Emulator::initialize() {
  const llvm::Function &function = *kernel.function;
  const llvm::Module &module = *function.getParent();
  const llvm::DataLayout &data = module.getDataLayout();
  if (kernel.siteInstructions.size() != model.sites.size())
    return makeError("the access model of '" + model.kernel +
                     "' does not belong to this prepared kernel (" +
                     std::to_string(model.sites.size()) + " sites, " +
                     std::to_string(kernel.siteInstructions.size()) +
                     " site instructions)");
  for (unsigned d = 0; d < 3; ++d)
    if (traceLaunch.grid[d] == 0 || traceLaunch.block[d] == 0)
      return makeError("the launch of '" + model.kernel +
                       "' has an empty grid or block");
  if (traceLaunch.threadsPerBlock() > 1024 * 64)
    return makeError("blocks of " +
                     std::to_string(traceLaunch.threadsPerBlock()) +
                     " threads are too large to emulate");

  DecodeEnvironment env;
  env.layout = &layout;
  for (unsigned i = 0; i < kernel.siteInstructions.size(); ++i)
    env.sites[kernel.siteInstructions[i]] = i;

  // Kernel arguments: buffers at their layout addresses, scalars by value.
  // The IR has no argument names; the access model knows those of the
  // arrays.
  std::map<unsigned, std::string> names;
  for (const access::ArrayInfo &array : model.arrays)
    if (array.origin == access::ArrayInfo::Origin::Parameter &&
        array.paramIndex >= 0 && !array.name.empty())
      names.emplace(unsigned(array.paramIndex), array.name);
  auto plainName = [&](const llvm::Argument &arg) {
    auto it = names.find(arg.getArgNo());
    if (it != names.end())
      return it->second;
    return arg.hasName() ? arg.getName().str()
                         : "arg" + std::to_string(arg.getArgNo());
  };
  auto paramName = [&](const llvm::Argument &arg) {
    std::string type;
    llvm::raw_string_ostream os(type);
    arg.getType()->print(os);
    return std::to_string(arg.getArgNo()) + " ('" + plainName(arg) + "', " +
           type + ")";
  };
  env.kernelArguments.resize(function.arg_size());
  env.argumentErrors.resize(function.arg_size());
  for (const llvm::Argument &arg : function.args()) {
    unsigned index = arg.getArgNo();
    llvm::Type *type = arg.getType();
    if (arg.hasByValAttr()) {
      // A struct passed by value (access/ParamFields.h): its bytes in the
      // parameter space, with the members' values and, for pointer
      // members, the addresses of their buffers.
      std::optional<uint64_t> base = layout.bufferBase(index);
      if (!base)
        return makeError("parameter " + paramName(arg) +
                         " has no place in the memory layout");
      env.kernelArguments[index] = *base;
      uint64_t size = data.getTypeAllocSize(arg.getParamByValType());
      variableMemory.emplace_back(std::max<uint64_t>(size, 1), 0);
      std::vector<uint8_t> &bytes = variableMemory.back();
      auto put = [&](uint64_t offset, uint64_t bits, unsigned width) {
        for (unsigned b = 0; b < width && offset + b < size; ++b)
          bytes[offset + b] = uint8_t(bits >> (8 * b));
      };
      for (const auto &[key, scalar] : arguments.memberScalars)
        if (key.first == index)
          put(key.second, scalar.bits, scalar.size);
      for (const auto &[key, memberBase] : layout.memberBufferBases()) {
        if (key.first != index)
          continue;
        put(key.second, memberBase, 8);
        Region member;
        auto name = arguments.memberNames.find(key);
        member.name = name != arguments.memberNames.end()
                          ? name->second
                          : plainName(arg) + "@" + std::to_string(key.second);
        member.base = memberBase;
        member.param = -1; // not a parameter of its own
        auto buffer = arguments.memberBuffers.find(key);
        if (buffer == arguments.memberBuffers.end()) {
          member.missing = true;
        } else {
          if (buffer->second.size() > UnknownBufferSpan)
            return makeError("the buffer of '" + member.name +
                             "' is larger than the layout's span for "
                             "buffers of unknown size");
          member.size = buffer->second.size();
          member.data = buffer->second.data();
        }
        regions.push_back(member);
      }
      Region region;
      region.name = plainName(arg);
      region.base = *base;
      region.size = size;
      region.data = bytes.data();
      region.isConstant = true;
      regions.push_back(region);
      continue;
    }
    if (type->isPointerTy()) {
      std::optional<uint64_t> base = layout.bufferBase(index);
      if (!base)
        return makeError("parameter " + paramName(arg) +
                         " has no place in the memory layout");
      env.kernelArguments[index] = *base;
      Region region;
      region.name = plainName(arg);
      region.base = *base;
      region.param = int(index);
      uint64_t planned = 0;
      for (const MemoryRegion &placed : layout.globalRegions())
        if (placed.base == *base)
          planned = placed.size;
      auto buffer = arguments.buffers.find(index);
      if (buffer == arguments.buffers.end()) {
        region.missing = true;
      } else {
        uint64_t size = buffer->second.size();
        if (planned && planned != size)
          return makeError("the buffer of parameter " + paramName(arg) +
                           " has " + std::to_string(size) +
                           " bytes, but the memory layout was created for " +
                           std::to_string(planned));
        if (!planned && size > UnknownBufferSpan)
          return makeError("the buffer of parameter " + paramName(arg) +
                           " is larger than the layout's span for buffers "
                           "of unknown size; create the layout with its size");
        region.size = size;
        region.data = buffer->second.data();
      }
      regions.push_back(region);
      continue;
    }
    auto integer = arguments.integers.find(index);
    auto real = arguments.floats.find(index);
    if (type->isIntegerTy() && type->getIntegerBitWidth() <= 64) {
      if (integer != arguments.integers.end())
        env.kernelArguments[index] =
            uint64_t(integer->second) & widthMask(type->getIntegerBitWidth());
      else if (real != arguments.floats.end())
        env.kernelArguments[index] = uint64_t(int64_t(real->second)) &
                                     widthMask(type->getIntegerBitWidth());
    } else if (type->isFloatTy() || type->isDoubleTy() || type->isHalfTy()) {
      std::optional<double> value;
      if (real != arguments.floats.end())
        value = real->second;
      else if (integer != arguments.integers.end())
        value = double(integer->second);
      if (value)
        env.kernelArguments[index] =
            type->isFloatTy()    ? floatBits(float(*value))
            : type->isDoubleTy() ? doubleBits(*value)
                                 : floatToHalf(float(*value));
    }
    if (!env.kernelArguments[index])
      env.argumentErrors[index] = "no value for the scalar parameter " +
                                  paramName(arg) + " of '" + model.kernel +
                                  "' (give it with --arg NAME=VALUE)";
  }

  // __device__ and __constant__ variables, initialised from the IR.
  for (const llvm::GlobalVariable &global : module.globals()) {
    if (global.getName().starts_with("llvm.") ||
        !global.getValueType()->isSized())
      continue;
    uint64_t size = data.getTypeAllocSize(global.getValueType());
    std::string demangled = llvm::demangle(global.getName().str());
    if (global.getAddressSpace() == 3) {
      bool dynamic = size == 0 || global.isDeclaration();
      if (auto base = layout.sharedBase(global.getName().str())) {
        sharedVariables.push_back(
            {demangled, *base,
             dynamic ? traceLaunch.dynamicSharedBytes : size});
        if (dynamic)
          env.dynamicSharedBase = *base;
      }
      continue;
    }
    std::optional<uint64_t> base = layout.globalBase(global.getName().str());
    if (!base)
      continue;
    variableMemory.emplace_back(std::max<uint64_t>(size, 1), 0);
    std::vector<uint8_t> &bytes = variableMemory.back();
    if (global.hasInitializer() && size)
      if (llvm::Error error = writeConstant(*global.getInitializer(), layout,
                                            data, bytes.data()))
        return makeError(
            "the initialiser of '" + demangled +
            "' cannot be emulated: " + llvm::toString(std::move(error)));
    Region region;
    region.name = demangled;
    region.base = *base;
    region.size = size;
    region.data = bytes.data();
    region.isConstant = global.getAddressSpace() == 4;
    regions.push_back(region);
  }
  std::sort(regions.begin(), regions.end(),
            [](const Region &a, const Region &b) { return a.base < b.base; });
  shared.assign(layout.sharedBytes(), 0);

  // Textures bound to buffers.
  for (const auto &[name, binding] : arguments.textures) {
    const llvm::GlobalVariable *found = nullptr;
    for (const llvm::GlobalVariable &global : module.globals()) {
      std::string demangled = llvm::demangle(global.getName().str());
      size_t scope = demangled.rfind("::");
      if (global.getName() == name || demangled == name ||
          (scope != std::string::npos && demangled.substr(scope + 2) == name))
        found = &global;
    }
    if (!found)
      return makeError("no texture named '" + name + "' in the device code");
    auto handle = layout.globalBase(found->getName().str());
    const Region *buffer = nullptr;
    for (const Region &region : regions)
      if (region.param == int(binding.param))
        buffer = &region;
    if (!handle || !buffer)
      return makeError("texture '" + name + "' cannot be bound to parameter " +
                       std::to_string(binding.param) +
                       ": no such pointer parameter");
    if (binding.texelBytes == 0 || binding.components == 0 ||
        binding.texelBytes % binding.components ||
        binding.texelBytes / binding.components > 4 || binding.components > 4)
      return makeError("texture '" + name + "': texels of " +
                       std::to_string(binding.texelBytes) + " bytes in " +
                       std::to_string(binding.components) +
                       " components are not supported");
    textures.push_back(
        {*handle, name, buffer, binding.texelBytes, binding.components});
  }

  auto decoded = decodeProgram(function, env);
  if (!decoded)
    return makeError("cannot emulate '" + model.kernel +
                     "': " + llvm::toString(decoded.takeError()));
  program = std::move(*decoded);
  uint32_t maxMoves = 0;
  for (const Edge &edge : program->edges)
    maxMoves = std::max(maxMoves, edge.moveCount);
  // Texture fetches read through the texture path whatever space the
  // model gives their site.
  textureSite.assign(model.sites.size(), false);
  for (const auto &function : program->functions)
    for (const Inst &inst : function->code)
      if (inst.op == Op::TexFetch && inst.site >= 0)
        textureSite[inst.site] = true;
  moveTemporary.resize(maxMoves);

  // Threads (reused for every block).
  threads.resize(traceLaunch.threadsPerBlock());
  for (uint32_t i = 0; i < threads.size(); ++i) {
    Thread &thread = threads[i];
    thread.linear = i;
    auto index = traceLaunch.threadIndex(i);
    for (unsigned d = 0; d < 3; ++d)
      thread.index[d] = uint32_t(index[d]);
    thread.lane = i % WarpSize;
    thread.warp = i / WarpSize;
  }
  size_t numSites = model.sites.size();
  siteCounter.assign(numSites, 0);
  siteBase.assign(numSites + 1, 0);
  maxOccurrence.assign(numSites, 0);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Error messages
//===----------------------------------------------------------------------===//

std::string Emulator::threadName(const Thread &thread) const {
  return "block (" + std::to_string(blockIndex[0]) + "," +
         std::to_string(blockIndex[1]) + "," + std::to_string(blockIndex[2]) +
         ") thread (" + std::to_string(thread.index[0]) + "," +
         std::to_string(thread.index[1]) + "," +
         std::to_string(thread.index[2]) + ")";
}

std::string positionText(const SourcePosition &position) {
  if (position.line == 0)
    return "";
  return (position.file.empty() ? std::string("<input>")
                                : displayPath(position.file)) +
         ":" + std::to_string(position.line) + ":" +
         std::to_string(position.column);
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
  const llvm::Instruction *origin = currentOrigin(thread);
  std::string ir;
  llvm::raw_string_ostream os(ir);
  origin->print(os);
  std::string text = "instruction '" + llvm::StringRef(ir).trim().str() + "'";
  if (const llvm::DebugLoc &location = origin->getDebugLoc())
    text += " at " + location->getFilename().str() + ":" +
            std::to_string(location.getLine()) + ":" +
            std::to_string(location.getCol());
  const Frame &frame = thread.frames.back();
  if (frame.function != 0)
    text += " in function '" +
            llvm::demangle(program->functions[frame.function]->name) + "'";
  return text;
}

std::string Emulator::describeAddress(uint64_t address, uint64_t size,
                                      const Thread &thread) const {
  auto distance = [&](uint64_t offset, uint64_t base,
                      uint64_t extent) -> std::string {
    if (offset < base)
      return std::to_string(base - offset) + " bytes before its start";
    if (offset + size > base + extent)
      return std::to_string(offset + size - (base + extent)) +
             " bytes past its end";
    return "inside it";
  };
  switch (address >> TagShift) {
  case 0: {
    const Region *closest = nullptr;
    uint64_t best = ~0ull;
    for (const Region &region : regions) {
      uint64_t gap = address < region.base ? region.base - address
                     : address >= region.base + region.size
                         ? address - (region.base + region.size) + 1
                         : 0;
      if (gap < best) {
        best = gap;
        closest = &region;
      }
    }
    std::string text = "global address " + hex(address);
    if (!closest)
      return text + " (no buffers)";
    if (closest->missing && address >= closest->base &&
        address < closest->base + UnknownBufferSpan)
      return text + " in parameter '" + closest->name +
             "', which was given no buffer (describe it with --buffer " +
             closest->name + "=TYPE:COUNT:INIT)";
    return text + "; the closest buffer is '" + closest->name + "' [" +
           hex(closest->base) + ", " + hex(closest->base + closest->size) +
           "), " + distance(address, closest->base, closest->size);
  }
  case 1: {
    uint64_t offset = address & OffsetMask;
    std::string text = "shared memory offset " + std::to_string(offset) +
                       " (the block has " + std::to_string(shared.size()) +
                       " bytes)";
    const SharedVariable *closest = nullptr;
    uint64_t best = ~0ull;
    for (const SharedVariable &variable : sharedVariables) {
      uint64_t gap = offset < variable.base ? variable.base - offset
                     : offset >= variable.base + variable.size
                         ? offset - (variable.base + variable.size) + 1
                         : 0;
      if (gap < best) {
        best = gap;
        closest = &variable;
      }
    }
    if (closest)
      text += "; the closest shared variable is '" + closest->name + "' [" +
              std::to_string(closest->base) + ", " +
              std::to_string(closest->base + closest->size) + "), " +
              distance(offset, closest->base, closest->size);
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

Emulator::RunResult Emulator::memoryFault(Thread &thread, const Inst &inst,
                                          uint64_t address, uint64_t size,
                                          bool write) {
  return fail(thread, "out-of-bounds " + std::string(write ? "write" : "read") +
                          " of " + std::to_string(size) + " bytes by " +
                          describeInstruction(thread, inst.site) + " in " +
                          threadName(thread) + " at " +
                          describeAddress(address, size, thread));
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
// The interpreter
//===----------------------------------------------------------------------===//

inline uint64_t load(const uint8_t *p, unsigned bytes) {
  uint64_t value = 0;
  memcpy(&value, p, bytes);
  return value;
}

inline uint64_t convertFloat(uint64_t bits, Kind from, Kind to) {
  if (from == Kind::Float && to == Kind::Double)
    return doubleBits(double(asFloat(bits)));
  if (from == Kind::Double && to == Kind::Float)
    return floatBits(float(asDouble(bits)));
  if (to == Kind::Half)
    return floatToHalf(float(toDouble(bits, from)));
  return fromDouble(toDouble(bits, from), to);
}

inline uint64_t intToFloat(uint64_t value, bool isSigned, unsigned width,
                           Kind to) {
  if (isSigned) {
    int64_t v = signExtend(value, width);
    switch (to) {
    case Kind::Float:
      return floatBits(float(v));
    case Kind::Double:
      return doubleBits(double(v));
    default:
      return floatToHalf(float(v));
    }
  }
  switch (to) {
  case Kind::Float:
    return floatBits(float(value));
  case Kind::Double:
    return doubleBits(double(value));
  default:
    return floatToHalf(float(value));
  }
}

template <typename T> inline bool compareFloat(T x, T y, unsigned predicate) {
  if (std::isnan(x) || std::isnan(y))
    return (predicate >> 3) & 1;
  return ((predicate & 1) && x == y) || ((predicate & 2) && x > y) ||
         ((predicate & 4) && x < y);
}

uint64_t atomicResult(AtomicOp op, Kind kind, unsigned width, uint64_t old,
                      uint64_t value) {
  uint64_t mask = widthMask(width);
  auto floatOp = [&](auto combine) -> uint64_t {
    if (kind == Kind::Double)
      return doubleBits(combine(asDouble(old), asDouble(value)));
    return floatBits(combine(asFloat(old), asFloat(value)));
  };
  switch (op) {
  case AtomicOp::Xchg:
    return value;
  case AtomicOp::Add:
    return (old + value) & mask;
  case AtomicOp::Sub:
    return (old - value) & mask;
  case AtomicOp::And:
    return old & value;
  case AtomicOp::Nand:
    return ~(old & value) & mask;
  case AtomicOp::Or:
    return old | value;
  case AtomicOp::Xor:
    return old ^ value;
  case AtomicOp::Max:
    return signExtend(old, width) >= signExtend(value, width) ? old : value;
  case AtomicOp::Min:
    return signExtend(old, width) <= signExtend(value, width) ? old : value;
  case AtomicOp::UMax:
    return std::max(old, value);
  case AtomicOp::UMin:
    return std::min(old, value);
  case AtomicOp::FAdd:
    return floatOp([](auto a, auto b) { return a + b; });
  case AtomicOp::FSub:
    return floatOp([](auto a, auto b) { return a - b; });
  case AtomicOp::FMax:
    return floatOp([](auto a, auto b) { return std::fmax(a, b); });
  case AtomicOp::FMin:
    return floatOp([](auto a, auto b) { return std::fmin(a, b); });
  case AtomicOp::UIncWrap:
    return old >= value ? 0 : (old + 1) & mask;
  case AtomicOp::UDecWrap:
    return (old == 0 || old > value) ? value : (old - 1) & mask;
  }
  return value;
}

uint64_t withOverflow(OverflowOp op, unsigned width, uint64_t a, uint64_t b,
                      bool &overflow) {
  uint64_t mask = widthMask(width);
  __int128 sa = signExtend(a, width), sb = signExtend(b, width);
  __int128 low = -(__int128(1) << (width - 1)),
           high = (__int128(1) << (width - 1)) - 1;
  unsigned __int128 ua = a, ub = b, umax = mask;
  switch (op) {
  case OverflowOp::SAdd: {
    __int128 r = sa + sb;
    overflow = r < low || r > high;
    return uint64_t(r) & mask;
  }
  case OverflowOp::SSub: {
    __int128 r = sa - sb;
    overflow = r < low || r > high;
    return uint64_t(r) & mask;
  }
  case OverflowOp::SMul: {
    // May overflow __int128 only for 64-bit operands near the limits.
    __int128 r;
    overflow = __builtin_mul_overflow(sa, sb, &r) || r < low || r > high;
    return uint64_t(sa * sb) & mask;
  }
  case OverflowOp::UAdd:
    overflow = ua + ub > umax;
    return (a + b) & mask;
  case OverflowOp::USub:
    overflow = a < b;
    return (a - b) & mask;
  case OverflowOp::UMul: {
    unsigned __int128 r = ua * ub;
    overflow = r > umax;
    return uint64_t(r) & mask;
  }
  }
  return 0;
}

Emulator::RunResult Emulator::run(Thread &thread) {
  Frame *frame = &thread.frames.back();
  const Function *fn = program->functions[frame->function].get();
  const Inst *code = fn->code.data();
  uint64_t *R = thread.registers.data() + frame->registerBase;
  uint32_t pc = frame->pc;
  uint64_t steps = thread.steps;
  const uint64_t limit = options.maxStepsPerThread;
  const Edge *edges = program->edges.data();
  const Move *moves = program->moves.data();

  // Keeps the thread's position for a suspension or an error.
#define GPURD_SAVE()                                                           \
  do {                                                                         \
    frame->pc = pc;                                                            \
    totalSteps += steps - thread.steps;                                        \
    thread.steps = steps;                                                      \
  } while (false)
#define GPURD_STEP_LIMIT()                                                     \
  if (steps > limit) {                                                         \
    GPURD_SAVE();                                                              \
    return fail(thread, threadName(thread) + " exceeded the limit of " +       \
                            std::to_string(limit) +                            \
                            " interpreted instructions per thread (a "         \
                            "runaway loop?) at " +                             \
                            describeInstruction(thread, -1) +                  \
                            "; raise maxStepsPerThread if the kernel "         \
                            "really runs this long");                          \
  }
#define GPURD_MEMORY(pointer, address, size, isWrite)                          \
  uint8_t *pointer = resolve(address, size, thread);                           \
  if (!pointer) {                                                              \
    GPURD_SAVE();                                                              \
    return memoryFault(thread, I, address, size, isWrite);                     \
  }

  auto takeEdge = [&](const Edge &edge) {
    const Move *m = moves + edge.moveBegin;
    if (!edge.needsTemporary) {
      for (uint32_t i = 0; i < edge.moveCount; ++i)
        R[m[i].dst] = R[m[i].src];
    } else {
      uint64_t *temporary = moveTemporary.data();
      for (uint32_t i = 0; i < edge.moveCount; ++i)
        temporary[i] = R[m[i].src];
      for (uint32_t i = 0; i < edge.moveCount; ++i)
        R[m[i].dst] = temporary[i];
    }
    steps += edge.phiCount;
    pc = edge.target;
  };

  for (;;) {
    const Inst &I = code[pc];
    ++steps;
    switch (I.op) {
    case Op::Move:
      R[I.dst] = R[I.a];
      ++pc;
      break;
    case Op::Unsupported:
      GPURD_SAVE();
      return fail(thread, threadName(thread) + " reached " +
                              describeInstruction(thread, -1) + ": " +
                              program->messages[I.imm]);
    case Op::Add:
      R[I.dst] = (R[I.a] + R[I.b]) & I.imm;
      ++pc;
      break;
    case Op::Sub:
      R[I.dst] = (R[I.a] - R[I.b]) & I.imm;
      ++pc;
      break;
    case Op::Mul:
      R[I.dst] = (R[I.a] * R[I.b]) & I.imm;
      ++pc;
      break;
    case Op::UDiv: {
      uint64_t b = R[I.b];
      R[I.dst] = b ? R[I.a] / b : I.imm;
      ++pc;
      break;
    }
    case Op::URem: {
      uint64_t b = R[I.b];
      R[I.dst] = b ? R[I.a] % b : R[I.a];
      ++pc;
      break;
    }
    case Op::SDiv: {
      int64_t a = signExtend(R[I.a], I.width), b = signExtend(R[I.b], I.width);
      R[I.dst] = (b == 0      ? ~0ull
                  : (b == -1) ? uint64_t(0) - uint64_t(a)
                              : uint64_t(a / b)) &
                 I.imm;
      ++pc;
      break;
    }
    case Op::SRem: {
      int64_t a = signExtend(R[I.a], I.width), b = signExtend(R[I.b], I.width);
      R[I.dst] = (b == 0 ? uint64_t(a) : b == -1 ? 0 : uint64_t(a % b)) & I.imm;
      ++pc;
      break;
    }
    case Op::Shl: {
      uint64_t n = R[I.b];
      R[I.dst] = n < I.width ? (R[I.a] << n) & I.imm : 0;
      ++pc;
      break;
    }
    case Op::LShr: {
      uint64_t n = R[I.b];
      R[I.dst] = n < I.width ? R[I.a] >> n : 0;
      ++pc;
      break;
    }
    case Op::AShr: {
      uint64_t n = std::min<uint64_t>(R[I.b], I.width - 1);
      R[I.dst] = uint64_t(signExtend(R[I.a], I.width) >> n) & I.imm;
      ++pc;
      break;
    }
    case Op::And:
      R[I.dst] = R[I.a] & R[I.b];
      ++pc;
      break;
    case Op::Or:
      R[I.dst] = R[I.a] | R[I.b];
      ++pc;
      break;
    case Op::Xor:
      R[I.dst] = R[I.a] ^ R[I.b];
      ++pc;
      break;
    case Op::ICmpEq:
      R[I.dst] = R[I.a] == R[I.b];
      ++pc;
      break;
    case Op::ICmpNe:
      R[I.dst] = R[I.a] != R[I.b];
      ++pc;
      break;
    case Op::ICmpUlt:
      R[I.dst] = R[I.a] < R[I.b];
      ++pc;
      break;
    case Op::ICmpUle:
      R[I.dst] = R[I.a] <= R[I.b];
      ++pc;
      break;
    case Op::ICmpUgt:
      R[I.dst] = R[I.a] > R[I.b];
      ++pc;
      break;
    case Op::ICmpUge:
      R[I.dst] = R[I.a] >= R[I.b];
      ++pc;
      break;
    case Op::ICmpSlt:
      R[I.dst] = signExtend(R[I.a], I.width) < signExtend(R[I.b], I.width);
      ++pc;
      break;
    case Op::ICmpSle:
      R[I.dst] = signExtend(R[I.a], I.width) <= signExtend(R[I.b], I.width);
      ++pc;
      break;
    case Op::ICmpSgt:
      R[I.dst] = signExtend(R[I.a], I.width) > signExtend(R[I.b], I.width);
      ++pc;
      break;
    case Op::ICmpSge:
      R[I.dst] = signExtend(R[I.a], I.width) >= signExtend(R[I.b], I.width);
      ++pc;
      break;
    case Op::Select:
      R[I.dst] = (R[I.c] & 1) ? R[I.a] : R[I.b];
      ++pc;
      break;
    case Op::Trunc:
      R[I.dst] = R[I.a] & I.imm;
      ++pc;
      break;
    case Op::SExt:
      R[I.dst] = uint64_t(signExtend(R[I.a], I.width)) & I.imm;
      ++pc;
      break;
    case Op::PtrToInt:
      R[I.dst] = (I.flags ? R[I.a] & OffsetMask : R[I.a]) & I.imm;
      ++pc;
      break;
    case Op::IntToPtr:
      R[I.dst] = I.flags ? (R[I.a] & OffsetMask) | I.imm : R[I.a];
      ++pc;
      break;
    case Op::FConv:
      R[I.dst] = convertFloat(R[I.a], Kind(I.flags), Kind(I.width));
      ++pc;
      break;
    case Op::FPToSI:
      R[I.dst] = uint64_t(toSignedSaturated(toDouble(R[I.a], Kind(I.flags)),
                                            I.width)) &
                 widthMask(I.width);
      ++pc;
      break;
    case Op::FPToUI:
      R[I.dst] = toUnsignedSaturated(toDouble(R[I.a], Kind(I.flags)), I.width);
      ++pc;
      break;
    case Op::SIToFP:
      R[I.dst] = intToFloat(R[I.a], true, I.width, Kind(I.flags));
      ++pc;
      break;
    case Op::UIToFP:
      R[I.dst] = intToFloat(R[I.a], false, I.width, Kind(I.flags));
      ++pc;
      break;
    case Op::FAdd32:
      R[I.dst] = floatBits(asFloat(R[I.a]) + asFloat(R[I.b]));
      ++pc;
      break;
    case Op::FSub32:
      R[I.dst] = floatBits(asFloat(R[I.a]) - asFloat(R[I.b]));
      ++pc;
      break;
    case Op::FMul32:
      R[I.dst] = floatBits(asFloat(R[I.a]) * asFloat(R[I.b]));
      ++pc;
      break;
    case Op::FDiv32:
      R[I.dst] = floatBits(asFloat(R[I.a]) / asFloat(R[I.b]));
      ++pc;
      break;
    case Op::FRem32:
      R[I.dst] = floatBits(std::fmod(asFloat(R[I.a]), asFloat(R[I.b])));
      ++pc;
      break;
    case Op::FNeg32:
      R[I.dst] = R[I.a] ^ 0x80000000u;
      ++pc;
      break;
    case Op::FAdd64:
      R[I.dst] = doubleBits(asDouble(R[I.a]) + asDouble(R[I.b]));
      ++pc;
      break;
    case Op::FSub64:
      R[I.dst] = doubleBits(asDouble(R[I.a]) - asDouble(R[I.b]));
      ++pc;
      break;
    case Op::FMul64:
      R[I.dst] = doubleBits(asDouble(R[I.a]) * asDouble(R[I.b]));
      ++pc;
      break;
    case Op::FDiv64:
      R[I.dst] = doubleBits(asDouble(R[I.a]) / asDouble(R[I.b]));
      ++pc;
      break;
    case Op::FRem64:
      R[I.dst] = doubleBits(std::fmod(asDouble(R[I.a]), asDouble(R[I.b])));
      ++pc;
      break;
    case Op::FNeg64:
      R[I.dst] = R[I.a] ^ 0x8000000000000000ull;
      ++pc;
      break;
    case Op::FArith16: {
      float x = halfToFloat(uint16_t(R[I.a])),
            y = halfToFloat(uint16_t(R[I.b]));
      float r = 0;
      switch (I.flags) {
      case 0:
        r = x + y;
        break;
      case 1:
        r = x - y;
        break;
      case 2:
        r = x * y;
        break;
      case 3:
        r = x / y;
        break;
      case 4:
        r = std::fmod(x, y);
        break;
      default:
        r = -x;
        break;
      }
      R[I.dst] = I.flags == 5 ? R[I.a] ^ 0x8000 : floatToHalf(r);
      ++pc;
      break;
    }
    case Op::FCmp: {
      Kind kind = Kind(I.flags);
      if (kind == Kind::Float)
        R[I.dst] = compareFloat(asFloat(R[I.a]), asFloat(R[I.b]), I.width);
      else
        R[I.dst] = compareFloat(toDouble(R[I.a], kind), toDouble(R[I.b], kind),
                                I.width);
      ++pc;
      break;
    }
    case Op::Gep1:
      R[I.dst] =
          R[I.a] + uint64_t(signExtend(R[I.b], I.width)) * I.imm + I.imm2;
      ++pc;
      break;
    case Op::GepN: {
      uint64_t address = R[I.a] + I.imm2;
      const GepTerm *terms = program->gepTerms.data() + I.c;
      for (uint32_t i = 0; i < I.b; ++i)
        address += uint64_t(signExtend(R[terms[i].slot], terms[i].width)) *
                   uint64_t(terms[i].scale);
      R[I.dst] = address;
      ++pc;
      break;
    }
    case Op::Alloca:
      R[I.dst] = LocalTag | (frame->localBase + I.imm);
      ++pc;
      break;
    case Op::Load1: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, 1, false);
      R[I.dst] = *p & I.imm;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Load2: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, 2, false);
      uint16_t v;
      memcpy(&v, p, 2);
      R[I.dst] = v;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Load4: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, 4, false);
      uint32_t v;
      memcpy(&v, p, 4);
      R[I.dst] = v;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Load8: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, 8, false);
      memcpy(&R[I.dst], p, 8);
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::LoadN: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, I.width, false);
      R[I.dst] = load(p, I.width) & I.imm;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::LoadAgg: {
      const LeafList &list = program->leafLists[I.c];
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, list.totalBytes, false);
      for (size_t i = 0; i < list.leaves.size(); ++i) {
        const Leaf &leaf = list.leaves[i];
        R[I.dst + i] = load(p + leaf.offset, leaf.bytes) & widthMask(leaf.bits);
      }
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Store1:
    case Op::Store2:
    case Op::Store4:
    case Op::Store8:
    case Op::StoreN: {
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, I.width, true);
      memcpy(p, &R[I.b], I.width);
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::StoreAgg: {
      const LeafList &list = program->leafLists[I.c];
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, list.totalBytes, true);
      for (size_t i = 0; i < list.leaves.size(); ++i)
        memcpy(p + list.leaves[i].offset, &R[I.b + i], list.leaves[i].bytes);
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::AtomicRMW: {
      unsigned bytes = (I.width + 7) / 8;
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, bytes, true);
      uint64_t old = load(p, bytes);
      uint64_t value =
          atomicResult(AtomicOp(I.flags), Kind(I.c), I.width, old, R[I.b]);
      memcpy(p, &value, bytes);
      R[I.dst] = old;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::CmpXchg: {
      unsigned bytes = (I.width + 7) / 8;
      uint64_t address = R[I.a];
      GPURD_MEMORY(p, address, bytes, true);
      uint64_t old = load(p, bytes);
      bool success = old == R[I.b];
      if (success)
        memcpy(p, &R[I.c], bytes);
      R[I.dst] = old;
      if (I.flags == 0)
        R[I.dst + 1] = success;
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::MemCpy:
    case Op::MemSet: {
      uint64_t length = R[I.c];
      uint64_t address = R[I.a];
      if (length) {
        GPURD_MEMORY(to, address, length, true);
        if (I.op == Op::MemSet) {
          memset(to, int(R[I.b] & 0xff), length);
        } else {
          uint64_t source = R[I.b];
          uint8_t *from = resolve(source, length, thread);
          if (!from) {
            GPURD_SAVE();
            return memoryFault(thread, I, source, length, false);
          }
          memmove(to, from, length);
        }
      }
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Call3:
      R[I.dst] =
          reinterpret_cast<ScalarFn>(I.imm)(R[I.a], R[I.b], R[I.c], I.width);
      ++pc;
      break;
    case Op::Call: {
      GPURD_STEP_LIMIT();
      const CallInfo &call = program->calls[I.c];
      const Function &callee = *program->functions[call.callee];
      if (thread.frames.size() >= MaxCallDepth) {
        GPURD_SAVE();
        return fail(thread, threadName(thread) + " exceeded a call depth of " +
                                std::to_string(MaxCallDepth) + " at " +
                                describeInstruction(thread, -1));
      }
      uint32_t registerBase = frame->registerBase + fn->numSlots;
      uint32_t localBase = frame->localBase + fn->localBytes;
      if (thread.registers.size() < registerBase + callee.numSlots)
        thread.registers.resize(registerBase + callee.numSlots);
      if (thread.local.size() < localBase + callee.localBytes)
        thread.local.resize(localBase + callee.localBytes);
      memset(thread.local.data() + localBase, 0, callee.localBytes);
      R = thread.registers.data() + frame->registerBase;
      uint64_t *C = thread.registers.data() + registerBase;
      memcpy(C, callee.initialRegisters.data(), callee.numSlots * 8);
      for (size_t k = 0; k < call.arguments.size(); ++k)
        for (uint32_t j = 0; j < call.arguments[k].second; ++j)
          C[callee.argumentSlots[k] + j] = R[call.arguments[k].first + j];
      frame->pc = pc + 1;
      uint32_t resultSlot = I.dst;
      thread.frames.push_back(
          {call.callee, registerBase, localBase, 0, resultSlot});
      frame = &thread.frames.back();
      fn = &callee;
      code = fn->code.data();
      R = C;
      pc = 0;
      break;
    }
    case Op::Ret: {
      if (thread.frames.size() == 1) {
        GPURD_SAVE();
        thread.status = Status::Done;
        return RunResult::Blocked;
      }
      Frame done = thread.frames.pop_back_val();
      frame = &thread.frames.back();
      fn = program->functions[frame->function].get();
      code = fn->code.data();
      uint64_t *caller = thread.registers.data() + frame->registerBase;
      for (uint32_t j = 0; j < I.b; ++j)
        caller[done.resultSlot + j] = R[I.a + j];
      R = caller;
      pc = frame->pc;
      break;
    }
    case Op::SReg: {
      uint64_t value = 0;
      switch (SpecialRegister(I.imm)) {
      case SpecialRegister::TidX:
        value = thread.index[0];
        break;
      case SpecialRegister::TidY:
        value = thread.index[1];
        break;
      case SpecialRegister::TidZ:
        value = thread.index[2];
        break;
      case SpecialRegister::NtidX:
        value = traceLaunch.block[0];
        break;
      case SpecialRegister::NtidY:
        value = traceLaunch.block[1];
        break;
      case SpecialRegister::NtidZ:
        value = traceLaunch.block[2];
        break;
      case SpecialRegister::CtaidX:
        value = blockIndex[0];
        break;
      case SpecialRegister::CtaidY:
        value = blockIndex[1];
        break;
      case SpecialRegister::CtaidZ:
        value = blockIndex[2];
        break;
      case SpecialRegister::NctaidX:
        value = traceLaunch.grid[0];
        break;
      case SpecialRegister::NctaidY:
        value = traceLaunch.grid[1];
        break;
      case SpecialRegister::NctaidZ:
        value = traceLaunch.grid[2];
        break;
      case SpecialRegister::WarpSize:
        value = WarpSize;
        break;
      case SpecialRegister::LaneId:
        value = thread.lane;
        break;
      case SpecialRegister::WarpId:
        value = thread.warp;
        break;
      case SpecialRegister::NWarpId:
        value = traceLaunch.warpsPerBlock();
        break;
      case SpecialRegister::SmId:
        value = 0;
        break;
      case SpecialRegister::NSmId:
        value = 1;
        break;
      case SpecialRegister::Clock:
      case SpecialRegister::Clock64:
        value = steps;
        break;
      case SpecialRegister::LanemaskEq:
        value = 1u << thread.lane;
        break;
      case SpecialRegister::LanemaskLt:
        value = (1u << thread.lane) - 1;
        break;
      case SpecialRegister::LanemaskLe:
        value = uint32_t((2ull << thread.lane) - 1);
        break;
      case SpecialRegister::LanemaskGt:
        value = ~uint32_t((2ull << thread.lane) - 1);
        break;
      case SpecialRegister::LanemaskGe:
        value = ~((1u << thread.lane) - 1);
        break;
      case SpecialRegister::Zero:
        value = 0;
        break;
      }
      R[I.dst] = value & widthMask(I.width);
      ++pc;
      break;
    }
    case Op::Barrier:
      if (I.site >= 0)
        record(thread, I.site, 0, steps);
      thread.barrierPredicate =
          BarrierKind(I.flags) == BarrierKind::Plain ? 0 : R[I.a] & 1;
      GPURD_SAVE();
      thread.status = Status::AtBarrier;
      return RunResult::Blocked;
    case Op::WarpSync:
      GPURD_SAVE();
      thread.status = Status::AtWarpSync;
      return RunResult::Blocked;
    case Op::MathStore: {
      MathStoreKind kind = MathStoreKind(I.flags);
      bool isFloat =
          kind == MathStoreKind::SinCosF || kind == MathStoreKind::SinCosPiF ||
          kind == MathStoreKind::ModfF || kind == MathStoreKind::FrexpF;
      double x = isFloat ? double(asFloat(R[I.a])) : asDouble(R[I.a]);
      unsigned bytes = isFloat ? 4 : 8;
      auto bitsOf = [&](double v) {
        return isFloat ? floatBits(float(v)) : doubleBits(v);
      };
      auto storeTo = [&](uint64_t address, uint64_t value,
                         unsigned size) -> bool {
        uint8_t *p = resolve(address, size, thread);
        if (!p)
          return false;
        memcpy(p, &value, size);
        return true;
      };
      bool ok = true;
      uint64_t badAddress = 0;
      switch (MathStoreKind(I.flags)) {
      case MathStoreKind::SinCosF:
      case MathStoreKind::SinCosD:
      case MathStoreKind::SinCosPiF:
      case MathStoreKind::SinCosPiD: {
        bool pi = MathStoreKind(I.flags) == MathStoreKind::SinCosPiF ||
                  MathStoreKind(I.flags) == MathStoreKind::SinCosPiD;
        double angle = pi ? x * 3.14159265358979323846 : x;
        double s = isFloat ? std::sin(float(angle)) : std::sin(angle);
        double c = isFloat ? std::cos(float(angle)) : std::cos(angle);
        if (!storeTo(R[I.b], bitsOf(s), bytes))
          ok = false, badAddress = R[I.b];
        else if (!storeTo(R[I.c], bitsOf(c), bytes))
          ok = false, badAddress = R[I.c];
        break;
      }
      case MathStoreKind::ModfF:
      case MathStoreKind::ModfD: {
        double whole = std::trunc(x);
        R[I.dst] = bitsOf(std::isinf(x) ? std::copysign(0.0, x) : x - whole);
        if (!storeTo(R[I.b], bitsOf(whole), bytes))
          ok = false, badAddress = R[I.b];
        break;
      }
      case MathStoreKind::FrexpF:
      case MathStoreKind::FrexpD: {
        int exponent = 0;
        double mantissa = std::frexp(x, &exponent);
        R[I.dst] = bitsOf(mantissa);
        if (!storeTo(R[I.b], uint32_t(exponent), 4))
          ok = false, badAddress = R[I.b];
        break;
      }
      }
      if (!ok) {
        GPURD_SAVE();
        return memoryFault(thread, I, badAddress, bytes, true);
      }
      ++pc;
      break;
    }
    case Op::WithOverflow: {
      bool overflow = false;
      R[I.dst] =
          withOverflow(OverflowOp(I.flags), I.width, R[I.a], R[I.b], overflow);
      R[I.dst + 1] = overflow;
      ++pc;
      break;
    }
    case Op::TexFetch: {
      const TextureFetch &fetch = program->textures[I.c];
      uint64_t handle = R[fetch.handle];
      const BoundTexture *texture = nullptr;
      for (const BoundTexture &bound : textures)
        if (bound.handle == handle)
          texture = &bound;
      if (!texture) {
        std::string which = hex(handle);
        for (const Region &region : regions)
          if (region.base == handle)
            which = "'" + region.name + "'";
        GPURD_SAVE();
        return fail(thread,
                    threadName(thread) + " fetches from texture " + which +
                        " at " + describeInstruction(thread, I.site) +
                        ", which is not bound to a buffer (bind it with "
                        "EmulatorArguments::textures)");
      }
      int64_t x = fetch.floatCoordinate
                      ? int64_t(std::floor(asFloat(R[fetch.coordinate])))
                      : signExtend(R[fetch.coordinate], 32);
      uint64_t address =
          texture->buffer->base + uint64_t(x) * texture->texelBytes;
      const uint8_t *texel = nullptr;
      if (x >= 0 && uint64_t(x) < texture->buffer->size / texture->texelBytes)
        texel = texture->buffer->data + uint64_t(x) * texture->texelBytes;
      unsigned componentBytes = texture->texelBytes / texture->components;
      for (unsigned i = 0; i < fetch.resultSlots; ++i) {
        uint64_t value = 0;
        if (texel && i < texture->components) {
          value = load(texel + i * componentBytes, componentBytes);
          if (fetch.resultKind == Kind::Float && componentBytes == 2)
            value = floatBits(halfToFloat(uint16_t(value)));
          else if (fetch.signedResult)
            value = uint32_t(signExtend(value, componentBytes * 8));
        }
        R[I.dst + i] = value;
      }
      if (I.site >= 0)
        record(thread, I.site, address, steps);
      ++pc;
      break;
    }
    case Op::Opaque:
      if (I.site >= 0)
        record(thread, I.site, R[I.a], steps);
      ++pc;
      break;
    case Op::AssertFail: {
      GPURD_SAVE();
      std::optional<std::string> message = readString(R[I.a], thread);
      return fail(thread, threadName(thread) + " failed an assertion" +
                              (message ? " ('" + *message + "')" : "") +
                              " at " + describeInstruction(thread, -1));
    }
    case Op::Trap:
      GPURD_SAVE();
      return fail(thread, threadName(thread) + " executed a trap at " +
                              describeInstruction(thread, -1));
    case Op::ExtractDyn: {
      uint64_t index = R[I.b];
      R[I.dst] = index < I.imm ? R[I.a + index] : 0;
      ++pc;
      break;
    }
    case Op::InsertDyn: {
      for (uint32_t i = 0; i < I.imm; ++i)
        R[I.dst + i] = R[I.a + i];
      uint64_t index = R[I.c];
      if (index < I.imm)
        R[I.dst + index] = R[I.b];
      ++pc;
      break;
    }
    case Op::Repack: {
      const Repack &repack = program->repacks[I.c];
      uint8_t bytes[512] = {};
      if (repack.from.totalBytes > sizeof(bytes)) {
        GPURD_SAVE();
        return fail(thread, threadName(thread) + " reached " +
                                describeInstruction(thread, -1) +
                                ": the value is too large to reinterpret");
      }
      for (size_t i = 0; i < repack.from.leaves.size(); ++i)
        memcpy(bytes + repack.from.leaves[i].offset, &R[I.a + i],
               repack.from.leaves[i].bytes);
      for (size_t i = 0; i < repack.to.leaves.size(); ++i)
        R[I.dst + i] = load(bytes + repack.to.leaves[i].offset,
                            repack.to.leaves[i].bytes) &
                       widthMask(repack.to.leaves[i].bits);
      ++pc;
      break;
    }
    case Op::Jump:
      takeEdge(edges[I.b]);
      GPURD_STEP_LIMIT();
      break;
    case Op::CondJump:
      takeEdge(edges[(R[I.a] & 1) ? I.b : I.c]);
      GPURD_STEP_LIMIT();
      break;
    case Op::Switch: {
      const SwitchInfo &info = program->switches[I.c];
      uint64_t value = R[I.a];
      uint32_t edge = info.defaultEdge;
      for (const auto &[caseValue, caseEdge] : info.cases)
        if (caseValue == value) {
          edge = caseEdge;
          break;
        }
      takeEdge(edges[edge]);
      GPURD_STEP_LIMIT();
      break;
    }
    case Op::Unreachable:
      GPURD_SAVE();
      return fail(thread, threadName(thread) + " reached unreachable code at " +
                              describeInstruction(thread, -1) +
                              " (undefined behaviour, or a failed trap)");
    }
  }
#undef GPURD_SAVE
#undef GPURD_STEP_LIMIT
#undef GPURD_MEMORY
}

//===----------------------------------------------------------------------===//
// Warp-synchronous operations and barriers
//===----------------------------------------------------------------------===//

void Emulator::evaluateWarpOp(const llvm::SmallVectorImpl<Thread *> &group) {
  Thread *byLane[WarpSize] = {};
  uint32_t groupMask = 0;
  for (Thread *thread : group) {
    byLane[thread->lane] = thread;
    groupMask |= 1u << thread->lane;
  }
  auto regs = [&](Thread *thread) {
    return thread->registers.data() + thread->frames.back().registerBase;
  };
  auto opOf = [&](Thread *thread) -> const WarpOp & {
    return program->warpOps[currentInst(*thread).c];
  };
  // The value lane `other` contributes: its own instruction's operand (the
  // lanes of a group may wait at different copies of the operation).
  auto valueOf = [&](unsigned other) {
    return regs(byLane[other])[opOf(byLane[other]).value];
  };
  uint64_t results[WarpSize] = {}, predicates[WarpSize] = {};
  for (Thread *thread : group) {
    unsigned lane = thread->lane;
    uint64_t *R = regs(thread);
    const WarpOp &op = opOf(thread);
    // Each lane names its partners in its own member mask (the tiles of a
    // warp pass different masks); only lanes of the group take part.
    uint32_t members = groupMask;
    if (op.hasMask) {
      uint32_t mask = uint32_t(R[op.mask]) & groupMask;
      members = mask ? mask : groupMask;
    }
    switch (op.kind) {
    case WarpOpKind::SyncWarp:
      break;
    case WarpOpKind::ActiveMask:
      results[lane] = groupMask;
      break;
    case WarpOpKind::ShflIdx:
    case WarpOpKind::ShflUp:
    case WarpOpKind::ShflDown:
    case WarpOpKind::ShflBfly: {
      // PTX ISA, shfl.sync: c packs the clamp (bits 0-4) and the segment
      // mask (bits 8-12).
      int self = int(lane);
      int b = int(R[op.laneOrOffset] & 31);
      uint32_t c = uint32_t(R[op.clamp]);
      int segmentMask = int((c >> 8) & 31);
      int maxLane = (self & segmentMask) | (int(c & 31) & ~segmentMask);
      int minLane = self & segmentMask;
      int j = self;
      bool valid = false;
      switch (op.kind) {
      case WarpOpKind::ShflUp:
        j = self - b;
        valid = j >= maxLane;
        break;
      case WarpOpKind::ShflDown:
        j = self + b;
        valid = j <= maxLane;
        break;
      case WarpOpKind::ShflBfly:
        j = self ^ b;
        valid = j <= maxLane;
        break;
      default:
        j = minLane | (b & ~segmentMask);
        valid = j <= maxLane;
        break;
      }
      if (!valid || j < 0 || j >= int(WarpSize))
        j = self;
      // Reading a lane that is not executing the shuffle is undefined; the
      // lane keeps its own value then.
      results[lane] = (groupMask >> j) & 1 ? valueOf(unsigned(j)) : R[op.value];
      predicates[lane] = valid;
      break;
    }
    case WarpOpKind::VoteAll:
    case WarpOpKind::VoteAny:
    case WarpOpKind::VoteUni:
    case WarpOpKind::VoteBallot: {
      uint32_t ballot = 0;
      for (unsigned other = 0; other < WarpSize; ++other)
        if ((members >> other) & 1 && (valueOf(other) & 1))
          ballot |= 1u << other;
      results[lane] = op.kind == WarpOpKind::VoteBallot ? ballot
                      : op.kind == WarpOpKind::VoteAll  ? ballot == members
                      : op.kind == WarpOpKind::VoteAny
                          ? ballot != 0
                          : (ballot == 0 || ballot == members);
      break;
    }
    case WarpOpKind::MatchAny:
    case WarpOpKind::MatchAll: {
      uint64_t mine = R[op.value];
      uint32_t same = 0;
      for (unsigned other = 0; other < WarpSize; ++other)
        if ((members >> other) & 1 && valueOf(other) == mine)
          same |= 1u << other;
      if (op.kind == WarpOpKind::MatchAny) {
        results[lane] = same;
      } else {
        results[lane] = same == members ? members : 0;
        predicates[lane] = same == members;
      }
      break;
    }
    default: { // Redux
      uint32_t accumulator = 0;
      bool seen = false;
      for (unsigned other = 0; other < WarpSize; ++other) {
        if (!((members >> other) & 1))
          continue;
        uint32_t v = uint32_t(valueOf(other));
        if (!seen) {
          accumulator = v;
          seen = true;
          continue;
        }
        switch (op.kind) {
        case WarpOpKind::ReduxAdd:
          accumulator += v;
          break;
        case WarpOpKind::ReduxMin:
          accumulator = uint32_t(std::min(int32_t(accumulator), int32_t(v)));
          break;
        case WarpOpKind::ReduxMax:
          accumulator = uint32_t(std::max(int32_t(accumulator), int32_t(v)));
          break;
        case WarpOpKind::ReduxUMin:
          accumulator = std::min(accumulator, v);
          break;
        case WarpOpKind::ReduxUMax:
          accumulator = std::max(accumulator, v);
          break;
        case WarpOpKind::ReduxAnd:
          accumulator &= v;
          break;
        case WarpOpKind::ReduxOr:
          accumulator |= v;
          break;
        default:
          accumulator ^= v;
          break;
        }
      }
      results[lane] = accumulator;
      break;
    }
    }
  }
  for (Thread *thread : group) {
    uint64_t *R = regs(thread);
    const Inst &inst = currentInst(*thread);
    R[inst.dst] = results[thread->lane];
    if (opOf(thread).hasPredicateResult)
      R[inst.dst + 1] = predicates[thread->lane];
    thread->frames.back().pc++;
    thread->status = Status::Runnable;
  }
}

llvm::Error Emulator::runWarp(unsigned warp) {
  size_t begin = size_t(warp) * WarpSize;
  size_t end = std::min(threads.size(), begin + WarpSize);
  for (;;) {
    for (size_t i = begin; i < end; ++i) {
      Thread &thread = threads[i];
      if (thread.status != Status::Runnable)
        continue;
      if (run(thread) == RunResult::Error)
        return makeError(errorMessage);
    }
    // Release the warp's lanes waiting at warp-synchronous operations. A
    // lane's operation completes once every lane of its member mask that
    // can still arrive (is not finished or at a block barrier) waits at an
    // operation of the same family (shuffle, vote, match, reduce,
    // __syncwarp): on sm_70+ they need not be at the same instruction (the
    // compiler duplicates code after divergent branches). Operations
    // without a mask (the legacy, non-sync forms) wait for every waiting
    // lane. activemask is not a synchronisation: its lanes are those at
    // the same instruction. If no lane can complete (lanes of one mask wait
    // at different kinds of operation), the lowest waiting lane's family
    // goes ahead, so the emulation always progresses.
    uint32_t waiting = 0;
    unsigned family[WarpSize] = {};
    for (size_t i = begin; i < end; ++i)
      if (threads[i].status == Status::AtWarpSync) {
        waiting |= 1u << threads[i].lane;
        family[threads[i].lane] = warpOpFamily(threads[i]);
      }
    if (!waiting)
      return llvm::Error::success();
    uint32_t ready = 0;
    for (size_t i = begin; i < end; ++i) {
      Thread &thread = threads[i];
      unsigned lane = thread.lane;
      if (!((waiting >> lane) & 1))
        continue;
      const WarpOp &op = program->warpOps[currentInst(thread).c];
      uint32_t required = waiting;
      if (family[lane] == ActiveMaskFamily)
        required = 1u << lane;
      else if (op.hasMask)
        required &= uint32_t(
            thread.registers[thread.frames.back().registerBase + op.mask]);
      bool complete = true;
      for (unsigned other = 0; other < WarpSize && complete; ++other)
        if ((required >> other) & 1 && family[other] != family[lane])
          complete = false;
      if (complete)
        ready |= 1u << lane;
    }
    if (!ready) {
      unsigned lowest = __builtin_ctz(waiting);
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if ((waiting >> lane) & 1 && family[lane] == family[lowest])
          ready |= 1u << lane;
    }
    uint32_t handled = 0;
    for (size_t i = begin; i < end; ++i) {
      Thread &thread = threads[i];
      if (!((ready >> thread.lane) & 1) || ((handled >> thread.lane) & 1))
        continue;
      const Frame &frame = thread.frames.back();
      llvm::SmallVector<Thread *, WarpSize> group;
      for (size_t k = i; k < end; ++k) {
        Thread &other = threads[k];
        if (!((ready >> other.lane) & 1) || ((handled >> other.lane) & 1) ||
            family[other.lane] != family[thread.lane])
          continue;
        if (family[thread.lane] == ActiveMaskFamily &&
            (other.frames.back().function != frame.function ||
             other.frames.back().pc != frame.pc))
          continue;
        group.push_back(&other);
        handled |= 1u << other.lane;
      }
      evaluateWarpOp(group);
    }
  }
}

void Emulator::releaseBarrier() {
  uint64_t waiting = 0, count = 0;
  for (Thread &thread : threads)
    if (thread.status == Status::AtBarrier) {
      ++waiting;
      count += thread.barrierPredicate != 0;
    }
  for (Thread &thread : threads) {
    if (thread.status != Status::AtBarrier)
      continue;
    const Inst &inst = currentInst(thread);
    uint64_t result = 0;
    switch (BarrierKind(inst.flags)) {
    case BarrierKind::Plain:
      result = 0;
      break;
    case BarrierKind::Popc:
      result = count;
      break;
    case BarrierKind::And:
      result = count == waiting;
      break;
    case BarrierKind::Or:
      result = count != 0;
      break;
    }
    thread.registers[thread.frames.back().registerBase + inst.dst] = result;
    thread.frames.back().pc++;
    thread.status = Status::Runnable;
  }
}

//===----------------------------------------------------------------------===//
// Warp traces
//===----------------------------------------------------------------------===//

// Merge rule. Each lane's log is in its program order. The n-th execution
// of site S by a lane joins the n-th execution of S by the warp's other
// lanes: (S, n) is the key of a warp instruction (SIMT lockstep for
// structured code). Warp instructions are emitted one at a time: a key is
// ready when every lane that still has it pending has it at the head of its
// log (nothing that lane does earlier is still unemitted); among the ready
// keys the one at the head of the lowest-numbered lane goes first, and it
// takes every lane whose head it is. (If no key is ready, which only
// unstructured control flow can cause, the lowest lane's head is emitted
// with the lanes that have it at their head, and the other lanes' executions
// of it become a later warp instruction.) So every lane's program order is
// respected, divergent branches come out one after the other, and loops
// whose trip counts differ across lanes continue with the lanes still in
// them.
//
// instructionsBefore is the largest, over the participating lanes, of the
// number of non-memory IR instructions the lane executed since its previous
// traced instruction (phis and branches count; debug, lifetime and assume
// intrinsics do not; untraced memory operations in non-inlined callees
// count as non-memory instructions). trailingInstructions is the largest,
// over the warp's lanes, of the count after the lane's last traced
// instruction.
void Emulator::buildWarpTrace(unsigned warp, uint64_t block, WarpTrace &out) {
  out.block = block;
  out.warp = warp;
  out.instructions.clear();
  out.trailingInstructions = 0;
  size_t begin = size_t(warp) * WarpSize;
  size_t end = std::min(threads.size(), begin + WarpSize);
  unsigned lanes = unsigned(end - begin);
  size_t numSites = model.sites.size();

  std::fill(maxOccurrence.begin(), maxOccurrence.end(), 0);
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    out.trailingInstructions = std::max<uint64_t>(
        out.trailingInstructions, thread.steps - thread.lastMark);
    std::fill(siteCounter.begin(), siteCounter.end(), 0);
    for (const Event &event : thread.events)
      ++siteCounter[event.site];
    for (size_t s = 0; s < numSites; ++s)
      maxOccurrence[s] = std::max(maxOccurrence[s], siteCounter[s]);
  }
  siteBase[0] = 0;
  for (size_t s = 0; s < numSites; ++s)
    siteBase[s + 1] = siteBase[s] + maxOccurrence[s];
  size_t numKeys = siteBase[numSites];
  remaining.assign(numKeys, 0);
  atHead.assign(numKeys, 0);
  size_t pending = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    std::fill(siteCounter.begin(), siteCounter.end(), 0);
    std::vector<uint32_t> &keys = laneKeys[l];
    keys.clear();
    keys.reserve(thread.events.size());
    for (const Event &event : thread.events) {
      uint32_t key = siteBase[event.site] + siteCounter[event.site]++;
      keys.push_back(key);
      ++remaining[key];
    }
    if (!keys.empty())
      ++atHead[keys[0]];
    pending += keys.size();
  }
  size_t heads[WarpSize] = {};
  while (pending) {
    int chosenLane = -1;
    int firstLane = -1;
    for (unsigned l = 0; l < lanes; ++l) {
      if (heads[l] >= laneKeys[l].size())
        continue;
      if (firstLane < 0)
        firstLane = int(l);
      uint32_t key = laneKeys[l][heads[l]];
      if (atHead[key] == remaining[key]) {
        chosenLane = int(l);
        break;
      }
    }
    if (chosenLane < 0)
      chosenLane = firstLane;
    uint32_t key = laneKeys[chosenLane][heads[chosenLane]];
    const Event &head = threads[begin + chosenLane].events[heads[chosenLane]];
    const access::AccessSite &site = model.sites[head.site];
    WarpInstruction inst;
    inst.site = head.site;
    inst.kind = site.kind;
    inst.space = site.space;
    inst.size = site.sizeBytes;
    if (textureSite[head.site]) {
      inst.space = MemorySpace::Texture;
    } else if (site.kind != AccessKind::Barrier) {
      // The runtime space wins over the static one for generic pointers.
      switch (tagOf(head.address)) {
      case 1:
        inst.space = MemorySpace::Shared;
        break;
      case 2:
        inst.space = MemorySpace::Local;
        break;
      default:
        if (site.space == MemorySpace::Shared ||
            site.space == MemorySpace::Local)
          inst.space = MemorySpace::Global;
        break;
      }
    }
    for (unsigned l = chosenLane; l < lanes; ++l) {
      if (heads[l] >= laneKeys[l].size() || laneKeys[l][heads[l]] != key)
        continue;
      const Event &event = threads[begin + l].events[heads[l]];
      inst.activeMask |= 1u << l;
      inst.addresses[l] =
          site.kind == AccessKind::Barrier
              ? 0
              : (tagOf(event.address) == 0 ? event.address
                                           : event.address & OffsetMask);
      inst.instructionsBefore = std::max(inst.instructionsBefore, event.before);
      --remaining[key];
      --atHead[key];
      --pending;
      if (++heads[l] < laneKeys[l].size())
        ++atHead[laneKeys[l][heads[l]]];
    }
    out.instructions.push_back(inst);
  }
}

llvm::Error Emulator::traceBlock(uint64_t block,
                                 std::vector<WarpTrace> &warps) {
  if (block >= traceLaunch.numBlocks())
    return makeError("block " + std::to_string(block) +
                     " is outside the grid of " +
                     std::to_string(traceLaunch.numBlocks()) + " blocks");
  auto index = traceLaunch.blockIndex(block);
  for (unsigned d = 0; d < 3; ++d)
    blockIndex[d] = uint32_t(index[d]);
  std::fill(shared.begin(), shared.end(), 0);
  const Function &entry = *program->functions[0];
  for (Thread &thread : threads) {
    if (thread.registers.size() < entry.numSlots)
      thread.registers.resize(entry.numSlots);
    memcpy(thread.registers.data(), entry.initialRegisters.data(),
           entry.numSlots * sizeof(uint64_t));
    thread.local.assign(entry.localBytes, 0);
    thread.frames.clear();
    thread.frames.push_back({0, 0, 0, 0, 0});
    thread.steps = 0;
    thread.lastMark = 0;
    thread.events.clear();
    thread.status = Status::Runnable;
  }
  unsigned numWarps = traceLaunch.warpsPerBlock();
  for (;;) {
    for (unsigned w = 0; w < numWarps; ++w)
      if (llvm::Error error = runWarp(w))
        return error;
    bool waiting = false;
    for (const Thread &thread : threads)
      waiting |= thread.status == Status::AtBarrier;
    if (!waiting)
      break;
    releaseBarrier();
  }
  warps.resize(numWarps);
  for (unsigned w = 0; w < numWarps; ++w)
    buildWarpTrace(w, block, warps[w]);
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createEmulator(const access::PreparedKernel &kernel,
               const access::AccessModel &model, const TraceLaunch &launch,
               MemoryLayout layout, EmulatorArguments arguments,
               const EmulatorOptions &options) {
  if (!kernel.function)
    return makeError("the kernel was not prepared");
  auto emulator = std::make_unique<Emulator>(
      kernel, model, launch, std::move(layout), std::move(arguments), options);
  if (llvm::Error error = emulator->initialize())
    return error;
  return std::unique_ptr<WarpTraceSource>(std::move(emulator));
}

const std::vector<uint8_t> *emulatorBuffer(const WarpTraceSource &source,
                                           unsigned param) {
  if (llvm::StringRef(source.name()) != "emulate")
    return nullptr;
  return static_cast<const Emulator &>(source).buffer(param);
}

uint64_t emulatorInstructionCount(const WarpTraceSource &source) {
  if (llvm::StringRef(source.name()) != "emulate")
    return 0;
  return static_cast<const Emulator &>(source).instructionCount();
}

} // namespace gpurd::trace

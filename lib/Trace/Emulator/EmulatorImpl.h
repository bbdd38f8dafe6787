//===- EmulatorImpl.h - The emulator's state and its parts ------*- C++ -*-===//
//
// Private to the emulator. The emulator runs the prepared kernel (decoded
// once by the Decoder into Program.h's compact form) for one block at a
// time:
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
//    merged into WarpInstructions (WarpTraceMerge.cpp).
//
// The Emulator's members are defined by concern:
//
//  * Setup.cpp: buffers (default ones in ZeroMemory.h's lazily mapped
//    zeros), variables, parameters and textures; the entry points
//    (createEmulator, the testing hooks);
//  * Interpreter.cpp: `run`, the interpreter loop, one switch over the
//    opcodes whose handlers are inlined from ExecuteArithmetic.h,
//    ExecuteMemory.h, ExecuteControl.h and ExecuteIntrinsics.h;
//  * Diagnostics.cpp: error messages (threads, instructions, addresses);
//  * DeviceHeap.cpp: malloc's heap and calls through function pointers;
//  * WarpOps.cpp: warp-synchronous operations (shuffles, votes, ...);
//  * Scheduling.cpp: a block's warps and barriers;
//  * ControlMarks.cpp: a thread's branches, joins and loop iterations in
//    its log, for the merge;
//  * WarpTraceMerge.cpp: a warp's thread logs into warp instructions.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EMULATORIMPL_H
#define GPURD_LIB_TRACE_EMULATOR_EMULATORIMPL_H

#include "Program.h"
#include "ZeroMemory.h"

#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Trace/Emulator.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Compiler.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class Argument;
class Module;
} // namespace llvm

namespace gpurd::trace::emu {

/// A range of the flat global address space backed by host memory.
struct Region {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0;
  uint8_t *data = nullptr;
  bool isConstant = false;
  int param = -1;       ///< Pointer parameter, or -1 for variables.
  bool missing = false; ///< A pointer parameter without a buffer.
  /// A default buffer (DefaultBuffers.h): size is how far accesses have
  /// reached so far (at least the access model's extent); data is mapped up
  /// to capacity, and an access below capacity grows size and *touchedEnd.
  uint64_t capacity = 0;
  uint64_t *touchedEnd = nullptr;
};

/// A shared variable (for error messages).
struct SharedVariable {
  std::string name;
  uint64_t base = 0, size = 0;
};

/// Event::site of a marker (ControlMarks.cpp): MarkerSite | marker id.
constexpr uint32_t MarkerSite = 1u << 31;

/// One execution of an access site by one thread, or a marker: the thread
/// took a branch or reached a join of the kernel's CFG.
struct Event {
  uint32_t site;
  uint32_t before;  ///< Non-memory instructions since the previous event.
  uint64_t address; ///< Tagged address (0 for a marker).
  /// The thread's iteration of its enclosing loops: an offset into
  /// Thread::iterations.
  uint32_t iteration;
};

struct Frame {
  uint32_t function = 0;
  uint32_t registerBase = 0;
  uint32_t localBase = 0;
  uint32_t pc = 0;
  uint32_t resultSlot = 0; ///< In the caller's frame.
};

/// Polling: at a volatile load whose poll found nothing changed since the
/// thread's previous one (SpinWaits.cpp).
enum class Status : uint8_t { Runnable, AtBarrier, AtWarpSync, Polling, Done };

struct Thread {
  uint32_t linear = 0;
  uint32_t index[3] = {0, 0, 0};
  uint32_t lane = 0, warp = 0;
  Status status = Status::Runnable;
  uint64_t barrierPredicate = 0;
  std::vector<uint64_t> registers;
  std::vector<uint8_t> local;
  llvm::SmallVector<Frame, 4> frames;
  uint64_t steps = 0; ///< Interpreted instructions.
  /// The cycles its loads waited (EmulatorOptions::loadCycles): clock()
  /// reads steps plus these.
  uint64_t waitedCycles = 0;
  uint64_t lastMark = 0; ///< steps at the previous event.
  std::vector<Event> events;
  /// The iteration of each loop of the kernel the thread is in, outermost
  /// first.
  llvm::SmallVector<uint32_t, 4> loops;
  /// The iterations the events name: runs of [depth, counters...], the
  /// first the empty one (out of every loop); `iteration` is the last
  /// run's offset, and loopsMoved says that `loops` moved since.
  std::vector<uint32_t> iterations;
  uint32_t iteration = 0;
  bool loopsMoved = false;
  /// Markers logged; past the thread's share of the block's log it logs no
  /// more (markersDropped), and its warp is merged without them.
  uint64_t markers = 0;
  bool markersDropped = false;
  /// Emulator::writes when it began polling (Status::Polling).
  uint64_t pollWrites = 0;
};

/// The handle of a texture object that holds 0 (Emulator::bindTextures).
constexpr uint64_t NullTextureHandle = 0;

struct BoundTexture {
  uint64_t handle = 0; ///< Flat address of the texture variable.
  std::string name;
  /// The bound buffer; null for a default texture (zeros from base on).
  const Region *buffer = nullptr;
  uint64_t base = 0;
  unsigned texelBytes = 4, components = 1;
};

/// An access outside memory (an interpreter handler's failure).
struct Fault {
  uint64_t address = 0, size = 0;
  bool write = false;
  /// Not a fault: a volatile load found the thread as at its previous poll
  /// (Emulator::pollUnchanged); the thread waits.
  bool polling = false;
};

class ParameterNames;

constexpr unsigned MaxCallDepth = 256;

/// Where \p origin is in the user's source (`file:line:col`, the first
/// position of its inlining chain outside gpurd's prelude), or its IR.
std::string sourcePosition(const llvm::Instruction &origin);

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
  uint64_t instructionsExecuted() const override { return totalSteps; }
  std::vector<std::string> notes() const override;
  uint64_t blocksCut() const override { return cutBlocks.size(); }
  uint64_t blocksWaiting() const override { return pollingThreads.size(); }

private:
  enum class RunResult { Blocked, Error };

  // Set-up (Setup.cpp).
  llvm::Error checkModelAndLaunch() const;
  llvm::Error bindArguments(const llvm::Function &function,
                            DecodeEnvironment &env);
  llvm::Error bindByValArgument(const llvm::Argument &arg,
                                const ParameterNames &names,
                                DecodeEnvironment &env);
  llvm::Error bindPointerArgument(const llvm::Argument &arg,
                                  const ParameterNames &names,
                                  DecodeEnvironment &env);
  llvm::Error bindDefaultBuffer(Region &region, unsigned param,
                                std::optional<uint64_t> memberOffset);
  void bindScalarArgument(const llvm::Argument &arg,
                          const ParameterNames &names, DecodeEnvironment &env);
  llvm::Error placeVariables(const llvm::Module &module,
                             DecodeEnvironment &env);
  llvm::Error bindTextures(const llvm::Module &module);
  void prepareThreads();

  // The interpreter (Interpreter.cpp): runs the thread until it blocks.
  RunResult run(Thread &thread);

  // Handlers of the interpreter's opcodes (Execute*.h), inlined into run.
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t gepN(const Inst &I,
                                             const uint64_t *R) const;
  /// The cycles a load of the kernel waits at least, for clock():
  /// volatile loads (I.flags, a flag another agent writes) are served by
  /// the L2.
  uint64_t loadWait(const Inst &I) const {
    return I.flags ? options.volatileLoadCycles : options.loadCycles;
  }
  template <unsigned Bytes>
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool load(const Inst &I, uint64_t *R,
                                         Thread &thread, uint64_t steps,
                                         Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool loadAggregate(const Inst &I, uint64_t *R,
                                                  Thread &thread,
                                                  uint64_t steps, Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool store(const Inst &I, uint64_t *R,
                                          Thread &thread, uint64_t steps,
                                          Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool storeAggregate(const Inst &I, uint64_t *R,
                                                   Thread &thread,
                                                   uint64_t steps,
                                                   Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool atomicRMW(const Inst &I, uint64_t *R,
                                              Thread &thread, uint64_t steps,
                                              Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool compareExchange(const Inst &I, uint64_t *R,
                                                    Thread &thread,
                                                    uint64_t steps,
                                                    Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool copyOrSet(const Inst &I, uint64_t *R,
                                              Thread &thread, uint64_t steps,
                                              Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool repack(const Inst &I, uint64_t *R) const;
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint32_t takeEdge(const Edge &edge,
                                                 const Move *moves, uint64_t *R,
                                                 Thread &thread,
                                                 uint64_t steps);
  /// An edge's markers and loop step (ControlMarks.cpp).
  void controlEdge(const Edge &edge, Thread &thread, uint64_t steps);
  void mark(Thread &thread, uint32_t marker, uint64_t steps);
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint32_t switchEdge(const Inst &I,
                                                   const uint64_t *R) const;
  /// Enters function \p callee (a direct call's own, CallInfo::callee).
  LLVM_ATTRIBUTE_ALWAYS_INLINE void enterFunction(Thread &thread, const Inst &I,
                                                  Frame &caller,
                                                  const Function &callerFn,
                                                  uint32_t pc, uint32_t callee);
  /// The function an indirect call's target address names, if it names
  /// one whose parameters the call's arguments fill; for a null address,
  /// CallInfo::nullCallee (recorded for the note with the call's
  /// position, instruction \p pc of \p fn).
  std::optional<uint32_t> indirectCallee(const Function &fn, uint32_t pc,
                                         const Inst &I, const uint64_t *R);
  RunResult badIndirectCall(Thread &thread, const Inst &I, const uint64_t *R);
  /// The note on calls through null pointers, if any ran.
  std::optional<std::string> nullPointerCallNote() const;
  /// \p bytes of the device heap (16-byte aligned), or 0 when it is full,
  /// as device malloc returns.
  uint64_t allocate(uint64_t bytes);
  /// Block \p block allocates from where it did when traced before, or
  /// past every allocation so far.
  void beginBlockHeap(uint64_t block);
  /// The device heap's region, when the code calls malloc.
  llvm::Error placeHeap();
  LLVM_ATTRIBUTE_ALWAYS_INLINE void
  returnFromFunction(Thread &thread, const Inst &I, const uint64_t *R);
  LLVM_ATTRIBUTE_ALWAYS_INLINE void arriveAtBarrier(Thread &thread,
                                                    const Inst &I,
                                                    const uint64_t *R,
                                                    uint64_t steps);
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t specialRegister(const Inst &I,
                                                        const Thread &thread,
                                                        uint64_t steps) const;
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool mathStore(const Inst &I, uint64_t *R,
                                              Thread &thread, Fault &fault);
  LLVM_ATTRIBUTE_ALWAYS_INLINE bool
  fetchTexture(const Inst &I, uint64_t *R, Thread &thread, uint64_t steps);
  bool accessSurface(const Inst &I, const TextureFetch &fetch,
                     const BoundTexture &surface,
                     const std::array<int64_t, 4> &c, uint64_t *R,
                     Thread &thread, uint64_t steps);

  // Warp-synchronous operations (WarpOps.cpp).
  static constexpr unsigned ActiveMaskFamily = 4;
  unsigned warpOpFamily(const Thread &thread) const;
  void evaluateWarpOp(const llvm::SmallVectorImpl<Thread *> &lanes);

  // A block's warps and barriers (Scheduling.cpp).
  void resetThreads();
  llvm::Error runWarp(unsigned warp);
  uint32_t readyLanes(size_t begin, size_t end, uint32_t waiting,
                      const unsigned *family) const;
  void releaseWarpOps(size_t begin, size_t end, uint32_t ready,
                      const unsigned *family);
  void releaseBarrier();

  // Warp traces (WarpTraceMerge.cpp).
  void buildWarpTrace(unsigned warp, uint64_t block, WarpTrace &out);
  size_t collectMergeKeys(size_t begin, unsigned lanes, bool withMarkers);
  void mergeConverged(size_t begin, unsigned lanes, WarpTrace &out);
  WarpInstruction warpInstruction(const Event &head) const;

  // Memory.
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
      if (offset < shared.size() && size <= shared.size() - offset) {
        if (offset + size > sharedDeclared)
          sharedTouchedEnd = std::max(sharedTouchedEnd, offset + size);
        return shared.data() + offset;
      }
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
    return growDefaultBuffer(address, size);
  }
  /// An access past what a default buffer has served so far, within its
  /// capacity: the buffer grows to cover it (Setup.cpp).
  uint8_t *growDefaultBuffer(uint64_t address, uint64_t size);
  static void record(Thread &thread, int32_t site, uint64_t address,
                     uint64_t steps) {
    uint64_t before = steps - 1 - thread.lastMark;
    appendEvent(thread, uint32_t(site), before, address);
    thread.lastMark = steps;
  }
  /// Appends an event written in place. An Event built on the stack and
  /// copied in is read back whole right after its fields were stored one
  /// by one, which stalls the store forwarding: perf put half of mark()'s
  /// samples (mark() was 7.6% of the CUDA samples' reduction file) on that
  /// reload.
  static void appendEvent(Thread &thread, uint32_t site, uint64_t before,
                          uint64_t address) {
    uint32_t iteration = currentIteration(thread);
    Event &event = thread.events.emplace_back();
    event.site = site;
    event.before = uint32_t(std::min<uint64_t>(before, UINT32_MAX));
    event.address = address;
    event.iteration = iteration;
  }
  /// The offset of the thread's iteration in Thread::iterations (a new run
  /// after its loops moved).
  static uint32_t currentIteration(Thread &thread) {
    if (LLVM_UNLIKELY(thread.loopsMoved)) {
      thread.iteration = uint32_t(thread.iterations.size());
      thread.iterations.push_back(uint32_t(thread.loops.size()));
      thread.iterations.insert(thread.iterations.end(), thread.loops.begin(),
                               thread.loops.end());
      thread.loopsMoved = false;
    }
    return thread.iteration;
  }
  std::optional<std::string> readString(uint64_t address, Thread &thread);

  // Errors (Diagnostics.cpp): the message is kept until traceBlock wraps
  // it with the block.
  RunResult fail(Thread &thread, std::string message,
                 std::optional<LaunchBound> bound = std::nullopt,
                 uint64_t reach = 0) {
    errorThread = &thread;
    errorMessage = std::move(message);
    errorBound = bound;
    errorReach = reach;
    return RunResult::Error;
  }
  /// The failure kept by fail() as an error: a LaunchBoundError when it
  /// left a bound the launch's sizes decide.
  llvm::Error failure() const {
    if (errorBound)
      return makeBoundError(
          *errorBound, errorMessage, errorReach,
          errorThread ? std::optional<std::array<uint32_t, 3>>(
                            {errorThread->index[0], errorThread->index[1],
                             errorThread->index[2]})
                      : std::nullopt);
    return makeError(errorMessage);
  }
  RunResult memoryFault(Thread &thread, const Inst &inst, uint64_t address,
                        uint64_t size, bool write);
  /// Addresses below this are a null pointer's (plus an offset).
  static constexpr uint64_t NullPageBytes = 4096;
  /// Whether \p address lies in the span of \p region, a pointer
  /// parameter that was given no buffer.
  static bool inUnbufferedParameter(const Region &region, uint64_t address) {
    return region.missing && address >= region.base &&
           address < region.base + UnknownBufferSpan;
  }
  /// The launch-sized bound a fault at \p address left, if it is one.
  std::optional<LaunchBound> faultBound(uint64_t address) const;
  RunResult memoryFault(Thread &thread, const Inst &inst, const Fault &fault) {
    if (fault.polling) {
      thread.status = Status::Polling;
      thread.pollWrites = writes;
      return RunResult::Blocked;
    }
    return memoryFault(thread, inst, fault.address, fault.size, fault.write);
  }
  /// Instructions one thread may execute: the smaller of the per-thread
  /// bound and its share of the per-block bound.
  uint64_t stepLimit() const;
  RunResult stepLimitExceeded(Thread &thread);
  /// A thread past its share \p limit of a per-block bound \p blockLimit:
  /// it \p did ("made", "executed") more than \p limit \p unit.
  RunResult blockShareExceeded(Thread &thread, const char *did,
                               const char *unit, uint64_t limit,
                               uint64_t blockLimit, const char *held);
  RunResult callDepthExceeded(Thread &thread);
  RunResult unsupportedReached(Thread &thread, const Inst &inst);
  RunResult valueTooLarge(Thread &thread);
  RunResult unboundTexture(Thread &thread, const Inst &inst, uint64_t handle);
  RunResult eventLimitExceeded(Thread &thread, uint64_t limit);
  /// Ends \p thread's run at its share \p limit of a per-block bound
  /// (\p cutAt records the smallest share cut at).
  RunResult cutThread(Thread &thread, uint64_t limit, uint64_t &cutAt);
  /// The note on the threads cut, if any were.
  std::optional<std::string> cutNote() const;

  // Spin-waits (SpinWaits.cpp).
  /// Whether the volatile load \p I of \p address finds \p thread as at
  /// its previous poll there: same registers and local memory, no memory
  /// written since. Takes a new snapshot when it does not.
  bool pollUnchanged(Thread &thread, const Inst &I, uint64_t address);
  /// Makes the polling threads runnable again if memory was written since
  /// they began to wait; whether any was.
  bool wakePollers();
  /// Ends the threads still polling once nothing else can run.
  void endPollers();
  std::optional<std::string> pollNote() const;
  RunResult assertionFailed(Thread &thread, uint64_t message);
  RunResult trapped(Thread &thread);
  RunResult unreachableReached(Thread &thread);
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

  const access::PreparedKernel &kernel;
  const access::AccessModel &model;
  TraceLaunch traceLaunch;
  MemoryLayout layout;
  EmulatorArguments arguments;
  EmulatorOptions options;

  std::unique_ptr<Program> program;
  /// Shared bytes the kernel declares (static and dynamic); `shared` holds
  /// them rounded up to the allocation unit. The end of the farthest access
  /// past them (0: none).
  uint64_t sharedDeclared = 0;
  uint64_t sharedTouchedEnd = 0;
  /// Blocks traced, and those whose threads were cut at their share of a
  /// per-block bound (options.cutLongThreads), with the smallest share a
  /// cut thread had of each bound (0: none was cut at it).
  llvm::DenseSet<uint64_t> blocksTraced;
  std::set<uint64_t> cutBlocks;
  uint64_t currentBlock = 0;
  /// The device heap: bytes handed out so far (they stay allocated, free
  /// does not return them; heapEnd is the most ever), where each block
  /// traced started allocating (a block traced again allocates the same
  /// bytes), and its memory.
  uint64_t heapUsed = 0, heapEnd = 0;
  std::map<uint64_t, uint64_t> heapStartOfBlock;
  /// The indirect calls (Program::calls) that found a null pointer and ran
  /// CallInfo::nullCallee, with where each is.
  std::map<uint32_t, std::string> nullPointerCalls;
  /// A fetch read texture object 0 (NullTextureHandle).
  bool fetchedNullTexture = false;
  std::unique_ptr<ZeroMemory> heapMemory;
  uint64_t cutAtEvents = 0, cutAtSteps = 0;
  /// Memory writes (stores, atomics, copies) the block's threads made: a
  /// poll with the count unchanged saw the memory it saw before.
  uint64_t writes = 0;
  /// A thread's state at its last volatile load (pollUnchanged), by its
  /// linear index; cleared with each block.
  struct PollSnapshot {
    const Inst *inst = nullptr;
    uint64_t address = 0, writes = 0;
    size_t frames = 0;
    std::vector<uint64_t> registers;
    std::vector<uint8_t> local;
  };
  llvm::DenseMap<uint32_t, PollSnapshot> polls;
  /// The threads of each block ended while polling (a block traced again
  /// counts once), and where the first waited.
  std::map<uint64_t, uint64_t> pollingThreads;
  std::string pollPlace;
  std::vector<Region> regions; ///< Flat space, sorted by base.
  Region emptyRegion;
  const Region *lastRegion = &emptyRegion;
  std::vector<std::vector<uint8_t>> variableMemory;
  std::vector<std::unique_ptr<ZeroMemory>> defaultMemory;
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
  std::optional<LaunchBound> errorBound;
  uint64_t errorReach = 0;

  /// Each thread's share of the block's log (options.maxEventsPerBlock):
  /// the memory accesses it may log, and the markers.
  uint64_t logShare = 1;

  // Warp trace merge scratch (WarpTraceMerge.cpp).
  std::vector<uint8_t> remaining, atHead;
  std::vector<uint32_t> charged;
  std::vector<uint32_t> laneKeys[WarpSize];
  std::vector<uint32_t> laneBefore[WarpSize];
  std::vector<uint32_t> laneEvent[WarpSize];
  uint64_t laneTrailing[WarpSize] = {};
  std::vector<uint32_t> lastIteration, occurrence;
  /// The first lane's key of each of its log entries, with its iteration's
  /// number and its occurrence (collectMergeKeys).
  std::vector<uint32_t> firstKeys, firstIterations, firstCounts;
  /// The numbers of a warp's iterations and keys (collectMergeKeys), kept
  /// between warps so that their tables are not allocated for each.
  llvm::DenseMap<llvm::ArrayRef<uint32_t>, uint32_t> iterationIds;
  llvm::DenseMap<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> keyIds;
};

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_EMULATORIMPL_H

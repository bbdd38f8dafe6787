//===- WarpReplay.h - A warp-level timing model -----------------*- C++ -*-===//
//
// Times a kernel by issuing every warp's instruction stream (the lines the
// Accel-Sim trace holds, Trace/WarpLines.h) cycle by cycle on the arch's SMs:
// each SM's warp schedulers issue one instruction a cycle from a warp whose
// source registers are ready (a scoreboard), to a unit whose initiation
// interval has passed; a load's destination is ready when its sectors return
// from the L1, the L2 or the DRAM, each with the latency the preset cites and
// a queue where requests arrive together; barriers hold a block's warps until
// all arrive; blocks start on an SM as earlier ones finish. What the seeds'
// analytical times leave out and the seventh and eighth looks of
// docs/fidelity.md found the simulator's ranking to rest on: memory-level
// parallelism within a warp (the loads it issues before the first reader),
// the latency exposed at each barrier, the issue rate of the schedulers, and
// the queue of requests that reach an L2 slice at once.
//
// The model is a pure function of the warps' lines and the arch figures:
// the driver turns WarpLines into ReplayWarps (coalescing into sectors,
// bank conflicts) and feeds the blocks as the replay starts them.
// docs/timing-model.md lists every parameter with its source.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_TIMING_WARPREPLAY_H
#define GPURD_MODEL_TIMING_WARPREPLAY_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::model::timing {

/// What executes a line (the Programming Guide's throughput classes, and
/// the memory paths).
enum class ReplayUnit : uint8_t {
  Fp32,     ///< FADD, FFMA, FMUL, FSETP, ... and FP16 pairs
  Int,      ///< IADD3, IMAD, LOP3, SHF, ISETP, MOV, ...
  Fp64,     ///< DADD, DFMA, DMUL, DSETP
  Quarter,  ///< MUFU, conversions, POPC, FLO, BREV (16 lanes an SM)
  Warp,     ///< SHFL, VOTE, MATCH (32 lanes an SM)
  Branch,   ///< BRA, CALL, MEMBAR, S2R and what is not named
  Global,   ///< LDG/STG/LDL/STL/TEX: through the L1
  Atomic,   ///< ATOMG: at the L2
  Shared,   ///< LDS/STS/ATOMS: the shared-memory pipe
  Constant, ///< LDC: the constant cache
  Barrier,  ///< BAR.SYNC
  Exit,     ///< EXIT
};
constexpr unsigned ReplayUnitCount = unsigned(ReplayUnit::Exit) + 1;

constexpr uint8_t NoRegister = 0xff;

/// One 128-byte line a memory line touches and which of its sectors.
struct LineRequest {
  uint64_t line = 0;
  uint8_t sectors = 0; ///< Bit s: sector s of the line.
};

/// One instruction of a warp.
struct ReplayLine {
  ReplayUnit unit = ReplayUnit::Int;
  bool store = false; ///< A memory line that writes (no destination wait).
  uint8_t dest = NoRegister;
  uint8_t sourceCount = 0;
  std::array<uint8_t, 4> sources{};
  /// Memory lines: their requests in ReplayWarp::requests, and the cycles
  /// their pipe takes (shared: bank-conflict wavefronts; constant: distinct
  /// addresses; atomics: the most lanes on one address).
  uint32_t firstRequest = 0;
  uint16_t requestCount = 0;
  uint16_t serial = 1;
};

struct ReplayWarp {
  std::vector<ReplayLine> lines;
  std::vector<LineRequest> requests;
};

/// The figures the replay runs on, from the arch (replayParameters).
struct ReplayParameters {
  unsigned sms = 1;
  unsigned schedulers = 1;  ///< Warp schedulers (sub-cores) an SM.
  unsigned issueWidth = 1;  ///< Instructions a scheduler issues a cycle.
  unsigned blocksPerSm = 1; ///< Resident blocks (occupancy).
  unsigned warpsPerBlock = 1;
  /// Cycles a scheduler's unit takes per warp instruction (its initiation
  /// interval: 32 lanes over the unit's lanes in one sub-core).
  std::array<unsigned, ReplayUnitCount> interval{};
  unsigned aluLatency = 4;
  unsigned sharedLatency = 19;
  unsigned l1HitLatency = 28;
  unsigned l2HitLatency = 193;
  unsigned dramLatency = 375;
  unsigned lineSize = 128, sectorSize = 32;
  uint64_t l1Bytes = 32768;
  unsigned l1Assoc = 4;
  unsigned l1RequestsPerCycle = 4;
  uint64_t l2Bytes = 6 << 20;
  unsigned l2Assoc = 24;
  unsigned l2Slices = 64;
  /// Each SM's port to the L2 carries one sector request out and one reply
  /// in a cycle (false: no limit but the slices').
  bool smPort = true;
  /// Sectors each slice serves a cycle, and each DRAM channel.
  double sliceSectorsPerCycle = 1;
  unsigned dramChannels = 8;
  double channelSectorsPerCycle = 2;
  bool greedyThenOldest = true;
  /// What the figures rest on that no source gives (sentences).
  std::vector<std::string> assumptions;
};

/// The replay's figures for \p arch and a launch's blocks (\p threads
/// threads and \p sharedBytes bytes of shared memory each; the L1 is what
/// their carve-out leaves); an error names the figure the arch lacks.
llvm::Expected<ReplayParameters>
replayParameters(const arch::ArchDescription &arch, uint64_t threads,
                 uint64_t sharedBytes);

/// What a replay measured.
struct ReplayResult {
  uint64_t cycles = 0;
  uint64_t warpInstructions = 0;
  unsigned activeSms = 0;
  /// Summed over the schedulers of the SMs that ran blocks: cycles they
  /// issued, and cycles none of their warps could issue because each waited
  /// on a register (a load or an ALU result) or on something else (a unit,
  /// a barrier) while at least one warp was resident.
  uint64_t issueCycles = 0, registerWaitCycles = 0, otherWaitCycles = 0;
  uint64_t schedulerCount = 0;
  /// Sectors of global loads: hits, hits on a sector in flight, misses.
  uint64_t l1Hits = 0, l1PendingHits = 0, l1Misses = 0;
  uint64_t l2Hits = 0, l2Misses = 0;
  /// Mean cycles from a global load's issue to its data (loads that left
  /// the SM only).
  double meanMissLatency = 0;
  uint64_t barriers = 0;
};

/// Fills \p warps with block \p block's warps (in warp order).
using BlockLoader =
    llvm::function_ref<llvm::Error(uint64_t block, std::vector<ReplayWarp> &)>;

/// Replays \p blocks blocks, loading each as it starts.
llvm::Expected<ReplayResult> replayKernel(const ReplayParameters &parameters,
                                          uint64_t blocks, BlockLoader load);

/// The unit an opcode runs on (the Accel-Sim trace's opcode names).
ReplayUnit unitOfOpcode(llvm::StringRef opcode);

} // namespace gpurd::model::timing

#endif // GPURD_MODEL_TIMING_WARPREPLAY_H

//===- ReplayParameters.cpp - The warp replay's figures from the arch -----===//
//
// Every figure comes from the arch preset (whose sources cite the vendor's
// documents and Jia et al.'s microbenchmarks) or from the CUDA C++
// Programming Guide's table of arithmetic throughput per compute capability
// (§ Arithmetic Instructions: results per clock per SM). What no source
// gives is an assumption the result states (docs/timing-model.md).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/Timing/WarpReplay.h"

#include "gpurd/Model/ExecutionModel.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model::timing {

namespace {
/// 2 - sqrt(2): the share of its peak an output of an input-queued switch
/// with FIFO inputs serves under uniform traffic (Karol et al. 1987).
constexpr double FifoSwitchThroughput = 0.5857864376269049;

/// The figures the replay cannot run without that \p arch does not give.
std::vector<std::string> missingFields(const arch::ArchDescription &arch) {
  std::vector<std::string> missing;
  const arch::SmDescription &sm = arch.sm;
  auto need = [&](bool given, const char *field) {
    if (!given)
      missing.push_back(field);
  };
  need(sm.warpSchedulers.has_value(), "sm.warpSchedulers");
  need(sm.instructionLatency.has_value(), "sm.instructionLatency");
  need(sm.sharedMemoryLatency.has_value(), "sm.sharedMemoryLatency");
  const std::optional<arch::CacheDescription> &l1 = arch.l1, &l2 = arch.l2;
  need(l1 && l1->size, "l1.size");
  need(l1 && l1->lineSize, "l1.lineSize");
  need(l1 && l1->assoc, "l1.assoc");
  need(l1 && l1->hitLatency, "l1.hitLatency");
  need(l2 && l2->size, "l2.size");
  need(l2 && l2->assoc, "l2.assoc");
  need(l2 && l2->hitLatency, "l2.hitLatency");
  need(arch.dram && arch.dram->minLatency, "dram.minLatency");
  need(arch.dram && arch.dram->bandwidthGBps, "dram.bandwidthGBps");
  need(arch.dram && arch.dram->channels, "dram.channels");
  need(arch.noc && arch.noc->bandwidthGBps, "noc.bandwidthGBps");
  need(arch.clockMHz.has_value(), "clockMHz");
  return missing;
}

/// Results per clock per SM of each throughput class (Programming Guide,
/// Arithmetic Instructions table) for compute capability \p cc (70 for
/// sm_70); none where the table has no column the presets' GPUs use.
struct Lanes {
  unsigned fp32, integer, fp64, quarter, warp;
};
std::optional<Lanes> guideLanes(unsigned cc) {
  switch (cc) {
  case 70: // V100: 64 FP32, 64 32-bit integer add/logic/shift/compare and
  case 72: // multiply-add, 32 FP64, 16 conversions and special functions,
           // 32 warp shuffles.
  case 80: // A100: the same columns.
    return Lanes{64, 64, 32, 16, 32};
  case 90: // H100: 128 FP32, 64 integer, 64 FP64.
    return Lanes{128, 64, 64, 16, 32};
  default:
    return std::nullopt;
  }
}

/// Cycles a sub-core's unit of \p lanes lanes an SM takes per warp
/// instruction: 32 threads over the sub-core's share of the lanes.
unsigned intervalOf(unsigned lanes, unsigned schedulers) {
  double perScheduler = double(lanes) / schedulers;
  return std::max(1u, unsigned(std::ceil(32.0 / perScheduler)));
}

} // namespace

llvm::Expected<ReplayParameters>
replayParameters(const arch::ArchDescription &arch, uint64_t threads,
                 uint64_t sharedBytes) {
  std::vector<std::string> missing = missingFields(arch);
  unsigned cc = arch.computeCapabilityNumber().value_or(0);
  std::optional<Lanes> guide = guideLanes(cc);
  const arch::SmDescription &sm = arch.sm;
  if (!guide && !sm.coresPerSm)
    missing.push_back("sm.coresPerSm");
  if (!missing.empty())
    return arch::missingFieldsError(arch, "the warp replay", missing);
  ReplayParameters p;
  p.sms = sm.count;
  p.schedulers = *sm.warpSchedulers;
  p.issueWidth = sm.issueWidth.value_or(1);
  p.aluLatency = unsigned(std::lround(*sm.instructionLatency));
  p.sharedLatency = unsigned(std::lround(*sm.sharedMemoryLatency));
  p.l1HitLatency = unsigned(std::lround(*arch.l1->hitLatency));
  p.l2HitLatency = unsigned(std::lround(*arch.l2->hitLatency));
  p.dramLatency = unsigned(std::lround(*arch.dram->minLatency));
  p.lineSize = *arch.l1->lineSize;
  p.sectorSize = arch.l1->sectorSize.value_or(p.lineSize);
  if (p.lineSize / p.sectorSize > 8)
    return arch::missingFieldsError(
        arch, "the warp replay",
        {"l1.sectorSize of at least an eighth of the line"});

  auto resident = activeBlocksPerSm(arch, threads, sharedBytes);
  if (!resident)
    return resident.takeError();
  p.blocksPerSm = *resident;
  p.warpsPerBlock = unsigned((threads + 31) / 32);
  // The L1 the blocks' shared memory leaves, as the cache model takes it.
  p.l1Bytes = *arch.l1->size;
  p.l1Assoc = *arch.l1->assoc;
  if (auto carveout = chooseL1Carveout(arch, sharedBytes, p.blocksPerSm)) {
    p.l1Bytes = carveout->l1Bytes;
    p.l1Assoc = carveout->assoc;
  }
  p.l1RequestsPerCycle = arch.l1->requestsPerCycle.value_or(1);
  p.l2Bytes = *arch.l2->size;
  p.l2Assoc = *arch.l2->assoc;

  double bytesPerCycle = 1e3 / *arch.clockMHz; // GB/s over cycles/ns
  if (arch.l2->partitions && *arch.l2->partitions > 1) {
    p.l2Slices = *arch.l2->partitions;
  } else {
    p.l2Slices = 64;
    p.assumptions.push_back(
        "the L2 has 64 slices (GPGPU-Sim's SM7_QV100: 32 memory channels of "
        "2 sub-partitions), each serving an equal share of noc.bandwidthGBps");
  }
  p.assumptions.push_back(
      "each SM's port to the L2 takes one sector request a cycle and "
      "delivers one sector reply a cycle (32 bytes each way; NVIDIA "
      "publishes no per-SM figure: the SMs' ports together carry more than "
      "noc.bandwidthGBps, which the slices bound)");
  // The crossbar queues each SM's requests in order: one that waits for a
  // busy slice holds back those behind it, and under load a slice is fed
  // only the saturation throughput of an input-queued switch, 2 - sqrt(2)
  // of its peak (Karol, Hluchyj and Morgan, "Input versus output queueing
  // on a space-division packet switch", IEEE Trans. Commun. 35(12), 1987:
  // FIFO inputs, uniform traffic, many ports). noc.bandwidthGBps is a
  // vendor peak, which a switch of FIFO inputs does not reach.
  p.sliceSectorsPerCycle = FifoSwitchThroughput * *arch.noc->bandwidthGBps *
                           bytesPerCycle / p.sectorSize / p.l2Slices;
  p.assumptions.push_back(
      "the crossbar to the L2 queues each SM's requests in order (as "
      "GPGPU-Sim's does; NVIDIA publishes no design): under load each slice "
      "takes 2 - sqrt(2) = 0.586 of its share of noc.bandwidthGBps, the "
      "saturation throughput of a switch with FIFO inputs (Karol et al. "
      "1987)");
  p.dramChannels = *arch.dram->channels;
  p.channelSectorsPerCycle =
      *arch.dram->bandwidthGBps * bytesPerCycle / p.sectorSize / p.dramChannels;

  // Units: the Programming Guide's lanes, or the FP32 cores for all.
  Lanes lanes;
  if (guide) {
    lanes = *guide;
  } else {
    unsigned cores = *sm.coresPerSm;
    lanes = {cores, cores, std::max(1u, cores / 2), std::max(1u, cores / 4),
             cores};
    p.assumptions.push_back(
        "the Programming Guide's throughput table has no column for '" +
        arch.computeCapability.value_or("this arch") +
        "' here: integer and warp instructions run on sm.coresPerSm lanes, "
        "FP64 on half and special functions on a quarter of them");
  }
  p.interval.fill(1);
  p.interval[unsigned(ReplayUnit::Fp32)] = intervalOf(lanes.fp32, p.schedulers);
  p.interval[unsigned(ReplayUnit::Int)] =
      intervalOf(lanes.integer, p.schedulers);
  p.interval[unsigned(ReplayUnit::Fp64)] = intervalOf(lanes.fp64, p.schedulers);
  p.interval[unsigned(ReplayUnit::Quarter)] =
      intervalOf(lanes.quarter, p.schedulers);
  p.interval[unsigned(ReplayUnit::Warp)] = intervalOf(lanes.warp, p.schedulers);
  // 32 load/store units an SM (V100 whitepaper: 8 in each of the four
  // processing blocks; the A100 and H100 whitepapers draw the same).
  unsigned memory = intervalOf(32, p.schedulers);
  p.interval[unsigned(ReplayUnit::Global)] = memory;
  p.interval[unsigned(ReplayUnit::Atomic)] = memory;
  p.interval[unsigned(ReplayUnit::Shared)] = memory;

  if (sm.schedulingPolicy) {
    p.greedyThenOldest =
        *sm.schedulingPolicy == arch::WarpSchedulingPolicy::GreedyThenOldest;
  } else if (cc >= 70) {
    p.greedyThenOldest = false;
    p.assumptions.push_back(
        "each scheduler issues loose round-robin, starting after the warp "
        "that issued last: NVIDIA publishes no policy, and GPGPU-Sim's "
        "tested Volta, Turing and Ampere configurations (SM7_QV100, "
        "SM7_GV100, SM75_RTX2060, SM86_RTX3070: -gpgpu_scheduler lrr) take "
        "it, as the preset takes their cache geometry");
  } else {
    p.assumptions.push_back(
        "each scheduler issues greedy-then-oldest (Rogers et al., MICRO "
        "2012): NVIDIA publishes no policy, and GPGPU-Sim's tested Fermi "
        "and Pascal configurations (SM2_GTX480, SM6_TITANX) take it");
  }

  return p;
}

ReplayUnit unitOfOpcode(llvm::StringRef opcode) {
  llvm::StringRef base = opcode.split('.').first;
  if (base == "LDG" || base == "STG" || base == "LDL" || base == "STL" ||
      base == "TEX")
    return ReplayUnit::Global;
  if (base == "ATOMG" || base == "RED")
    return ReplayUnit::Atomic;
  if (base == "LDS" || base == "STS" || base == "ATOMS")
    return ReplayUnit::Shared;
  if (base == "LDC")
    return ReplayUnit::Constant;
  if (base == "BAR")
    return ReplayUnit::Barrier;
  if (base == "EXIT")
    return ReplayUnit::Exit;
  if (base.starts_with("D"))
    return ReplayUnit::Fp64; // DADD, DFMA, DMUL, DSETP
  if (base == "MUFU" || base == "F2F" || base == "F2I" || base == "I2F" ||
      base == "FRND" || base == "POPC" || base == "FLO" || base == "BREV")
    return ReplayUnit::Quarter;
  if (base.starts_with("F") || base.starts_with("H"))
    return ReplayUnit::Fp32; // FADD, FFMA, FMUL, FMNMX, FSEL, FSETP, HFMA2...
  if (base == "SHFL" || base == "VOTE" || base == "MATCH")
    return ReplayUnit::Warp;
  if (base == "BRA" || base == "CALL" || base == "MEMBAR" || base == "S2R")
    return ReplayUnit::Branch;
  return ReplayUnit::Int;
}

} // namespace gpurd::model::timing

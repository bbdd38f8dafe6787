//===- ModelTestSupport.h - Hand-built launches -----------------*- C++ -*-===//
#ifndef GPURD_UNITTESTS_MODEL_MODELTESTSUPPORT_H
#define GPURD_UNITTESTS_MODEL_MODELTESTSUPPORT_H

#include "gpurd/Model/CacheModel.h"

#include "gtest/gtest.h"

#include <map>
#include <string>
#include <vector>

namespace gpurd::model::test {

/// The message of a failed Expected ("" when it succeeded).
template <typename T> std::string errorText(llvm::Expected<T> value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}

/// A launch whose warps are written out by hand.
struct HandKernel {
  trace::TraceLaunch launch;
  std::map<uint64_t, std::vector<trace::WarpTrace>> blocks;

  /// Block \p block's warp \p warp (created on demand, in order).
  trace::WarpTrace &warp(uint64_t block, unsigned warp) {
    std::vector<trace::WarpTrace> &warps = blocks[block];
    while (warps.size() <= warp) {
      warps.emplace_back();
      warps.back().block = block;
      warps.back().warp = static_cast<unsigned>(warps.size() - 1);
    }
    return warps[warp];
  }

  KernelTraceInput input() const {
    KernelTraceInput in;
    in.launch = launch;
    in.traceBlock = [this](uint64_t block,
                           std::vector<trace::WarpTrace> &warps) {
      auto it = blocks.find(block);
      if (it == blocks.end())
        warps.clear();
      else
        warps = it->second;
      return llvm::Error::success();
    };
    return in;
  }
};

/// One lane (lane 0) accessing \p address.
inline trace::WarpInstruction
lane0(uint64_t address, trace::AccessKind kind = trace::AccessKind::Read,
      uint32_t site = 0, uint32_t size = 4) {
  trace::WarpInstruction instruction;
  instruction.site = site;
  instruction.kind = kind;
  instruction.size = size;
  instruction.activeMask = 1;
  instruction.addresses[0] = address;
  return instruction;
}

/// All 32 lanes, lane l at \p base + l * \p stride.
inline trace::WarpInstruction
fullWarp(uint64_t base, uint64_t stride,
         trace::AccessKind kind = trace::AccessKind::Read, uint32_t site = 0,
         uint32_t size = 4) {
  trace::WarpInstruction instruction;
  instruction.site = site;
  instruction.kind = kind;
  instruction.size = size;
  instruction.activeMask = ~0u;
  for (unsigned l = 0; l < trace::WarpSize; ++l)
    instruction.addresses[l] = base + l * stride;
  return instruction;
}

/// A one-SM GPU with generous occupancy limits.
inline arch::ArchDescription oneSmArch(const std::string &name) {
  arch::ArchDescription arch;
  arch.name = name;
  arch.sm.count = 1;
  arch.sm.maxBlocksPerSm = 1;
  arch.sm.maxThreadsPerSm = 1 << 16;
  arch.sm.maxWarpsPerSm = 1 << 11;
  return arch;
}

/// An L1 of \p lines lines of \p lineSize bytes, \p assoc ways (0: fully
/// associative), MOD indexing, LRU.
inline arch::CacheDescription cache(uint64_t lines, unsigned lineSize,
                                    unsigned assoc) {
  arch::CacheDescription c;
  c.size = lines * lineSize;
  c.lineSize = lineSize;
  arch::IndexFunction index;
  if (assoc == 0) {
    index.kind = arch::IndexFunctionKind::FullyAssociative;
    c.assoc = static_cast<unsigned>(lines);
  } else {
    c.assoc = assoc;
  }
  c.index = index;
  c.replacement = arch::ReplacementPolicy::Lru;
  return c;
}

inline arch::LatencyModel fixedLatency(double value) {
  arch::LatencyModel m;
  m.kind = arch::LatencyModelKind::Fixed;
  m.value = value;
  return m;
}

inline arch::LatencyModel conditionalLatency(double hit, double miss) {
  arch::LatencyModel m;
  m.kind = arch::LatencyModelKind::Conditional;
  m.hit = hit;
  m.miss = miss;
  return m;
}

inline arch::MshrDescription
mshrs(unsigned entries, arch::ReservationFailurePolicy policy =
                            arch::ReservationFailurePolicy::Reissue) {
  arch::MshrDescription m;
  m.sets = 1;
  m.entries = entries;
  m.reservationFailure = policy;
  return m;
}

/// Records what the engines report.
struct Recorder : CacheModelObserver {
  std::vector<RequestEvent> requests; ///< Level 1 only unless `all`.
  std::vector<RequestEvent> l2Requests;
  std::vector<EffectEvent> effects;
  std::vector<StepEvent> steps;
  void onRequest(const RequestEvent &e) override {
    (e.level == 1 ? requests : l2Requests).push_back(e);
  }
  void onEffect(const EffectEvent &e) override {
    if (e.level == 1)
      effects.push_back(e);
  }
  void onStepEnd(const StepEvent &e) override {
    if (e.level == 1)
      steps.push_back(e);
  }
};

inline bool isMiss(RequestStatus s) {
  return s == RequestStatus::Miss || s == RequestStatus::LatencyMiss;
}

/// Runs the model, failing the test on an error.
inline CacheModelResults run(const arch::ArchDescription &arch,
                             const HandKernel &kernel,
                             CacheModelOptions options = {}) {
  llvm::Expected<CacheModelResults> results =
      runCacheModel(arch, kernel.input(), options);
  if (!results) {
    ADD_FAILURE() << llvm::toString(results.takeError());
    return {};
  }
  return std::move(*results);
}

} // namespace gpurd::model::test

#endif // GPURD_UNITTESTS_MODEL_MODELTESTSUPPORT_H

//===- CacheConfig.cpp - Cache model parameters from an arch --------------===//
//
// Every parameter and its source is listed in docs/cache-model.md. Absent
// policies take the seeds' defaults (LRU: seed 000 §4.7; MOD indexing: seed
// 000 §4.3; L1 write-evict with writes bypassing: seed 000 §3, seed 001
// §3.1); absent numbers the model needs are errors naming the field.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"

namespace gpurd::model {

const char *samplingName(Sampling sampling) {
  return sampling == Sampling::Time ? "time" : "space";
}

const char *clockName(Clock clock) {
  switch (clock) {
  case Clock::Auto:
    return "auto";
  case Clock::Requests:
    return "requests";
  case Clock::Cycles:
    return "cycles";
  }
  return "?";
}

const char *executionEngineName(ExecutionEngine engine) {
  switch (engine) {
  case ExecutionEngine::Auto:
    return "auto";
  case ExecutionEngine::WarpQueue:
    return "warp-queue";
  case ExecutionEngine::ParallelSteps:
    return "parallel-steps";
  }
  return "?";
}

namespace {

llvm::Error missing(const arch::ArchDescription &arch, const llvm::Twine &field,
                    const llvm::Twine &example) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv(
          "arch '{0}' has no {1}; the cache model needs it (set it "
          "with {2})",
          arch.name, field.str(),
          userInput(UserInput::ArchSetting, (field + "=" + example).str())));
}

llvm::Error invalid(const arch::ArchDescription &arch, const llvm::Twine &field,
                    const llvm::Twine &why) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("arch '{0}': {1} {2}", arch.name, field.str(), why.str()));
}

llvm::Expected<LatencyConfig> resolveLatency(const arch::ArchDescription &arch,
                                             llvm::StringRef level,
                                             const arch::LatencyModel &model) {
  LatencyConfig config;
  config.kind = model.kind;
  std::string prefix = (level + ".latencyModel.").str();
  auto need = [&](const std::optional<double> &value, const char *name,
                  double &out) -> llvm::Error {
    if (!value)
      return missing(arch, prefix + name, "N");
    out = *value;
    return llvm::Error::success();
  };
  switch (model.kind) {
  case arch::LatencyModelKind::Fixed:
    // seed 000 §4.2 Table 3: hits and misses take the same latency.
    if (llvm::Error e = need(model.value, "value", config.hit))
      return e;
    config.miss = config.hit;
    break;
  case arch::LatencyModelKind::Conditional:
    // seed 000 §4.2 Table 4.
    if (llvm::Error e = need(model.hit, "hit", config.hit))
      return e;
    if (llvm::Error e = need(model.miss, "miss", config.miss))
      return e;
    break;
  case arch::LatencyModelKind::HalfNormal:
    // seed 000 §4.2: lambda_min + |N(0, sigma^2)|.
    config.hit = model.hit.value_or(0);
    if (llvm::Error e = need(model.lambdaMin, "lambdaMin", config.lambdaMin))
      return e;
    if (llvm::Error e = need(model.sigma, "sigma", config.sigma))
      return e;
    break;
  case arch::LatencyModelKind::Adaptive: {
    // seed 001 §4.4.1: K1 + K2 * #MSHR_busy * #active_SMs / L2P.
    if (level != "l1")
      return invalid(arch, prefix + "kind",
                     "is 'adaptive', which seed 001 §4.4.1 defines for the "
                     "L1 only; use fixed, conditional or half-normal");
    config.hit = model.hit.value_or(0);
    if (llvm::Error e = need(model.k1, "k1", config.k1))
      return e;
    if (llvm::Error e = need(model.k2, "k2", config.k2))
      return e;
    if (!arch.l2)
      return missing(arch, "l2.partitions",
                     "N (the adaptive latency model divides by the L2 "
                     "parallelism L2P = partitions x banks)");
    config.l2Parallelism = arch.l2->totalBanks();
    break;
  }
  }
  return config;
}

llvm::Expected<CacheLevelConfig>
resolveLevel(const arch::ArchDescription &arch, llvm::StringRef level,
             const std::optional<arch::CacheDescription> &description) {
  if (!description)
    return missing(arch, level + ".size",
                   "BYTES (the arch describes no " + level.upper() + " cache)");
  const arch::CacheDescription &cache = *description;
  CacheLevelConfig config;
  config.name = level.str();
  if (!cache.size)
    return missing(arch, level + ".size", "BYTES");
  if (!cache.lineSize)
    return missing(arch, level + ".lineSize", "BYTES");
  config.lineSize = *cache.lineSize;
  config.sectorSize = cache.sectorSize.value_or(0);
  if (config.sectorSize >= config.lineSize)
    config.sectorSize = 0;
  if (config.sectorSize &&
      config.lineSize / config.sectorSize > MaxSectorsPerLine)
    return invalid(arch, level + ".sectorSize",
                   "gives " + llvm::Twine(config.lineSize / config.sectorSize) +
                       " sectors per line; the cache model handles at most " +
                       llvm::Twine(MaxSectorsPerLine) +
                       " (a larger sectorSize)");
  config.partitions = cache.partitions.value_or(1);
  config.banksPerPartition = cache.banks.value_or(1);
  config.portsPerBank = cache.ports.value_or(0);
  if (cache.index)
    config.index = *cache.index;
  std::optional<uint64_t> lines = cache.linesPerBank();
  if (!lines || *lines == 0)
    return invalid(arch, level + ".size",
                   "holds no line per bank (size / lineSize / (partitions x "
                   "banks) is 0)");
  if (config.index.kind == arch::IndexFunctionKind::FullyAssociative) {
    config.assoc = static_cast<unsigned>(*lines);
    config.setsPerBank = 1;
  } else {
    if (!cache.assoc)
      return missing(arch, level + ".assoc", "WAYS");
    config.assoc = *cache.assoc;
    std::optional<uint64_t> sets = cache.setsPerBank();
    if (!sets || *sets == 0 || *lines % config.assoc != 0)
      return invalid(arch, level + ".assoc",
                     llvm::formatv("({0}) must divide the lines per bank ({1})",
                                   config.assoc, *lines));
    config.setsPerBank = *sets;
  }
  config.replacement = cache.replacement.value_or(arch::ReplacementPolicy::Lru);
  bool isL1 = level == "l1";
  config.writePolicy = cache.writePolicy.value_or(
      isL1 ? arch::WritePolicy::WriteEvict : arch::WritePolicy::WriteBack);
  config.writeAllocate = cache.writeAllocate.value_or(
      config.writePolicy == arch::WritePolicy::WriteBack);
  config.bypass = cache.bypass.value_or(isL1 ? arch::BypassPolicy::Writes
                                             : arch::BypassPolicy::Off);
  config.cachesGlobalLoads = cache.cachesGlobalLoads.value_or(true);

  if (cache.mshr) {
    const arch::MshrDescription &mshr = *cache.mshr;
    config.mshr.tables = mshr.sets.value_or(1);
    if (isL1 && !mshr.entries)
      return missing(arch, level + ".mshr.entries", "N");
    config.mshr.entries = mshr.entries.value_or(0);
    config.mshr.perWarp = mshr.perWarp.value_or(0);
    config.mshr.maxMerges = mshr.maxMerges.value_or(0);
    config.mshr.tableOfPartition = mshr.setOfPartition;
    for (unsigned table : config.mshr.tableOfPartition)
      if (table >= config.mshr.tables)
        return invalid(arch, level + ".mshr.setOfPartition",
                       "names a table beyond mshr.sets");
    if (!config.mshr.tableOfPartition.empty() &&
        config.mshr.tableOfPartition.size() != config.partitions)
      return invalid(arch, level + ".mshr.setOfPartition",
                     "must have one entry per partition");
    if (mshr.reservationFailure) {
      config.mshr.onFailure = *mshr.reservationFailure;
      config.mshr.onFailureGiven = true;
    }
  } else if (isL1) {
    return missing(arch, level + ".mshr.entries", "N");
  }

  if (cache.latencyModel) {
    llvm::Expected<LatencyConfig> latency =
        resolveLatency(arch, level, *cache.latencyModel);
    if (!latency)
      return latency.takeError();
    config.latency = *latency;
  } else if (isL1) {
    return missing(arch, level + ".latencyModel",
                   "'{\"kind\": \"conditional\", \"hit\": 0, \"miss\": 100}'");
  } else {
    config.hasLatencyModel = false;
  }
  return config;
}

} // namespace

llvm::Expected<CacheLevelConfig> resolveL1(const arch::ArchDescription &arch) {
  return resolveLevel(arch, "l1", arch.l1);
}

llvm::Expected<CacheLevelConfig> resolveL2(const arch::ArchDescription &arch) {
  return resolveLevel(arch, "l2", arch.l2);
}

llvm::Expected<CycleFigures> resolveCycles(const arch::ArchDescription &arch) {
  CycleFigures out;
  if (!arch.l1 || !arch.l1->hitLatency)
    return missing(arch, "l1.hitLatency", "CYCLES");
  out.l1Hit = *arch.l1->hitLatency;
  if (!arch.l1->requestsPerCycle)
    return missing(arch, "l1.requestsPerCycle", "N");
  out.requestsPerCycle = *arch.l1->requestsPerCycle;
  if (!arch.l2 || !arch.l2->hitLatency)
    return missing(arch, "l2.hitLatency", "CYCLES");
  out.l2Hit = *arch.l2->hitLatency;
  if (!arch.dram || !arch.dram->minLatency)
    return missing(arch, "dram.minLatency", "CYCLES");
  out.dram = *arch.dram->minLatency;
  out.issueWidth = arch.sm.issueWidth.value_or(1);
  return out;
}

} // namespace gpurd::model

//===- ArchValidate.cpp - Rules that span several fields ------------------===//

#include "ArchValidate.h"
#include "ArchJsonInternal.h"
#include "Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

#include <cmath>
#include <map>

namespace gpurd::arch {
namespace {

std::string formatNumber(double value) {
  if (std::floor(value) == value && std::fabs(value) < 1e15)
    return std::to_string(static_cast<long long>(value));
  return nlohmann::json(value).dump();
}

std::string inQuotes(llvm::StringRef text) { return "\"" + text.str() + "\""; }

class Validator {
public:
  explicit Validator(Diagnostics &diags) : diags(diags) {}

  void validate(const ArchDescription &arch) {
    if (arch.name.empty())
      diags.error("/name", "expected a non-empty string");
    if (arch.computeCapability &&
        !llvm::Regex("^sm_[0-9]{2,3}[a-z]?$").match(*arch.computeCapability))
      diags.error("/computeCapability",
                  "expected \"sm_\" followed by the compute capability "
                  "digits, as for --cuda-gpu-arch (e.g. \"sm_70\"), got " +
                      inQuotes(*arch.computeCapability));
    validateSm(arch);
    if (arch.l1)
      validateCache(*arch.l1, "/l1");
    if (arch.texture)
      validateCache(*arch.texture, "/texture");
    if (arch.constant)
      validateCache(*arch.constant, "/constant");
    if (arch.l2)
      validateCache(*arch.l2, "/l2");
    if (arch.dram)
      validateDram(*arch.dram);
  }

private:
  /// Reports "<pointer>: expected at most <limitName> (<limit>), got <value>"
  /// when value > limit.
  template <typename T>
  void atMost(llvm::StringRef pointer, const std::optional<T> &value,
              llvm::StringRef limitName, const std::optional<T> &limit) {
    if (value && limit && *value > *limit)
      diags.error(pointer, "expected at most " + limitName + " (" +
                               std::to_string(*limit) + "), got " +
                               std::to_string(*value));
  }

  void validateSm(const ArchDescription &arch) {
    const SmDescription &sm = arch.sm;
    if (sm.maxWarpsPerSm) {
      std::optional<unsigned> threadLimit = *sm.maxWarpsPerSm * sm.warpSize;
      atMost("/sm/maxThreadsPerSm", sm.maxThreadsPerSm,
             "maxWarpsPerSm * warpSize", threadLimit);
    }
    atMost("/sm/maxThreadsPerBlock", sm.maxThreadsPerBlock, "maxThreadsPerSm",
           sm.maxThreadsPerSm);
    atMost("/sm/maxRegistersPerBlock", sm.maxRegistersPerBlock,
           "registersPerSm", sm.registersPerSm);
    atMost("/sm/sharedMemoryPerBlock", sm.sharedMemoryPerBlock,
           "sharedMemoryPerSm", sm.sharedMemoryPerSm);
    atMost("/sm/sharedMemoryPerSm", sm.sharedMemoryPerSm, "l1SharedCapacity",
           sm.l1SharedCapacity);
    if (arch.l1)
      atMost("/l1/size", arch.l1->size, "/sm/l1SharedCapacity",
             sm.l1SharedCapacity);
    const std::vector<uint64_t> &carveouts = sm.sharedMemoryCarveouts;
    if (!carveouts.empty() && !sm.l1SharedCapacity)
      diags.error("/sm/sharedMemoryCarveouts",
                  "needs /sm/l1SharedCapacity (the L1 is what a carve-out "
                  "leaves of it)");
    for (size_t i = 0; i < carveouts.size(); ++i) {
      std::string at = "/sm/sharedMemoryCarveouts/" + std::to_string(i);
      if (i > 0 && carveouts[i] <= carveouts[i - 1])
        diags.error(at, "expected the carve-outs in increasing order");
      if (sm.l1SharedCapacity && carveouts[i] > *sm.l1SharedCapacity)
        diags.error(at, "expected at most l1SharedCapacity (" +
                            std::to_string(*sm.l1SharedCapacity) + "), got " +
                            std::to_string(carveouts[i]));
    }
  }

  void validateCache(const CacheDescription &cache, const std::string &at) {
    if (cache.sectorSize && cache.lineSize)
      atMost(at + "/sectorSize", cache.sectorSize, "lineSize", cache.lineSize);

    unsigned banks = cache.totalBanks();
    std::string perBank = banks > 1 ? " per bank" : "";
    bool geometryOk = true;
    if (cache.size && cache.lineSize) {
      uint64_t unit = uint64_t(*cache.lineSize) * banks;
      if (*cache.size % unit != 0) {
        geometryOk = false;
        diags.error(at + "/size",
                    "expected a multiple of " +
                        (banks > 1 ? "lineSize * partitions * banks ("
                                   : std::string("lineSize (")) +
                        std::to_string(unit) + "), got " +
                        std::to_string(*cache.size));
      }
    }
    std::optional<uint64_t> lines =
        geometryOk ? cache.linesPerBank() : std::nullopt;
    bool fullyAssociative =
        cache.index && cache.index->kind == IndexFunctionKind::FullyAssociative;
    if (lines && cache.assoc) {
      if (fullyAssociative && *cache.assoc != *lines) {
        geometryOk = false;
        diags.error(at + "/assoc",
                    "expected " + std::to_string(*lines) +
                        " (the number of lines" + perBank +
                        ", as the index function is \"fully-associative\"), "
                        "got " +
                        std::to_string(*cache.assoc));
      } else if (*cache.assoc > *lines || *lines % *cache.assoc != 0) {
        geometryOk = false;
        diags.error(at + "/assoc",
                    "expected a positive integer that divides the number of "
                    "lines" +
                        perBank + " (" + std::to_string(*lines) + "), got " +
                        std::to_string(*cache.assoc));
      }
    }
    std::optional<uint64_t> sets =
        geometryOk ? cache.setsPerBank() : std::nullopt;
    if (cache.index)
      validateIndex(*cache.index, cache, sets, at + "/index");
    if (cache.mshr)
      validateMshr(*cache.mshr, cache, at + "/mshr");
    if (cache.latencyModel)
      validateLatencyModel(*cache.latencyModel, at + "/latencyModel");
  }

  void validateIndex(const IndexFunction &index, const CacheDescription &cache,
                     std::optional<uint64_t> sets, const std::string &at) {
    llvm::StringRef kind = toString(index.kind);
    auto onlyFor = [&](bool present, llvm::StringRef key,
                       IndexFunctionKind owner) {
      if (present && index.kind != owner)
        diags.error(at + "/" + key.str(), "only used when kind is " +
                                              inQuotes(toString(owner)) +
                                              ", not " + inQuotes(kind));
    };
    onlyFor(index.shift.has_value(), "shift", IndexFunctionKind::ShiftedMod);
    onlyFor(index.prime.has_value(), "prime", IndexFunctionKind::PrimeMod);
    onlyFor(!index.bits.empty(), "bits", IndexFunctionKind::Xor);

    switch (index.kind) {
    case IndexFunctionKind::ShiftedMod:
      if (!index.shift)
        diags.error(at, "missing required key \"shift\" for kind "
                        "\"shifted-mod\"");
      break;
    case IndexFunctionKind::PrimeMod:
      if (index.prime &&
          (!isPrime(*index.prime) || (sets && *index.prime > *sets)))
        diags.error(
            at + "/prime",
            "expected a prime number no larger than the number of "
            "sets" +
                (sets ? " (" + std::to_string(*sets) + ")" : std::string()) +
                ", got " + std::to_string(*index.prime));
      break;
    case IndexFunctionKind::Xor:
      validateXor(index, cache, sets, at);
      break;
    case IndexFunctionKind::Mod:
    case IndexFunctionKind::FullyAssociative:
      break;
    }
  }

  void validateXor(const IndexFunction &index, const CacheDescription &cache,
                   std::optional<uint64_t> sets, const std::string &at) {
    if (sets && !llvm::isPowerOf2_64(*sets)) {
      diags.error(at + "/kind", "\"xor\" needs a power-of-two number of "
                                "sets, but the cache has " +
                                    std::to_string(*sets));
      return;
    }
    if (index.bits.empty())
      return;
    if (sets && index.bits.size() != llvm::Log2_64(*sets))
      diags.error(at + "/bits", "expected " +
                                    std::to_string(llvm::Log2_64(*sets)) +
                                    " groups (one per set-index bit of " +
                                    std::to_string(*sets) + " sets), got " +
                                    std::to_string(index.bits.size()));
    unsigned lowest = cache.lineSize ? llvm::Log2_32(*cache.lineSize) : 0;
    for (auto [i, group] : llvm::enumerate(index.bits)) {
      std::string groupAt = appendPointer(at + "/bits", std::to_string(i));
      if (group.empty())
        diags.error(groupAt, "expected a non-empty array of byte-address bits");
      for (auto [j, bit] : llvm::enumerate(group)) {
        if (bit >= lowest && bit < 64)
          continue;
        std::string expected = "expected a byte-address bit from " +
                               std::to_string(lowest) + " to 63";
        if (cache.lineSize)
          expected += " (above the offset within a " +
                      std::to_string(*cache.lineSize) + "-byte line)";
        diags.error(appendPointer(groupAt, std::to_string(j)),
                    expected + ", got " + std::to_string(bit));
      }
    }
  }

  void validateMshr(const MshrDescription &mshr, const CacheDescription &cache,
                    const std::string &at) {
    atMost(at + "/perWarp", mshr.perWarp, "entries", mshr.entries);
    if (mshr.setOfPartition.empty())
      return;
    unsigned partitions = cache.partitions.value_or(1);
    if (mshr.setOfPartition.size() != partitions)
      diags.error(at + "/setOfPartition",
                  "expected " + std::to_string(partitions) +
                      " entries (one per partition), got " +
                      std::to_string(mshr.setOfPartition.size()));
    unsigned tables = mshr.sets.value_or(1);
    for (auto [i, set] : llvm::enumerate(mshr.setOfPartition))
      if (set >= tables)
        diags.error(appendPointer(at + "/setOfPartition", std::to_string(i)),
                    "expected an MSHR set number below sets (" +
                        std::to_string(tables) + "), got " +
                        std::to_string(set));
  }

  void validateLatencyModel(const LatencyModel &model, const std::string &at) {
    struct Param {
      llvm::StringLiteral key;
      const std::optional<double> &value;
    };
    const Param params[] = {
        {"value", model.value}, {"hit", model.hit},
        {"miss", model.miss},   {"lambdaMin", model.lambdaMin},
        {"sigma", model.sigma}, {"k1", model.k1},
        {"k2", model.k2}};
    llvm::SmallVector<llvm::StringRef, 3> required, allowed;
    switch (model.kind) {
    case LatencyModelKind::Fixed:
      required = {"value"};
      allowed = {"value"};
      break;
    case LatencyModelKind::Conditional:
      required = {"hit", "miss"};
      allowed = {"hit", "miss"};
      break;
    case LatencyModelKind::HalfNormal:
      required = {"lambdaMin", "sigma"};
      allowed = {"hit", "lambdaMin", "sigma"};
      break;
    case LatencyModelKind::Adaptive:
      required = {"k1", "k2"};
      allowed = {"hit", "k1", "k2"};
      break;
    }
    llvm::StringRef kind = toString(model.kind);
    for (const Param &param : params) {
      bool isAllowed = llvm::is_contained(allowed, param.key);
      if (!param.value && llvm::is_contained(required, param.key))
        diags.error(at, "missing required key " + inQuotes(param.key) +
                            " for kind " + inQuotes(kind));
      if (param.value && !isAllowed)
        diags.error(at + "/" + param.key.str(),
                    "not used by kind " + inQuotes(kind) +
                        "; remove it or change kind");
    }
  }

  void validateDram(const DramDescription &dram) {
    auto ordered = [&](llvm::StringRef key, const std::optional<double> &value,
                       llvm::StringRef lowerKey,
                       const std::optional<double> &lower) {
      if (value && lower && *value < *lower)
        diags.error("/dram/" + key.str(), "expected at least " + lowerKey +
                                              " (" + formatNumber(*lower) +
                                              "), got " + formatNumber(*value));
    };
    // seed 002 §III-C2: a row hit is the fastest access, a conflict the
    // slowest.
    ordered("rowMissLatencyNs", dram.rowMissLatencyNs, "rowHitLatencyNs",
            dram.rowHitLatencyNs);
    ordered("rowConflictLatencyNs", dram.rowConflictLatencyNs,
            "rowMissLatencyNs", dram.rowMissLatencyNs);
    if (dram.addressMapping)
      validateAddressMapping(*dram.addressMapping);
  }

  void validateAddressMapping(const AddressMapping &mapping) {
    const std::string at = "/dram/addressMapping";
    unsigned width = mapping.addressBits.value_or(64);
    if (width > 64) {
      diags.error(at + "/addressBits",
                  "expected at most 64, got " + std::to_string(width));
      return;
    }
    struct Group {
      llvm::StringLiteral key;
      const std::vector<BitRange> &ranges;
    };
    const Group groups[] = {{"byteBits", mapping.byteBits},
                            {"rowColumnBits", mapping.rowColumnBits},
                            {"rowBits", mapping.rowBits},
                            {"columnBits", mapping.columnBits},
                            {"channelBits", mapping.channelBits},
                            {"bankBits", mapping.bankBits}};
    std::map<unsigned, std::string> owner;
    for (const Group &group : groups) {
      for (auto [i, range] : llvm::enumerate(group.ranges)) {
        std::string rangeAt =
            appendPointer(at + "/" + group.key.str(), std::to_string(i));
        if (range.high >= width) {
          diags.error(rangeAt, "expected bits below addressBits (" +
                                   std::to_string(width) + "), got " +
                                   std::to_string(range.high));
          continue;
        }
        for (unsigned bit = range.low; bit <= range.high; ++bit) {
          auto [it, inserted] = owner.try_emplace(bit, rangeAt);
          if (!inserted) {
            diags.error(rangeAt, "bit " + std::to_string(bit) + " is also in " +
                                     it->second);
            break;
          }
        }
      }
    }
  }

  Diagnostics &diags;
};

} // namespace

void validateArch(const ArchDescription &arch, Diagnostics &diags) {
  Validator(diags).validate(arch);
}

} // namespace gpurd::arch

//===- ArchSchema.h - Keys, order and value rules of the JSON ---*- C++ -*-===//
//
// visitFields(record, visitor) calls visitor(key, member, check) for every
// field of a record, in the documented key order. The JSON reader and writer
// both walk these lists, so parsing and printing agree on the keys and their
// order by construction. Cross-field rules live in ArchValidate.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ARCH_ARCHSCHEMA_H
#define GPURD_LIB_ARCH_ARCHSCHEMA_H

#include "gpurd/Arch/ArchDescription.h"

#include <optional>
#include <type_traits>
#include <vector>

namespace gpurd::arch {

/// The rule a single value must satisfy, beyond its type.
enum class Check {
  None,
  Positive,    ///< > 0
  NonNegative, ///< >= 0
  PowerOfTwo,  ///< a positive power of two
  Bytes,       ///< a positive byte count; strings like "48KiB" accepted
};

template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};

/// The records that are JSON objects.
template <typename T>
inline constexpr bool IsRecord =
    std::is_same_v<T, ArchDescription> || std::is_same_v<T, SmDescription> ||
    std::is_same_v<T, CacheDescription> || std::is_same_v<T, IndexFunction> ||
    std::is_same_v<T, MshrDescription> || std::is_same_v<T, LatencyModel> ||
    std::is_same_v<T, DramDescription> || std::is_same_v<T, AddressMapping> ||
    std::is_same_v<T, NocDescription>;

/// Matches R and const R.
template <typename S, typename R>
using IfRecord =
    std::enable_if_t<std::is_same_v<std::remove_const_t<S>, R>, int>;

template <typename S, typename V, IfRecord<S, ArchDescription> = 0>
void visitFields(S &a, V &&v) {
  v("name", a.name);
  v("description", a.description);
  v("comment", a.comment);
  v("sources", a.sources);
  v("assumptions", a.assumptions);
  v("computeCapability", a.computeCapability);
  v("clockMHz", a.clockMHz, Check::Positive);
  v("sm", a.sm);
  v("l1", a.l1);
  v("texture", a.texture);
  v("constant", a.constant);
  v("l2", a.l2);
  v("dram", a.dram);
  v("noc", a.noc);
}

template <typename S, typename V, IfRecord<S, SmDescription> = 0>
void visitFields(S &s, V &&v) {
  v("count", s.count, Check::Positive);
  v("warpSize", s.warpSize, Check::PowerOfTwo);
  v("coresPerSm", s.coresPerSm, Check::Positive);
  v("maxThreadsPerSm", s.maxThreadsPerSm, Check::Positive);
  v("maxBlocksPerSm", s.maxBlocksPerSm, Check::Positive);
  v("maxWarpsPerSm", s.maxWarpsPerSm, Check::Positive);
  v("maxThreadsPerBlock", s.maxThreadsPerBlock, Check::Positive);
  v("registersPerSm", s.registersPerSm, Check::Positive);
  v("maxRegistersPerThread", s.maxRegistersPerThread, Check::Positive);
  v("maxRegistersPerBlock", s.maxRegistersPerBlock, Check::Positive);
  v("sharedMemoryPerSm", s.sharedMemoryPerSm, Check::Bytes);
  v("sharedMemoryPerBlock", s.sharedMemoryPerBlock, Check::Bytes);
  v("sharedMemoryAllocationUnit", s.sharedMemoryAllocationUnit,
    Check::PowerOfTwo);
  v("reservedSharedMemoryPerBlock", s.reservedSharedMemoryPerBlock,
    Check::Bytes);
  v("l1SharedCapacity", s.l1SharedCapacity, Check::Bytes);
  v("sharedMemoryCarveouts", s.sharedMemoryCarveouts, Check::NonNegative);
  v("sharedMemoryBanks", s.sharedMemoryBanks, Check::Positive);
  v("sharedMemoryBankWidth", s.sharedMemoryBankWidth, Check::PowerOfTwo);
  v("warpSchedulers", s.warpSchedulers, Check::Positive);
  v("issueWidth", s.issueWidth, Check::Positive);
  v("instructionLatency", s.instructionLatency, Check::Positive);
  v("sharedMemoryLatency", s.sharedMemoryLatency, Check::Positive);
  v("schedulingPolicy", s.schedulingPolicy);
  v("blockMapping", s.blockMapping);
}

template <typename S, typename V, IfRecord<S, CacheDescription> = 0>
void visitFields(S &c, V &&v) {
  v("size", c.size, Check::Bytes);
  v("lineSize", c.lineSize, Check::PowerOfTwo);
  v("sectorSize", c.sectorSize, Check::PowerOfTwo);
  v("assoc", c.assoc, Check::Positive);
  v("index", c.index);
  v("replacement", c.replacement);
  v("writePolicy", c.writePolicy);
  v("writeAllocate", c.writeAllocate);
  v("bypass", c.bypass);
  v("cachesGlobalLoads", c.cachesGlobalLoads);
  v("partitions", c.partitions, Check::Positive);
  v("banks", c.banks, Check::Positive);
  v("ports", c.ports, Check::Positive);
  v("hitLatency", c.hitLatency, Check::NonNegative);
  v("requestsPerCycle", c.requestsPerCycle, Check::Positive);
  v("mshr", c.mshr);
  v("latencyModel", c.latencyModel);
}

template <typename S, typename V, IfRecord<S, IndexFunction> = 0>
void visitFields(S &f, V &&v) {
  v("kind", f.kind);
  v("shift", f.shift, Check::NonNegative);
  v("prime", f.prime, Check::Positive);
  v("bits", f.bits, Check::NonNegative);
}

template <typename S, typename V, IfRecord<S, MshrDescription> = 0>
void visitFields(S &m, V &&v) {
  v("sets", m.sets, Check::Positive);
  v("entries", m.entries, Check::Positive);
  v("perWarp", m.perWarp, Check::Positive);
  v("maxMerges", m.maxMerges, Check::Positive);
  v("setOfPartition", m.setOfPartition, Check::NonNegative);
  v("reservationFailure", m.reservationFailure);
}

template <typename S, typename V, IfRecord<S, LatencyModel> = 0>
void visitFields(S &l, V &&v) {
  v("kind", l.kind);
  v("value", l.value, Check::NonNegative);
  v("hit", l.hit, Check::NonNegative);
  v("miss", l.miss, Check::NonNegative);
  v("lambdaMin", l.lambdaMin, Check::NonNegative);
  v("sigma", l.sigma, Check::NonNegative);
  v("k1", l.k1, Check::NonNegative);
  v("k2", l.k2, Check::NonNegative);
}

template <typename S, typename V, IfRecord<S, AddressMapping> = 0>
void visitFields(S &m, V &&v) {
  v("addressBits", m.addressBits, Check::Positive);
  v("byteBits", m.byteBits);
  v("rowColumnBits", m.rowColumnBits);
  v("rowBits", m.rowBits);
  v("columnBits", m.columnBits);
  v("channelBits", m.channelBits);
  v("bankBits", m.bankBits);
}

template <typename S, typename V, IfRecord<S, DramDescription> = 0>
void visitFields(S &d, V &&v) {
  v("type", d.type);
  v("channels", d.channels, Check::Positive);
  v("banksPerChannel", d.banksPerChannel, Check::Positive);
  v("busWidthBits", d.busWidthBits, Check::Positive);
  v("bandwidthGBps", d.bandwidthGBps, Check::Positive);
  v("rowSize", d.rowSize, Check::Bytes);
  v("rowHitLatencyNs", d.rowHitLatencyNs, Check::Positive);
  v("rowMissLatencyNs", d.rowMissLatencyNs, Check::Positive);
  v("rowConflictLatencyNs", d.rowConflictLatencyNs, Check::Positive);
  v("minLatency", d.minLatency, Check::NonNegative);
  v("addressMapping", d.addressMapping);
}

template <typename S, typename V, IfRecord<S, NocDescription> = 0>
void visitFields(S &n, V &&v) {
  v("bandwidthGBps", n.bandwidthGBps, Check::Positive);
  v("latency", n.latency, Check::NonNegative);
}

} // namespace gpurd::arch

#endif // GPURD_LIB_ARCH_ARCHSCHEMA_H

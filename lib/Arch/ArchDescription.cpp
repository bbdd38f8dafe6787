//===- ArchDescription.cpp - Enum spellings and cache geometry ------------===//

#include "gpurd/Arch/ArchDescription.h"
#include "EnumNames.h"

namespace gpurd::arch {

template <> llvm::ArrayRef<EnumName<WarpSchedulingPolicy>> enumNames() {
  static const EnumName<WarpSchedulingPolicy> names[] = {
      {WarpSchedulingPolicy::RoundRobin, "round-robin"},
      {WarpSchedulingPolicy::LooseRoundRobin, "lrr"},
      {WarpSchedulingPolicy::GreedyThenOldest, "gto"},
      {WarpSchedulingPolicy::TwoLevel, "two-level"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<BlockMapping>> enumNames() {
  static const EnumName<BlockMapping> names[] = {
      {BlockMapping::RoundRobin, "round-robin"},
      {BlockMapping::Partition4, "partition-4"},
      {BlockMapping::Partition8, "partition-8"},
      {BlockMapping::Random, "random"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<ReplacementPolicy>> enumNames() {
  static const EnumName<ReplacementPolicy> names[] = {
      {ReplacementPolicy::Lru, "lru"},
      {ReplacementPolicy::Fifo, "fifo"},
      {ReplacementPolicy::Lfu, "lfu"},
      {ReplacementPolicy::Random, "random"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<WritePolicy>> enumNames() {
  static const EnumName<WritePolicy> names[] = {
      {WritePolicy::WriteEvict, "write-evict"},
      {WritePolicy::WriteThrough, "write-through"},
      {WritePolicy::WriteBack, "write-back"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<BypassPolicy>> enumNames() {
  static const EnumName<BypassPolicy> names[] = {
      {BypassPolicy::Off, "off"},
      {BypassPolicy::Writes, "won"},
      {BypassPolicy::ReadsAndWrites, "rwon"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<ReservationFailurePolicy>> enumNames() {
  static const EnumName<ReservationFailurePolicy> names[] = {
      {ReservationFailurePolicy::Reissue, "reissue"},
      {ReservationFailurePolicy::StallWarp, "stall-warp"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<LatencyModelKind>> enumNames() {
  static const EnumName<LatencyModelKind> names[] = {
      {LatencyModelKind::Fixed, "fixed"},
      {LatencyModelKind::Conditional, "conditional"},
      {LatencyModelKind::HalfNormal, "half-normal"},
      {LatencyModelKind::Adaptive, "adaptive"}};
  return names;
}

template <> llvm::ArrayRef<EnumName<IndexFunctionKind>> enumNames() {
  static const EnumName<IndexFunctionKind> names[] = {
      {IndexFunctionKind::Mod, "mod"},
      {IndexFunctionKind::ShiftedMod, "shifted-mod"},
      {IndexFunctionKind::PrimeMod, "prime-mod"},
      {IndexFunctionKind::Xor, "xor"},
      {IndexFunctionKind::FullyAssociative, "fully-associative"}};
  return names;
}

llvm::StringRef toString(WarpSchedulingPolicy policy) {
  return enumName(policy);
}
llvm::StringRef toString(BlockMapping mapping) { return enumName(mapping); }
llvm::StringRef toString(ReplacementPolicy policy) { return enumName(policy); }
llvm::StringRef toString(WritePolicy policy) { return enumName(policy); }
llvm::StringRef toString(BypassPolicy policy) { return enumName(policy); }
llvm::StringRef toString(ReservationFailurePolicy policy) {
  return enumName(policy);
}
llvm::StringRef toString(LatencyModelKind kind) { return enumName(kind); }
llvm::StringRef toString(IndexFunctionKind kind) { return enumName(kind); }

unsigned CacheDescription::totalBanks() const {
  return partitions.value_or(1) * banks.value_or(1);
}

std::optional<uint64_t> CacheDescription::linesPerBank() const {
  if (!size || !lineSize || *lineSize == 0)
    return std::nullopt;
  return *size / *lineSize / totalBanks();
}

std::optional<uint64_t> CacheDescription::setsPerBank() const {
  std::optional<uint64_t> lines = linesPerBank();
  if (index && index->kind == IndexFunctionKind::FullyAssociative)
    return lines ? std::optional<uint64_t>(1) : std::nullopt;
  if (!lines || !assoc || *assoc == 0)
    return std::nullopt;
  return *lines / *assoc;
}

std::optional<unsigned> ArchDescription::computeCapabilityNumber() const {
  unsigned number = 0;
  if (!computeCapability || llvm::StringRef(*computeCapability)
                                .drop_front(3)
                                .getAsInteger(10, number))
    return std::nullopt;
  return number;
}

llvm::Error missingFieldsError(const ArchDescription &arch,
                               llvm::StringRef model,
                               llvm::ArrayRef<std::string> fields) {
  std::string list;
  for (const std::string &field : fields)
    list += (list.empty() ? "" : ", ") + field;
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "%s needs %s, which arch '%s' does not give; give them with --set or "
      "in an --arch-file (docs/arch-format.md)",
      model.str().c_str(), list.c_str(), arch.name.c_str());
}

} // namespace gpurd::arch

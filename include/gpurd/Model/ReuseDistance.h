//===- ReuseDistance.h - Exact LRU stack distances --------------*- C++ -*-===//
//
// Reuse (stack) distance: for each access, the number of distinct keys (lines)
// accessed since the previous access to the same key; infinite for a first
// access (seed 000 §3.3, Table 1; seed 001 §3.2, Table 1; seed 003 §II-A,
// Table 1). Computed exactly in O(log n) per access with Bennett and Kruskal's
// method as Olken / Almási et al. formulate it (seed 000 §4.6): every key
// remembers the time stamp of its last access, a Fenwick tree over time stamps
// marks the stamps that are some key's last access, and the distance of an
// access is the number of marked stamps after the key's own.
//
// Time stamps are compact: when the stamp range is used up, the live stamps
// (one per distinct key) are renumbered 0..n-1 in order and the tree is
// rebuilt with room for as many again, so memory grows with the number of
// distinct keys, never with the length of the trace, and the renumbering costs
// O(1) amortised per access.
//
// Per-set stacks (seed 000 §4.3; seed 001 §3.2, §4.4: "RD is calculated for
// each bank separately") are one RecencyTree per set.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_REUSEDISTANCE_H
#define GPURD_MODEL_REUSEDISTANCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace gpurd::model {

/// The distance of a first access (∞ in seed 000, -1 in seed 003).
constexpr uint64_t InfiniteDistance = std::numeric_limits<uint64_t>::max();

/// The recency order of the entries of one stack: which entries are live and
/// how many are more recent than a given one. Entries are named by their
/// owner (an index the caller chooses); the caller keeps each owner's stamp.
class RecencyTree {
public:
  using Stamp = uint32_t;
  static constexpr Stamp NoStamp = std::numeric_limits<Stamp>::max();

  /// Live entries (distinct keys in the stack).
  uint32_t size() const { return live; }

  /// Number of live entries more recent than the one with stamp \p stamp.
  uint32_t countAfter(Stamp stamp) const { return live - prefix(stamp + 1); }

  /// Makes owner \p owner, whose current stamp is \p old (NoStamp when it is
  /// not in the stack), the most recent entry and returns its new stamp. When
  /// the stamps are renumbered, \p relabel(otherOwner, newStamp) is called for
  /// every other live entry before the new stamp is returned.
  template <typename Relabel>
  Stamp touch(Stamp old, uint32_t owner, Relabel &&relabel) {
    if (old != NoStamp) {
      add(old, -1);
      owners[old] = DeadOwner;
      --live;
    }
    if (next == capacity())
      compact(relabel);
    Stamp stamp = next++;
    owners[stamp] = owner;
    add(stamp, +1);
    ++live;
    return stamp;
  }

  /// Removes the entry with stamp \p stamp.
  void remove(Stamp stamp) {
    add(stamp, -1);
    owners[stamp] = DeadOwner;
    --live;
  }

  /// Gives the live entry with stamp \p stamp a new owner.
  void setOwner(Stamp stamp, uint32_t owner) { owners[stamp] = owner; }

  /// The owner of the \p k-th most recent live entry (k = 0: the most
  /// recent); k must be below size().
  uint32_t ownerAtDepth(uint32_t k) const;

  void clear();

  /// Bytes held (for memory tests).
  size_t memoryBytes() const {
    return tree.capacity() * sizeof(int32_t) + owners.capacity() * 4;
  }

private:
  static constexpr uint32_t DeadOwner = std::numeric_limits<uint32_t>::max();

  size_t capacity() const { return owners.size(); }
  /// Live entries with stamp < \p end.
  // The tree's size and data are read once: the compiler cannot tell that
  // the stores into the tree leave the vector itself alone.
  uint32_t prefix(uint32_t end) const {
    const int32_t *node = tree.data();
    int32_t sum = 0;
    for (uint32_t i = end; i > 0; i &= i - 1)
      sum += node[i];
    return static_cast<uint32_t>(sum);
  }
  void add(Stamp stamp, int32_t delta) {
    int32_t *node = tree.data();
    const size_t size = tree.size();
    for (size_t i = size_t(stamp) + 1; i < size; i += i & (~i + 1))
      node[i] += delta;
  }
  template <typename Relabel> void compact(Relabel &relabel) {
    std::vector<uint32_t> liveOwners;
    liveOwners.reserve(live);
    for (uint32_t s = 0; s < next; ++s)
      if (owners[s] != DeadOwner)
        liveOwners.push_back(owners[s]);
    rebuild(liveOwners);
    for (uint32_t s = 0; s < liveOwners.size(); ++s)
      relabel(liveOwners[s], s);
  }
  /// Renumbers \p liveOwners (oldest first) as 0..n-1 with room for at least
  /// n more stamps.
  void rebuild(const std::vector<uint32_t> &liveOwners);

  std::vector<int32_t> tree{0}; ///< Fenwick tree, 1-based.
  std::vector<uint32_t> owners; ///< Owner of each stamp, or DeadOwner.
  uint32_t next = 0;            ///< Next stamp to hand out.
  uint32_t live = 0;
};

/// Exact stack distances of a stream of keys over one fully associative stack.
class StackDistance {
public:
  /// The distance of accessing \p key (InfiniteDistance for its first
  /// access, or its first since remove()), after which \p key is the most
  /// recent.
  uint64_t access(uint64_t key);
  /// The distance \p key would have now, without accessing it.
  uint64_t distance(uint64_t key) const;
  /// Takes \p key out of the stack (e.g. a write-evict invalidation). Returns
  /// whether it was there.
  bool remove(uint64_t key);
  /// Distinct keys in the stack.
  uint64_t size() const { return tree.size(); }
  void clear();
  size_t memoryBytes() const;

private:
  llvm::DenseMap<uint64_t, uint32_t> slotOfKey;
  std::vector<RecencyTree::Stamp> stampOfSlot;
  std::vector<uint32_t> freeSlots;
  RecencyTree tree;
};

/// Exact stack distances with one stack per set (seed 000 §4.3): the distance
/// of an access counts only the keys of its own set.
class SetStackDistance {
public:
  /// \p numSets stacks; \p setOf maps a key to its set (below numSets).
  SetStackDistance(unsigned numSets, std::function<unsigned(uint64_t)> setOf);
  uint64_t access(uint64_t key);
  unsigned setOf(uint64_t key) const { return setFunction(key); }

private:
  std::function<unsigned(uint64_t)> setFunction;
  std::vector<StackDistance> sets;
};

/// The stack distances of \p keys in order (seed 000 Table 1).
std::vector<uint64_t> stackDistances(llvm::ArrayRef<uint64_t> keys);

} // namespace gpurd::model

#endif // GPURD_MODEL_REUSEDISTANCE_H

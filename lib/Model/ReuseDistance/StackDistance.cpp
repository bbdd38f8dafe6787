//===- StackDistance.cpp - Exact LRU stack distances ----------------------===//
//
// Bennett and Kruskal's algorithm over a Fenwick tree (seed 000 §4.6), with
// compact time stamps; see ReuseDistance.h.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/ReuseDistance.h"

#include <algorithm>
#include <cassert>

namespace gpurd::model {

void RecencyTree::rebuild(const std::vector<uint32_t> &liveOwners) {
  uint32_t n = static_cast<uint32_t>(liveOwners.size());
  // Room for as many new stamps as there are live ones: the next renumbering
  // is at least n touches away, so its O(n) cost is O(1) per touch.
  size_t newCapacity = std::max<size_t>(16, 2 * size_t(n));
  owners.assign(newCapacity, DeadOwner);
  std::copy(liveOwners.begin(), liveOwners.end(), owners.begin());
  tree.assign(newCapacity + 1, 0);
  for (uint32_t i = 1; i <= n; ++i)
    tree[i] = 1;
  // Linear-time Fenwick construction.
  for (size_t i = 1; i <= newCapacity; ++i) {
    size_t parent = i + (i & (~i + 1));
    if (parent <= newCapacity)
      tree[parent] += tree[i];
  }
  next = n;
  live = n;
}

uint32_t RecencyTree::ownerAtDepth(uint32_t k) const {
  assert(k < live && "depth beyond the stack");
  // The k-th most recent is the (live - k)-th oldest: binary lifting for the
  // smallest index whose prefix sum reaches it.
  uint32_t target = live - k;
  size_t position = 0;
  size_t step = 1;
  while (step * 2 < tree.size())
    step *= 2;
  for (; step > 0; step /= 2) {
    if (position + step < tree.size() &&
        static_cast<uint32_t>(tree[position + step]) < target) {
      position += step;
      target -= tree[position];
    }
  }
  return owners[position]; // stamp = index - 1 = position
}

void RecencyTree::clear() {
  tree.assign(1, 0);
  owners.clear();
  next = 0;
  live = 0;
}

uint64_t StackDistance::access(uint64_t key) {
  auto [it, inserted] = slotOfKey.try_emplace(key, 0);
  uint32_t slot;
  if (inserted) {
    if (!freeSlots.empty()) {
      slot = freeSlots.back();
      freeSlots.pop_back();
      stampOfSlot[slot] = RecencyTree::NoStamp;
    } else {
      slot = static_cast<uint32_t>(stampOfSlot.size());
      stampOfSlot.push_back(RecencyTree::NoStamp);
    }
    it->second = slot;
  } else {
    slot = it->second;
  }
  RecencyTree::Stamp old = stampOfSlot[slot];
  uint64_t distance =
      old == RecencyTree::NoStamp ? InfiniteDistance : tree.countAfter(old);
  stampOfSlot[slot] = tree.touch(
      old, slot, [&](uint32_t owner, uint32_t s) { stampOfSlot[owner] = s; });
  return distance;
}

uint64_t StackDistance::distance(uint64_t key) const {
  auto it = slotOfKey.find(key);
  if (it == slotOfKey.end())
    return InfiniteDistance;
  return tree.countAfter(stampOfSlot[it->second]);
}

bool StackDistance::remove(uint64_t key) {
  auto it = slotOfKey.find(key);
  if (it == slotOfKey.end())
    return false;
  uint32_t slot = it->second;
  tree.remove(stampOfSlot[slot]);
  stampOfSlot[slot] = RecencyTree::NoStamp;
  freeSlots.push_back(slot);
  slotOfKey.erase(it);
  return true;
}

void StackDistance::clear() {
  slotOfKey.clear();
  stampOfSlot.clear();
  freeSlots.clear();
  tree.clear();
}

size_t StackDistance::memoryBytes() const {
  return slotOfKey.getMemorySize() + stampOfSlot.capacity() * 4 +
         freeSlots.capacity() * 4 + tree.memoryBytes();
}

SetStackDistance::SetStackDistance(unsigned numSets,
                                   std::function<unsigned(uint64_t)> setOf)
    : setFunction(std::move(setOf)), sets(std::max(numSets, 1u)) {}

uint64_t SetStackDistance::access(uint64_t key) {
  unsigned set = setFunction(key);
  assert(set < sets.size() && "set function out of range");
  return sets[set].access(key);
}

std::vector<uint64_t> stackDistances(llvm::ArrayRef<uint64_t> keys) {
  StackDistance stack;
  std::vector<uint64_t> out;
  out.reserve(keys.size());
  for (uint64_t key : keys)
    out.push_back(stack.access(key));
  return out;
}

} // namespace gpurd::model

//===- TimingWheel.h - Time-ordered queues of the engines -------*- C++ -*-===//
//
// Pending effects (seed 000 §4.2: a request takes effect at issue time +
// latency, simultaneous effects in issue order) and delayed warps (seed 000
// §4.5) are released in (time, insertion) order. Everything is inserted in
// increasing order of issue and never before the current time, so a wheel of
// one bucket per time step over the window [cursor, cursor + size) keeps each
// bucket sorted: O(1) insertion and release. The window grows when something
// is scheduled beyond it.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_CACHE_TIMINGWHEEL_H
#define GPURD_LIB_MODEL_CACHE_TIMINGWHEEL_H

#include "llvm/Support/Compiler.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace gpurd::model {

template <typename T> class TimingWheel {
  static_assert(std::is_trivially_copyable_v<T> &&
                    std::is_default_constructible_v<T>,
                "values are copied as bytes into reused storage");

  /// One time step's values in insertion order. Its storage is kept when it
  /// is cleared (the wheel comes round to it again), and appending is a
  /// bounds check and a store: std::vector's emplace_back, which GCC keeps
  /// out of line for its reallocation path, was a call per effect.
  class Bucket {
  public:
    size_t size() const { return count; }
    bool full() const { return count == capacity; }
    void clear() { count = 0; }
    T &operator[](size_t i) { return values[i]; }
    const T &operator[](size_t i) const { return values[i]; }
    /// A new value at the end (there must be room: see full()).
    T &append() {
      assert(!full() && "append to a full bucket");
      T &value = values[count++];
      value = T();
      return value;
    }
    LLVM_ATTRIBUTE_NOINLINE void grow() {
      const size_t next = capacity ? 2 * capacity : 4;
      std::unique_ptr<T[]> larger(new T[next]);
      std::copy(values.get(), values.get() + count, larger.get());
      values = std::move(larger);
      capacity = next;
    }

  private:
    std::unique_ptr<T[]> values;
    size_t count = 0;
    size_t capacity = 0;
  };

public:
  void push(uint64_t time, const T &value) { add(time) = value; }
  /// Adds a default value at \p time and returns it, for the caller to fill
  /// in place (a small struct built elsewhere and copied costs a store-
  /// forwarding stall on the hot path).
  /// (Inline, with the rare paths out of line: it runs once or twice per
  /// request.)
  LLVM_ATTRIBUTE_ALWAYS_INLINE T &add(uint64_t time) {
    assert(time >= cursorTime && "scheduled in the past");
    if (LLVM_UNLIKELY(time - cursorTime >= window))
      grow(time - cursorTime + 1);
    uint64_t b = time & mask;
    occupied[b >> 6] |= uint64_t(1) << (b & 63);
    ++pending;
    if (time < nextDue)
      nextDue = time;
    Bucket &bucket = buckets[b];
    if (LLVM_UNLIKELY(bucket.full()))
      bucket.grow();
    return bucket.append();
  }
  bool empty() const { return pending == 0; }
  size_t size() const { return pending; }

  /// Releases, in order, every value with a time before \p time, and those at
  /// \p time until \p stop(value) says to stop.
  template <typename Stop, typename Release>
  void releaseUpTo(uint64_t time, Stop &&stop, Release &&release) {
    if (time < nextDue)
      return; // nothing due (the common case): the cursor may lag behind
    releaseSlow(time, stop, release);
    nextDue = pending ? nextTime() : ~uint64_t(0);
  }
  template <typename Stop, typename Release>
  void releaseSlow(uint64_t time, Stop &stop, Release &release) {
    while (pending) {
      uint64_t b = cursorTime & mask;
      Bucket &bucket = buckets[b];
      if (cursorIndex < bucket.size()) {
        if (cursorTime > time ||
            (cursorTime == time && stop(bucket[cursorIndex])))
          return;
        T value = bucket[cursorIndex++];
        --pending;
        release(value);
        continue;
      }
      if (cursorTime >= time)
        return;
      // This time step is done: on to the next occupied one (or \p time).
      bucket.clear();
      occupied[b >> 6] &= ~(uint64_t(1) << (b & 63));
      cursorIndex = 0;
      cursorTime = pending ? std::min(time, nextOccupied()) : time;
    }
    // Nothing pending: the cursor may jump (never past \p time, whose bucket
    // can still be added to).
    if (cursorTime < time) {
      if (!buckets.empty()) {
        uint64_t b = cursorTime & mask;
        buckets[b].clear();
        occupied[b >> 6] &= ~(uint64_t(1) << (b & 63));
      }
      cursorIndex = 0;
      cursorTime = time;
    }
  }
  template <typename Release>
  void releaseThrough(uint64_t time, Release &&release) {
    releaseUpTo(time, [](const T &) { return false; }, release);
  }

  /// The earliest pending time (the wheel must not be empty).
  uint64_t nextTime() const {
    assert(pending && "no pending value");
    const Bucket &bucket = buckets[cursorTime & mask];
    if (cursorIndex < bucket.size())
      return cursorTime;
    return nextOccupied(cursorTime + 1);
  }

private:
  /// The first time from \p from on (default: after the cursor) whose bucket
  /// holds something; there must be one within the window.
  uint64_t nextOccupied(uint64_t from) const {
    uint64_t words = occupied.size();
    uint64_t b = from & mask;
    uint64_t word = b >> 6;
    uint64_t bits = occupied[word] & (~uint64_t(0) << (b & 63));
    for (uint64_t step = 0; step <= words; ++step) {
      if (bits) {
        uint64_t found = (word << 6) | uint64_t(__builtin_ctzll(bits));
        return from + ((found - b) & mask);
      }
      word = (word + 1) % words;
      bits = occupied[word];
    }
    assert(false && "no occupied bucket");
    return from;
  }
  uint64_t nextOccupied() const { return nextOccupied(cursorTime + 1); }

  LLVM_ATTRIBUTE_NOINLINE void grow(uint64_t span) {
    size_t size = 64;
    while (size < 2 * span)
      size *= 2;
    std::vector<Bucket> next(size);
    std::vector<uint64_t> nextOccupiedBits(size / 64, 0);
    uint64_t nextMask = size - 1;
    for (uint64_t t = cursorTime; t < cursorTime + buckets.size(); ++t) {
      Bucket &bucket = buckets[t & mask];
      for (size_t i = t == cursorTime ? cursorIndex : 0; i < bucket.size();
           ++i) {
        Bucket &to = next[t & nextMask];
        if (to.full())
          to.grow();
        to.append() = bucket[i];
        nextOccupiedBits[(t & nextMask) >> 6] |= uint64_t(1)
                                                 << ((t & nextMask) & 63);
      }
    }
    cursorIndex = 0;
    buckets.swap(next);
    occupied.swap(nextOccupiedBits);
    mask = nextMask;
    window = size;
  }

  std::vector<Bucket> buckets;
  std::vector<uint64_t> occupied; ///< Bit b: bucket b is not empty.
  uint64_t mask = 0;
  uint64_t window = 0; ///< buckets.size(), kept at hand.
  uint64_t cursorTime = 0;
  size_t cursorIndex = 0;
  size_t pending = 0;
  uint64_t nextDue = ~uint64_t(0); ///< Earliest pending time.
};

/// A FIFO of warp ids (seed 000 §4.5's warp queue) in a ring buffer.
class WarpFifo {
public:
  bool empty() const { return head == tail; }
  void push(uint32_t value) {
    if (tail - head == capacity)
      grow();
    ring[tail++ & (capacity - 1)] = value;
  }
  uint32_t pop() { return ring[head++ & (capacity - 1)]; }
  /// The value \p ahead places behind the head (which must exist).
  uint32_t peek(uint64_t ahead = 0) const {
    return ring[(head + ahead) & (capacity - 1)];
  }
  uint64_t size() const { return tail - head; }

private:
  void grow() {
    std::vector<uint32_t> next(ring.empty() ? 64 : 2 * ring.size());
    for (uint64_t i = head; i < tail; ++i)
      next[i - head] = ring[i & (ring.size() - 1)];
    tail -= head;
    head = 0;
    ring.swap(next);
    capacity = ring.size();
  }
  std::vector<uint32_t> ring;
  uint64_t capacity = 0; ///< ring.size(), a power of two (kept at hand).
  uint64_t head = 0, tail = 0;
};

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_TIMINGWHEEL_H

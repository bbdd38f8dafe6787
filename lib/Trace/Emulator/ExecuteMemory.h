//===- ExecuteMemory.h - The interpreter's memory operations ----*- C++ -*-===//
//
// Private to the interpreter (Interpreter.cpp). Address arithmetic with
// several indices, loads, stores, atomics, memcpy/memset and bitcasts
// between shapes. Every access is bounds-checked (Emulator::resolve); a
// handler that fails describes the access in its Fault and returns false.
// An access site's execution is recorded in the thread's log.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EXECUTEMEMORY_H
#define GPURD_LIB_TRACE_EMULATOR_EXECUTEMEMORY_H

#include "EmulatorImpl.h"
#include "ExecuteArithmetic.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gpurd::trace::emu {

/// The value an atomic read-modify-write stores, given the \p old one.
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t atomicResult(AtomicOp op, Kind kind,
                                                   unsigned width, uint64_t old,
                                                   uint64_t value) {
  uint64_t mask = widthMask(width);
  auto floatOp = [&](auto combine) -> uint64_t {
    if (kind == Kind::Double)
      return doubleBits(combine(asDouble(old), asDouble(value)));
    return floatBits(combine(asFloat(old), asFloat(value)));
  };
  switch (op) {
  case AtomicOp::Xchg:
    return value;
  case AtomicOp::Add:
    return (old + value) & mask;
  case AtomicOp::Sub:
    return (old - value) & mask;
  case AtomicOp::And:
    return old & value;
  case AtomicOp::Nand:
    return ~(old & value) & mask;
  case AtomicOp::Or:
    return old | value;
  case AtomicOp::Xor:
    return old ^ value;
  case AtomicOp::Max:
    return signExtend(old, width) >= signExtend(value, width) ? old : value;
  case AtomicOp::Min:
    return signExtend(old, width) <= signExtend(value, width) ? old : value;
  case AtomicOp::UMax:
    return std::max(old, value);
  case AtomicOp::UMin:
    return std::min(old, value);
  case AtomicOp::FAdd:
    return floatOp([](auto a, auto b) { return a + b; });
  case AtomicOp::FSub:
    return floatOp([](auto a, auto b) { return a - b; });
  case AtomicOp::FMax:
    return floatOp([](auto a, auto b) { return std::fmax(a, b); });
  case AtomicOp::FMin:
    return floatOp([](auto a, auto b) { return std::fmin(a, b); });
  case AtomicOp::UIncWrap:
    return old >= value ? 0 : (old + 1) & mask;
  case AtomicOp::UDecWrap:
    return (old == 0 || old > value) ? value : (old - 1) & mask;
  }
  return value;
}

/// GepN: a + sum(terms[c .. c+b)) + imm2.
inline uint64_t Emulator::gepN(const Inst &I, const uint64_t *R) const {
  uint64_t address = R[I.a] + I.imm2;
  const GepTerm *terms = program->gepTerms.data() + I.c;
  for (uint32_t i = 0; i < I.b; ++i)
    address += uint64_t(signExtend(R[terms[i].slot], terms[i].width)) *
               uint64_t(terms[i].scale);
  return address;
}

/// Load1/2/4/8 (Bytes) and LoadN (Bytes = 0: I.width bytes, masked).
template <unsigned Bytes>
inline bool Emulator::load(const Inst &I, uint64_t *R, Thread &thread,
                           uint64_t steps, Fault &fault) {
  uint64_t address = R[I.a];
  uint64_t size = Bytes ? Bytes : I.width;
  uint8_t *p = resolve(address, size, thread);
  if (!p) {
    fault = {address, size, false};
    return false;
  }
  if (LLVM_UNLIKELY(I.flags) && pollUnchanged(thread, I, address)) {
    fault.polling = true;
    return false;
  }
  if constexpr (Bytes == 1) {
    R[I.dst] = *p & I.imm;
  } else if constexpr (Bytes == 2) {
    uint16_t v;
    memcpy(&v, p, 2);
    R[I.dst] = v;
  } else if constexpr (Bytes == 4) {
    uint32_t v;
    memcpy(&v, p, 4);
    R[I.dst] = v;
  } else if constexpr (Bytes == 8) {
    memcpy(&R[I.dst], p, 8);
  } else {
    R[I.dst] = loadBytes(p, I.width) & I.imm;
  }
  if (I.site >= 0) {
    record(thread, I.site, address, steps);
    thread.waitedCycles += loadWait(I);
  }
  return true;
}

/// LoadAgg: the leaves of leafLists[c] into dst...
inline bool Emulator::loadAggregate(const Inst &I, uint64_t *R, Thread &thread,
                                    uint64_t steps, Fault &fault) {
  const LeafList &list = program->leafLists[I.c];
  uint64_t address = R[I.a];
  uint8_t *p = resolve(address, list.totalBytes, thread);
  if (!p) {
    fault = {address, list.totalBytes, false};
    return false;
  }
  if (LLVM_UNLIKELY(I.flags) && pollUnchanged(thread, I, address)) {
    fault.polling = true;
    return false;
  }
  for (size_t i = 0; i < list.leaves.size(); ++i) {
    const Leaf &leaf = list.leaves[i];
    R[I.dst + i] =
        loadBytes(p + leaf.offset, leaf.bytes) & widthMask(leaf.bits);
  }
  if (I.site >= 0) {
    record(thread, I.site, address, steps);
    thread.waitedCycles += loadWait(I);
  }
  return true;
}

/// Store1/2/4/8/N: I.width bytes of b.
inline bool Emulator::store(const Inst &I, uint64_t *R, Thread &thread,
                            uint64_t steps, Fault &fault) {
  uint64_t address = R[I.a];
  uint8_t *p = resolve(address, I.width, thread);
  if (!p) {
    fault = {address, I.width, true};
    return false;
  }
  memcpy(p, &R[I.b], I.width);
  ++writes;
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// StoreAgg: slots b... as the leaves of leafLists[c].
inline bool Emulator::storeAggregate(const Inst &I, uint64_t *R, Thread &thread,
                                     uint64_t steps, Fault &fault) {
  const LeafList &list = program->leafLists[I.c];
  uint64_t address = R[I.a];
  uint8_t *p = resolve(address, list.totalBytes, thread);
  if (!p) {
    fault = {address, list.totalBytes, true};
    return false;
  }
  for (size_t i = 0; i < list.leaves.size(); ++i)
    memcpy(p + list.leaves[i].offset, &R[I.b + i], list.leaves[i].bytes);
  ++writes;
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// AtomicRMW: flags = AtomicOp, width = bits, c = Kind of the value.
inline bool Emulator::atomicRMW(const Inst &I, uint64_t *R, Thread &thread,
                                uint64_t steps, Fault &fault) {
  unsigned bytes = (I.width + 7) / 8;
  uint64_t address = R[I.a];
  uint8_t *p = resolve(address, bytes, thread);
  if (!p) {
    fault = {address, bytes, true};
    return false;
  }
  uint64_t old = loadBytes(p, bytes);
  uint64_t value =
      atomicResult(AtomicOp(I.flags), Kind(I.c), I.width, old, R[I.b]);
  memcpy(p, &value, bytes);
  ++writes;
  R[I.dst] = old;
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// CmpXchg: a = pointer, b = compare, c = new value; dst = old (and
/// dst + 1 = success unless flags).
inline bool Emulator::compareExchange(const Inst &I, uint64_t *R,
                                      Thread &thread, uint64_t steps,
                                      Fault &fault) {
  unsigned bytes = (I.width + 7) / 8;
  uint64_t address = R[I.a];
  uint8_t *p = resolve(address, bytes, thread);
  if (!p) {
    fault = {address, bytes, true};
    return false;
  }
  uint64_t old = loadBytes(p, bytes);
  bool success = old == R[I.b];
  if (success) {
    memcpy(p, &R[I.c], bytes);
    ++writes;
  }
  R[I.dst] = old;
  if (I.flags == 0)
    R[I.dst + 1] = success;
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// MemCpy (a = destination, b = source, c = length) and MemSet (b = byte).
inline bool Emulator::copyOrSet(const Inst &I, uint64_t *R, Thread &thread,
                                uint64_t steps, Fault &fault) {
  uint64_t length = R[I.c];
  uint64_t address = R[I.a];
  if (length) {
    uint8_t *to = resolve(address, length, thread);
    if (!to) {
      fault = {address, length, true};
      return false;
    }
    if (I.op == Op::MemSet) {
      memset(to, int(R[I.b] & 0xff), length);
    } else {
      uint64_t source = R[I.b];
      uint8_t *from = resolve(source, length, thread);
      if (!from) {
        fault = {source, length, false};
        return false;
      }
      memmove(to, from, length);
    }
    ++writes;
  }
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// Repack: slots a... reinterpreted from repacks[c].from to .to; false if
/// the value is too large.
inline bool Emulator::repack(const Inst &I, uint64_t *R) const {
  const Repack &shapes = program->repacks[I.c];
  uint8_t bytes[512] = {};
  if (shapes.from.totalBytes > sizeof(bytes))
    return false;
  for (size_t i = 0; i < shapes.from.leaves.size(); ++i)
    memcpy(bytes + shapes.from.leaves[i].offset, &R[I.a + i],
           shapes.from.leaves[i].bytes);
  for (size_t i = 0; i < shapes.to.leaves.size(); ++i)
    R[I.dst + i] = loadBytes(bytes + shapes.to.leaves[i].offset,
                             shapes.to.leaves[i].bytes) &
                   widthMask(shapes.to.leaves[i].bits);
  return true;
}

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_EXECUTEMEMORY_H

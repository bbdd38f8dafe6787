//===- ExecuteArithmetic.h - The interpreter's value operations -*- C++ -*-===//
//
// Private to the interpreter (Interpreter.cpp). Operations that compute one
// slot from their operand slots: integer and floating-point arithmetic,
// comparisons, conversions, select, address arithmetic and vector
// elements. Each is a function template over its opcode, so the
// interpreter's switch has a case per opcode with the operation inlined
// (GPURD_EMULATOR_VALUE_OPS lists them with their function).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EXECUTEARITHMETIC_H
#define GPURD_LIB_TRACE_EMULATOR_EXECUTEARITHMETIC_H

#include "Program.h"

#include "llvm/Support/Compiler.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gpurd::trace::emu {

/// The opcodes whose result is `Evaluate<Op>(inst, registers)` in slot
/// dst, as X(Op, Evaluate).
#define GPURD_EMULATOR_VALUE_OPS(X)                                            \
  X(Move, integerArithmetic)                                                   \
  X(Add, integerArithmetic)                                                    \
  X(Sub, integerArithmetic)                                                    \
  X(Mul, integerArithmetic)                                                    \
  X(UDiv, integerArithmetic)                                                   \
  X(URem, integerArithmetic)                                                   \
  X(SDiv, integerArithmetic)                                                   \
  X(SRem, integerArithmetic)                                                   \
  X(Shl, integerArithmetic)                                                    \
  X(LShr, integerArithmetic)                                                   \
  X(AShr, integerArithmetic)                                                   \
  X(And, integerArithmetic)                                                    \
  X(Or, integerArithmetic)                                                     \
  X(Xor, integerArithmetic)                                                    \
  X(Select, integerArithmetic)                                                 \
  X(ICmpEq, integerComparison)                                                 \
  X(ICmpNe, integerComparison)                                                 \
  X(ICmpUlt, integerComparison)                                                \
  X(ICmpUle, integerComparison)                                                \
  X(ICmpUgt, integerComparison)                                                \
  X(ICmpUge, integerComparison)                                                \
  X(ICmpSlt, integerComparison)                                                \
  X(ICmpSle, integerComparison)                                                \
  X(ICmpSgt, integerComparison)                                                \
  X(ICmpSge, integerComparison)                                                \
  X(Trunc, conversion)                                                         \
  X(SExt, conversion)                                                          \
  X(PtrToInt, conversion)                                                      \
  X(IntToPtr, conversion)                                                      \
  X(FConv, conversion)                                                         \
  X(FPToSI, conversion)                                                        \
  X(FPToUI, conversion)                                                        \
  X(SIToFP, conversion)                                                        \
  X(UIToFP, conversion)                                                        \
  X(FAdd32, floatArithmetic)                                                   \
  X(FSub32, floatArithmetic)                                                   \
  X(FMul32, floatArithmetic)                                                   \
  X(FDiv32, floatArithmetic)                                                   \
  X(FRem32, floatArithmetic)                                                   \
  X(FNeg32, floatArithmetic)                                                   \
  X(FAdd64, floatArithmetic)                                                   \
  X(FSub64, floatArithmetic)                                                   \
  X(FMul64, floatArithmetic)                                                   \
  X(FDiv64, floatArithmetic)                                                   \
  X(FRem64, floatArithmetic)                                                   \
  X(FNeg64, floatArithmetic)                                                   \
  X(FArith16, floatArithmetic)                                                 \
  X(FCmp, floatArithmetic)                                                     \
  X(Gep1, elementAccess)                                                       \
  X(ExtractDyn, elementAccess)

inline uint64_t loadBytes(const uint8_t *p, unsigned bytes) {
  uint64_t value = 0;
  memcpy(&value, p, bytes);
  return value;
}

inline uint64_t convertFloat(uint64_t bits, Kind from, Kind to) {
  if (from == Kind::Float && to == Kind::Double)
    return doubleBits(double(asFloat(bits)));
  if (from == Kind::Double && to == Kind::Float)
    return floatBits(float(asDouble(bits)));
  if (to == Kind::Half)
    return floatToHalf(float(toDouble(bits, from)));
  return fromDouble(toDouble(bits, from), to);
}

inline uint64_t intToFloat(uint64_t value, bool isSigned, unsigned width,
                           Kind to) {
  if (isSigned) {
    int64_t v = signExtend(value, width);
    switch (to) {
    case Kind::Float:
      return floatBits(float(v));
    case Kind::Double:
      return doubleBits(double(v));
    default:
      return floatToHalf(float(v));
    }
  }
  switch (to) {
  case Kind::Float:
    return floatBits(float(value));
  case Kind::Double:
    return doubleBits(double(value));
  default:
    return floatToHalf(float(value));
  }
}

template <typename T> inline bool compareFloat(T x, T y, unsigned predicate) {
  if (std::isnan(x) || std::isnan(y))
    return (predicate >> 3) & 1;
  return ((predicate & 1) && x == y) || ((predicate & 2) && x > y) ||
         ((predicate & 4) && x < y);
}

/// Integer arithmetic (imm: the mask of the width), moves and select.
template <Op O>
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t integerArithmetic(const Inst &I,
                                                        const uint64_t *R) {
  switch (O) {
  case Op::Move:
    return R[I.a];
  case Op::Add:
    return (R[I.a] + R[I.b]) & I.imm;
  case Op::Sub:
    return (R[I.a] - R[I.b]) & I.imm;
  case Op::Mul:
    return (R[I.a] * R[I.b]) & I.imm;
  case Op::UDiv: {
    uint64_t b = R[I.b];
    return b ? R[I.a] / b : I.imm;
  }
  case Op::URem: {
    uint64_t b = R[I.b];
    return b ? R[I.a] % b : R[I.a];
  }
  case Op::SDiv: {
    int64_t a = signExtend(R[I.a], I.width), b = signExtend(R[I.b], I.width);
    return (b == 0      ? ~0ull
            : (b == -1) ? uint64_t(0) - uint64_t(a)
                        : uint64_t(a / b)) &
           I.imm;
  }
  case Op::SRem: {
    int64_t a = signExtend(R[I.a], I.width), b = signExtend(R[I.b], I.width);
    return (b == 0 ? uint64_t(a) : b == -1 ? 0 : uint64_t(a % b)) & I.imm;
  }
  case Op::Shl: {
    uint64_t n = R[I.b];
    return n < I.width ? (R[I.a] << n) & I.imm : 0;
  }
  case Op::LShr: {
    uint64_t n = R[I.b];
    return n < I.width ? R[I.a] >> n : 0;
  }
  case Op::AShr: {
    uint64_t n = std::min<uint64_t>(R[I.b], I.width - 1);
    return uint64_t(signExtend(R[I.a], I.width) >> n) & I.imm;
  }
  case Op::And:
    return R[I.a] & R[I.b];
  case Op::Or:
    return R[I.a] | R[I.b];
  case Op::Xor:
    return R[I.a] ^ R[I.b];
  case Op::Select:
    return (R[I.c] & 1) ? R[I.a] : R[I.b];
  default:
    llvm_unreachable("not an integer operation");
  }
}

/// Integer comparisons (width: the bit width of signed operands).
template <Op O>
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t integerComparison(const Inst &I,
                                                        const uint64_t *R) {
  switch (O) {
  case Op::ICmpEq:
    return R[I.a] == R[I.b];
  case Op::ICmpNe:
    return R[I.a] != R[I.b];
  case Op::ICmpUlt:
    return R[I.a] < R[I.b];
  case Op::ICmpUle:
    return R[I.a] <= R[I.b];
  case Op::ICmpUgt:
    return R[I.a] > R[I.b];
  case Op::ICmpUge:
    return R[I.a] >= R[I.b];
  case Op::ICmpSlt:
    return signExtend(R[I.a], I.width) < signExtend(R[I.b], I.width);
  case Op::ICmpSle:
    return signExtend(R[I.a], I.width) <= signExtend(R[I.b], I.width);
  case Op::ICmpSgt:
    return signExtend(R[I.a], I.width) > signExtend(R[I.b], I.width);
  case Op::ICmpSge:
    return signExtend(R[I.a], I.width) >= signExtend(R[I.b], I.width);
  default:
    llvm_unreachable("not an integer comparison");
  }
}

/// Casts between integers, pointers and floating-point kinds (Program.h
/// describes the fields each uses).
template <Op O>
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t conversion(const Inst &I,
                                                 const uint64_t *R) {
  switch (O) {
  case Op::Trunc:
    return R[I.a] & I.imm;
  case Op::SExt:
    return uint64_t(signExtend(R[I.a], I.width)) & I.imm;
  case Op::PtrToInt:
    return (I.flags ? R[I.a] & OffsetMask : R[I.a]) & I.imm;
  case Op::IntToPtr:
    return I.flags ? (R[I.a] & OffsetMask) | I.imm : R[I.a];
  case Op::FConv:
    return convertFloat(R[I.a], Kind(I.flags), Kind(I.width));
  case Op::FPToSI:
    return uint64_t(
               toSignedSaturated(toDouble(R[I.a], Kind(I.flags)), I.width)) &
           widthMask(I.width);
  case Op::FPToUI:
    return toUnsignedSaturated(toDouble(R[I.a], Kind(I.flags)), I.width);
  case Op::SIToFP:
    return intToFloat(R[I.a], true, I.width, Kind(I.flags));
  case Op::UIToFP:
    return intToFloat(R[I.a], false, I.width, Kind(I.flags));
  default:
    llvm_unreachable("not a conversion");
  }
}

/// Half arithmetic (flags: 0 add 1 sub 2 mul 3 div 4 rem 5 neg), computed
/// in float.
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t halfArithmetic(const Inst &I,
                                                     const uint64_t *R) {
  float x = halfToFloat(uint16_t(R[I.a])), y = halfToFloat(uint16_t(R[I.b]));
  float r = 0;
  switch (I.flags) {
  case 0:
    r = x + y;
    break;
  case 1:
    r = x - y;
    break;
  case 2:
    r = x * y;
    break;
  case 3:
    r = x / y;
    break;
  case 4:
    r = std::fmod(x, y);
    break;
  default:
    r = -x;
    break;
  }
  return I.flags == 5 ? R[I.a] ^ 0x8000 : floatToHalf(r);
}

/// Floating-point arithmetic and comparisons (FCmp: flags = Kind, width =
/// predicate).
template <Op O>
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t floatArithmetic(const Inst &I,
                                                      const uint64_t *R) {
  switch (O) {
  case Op::FAdd32:
    return floatBits(asFloat(R[I.a]) + asFloat(R[I.b]));
  case Op::FSub32:
    return floatBits(asFloat(R[I.a]) - asFloat(R[I.b]));
  case Op::FMul32:
    return floatBits(asFloat(R[I.a]) * asFloat(R[I.b]));
  case Op::FDiv32:
    return floatBits(asFloat(R[I.a]) / asFloat(R[I.b]));
  case Op::FRem32:
    return floatBits(std::fmod(asFloat(R[I.a]), asFloat(R[I.b])));
  case Op::FNeg32:
    return R[I.a] ^ 0x80000000u;
  case Op::FAdd64:
    return doubleBits(asDouble(R[I.a]) + asDouble(R[I.b]));
  case Op::FSub64:
    return doubleBits(asDouble(R[I.a]) - asDouble(R[I.b]));
  case Op::FMul64:
    return doubleBits(asDouble(R[I.a]) * asDouble(R[I.b]));
  case Op::FDiv64:
    return doubleBits(asDouble(R[I.a]) / asDouble(R[I.b]));
  case Op::FRem64:
    return doubleBits(std::fmod(asDouble(R[I.a]), asDouble(R[I.b])));
  case Op::FNeg64:
    return R[I.a] ^ 0x8000000000000000ull;
  case Op::FArith16:
    return halfArithmetic(I, R);
  case Op::FCmp: {
    Kind kind = Kind(I.flags);
    if (kind == Kind::Float)
      return compareFloat(asFloat(R[I.a]), asFloat(R[I.b]), I.width);
    return compareFloat(toDouble(R[I.a], kind), toDouble(R[I.b], kind),
                        I.width);
  }
  default:
    llvm_unreachable("not a floating-point operation");
  }
}

/// One-index address arithmetic and dynamic vector element reads.
template <Op O>
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t elementAccess(const Inst &I,
                                                    const uint64_t *R) {
  switch (O) {
  case Op::Gep1: // a + sext(b, width) * imm + imm2
    return R[I.a] + uint64_t(signExtend(R[I.b], I.width)) * I.imm + I.imm2;
  case Op::ExtractDyn: {
    uint64_t index = R[I.b];
    return index < I.imm ? R[I.a + index] : 0;
  }
  default:
    llvm_unreachable("not an element access");
  }
}

/// InsertDyn: dst..dst+imm = a..; dst[R[c]] = b.
LLVM_ATTRIBUTE_ALWAYS_INLINE void insertElement(const Inst &I, uint64_t *R) {
  for (uint32_t i = 0; i < I.imm; ++i)
    R[I.dst + i] = R[I.a + i];
  uint64_t index = R[I.c];
  if (index < I.imm)
    R[I.dst + index] = R[I.b];
}

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_EXECUTEARITHMETIC_H

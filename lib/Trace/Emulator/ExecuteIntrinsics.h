//===- ExecuteIntrinsics.h - The interpreter's intrinsic calls --*- C++ -*-===//
//
// Private to the interpreter (Interpreter.cpp). What the decoder made of
// intrinsics and library calls: scalar functions (Call3), special
// registers, arithmetic with overflow, libdevice functions that store
// through pointers (sincos, modf, frexp) and 1-D texture fetches.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EXECUTEINTRINSICS_H
#define GPURD_LIB_TRACE_EMULATOR_EXECUTEINTRINSICS_H

#include "EmulatorImpl.h"
#include "ExecuteArithmetic.h"

#include <cmath>
#include <cstring>

namespace gpurd::trace::emu {

/// Call3: dst = fn(a, b, c, width), fn = imm.
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t callScalar(const Inst &I,
                                                 const uint64_t *R) {
  return reinterpret_cast<ScalarFn>(I.imm)(R[I.a], R[I.b], R[I.c], I.width);
}

/// WithOverflow: the result of \p op on \p width bits, and whether it
/// overflowed.
LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t withOverflow(OverflowOp op,
                                                   unsigned width, uint64_t a,
                                                   uint64_t b, bool &overflow) {
  uint64_t mask = widthMask(width);
  __int128 sa = signExtend(a, width), sb = signExtend(b, width);
  __int128 low = -(__int128(1) << (width - 1)),
           high = (__int128(1) << (width - 1)) - 1;
  unsigned __int128 ua = a, ub = b, umax = mask;
  switch (op) {
  case OverflowOp::SAdd: {
    __int128 r = sa + sb;
    overflow = r < low || r > high;
    return uint64_t(r) & mask;
  }
  case OverflowOp::SSub: {
    __int128 r = sa - sb;
    overflow = r < low || r > high;
    return uint64_t(r) & mask;
  }
  case OverflowOp::SMul: {
    // May overflow __int128 only for 64-bit operands near the limits.
    __int128 r;
    overflow = __builtin_mul_overflow(sa, sb, &r) || r < low || r > high;
    return uint64_t(sa * sb) & mask;
  }
  case OverflowOp::UAdd:
    overflow = ua + ub > umax;
    return (a + b) & mask;
  case OverflowOp::USub:
    overflow = a < b;
    return (a - b) & mask;
  case OverflowOp::UMul: {
    unsigned __int128 r = ua * ub;
    overflow = r > umax;
    return uint64_t(r) & mask;
  }
  }
  return 0;
}

/// WithOverflow: dst = the result, dst + 1 = the overflow bit.
LLVM_ATTRIBUTE_ALWAYS_INLINE void overflowArithmetic(const Inst &I,
                                                     uint64_t *R) {
  bool overflow = false;
  R[I.dst] =
      withOverflow(OverflowOp(I.flags), I.width, R[I.a], R[I.b], overflow);
  R[I.dst + 1] = overflow;
}

/// SReg: the special register imm (masked to width bits).
inline uint64_t Emulator::specialRegister(const Inst &I, const Thread &thread,
                                          uint64_t steps) const {
  uint64_t value = 0;
  switch (SpecialRegister(I.imm)) {
  case SpecialRegister::TidX:
    value = thread.index[0];
    break;
  case SpecialRegister::TidY:
    value = thread.index[1];
    break;
  case SpecialRegister::TidZ:
    value = thread.index[2];
    break;
  case SpecialRegister::NtidX:
    value = traceLaunch.block[0];
    break;
  case SpecialRegister::NtidY:
    value = traceLaunch.block[1];
    break;
  case SpecialRegister::NtidZ:
    value = traceLaunch.block[2];
    break;
  case SpecialRegister::CtaidX:
    value = blockIndex[0];
    break;
  case SpecialRegister::CtaidY:
    value = blockIndex[1];
    break;
  case SpecialRegister::CtaidZ:
    value = blockIndex[2];
    break;
  case SpecialRegister::NctaidX:
    value = traceLaunch.grid[0];
    break;
  case SpecialRegister::NctaidY:
    value = traceLaunch.grid[1];
    break;
  case SpecialRegister::NctaidZ:
    value = traceLaunch.grid[2];
    break;
  case SpecialRegister::WarpSize:
    value = WarpSize;
    break;
  case SpecialRegister::LaneId:
    value = thread.lane;
    break;
  case SpecialRegister::WarpId:
    value = thread.warp;
    break;
  case SpecialRegister::NWarpId:
    value = traceLaunch.warpsPerBlock();
    break;
  case SpecialRegister::SmId:
    value = 0;
    break;
  case SpecialRegister::NSmId:
    value = 1;
    break;
  case SpecialRegister::Clock:
  case SpecialRegister::Clock64:
    // A cycle an instruction and each load's least wait
    // (EmulatorOptions::loadCycles): a loop that spins until clock() passes
    // a timeout runs about as many iterations as on the GPU, not one an
    // instruction (the CUDA samples' p2pBandwidthLatencyTest's delay kernel
    // ran 1.4 M iterations of a 10 M-cycle timeout).
    value = steps + thread.waitedCycles;
    break;
  case SpecialRegister::LanemaskEq:
    value = 1u << thread.lane;
    break;
  case SpecialRegister::LanemaskLt:
    value = (1u << thread.lane) - 1;
    break;
  case SpecialRegister::LanemaskLe:
    value = uint32_t((2ull << thread.lane) - 1);
    break;
  case SpecialRegister::LanemaskGt:
    value = ~uint32_t((2ull << thread.lane) - 1);
    break;
  case SpecialRegister::LanemaskGe:
    value = ~((1u << thread.lane) - 1);
    break;
  case SpecialRegister::Zero:
    value = 0;
    break;
  }
  return value & widthMask(I.width);
}

/// MathStore (flags = MathStoreKind): sincos stores through b and c, modf
/// and frexp return a value and store through b.
inline bool Emulator::mathStore(const Inst &I, uint64_t *R, Thread &thread,
                                Fault &fault) {
  MathStoreKind kind = MathStoreKind(I.flags);
  bool isFloat = kind == MathStoreKind::SinCosF ||
                 kind == MathStoreKind::SinCosPiF ||
                 kind == MathStoreKind::ModfF || kind == MathStoreKind::FrexpF;
  double x = isFloat ? double(asFloat(R[I.a])) : asDouble(R[I.a]);
  unsigned bytes = isFloat ? 4 : 8;
  auto bitsOf = [&](double v) {
    return isFloat ? floatBits(float(v)) : doubleBits(v);
  };
  auto storeTo = [&](uint64_t address, uint64_t value, unsigned size) -> bool {
    uint8_t *p = resolve(address, size, thread);
    if (!p)
      return false;
    memcpy(p, &value, size);
    ++writes;
    return true;
  };
  bool ok = true;
  uint64_t badAddress = 0;
  switch (kind) {
  case MathStoreKind::SinCosF:
  case MathStoreKind::SinCosD:
  case MathStoreKind::SinCosPiF:
  case MathStoreKind::SinCosPiD: {
    bool pi =
        kind == MathStoreKind::SinCosPiF || kind == MathStoreKind::SinCosPiD;
    double angle = pi ? x * 3.14159265358979323846 : x;
    double s = isFloat ? std::sin(float(angle)) : std::sin(angle);
    double c = isFloat ? std::cos(float(angle)) : std::cos(angle);
    if (!storeTo(R[I.b], bitsOf(s), bytes))
      ok = false, badAddress = R[I.b];
    else if (!storeTo(R[I.c], bitsOf(c), bytes))
      ok = false, badAddress = R[I.c];
    break;
  }
  case MathStoreKind::ModfF:
  case MathStoreKind::ModfD: {
    double whole = std::trunc(x);
    R[I.dst] = bitsOf(std::isinf(x) ? std::copysign(0.0, x) : x - whole);
    if (!storeTo(R[I.b], bitsOf(whole), bytes))
      ok = false, badAddress = R[I.b];
    break;
  }
  case MathStoreKind::FrexpF:
  case MathStoreKind::FrexpD: {
    int exponent = 0;
    double mantissa = std::frexp(x, &exponent);
    R[I.dst] = bitsOf(mantissa);
    if (!storeTo(R[I.b], uint32_t(exponent), 4))
      ok = false, badAddress = R[I.b];
    break;
  }
  }
  if (!ok)
    fault = {badAddress, bytes, true};
  return ok;
}

/// TexFetch (c = index into textures): texel x of the bound buffer, zeros
/// outside it; false if the handle names no bound texture.
inline bool Emulator::fetchTexture(const Inst &I, uint64_t *R, Thread &thread,
                                   uint64_t steps) {
  const TextureFetch &fetch = program->textures[I.c];
  uint64_t handle = R[fetch.handle];
  const BoundTexture *texture = nullptr;
  for (const BoundTexture &bound : textures)
    if (bound.handle == handle)
      texture = &bound;
  if (!texture)
    return false;
  fetchedNullTexture |= handle == NullTextureHandle;
  // Texel coordinates: integers, or the floor of floats (a NaN or huge one
  // is outside any buffer: converting it to an integer would be undefined).
  std::array<int64_t, 4> c = {};
  for (unsigned i = 0; i < fetch.coordinateCount; ++i) {
    uint64_t bits = R[fetch.coordinates[i]];
    if (fetch.floatCoordinate[i]) {
      double f = std::floor(asFloat(bits));
      c[i] = f >= -0x1p62 && f < 0x1p62 ? int64_t(f) : -1;
    } else {
      c[i] = signExtend(bits, 32);
    }
  }
  if (fetch.surface)
    return accessSurface(I, fetch, *texture, c, R, thread, steps);
  // A default texture's texel is as large as the site's access (a float4
  // fetch reads 16 bytes, a float fetch 4).
  uint64_t texelBytes = texture->texelBytes;
  if (!texelBytes)
    texelBytes = I.site >= 0 ? model.sites[I.site].sizeBytes : 4;
  // 1-D: texel x. More dimensions: a nominal row-major layout of rows of
  // 1024 texels and planes of 1024 rows, within the texture's span (the
  // GPU's block-linear layout is not modelled; the cache model does not
  // count texture fetches).
  int64_t x = c[0];
  if (fetch.coordinateCount > 1) {
    uint64_t linear = uint64_t(c[0]) + (uint64_t(c[1]) << 10) +
                      (uint64_t(c[2]) << 20) + (uint64_t(c[3]) << 30);
    x = int64_t(linear % (UnknownBufferSpan / texelBytes));
  }
  uint64_t address = texture->base + uint64_t(x) * texelBytes;
  const uint8_t *texel = nullptr;
  if (texture->buffer && fetch.coordinateCount == 1 && x >= 0 &&
      uint64_t(x) < texture->buffer->size / texelBytes)
    texel = texture->buffer->data + uint64_t(x) * texelBytes;
  unsigned componentBytes =
      texture->buffer ? texture->texelBytes / texture->components : 4;
  for (unsigned i = 0; i < fetch.resultSlots; ++i) {
    uint64_t value = 0;
    if (texel && i < texture->components) {
      value = loadBytes(texel + i * componentBytes, componentBytes);
      if (fetch.resultKind == Kind::Float && componentBytes == 2)
        value = floatBits(halfToFloat(uint16_t(value)));
      else if (fetch.signedResult)
        value = uint32_t(signExtend(value, componentBytes * 8));
    }
    R[I.dst + i] = value;
  }
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

/// A surface store or load at byte x of row y of plane z, in the nominal
/// row-major layout of fetchTexture (rows of 1024 elements of the access's
/// size), within the surface's span; loads give zeros (the surface's
/// contents are not kept).
inline bool Emulator::accessSurface(const Inst &I, const TextureFetch &fetch,
                                    const BoundTexture &surface,
                                    const std::array<int64_t, 4> &c,
                                    uint64_t *R, Thread &thread,
                                    uint64_t steps) {
  uint64_t rowBytes = uint64_t(1024) * std::max(fetch.accessBytes, 1u);
  uint64_t linear = uint64_t(c[0]) + uint64_t(c[1]) * rowBytes +
                    uint64_t(c[2]) * rowBytes * 1024;
  uint64_t address = surface.base + linear % UnknownBufferSpan;
  for (unsigned i = 0; i < fetch.resultSlots; ++i)
    R[I.dst + i] = 0;
  if (I.site >= 0)
    record(thread, I.site, address, steps);
  return true;
}

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_EXECUTEINTRINSICS_H

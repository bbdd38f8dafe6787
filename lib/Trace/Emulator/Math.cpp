//===- Math.cpp - libdevice and intrinsic math for the emulator -----------===//
//
// The kernel's device IR calls libdevice (`__nv_sinf`, `__nv_popc`, ...;
// gpurd compiles with -nocudalib, so they stay declarations) and LLVM/NVVM
// math intrinsics. Each becomes a ScalarFn over raw slot bits, computed
// with <cmath> on the host. Rounding-mode variants (`_rz`, `_ru`, `.rm`)
// round to nearest except where the rounding mode is the point (float to
// integer conversions); approximate variants (`__nv_fast_*`, `.approx`)
// are computed exactly.
//
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Type.h"

#include <cmath>
#include <limits>

namespace gpurd::trace::emu {

float halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  uint32_t out;
  if (exponent == 0x1f) {
    out = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent == 0) {
    if (mantissa == 0) {
      out = sign;
    } else {
      // Subnormal: normalise.
      int shift = 0;
      while (!(mantissa & 0x400)) {
        mantissa <<= 1;
        ++shift;
      }
      mantissa &= 0x3ff;
      out = sign | uint32_t(127 - 15 - shift + 1) << 23 | (mantissa << 13);
    }
  } else {
    out = sign | (exponent + 127 - 15) << 23 | (mantissa << 13);
  }
  float f;
  __builtin_memcpy(&f, &out, 4);
  return f;
}

uint16_t floatToHalf(float value) {
  uint32_t bits;
  __builtin_memcpy(&bits, &value, 4);
  uint16_t sign = uint16_t((bits >> 16) & 0x8000);
  uint32_t exponent = (bits >> 23) & 0xff;
  uint32_t mantissa = bits & 0x7fffff;
  if (exponent == 0xff) // Inf or NaN
    return sign | 0x7c00 | (mantissa ? 0x200 | (mantissa >> 13) : 0);
  int e = int(exponent) - 127 + 15;
  if (e >= 0x1f)
    return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10)
      return sign;
    mantissa |= 0x800000;
    unsigned shift = unsigned(14 - e);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1)))
      ++half;
    return sign | uint16_t(half);
  }
  uint32_t half = uint32_t(e) << 10 | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is right (rounds to Inf)
  return sign | uint16_t(half);
}

int64_t toSignedSaturated(double value, unsigned width) {
  if (std::isnan(value))
    return 0;
  double low = -std::ldexp(1.0, int(width) - 1);
  double high = std::ldexp(1.0, int(width) - 1);
  if (value <= low)
    return int64_t(width >= 64 ? std::numeric_limits<int64_t>::min()
                               : -(int64_t(1) << (width - 1)));
  if (value >= high)
    return width >= 64 ? std::numeric_limits<int64_t>::max()
                       : (int64_t(1) << (width - 1)) - 1;
  return int64_t(value);
}

uint64_t toUnsignedSaturated(double value, unsigned width) {
  if (std::isnan(value) || value <= 0)
    return 0;
  if (value >= std::ldexp(1.0, int(width)))
    return widthMask(width);
  return uint64_t(value);
}

namespace {

using llvm::StringRef;

constexpr double Pi = 3.14159265358979323846;

// Function generators over raw slot bits. `x`, `y`, `z` are the operands as
// float/double; integer functions see a, b, c and the width w.
#define F1(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t, uint64_t, unsigned) {                    \
    float x = asFloat(a);                                                      \
    (void)x;                                                                   \
    return floatBits(float(EXPR));                                             \
  }
#define D1(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t, uint64_t, unsigned) {                    \
    double x = asDouble(a);                                                    \
    (void)x;                                                                   \
    return doubleBits(double(EXPR));                                           \
  }
#define H1(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t, uint64_t, unsigned) {                    \
    float x = halfToFloat(uint16_t(a));                                        \
    (void)x;                                                                   \
    return floatToHalf(float(EXPR));                                           \
  }
#define F2(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t, unsigned) {                  \
    float x = asFloat(a), y = asFloat(b);                                      \
    (void)x;                                                                   \
    (void)y;                                                                   \
    return floatBits(float(EXPR));                                             \
  }
#define D2(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t, unsigned) {                  \
    double x = asDouble(a), y = asDouble(b);                                   \
    (void)x;                                                                   \
    (void)y;                                                                   \
    return doubleBits(double(EXPR));                                           \
  }
#define H2(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t, unsigned) {                  \
    float x = halfToFloat(uint16_t(a)), y = halfToFloat(uint16_t(b));          \
    (void)x;                                                                   \
    (void)y;                                                                   \
    return floatToHalf(float(EXPR));                                           \
  }
#define F3(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t c, unsigned) {                \
    float x = asFloat(a), y = asFloat(b), z = asFloat(c);                      \
    return floatBits(float(EXPR));                                             \
  }
#define D3(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t c, unsigned) {                \
    double x = asDouble(a), y = asDouble(b), z = asDouble(c);                  \
    return doubleBits(double(EXPR));                                           \
  }
#define H3(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t c, unsigned) {                \
    float x = halfToFloat(uint16_t(a)), y = halfToFloat(uint16_t(b)),          \
          z = halfToFloat(uint16_t(c));                                        \
    return floatToHalf(float(EXPR));                                           \
  }
/// Float with an integer second operand (powi, ldexp).
#define FI(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t, unsigned) {                  \
    float x = asFloat(a);                                                      \
    int n = int(int32_t(uint32_t(b)));                                         \
    return floatBits(float(EXPR));                                             \
  }
#define DI(NAME, EXPR)                                                         \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t, unsigned) {                  \
    double x = asDouble(a);                                                    \
    int n = int(int32_t(uint32_t(b)));                                         \
    return doubleBits(double(EXPR));                                           \
  }
/// Float operand, integer result.
#define FToI(NAME, EXPR)                                                       \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t, uint64_t, unsigned) {                    \
    float x = asFloat(a);                                                      \
    return uint64_t(EXPR);                                                     \
  }
#define DToI(NAME, EXPR)                                                       \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t, uint64_t, unsigned) {                    \
    double x = asDouble(a);                                                    \
    return uint64_t(EXPR);                                                     \
  }
#define INT(NAME, EXPR)                                                        \
  [[maybe_unused]] uint64_t NAME(uint64_t a, uint64_t b, uint64_t c, unsigned w) {              \
    (void)a;                                                                   \
    (void)b;                                                                   \
    (void)c;                                                                   \
    (void)w;                                                                   \
    return uint64_t(EXPR);                                                     \
  }

// One-operand functions in float, double and (for the intrinsics) half.
#define MATH1(N, EXPR) F1(f_##N, EXPR) D1(d_##N, EXPR) H1(h_##N, EXPR)
MATH1(sin, std::sin(x))
MATH1(cos, std::cos(x))
MATH1(tan, std::tan(x))
MATH1(asin, std::asin(x))
MATH1(acos, std::acos(x))
MATH1(atan, std::atan(x))
MATH1(sinh, std::sinh(x))
MATH1(cosh, std::cosh(x))
MATH1(tanh, std::tanh(x))
MATH1(asinh, std::asinh(x))
MATH1(acosh, std::acosh(x))
MATH1(atanh, std::atanh(x))
MATH1(exp, std::exp(x))
MATH1(exp2, std::exp2(x))
MATH1(exp10, std::pow(decltype(x)(10), x))
MATH1(expm1, std::expm1(x))
MATH1(log, std::log(x))
MATH1(log2, std::log2(x))
MATH1(log10, std::log10(x))
MATH1(log1p, std::log1p(x))
MATH1(logb, std::logb(x))
MATH1(sqrt, std::sqrt(x))
MATH1(rsqrt, decltype(x)(1) / std::sqrt(x))
MATH1(cbrt, std::cbrt(x))
MATH1(rcbrt, decltype(x)(1) / std::cbrt(x))
MATH1(fabs, std::fabs(x))
MATH1(floor, std::floor(x))
MATH1(ceil, std::ceil(x))
MATH1(trunc, std::trunc(x))
MATH1(round, std::round(x))
MATH1(rint, std::nearbyint(x))
MATH1(erf, std::erf(x))
MATH1(erfc, std::erfc(x))
MATH1(lgamma, std::lgamma(x))
MATH1(tgamma, std::tgamma(x))
MATH1(sinpi, std::sin(decltype(x)(Pi) * x))
MATH1(cospi, std::cos(decltype(x)(Pi) * x))
MATH1(rcp, decltype(x)(1) / x)
MATH1(saturate, std::isnan(x) ? decltype(x)(0)
                              : std::fmin(std::fmax(x, decltype(x)(0)),
                                          decltype(x)(1)))
MATH1(canonicalize, x)
MATH1(identity, x)

#define MATH2(N, EXPR) F2(f_##N, EXPR) D2(d_##N, EXPR) H2(h_##N, EXPR)
MATH2(pow, std::pow(x, y))
MATH2(atan2, std::atan2(x, y))
MATH2(fmod, std::fmod(x, y))
MATH2(remainder, std::remainder(x, y))
MATH2(fmin, std::fmin(x, y))
MATH2(fmax, std::fmax(x, y))
MATH2(minimum, std::isnan(x) || std::isnan(y) ? x + y : std::fmin(x, y))
MATH2(maximum, std::isnan(x) || std::isnan(y) ? x + y : std::fmax(x, y))
MATH2(copysign, std::copysign(x, y))
MATH2(hypot, std::hypot(x, y))
MATH2(fdim, std::fdim(x, y))
MATH2(nextafter, std::nextafter(x, y))
MATH2(add, x + y)
MATH2(sub, x - y)
MATH2(mul, x * y)
MATH2(div, x / y)

#define MATH3(N, EXPR) F3(f_##N, EXPR) D3(d_##N, EXPR) H3(h_##N, EXPR)
MATH3(fma, std::fma(x, y, z))

FI(f_powi, std::pow(x, float(n)))
DI(d_powi, std::pow(x, double(n)))
FI(f_ldexp, std::ldexp(x, n))
DI(d_ldexp, std::ldexp(x, n))
uint64_t h_powi(uint64_t a, uint64_t b, uint64_t, unsigned) {
  return floatToHalf(std::pow(halfToFloat(uint16_t(a)), float(int32_t(b))));
}

FToI(f_isnan, std::isnan(x))
DToI(d_isnan, std::isnan(x))
FToI(f_isinf, std::isinf(x))
DToI(d_isinf, std::isinf(x))
FToI(f_isfinite, std::isfinite(x))
DToI(d_isfinite, std::isfinite(x))
FToI(f_signbit, std::signbit(x))
DToI(d_signbit, std::signbit(x))
FToI(f_ilogb, uint32_t(std::ilogb(x)))
DToI(d_ilogb, uint32_t(std::ilogb(x)))

// Float to integer conversions with the rounding mode of the name.
#define CONVERT(N, ROUND)                                                      \
  FToI(f2i_##N, uint32_t(toSignedSaturated(ROUND(double(x)), 32)))            \
  FToI(f2u_##N, uint32_t(toUnsignedSaturated(ROUND(double(x)), 32)))          \
  FToI(f2ll_##N, uint64_t(toSignedSaturated(ROUND(double(x)), 64)))           \
  FToI(f2ull_##N, toUnsignedSaturated(ROUND(double(x)), 64))                  \
  DToI(d2i_##N, uint32_t(toSignedSaturated(ROUND(x), 32)))                    \
  DToI(d2u_##N, uint32_t(toUnsignedSaturated(ROUND(x), 32)))                  \
  DToI(d2ll_##N, uint64_t(toSignedSaturated(ROUND(x), 64)))                   \
  DToI(d2ull_##N, toUnsignedSaturated(ROUND(x), 64))
double roundNearest(double x) { return std::nearbyint(x); }
double roundZero(double x) { return std::trunc(x); }
double roundUp(double x) { return std::ceil(x); }
double roundDown(double x) { return std::floor(x); }
CONVERT(rn, roundNearest)
CONVERT(rz, roundZero)
CONVERT(ru, roundUp)
CONVERT(rd, roundDown)

INT(i2f, floatBits(float(int32_t(uint32_t(a)))))
INT(u2f, floatBits(float(uint32_t(a))))
INT(ll2f, floatBits(float(int64_t(a))))
INT(ull2f, floatBits(float(a)))
INT(i2d, doubleBits(double(int32_t(uint32_t(a)))))
INT(u2d, doubleBits(double(uint32_t(a))))
INT(ll2d, doubleBits(double(int64_t(a))))
INT(ull2d, doubleBits(double(a)))
INT(d2f, floatBits(float(asDouble(a))))
INT(f2h, floatToHalf(asFloat(a)))
INT(h2f, floatBits(halfToFloat(uint16_t(a))))
INT(bitsIdentity, a)
INT(d2hi, uint32_t(a >> 32))
INT(d2lo, uint32_t(a))
INT(hilo2d, (uint64_t(uint32_t(a)) << 32) | uint32_t(b))

// Integer functions of libdevice (fixed widths) and intrinsics (width w).
INT(popc32, __builtin_popcount(uint32_t(a)))
INT(popc64, __builtin_popcountll(a))
INT(clz32, uint32_t(a) ? __builtin_clz(uint32_t(a)) : 32)
INT(clz64, a ? __builtin_clzll(a) : 64)
INT(ffs32, __builtin_ffs(int(uint32_t(a))))
INT(ffs64, __builtin_ffsll((long long)a))
uint64_t reverseBits(uint64_t a, unsigned w) {
  uint64_t r = 0;
  for (unsigned i = 0; i < w; ++i)
    if (a & (1ull << i))
      r |= 1ull << (w - 1 - i);
  return r;
}
INT(brev32, reverseBits(a, 32))
INT(brev64, reverseBits(a, 64))
INT(mulhi32, uint32_t((int64_t(int32_t(a)) * int64_t(int32_t(b))) >> 32))
INT(umulhi32, uint32_t((uint64_t(uint32_t(a)) * uint32_t(b)) >> 32))
INT(mulhi64, uint64_t((__int128(int64_t(a)) * __int128(int64_t(b))) >> 64))
INT(umulhi64,
    uint64_t((static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b)) >> 64))
INT(mul24, uint32_t(int32_t(signExtend(a, 24)) * int32_t(signExtend(b, 24))))
INT(umul24, uint32_t((a & 0xffffff) * (b & 0xffffff)))
INT(sad32, uint32_t(uint32_t(c) + uint32_t(std::llabs(int64_t(int32_t(a)) -
                                                       int64_t(int32_t(b))))))
INT(usad32, uint32_t(uint32_t(c) + (uint32_t(a) > uint32_t(b)
                                        ? uint32_t(a) - uint32_t(b)
                                        : uint32_t(b) - uint32_t(a))))
INT(hadd32, uint32_t((int64_t(int32_t(a)) + int32_t(b)) >> 1))
INT(uhadd32, uint32_t((uint64_t(uint32_t(a)) + uint32_t(b)) >> 1))
INT(rhadd32, uint32_t((int64_t(int32_t(a)) + int32_t(b) + 1) >> 1))
INT(urhadd32, uint32_t((uint64_t(uint32_t(a)) + uint32_t(b) + 1) >> 1))
INT(abs32, uint32_t(int32_t(a) < 0 ? -uint32_t(a) : uint32_t(a)))
INT(abs64, int64_t(a) < 0 ? -a : a)
INT(min32, uint32_t(std::min(int32_t(a), int32_t(b))))
INT(max32, uint32_t(std::max(int32_t(a), int32_t(b))))
INT(umin32, std::min(uint32_t(a), uint32_t(b)))
INT(umax32, std::max(uint32_t(a), uint32_t(b)))
INT(min64, uint64_t(std::min(int64_t(a), int64_t(b))))
INT(max64, uint64_t(std::max(int64_t(a), int64_t(b))))
INT(umin64, std::min(a, b))
INT(umax64, std::max(a, b))
uint64_t bytePerm(uint64_t a, uint64_t b, uint64_t c, unsigned) {
  uint64_t bytes = (uint64_t(uint32_t(b)) << 32) | uint32_t(a);
  uint32_t out = 0;
  for (unsigned i = 0; i < 4; ++i) {
    unsigned selector = (c >> (4 * i)) & 7;
    out |= uint32_t((bytes >> (8 * selector)) & 0xff) << (8 * i);
  }
  return out;
}

// Width-generic integer intrinsics.
INT(smin, uint64_t(std::min(signExtend(a, w), signExtend(b, w))) & widthMask(w))
INT(smax, uint64_t(std::max(signExtend(a, w), signExtend(b, w))) & widthMask(w))
INT(umin, std::min(a, b))
INT(umax, std::max(a, b))
INT(iabs, (signExtend(a, w) < 0 ? -a : a) & widthMask(w))
INT(ctpop, __builtin_popcountll(a))
INT(ctlz, a ? __builtin_clzll(a) - (64 - w) : w)
INT(cttz, a ? std::min<unsigned>(__builtin_ctzll(a), w) : w)
uint64_t bswap(uint64_t a, uint64_t, uint64_t, unsigned w) {
  return __builtin_bswap64(a) >> (64 - w);
}
INT(bitreverse, reverseBits(a, w))
uint64_t fshl(uint64_t a, uint64_t b, uint64_t c, unsigned w) {
  unsigned n = unsigned(c % w);
  if (n == 0)
    return a;
  return ((a << n) | (b >> (w - n))) & widthMask(w);
}
uint64_t fshr(uint64_t a, uint64_t b, uint64_t c, unsigned w) {
  unsigned n = unsigned(c % w);
  if (n == 0)
    return b;
  return ((b >> n) | (a << (w - n))) & widthMask(w);
}
uint64_t saddSat(uint64_t a, uint64_t b, uint64_t, unsigned w) {
  __int128 r = __int128(signExtend(a, w)) + signExtend(b, w);
  __int128 high = (__int128(1) << (w - 1)) - 1, low = -(__int128(1) << (w - 1));
  r = r > high ? high : r < low ? low : r;
  return uint64_t(r) & widthMask(w);
}
uint64_t ssubSat(uint64_t a, uint64_t b, uint64_t, unsigned w) {
  __int128 r = __int128(signExtend(a, w)) - signExtend(b, w);
  __int128 high = (__int128(1) << (w - 1)) - 1, low = -(__int128(1) << (w - 1));
  r = r > high ? high : r < low ? low : r;
  return uint64_t(r) & widthMask(w);
}
INT(uaddSat, ((a + b) & widthMask(w)) < a ? widthMask(w) : (a + b) & widthMask(w))
INT(usubSat, a < b ? 0 : a - b)
INT(f32ToSISat, uint64_t(toSignedSaturated(asFloat(a), w)) & widthMask(w))
INT(f64ToSISat, uint64_t(toSignedSaturated(asDouble(a), w)) & widthMask(w))
INT(f32ToUISat, toUnsignedSaturated(asFloat(a), w))
INT(f64ToUISat, toUnsignedSaturated(asDouble(a), w))

struct Entry {
  const char *name;
  ScalarFn fn;
};

/// libdevice: `__nv_<name>`.
const Entry Libdevice[] = {
#define BOTH(N) {#N "f", f_##N}, {#N, d_##N}
    BOTH(sin), BOTH(cos), BOTH(tan), BOTH(asin), BOTH(acos), BOTH(atan),
    BOTH(sinh), BOTH(cosh), BOTH(tanh), BOTH(asinh), BOTH(acosh),
    BOTH(atanh), BOTH(exp), BOTH(exp2), BOTH(exp10), BOTH(expm1), BOTH(log),
    BOTH(log2), BOTH(log10), BOTH(log1p), BOTH(logb), BOTH(sqrt),
    BOTH(rsqrt), BOTH(cbrt), BOTH(rcbrt), BOTH(fabs), BOTH(floor),
    BOTH(ceil), BOTH(trunc), BOTH(round), BOTH(rint), BOTH(erf), BOTH(erfc),
    BOTH(lgamma), BOTH(tgamma), BOTH(sinpi), BOTH(cospi), BOTH(pow),
    BOTH(atan2), BOTH(fmod), BOTH(remainder), BOTH(fmin), BOTH(fmax),
    BOTH(copysign), BOTH(hypot), BOTH(fdim), BOTH(nextafter), BOTH(fma),
    BOTH(powi), BOTH(ldexp), BOTH(ilogb),
#undef BOTH
    {"nearbyintf", f_rint}, {"nearbyint", d_rint},
    {"scalbnf", f_ldexp}, {"scalbn", d_ldexp},
    {"saturatef", f_saturate},
    {"fast_sinf", f_sin}, {"fast_cosf", f_cos}, {"fast_tanf", f_tan},
    {"fast_expf", f_exp}, {"fast_exp10f", f_exp10}, {"fast_logf", f_log},
    {"fast_log2f", f_log2}, {"fast_log10f", f_log10}, {"fast_powf", f_pow},
    {"fdividef", f_div}, {"fast_fdividef", f_div},
    {"fadd_rn", f_add}, {"fadd_rz", f_add}, {"fadd_ru", f_add}, {"fadd_rd", f_add},
    {"fsub_rn", f_sub}, {"fsub_rz", f_sub}, {"fsub_ru", f_sub}, {"fsub_rd", f_sub},
    {"fmul_rn", f_mul}, {"fmul_rz", f_mul}, {"fmul_ru", f_mul}, {"fmul_rd", f_mul},
    {"fdiv_rn", f_div}, {"fdiv_rz", f_div}, {"fdiv_ru", f_div}, {"fdiv_rd", f_div},
    {"frcp_rn", f_rcp}, {"frcp_rz", f_rcp}, {"frcp_ru", f_rcp}, {"frcp_rd", f_rcp},
    {"fsqrt_rn", f_sqrt}, {"fsqrt_rz", f_sqrt}, {"fsqrt_ru", f_sqrt}, {"fsqrt_rd", f_sqrt},
    {"fmaf_rn", f_fma}, {"fmaf_rz", f_fma}, {"fmaf_ru", f_fma}, {"fmaf_rd", f_fma},
    {"dadd_rn", d_add}, {"dadd_rz", d_add}, {"dadd_ru", d_add}, {"dadd_rd", d_add},
    {"dsub_rn", d_sub}, {"dsub_rz", d_sub}, {"dsub_ru", d_sub}, {"dsub_rd", d_sub},
    {"dmul_rn", d_mul}, {"dmul_rz", d_mul}, {"dmul_ru", d_mul}, {"dmul_rd", d_mul},
    {"ddiv_rn", d_div}, {"ddiv_rz", d_div}, {"ddiv_ru", d_div}, {"ddiv_rd", d_div},
    {"drcp_rn", d_rcp}, {"drcp_rz", d_rcp}, {"drcp_ru", d_rcp}, {"drcp_rd", d_rcp},
    {"dsqrt_rn", d_sqrt}, {"dsqrt_rz", d_sqrt}, {"dsqrt_ru", d_sqrt}, {"dsqrt_rd", d_sqrt},
    {"fma_rn", d_fma}, {"fma_rz", d_fma}, {"fma_ru", d_fma}, {"fma_rd", d_fma},
    {"isnanf", f_isnan}, {"isnand", d_isnan}, {"isinff", f_isinf},
    {"isinfd", d_isinf}, {"finitef", f_isfinite}, {"isfinited", d_isfinite},
    {"signbitf", f_signbit}, {"signbitd", d_signbit},
#define CONV(N)                                                                \
  {"float2int_" #N, f2i_##N}, {"float2uint_" #N, f2u_##N},                     \
      {"float2ll_" #N, f2ll_##N}, {"float2ull_" #N, f2ull_##N},                \
      {"double2int_" #N, d2i_##N}, {"double2uint_" #N, d2u_##N},               \
      {"double2ll_" #N, d2ll_##N}, {"double2ull_" #N, d2ull_##N}
    CONV(rn), CONV(rz), CONV(ru), CONV(rd),
#undef CONV
    {"int2float_rn", i2f}, {"int2float_rz", i2f}, {"int2float_ru", i2f},
    {"int2float_rd", i2f}, {"uint2float_rn", u2f}, {"uint2float_rz", u2f},
    {"uint2float_ru", u2f}, {"uint2float_rd", u2f}, {"ll2float_rn", ll2f},
    {"ll2float_rz", ll2f}, {"ll2float_ru", ll2f}, {"ll2float_rd", ll2f},
    {"ull2float_rn", ull2f}, {"ull2float_rz", ull2f}, {"ull2float_ru", ull2f},
    {"ull2float_rd", ull2f}, {"int2double_rn", i2d}, {"uint2double_rn", u2d},
    {"ll2double_rn", ll2d}, {"ll2double_rz", ll2d}, {"ll2double_ru", ll2d},
    {"ll2double_rd", ll2d}, {"ull2double_rn", ull2d}, {"ull2double_rz", ull2d},
    {"ull2double_ru", ull2d}, {"ull2double_rd", ull2d},
    {"double2float_rn", d2f}, {"double2float_rz", d2f},
    {"double2float_ru", d2f}, {"double2float_rd", d2f},
    {"float2half_rn", f2h}, {"half2float", h2f},
    {"float_as_int", bitsIdentity}, {"int_as_float", bitsIdentity},
    {"float_as_uint", bitsIdentity}, {"uint_as_float", bitsIdentity},
    {"double_as_longlong", bitsIdentity}, {"longlong_as_double", bitsIdentity},
    {"double2hiint", d2hi}, {"double2loint", d2lo}, {"hiloint2double", hilo2d},
    {"popc", popc32}, {"popcll", popc64}, {"clz", clz32}, {"clzll", clz64},
    {"ffs", ffs32}, {"ffsll", ffs64}, {"brev", brev32}, {"brevll", brev64},
    {"mulhi", mulhi32}, {"umulhi", umulhi32}, {"mul64hi", mulhi64},
    {"umul64hi", umulhi64}, {"mul24", mul24}, {"umul24", umul24},
    {"sad", sad32}, {"usad", usad32}, {"hadd", hadd32}, {"uhadd", uhadd32},
    {"rhadd", rhadd32}, {"urhadd", urhadd32}, {"abs", abs32}, {"llabs", abs64},
    {"min", min32}, {"max", max32}, {"umin", umin32}, {"umax", umax32},
    {"llmin", min64}, {"llmax", max64}, {"ullmin", umin64}, {"ullmax", umax64},
    {"byte_perm", bytePerm},
};

/// LLVM intrinsics: `llvm.<name>.<type>`, by floating-point kind.
struct FloatEntry {
  const char *name;
  ScalarFn f, d, h;
};
const FloatEntry FloatIntrinsics[] = {
#define ALL(N, FN) {N, f_##FN, d_##FN, h_##FN}
    ALL("fabs", fabs), ALL("fma", fma), ALL("fmuladd", fma),
    ALL("sqrt", sqrt), ALL("floor", floor), ALL("ceil", ceil),
    ALL("trunc", trunc), ALL("round", round), ALL("roundeven", rint),
    ALL("rint", rint), ALL("nearbyint", rint), ALL("minnum", fmin),
    ALL("maxnum", fmax), ALL("minimum", minimum), ALL("maximum", maximum),
    ALL("copysign", copysign), ALL("sin", sin), ALL("cos", cos),
    ALL("tan", tan), ALL("exp", exp), ALL("exp2", exp2), ALL("exp10", exp10),
    ALL("log", log), ALL("log2", log2), ALL("log10", log10), ALL("pow", pow),
    ALL("powi", powi), ALL("canonicalize", canonicalize),
    {"ldexp", f_ldexp, d_ldexp, nullptr},
#undef ALL
};

/// NVVM intrinsics (`llvm.nvvm.<base>.<f|d>` after dropping .ftz/.approx/
/// .full and the rounding mode).
const FloatEntry NvvmFloat[] = {
    {"fabs", f_fabs, d_fabs, h_fabs},   {"fmin", f_fmin, d_fmin, h_fmin},
    {"fmax", f_fmax, d_fmax, h_fmax},   {"sqrt", f_sqrt, d_sqrt, nullptr},
    {"rsqrt", f_rsqrt, d_rsqrt, nullptr}, {"rcp", f_rcp, d_rcp, nullptr},
    {"div", f_div, d_div, nullptr},     {"ex2", f_exp2, d_exp2, h_exp2},
    {"lg2", f_log2, d_log2, nullptr},   {"sin", f_sin, d_sin, nullptr},
    {"cos", f_cos, d_cos, nullptr},     {"fma", f_fma, d_fma, h_fma},
    {"add", f_add, d_add, nullptr},     {"mul", f_mul, d_mul, nullptr},
    {"saturate", f_saturate, d_saturate, nullptr},
    {"floor", f_floor, d_floor, nullptr}, {"ceil", f_ceil, d_ceil, nullptr},
    {"trunc", f_trunc, d_trunc, nullptr}, {"round", f_rint, d_rint, nullptr},
};

const Entry NvvmInteger[] = {
    {"mul24.i", mul24},       {"mul24.ui", umul24},     {"mulhi.i", mulhi32},
    {"mulhi.ui", umulhi32},   {"mulhi.ll", mulhi64},    {"mulhi.ull", umulhi64},
    {"sad.i", sad32},         {"sad.ui", usad32},       {"popc.i", popc32},
    {"popc.ll", popc64},      {"clz.i", clz32},         {"clz.ll", clz64},
    {"brev32", brev32},       {"brev64", brev64},       {"prmt", bytePerm},
    {"abs.i", abs32},         {"abs.ll", abs64},        {"min.i", min32},
    {"max.i", max32},         {"min.ui", umin32},       {"max.ui", umax32},
    {"min.ll", min64},        {"max.ll", max64},        {"min.ull", umin64},
    {"max.ull", umax64},      {"bitcast.f2i", bitsIdentity},
    {"bitcast.i2f", bitsIdentity}, {"bitcast.ll2d", bitsIdentity},
    {"bitcast.d2ll", bitsIdentity}, {"d2f.rn", d2f},    {"d2f.rz", d2f},
    {"d2f.rm", d2f},          {"d2f.rp", d2f},          {"i2f.rn", i2f},
    {"ui2f.rn", u2f},         {"ll2f.rn", ll2f},        {"ull2f.rn", ull2f},
    {"i2d.rn", i2d},          {"ui2d.rn", u2d},         {"ll2d.rn", ll2d},
    {"ull2d.rn", ull2d},      {"f2h.rn", f2h},
#define NVCONV(M, N)                                                           \
  {"f2i." M, f2i_##N}, {"f2ui." M, f2u_##N}, {"f2ll." M, f2ll_##N},            \
      {"f2ull." M, f2ull_##N}, {"d2i." M, d2i_##N}, {"d2ui." M, d2u_##N},      \
      {"d2ll." M, d2ll_##N}, {"d2ull." M, d2ull_##N}
    NVCONV("rn", rn), NVCONV("rz", rz), NVCONV("rp", ru), NVCONV("rm", rd),
#undef NVCONV
};

} // namespace

ScalarFn lookupLibdeviceFunction(llvm::StringRef name) {
  static const llvm::StringMap<ScalarFn> table = [] {
    llvm::StringMap<ScalarFn> map;
    for (const Entry &entry : Libdevice)
      if (entry.fn)
        map[std::string("__nv_") + entry.name] = entry.fn;
    return map;
  }();
  auto it = table.find(name);
  return it == table.end() ? nullptr : it->second;
}

ScalarFn lookupScalarIntrinsic(llvm::StringRef name, unsigned,
                               llvm::Type *type) {
  if (!name.consume_front("llvm."))
    return nullptr;
  auto pick = [&](const FloatEntry &entry) -> ScalarFn {
    if (type->isFloatTy())
      return entry.f;
    if (type->isDoubleTy())
      return entry.d;
    if (type->isHalfTy())
      return entry.h;
    return nullptr;
  };
  if (name.consume_front("nvvm.")) {
    std::string base;
    bool isDouble = false, isFloat = false;
    llvm::SmallVector<llvm::StringRef, 6> parts;
    name.split(parts, '.');
    for (llvm::StringRef part : parts) {
      if (part == "ftz" || part == "approx" || part == "full" ||
          part == "rn" || part == "rz" || part == "rm" || part == "rp" ||
          part == "sat" || part == "nan" || part == "xorsign" ||
          part == "abs")
        continue;
      if (part == "f") {
        isFloat = true;
        continue;
      }
      if (part == "d") {
        isDouble = true;
        continue;
      }
      base += base.empty() ? part.str() : "." + part.str();
    }
    if (isFloat || isDouble) {
      for (const FloatEntry &entry : NvvmFloat)
        if (base == entry.name)
          return isDouble ? entry.d : entry.f;
    }
    std::string plain = name.str();
    for (size_t at; (at = plain.find(".ftz")) != std::string::npos;)
      plain.erase(at, 4);
    for (const Entry &entry : NvvmInteger)
      if (plain == entry.name)
        return entry.fn;
    return nullptr;
  }
  llvm::StringRef base = name.split('.').first;
  if (type->isFloatingPointTy()) {
    // Two-part names first (llvm.fptosi.sat is handled below).
    for (const FloatEntry &entry : FloatIntrinsics)
      if (base == entry.name)
        return pick(entry);
    if (base == "is") // llvm.is.fpclass: not modelled
      return nullptr;
  }
  if (name.starts_with("fptosi.sat.") || name.starts_with("fptoui.sat.")) {
    bool isSigned = name.starts_with("fptosi");
    bool fromDouble = name.ends_with(".f64");
    if (isSigned)
      return fromDouble ? f64ToSISat : f32ToSISat;
    return fromDouble ? f64ToUISat : f32ToUISat;
  }
  if (type->isIntegerTy()) {
    return llvm::StringSwitch<ScalarFn>(base)
        .Case("smin", smin)
        .Case("smax", smax)
        .Case("umin", umin)
        .Case("umax", umax)
        .Case("abs", iabs)
        .Case("ctpop", ctpop)
        .Case("ctlz", ctlz)
        .Case("cttz", cttz)
        .Case("bswap", bswap)
        .Case("bitreverse", bitreverse)
        .Case("fshl", fshl)
        .Case("fshr", fshr)
        .Case("sadd", name.starts_with("sadd.sat") ? saddSat : nullptr)
        .Case("ssub", name.starts_with("ssub.sat") ? ssubSat : nullptr)
        .Case("uadd", name.starts_with("uadd.sat") ? uaddSat : nullptr)
        .Case("usub", name.starts_with("usub.sat") ? usubSat : nullptr)
        .Default(nullptr);
  }
  return nullptr;
}

} // namespace gpurd::trace::emu

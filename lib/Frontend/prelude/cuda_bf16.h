/*===- cuda_bf16.h - gpurd CUDA prelude: bfloat16 --------------------------===*
 *
 * __nv_bfloat16 and __nv_bfloat162 as 2- and 4-byte structs (the upper 16
 * bits of a float, rounded to nearest even), with the conversions and the
 * arithmetic and comparison operators kernels commonly use, on both sides.
 * Arithmetic goes through float: what the analysis needs is sizes and
 * addresses, not bit-exact bfloat16 arithmetic.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_BF16_H
#define GPURD_CUDA_BF16_H
#include "gpurd_cuda_prelude.h"

#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#define __GPURD_HD static __inline__ __host__ __device__

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  static __host__ __device__ unsigned short __from_float(float __f) {
    unsigned int __u = __builtin_bit_cast(unsigned int, __f);
    if ((__u & 0x7fffffffu) > 0x7f800000u)
      return 0x7fc0u;
    __u += 0x7fffu + ((__u >> 16) & 1u);
    return (unsigned short)(__u >> 16);
  }
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &__r)
      : __x(__r.x) {}
  __host__ __device__ __nv_bfloat16(float __f) : __x(__from_float(__f)) {}
  __host__ __device__ __nv_bfloat16(double __f)
      : __x(__from_float((float)__f)) {}
  __host__ __device__ __nv_bfloat16(int __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned int __i)
      : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(long long __i)
      : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned long long __i)
      : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(short __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned short __i)
      : __nv_bfloat16((float)__i) {}
  __host__ __device__ operator float() const {
    return __builtin_bit_cast(float, (unsigned int)__x << 16);
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __host__ __device__ __nv_bfloat16 &operator=(float __f) {
    return *this = __nv_bfloat16(__f);
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &__a,
                                     const __nv_bfloat16 &__b)
      : x(__a), y(__b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &__r)
      : x(__nv_bfloat16_raw{__r.x}), y(__nv_bfloat16_raw{__r.y}) {}
  __host__ __device__ operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{x.__x, y.__x};
  }
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* Conversions */
__GPURD_HD __nv_bfloat16 __float2bfloat16(float __f) { return __nv_bfloat16(__f); }
__GPURD_HD __nv_bfloat16 __float2bfloat16_rn(float __f) { return __nv_bfloat16(__f); }
__GPURD_HD __nv_bfloat16 __double2bfloat16(double __f) { return __nv_bfloat16(__f); }
__GPURD_HD float __bfloat162float(__nv_bfloat16 __h) { return (float)__h; }
__GPURD_HD __nv_bfloat16 __int2bfloat16_rn(int __i) { return __nv_bfloat16(__i); }
__GPURD_HD __nv_bfloat16 __uint2bfloat16_rn(unsigned int __i) { return __nv_bfloat16(__i); }
__GPURD_HD int __bfloat162int_rz(__nv_bfloat16 __h) { return (int)(float)__h; }
__GPURD_HD __nv_bfloat162 __float2bfloat162_rn(float __f) {
  return __nv_bfloat162(__nv_bfloat16(__f), __nv_bfloat16(__f));
}
__GPURD_HD __nv_bfloat162 __floats2bfloat162_rn(float __a, float __b) {
  return __nv_bfloat162(__nv_bfloat16(__a), __nv_bfloat16(__b));
}
__GPURD_HD __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 __a, __nv_bfloat16 __b) {
  return __nv_bfloat162(__a, __b);
}
__GPURD_HD __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 __a) {
  return __nv_bfloat162(__a, __a);
}
__GPURD_HD float2 __bfloat1622float2(__nv_bfloat162 __h) {
  return make_float2((float)__h.x, (float)__h.y);
}
__GPURD_HD __nv_bfloat162 __float22bfloat162_rn(float2 __f) {
  return __floats2bfloat162_rn(__f.x, __f.y);
}
__GPURD_HD __nv_bfloat16 __low2bfloat16(__nv_bfloat162 __h) { return __h.x; }
__GPURD_HD __nv_bfloat16 __high2bfloat16(__nv_bfloat162 __h) { return __h.y; }
__GPURD_HD unsigned short __bfloat16_as_ushort(__nv_bfloat16 __h) { return __h.__x; }
__GPURD_HD __nv_bfloat16 __ushort_as_bfloat16(unsigned short __u) {
  return __nv_bfloat16(__nv_bfloat16_raw{__u});
}

/* Arithmetic and comparisons (through float) */
#define __GPURD_BF16_BINARY(OP)                                                \
  __GPURD_HD __nv_bfloat16 operator OP(const __nv_bfloat16 &__a,               \
                                       const __nv_bfloat16 &__b) {             \
    return __nv_bfloat16((float)__a OP(float) __b);                            \
  }                                                                            \
  __GPURD_HD __nv_bfloat16 &operator OP##=(__nv_bfloat16 & __a,                \
                                           const __nv_bfloat16 &__b) {         \
    return __a = __a OP __b;                                                   \
  }
__GPURD_BF16_BINARY(+)
__GPURD_BF16_BINARY(-)
__GPURD_BF16_BINARY(*)
__GPURD_BF16_BINARY(/)
#undef __GPURD_BF16_BINARY
#define __GPURD_BF16_COMPARE(OP)                                               \
  __GPURD_HD bool operator OP(const __nv_bfloat16 &__a,                        \
                              const __nv_bfloat16 &__b) {                      \
    return (float)__a OP(float) __b;                                           \
  }
__GPURD_BF16_COMPARE(==)
__GPURD_BF16_COMPARE(!=)
__GPURD_BF16_COMPARE(<)
__GPURD_BF16_COMPARE(<=)
__GPURD_BF16_COMPARE(>)
__GPURD_BF16_COMPARE(>=)
#undef __GPURD_BF16_COMPARE
__GPURD_HD __nv_bfloat16 operator-(const __nv_bfloat16 &__a) {
  return __nv_bfloat16(__nv_bfloat16_raw{(unsigned short)(__a.__x ^ 0x8000u)});
}
__GPURD_HD __nv_bfloat16 __hadd(__nv_bfloat16 __a, __nv_bfloat16 __b) { return __a + __b; }
__GPURD_HD __nv_bfloat16 __hsub(__nv_bfloat16 __a, __nv_bfloat16 __b) { return __a - __b; }
__GPURD_HD __nv_bfloat16 __hmul(__nv_bfloat16 __a, __nv_bfloat16 __b) { return __a * __b; }
__GPURD_HD __nv_bfloat16 __hdiv(__nv_bfloat16 __a, __nv_bfloat16 __b) { return __a / __b; }
__GPURD_HD __nv_bfloat16 __hfma(__nv_bfloat16 __a, __nv_bfloat16 __b, __nv_bfloat16 __c) {
  return __nv_bfloat16((float)__a * (float)__b + (float)__c);
}
__GPURD_HD __nv_bfloat162 __hadd2(__nv_bfloat162 __a, __nv_bfloat162 __b) {
  return __nv_bfloat162(__a.x + __b.x, __a.y + __b.y);
}
__GPURD_HD __nv_bfloat162 __hmul2(__nv_bfloat162 __a, __nv_bfloat162 __b) {
  return __nv_bfloat162(__a.x * __b.x, __a.y * __b.y);
}
__GPURD_HD __nv_bfloat162 __hfma2(__nv_bfloat162 __a, __nv_bfloat162 __b,
                                  __nv_bfloat162 __c) {
  return __nv_bfloat162(__hfma(__a.x, __b.x, __c.x), __hfma(__a.y, __b.y, __c.y));
}
#undef __GPURD_HD

#endif /* GPURD_CUDA_BF16_H */

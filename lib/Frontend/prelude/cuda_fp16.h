/*===- cuda_fp16.h - gpurd CUDA prelude: half precision -------------------===*
 *
 * __half and __half2 as 2- and 4-byte structs that convert through Clang's
 * _Float16, with the conversion, arithmetic and comparison functions kernels
 * commonly use.  Arithmetic is defined on both sides (CUDA 12.2+ does the
 * same); it goes through float, which is what the analysis needs (sizes and
 * addresses), not bit-exact half arithmetic.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_FP16_H
#define GPURD_CUDA_FP16_H
#include "gpurd_cuda_prelude.h"

#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#define __GPURD_HD static __inline__ __host__ __device__

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

struct __align__(2) __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __GPURD_CONSTEXPR __half(const __half_raw &__r) : __x(__r.x) {}
  __host__ __device__ __half(float __f)
      : __x(__builtin_bit_cast(unsigned short, (_Float16)__f)) {}
  __host__ __device__ __half(double __f)
      : __x(__builtin_bit_cast(unsigned short, (_Float16)__f)) {}
  __host__ __device__ __half(int __i) : __half((float)__i) {}
  __host__ __device__ __half(unsigned int __i) : __half((float)__i) {}
  __host__ __device__ __half(long long __i) : __half((float)__i) {}
  __host__ __device__ __half(unsigned long long __i) : __half((float)__i) {}
  __host__ __device__ __half(short __i) : __half((float)__i) {}
  __host__ __device__ __half(unsigned short __i) : __half((float)__i) {}
  __host__ __device__ operator float() const {
    return (float)__builtin_bit_cast(_Float16, __x);
  }
  __host__ __device__ operator __half_raw() const { return __half_raw{__x}; }
  __host__ __device__ __half &operator=(float __f) { return *this = __half(__f); }
  __host__ __device__ __half &operator=(const __half_raw &__r) { __x = __r.x; return *this; }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __GPURD_CONSTEXPR __half2(const __half &__a, const __half &__b) : x(__a), y(__b) {}
  __host__ __device__ __half2(const __half2_raw &__r) : x(__half_raw{__r.x}), y(__half_raw{__r.y}) {}
  __host__ __device__ operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
typedef __half half;
typedef __half2 half2;

/* Conversions */
__GPURD_HD __half __float2half(float __f) { return __half(__f); }
__GPURD_HD __half __float2half_rn(float __f) { return __half(__f); }
__GPURD_HD __half __float2half_rz(float __f) { return __half(__f); }
__GPURD_HD __half __double2half(double __f) { return __half(__f); }
__GPURD_HD float __half2float(__half __h) { return (float)__h; }
__GPURD_HD __half __int2half_rn(int __i) { return __half((float)__i); }
__GPURD_HD int __half2int_rn(__half __h) { return (int)(float)__h; }
__GPURD_HD int __half2int_rz(__half __h) { return (int)(float)__h; }
__GPURD_HD __half2 __float2half2_rn(float __f) { return __half2(__half(__f), __half(__f)); }
__GPURD_HD __half2 __floats2half2_rn(float __a, float __b) { return __half2(__half(__a), __half(__b)); }
__GPURD_HD __half2 __float22half2_rn(float2 __f) { return __half2(__half(__f.x), __half(__f.y)); }
__GPURD_HD float2 __half22float2(__half2 __h) { return make_float2((float)__h.x, (float)__h.y); }
__GPURD_HD float __low2float(__half2 __h) { return (float)__h.x; }
__GPURD_HD float __high2float(__half2 __h) { return (float)__h.y; }
__GPURD_HD __half __low2half(__half2 __h) { return __h.x; }
__GPURD_HD __half __high2half(__half2 __h) { return __h.y; }
__GPURD_HD __half2 __halves2half2(__half __a, __half __b) { return __half2(__a, __b); }
__GPURD_HD __half2 __half2half2(__half __a) { return __half2(__a, __a); }
__GPURD_HD __half2 __lows2half2(__half2 __a, __half2 __b) { return __half2(__a.x, __b.x); }
__GPURD_HD __half2 __highs2half2(__half2 __a, __half2 __b) { return __half2(__a.y, __b.y); }
__GPURD_HD unsigned short __half_as_ushort(__half __h) { return __h.__x; }
__GPURD_HD short __half_as_short(__half __h) { return (short)__h.__x; }
__GPURD_HD __half __ushort_as_half(unsigned short __u) { return __half(__half_raw{__u}); }
__GPURD_HD __half __short_as_half(short __s) { return __half(__half_raw{(unsigned short)__s}); }

/* Arithmetic and comparisons on __half */
__GPURD_HD __half __hadd(__half __a, __half __b) { return __half((float)__a + (float)__b); }
__GPURD_HD __half __hsub(__half __a, __half __b) { return __half((float)__a - (float)__b); }
__GPURD_HD __half __hmul(__half __a, __half __b) { return __half((float)__a * (float)__b); }
__GPURD_HD __half __hdiv(__half __a, __half __b) { return __half((float)__a / (float)__b); }
__GPURD_HD __half __hfma(__half __a, __half __b, __half __c) { return __half((float)__a * (float)__b + (float)__c); }
__GPURD_HD __half __hneg(__half __a) { return __half(-(float)__a); }
__GPURD_HD __half __habs(__half __a) { return __half(fabsf((float)__a)); }
__GPURD_HD __half __hmax(__half __a, __half __b) { return (float)__a > (float)__b ? __a : __b; }
__GPURD_HD __half __hmin(__half __a, __half __b) { return (float)__a < (float)__b ? __a : __b; }
__GPURD_HD bool __heq(__half __a, __half __b) { return (float)__a == (float)__b; }
__GPURD_HD bool __hne(__half __a, __half __b) { return (float)__a != (float)__b; }
__GPURD_HD bool __hlt(__half __a, __half __b) { return (float)__a < (float)__b; }
__GPURD_HD bool __hle(__half __a, __half __b) { return (float)__a <= (float)__b; }
__GPURD_HD bool __hgt(__half __a, __half __b) { return (float)__a > (float)__b; }
__GPURD_HD bool __hge(__half __a, __half __b) { return (float)__a >= (float)__b; }
__GPURD_HD bool __hisnan(__half __a) { return (float)__a != (float)__a; }
static __inline__ __device__ __half hsqrt(__half __a) { return __half(sqrtf((float)__a)); }
static __inline__ __device__ __half hrsqrt(__half __a) { return __half(rsqrtf((float)__a)); }
static __inline__ __device__ __half hexp(__half __a) { return __half(expf((float)__a)); }
static __inline__ __device__ __half hlog(__half __a) { return __half(logf((float)__a)); }
static __inline__ __device__ __half hrcp(__half __a) { return __half(1.0f / (float)__a); }

/* Arithmetic on __half2, lane-wise */
#define __GPURD_H2(NAME, OP)                                                   \
  __GPURD_HD __half2 NAME(__half2 __a, __half2 __b) {                          \
    return __half2(OP(__a.x, __b.x), OP(__a.y, __b.y));                        \
  }
__GPURD_H2(__hadd2, __hadd)
__GPURD_H2(__hsub2, __hsub)
__GPURD_H2(__hmul2, __hmul)
__GPURD_H2(__h2div, __hdiv)
__GPURD_H2(__hmax2, __hmax)
__GPURD_H2(__hmin2, __hmin)
#undef __GPURD_H2
__GPURD_HD __half2 __hfma2(__half2 __a, __half2 __b, __half2 __c) {
  return __half2(__hfma(__a.x, __b.x, __c.x), __hfma(__a.y, __b.y, __c.y));
}
__GPURD_HD __half2 __hneg2(__half2 __a) { return __half2(__hneg(__a.x), __hneg(__a.y)); }

/* Operators */
__GPURD_HD __half operator+(const __half &__a, const __half &__b) { return __hadd(__a, __b); }
__GPURD_HD __half operator-(const __half &__a, const __half &__b) { return __hsub(__a, __b); }
__GPURD_HD __half operator*(const __half &__a, const __half &__b) { return __hmul(__a, __b); }
__GPURD_HD __half operator/(const __half &__a, const __half &__b) { return __hdiv(__a, __b); }
__GPURD_HD __half operator-(const __half &__a) { return __hneg(__a); }
__GPURD_HD __half &operator+=(__half &__a, const __half &__b) { return __a = __hadd(__a, __b); }
__GPURD_HD __half &operator-=(__half &__a, const __half &__b) { return __a = __hsub(__a, __b); }
__GPURD_HD __half &operator*=(__half &__a, const __half &__b) { return __a = __hmul(__a, __b); }
__GPURD_HD __half &operator/=(__half &__a, const __half &__b) { return __a = __hdiv(__a, __b); }
__GPURD_HD bool operator==(const __half &__a, const __half &__b) { return __heq(__a, __b); }
__GPURD_HD bool operator!=(const __half &__a, const __half &__b) { return __hne(__a, __b); }
__GPURD_HD bool operator<(const __half &__a, const __half &__b) { return __hlt(__a, __b); }
__GPURD_HD bool operator<=(const __half &__a, const __half &__b) { return __hle(__a, __b); }
__GPURD_HD bool operator>(const __half &__a, const __half &__b) { return __hgt(__a, __b); }
__GPURD_HD bool operator>=(const __half &__a, const __half &__b) { return __hge(__a, __b); }
__GPURD_HD __half2 operator+(const __half2 &__a, const __half2 &__b) { return __hadd2(__a, __b); }
__GPURD_HD __half2 operator-(const __half2 &__a, const __half2 &__b) { return __hsub2(__a, __b); }
__GPURD_HD __half2 operator*(const __half2 &__a, const __half2 &__b) { return __hmul2(__a, __b); }
__GPURD_HD __half2 operator/(const __half2 &__a, const __half2 &__b) { return __h2div(__a, __b); }
__GPURD_HD __half2 &operator+=(__half2 &__a, const __half2 &__b) { return __a = __hadd2(__a, __b); }
__GPURD_HD __half2 &operator*=(__half2 &__a, const __half2 &__b) { return __a = __hmul2(__a, __b); }

/* Loads, shuffles, atomics */
static __inline__ __device__ __half __ldg(const __half *__p) {
  return __ushort_as_half(__ldg((const unsigned short *)__p));
}
static __inline__ __device__ __half2 __ldg(const __half2 *__p) {
  unsigned int __u = __ldg((const unsigned int *)__p);
  return __half2(__ushort_as_half(__u & 0xffff), __ushort_as_half(__u >> 16));
}
#define __GPURD_H_SHFL(NAME, T)                                                \
  static __inline__ __device__ __half NAME(unsigned __m, __half __v, T __o,    \
                                           int __w = warpSize) {               \
    return __ushort_as_half(                                                   \
        (unsigned short)NAME(__m, (int)__half_as_ushort(__v), __o, __w));      \
  }
__GPURD_H_SHFL(__shfl_sync, int)
__GPURD_H_SHFL(__shfl_xor_sync, int)
__GPURD_H_SHFL(__shfl_up_sync, unsigned int)
__GPURD_H_SHFL(__shfl_down_sync, unsigned int)
#undef __GPURD_H_SHFL
/* sm_70 half atomics, one read-modify-write each as the GPU's
   atom.add.noftz.f16 and .f16x2: a half is an `atomicrmw fadd` of 2 bytes;
   a pair one 4-byte `atomicrmw add` of its bits (LLVM's atomicrmw takes no
   half pair from Clang), which touches the memory the hardware's does and
   returns the old pair, though the bits it leaves are an integer sum.
   Before, both were declarations: a call the access model could not read
   ("0 B", not modelled) beside a local store of the argument the real
   instruction does not make. */
static __inline__ __device__ __half atomicAdd(__half *__address, __half __val) {
  _Float16 __old = __atomic_fetch_add((_Float16 *)__address,
                                      __builtin_bit_cast(_Float16, __val.__x),
                                      __ATOMIC_RELAXED);
  return __ushort_as_half(__builtin_bit_cast(unsigned short, __old));
}
static __inline__ __device__ __half2 atomicAdd(__half2 *__address,
                                               __half2 __val) {
  unsigned int __old = __uAtomicAdd((unsigned int *)__address,
                                    __builtin_bit_cast(unsigned int, __val));
  return __builtin_bit_cast(__half2, __old);
}

#undef __GPURD_HD
#endif /* GPURD_CUDA_FP16_H */

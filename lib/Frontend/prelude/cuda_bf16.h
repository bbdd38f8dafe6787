/*===- cuda_bf16.h - gpurd CUDA prelude: bfloat16 -------------------------===*
 *
 * __nv_bfloat16 and __nv_bfloat162 as 2- and 4-byte structs holding the
 * upper half of an IEEE float, with round-to-nearest-even conversions done
 * on the bits (exact on both sides), and the arithmetic and comparisons
 * kernels commonly use, computed in float.  CUB (util_type.cuh) includes
 * this header for its numeric traits; what matters to gpurd's analysis is
 * the size and alignment of the type, not bf16 arithmetic.
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

/* float -> bf16, rounding to nearest even; NaNs stay (quiet) NaNs. */
static __inline__ __host__ __device__ __GPURD_CONSTEXPR unsigned short
__gpurd_float2bf16_bits(float __f) {
  unsigned int __u = __builtin_bit_cast(unsigned int, __f);
  if ((__u & 0x7fffffffu) > 0x7f800000u)
    return (unsigned short)((__u >> 16) | 0x0040u);
  __u += 0x7fffu + ((__u >> 16) & 1u);
  return (unsigned short)(__u >> 16);
}
static __inline__ __host__ __device__ __GPURD_CONSTEXPR float
__gpurd_bf16_bits2float(unsigned short __x) {
  return __builtin_bit_cast(float, (unsigned int)__x << 16);
}

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __GPURD_CONSTEXPR __nv_bfloat16(const __nv_bfloat16_raw &__r)
      : __x(__r.x) {}
  __host__ __device__ __GPURD_CONSTEXPR __nv_bfloat16(float __f)
      : __x(__gpurd_float2bf16_bits(__f)) {}
  __host__ __device__ __nv_bfloat16(double __f) : __nv_bfloat16((float)__f) {}
  __host__ __device__ __nv_bfloat16(int __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned int __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(long long __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned long long __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(short __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __nv_bfloat16(unsigned short __i) : __nv_bfloat16((float)__i) {}
  __host__ __device__ __GPURD_CONSTEXPR operator float() const {
    return __gpurd_bf16_bits2float(__x);
  }
  __host__ __device__ operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
  __host__ __device__ __nv_bfloat16 &operator=(float __f) { return *this = __nv_bfloat16(__f); }
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__r) {
    __x = __r.x;
    return *this;
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __GPURD_CONSTEXPR __nv_bfloat162(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b)
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
__GPURD_HD __nv_bfloat16 __double2bfloat16(double __f) { return __nv_bfloat16((float)__f); }
__GPURD_HD float __bfloat162float(__nv_bfloat16 __h) { return (float)__h; }
__GPURD_HD __nv_bfloat16 __int2bfloat16_rn(int __i) { return __nv_bfloat16((float)__i); }
__GPURD_HD int __bfloat162int_rz(__nv_bfloat16 __h) { return (int)(float)__h; }
__GPURD_HD __nv_bfloat162 __float2bfloat162_rn(float __f) {
  return __nv_bfloat162(__nv_bfloat16(__f), __nv_bfloat16(__f));
}
__GPURD_HD __nv_bfloat162 __floats2bfloat162_rn(float __a, float __b) {
  return __nv_bfloat162(__nv_bfloat16(__a), __nv_bfloat16(__b));
}
__GPURD_HD __nv_bfloat162 __float22bfloat162_rn(float2 __f) {
  return __nv_bfloat162(__nv_bfloat16(__f.x), __nv_bfloat16(__f.y));
}
__GPURD_HD float2 __bfloat1622float2(__nv_bfloat162 __h) {
  return make_float2((float)__h.x, (float)__h.y);
}
__GPURD_HD float __low2float(__nv_bfloat162 __h) { return (float)__h.x; }
__GPURD_HD float __high2float(__nv_bfloat162 __h) { return (float)__h.y; }
__GPURD_HD __nv_bfloat16 __low2bfloat16(__nv_bfloat162 __h) { return __h.x; }
__GPURD_HD __nv_bfloat16 __high2bfloat16(__nv_bfloat162 __h) { return __h.y; }
__GPURD_HD __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 __a, __nv_bfloat16 __b) {
  return __nv_bfloat162(__a, __b);
}
__GPURD_HD __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 __a) {
  return __nv_bfloat162(__a, __a);
}
__GPURD_HD unsigned short __bfloat16_as_ushort(__nv_bfloat16 __h) { return __h.__x; }
__GPURD_HD short __bfloat16_as_short(__nv_bfloat16 __h) { return (short)__h.__x; }
__GPURD_HD __nv_bfloat16 __ushort_as_bfloat16(unsigned short __u) {
  return __nv_bfloat16(__nv_bfloat16_raw{__u});
}
__GPURD_HD __nv_bfloat16 __short_as_bfloat16(short __s) {
  return __nv_bfloat16(__nv_bfloat16_raw{(unsigned short)__s});
}

/* Arithmetic and comparisons, through float */
#define __GPURD_BF_BIN(NAME, OP)                                               \
  __GPURD_HD __nv_bfloat16 NAME(__nv_bfloat16 __a, __nv_bfloat16 __b) {        \
    return __nv_bfloat16((float)__a OP(float) __b);                            \
  }
__GPURD_BF_BIN(__hadd, +)
__GPURD_BF_BIN(__hsub, -)
__GPURD_BF_BIN(__hmul, *)
__GPURD_BF_BIN(__hdiv, /)
#undef __GPURD_BF_BIN
#define __GPURD_BF_CMP(NAME, OP)                                               \
  __GPURD_HD bool NAME(__nv_bfloat16 __a, __nv_bfloat16 __b) {                 \
    return (float)__a OP(float) __b;                                           \
  }
__GPURD_BF_CMP(__heq, ==)
__GPURD_BF_CMP(__hne, !=)
__GPURD_BF_CMP(__hlt, <)
__GPURD_BF_CMP(__hle, <=)
__GPURD_BF_CMP(__hgt, >)
__GPURD_BF_CMP(__hge, >=)
#undef __GPURD_BF_CMP
__GPURD_HD __nv_bfloat16 __hfma(__nv_bfloat16 __a, __nv_bfloat16 __b, __nv_bfloat16 __c) {
  return __nv_bfloat16((float)__a * (float)__b + (float)__c);
}
__GPURD_HD __nv_bfloat16 __hneg(__nv_bfloat16 __a) { return __nv_bfloat16(-(float)__a); }
__GPURD_HD __nv_bfloat16 __habs(__nv_bfloat16 __a) {
  return __nv_bfloat16(__nv_bfloat16_raw{(unsigned short)(__a.__x & 0x7fffu)});
}
__GPURD_HD __nv_bfloat16 __hmax(__nv_bfloat16 __a, __nv_bfloat16 __b) {
  return (float)__a > (float)__b ? __a : __b;
}
__GPURD_HD __nv_bfloat16 __hmin(__nv_bfloat16 __a, __nv_bfloat16 __b) {
  return (float)__a < (float)__b ? __a : __b;
}
__GPURD_HD bool __hisnan(__nv_bfloat16 __a) { return (float)__a != (float)__a; }
/* Arithmetic on __nv_bfloat162, lane-wise */
#define __GPURD_BF2(NAME, OP)                                                  \
  __GPURD_HD __nv_bfloat162 NAME(__nv_bfloat162 __a, __nv_bfloat162 __b) {     \
    return __nv_bfloat162(OP(__a.x, __b.x), OP(__a.y, __b.y));                 \
  }
__GPURD_BF2(__hadd2, __hadd)
__GPURD_BF2(__hsub2, __hsub)
__GPURD_BF2(__hmul2, __hmul)
__GPURD_BF2(__h2div, __hdiv)
__GPURD_BF2(__hmax2, __hmax)
__GPURD_BF2(__hmin2, __hmin)
#undef __GPURD_BF2
__GPURD_HD __nv_bfloat162 __hneg2(__nv_bfloat162 __a) {
  return __nv_bfloat162(__hneg(__a.x), __hneg(__a.y));
}
__GPURD_HD __nv_bfloat162 __hfma2(__nv_bfloat162 __a, __nv_bfloat162 __b, __nv_bfloat162 __c) {
  return __nv_bfloat162(__hfma(__a.x, __b.x, __c.x), __hfma(__a.y, __b.y, __c.y));
}

/* Operators */
__GPURD_HD __nv_bfloat16 operator+(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hadd(__a, __b); }
__GPURD_HD __nv_bfloat16 operator-(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hsub(__a, __b); }
__GPURD_HD __nv_bfloat16 operator*(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hmul(__a, __b); }
__GPURD_HD __nv_bfloat16 operator/(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hdiv(__a, __b); }
__GPURD_HD __nv_bfloat16 operator-(const __nv_bfloat16 &__a) { return __hneg(__a); }
__GPURD_HD __nv_bfloat16 &operator+=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hadd(__a, __b); }
__GPURD_HD __nv_bfloat16 &operator-=(__nv_bfloat16 &__a,
                                     const __nv_bfloat16 &__b) {
  return __a = __hsub(__a, __b);
}
__GPURD_HD __nv_bfloat16 &operator*=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hmul(__a, __b); }
__GPURD_HD __nv_bfloat16 &operator/=(__nv_bfloat16 &__a,
                                     const __nv_bfloat16 &__b) {
  return __a = __hdiv(__a, __b);
}
__GPURD_HD bool operator==(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __heq(__a, __b); }
__GPURD_HD bool operator!=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hne(__a, __b); }
__GPURD_HD bool operator<(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hlt(__a, __b); }
__GPURD_HD bool operator<=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hle(__a, __b); }
__GPURD_HD bool operator>(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hgt(__a, __b); }
__GPURD_HD bool operator>=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hge(__a, __b); }
__GPURD_HD __nv_bfloat162 operator+(const __nv_bfloat162 &__a,
                                    const __nv_bfloat162 &__b) {
  return __hadd2(__a, __b);
}
__GPURD_HD __nv_bfloat162 operator-(const __nv_bfloat162 &__a,
                                    const __nv_bfloat162 &__b) {
  return __hsub2(__a, __b);
}
__GPURD_HD __nv_bfloat162 operator*(const __nv_bfloat162 &__a,
                                    const __nv_bfloat162 &__b) {
  return __hmul2(__a, __b);
}
__GPURD_HD __nv_bfloat162 operator/(const __nv_bfloat162 &__a,
                                    const __nv_bfloat162 &__b) {
  return __h2div(__a, __b);
}
__GPURD_HD __nv_bfloat162 &operator+=(__nv_bfloat162 &__a,
                                      const __nv_bfloat162 &__b) {
  return __a = __hadd2(__a, __b);
}
__GPURD_HD __nv_bfloat162 &operator-=(__nv_bfloat162 &__a,
                                      const __nv_bfloat162 &__b) {
  return __a = __hsub2(__a, __b);
}
__GPURD_HD __nv_bfloat162 &operator*=(__nv_bfloat162 &__a,
                                      const __nv_bfloat162 &__b) {
  return __a = __hmul2(__a, __b);
}
__GPURD_HD __nv_bfloat162 &operator/=(__nv_bfloat162 &__a,
                                      const __nv_bfloat162 &__b) {
  return __a = __h2div(__a, __b);
}

/* Loads and shuffles */
static __inline__ __device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *__p) {
  return __ushort_as_bfloat16(__ldg((const unsigned short *)__p));
}
#define __GPURD_BF_SHFL(NAME, T)                                               \
  static __inline__ __device__ __nv_bfloat16 NAME(                             \
      unsigned __m, __nv_bfloat16 __v, T __o, int __w = warpSize) {            \
    return __ushort_as_bfloat16((unsigned short)NAME(                          \
        __m, (int)__bfloat16_as_ushort(__v), __o, __w));                       \
  }
__GPURD_BF_SHFL(__shfl_sync, int)
__GPURD_BF_SHFL(__shfl_xor_sync, int)
__GPURD_BF_SHFL(__shfl_up_sync, unsigned int)
__GPURD_BF_SHFL(__shfl_down_sync, unsigned int)
#undef __GPURD_BF_SHFL
/* sm_80 bfloat16 atomics (llm.c's layernorm backward adds a pair), one
   read-modify-write each as the GPU's atom.add.noftz.bf16 and .bf16x2: a
   bfloat16 is an `atomicrmw fadd` of 2 bytes; a pair one 4-byte
   `atomicrmw add` of its bits, which touches the memory the hardware's does
   and returns the old pair, though the bits it leaves are an integer sum
   (as cuda_fp16.h's __half2). */
static __inline__ __device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *__address,
                                                     __nv_bfloat16 __val) {
  __bf16 __old = __atomic_fetch_add((__bf16 *)__address,
                                    __builtin_bit_cast(__bf16, __val.__x),
                                    __ATOMIC_RELAXED);
  return __ushort_as_bfloat16(__builtin_bit_cast(unsigned short, __old));
}
static __inline__ __device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *__address,
                                                      __nv_bfloat162 __val) {
  unsigned int __old = __uAtomicAdd((unsigned int *)__address,
                                    __builtin_bit_cast(unsigned int, __val));
  return __builtin_bit_cast(__nv_bfloat162, __old);
}

#undef __GPURD_HD
#endif /* GPURD_CUDA_BF16_H */

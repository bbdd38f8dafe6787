/*===- gpurd_cuda_prelude.h - gpurd's stand-in for the CUDA headers -------===*
 *
 * gpurd parses .cu files with
 *   clang -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_XX
 *         -isystem <this directory> -include gpurd_cuda_prelude.h
 * so that no CUDA installation is needed (and Clang 19, which cannot parse
 * the headers of CUDA 12.6+, never sees them).  This header plays the part of
 * the cuda_runtime.h that nvcc includes implicitly: it pulls in Clang's own
 * device-side headers from the resource directory (built-in variables,
 * libdevice declarations, math, intrinsics, textures) and declares, in its
 * own words, the types and host API of the CUDA runtime as of CUDA 11.8
 * (the last release with texture references).
 *
 * Host-side functions are declarations only: gpurd never links.  Device-side
 * functions defined here lower to NVVM builtins or libdevice (__nv_*) calls so
 * that the device pass compiles to NVPTX LLVM IR.
 *
 * The other headers in this directory (cuda_runtime.h, vector_types.h, ...)
 * forward here, so #include <cuda_runtime.h> and friends resolve to it.
 * docs/cuda-prelude.md describes what is covered and what is not.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_PRELUDE_H
#define GPURD_CUDA_PRELUDE_H

#if !defined(__CUDA__) || !defined(__clang__) || !defined(__cplusplus)
#error "gpurd_cuda_prelude.h is for Clang's CUDA mode (-x cuda) only"
#endif

/*===--- 1. Versions and compiler identification --------------------------===*/

/* Defined before the standard headers: libstdc++ checks __CUDACC__ to avoid
 * __float128, which the device side cannot handle. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __GPURD__
#define __GPURD__ 1 /* this is gpurd's prelude, not the real CUDA headers */
#endif
#define CUDA_VERSION 11080
#define CUDART_VERSION 11080
#define __CUDART_API_VERSION 11080
#define __CUDACC_VER_MAJOR__ 11
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 89
#define __CUDA_API_VERSION 11080
#define __CUDACC_EXTENDED_LAMBDA__ 1
#define __CUDACC_RELAXED_CONSTEXPR__ 1

/* The include guards of the CUDA headers this prelude stands in for: user
 * code tests some of them (helper_cuda.h checks __DRIVER_TYPES_H__ and
 * __CUDA_RUNTIME_H__), and defining them keeps real CUDA headers that a
 * project ships a copy of from being parsed on top of the prelude. */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_HPP__
#define __HOST_DEFINES_H__
#define __HOST_CONFIG_H__
#define __BUILTIN_TYPES_H__
#define __DEVICE_TYPES_H__
#define __CHANNEL_DESCRIPTOR_H__
#define __TEXTURE_TYPES_H__
#define __SURFACE_TYPES_H__
#define __CUDA_TEXTURE_TYPES_H__
#define __CUDA_SURFACE_TYPES_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __SURFACE_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_DOUBLE_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_35_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_20_INTRINSICS_H__
#define __SM_35_INTRINSICS_H__
#define __SM_61_INTRINSICS_H__
#define __MATH_FUNCTIONS_H__
#define __COMMON_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_PROFILER_API_H__

/* Thrust 1.17 picks its tuning policies by __CUDA_ARCH__ from sm_30 up and
 * leaves THRUST_TUNING_ARCH undefined below (CUDA 11 has no sm_2x), so its
 * algorithms do not compile for the sm_20 that gpurd's Fermi presets target.
 * There, the sm_30 policies stand in: they shape only Thrust's and CUB's
 * own kernels, which gpurd does not analyse unless asked to. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 300 && !defined(THRUST_TUNING_ARCH)
#define THRUST_TUNING_ARCH sm30
#endif

#if __cplusplus >= 201103L
#define __GPURD_CONSTEXPR constexpr
#else
#define __GPURD_CONSTEXPR
#endif

/*===--- 2. Standard headers nvcc includes implicitly (and no others) ------===*/

/* Must precede <cmath>: declares the device overloads <cmath> refers to. */
#include <__clang_cuda_math_forward_declares.h>
#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmath>
#include <cstdlib>
#include <new>
#include <utility>

/*===--- 3. Execution spaces and qualifiers (host_defines.h) --------------===*/

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* Clang supports the managed attribute for HIP only: a managed variable is a
 * device global, tagged for the analysis with an annotation. */
#define __managed__ __device__ __attribute__((annotate("gpurd.managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is a keyword in Clang's CUDA mode; no macro needed. */
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __CUDA_ALIGN__(n) __align__(n)
#define __thread__ __thread
#define __grid_constant__ /* Clang 19 has no grid_constant attribute */
#define __nv_pure__ __attribute__((pure))
#define __device_builtin__
#define __device_builtin_texture_type__ __attribute__((device_builtin_texture_type))
#define __device_builtin_surface_type__ __attribute__((device_builtin_surface_type))
#define __cudart_builtin__
#define __annotate__(a) __attribute__((a))
#define __location__(a) __annotate__(a)
#define __import__
#define __export__
#define __cdecl
#define __specialization_static
#define CUDARTAPI
#define CUDAAPI
#define CUDART_CB
#define CUDA_CB
#define __CUDA_DEPRECATED
#define CUDART_DEVICE __device__
#define __dv(v) = v /* default arguments, CUDA's spelling */

/* Runtime functions CUDA also offers to device code (dynamic parallelism). */
#define __GPURD_HD_API __host__ __device__

/*===--- 4. Built-in vector types (vector_types.h, vector_functions.h) ----===*/

/* Declares Tn1..Tn4 with CUDA's alignments and their make_Tn1..4. */
#define __GPURD_VECTOR_TYPES(N, B, A2, A4)                                     \
  struct N##1 { B x; };                                                        \
  struct __align__(A2) N##2 { B x, y; };                                       \
  struct N##3 { B x, y, z; };                                                  \
  struct __align__(A4) N##4 { B x, y, z, w; };                                 \
  static __inline__ __host__ __device__ __GPURD_CONSTEXPR N##1 make_##N##1(    \
      B x) { return N##1{x}; }                                                 \
  static __inline__ __host__ __device__ __GPURD_CONSTEXPR N##2 make_##N##2(    \
      B x, B y) { return N##2{x, y}; }                                         \
  static __inline__ __host__ __device__ __GPURD_CONSTEXPR N##3 make_##N##3(    \
      B x, B y, B z) { return N##3{x, y, z}; }                                 \
  static __inline__ __host__ __device__ __GPURD_CONSTEXPR N##4 make_##N##4(    \
      B x, B y, B z, B w) { return N##4{x, y, z, w}; }

__GPURD_VECTOR_TYPES(char, signed char, 2, 4)
__GPURD_VECTOR_TYPES(uchar, unsigned char, 2, 4)
__GPURD_VECTOR_TYPES(short, short, 4, 8)
__GPURD_VECTOR_TYPES(ushort, unsigned short, 4, 8)
__GPURD_VECTOR_TYPES(int, int, 8, 16)
__GPURD_VECTOR_TYPES(uint, unsigned int, 8, 16)
__GPURD_VECTOR_TYPES(long, long, 2 * sizeof(long), 16)
__GPURD_VECTOR_TYPES(ulong, unsigned long, 2 * sizeof(unsigned long), 16)
__GPURD_VECTOR_TYPES(longlong, long long, 16, 16)
__GPURD_VECTOR_TYPES(ulonglong, unsigned long long, 16, 16)
__GPURD_VECTOR_TYPES(float, float, 8, 16)
__GPURD_VECTOR_TYPES(double, double, 16, 16)
#undef __GPURD_VECTOR_TYPES

/* Launch geometry.  constexpr so launch configurations constant-fold. */
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ __GPURD_CONSTEXPR dim3(unsigned int vx = 1,
                                             unsigned int vy = 1,
                                             unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ __GPURD_CONSTEXPR dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ __GPURD_CONSTEXPR operator uint3() const {
    return uint3{x, y, z};
  }
};

typedef unsigned int cuuint32_t; /* cuda.h; used by Clang's intrinsics */
typedef unsigned long long cuuint64_t;

/*===--- 5. Device library: Clang's CUDA headers --------------------------===*/

/* threadIdx, blockIdx, blockDim, gridDim, warpSize. */
#include <__clang_cuda_builtin_vars.h>
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h> /* __popc, __clz, __fdividef, ... */
#include <__clang_cuda_math.h>             /* sinf, expf, rsqrtf, min, ... */

/* Device-side system calls (printf, malloc, free, assert). */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __charSize);
/* glibc's assert() expands to __assert_fail. */
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
}
namespace std {
__device__ static inline void free(void *__p) { ::free(__p); }
__device__ static inline void *malloc(size_t __n) { return ::malloc(__n); }
} // namespace std

/* Conversions of the built-in variables, declared by the header above. */
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

#include <__clang_cuda_cmath.h> /* std:: device overloads */

/* The float overloads that __clang_cuda_math_forward_declares.h declares
 * and __clang_cuda_cmath.h leaves to CUDA's crt/math_functions.hpp, which
 * gpurd does not ship: each calls its C function, as CUDA's does.  Before,
 * `fma(a, b, c)` or `fmax(x, 0.0f)` on floats compiled to a call without a
 * body (the emulator stopped at it; llm.c's adamw_kernel2). */
#define __GPURD_CMATH_F1(NAME)                                                 \
  static __device__ __inline__ __attribute__((always_inline)) float NAME(      \
      float __x) {                                                             \
    return ::NAME##f(__x);                                                     \
  }
#define __GPURD_CMATH_F2(NAME)                                                 \
  static __device__ __inline__ __attribute__((always_inline)) float NAME(      \
      float __x, float __y) {                                                  \
    return ::NAME##f(__x, __y);                                                \
  }
__GPURD_CMATH_F1(acosh)
__GPURD_CMATH_F1(asinh)
__GPURD_CMATH_F1(atanh)
__GPURD_CMATH_F1(cbrt)
__GPURD_CMATH_F1(erf)
__GPURD_CMATH_F1(erfc)
__GPURD_CMATH_F1(exp2)
__GPURD_CMATH_F1(expm1)
__GPURD_CMATH_F1(lgamma)
__GPURD_CMATH_F1(log1p)
__GPURD_CMATH_F1(log2)
__GPURD_CMATH_F1(logb)
__GPURD_CMATH_F1(nearbyint)
__GPURD_CMATH_F1(rint)
__GPURD_CMATH_F1(round)
__GPURD_CMATH_F1(tgamma)
__GPURD_CMATH_F1(trunc)
__GPURD_CMATH_F2(copysign)
__GPURD_CMATH_F2(fdim)
__GPURD_CMATH_F2(fmax)
__GPURD_CMATH_F2(fmin)
__GPURD_CMATH_F2(hypot)
__GPURD_CMATH_F2(nextafter)
__GPURD_CMATH_F2(remainder)
#undef __GPURD_CMATH_F1
#undef __GPURD_CMATH_F2
static __device__ __inline__ __attribute__((always_inline)) float
fma(float __x, float __y, float __z) {
  return ::fmaf(__x, __y, __z);
}
static __device__ __inline__ __attribute__((always_inline)) float
scalbn(float __x, int __n) {
  return ::scalbnf(__x, __n);
}
static __device__ __inline__ __attribute__((always_inline)) float
scalbln(float __x, long __n) {
  return ::scalblnf(__x, __n);
}

/* Warp shuffles/votes, __syncwarp, __ldg, funnel shifts.  The header's sm_70+
 * part #includes CUDA's crt/sm_70_rt.hpp, which we do not ship, so it is
 * included with __CUDA_ARCH__ capped at 600; section 7 supplies the sm_70+
 * (__match_*_sync) and sm_80+ (__reduce_*_sync) functions it would define.
 * Below sm_32 the arch is raised to 320 for this header only, so that __ldg,
 * the *_sync shuffles/votes and __syncwarp exist for every target: gpurd
 * models old GPUs (e.g. an sm_20 preset) on code written for newer ones,
 * where nvcc would reject these functions. */
#pragma push_macro("__CUDA_ARCH__")
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
#undef __CUDA_ARCH__
#define __CUDA_ARCH__ 600
#elif __CUDA_ARCH__ < 320
#undef __CUDA_ARCH__
#define __CUDA_ARCH__ 320
#endif
#include <__clang_cuda_intrinsics.h>
#pragma pop_macro("__CUDA_ARCH__")

#include <__clang_cuda_complex_builtins.h>

/*===--- 6. Device atomics (device_atomic_functions.h, sm_20..sm_60) ------===*/

/* Each maps to the __[i|u|ull|f|d]Atomic* wrappers of Clang's header.
 * CUDA declares atomicAdd(double) and the _block/_system scopes only from
 * sm_60 (sm_60_atomic_functions.h), and older code defines its own
 * atomicAdd(double*, double) under `#if __CUDA_ARCH__ < 600` (which nvcc
 * also accepts in the host pass).  So atomicAdd(double) is an ordinary
 * function only in device passes for sm_60+; elsewhere it is a template (a
 * CAS loop), which a user's non-template definition beats without a
 * redefinition error.  Below sm_60 the scoped forms are device-scope
 * templates, so newer code still parses under old-GPU presets. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#define __GPURD_SM60_ATOMICS 1
#endif
#ifdef __GPURD_SM60_ATOMICS
#define __GPURD_ATOMIC(NAME, T, IMPL)                                          \
  static __inline__ __device__ T NAME(T *__p, T __v) { return IMPL(__p, __v); } \
  static __inline__ __device__ T NAME##_block(T *__p, T __v) {                 \
    return IMPL##_block(__p, __v);                                             \
  }                                                                            \
  static __inline__ __device__ T NAME##_system(T *__p, T __v) {                \
    return IMPL##_system(__p, __v);                                            \
  }
#else
#define __GPURD_ATOMIC(NAME, T, IMPL)                                          \
  static __inline__ __device__ T NAME(T *__p, T __v) { return IMPL(__p, __v); }
#endif
__GPURD_ATOMIC(atomicAdd, int, __iAtomicAdd)
__GPURD_ATOMIC(atomicAdd, unsigned int, __uAtomicAdd)
__GPURD_ATOMIC(atomicAdd, unsigned long long, __ullAtomicAdd)
__GPURD_ATOMIC(atomicAdd, float, __fAtomicAdd)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
__GPURD_ATOMIC(atomicAdd, double, __dAtomicAdd)
#elif !defined(__CUDA_ARCH__)
static __inline__ __device__ double atomicAdd_block(double *__p, double __v) { return __dAtomicAdd_block(__p, __v); }
static __inline__ __device__ double atomicAdd_system(double *__p, double __v) { return __dAtomicAdd_system(__p, __v); }
#endif
__GPURD_ATOMIC(atomicExch, int, __iAtomicExch)
__GPURD_ATOMIC(atomicExch, unsigned int, __uAtomicExch)
__GPURD_ATOMIC(atomicExch, unsigned long long, __ullAtomicExch)
__GPURD_ATOMIC(atomicExch, float, __fAtomicExch)
__GPURD_ATOMIC(atomicMin, int, __iAtomicMin)
__GPURD_ATOMIC(atomicMin, unsigned int, __uAtomicMin)
__GPURD_ATOMIC(atomicMin, long long, __illAtomicMin)
__GPURD_ATOMIC(atomicMin, unsigned long long, __ullAtomicMin)
__GPURD_ATOMIC(atomicMax, int, __iAtomicMax)
__GPURD_ATOMIC(atomicMax, unsigned int, __uAtomicMax)
__GPURD_ATOMIC(atomicMax, long long, __illAtomicMax)
__GPURD_ATOMIC(atomicMax, unsigned long long, __ullAtomicMax)
__GPURD_ATOMIC(atomicInc, unsigned int, __uAtomicInc)
__GPURD_ATOMIC(atomicDec, unsigned int, __uAtomicDec)
__GPURD_ATOMIC(atomicAnd, int, __iAtomicAnd)
__GPURD_ATOMIC(atomicAnd, unsigned int, __uAtomicAnd)
__GPURD_ATOMIC(atomicAnd, unsigned long long, __ullAtomicAnd)
__GPURD_ATOMIC(atomicOr, int, __iAtomicOr)
__GPURD_ATOMIC(atomicOr, unsigned int, __uAtomicOr)
__GPURD_ATOMIC(atomicOr, unsigned long long, __ullAtomicOr)
__GPURD_ATOMIC(atomicXor, int, __iAtomicXor)
__GPURD_ATOMIC(atomicXor, unsigned int, __uAtomicXor)
__GPURD_ATOMIC(atomicXor, unsigned long long, __ullAtomicXor)
#undef __GPURD_ATOMIC

static __inline__ __device__ int atomicSub(int *__p, int __v) { return __iAtomicAdd(__p, -__v); }
static __inline__ __device__ unsigned int atomicSub(unsigned int *__p, unsigned int __v) {
  return __uAtomicAdd(__p, (unsigned int)-__v);
}

#define __GPURD_ATOMIC_CAS(T, IMPL)                                            \
  static __inline__ __device__ T atomicCAS(T *__p, T __c, T __v) {             \
    return IMPL(__p, __c, __v);                                                \
  }
__GPURD_ATOMIC_CAS(int, __iAtomicCAS)
__GPURD_ATOMIC_CAS(unsigned int, __uAtomicCAS)
__GPURD_ATOMIC_CAS(unsigned long long, __ullAtomicCAS)
#undef __GPURD_ATOMIC_CAS

template <class __T> struct __gpurd_same_type { typedef __T type; };
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 600
/* atomicAdd(double) as a template: below sm_60 (a CAS loop) and on the
 * host side, where nvcc lets code define its own under
 * `#if __CUDA_ARCH__ < 600`; a user's non-template definition wins. */
template <class __T> struct __gpurd_if_double {};
template <> struct __gpurd_if_double<double> { typedef double type; };
template <class __D>
static __inline__ __device__ typename __gpurd_if_double<__D>::type
atomicAdd(__D *__p, typename __gpurd_same_type<__D>::type __v) {
  unsigned long long *__a = (unsigned long long *)__p, __old = *__a, __seen;
  do {
    __seen = __old;
    __old = __ullAtomicCAS(__a, __seen, __double_as_longlong(__v + __longlong_as_double(__seen)));
  } while (__seen != __old);
  return __longlong_as_double(__old);
}
#endif

#ifdef __GPURD_SM60_ATOMICS
static __inline__ __device__ int atomicSub_block(int *__p, int __v) { return __iAtomicAdd_block(__p, -__v); }
static __inline__ __device__ int atomicSub_system(int *__p, int __v) { return __iAtomicAdd_system(__p, -__v); }
#define __GPURD_ATOMIC_CAS(T, IMPL)                                            \
  static __inline__ __device__ T atomicCAS_block(T *__p, T __c, T __v) {       \
    return IMPL##_block(__p, __c, __v);                                        \
  }                                                                            \
  static __inline__ __device__ T atomicCAS_system(T *__p, T __c, T __v) {      \
    return IMPL##_system(__p, __c, __v);                                       \
  }
__GPURD_ATOMIC_CAS(int, __iAtomicCAS)
__GPURD_ATOMIC_CAS(unsigned int, __uAtomicCAS)
__GPURD_ATOMIC_CAS(unsigned long long, __ullAtomicCAS)
#undef __GPURD_ATOMIC_CAS
#else
#define __GPURD_SCOPED(NAME)                                                   \
  template <class __T>                                                         \
  static __inline__ __device__ __T NAME##_block(                               \
      __T *__p, typename __gpurd_same_type<__T>::type __v) {                   \
    return NAME(__p, __v);                                                     \
  }                                                                            \
  template <class __T>                                                         \
  static __inline__ __device__ __T NAME##_system(                              \
      __T *__p, typename __gpurd_same_type<__T>::type __v) {                   \
    return NAME(__p, __v);                                                     \
  }
__GPURD_SCOPED(atomicAdd)
__GPURD_SCOPED(atomicSub)
__GPURD_SCOPED(atomicExch)
__GPURD_SCOPED(atomicMin)
__GPURD_SCOPED(atomicMax)
__GPURD_SCOPED(atomicInc)
__GPURD_SCOPED(atomicDec)
__GPURD_SCOPED(atomicAnd)
__GPURD_SCOPED(atomicOr)
__GPURD_SCOPED(atomicXor)
#undef __GPURD_SCOPED
template <class __T>
static __inline__ __device__ __T atomicCAS_block(__T *__p, typename __gpurd_same_type<__T>::type __c,
                                                 typename __gpurd_same_type<__T>::type __v) {
  return atomicCAS(__p, __c, __v);
}
template <class __T>
static __inline__ __device__ __T atomicCAS_system(__T *__p, typename __gpurd_same_type<__T>::type __c,
                                                  typename __gpurd_same_type<__T>::type __v) {
  return atomicCAS(__p, __c, __v);
}
#endif
#undef __GPURD_SM60_ATOMICS

/* Deprecated non-_sync warp votes, CUDA's spelling of them. */
/* (__any, __all, __ballot come from Clang's device functions header.) */

/*===--- 7. More device functions CUDA's headers define -------------------===*/

/* min/max: Clang's header has the device min(int,int)/max(int,int); CUDA's
 * math_functions.hpp adds these host+device overloads. */
#define __GPURD_MINMAX(R, A, B)                                                \
  static __inline__ __host__ __device__ R min(A __a, B __b) {                  \
    return (R)__a < (R)__b ? (R)__a : (R)__b;                                  \
  }                                                                            \
  static __inline__ __host__ __device__ R max(A __a, B __b) {                  \
    return (R)__a > (R)__b ? (R)__a : (R)__b;                                  \
  }
__GPURD_MINMAX(unsigned int, unsigned int, unsigned int)
__GPURD_MINMAX(unsigned int, int, unsigned int)
__GPURD_MINMAX(unsigned int, unsigned int, int)
__GPURD_MINMAX(long, long, long)
__GPURD_MINMAX(unsigned long, unsigned long, unsigned long)
__GPURD_MINMAX(unsigned long, long, unsigned long)
__GPURD_MINMAX(unsigned long, unsigned long, long)
__GPURD_MINMAX(long long, long long, long long)
__GPURD_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__GPURD_MINMAX(unsigned long long, long long, unsigned long long)
__GPURD_MINMAX(unsigned long long, unsigned long long, long long)
__GPURD_MINMAX(float, float, float)
__GPURD_MINMAX(double, double, double)
__GPURD_MINMAX(double, float, double)
__GPURD_MINMAX(double, double, float)
#undef __GPURD_MINMAX
/* Host versions of the int helpers whose device versions Clang defines. */
static __inline__ __host__ int min(int __a, int __b) { return __a < __b ? __a : __b; }
static __inline__ __host__ int max(int __a, int __b) { return __a > __b ? __a : __b; }
static __inline__ __host__ unsigned int umin(unsigned int __a, unsigned int __b) { return __a < __b ? __a : __b; }
static __inline__ __host__ unsigned int umax(unsigned int __a, unsigned int __b) { return __a > __b ? __a : __b; }
static __inline__ __host__ long long llmin(long long __a, long long __b) { return __a < __b ? __a : __b; }
static __inline__ __host__ long long llmax(long long __a, long long __b) { return __a > __b ? __a : __b; }
static __inline__ __host__ unsigned long long ullmin(unsigned long long __a, unsigned long long __b) { return __a < __b ? __a : __b; }
static __inline__ __host__ unsigned long long ullmax(unsigned long long __a, unsigned long long __b) { return __a > __b ? __a : __b; }

/* Float-to-type reinterpretations that host code also uses (CUDA offers
 * them on the host too). */
static __inline__ __host__ float __int_as_float(int __a) { float __r; memcpy(&__r, &__a, 4); return __r; }
static __inline__ __host__ int __float_as_int(float __a) { int __r; memcpy(&__r, &__a, 4); return __r; }
static __inline__ __host__ float __uint_as_float(unsigned int __a) { float __r; memcpy(&__r, &__a, 4); return __r; }
static __inline__ __host__ unsigned int __float_as_uint(float __a) { unsigned int __r; memcpy(&__r, &__a, 4); return __r; }

/* Cache-hinted loads and stores (sm_32_intrinsics.h): plain loads/stores to
 * the analysis, which is what they are apart from the cache policy. */
#define __GPURD_LOAD_HINT(NAME)                                                \
  template <class __T> static __inline__ __device__ __T NAME(const __T *__p) { \
    return *__p;                                                               \
  }
__GPURD_LOAD_HINT(__ldcg)
__GPURD_LOAD_HINT(__ldca)
__GPURD_LOAD_HINT(__ldcs)
__GPURD_LOAD_HINT(__ldlu)
__GPURD_LOAD_HINT(__ldcv)
#undef __GPURD_LOAD_HINT
#define __GPURD_STORE_HINT(NAME)                                               \
  template <class __T>                                                         \
  static __inline__ __device__ void NAME(__T *__p, __T __v) { *__p = __v; }
__GPURD_STORE_HINT(__stwb)
__GPURD_STORE_HINT(__stcg)
__GPURD_STORE_HINT(__stcs)
__GPURD_STORE_HINT(__stwt)
#undef __GPURD_STORE_HINT

/* sm_70: match (what CUDA's crt/sm_70_rt.hpp would give). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, unsigned __v) { return __nvvm_match_any_sync_i32(__m, __v); }
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, int __v) { return __nvvm_match_any_sync_i32(__m, __v); }
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, float __v) { return __nvvm_match_any_sync_i32(__m, __float_as_uint(__v)); }
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, unsigned long long __v) { return __nvvm_match_any_sync_i64(__m, __v); }
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, long long __v) { return __nvvm_match_any_sync_i64(__m, __v); }
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, double __v) { return __nvvm_match_any_sync_i64(__m, __double_as_longlong(__v)); }
static __inline__ __device__ unsigned int __match_all_sync(unsigned __m, unsigned __v, int *__p) { return __nvvm_match_all_sync_i32p(__m, __v, __p); }
static __inline__ __device__ unsigned int __match_all_sync(unsigned __m, int __v, int *__p) { return __nvvm_match_all_sync_i32p(__m, __v, __p); }
static __inline__ __device__ unsigned int __match_all_sync(unsigned __m, unsigned long long __v, int *__p) { return __nvvm_match_all_sync_i64p(__m, __v, __p); }
static __inline__ __device__ unsigned int __match_all_sync(unsigned __m, long long __v, int *__p) { return __nvvm_match_all_sync_i64p(__m, __v, __p); }
static __inline__ __device__ void __nanosleep(unsigned int __ns) { __asm__ __volatile__("nanosleep.u32 %0;" ::"r"(__ns)); }
#else
/* Below sm_70 (where nvcc has no such functions) emulate them with
 * shuffles, so that presets for older GPUs still accept newer code. */
template <class __T>
static __inline__ __device__ unsigned int __match_any_sync(unsigned __m, __T __v) {
  unsigned int __r = 0;
  for (int __l = 0; __l < 32; ++__l)
    if (((__m >> __l) & 1u) && __shfl_sync(__m, __v, __l) == __v)
      __r |= 1u << __l;
  return __r;
}
template <class __T>
static __inline__ __device__ unsigned int __match_all_sync(unsigned __m, __T __v, int *__p) {
  *__p = __match_any_sync(__m, __v) == __m;
  return *__p ? __m : 0u;
}
static __inline__ __device__ void __nanosleep(unsigned int) {}
#endif

/* sm_80: warp reductions. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
static __inline__ __device__ unsigned __reduce_add_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_add(__v, __m); }
static __inline__ __device__ int __reduce_add_sync(unsigned __m, int __v) { return __nvvm_redux_sync_add(__v, __m); }
static __inline__ __device__ unsigned __reduce_min_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_umin(__v, __m); }
static __inline__ __device__ unsigned __reduce_max_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_umax(__v, __m); }
static __inline__ __device__ int __reduce_min_sync(unsigned __m, int __v) { return __nvvm_redux_sync_min(__v, __m); }
static __inline__ __device__ int __reduce_max_sync(unsigned __m, int __v) { return __nvvm_redux_sync_max(__v, __m); }
static __inline__ __device__ unsigned __reduce_or_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_or(__v, __m); }
static __inline__ __device__ unsigned __reduce_and_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_and(__v, __m); }
static __inline__ __device__ unsigned __reduce_xor_sync(unsigned __m, unsigned __v) { return __nvvm_redux_sync_xor(__v, __m); }
#else
/* Below sm_80: butterfly reductions over shuffles (same results for full
 * masks). */
#define __GPURD_REDUCE(NAME, T, OP)                                            \
  static __inline__ __device__ T NAME(unsigned __m, T __v) {                   \
    for (int __o = 16; __o > 0; __o >>= 1) {                                   \
      T __w = __shfl_xor_sync(__m, __v, __o);                                  \
      __v = OP;                                                                \
    }                                                                          \
    return __v;                                                                \
  }
__GPURD_REDUCE(__reduce_add_sync, unsigned, __v + __w)
__GPURD_REDUCE(__reduce_add_sync, int, __v + __w)
__GPURD_REDUCE(__reduce_min_sync, unsigned, __w < __v ? __w : __v)
__GPURD_REDUCE(__reduce_max_sync, unsigned, __w > __v ? __w : __v)
__GPURD_REDUCE(__reduce_min_sync, int, __w < __v ? __w : __v)
__GPURD_REDUCE(__reduce_max_sync, int, __w > __v ? __w : __v)
__GPURD_REDUCE(__reduce_or_sync, unsigned, __v | __w)
__GPURD_REDUCE(__reduce_and_sync, unsigned, __v & __w)
__GPURD_REDUCE(__reduce_xor_sync, unsigned, __v ^ __w)
#undef __GPURD_REDUCE
#endif

/* Address-space predicates (sm_20_intrinsics.h). */
static __inline__ __device__ unsigned int __isGlobal(const void *__p) { return __nvvm_isspacep_global(__p); }
static __inline__ __device__ unsigned int __isShared(const void *__p) { return __nvvm_isspacep_shared(__p); }
static __inline__ __device__ unsigned int __isConstant(const void *__p) { return __nvvm_isspacep_const(__p); }
static __inline__ __device__ unsigned int __isLocal(const void *__p) { return __nvvm_isspacep_local(__p); }

/*===--- 8. Runtime API types (driver_types.h, texture/surface types) -----===*/

enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5, cudaErrorProfilerNotInitialized = 6,
  cudaErrorProfilerAlreadyStarted = 7, cudaErrorProfilerAlreadyStopped = 8,
  cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
  cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
  cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
  cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
  cudaErrorStubLibrary = 34, cudaErrorInsufficientDriver = 35,
  cudaErrorCallRequiresNewerDriver = 36, cudaErrorInvalidSurface = 37,
  cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
  cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
  cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
  cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
  cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
  cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209, cudaErrorAlreadyAcquired = 210,
  cudaErrorNotMapped = 211, cudaErrorNotMappedAsArray = 212,
  cudaErrorNotMappedAsPointer = 213, cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215, cudaErrorDeviceAlreadyInUse = 216,
  cudaErrorPeerAccessUnsupported = 217, cudaErrorInvalidPtx = 218,
  cudaErrorInvalidGraphicsContext = 219, cudaErrorNvlinkUncorrectable = 220,
  cudaErrorJitCompilerNotFound = 221, cudaErrorUnsupportedPtxVersion = 222,
  cudaErrorJitCompilationDisabled = 223, cudaErrorUnsupportedExecAffinity = 224,
  cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401, cudaErrorSymbolNotFound = 500,
  cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
  cudaErrorLaunchIncompatibleTexturing = 703, cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705, cudaErrorSetOnActiveProcess = 708,
  cudaErrorContextIsDestroyed = 709, cudaErrorAssert = 710,
  cudaErrorTooManyPeers = 711, cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713, cudaErrorHardwareStackError = 714,
  cudaErrorIllegalInstruction = 715, cudaErrorMisalignedAddress = 716,
  cudaErrorInvalidAddressSpace = 717, cudaErrorInvalidPc = 718,
  cudaErrorLaunchFailure = 719, cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
  cudaErrorSystemNotReady = 802, cudaErrorSystemDriverMismatch = 803,
  cudaErrorCompatNotSupportedOnDevice = 804, cudaErrorMpsConnectionFailed = 805,
  cudaErrorMpsRpcFailure = 806, cudaErrorMpsServerNotReady = 807,
  cudaErrorMpsMaxClientsReached = 808, cudaErrorMpsMaxConnectionsReached = 809,
  cudaErrorStreamCaptureUnsupported = 900, cudaErrorStreamCaptureInvalidated = 901,
  cudaErrorStreamCaptureMerge = 902, cudaErrorStreamCaptureUnmatched = 903,
  cudaErrorStreamCaptureUnjoined = 904, cudaErrorStreamCaptureIsolation = 905,
  cudaErrorStreamCaptureImplicit = 906, cudaErrorCapturedEvent = 907,
  cudaErrorStreamCaptureWrongThread = 908, cudaErrorTimeout = 909,
  cudaErrorGraphExecUpdateFailure = 910, cudaErrorExternalDevice = 911,
  cudaErrorUnknown = 999, cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};
enum cudaSharedCarveout {
  cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100,
  cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaComputeMode {
  cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2, cudaComputeModeExclusiveProcess = 3
};
enum cudaLimit {
  cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1,
  cudaLimitMallocHeapSize = 2, cudaLimitDevRuntimeSyncDepth = 3,
  cudaLimitDevRuntimePendingLaunchCount = 4, cudaLimitMaxL2FetchGranularity = 5,
  cudaLimitPersistingL2CacheSize = 6
};
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3
};
enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3, cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0, cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3,
  cudaChannelFormatKindNV12 = 4
};
enum cudaResourceType {
  cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3
};
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0, cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2, cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode {
  cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1
};
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

/* Every attribute of CUDA 12.x, with its value. */
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3, cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxPitch = 11, cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13, cudaDevAttrTextureAlignment = 14,
  cudaDevAttrGpuOverlap = 15, cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrKernelExecTimeout = 17, cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
  cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
  cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
  cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
  cudaDevAttrMaxTexture2DLayeredWidth = 27,
  cudaDevAttrMaxTexture2DLayeredHeight = 28,
  cudaDevAttrMaxTexture2DLayeredLayers = 29, cudaDevAttrSurfaceAlignment = 30,
  cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33, cudaDevAttrPciDeviceId = 34,
  cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40, cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrMaxTexture1DLayeredWidth = 42,
  cudaDevAttrMaxTexture1DLayeredLayers = 43,
  cudaDevAttrMaxTexture2DGatherWidth = 45,
  cudaDevAttrMaxTexture2DGatherHeight = 46,
  cudaDevAttrMaxTexture3DWidthAlt = 47, cudaDevAttrMaxTexture3DHeightAlt = 48,
  cudaDevAttrMaxTexture3DDepthAlt = 49, cudaDevAttrPciDomainId = 50,
  cudaDevAttrTexturePitchAlignment = 51,
  cudaDevAttrMaxTextureCubemapWidth = 52,
  cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
  cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
  cudaDevAttrMaxSurface1DWidth = 55, cudaDevAttrMaxSurface2DWidth = 56,
  cudaDevAttrMaxSurface2DHeight = 57, cudaDevAttrMaxSurface3DWidth = 58,
  cudaDevAttrMaxSurface3DHeight = 59, cudaDevAttrMaxSurface3DDepth = 60,
  cudaDevAttrMaxSurface1DLayeredWidth = 61,
  cudaDevAttrMaxSurface1DLayeredLayers = 62,
  cudaDevAttrMaxSurface2DLayeredWidth = 63,
  cudaDevAttrMaxSurface2DLayeredHeight = 64,
  cudaDevAttrMaxSurface2DLayeredLayers = 65,
  cudaDevAttrMaxSurfaceCubemapWidth = 66,
  cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
  cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
  cudaDevAttrMaxTexture1DLinearWidth = 69,
  cudaDevAttrMaxTexture2DLinearWidth = 70,
  cudaDevAttrMaxTexture2DLinearHeight = 71,
  cudaDevAttrMaxTexture2DLinearPitch = 72,
  cudaDevAttrMaxTexture2DMipmappedWidth = 73,
  cudaDevAttrMaxTexture2DMipmappedHeight = 74,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxTexture1DMipmappedWidth = 77,
  cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79,
  cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86,
  cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88,
  cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90,
  cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrCooperativeMultiDeviceLaunch = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrCanFlushRemoteWrites = 98, cudaDevAttrHostRegisterSupported = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost = 101,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrSparseCudaArraySupported = 112,
  cudaDevAttrHostRegisterReadOnlySupported = 113,
  cudaDevAttrTimelineSemaphoreInteropSupported = 114,
  cudaDevAttrMaxTimelineSemaphoreInteropSupported = 114,
  cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrGPUDirectRDMASupported = 116,
  cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
  cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
  cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
  cudaDevAttrClusterLaunch = 120,
  cudaDevAttrDeferredMappingCudaArraySupported = 121,
  cudaDevAttrIpcEventSupport = 125, cudaDevAttrMemSyncDomainCount = 126,
  cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131,
  cudaDevAttrMpsEnabled = 133, cudaDevAttrHostNumaId = 134,
  cudaDevAttrD3D12CigSupported = 135
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
  cudaFuncAttributeMax
};
/* cudaDeviceGetP2PAttribute */
enum cudaDeviceP2PAttr {
  cudaDevP2PAttrPerformanceRank = 1, cudaDevP2PAttrAccessSupported = 2,
  cudaDevP2PAttrNativeAtomicSupported = 3,
  cudaDevP2PAttrCudaArrayAccessSupported = 4
};
/* cudaMemRangeGetAttribute(s) */
enum cudaMemRangeAttribute {
  cudaMemRangeAttributeReadMostly = 1,
  cudaMemRangeAttributePreferredLocation = 2,
  cudaMemRangeAttributeAccessedBy = 3,
  cudaMemRangeAttributeLastPrefetchLocation = 4,
  cudaMemRangeAttributePreferredLocationType = 5,
  cudaMemRangeAttributePreferredLocationId = 6,
  cudaMemRangeAttributeLastPrefetchLocationType = 7,
  cudaMemRangeAttributeLastPrefetchLocationId = 8
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0, cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
/* Graphics interop (the API-independent part; cuda_gl_interop.h adds GL). */
enum cudaGraphicsRegisterFlags {
  cudaGraphicsRegisterFlagsNone = 0, cudaGraphicsRegisterFlagsReadOnly = 1,
  cudaGraphicsRegisterFlagsWriteDiscard = 2,
  cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
  cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
  cudaGraphicsMapFlagsNone = 0, cudaGraphicsMapFlagsReadOnly = 1,
  cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsCubeFace {
  cudaGraphicsCubeFacePositiveX = 0, cudaGraphicsCubeFaceNegativeX = 1,
  cudaGraphicsCubeFacePositiveY = 2, cudaGraphicsCubeFaceNegativeY = 3,
  cudaGraphicsCubeFacePositiveZ = 4, cudaGraphicsCubeFaceNegativeZ = 5
};

/* Stream/event/host-alloc flags. */
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaEventWaitDefault 0x00
#define cudaEventWaitExternal 0x01
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceSyncMemops 0x80
#define cudaDeviceMask 0xff
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
#define cudaInitDeviceFlagsAreValid 0x01
#define CUDA_IPC_HANDLE_SIZE 64
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaOccupancyDefault 0x00
#define cudaPeerAccessDefault 0x00

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef void (*cudaHostFn_t)(void *);
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;

struct cudaChannelFormatDesc {
  int x, y, z, w;
  enum cudaChannelFormatKind f;
};
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer, *hostPointer;
};
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
  int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization, seamlessCubemap;
};
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};
struct surfaceReference { struct cudaChannelFormatDesc channelDesc; };

/* The fields of CUDA 11.8's cudaDeviceProp, in its order. */
struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
  size_t totalConstMem;
  int major, minor;
  size_t textureAlignment, texturePitchAlignment;
  int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled, integrated;
  int canMapHostMemory, computeMode, maxTexture1D, maxTexture1DMipmap;
  int maxTexture1DLinear, maxTexture2D[2], maxTexture2DMipmap[2];
  int maxTexture2DLinear[3], maxTexture2DGather[2], maxTexture3D[3];
  int maxTexture3DAlt[3], maxTextureCubemap, maxTexture1DLayered[2];
  int maxTexture2DLayered[3], maxTextureCubemapLayered[2], maxSurface1D;
  int maxSurface2D[2], maxSurface3D[3], maxSurface1DLayered[2];
  int maxSurface2DLayered[3], maxSurfaceCubemap, maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID;
  int tccDriver, asyncEngineCount, unifiedAddressing, memoryClockRate;
  int memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor, streamPrioritiesSupported;
  int globalL1CacheSupported, localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor, managedMemory, isMultiGpuBoard;
  int multiGpuBoardGroupID, hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio, pageableMemoryAccess;
  int concurrentManagedAccess, computePreemptionSupported;
  int canUseHostPointerForRegisteredMem, cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables, directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor, accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
};
typedef struct cudaDeviceProp cudaDeviceProp;

struct cudaLaunchParams {
  void *func;
  dim3 gridDim, blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};

/* Extensible launches (cudaLaunchKernelEx, CUDA 11.8). */
enum cudaAccessProperty { cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1, cudaAccessPropertyPersisting = 2 };
struct cudaAccessPolicyWindow {
  void *base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp;
};
enum cudaSynchronizationPolicy { cudaSyncPolicyAuto = 1, cudaSyncPolicySpin = 2, cudaSyncPolicyYield = 3, cudaSyncPolicyBlockingSync = 4 };
enum cudaClusterSchedulingPolicy { cudaClusterSchedulingPolicyDefault = 0, cudaClusterSchedulingPolicySpread = 1, cudaClusterSchedulingPolicyLoadBalancing = 2 };
typedef enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8,
  cudaLaunchAttributeMemSyncDomainMap = 9,
  cudaLaunchAttributeMemSyncDomain = 10,
  cudaLaunchAttributeLaunchCompletionEvent = 12,
  cudaLaunchAttributeDeviceUpdatableKernelNode = 13,
  cudaLaunchAttributePreferredSharedMemoryCarveout = 14
} cudaLaunchAttributeID;
typedef enum cudaLaunchMemSyncDomain {
  cudaLaunchMemSyncDomainDefault = 0, cudaLaunchMemSyncDomainRemote = 1
} cudaLaunchMemSyncDomain;
typedef struct cudaLaunchMemSyncDomainMap_st {
  unsigned char default_;
  unsigned char remote;
} cudaLaunchMemSyncDomainMap;
typedef struct CUgraphDeviceUpdatableNode_st *cudaGraphDeviceNode_t;
typedef union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct { unsigned int x, y, z; } clusterDim;
  enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct { cudaEvent_t event; int flags; int triggerAtBlockStart; } programmaticEvent;
  int priority;
  cudaLaunchMemSyncDomainMap memSyncDomainMap;
  cudaLaunchMemSyncDomain memSyncDomain;
  struct { cudaEvent_t event; int flags; } launchCompletionEvent;
  struct { int deviceUpdatable; cudaGraphDeviceNode_t devNode; } deviceUpdatableKernelNode;
  unsigned int sharedMemCarveout;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[8 - sizeof(cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
/* Stream and kernel-node attributes are launch attributes (CUDA 12). */
typedef cudaLaunchAttributeID cudaStreamAttrID;
typedef cudaLaunchAttributeValue cudaStreamAttrValue;
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaStreamAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaStreamAttributePriority cudaLaunchAttributePriority
typedef cudaLaunchAttributeID cudaKernelNodeAttrID;
typedef cudaLaunchAttributeValue cudaKernelNodeAttrValue;
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaKernelNodeAttributeCooperative cudaLaunchAttributeCooperative
#define cudaKernelNodeAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define cudaKernelNodeAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeClusterSchedulingPolicyPreference
#define cudaKernelNodeAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaKernelNodeAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaKernelNodeAttributePreferredSharedMemoryCarveout cudaLaunchAttributePreferredSharedMemoryCarveout
#define cudaKernelNodeAttributeDeviceUpdatableKernelNode cudaLaunchAttributeDeviceUpdatableKernelNode

/* Peer 3D copies, array properties (cudaArrayGetSparseProperties, ...). */
struct cudaMemcpy3DPeerParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  int srcDevice;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  int dstDevice;
  struct cudaExtent extent;
};
struct cudaArraySparseProperties {
  struct { unsigned int width, height, depth; } tileExtent;
  unsigned int miptailFirstLevel;
  unsigned long long miptailSize;
  unsigned int flags;
  unsigned int reserved[4];
};
struct cudaArrayMemoryRequirements {
  size_t size, alignment;
  unsigned int reserved[4];
};

/*===--- 9. Runtime API functions (cuda_runtime_api.h) --------------------===*/

extern "C" {
/* Errors */
__GPURD_HD_API cudaError_t cudaGetLastError(void);
__GPURD_HD_API cudaError_t cudaPeekAtLastError(void);
__GPURD_HD_API const char *cudaGetErrorString(cudaError_t error);
__GPURD_HD_API const char *cudaGetErrorName(cudaError_t error);

/* Devices */
__GPURD_HD_API cudaError_t cudaGetDeviceCount(int *count);
__GPURD_HD_API cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaSetValidDevices(int *device_arr, int len);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__GPURD_HD_API cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__GPURD_HD_API cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__GPURD_HD_API cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
__GPURD_HD_API cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int dstDevice);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaCtxResetPersistingL2Cache(void);
cudaError_t cudaDriverGetVersion(int *driverVersion);
__GPURD_HD_API cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
/* Deprecated thread-level versions of the device calls. */
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig);
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaThreadGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaSetDoubleForDevice(double *d);
cudaError_t cudaSetDoubleForHost(double *d);

/* Memory */
__GPURD_HD_API cudaError_t cudaMalloc(void **devPtr, size_t size);
__GPURD_HD_API cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags __dv(cudaMemAttachGlobal));
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height __dv(0), unsigned int flags __dv(0));
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int flags __dv(0));
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream __dv(0));
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
__GPURD_HD_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
__GPURD_HD_API cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__GPURD_HD_API cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset __dv(0), enum cudaMemcpyKind kind __dv(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset __dv(0), enum cudaMemcpyKind kind __dv(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__GPURD_HD_API cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream __dv(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream __dv(0));
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *devPtr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width, size_t height, enum cudaMemcpyKind kind __dv(cudaMemcpyDeviceToDevice));
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count, enum cudaMemcpyKind kind __dv(cudaMemcpyDeviceToDevice));
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, enum cudaMemRangeAttribute attribute, const void *devPtr, size_t count);
cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes, enum cudaMemRangeAttribute *attributes, size_t numAttributes, const void *devPtr, size_t count);

/* Arrays: mipmapped, layered and planar */
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent, unsigned int numLevels, unsigned int flags __dv(0));
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray, unsigned int level);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags, cudaArray_t array);
cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray, unsigned int planeIdx);
cudaError_t cudaArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements, cudaArray_t array, int device);
cudaError_t cudaMipmappedArrayGetMemoryRequirements(struct cudaArrayMemoryRequirements *memoryRequirements, cudaMipmappedArray_t mipmap, int device);
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaArray_t array);
cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaMipmappedArray_t mipmap);

/* Graphics interop, independent of the graphics API */
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags);
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream __dv(0));
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream __dv(0));
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource, unsigned int arrayIndex, unsigned int mipLevel);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray, cudaGraphicsResource_t resource);

/* Streams and events */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__GPURD_HD_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
__GPURD_HD_API cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
__GPURD_HD_API cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
__GPURD_HD_API cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId);
__GPURD_HD_API cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
__GPURD_HD_API cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue *value_out);
__GPURD_HD_API cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue *value);
__GPURD_HD_API cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
__GPURD_HD_API cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags __dv(0));
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData, unsigned int flags);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length __dv(0), unsigned int flags __dv(cudaMemAttachSingle));
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaEventCreate(cudaEvent_t *event);
__GPURD_HD_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__GPURD_HD_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream __dv(0));
__GPURD_HD_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream __dv(0), unsigned int flags __dv(0));
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
__GPURD_HD_API cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

/* Execution control */
__GPURD_HD_API cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList, unsigned int numDevices, unsigned int flags __dv(0));
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem __dv(0), cudaStream_t stream __dv(0));
cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset);
cudaError_t cudaLaunch(const void *func);
__GPURD_HD_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);

/* The device runtime (cuda_device_runtime_api.h): what a kernel calls to
 * launch another kernel (dynamic parallelism).  Thrust and CUB name these in
 * __device__ code that their host pass parses (CUDA 11.6+ spells a device
 * cudaDeviceSynchronize() as __cudaDeviceSynchronizeDeprecationAvoidance());
 * their device pass only uses them with -rdc (__CUDACC_RDC__), which gpurd
 * never sets.  Declarations only: a call is an external call in device IR. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ void *cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension, dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
__device__ cudaError_t cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream);
__device__ cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);

/* Textures and surfaces */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref, const void *devPtr, const struct cudaChannelFormatDesc *desc, size_t size __dv(UINT_MAX));
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref, const void *devPtr, const struct cudaChannelFormatDesc *desc, size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array, const struct cudaChannelFormatDesc *desc);
cudaError_t cudaBindTextureToMipmappedArray(const struct textureReference *texref, cudaMipmappedArray_const_t mipmappedArray, const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref);
cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol);
cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array, const struct cudaChannelFormatDesc *desc);
cudaError_t cudaGetSurfaceReference(const struct surfaceReference **surfref, const void *symbol);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc, const struct cudaTextureDesc *pTexDesc, const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);

/* Profiler (cuda_profiler_api.h) */
cudaError_t cudaProfilerInitialize(const char *configFile, const char *outputFile, int outputMode);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

/* Kernel launch configuration: Clang lowers kernel<<<g, b, smem, s>>>(...)
 * to a call of __cudaPushCallConfiguration (SDK >= 9.2) or of
 * cudaConfigureCall (older or unknown SDK); both are declared. */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0, void *stream = 0);
unsigned __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                    size_t *sharedMem, void *stream);
} /* extern "C" */

/* 9a. Memory pools and stream-ordered allocation; 9b. graphs and stream
 * capture; 9c. external memory and semaphores (Vulkan/D3D/NvSci interop).
 * Each family in its own header (types, calls, C++ overloads); 9c comes
 * before 9b, whose cudaGraphNodeParams names its semaphore node types. */
#include "gpurd_cuda_mempool.h"
#include "gpurd_cuda_external.h"
#include "gpurd_cuda_graph.h"

/*===--- 10. C++ runtime API (cuda_runtime.h, channel_descriptor.h) -------===*/

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *__e, unsigned int __flags) {
  return ::cudaEventCreateWithFlags(__e, __flags);
}

/* Channel descriptors for cudaCreateChannelDesc<T>(). */
template <class __T> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#define __GPURD_CHANNEL(T, X, Y, Z, W, K)                                      \
  template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<T>(void) { \
    return cudaCreateChannelDesc(X, Y, Z, W, cudaChannelFormatKind##K);        \
  }
#define __GPURD_CHANNELS(T, V, B, K)                                           \
  __GPURD_CHANNEL(V##1, B, 0, 0, 0, K)                                         \
  __GPURD_CHANNEL(V##2, B, B, 0, 0, K)                                         \
  __GPURD_CHANNEL(V##4, B, B, B, B, K)
__GPURD_CHANNEL(char, 8 * (int)sizeof(char), 0, 0, 0, Signed)
__GPURD_CHANNEL(signed char, 8, 0, 0, 0, Signed)
__GPURD_CHANNEL(unsigned char, 8, 0, 0, 0, Unsigned)
__GPURD_CHANNEL(short, 16, 0, 0, 0, Signed)
__GPURD_CHANNEL(unsigned short, 16, 0, 0, 0, Unsigned)
__GPURD_CHANNEL(int, 32, 0, 0, 0, Signed)
__GPURD_CHANNEL(unsigned int, 32, 0, 0, 0, Unsigned)
__GPURD_CHANNEL(long, 8 * (int)sizeof(long), 0, 0, 0, Signed)
__GPURD_CHANNEL(unsigned long, 8 * (int)sizeof(long), 0, 0, 0, Unsigned)
__GPURD_CHANNEL(float, 32, 0, 0, 0, Float)
__GPURD_CHANNELS(char, char, 8, Signed)
__GPURD_CHANNELS(uchar, uchar, 8, Unsigned)
__GPURD_CHANNELS(short, short, 16, Signed)
__GPURD_CHANNELS(ushort, ushort, 16, Unsigned)
__GPURD_CHANNELS(int, int, 32, Signed)
__GPURD_CHANNELS(uint, uint, 32, Unsigned)
__GPURD_CHANNELS(float, float, 32, Float)
#undef __GPURD_CHANNELS
#undef __GPURD_CHANNEL

template <class __T> static __inline__ __host__ cudaError_t cudaMalloc(__T **__p, size_t __n) {
  return ::cudaMalloc((void **)(void *)__p, __n);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocHost(__T **__p, size_t __n, unsigned int __flags = 0) {
  return ::cudaMallocHost((void **)(void *)__p, __n);
}
static __inline__ __host__ cudaError_t cudaMallocHost(void **__p, size_t __n, unsigned int __flags) {
  return ::cudaHostAlloc(__p, __n, __flags);
}
template <class __T> static __inline__ __host__ cudaError_t cudaHostAlloc(__T **__p, size_t __n, unsigned int __flags) {
  return ::cudaHostAlloc((void **)(void *)__p, __n, __flags);
}
template <class __T> static __inline__ __host__ cudaError_t cudaHostGetDevicePointer(__T **__d, void *__h, unsigned int __flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)__d, __h, __flags);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocManaged(__T **__p, size_t __n, unsigned int __flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)__p, __n, __flags);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocPitch(__T **__p, size_t *__pitch, size_t __w, size_t __h) {
  return ::cudaMallocPitch((void **)(void *)__p, __pitch, __w, __h);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocAsync(__T **__p, size_t __n, cudaStream_t __s) {
  return ::cudaMallocAsync((void **)(void *)__p, __n, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(const __T &__sym, const void *__src, size_t __n, size_t __off = 0, enum cudaMemcpyKind __k = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&__sym, __src, __n, __off, __k);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMemcpyToSymbolAsync(const __T &__sym, const void *__src, size_t __n, size_t __off = 0, enum cudaMemcpyKind __k = cudaMemcpyHostToDevice, cudaStream_t __s = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&__sym, __src, __n, __off, __k, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(void *__dst, const __T &__sym, size_t __n, size_t __off = 0, enum cudaMemcpyKind __k = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(__dst, (const void *)&__sym, __n, __off, __k);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMemcpyFromSymbolAsync(void *__dst, const __T &__sym, size_t __n, size_t __off = 0, enum cudaMemcpyKind __k = cudaMemcpyDeviceToHost, cudaStream_t __s = 0) {
  return ::cudaMemcpyFromSymbolAsync(__dst, (const void *)&__sym, __n, __off, __k, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **__p, const __T &__sym) {
  return ::cudaGetSymbolAddress(__p, (const void *)&__sym);
}
template <class __T> static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *__n, const __T &__sym) {
  return ::cudaGetSymbolSize(__n, (const void *)&__sym);
}
template <class __T> static __inline__ __host__ cudaError_t cudaFuncSetCacheConfig(__T *__f, enum cudaFuncCache __c) {
  return ::cudaFuncSetCacheConfig((const void *)__f, __c);
}
template <class __T> static __inline__ __host__ cudaError_t cudaFuncSetSharedMemConfig(__T *__f, enum cudaSharedMemConfig __c) {
  return ::cudaFuncSetSharedMemConfig((const void *)__f, __c);
}
template <class __T> static __inline__ __host__ cudaError_t cudaFuncSetAttribute(__T *__f, enum cudaFuncAttribute __a, int __v) {
  return ::cudaFuncSetAttribute((const void *)__f, __a, __v);
}
template <class __T> static __inline__ __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *__a, __T *__f) {
  return ::cudaFuncGetAttributes(__a, (const void *)__f);
}
template <class __T> static __inline__ __host__ cudaError_t cudaLaunchKernel(__T *__f, dim3 __g, dim3 __b, void **__args, size_t __smem = 0, cudaStream_t __s = 0) {
  return ::cudaLaunchKernel((const void *)__f, __g, __b, __args, __smem, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaLaunchCooperativeKernel(__T *__f, dim3 __g, dim3 __b, void **__args, size_t __smem = 0, cudaStream_t __s = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)__f, __g, __b, __args, __smem, __s);
}
/* The arguments are converted to the kernel's parameter types, as CUDA does. */
template <typename... __ExpTypes, typename... __ActTypes>
static __inline__ __host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *__config, void (*__kernel)(__ExpTypes...), __ActTypes &&...__args) {
  return [&](__ExpTypes... __coerced) {
    void *__pArgs[] = {&__coerced..., nullptr};
    return ::cudaLaunchKernelExC(__config, (const void *)__kernel, __pArgs);
  }(std::forward<__ActTypes>(__args)...);
}
template <class __T> static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *__n, __T __f, int __bs, size_t __smem) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(__n, (const void *)__f, __bs, __smem);
}
template <class __T> static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *__n, __T __f, int __bs, size_t __smem, unsigned int __flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(__n, (const void *)__f, __bs, __smem, __flags);
}
/* Declared only: the real one searches block sizes with the occupancy API. */
template <class __T> __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *__minGridSize, int *__blockSize, __T __f, size_t __smem = 0, int __blockSizeLimit = 0);
template <class __F, class __T> __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *__minGridSize, int *__blockSize, __T __f, __F __smemOfBlockSize, int __blockSizeLimit = 0);
template <class __T> __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *__minGridSize, int *__blockSize, __T __f, size_t __smem = 0, int __blockSizeLimit = 0, unsigned int __flags = 0);

/* 3D helpers (driver_functions.h). */
static __inline__ __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *__d, size_t __p, size_t __xs, size_t __ys) {
  struct cudaPitchedPtr __r = {__d, __p, __xs, __ys};
  return __r;
}
static __inline__ __host__ struct cudaPos make_cudaPos(size_t __x, size_t __y, size_t __z) {
  struct cudaPos __r = {__x, __y, __z};
  return __r;
}
static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t __w, size_t __h, size_t __d) {
  struct cudaExtent __r = {__w, __h, __d};
  return __r;
}

/*===--- 11. Textures and surfaces ----------------------------------------===*/

/* Texture references (removed in CUDA 12, common in benchmark suites).
 * Clang gives variables of this type a texture handle on the device. */
template <class __T, int __dim = cudaTextureType1D,
          enum cudaTextureReadMode __mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int __norm = 0,
                   enum cudaTextureFilterMode __fm = cudaFilterModePoint,
                   enum cudaTextureAddressMode __am = cudaAddressModeClamp) {
    normalized = __norm;
    filterMode = __fm;
    addressMode[0] = addressMode[1] = addressMode[2] = __am;
    channelDesc = cudaCreateChannelDesc<__T>();
    sRGB = 0;
  }
  __host__ texture(int __norm, enum cudaTextureFilterMode __fm,
                   enum cudaTextureAddressMode __am,
                   struct cudaChannelFormatDesc __desc) {
    normalized = __norm;
    filterMode = __fm;
    addressMode[0] = addressMode[1] = addressMode[2] = __am;
    channelDesc = __desc;
    sRGB = 0;
  }
};

template <class __T = void, int __dim = cudaSurfaceType1D>
struct __device_builtin_surface_type__ surface : public surfaceReference {
  __host__ surface(void) { channelDesc = cudaCreateChannelDesc<__T>(); }
  __host__ surface(struct cudaChannelFormatDesc __desc) { channelDesc = __desc; }
};

/* Host-side binding of texture references (templated forms). */
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *__off, const struct texture<__T, __d, __m> &__t, const void *__p, const struct cudaChannelFormatDesc &__desc, size_t __n = UINT_MAX) {
  return ::cudaBindTexture(__off, &__t, __p, &__desc, __n);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTexture(size_t *__off, const struct texture<__T, __d, __m> &__t, const void *__p, size_t __n = UINT_MAX) {
  return ::cudaBindTexture(__off, &__t, __p, &__t.channelDesc, __n);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTexture2D(size_t *__off, const struct texture<__T, __d, __m> &__t, const void *__p, const struct cudaChannelFormatDesc &__desc, size_t __w, size_t __h, size_t __pitch) {
  return ::cudaBindTexture2D(__off, &__t, __p, &__desc, __w, __h, __pitch);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTexture2D(size_t *__off, const struct texture<__T, __d, __m> &__t, const void *__p, size_t __w, size_t __h, size_t __pitch) {
  return ::cudaBindTexture2D(__off, &__t, __p, &__t.channelDesc, __w, __h, __pitch);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(const struct texture<__T, __d, __m> &__t, cudaArray_const_t __a, const struct cudaChannelFormatDesc &__desc) {
  return ::cudaBindTextureToArray(&__t, __a, &__desc);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(const struct texture<__T, __d, __m> &__t, cudaArray_const_t __a) {
  return ::cudaBindTextureToArray(&__t, __a, &__t.channelDesc);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaUnbindTexture(const struct texture<__T, __d, __m> &__t) {
  return ::cudaUnbindTexture(&__t);
}
template <class __T, int __d, enum cudaTextureReadMode __m>
static __inline__ __host__ cudaError_t cudaGetTextureAlignmentOffset(size_t *__off, const struct texture<__T, __d, __m> &__t) {
  return ::cudaGetTextureAlignmentOffset(__off, &__t);
}
template <class __T, int __d>
static __inline__ __host__ cudaError_t cudaBindSurfaceToArray(const struct surface<__T, __d> &__s, cudaArray_const_t __a, const struct cudaChannelFormatDesc &__desc) {
  return ::cudaBindSurfaceToArray(&__s, __a, &__desc);
}
template <class __T, int __d>
static __inline__ __host__ cudaError_t cudaBindSurfaceToArray(const struct surface<__T, __d> &__s, cudaArray_const_t __a) {
  return ::cudaBindSurfaceToArray(&__s, __a, &__s.channelDesc);
}

/* Device-side fetches, implemented with Clang's __nv_tex_surf_handler
 * (inline PTX tex.* instructions). Clang's header names template parameters
 * `T` and `N`, which a build's `-DN=1024` would replace: keep the user's
 * macros out of it (nvcc never includes it). */
#pragma push_macro("N")
#pragma push_macro("T")
#undef N
#undef T
#include <__clang_cuda_texture_intrinsics.h>
#pragma pop_macro("T")
#pragma pop_macro("N")

/* The float type a cudaReadModeNormalizedFloat fetch of T returns. */
template <class __T> struct __gpurd_tex_nf { typedef float type; };
#define __GPURD_TEX_NF(V, R)                                                   \
  template <> struct __gpurd_tex_nf<V> { typedef R type; };
__GPURD_TEX_NF(char1, float1) __GPURD_TEX_NF(uchar1, float1)
__GPURD_TEX_NF(short1, float1) __GPURD_TEX_NF(ushort1, float1)
__GPURD_TEX_NF(char2, float2) __GPURD_TEX_NF(uchar2, float2)
__GPURD_TEX_NF(short2, float2) __GPURD_TEX_NF(ushort2, float2)
__GPURD_TEX_NF(char4, float4) __GPURD_TEX_NF(uchar4, float4)
__GPURD_TEX_NF(short4, float4) __GPURD_TEX_NF(ushort4, float4)
#undef __GPURD_TEX_NF

/* One texture-reference fetch and one texture-object fetch per operation.
 * OP/OPNF: handler names (element type / normalized float); NAME: the CUDA function; DIM: texture type; P/A: the
 * coordinate parameters and the arguments passed on. */
#define __GPURD_TEX(NAME, OP, OPNF, DIM, P, A)                                       \
  template <class __T>                                                         \
  static __inline__ __device__ __T NAME(                                       \
      texture<__T, DIM, cudaReadModeElementType> __t, __GPURD_UNPAREN P) {     \
    __T __r;                                                                   \
    __nv_tex_surf_handler(OP, &__r, __t, __GPURD_UNPAREN A);                   \
    return __r;                                                                \
  }                                                                            \
  template <class __T>                                                         \
  static __inline__ __device__ typename __gpurd_tex_nf<__T>::type NAME(        \
      texture<__T, DIM, cudaReadModeNormalizedFloat> __t, __GPURD_UNPAREN P) { \
    __T __type;                                                                \
    typename __gpurd_tex_nf<__T>::type __r;                                    \
    __nv_tex_surf_handler(OPNF, &__type, &__r, __t, __GPURD_UNPAREN A);          \
    return __r;                                                                \
  }                                                                            \
  template <class __T>                                                         \
  static __inline__ __device__ void NAME(__T *__r, cudaTextureObject_t __o,    \
                                         __GPURD_UNPAREN P) {                  \
    __nv_tex_surf_handler(OP, __r, __o, __GPURD_UNPAREN A);                    \
  }                                                                            \
  template <class __T>                                                         \
  static __inline__ __device__ __T NAME(cudaTextureObject_t __o,               \
                                        __GPURD_UNPAREN P) {                   \
    __T __r;                                                                   \
    __nv_tex_surf_handler(OP, &__r, __o, __GPURD_UNPAREN A);                   \
    return __r;                                                                \
  }
#define __GPURD_UNPAREN(...) __VA_ARGS__
__GPURD_TEX(tex1Dfetch, "__tex1Dfetch_v2", "__tex1Dfetch_rmnf_v2", cudaTextureType1D, (int __x), (__x))
__GPURD_TEX(tex1D, "__tex1D_v2", "__tex1D_rmnf_v2", cudaTextureType1D, (float __x), (__x))
__GPURD_TEX(tex2D, "__tex2D_v2", "__tex2D_rmnf_v2", cudaTextureType2D, (float __x, float __y), (__x, __y))
__GPURD_TEX(tex3D, "__tex3D_v2", "__tex3D_rmnf_v2", cudaTextureType3D, (float __x, float __y, float __z), (__x, __y, __z))
__GPURD_TEX(tex1DLod, "__tex1DLod_v2", "__tex1DLod_rmnf_v2", cudaTextureType1D, (float __x, float __l), (__x, __l))
__GPURD_TEX(tex2DLod, "__tex2DLod_v2", "__tex2DLod_rmnf_v2", cudaTextureType2D, (float __x, float __y, float __l), (__x, __y, __l))
__GPURD_TEX(tex3DLod, "__tex3DLod_v2", "__tex3DLod_rmnf_v2", cudaTextureType3D, (float __x, float __y, float __z, float __l), (__x, __y, __z, __l))
__GPURD_TEX(tex1DLayered, "__tex1DLayered_v2", "__tex1DLayered_rmnf_v2", cudaTextureType1DLayered, (float __x, int __layer), (__x, __layer))
__GPURD_TEX(tex2DLayered, "__tex2DLayered_v2", "__tex2DLayered_rmnf_v2", cudaTextureType2DLayered, (float __x, float __y, int __layer), (__x, __y, __layer))
__GPURD_TEX(texCubemap, "__texCubemap_v2", "__texCubemap_rmnf_v2", cudaTextureTypeCubemap, (float __x, float __y, float __z), (__x, __y, __z))
#undef __GPURD_TEX
#undef __GPURD_UNPAREN

/* Surfaces: declarations only (Clang has no surface lowering); device IR
 * shows them as calls to these external functions. */
template <class __T> __device__ void surf1Dwrite(__T __v, cudaSurfaceObject_t __s, int __x, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf2Dwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __y, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf3Dwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __y, int __z, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surf1Dread(cudaSurfaceObject_t __s, int __x, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surf2Dread(cudaSurfaceObject_t __s, int __x, int __y, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surf3Dread(cudaSurfaceObject_t __s, int __x, int __y, int __z, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf2Dread(__T *__r, cudaSurfaceObject_t __s, int __x, int __y, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surf1Dwrite(__V __v, surface<__T, cudaSurfaceType1D> __s, int __x, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surf2Dwrite(__V __v, surface<__T, cudaSurfaceType2D> __s, int __x, int __y, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surf3Dwrite(__V __v, surface<__T, cudaSurfaceType3D> __s, int __x, int __y, int __z, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surf2Dread(__V *__r, surface<__T, cudaSurfaceType2D> __s, int __x, int __y, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf1Dread(__T *__r, cudaSurfaceObject_t __s, int __x, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf3Dread(__T *__r, cudaSurfaceObject_t __s, int __x, int __y, int __z, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
/* Layered and cubemap surfaces: a layer index, a face (0-5) or a
 * layer * 6 + face selects the 1D/2D image. */
template <class __T> __device__ void surf1DLayeredwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf2DLayeredwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __y, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surfCubemapwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __y, int __face, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surfCubemapLayeredwrite(__T __v, cudaSurfaceObject_t __s, int __x, int __y, int __layerFace, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surf1DLayeredread(cudaSurfaceObject_t __s, int __x, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surf2DLayeredread(cudaSurfaceObject_t __s, int __x, int __y, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surfCubemapread(cudaSurfaceObject_t __s, int __x, int __y, int __face, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ __T surfCubemapLayeredread(cudaSurfaceObject_t __s, int __x, int __y, int __layerFace, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf1DLayeredread(__T *__r, cudaSurfaceObject_t __s, int __x, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surf2DLayeredread(__T *__r, cudaSurfaceObject_t __s, int __x, int __y, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surfCubemapread(__T *__r, cudaSurfaceObject_t __s, int __x, int __y, int __face, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T> __device__ void surfCubemapLayeredread(__T *__r, cudaSurfaceObject_t __s, int __x, int __y, int __layerFace, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
/* The same on surface references. */
template <class __T, class __V> __device__ void surf1DLayeredwrite(__V __v, surface<__T, cudaSurfaceType1DLayered> __s, int __x, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surf2DLayeredwrite(__V __v, surface<__T, cudaSurfaceType2DLayered> __s, int __x, int __y, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surfCubemapwrite(__V __v, surface<__T, cudaSurfaceTypeCubemap> __s, int __x, int __y, int __face, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __T, class __V> __device__ void surfCubemapLayeredwrite(__V __v, surface<__T, cudaSurfaceTypeCubemapLayered> __s, int __x, int __y, int __layerFace, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surf1Dread(__V *__r, surface<__T, cudaSurfaceType1D> __s, int __x, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surf3Dread(__V *__r, surface<__T, cudaSurfaceType3D> __s, int __x, int __y, int __z, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surf1DLayeredread(__V *__r, surface<__T, cudaSurfaceType1DLayered> __s, int __x, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surf2DLayeredread(__V *__r, surface<__T, cudaSurfaceType2DLayered> __s, int __x, int __y, int __layer, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surfCubemapread(__V *__r, surface<__T, cudaSurfaceTypeCubemap> __s, int __x, int __y, int __face, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);
template <class __V, class __T> __device__ void surfCubemapLayeredread(__V *__r, surface<__T, cudaSurfaceTypeCubemapLayered> __s, int __x, int __y, int __layerFace, enum cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap);

#endif /* GPURD_CUDA_PRELUDE_H */

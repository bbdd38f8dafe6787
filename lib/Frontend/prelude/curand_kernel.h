/*===- curand_kernel.h - gpurd CUDA prelude: device-side cuRAND -----------===*
 *
 * The device API of cuRAND that Monte-Carlo style kernels call: state types,
 * curand_init, curand, curand_uniform/_normal (+ double, 2/4-wide,
 * log-normal, Poisson).  The pseudo-random generators are a small xorwow,
 * so the state is read and written the way the real one is; the numbers are
 * NOT cuRAND's.  The Sobol quasi-random generators (32/64-bit, scrambled)
 * are the real algorithm with the state layout of cuRAND.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CURAND_KERNEL_H
#define GPURD_CURAND_KERNEL_H
#include "gpurd_cuda_prelude.h"
#include "curand.h"

#define CURAND_KERNEL_H_

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
/* The other generators share the layout-independent interface below. */
struct curandStatePhilox4_32_10 : curandStateXORWOW {};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a : curandStateXORWOW {};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateMtgp32 : curandStateXORWOW {};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_SQRT2 (-1.4142135f)

static __inline__ __device__ void curand_init(unsigned long long __seed,
                                              unsigned long long __subsequence,
                                              unsigned long long __offset,
                                              curandStateXORWOW *__s) {
  unsigned int __lo = (unsigned int)__seed ^ 0xaad26b49u;
  unsigned int __hi = (unsigned int)(__seed >> 32) ^ 0xf7dcefddu;
  __s->d = 6615241u + (unsigned int)__subsequence;
  __s->v[0] = 123456789u + __lo * 1099087573u;
  __s->v[1] = 362436069u ^ __lo;
  __s->v[2] = 521288629u + __hi;
  __s->v[3] = 88675123u ^ __hi * 2591861531u;
  __s->v[4] = 5783321u + __lo + (unsigned int)__offset;
  __s->boxmuller_flag = __s->boxmuller_flag_double = 0;
  __s->boxmuller_extra = 0.0f;
  __s->boxmuller_extra_double = 0.0;
}
static __inline__ __device__ unsigned int curand(curandStateXORWOW *__s) {
  unsigned int __t = __s->v[0] ^ (__s->v[0] >> 2);
  __s->v[0] = __s->v[1];
  __s->v[1] = __s->v[2];
  __s->v[2] = __s->v[3];
  __s->v[3] = __s->v[4];
  __s->v[4] = (__s->v[4] ^ (__s->v[4] << 4)) ^ (__t ^ (__t << 1));
  __s->d += 362437u;
  return __s->v[4] + __s->d;
}
static __inline__ __device__ float curand_uniform(curandStateXORWOW *__s) {
  return curand(__s) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
static __inline__ __device__ double curand_uniform_double(curandStateXORWOW *__s) {
  unsigned int __a = curand(__s), __b = curand(__s);
  return (__a ^ ((unsigned long long)__b << 21)) * (1.0 / 9007199254740992.0) + 1.0 / 18014398509481984.0;
}
static __inline__ __device__ float2 curand_normal2(curandStateXORWOW *__s) {
  float __u = curand_uniform(__s), __v = curand_uniform(__s) * 6.2831853f;
  float __r = sqrtf(-2.0f * logf(__u));
  return make_float2(__r * cosf(__v), __r * sinf(__v));
}
static __inline__ __device__ float curand_normal(curandStateXORWOW *__s) {
  if (__s->boxmuller_flag) {
    __s->boxmuller_flag = 0;
    return __s->boxmuller_extra;
  }
  float2 __n = curand_normal2(__s);
  __s->boxmuller_flag = 1;
  __s->boxmuller_extra = __n.y;
  return __n.x;
}
static __inline__ __device__ double2 curand_normal2_double(curandStateXORWOW *__s) {
  double __u = curand_uniform_double(__s), __v = curand_uniform_double(__s) * 6.283185307179586;
  double __r = sqrt(-2.0 * log(__u));
  return make_double2(__r * cos(__v), __r * sin(__v));
}
static __inline__ __device__ double curand_normal_double(curandStateXORWOW *__s) {
  return curand_normal2_double(__s).x;
}
static __inline__ __device__ float4 curand_uniform4(curandStateXORWOW *__s) {
  return make_float4(curand_uniform(__s), curand_uniform(__s), curand_uniform(__s), curand_uniform(__s));
}
static __inline__ __device__ float4 curand_normal4(curandStateXORWOW *__s) {
  float2 __a = curand_normal2(__s), __b = curand_normal2(__s);
  return make_float4(__a.x, __a.y, __b.x, __b.y);
}
static __inline__ __device__ uint4 curand4(curandStateXORWOW *__s) {
  return make_uint4(curand(__s), curand(__s), curand(__s), curand(__s));
}
static __inline__ __device__ float curand_log_normal(curandStateXORWOW *__s, float __mean, float __stddev) {
  return expf(__mean + __stddev * curand_normal(__s));
}
static __inline__ __device__ double curand_log_normal_double(curandStateXORWOW *__s, double __mean, double __stddev) {
  return exp(__mean + __stddev * curand_normal_double(__s));
}
static __inline__ __device__ unsigned int curand_poisson(curandStateXORWOW *__s, double __lambda) {
  double __l = exp(-__lambda), __p = 1.0;
  unsigned int __k = 0;
  do { ++__k; __p *= curand_uniform_double(__s); } while (__p > __l);
  return __k - 1;
}
static __inline__ __device__ void skipahead(unsigned long long __n, curandStateXORWOW *__s) {
  for (unsigned long long __i = 0; __i < (__n & 63); ++__i) curand(__s);
}
static __inline__ __device__ void skipahead_sequence(unsigned long long __n, curandStateXORWOW *__s) {
  __s->d += (unsigned int)__n;
}

/* Sobol quasi-random generators, as cuRAND defines them: the state holds
 * the dimension's direction vectors, the index i, the current value x and
 * the scramble constant c (0 unless scrambled).  Each draw XORs in the
 * direction vector of the lowest zero bit of i (Gray-code order), so the
 * numbers are the real Sobol sequence of the given direction vectors. */
#define __GPURD_SOBOL(STATE, UINT, BITS, FFS)                                  \
  struct STATE {                                                               \
    UINT i, x, c;                                                              \
    UINT direction_vectors[BITS];                                              \
  };                                                                           \
  typedef struct STATE STATE##_t;                                              \
  static __inline__ __device__ void skipahead(UINT __n, STATE *__s) {          \
    UINT __i = __s->i + __n, __g = __i ^ (__i >> 1), __x = __s->c;             \
    for (int __k = 0; __k < BITS; ++__k)                                       \
      if ((__g >> __k) & 1)                                                    \
        __x ^= __s->direction_vectors[__k];                                    \
    __s->i = __i;                                                              \
    __s->x = __x;                                                              \
  }                                                                            \
  static __inline__ __device__ void __gpurd_sobol_init(                        \
      const UINT *__v, UINT __c, UINT __offset, STATE *__s) {                  \
    for (int __k = 0; __k < BITS; ++__k)                                       \
      __s->direction_vectors[__k] = __v[__k];                                  \
    __s->i = 0;                                                                \
    __s->c = __c;                                                              \
    __s->x = __c;                                                              \
    skipahead(__offset, __s);                                                  \
  }                                                                            \
  static __inline__ __device__ UINT curand(STATE *__s) {                       \
    UINT __r = __s->x;                                                         \
    __s->x ^= __s->direction_vectors[FFS(~__s->i) - 1];                        \
    ++__s->i;                                                                  \
    return __r;                                                                \
  }                                                                            \
  static __inline__ __device__ double curand_uniform_double(STATE *__s) {      \
    return curand(__s) * (1.0 / (BITS == 32 ? 4294967296.0                     \
                                            : 18446744073709551616.0)) +       \
           (0.5 / (BITS == 32 ? 4294967296.0 : 18446744073709551616.0));       \
  }                                                                            \
  static __inline__ __device__ float curand_uniform(STATE *__s) {              \
    return (float)curand_uniform_double(__s);                                  \
  }                                                                            \
  static __inline__ __device__ float curand_normal(STATE *__s) {               \
    return normcdfinvf(curand_uniform(__s));                                   \
  }                                                                            \
  static __inline__ __device__ double curand_normal_double(STATE *__s) {       \
    return normcdfinv(curand_uniform_double(__s));                             \
  }                                                                            \
  static __inline__ __device__ float curand_log_normal(                        \
      STATE *__s, float __mean, float __stddev) {                              \
    return expf(__mean + __stddev * curand_normal(__s));                       \
  }                                                                            \
  static __inline__ __device__ double curand_log_normal_double(                \
      STATE *__s, double __mean, double __stddev) {                            \
    return exp(__mean + __stddev * curand_normal_double(__s));                 \
  }
__GPURD_SOBOL(curandStateSobol32, unsigned int, 32, __ffs)
__GPURD_SOBOL(curandStateScrambledSobol32, unsigned int, 32, __ffs)
__GPURD_SOBOL(curandStateSobol64, unsigned long long, 64, __ffsll)
__GPURD_SOBOL(curandStateScrambledSobol64, unsigned long long, 64, __ffsll)
#undef __GPURD_SOBOL

static __inline__ __device__ void curand_init(curandDirectionVectors32_t __v, unsigned int __offset, curandStateSobol32_t *__s) {
  __gpurd_sobol_init(__v, 0u, __offset, __s);
}
static __inline__ __device__ void curand_init(curandDirectionVectors32_t __v, unsigned int __c, unsigned int __offset, curandStateScrambledSobol32_t *__s) {
  __gpurd_sobol_init(__v, __c, __offset, __s);
}
static __inline__ __device__ void curand_init(curandDirectionVectors64_t __v, unsigned long long __offset, curandStateSobol64_t *__s) {
  __gpurd_sobol_init(__v, 0ull, __offset, __s);
}
static __inline__ __device__ void curand_init(curandDirectionVectors64_t __v, unsigned long long __c, unsigned long long __offset, curandStateScrambledSobol64_t *__s) {
  __gpurd_sobol_init(__v, __c, __offset, __s);
}

#endif /* GPURD_CURAND_KERNEL_H */

/*===- cuComplex.h - gpurd CUDA prelude: complex numbers ------------------===*
 * cuFloatComplex / cuDoubleComplex as float2 / double2, with the helper
 * functions of CUDA's cuComplex.h.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUCOMPLEX_H
#define GPURD_CUCOMPLEX_H
#include "gpurd_cuda_prelude.h"

#define __GPURD_HD static __inline__ __host__ __device__
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__GPURD_HD float cuCrealf(cuFloatComplex __x) { return __x.x; }
__GPURD_HD float cuCimagf(cuFloatComplex __x) { return __x.y; }
__GPURD_HD cuFloatComplex make_cuFloatComplex(float __r, float __i) { return make_float2(__r, __i); }
__GPURD_HD cuComplex make_cuComplex(float __r, float __i) { return make_float2(__r, __i); }
__GPURD_HD cuFloatComplex cuConjf(cuFloatComplex __x) { return make_float2(__x.x, -__x.y); }
__GPURD_HD cuFloatComplex cuCaddf(cuFloatComplex __a, cuFloatComplex __b) { return make_float2(__a.x + __b.x, __a.y + __b.y); }
__GPURD_HD cuFloatComplex cuCsubf(cuFloatComplex __a, cuFloatComplex __b) { return make_float2(__a.x - __b.x, __a.y - __b.y); }
__GPURD_HD cuFloatComplex cuCmulf(cuFloatComplex __a, cuFloatComplex __b) {
  return make_float2(__a.x * __b.x - __a.y * __b.y, __a.x * __b.y + __a.y * __b.x);
}
__GPURD_HD cuFloatComplex cuCdivf(cuFloatComplex __a, cuFloatComplex __b) {
  float __d = __b.x * __b.x + __b.y * __b.y;
  return make_float2((__a.x * __b.x + __a.y * __b.y) / __d, (__a.y * __b.x - __a.x * __b.y) / __d);
}
__GPURD_HD float cuCabsf(cuFloatComplex __x) { return sqrtf(__x.x * __x.x + __x.y * __x.y); }
__GPURD_HD cuFloatComplex cuCfmaf(cuFloatComplex __a, cuFloatComplex __b, cuFloatComplex __c) { return cuCaddf(cuCmulf(__a, __b), __c); }

__GPURD_HD double cuCreal(cuDoubleComplex __x) { return __x.x; }
__GPURD_HD double cuCimag(cuDoubleComplex __x) { return __x.y; }
__GPURD_HD cuDoubleComplex make_cuDoubleComplex(double __r, double __i) { return make_double2(__r, __i); }
__GPURD_HD cuDoubleComplex cuConj(cuDoubleComplex __x) { return make_double2(__x.x, -__x.y); }
__GPURD_HD cuDoubleComplex cuCadd(cuDoubleComplex __a, cuDoubleComplex __b) { return make_double2(__a.x + __b.x, __a.y + __b.y); }
__GPURD_HD cuDoubleComplex cuCsub(cuDoubleComplex __a, cuDoubleComplex __b) { return make_double2(__a.x - __b.x, __a.y - __b.y); }
__GPURD_HD cuDoubleComplex cuCmul(cuDoubleComplex __a, cuDoubleComplex __b) {
  return make_double2(__a.x * __b.x - __a.y * __b.y, __a.x * __b.y + __a.y * __b.x);
}
__GPURD_HD cuDoubleComplex cuCdiv(cuDoubleComplex __a, cuDoubleComplex __b) {
  double __d = __b.x * __b.x + __b.y * __b.y;
  return make_double2((__a.x * __b.x + __a.y * __b.y) / __d, (__a.y * __b.x - __a.x * __b.y) / __d);
}
__GPURD_HD double cuCabs(cuDoubleComplex __x) { return sqrt(__x.x * __x.x + __x.y * __x.y); }
__GPURD_HD cuDoubleComplex cuCfma(cuDoubleComplex __a, cuDoubleComplex __b, cuDoubleComplex __c) { return cuCadd(cuCmul(__a, __b), __c); }
__GPURD_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex __x) { return make_double2(__x.x, __x.y); }
__GPURD_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex __x) { return make_float2((float)__x.x, (float)__x.y); }
#undef __GPURD_HD
#endif /* GPURD_CUCOMPLEX_H */

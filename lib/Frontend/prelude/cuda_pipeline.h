/*===- cuda_pipeline.h - gpurd CUDA prelude: pipeline primitives -----------===*
 *
 * The primitives of CUDA's cuda_pipeline_primitives.h (included by
 * cuda_pipeline.h): __pipeline_memcpy_async(dst, src, size, zfill) with a
 * size of 4, 8 or 16 bytes, __pipeline_commit, __pipeline_wait_prior and
 * __pipeline_arrive_on.  Model (docs/cuda-prelude.md, "libcu++"): the
 * calling thread copies at the call (one chunk of size - zfill bytes, the
 * rest of the destination zero-filled), so commit and wait order nothing
 * further and are no-ops.  Hardware uses cp.async (.cg for 16 bytes, past
 * the L1); the model's loads are ordinary, cached loads.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_PIPELINE_H
#define GPURD_CUDA_PIPELINE_H
#include "gpurd_libcu.h"

#define _CUDA_PIPELINE_H_
#define _CUDA_PIPELINE_PRIMITIVES_H_

static __inline__ __device__ void
__pipeline_memcpy_async(void *__dst, const void *__src, size_t __size,
                        size_t __zfill = 0) {
  typedef cuda::__gpurd_libcu::__chunk<16>::type __v4;
  typedef cuda::__gpurd_libcu::__chunk<8>::type __v2;
  if (__zfill == 0 && __size == 16)
    *static_cast<__v4 *>(__dst) = *static_cast<const __v4 *>(__src);
  else if (__zfill == 0 && __size == 8)
    *static_cast<__v2 *>(__dst) = *static_cast<const __v2 *>(__src);
  else if (__zfill == 0 && __size == 4)
    *static_cast<unsigned int *>(__dst) =
        *static_cast<const unsigned int *>(__src);
  else {
    unsigned char *__d = static_cast<unsigned char *>(__dst);
    const unsigned char *__s = static_cast<const unsigned char *>(__src);
    for (size_t __i = 0; __i < __size; ++__i)
      __d[__i] = __i + __zfill < __size ? __s[__i] : 0;
  }
}
static __inline__ __device__ void __pipeline_commit() {}
static __inline__ __device__ void __pipeline_wait_prior(size_t) {}
typedef unsigned long long __mbarrier_t;
static __inline__ __device__ void __pipeline_arrive_on(__mbarrier_t *) {}

#endif /* GPURD_CUDA_PIPELINE_H */

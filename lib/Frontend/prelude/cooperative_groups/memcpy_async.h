/*===- cooperative_groups/memcpy_async.h - gpurd CUDA prelude --------------===*
 *
 * cooperative_groups::memcpy_async(group, dst, src, bytes) (bytes a size or
 * a cuda::aligned_size_t), the element-count form memcpy_async(group, dst,
 * dstCount, src, srcCount), wait(group) and wait_prior<N>(group).  Model
 * (docs/cuda-prelude.md, "libcu++"): the group's threads copy at the call,
 * rank r moving chunks r, r + size, ... (see gpurd_libcu.h), and wait() is
 * the group's sync() (a block barrier for a thread block, __syncwarp for a
 * warp tile).
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define GPURD_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#include "cooperative_groups.h"
#include "gpurd_libcu.h"

namespace cooperative_groups {
template <class _Group, class _Tp, class _Size>
static __inline__ __device__ void memcpy_async(const _Group &__g, _Tp *__dst,
                                               const _Tp *__src,
                                               const _Size &__bytes) {
  namespace __l = cuda::__gpurd_libcu;
  __l::__copy<__l::__copy_align<_Tp, _Size>::value>(
      __dst, __src, __l::__bytes(__bytes), (unsigned int)__g.thread_rank(),
      (unsigned int)__g.size());
}
/* dst and src are arrays of _Tp with dstCount and srcCount elements: the
 * smaller count is copied. */
template <class _Group, class _Tp>
static __inline__ __device__ void
memcpy_async(const _Group &__g, _Tp *__dst, ::std::size_t __dstCount,
             const _Tp *__src, ::std::size_t __srcCount) {
  ::std::size_t __n = __dstCount < __srcCount ? __dstCount : __srcCount;
  memcpy_async(__g, __dst, __src, __n * sizeof(_Tp));
}
template <class _Group>
static __inline__ __device__ void wait(const _Group &__g) {
  __g.sync();
}
template <unsigned int _NumStages, class _Group>
static __inline__ __device__ void wait_prior(const _Group &__g) {
  __g.sync();
}
} // namespace cooperative_groups

#endif /* GPURD_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */

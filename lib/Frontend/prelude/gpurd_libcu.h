/*===- gpurd_libcu.h - gpurd CUDA prelude: libcu++ common part -------------===*
 *
 * What <cuda/barrier>, <cuda/pipeline>, <cuda/atomic>, <cuda/std/...> and
 * <cooperative_groups/memcpy_async.h> share: the namespace cuda::std (the
 * host's standard library seen through a using-directive, with libcu++'s own
 * additions declared in it), thread_scope, aligned_size_t, and the copy that
 * every memcpy_async performs.
 *
 * Modelling choice (docs/cuda-prelude.md, "libcu++"): an asynchronous copy
 * is performed at the call, by the threads that take part, as the plain copy
 * loop a compiler could emit: loads from the source (global memory) and
 * stores to the destination (shared memory) in chunks of the guaranteed
 * alignment (at most 16 bytes: uint4).  Hardware uses cp.async, which for
 * 16-byte chunks can bypass the L1 (.cg); the model keeps them ordinary
 * loads, so they are cached like any global load.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_LIBCU_H
#define GPURD_LIBCU_H
#include "gpurd_cuda_prelude.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#define _LIBCUDACXX_VERSION 2002000
#define _CCCL_VERSION 2002000
#define __cccl_lib_memcpy_async 1

namespace cuda {
namespace std {
/* cuda::std::X is std::X unless libcu++ declares its own below. */
using namespace ::std;

enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};
} // namespace std
using std::thread_scope;
using std::thread_scope_block;
using std::thread_scope_device;
using std::thread_scope_system;
using std::thread_scope_thread;

/* A byte count whose source and destination are aligned to _Alignment. */
template <::std::size_t _Alignment> struct aligned_size_t {
  static_assert(_Alignment != 0 && (_Alignment & (_Alignment - 1)) == 0,
                "cuda::aligned_size_t: the alignment must be a power of 2");
  static constexpr ::std::size_t align = _Alignment;
  ::std::size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(::std::size_t __s)
      : value(__s) {}
  __host__ __device__ constexpr operator ::std::size_t() const {
    return value;
  }
};

enum class async_contract_fulfillment { none, async };

namespace __gpurd_libcu {
template <::std::size_t _W> struct __chunk;
template <> struct __chunk<1> { typedef unsigned char type; };
template <> struct __chunk<2> { typedef unsigned short type; };
template <> struct __chunk<4> { typedef unsigned int type; };
/* Vectors, not uint2/uint4: a struct copy would become llvm.memcpy. */
template <> struct __chunk<8> {
  typedef unsigned int type __attribute__((ext_vector_type(2)));
};
template <> struct __chunk<16> {
  typedef unsigned int type __attribute__((ext_vector_type(4)));
};

/* The width of the chunks a copy with this guaranteed alignment moves. */
template <::std::size_t _Align> struct __width {
  static constexpr ::std::size_t value = _Align >= 16  ? 16
                                         : _Align >= 8 ? 8
                                         : _Align >= 4 ? 4
                                         : _Align >= 2 ? 2
                                                       : 1;
};
template <class _Tp> struct __align_of {
  static constexpr ::std::size_t value = alignof(_Tp);
};
template <> struct __align_of<void> {
  static constexpr ::std::size_t value = 1;
};
template <> struct __align_of<const void> {
  static constexpr ::std::size_t value = 1;
};
/* The alignment a copy of _Tp elements with a size of type _Size has. */
template <class _Size> struct __size_align {
  static constexpr ::std::size_t value = 1;
};
template <::std::size_t _A> struct __size_align<aligned_size_t<_A>> {
  static constexpr ::std::size_t value = _A;
};

/* Thread __rank of __count copies chunks __rank, __rank + __count, ... of
 * the __size bytes from __src to __dst; a tail shorter than a chunk (none
 * when the size is a multiple of the alignment) goes byte by byte. */
template <::std::size_t _Align>
static __inline__ __device__ void __copy(void *__dst, const void *__src,
                                         ::std::size_t __size,
                                         unsigned int __rank,
                                         unsigned int __count) {
  constexpr ::std::size_t __w = __width<_Align>::value;
  typedef typename __chunk<__w>::type __c;
  __c *__d = static_cast<__c *>(__dst);
  const __c *__s = static_cast<const __c *>(__src);
  ::std::size_t __n = __size / __w;
  for (::std::size_t __i = __rank; __i < __n; __i += __count)
    __d[__i] = __s[__i];
  if (__w > 1 && __size % __w != 0) {
    unsigned char *__db = static_cast<unsigned char *>(__dst);
    const unsigned char *__sb = static_cast<const unsigned char *>(__src);
    for (::std::size_t __i = __n * __w + __rank; __i < __size; __i += __count)
      __db[__i] = __sb[__i];
  }
}

static __inline__ __device__ unsigned int __block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __inline__ __device__ unsigned int __block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
template <class _Tp, class _Size> struct __copy_align {
  static constexpr ::std::size_t value =
      __size_align<_Size>::value > __align_of<_Tp>::value
          ? __size_align<_Size>::value
          : __align_of<_Tp>::value;
};
template <class _Size>
static __inline__ __host__ __device__ ::std::size_t __bytes(_Size __s) {
  return (::std::size_t)__s;
}
template <::std::size_t _A>
static __inline__ __host__ __device__ ::std::size_t
__bytes(aligned_size_t<_A> __s) {
  return __s.value;
}
} // namespace __gpurd_libcu
} // namespace cuda

#endif /* GPURD_LIBCU_H */

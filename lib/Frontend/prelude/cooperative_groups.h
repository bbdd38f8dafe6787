/*===- cooperative_groups.h - gpurd CUDA prelude: cooperative groups ------===*
 *
 * The commonly used part of CUDA's cooperative groups: thread_block,
 * thread_block_tile<N> (shuffles, votes, sync; N up to 32 in a warp, 64 to
 * 1024 across warps), coalesced_group, grid_group,
 * tiled_partition, sync(), and reduce() with plus/less/greater/bit_* (which
 * CUDA has in <cooperative_groups/reduce.h>; that path is not served).
 * Everything maps onto __syncthreads, __syncwarp and the *_sync intrinsics.
 * grid_group::sync() calls the external __gpurd_cg_grid_sync() so the
 * analysis can recognise a grid-wide barrier.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_COOPERATIVE_GROUPS_H
#define GPURD_COOPERATIVE_GROUPS_H
#include "gpurd_cuda_prelude.h"

#define _COOPERATIVE_GROUPS_H_
extern "C" __device__ void __gpurd_cg_grid_sync(void);

namespace cooperative_groups {

namespace __gpurd_cg {
static __inline__ __device__ unsigned int __block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __inline__ __device__ unsigned int __block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
static __inline__ __device__ unsigned int __lane() { return __block_rank() & 31u; }

/* Shuffles of any trivially copyable type, as CUDA's groups offer them:
 * arithmetic types go to the intrinsics, others move 32 bits at a time. */
enum __shfl_kind { __idx, __up, __down, __xor };
template <bool> struct __bool_tag {};
template <class __T>
static __inline__ __device__ __T __shfl1(__shfl_kind __k, unsigned __m, __T __v, int __a, int __w) {
  switch (__k) {
  case __idx: return __shfl_sync(__m, __v, __a, __w);
  case __up: return __shfl_up_sync(__m, __v, (unsigned)__a, __w);
  case __down: return __shfl_down_sync(__m, __v, (unsigned)__a, __w);
  default: return __shfl_xor_sync(__m, __v, __a, __w);
  }
}
template <class __T>
static __inline__ __device__ __T __shfl(__bool_tag<true>, __shfl_kind __k, unsigned __m, __T __v, int __a, int __w) {
  return __shfl1(__k, __m, __v, __a, __w);
}
template <class __T>
static __inline__ __device__ __T __shfl(__bool_tag<false>, __shfl_kind __k, unsigned __m, __T __v, int __a, int __w) {
  int __words[(sizeof(__T) + 3) / 4];
  memcpy(__words, &__v, sizeof(__T));
  for (unsigned __i = 0; __i < (sizeof(__T) + 3) / 4; ++__i)
    __words[__i] = __shfl1(__k, __m, __words[__i], __a, __w);
  memcpy(&__v, __words, sizeof(__T));
  return __v;
}
template <class __T>
static __inline__ __device__ __T __shfl_any(__shfl_kind __k, unsigned __m, __T __v, int __a, int __w) {
  return __shfl(__bool_tag<__is_arithmetic(__T)>(), __k, __m, __v, __a, __w);
}
} // namespace __gpurd_cg

/* A group of runtime size (what tiled_partition(g, n) returns). */
class thread_group {
protected:
  unsigned int __size_, __rank_, __mask_;
  bool __is_block_;
public:
  __device__ thread_group(unsigned int __s, unsigned int __r, unsigned int __m, bool __b)
      : __size_(__s), __rank_(__r), __mask_(__m), __is_block_(__b) {}
  __device__ unsigned long long size() const { return __size_; }
  __device__ unsigned long long num_threads() const { return __size_; }
  __device__ unsigned long long thread_rank() const { return __rank_; }
  __device__ void sync() const {
    if (__is_block_) __syncthreads(); else __syncwarp(__mask_);
  }
};

class thread_block : public thread_group {
public:
  __device__ thread_block()
      : thread_group(__gpurd_cg::__block_size(), __gpurd_cg::__block_rank(), 0xffffffffu, true) {}
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int size() const { return __gpurd_cg::__block_size(); }
  __device__ unsigned int num_threads() const { return __gpurd_cg::__block_size(); }
  __device__ unsigned int thread_rank() const { return __gpurd_cg::__block_rank(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
};
static __inline__ __device__ thread_block this_thread_block() { return thread_block(); }
/* Shared memory that lets tiles larger than a warp communicate (CUDA 11's
 * experimental and CUDA 12's block_tile_memory); the block it is passed
 * with is the same block. */
template <unsigned int _MaxBlockSize = 1024>
struct block_tile_memory {
  char __reserved[_MaxBlockSize > 32 ? 8 * (_MaxBlockSize / 32) : 8];
};
template <unsigned int _MaxBlockSize>
static __inline__ __device__ thread_block
this_thread_block(block_tile_memory<_MaxBlockSize> &) {
  return thread_block();
}
namespace experimental {
template <unsigned int _TileCommunicationSize = 8,
          unsigned int _MaxBlockSize = 1024>
struct block_tile_memory {
  char __reserved[_MaxBlockSize > 32 ? _TileCommunicationSize * (_MaxBlockSize / 32) : 8];
};
template <unsigned int _TileCommunicationSize, unsigned int _MaxBlockSize>
static __inline__ __device__ thread_block this_thread_block(
    block_tile_memory<_TileCommunicationSize, _MaxBlockSize> &) {
  return thread_block();
}
} // namespace experimental

class grid_group {
public:
  __device__ void sync() const { __gpurd_cg_grid_sync(); }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long size() const {
    return (unsigned long long)__gpurd_cg::__block_size() * gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * (unsigned long long)gridDim.x + blockIdx.x;
  }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * __gpurd_cg::__block_size() + __gpurd_cg::__block_rank();
  }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 dim_blocks() const { return group_dim(); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};
static __inline__ __device__ grid_group this_grid() { return grid_group(); }

namespace __gpurd_cg {
/* A warp-sized or smaller tile of Size threads (Size a power of 2 <= 32):
 * shuffles, votes and sync on the tile's lanes. */
template <unsigned int _Size> class __warp_tile {
  static_assert(_Size >= 1 && (_Size & (_Size - 1)) == 0,
                "thread_block_tile size must be a power of 2");
  __device__ static unsigned int __tile_mask() {
    return _Size == 32 ? 0xffffffffu
                       : ((1u << _Size) - 1u) << (__lane() & ~(_Size - 1u));
  }
public:
  __device__ operator thread_group() const {
    return thread_group(_Size, thread_rank(), __tile_mask(), false);
  }
  __device__ void sync() const { __syncwarp(__tile_mask()); }
  __device__ static constexpr unsigned int size() { return _Size; }
  __device__ static constexpr unsigned int num_threads() { return _Size; }
  __device__ unsigned int thread_rank() const { return __lane() & (_Size - 1u); }
  __device__ unsigned int meta_group_rank() const { return __block_rank() / _Size; }
  __device__ unsigned int meta_group_size() const {
    return (__block_size() + _Size - 1) / _Size;
  }
  template <class __T> __device__ __T shfl(__T __v, int __src) const {
    return __shfl_any(__idx, __tile_mask(), __v, __src, _Size);
  }
  template <class __T> __device__ __T shfl_down(__T __v, unsigned int __d) const {
    return __shfl_any(__down, __tile_mask(), __v, (int)__d, _Size);
  }
  template <class __T> __device__ __T shfl_up(__T __v, unsigned int __d) const {
    return __shfl_any(__up, __tile_mask(), __v, (int)__d, _Size);
  }
  template <class __T> __device__ __T shfl_xor(__T __v, int __m) const {
    return __shfl_any(__xor, __tile_mask(), __v, __m, _Size);
  }
  __device__ int any(int __p) const { return __any_sync(__tile_mask(), __p); }
  __device__ int all(int __p) const { return __all_sync(__tile_mask(), __p); }
  __device__ unsigned int ballot(int __p) const {
    unsigned int __b = __ballot_sync(__tile_mask(), __p);
    return _Size == 32 ? __b : (__b >> (__lane() & ~(_Size - 1u))) & ((1u << (_Size & 31u)) - 1u);
  }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  template <class __T> __device__ unsigned int match_any(__T __v) const {
    return __match_any_sync(__tile_mask(), __v);
  }
#endif
};


/* A tile of 64..1024 threads (CUDA 11.1 experimental, CUDA 12): several
 * whole warps of one block, numbered by the block's thread rank.  Its
 * threads meet at a block barrier (CUDA uses a named barrier over the tile;
 * the memory model is the same) and exchange values through shared memory,
 * as CUDA does through the block_tile_memory scratch. */
template <unsigned int _Size> class __multi_warp_tile {
  static_assert(_Size <= 1024 && (_Size & (_Size - 1)) == 0,
                "thread_block_tile size must be a power of 2 no larger than 1024");
  template <class __T> __device__ static __T *__slots() {
    __shared__ __T __slot[1024];
    return __slot;
  }
  template <class __T> __device__ __T __exchange(__T __v, unsigned int __src) const {
    __T *__s = __slots<__T>();
    unsigned int __base = meta_group_rank() * _Size;
    __s[__base + thread_rank()] = __v;
    sync();
    __T __r = __s[__base + (__src & (_Size - 1u))];
    sync();
    return __r;
  }
public:
  __device__ operator thread_group() const {
    return thread_group(_Size, thread_rank(), 0xffffffffu, true);
  }
  __device__ void sync() const { __syncthreads(); }
  __device__ static constexpr unsigned int size() { return _Size; }
  __device__ static constexpr unsigned int num_threads() { return _Size; }
  __device__ unsigned int thread_rank() const { return __block_rank() & (_Size - 1u); }
  __device__ unsigned int meta_group_rank() const { return __block_rank() / _Size; }
  __device__ unsigned int meta_group_size() const {
    return (__block_size() + _Size - 1) / _Size;
  }
  template <class __T> __device__ __T shfl(__T __v, unsigned int __src) const {
    return __exchange(__v, __src);
  }
  template <class __T> __device__ __T shfl_down(__T __v, unsigned int __d) const {
    unsigned int __r = thread_rank() + __d;
    __T __o = __exchange(__v, __r);
    return __r < _Size ? __o : __v;
  }
  template <class __T> __device__ __T shfl_up(__T __v, unsigned int __d) const {
    unsigned int __r = thread_rank();
    __T __o = __exchange(__v, __r - __d);
    return __r >= __d ? __o : __v;
  }
  template <class __T> __device__ __T shfl_xor(__T __v, unsigned int __m) const {
    return __exchange(__v, thread_rank() ^ __m);
  }
  __device__ int any(int __p) const {
    return __exchange_count(__p != 0) != 0;
  }
  __device__ int all(int __p) const {
    return __exchange_count(__p != 0) == _Size;
  }
private:
  __device__ unsigned int __exchange_count(bool __p) const {
    __shared__ unsigned int __count[1024 / 64];
    if (thread_rank() == 0) __count[meta_group_rank()] = 0;
    sync();
    if (__p) atomicAdd(&__count[meta_group_rank()], 1u);
    sync();
    unsigned int __n = __count[meta_group_rank()];
    sync();
    return __n;
  }
};
template <unsigned int _Size, bool = (_Size > 32)> struct __tile_base {
  typedef __warp_tile<_Size> type;
};
template <unsigned int _Size> struct __tile_base<_Size, true> {
  typedef __multi_warp_tile<_Size> type;
};
} // namespace __gpurd_cg

/* thread_block_tile<Size>: a warp-level tile up to 32 threads, or a
 * multi-warp tile of 64..1024; thread_block_tile<Size, Parent> converts to
 * thread_block_tile<Size>. */
template <unsigned int _Size, class _Parent = void> class thread_block_tile;
template <unsigned int _Size>
class thread_block_tile<_Size, void>
    : public __gpurd_cg::__tile_base<_Size>::type {};

template <unsigned int _Size, class _Parent>
class thread_block_tile : public thread_block_tile<_Size, void> {};

/* The warp-level group of the threads active at the call. */
class coalesced_group {
  unsigned int __mask_;
public:
  __device__ coalesced_group(unsigned int __m) : __mask_(__m) {}
  __device__ void sync() const { __syncwarp(__mask_); }
  __device__ unsigned int size() const { return __popc(__mask_); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return __popc(__mask_ & ((1u << __gpurd_cg::__lane()) - 1u));
  }
  template <class __T> __device__ __T shfl(__T __v, int __src) const {
    return __gpurd_cg::__shfl_any(__gpurd_cg::__idx, __mask_, __v, (int)__fns(__mask_, 0, __src + 1), 32);
  }
  template <class __T> __device__ __T shfl_down(__T __v, unsigned int __d) const {
    return __gpurd_cg::__shfl_any(__gpurd_cg::__down, __mask_, __v, (int)__d, 32);
  }
  template <class __T> __device__ __T shfl_up(__T __v, unsigned int __d) const {
    return __gpurd_cg::__shfl_any(__gpurd_cg::__up, __mask_, __v, (int)__d, 32);
  }
  /* Lane-xor over the whole warp: exact for full groups, an approximation
   * (register traffic only) for partial ones. */
  template <class __T> __device__ __T shfl_xor(__T __v, int __m) const {
    return __gpurd_cg::__shfl_any(__gpurd_cg::__xor, __mask_, __v, __m, 32);
  }
  __device__ int any(int __p) const { return __any_sync(__mask_, __p); }
  __device__ int all(int __p) const { return __all_sync(__mask_, __p); }
  __device__ unsigned int ballot(int __p) const { return __ballot_sync(__mask_, __p); }
  __device__ unsigned int __gpurd_mask() const { return __mask_; }
};
static __inline__ __device__ coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/* Partitions of a warp-level group (CUDA 11+). */
template <unsigned int _Size, class _Parent>
static __inline__ __device__ coalesced_group binary_partition(const thread_block_tile<_Size, _Parent> &, bool __pred) {
  unsigned int __b = __ballot_sync(0xffffffffu, __pred);
  return coalesced_group(__pred ? __b : ~__b);
}
static __inline__ __device__ coalesced_group binary_partition(const coalesced_group &__g, bool __pred) {
  unsigned int __b = __ballot_sync(__g.__gpurd_mask(), __pred);
  return coalesced_group(__pred ? __b : (__g.__gpurd_mask() & ~__b));
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
template <unsigned int _Size, class _Parent>
static __inline__ __device__ coalesced_group labeled_partition(const thread_block_tile<_Size, _Parent> &, int __label) {
  return coalesced_group(__match_any_sync(0xffffffffu, __label));
}
static __inline__ __device__ coalesced_group labeled_partition(const coalesced_group &__g, int __label) {
  return coalesced_group(__match_any_sync(__g.__gpurd_mask(), __label));
}
#endif

template <unsigned int _Size, class _Parent>
static __inline__ __device__ thread_block_tile<_Size, _Parent> tiled_partition(const _Parent &) {
  return thread_block_tile<_Size, _Parent>();
}
static __inline__ __device__ thread_group tiled_partition(const thread_group &__parent, unsigned int __tile) {
  unsigned int __lane = __gpurd_cg::__lane();
  unsigned int __m = __tile >= 32 ? 0xffffffffu : ((1u << __tile) - 1u) << (__lane & ~(__tile - 1u));
  return thread_group(__tile, (unsigned int)__parent.thread_rank() % __tile, __m, false);
}
static __inline__ __device__ thread_group tiled_partition(const thread_block &__parent, unsigned int __tile) {
  return tiled_partition((const thread_group &)__parent, __tile);
}

template <class _Group> static __inline__ __device__ void sync(const _Group &__g) { __g.sync(); }
template <class _Group> static __inline__ __device__ unsigned long long thread_rank(const _Group &__g) { return __g.thread_rank(); }
template <class _Group> static __inline__ __device__ unsigned long long group_size(const _Group &__g) { return __g.size(); }

/* <cooperative_groups/reduce.h> */
template <class __T> struct plus { __device__ __T operator()(__T __a, __T __b) const { return __a + __b; } };
template <class __T> struct less { __device__ __T operator()(__T __a, __T __b) const { return __a < __b ? __a : __b; } };
template <class __T> struct greater { __device__ __T operator()(__T __a, __T __b) const { return __a > __b ? __a : __b; } };
template <class __T> struct bit_and { __device__ __T operator()(__T __a, __T __b) const { return __a & __b; } };
template <class __T> struct bit_or { __device__ __T operator()(__T __a, __T __b) const { return __a | __b; } };
template <class __T> struct bit_xor { __device__ __T operator()(__T __a, __T __b) const { return __a ^ __b; } };
template <class _Group, class __T, class _Op>
static __inline__ __device__ __T reduce(const _Group &__g, __T __v, _Op __op) {
  for (unsigned int __o = 1; __o < __g.size(); __o *= 2)
    __v = __op(__v, __g.shfl_xor(__v, __o));
  return __v;
}
namespace __gpurd_cg {
template <unsigned int _Size, class _Parent, class __T, class _Op>
static __inline__ __device__ __T __tile_reduce(__bool_tag<false>, const thread_block_tile<_Size, _Parent> &__g, __T __v, _Op __op) {
  for (unsigned int __o = 1; __o < _Size; __o *= 2)
    __v = __op(__v, __g.shfl_xor(__v, __o));
  return __v;
}
/* A multi-warp tile reduces each warp with shuffles, then combines the
 * warps' partial results through shared memory, as CUDA does. */
template <unsigned int _Size, class _Parent, class __T, class _Op>
static __inline__ __device__ __T __tile_reduce(__bool_tag<true>, const thread_block_tile<_Size, _Parent> &__g, __T __v, _Op __op) {
  __shared__ __T __partial[32];
  for (unsigned int __o = 1; __o < 32; __o *= 2)
    __v = __op(__v, __shfl_any(__xor, 0xffffffffu, __v, (int)__o, 32));
  unsigned int __warp = __block_rank() / 32;
  if (__lane() == 0) __partial[__warp] = __v;
  __g.sync();
  unsigned int __first = __g.meta_group_rank() * (_Size / 32);
  __T __r = __partial[__first];
  for (unsigned int __w = 1; __w < _Size / 32; ++__w)
    __r = __op(__r, __partial[__first + __w]);
  __g.sync();
  return __r;
}
} // namespace __gpurd_cg
template <unsigned int _Size, class _Parent, class __T, class _Op>
static __inline__ __device__ __T reduce(const thread_block_tile<_Size, _Parent> &__g, __T __v, _Op __op) {
  return __gpurd_cg::__tile_reduce(__gpurd_cg::__bool_tag<(_Size > 32)>(), __g, __v, __op);
}
template <class _Group, class __T, class _Op>
static __inline__ __device__ __T inclusive_scan(const _Group &__g, __T __v, _Op __op) {
  for (unsigned int __o = 1; __o < __g.size(); __o *= 2) {
    __T __n = __g.shfl_up(__v, __o);
    if (__g.thread_rank() >= __o) __v = __op(__v, __n);
  }
  return __v;
}
template <class _Group, class __T>
static __inline__ __device__ __T inclusive_scan(const _Group &__g, __T __v) {
  return inclusive_scan(__g, __v, plus<__T>());
}
/* Rank 0 gets __T() (CUDA leaves it unspecified except for plus). */
template <class _Group, class __T, class _Op>
static __inline__ __device__ __T exclusive_scan(const _Group &__g, __T __v, _Op __op) {
  __T __i = __g.shfl_up(inclusive_scan(__g, __v, __op), 1);
  return __g.thread_rank() == 0 ? __T() : __i;
}
template <class _Group, class __T>
static __inline__ __device__ __T exclusive_scan(const _Group &__g, __T __v) {
  return exclusive_scan(__g, __v, plus<__T>());
}

} // namespace cooperative_groups

#endif /* GPURD_COOPERATIVE_GROUPS_H */

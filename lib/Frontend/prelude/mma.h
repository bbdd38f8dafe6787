/*===- mma.h - gpurd prelude: nvcuda::wmma ---------------------------------===*
 *
 * CUDA's warp matrix (tensor core) API: fragments of half, __nv_bfloat16,
 * tf32 (precision::tf32), double, signed/unsigned char and int (and the
 * sub-byte u4/s4/b1), fill_fragment, load_matrix_sync, store_matrix_sync,
 * mma_sync and __float_to_tf32.
 *
 * Model (docs/cuda-prelude.md, "Tensor cores"): a fragment of a tile with
 * R x C elements holds R*C/32 of them in each lane (CUDA's num_elements for
 * these shapes).  load_matrix_sync and store_matrix_sync move the tile as a
 * plain copy loop would: element i of lane l is the tile's element
 * e = 32 i + l in memory order (row by row for row-major, column by column
 * for col-major data), one element-sized load or store each; the warp
 * touches every element of the tile exactly once.  CUDA leaves the real
 * lane mapping unspecified (hardware uses wider ldmatrix/ld.shared); the
 * set of addresses a warp reads or writes is the same.  mma_sync works in
 * registers only: lane-local products stand in for the matrix product,
 * whose values no address depends on.  Sub-byte fragments (u4, s4, b1)
 * pack several elements per storage word; their loads, stores and
 * bmma_sync stay declarations (opaque calls in IR).
 *===----------------------------------------------------------------------===*/
#ifndef __GPURD_MMA_H__
#define __GPURD_MMA_H__
#include "gpurd_cuda_prelude.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"

namespace nvcuda {
namespace wmma {
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental
enum layout_t { mem_row_major, mem_col_major };

/* Storage type and bits per element of each precision. */
template <class T> struct __gpurd_storage {
  typedef T type;
  enum { bits = 8 * sizeof(T), packed = 0 };
};
template <> struct __gpurd_storage<precision::tf32> {
  typedef float type;
  enum { bits = 32, packed = 0 };
};
template <> struct __gpurd_storage<experimental::precision::u4> {
  typedef unsigned type;
  enum { bits = 4, packed = 1 };
};
template <> struct __gpurd_storage<experimental::precision::s4> {
  typedef int type;
  enum { bits = 4, packed = 1 };
};
template <> struct __gpurd_storage<experimental::precision::b1> {
  typedef unsigned type;
  enum { bits = 1, packed = 1 };
};

/* The tile a fragment holds: A is m x k, B is k x n, the accumulator m x n. */
template <class Use, int m, int n, int k> struct __gpurd_tile;
template <int m, int n, int k> struct __gpurd_tile<matrix_a, m, n, k> {
  enum { rows = m, cols = k };
};
template <int m, int n, int k> struct __gpurd_tile<matrix_b, m, n, k> {
  enum { rows = k, cols = n };
};
template <int m, int n, int k> struct __gpurd_tile<accumulator, m, n, k> {
  enum { rows = m, cols = n };
};

template <class T, int N> struct __frag_base {
  typedef typename __gpurd_storage<T>::type storage_element_type;
  typedef storage_element_type element_type;
  enum { num_elements = N, num_storage_elements = N };
  storage_element_type x[N];
};

template <class Use, int m, int n, int k, class T> struct __gpurd_count {
  typedef __gpurd_tile<Use, m, n, k> tile;
  typedef __gpurd_storage<T> storage;
  enum {
    raw = tile::rows * tile::cols * storage::bits /
          (32 * 8 * (int)sizeof(typename storage::type)),
    value = raw > 0 ? raw : 1
  };
};

template <class Use, int m, int n, int k, class T, class Layout = void>
class fragment
    : public __frag_base<T, __gpurd_count<Use, m, n, k, T>::value> {};

template <class Use, int m, int n, int k, class T, class L, class V>
__device__ inline void fill_fragment(fragment<Use, m, n, k, T, L> &f,
                                     const V &v) {
#pragma unroll
  for (int i = 0; i < f.num_elements; ++i)
    f.x[i] = v;
}

namespace __gpurd {
static __inline__ __device__ unsigned int __lane() {
  return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
          threadIdx.x) &
         31u;
}
/* Offset from the tile's start of element i of this lane, for data of
 * R x C elements with leading dimension ldm. */
template <int R, int C>
static __inline__ __device__ unsigned int
__offset(int i, unsigned int ldm, bool rowMajor) {
  unsigned int e = 32u * (unsigned int)i + __lane();
  return rowMajor ? (e / C) * ldm + e % C : (e / R) * ldm + e % R;
}
template <class L> struct __is_row_major {
  enum { value = 0 };
};
template <> struct __is_row_major<row_major> {
  enum { value = 1 };
};

template <class Use, int m, int n, int k, class T, class L, class P>
static __inline__ __device__ void
__load(fragment<Use, m, n, k, T, L> &f, const P *p, unsigned int ldm,
       bool rowMajor) {
  typedef __gpurd_tile<Use, m, n, k> tile;
  typedef typename __gpurd_storage<T>::type S;
#pragma unroll
  for (int i = 0; i < f.num_elements; ++i)
    f.x[i] = (S)p[__offset<tile::rows, tile::cols>(i, ldm, rowMajor)];
}
} // namespace __gpurd

/* Sub-byte precisions: declarations (packed storage). */
#define __GPURD_WMMA_LOAD_PACKED(T)                                            \
  template <class Use, int m, int n, int k, class L>                           \
  __device__ void load_matrix_sync(fragment<Use, m, n, k, T, L> &f,            \
                                   const void *p, unsigned ldm);
__GPURD_WMMA_LOAD_PACKED(experimental::precision::u4)
__GPURD_WMMA_LOAD_PACKED(experimental::precision::s4)
__GPURD_WMMA_LOAD_PACKED(experimental::precision::b1)
#undef __GPURD_WMMA_LOAD_PACKED

#define __GPURD_WMMA_LOAD_AB(T)                                                \
  template <class Use, int m, int n, int k, class L, class P>                  \
  __device__ inline void load_matrix_sync(fragment<Use, m, n, k, T, L> &f,     \
                                          const P *p, unsigned ldm) {          \
    __gpurd::__load(f, p, ldm, __gpurd::__is_row_major<L>::value);             \
  }
__GPURD_WMMA_LOAD_AB(__half)
__GPURD_WMMA_LOAD_AB(__nv_bfloat16)
__GPURD_WMMA_LOAD_AB(precision::tf32)
__GPURD_WMMA_LOAD_AB(double)
__GPURD_WMMA_LOAD_AB(signed char)
__GPURD_WMMA_LOAD_AB(unsigned char)
#undef __GPURD_WMMA_LOAD_AB

template <int m, int n, int k, class T, class P>
__device__ inline void load_matrix_sync(fragment<accumulator, m, n, k, T> &f,
                                        const P *p, unsigned ldm,
                                        layout_t layout) {
  __gpurd::__load(f, p, ldm, layout == mem_row_major);
}
template <int m, int n, int k, class T, class P>
__device__ inline void
store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T> &f,
                  unsigned ldm, layout_t layout) {
  typedef __gpurd_tile<accumulator, m, n, k> tile;
#pragma unroll
  for (int i = 0; i < f.num_elements; ++i)
    p[__gpurd::__offset<tile::rows, tile::cols>(i, ldm,
                                                layout == mem_row_major)] =
        f.x[i];
}

/* Registers only: lane-local products stand in for the matrix product
 * (see the header comment). */
template <int m, int n, int k, class Ta, class La, class Tb, class Lb,
          class Tc, class Td>
__device__ inline void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                                const fragment<matrix_a, m, n, k, Ta, La> &a,
                                const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                                const fragment<accumulator, m, n, k, Tc> &c,
                                bool satf = false) {
  typedef typename fragment<accumulator, m, n, k, Td>::storage_element_type D;
#pragma unroll
  for (int i = 0; i < d.num_elements; ++i)
    d.x[i] = (D)c.x[i] +
             (D)a.x[i % a.num_elements] * (D)b.x[i % b.num_elements];
}
template <int m, int n, int k, class La, class Lb>
__device__ void
bmma_sync(fragment<accumulator, m, n, k, int> &d,
          const fragment<matrix_a, m, n, k, experimental::precision::b1, La> &a,
          const fragment<matrix_b, m, n, k, experimental::precision::b1, Lb> &b,
          const fragment<accumulator, m, n, k, int> &c,
          experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);

/* Rounds to tf32's 10 mantissa bits (cvt.rna.tf32.f32: nearest, ties away
 * from zero); infinities and NaNs pass through. */
__device__ inline float __float_to_tf32(float in) {
  unsigned int u = __builtin_bit_cast(unsigned int, in);
  if ((u & 0x7f800000u) != 0x7f800000u)
    u = (u + 0x1000u) & 0xffffe000u;
  return __builtin_bit_cast(float, u);
}
} // namespace wmma
} // namespace nvcuda
#endif

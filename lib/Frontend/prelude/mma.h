/*===- mma.h - gpurd prelude: minimal nvcuda::wmma declarations ------------===*
 *
 * Enough of CUDA's warp matrix (tensor core) API for kernels that use it to
 * parse in host and device mode.  Fragments are plain arrays whose
 * num_elements is an approximation (m*n/32 per thread); fill_fragment is
 * defined, while load_matrix_sync / store_matrix_sync / mma_sync are
 * declared only, so in device IR they are opaque external calls (their
 * per-lane memory mapping is unspecified by CUDA and not modelled).
 *===----------------------------------------------------------------------===*/
#ifndef __GPURD_MMA_H__
#define __GPURD_MMA_H__
#include "gpurd_cuda_prelude.h"
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
}
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}
enum layout_t { mem_row_major, mem_col_major };

template <class T> struct __gpurd_storage { typedef T type; };
template <> struct __gpurd_storage<precision::tf32> { typedef float type; };
template <> struct __gpurd_storage<experimental::precision::u4> { typedef unsigned type; };
template <> struct __gpurd_storage<experimental::precision::s4> { typedef int type; };
template <> struct __gpurd_storage<experimental::precision::b1> { typedef unsigned type; };

template <class T, int N> struct __frag_base {
  typedef typename __gpurd_storage<T>::type storage_element_type;
  typedef storage_element_type element_type;
  enum { num_elements = N, num_storage_elements = N };
  storage_element_type x[N];
};

template <class Use, int m, int n, int k, class T, class Layout = void>
class fragment : public __frag_base<T, (m * n) / 32> {};

template <class Use, int m, int n, int k, class T, class L, class V>
__device__ inline void fill_fragment(fragment<Use, m, n, k, T, L> &f, const V &v) {
  for (int i = 0; i < f.num_elements; ++i)
    f.x[i] = v;
}
template <class Use, int m, int n, int k, class T, class L, class P>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, L> &f, const P *p, unsigned ldm);
template <int m, int n, int k, class T, class P>
__device__ void load_matrix_sync(fragment<accumulator, m, n, k, T> &f, const P *p, unsigned ldm,
                                 layout_t layout);
template <int m, int n, int k, class T, class P>
__device__ void store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T> &f, unsigned ldm,
                                  layout_t layout);
template <int m, int n, int k, class Ta, class La, class Tb, class Lb, class Tc, class Td>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                         const fragment<matrix_a, m, n, k, Ta, La> &a,
                         const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                         const fragment<accumulator, m, n, k, Tc> &c, bool satf = false);
__device__ float __float_to_tf32(float in);
} // namespace wmma
} // namespace nvcuda
#endif

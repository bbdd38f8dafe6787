// cuFFT's multi-GPU extension (cufftXt.h), cuSPARSE's generic API and the
// shared library types parse against gpurd's prelude.  The headers define
// the macros the CUDA samples' helper_cuda.h tests to add an error-name
// overload per library (CUBLAS_API_H_, _CUFFT_H_, CUSPARSEAPI, CURAND_H_),
// and cufftResult has CUDA 13's values, which that helper names.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel scaleSlice %s -- | FileCheck %s --check-prefix=DEVICE
#include <cublas_v2.h>
#include <cufftXt.h>
#include <curand.h>
#include <cusparse.h>

#if !defined(CUBLAS_API_H_) || !defined(_CUFFT_H_) || !defined(CUSPARSEAPI) || !defined(CURAND_H_)
#error "a library guard macro that helper_cuda.h tests is missing"
#endif
static_assert(CUFFT_NVSHMEM_FAILURE == 20 && CUDA_R_32F == 0 && CUDA_C_32F == 4,
              "values as in cufft.h and library_types.h");

// The slice of a multi-GPU descriptor one device holds, scaled in place.
__global__ void scaleSlice(cufftComplex *slice, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    slice[i].x *= factor;
    slice[i].y *= factor;
  }
}

int main() {
  const int n = 1 << 16, gpus[2] = {0, 1};
  cufftHandle plan;
  cufftCreate(&plan);
  cufftXtSetGPUs(plan, 2, (int *)gpus);
  size_t work[2];
  cufftMakePlan1d(plan, n, CUFFT_C2C, 1, work);
  cudaLibXtDesc *desc;
  cufftXtMalloc(plan, &desc, CUFFT_XT_FORMAT_INPLACE);
  cufftXtExecDescriptorC2C(plan, desc, desc, CUFFT_FORWARD);
  for (int g = 0; g < desc->descriptor->nGPUs; ++g) {
    cudaSetDevice(desc->descriptor->GPUs[g]);
    scaleSlice<<<n / 2 / 256, 256>>>((cufftComplex *)desc->descriptor->data[g], 1.0f / n, n / 2);
  }
  cufftXtFree(desc);

  cusparseHandle_t sparse;
  cusparseCreate(&sparse);
  int *rows = nullptr, *cols = nullptr;
  float *vals = nullptr, *x = nullptr, *y = nullptr, alpha = 1.0f, beta = 0.0f;
  cusparseSpMatDescr_t A;
  cusparseCreateCsr(&A, n, n, 3 * n, rows, cols, vals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateDnVec(&vx, n, x, CUDA_R_32F);
  cusparseCreateDnVec(&vy, n, y, CUDA_R_32F);
  size_t bufferSize = 0;
  cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr);
  cusparseDestroySpMat(A);
  cusparseDestroy(sparse);
  return 0;
}
// (1 << 16) / 2 / 256 = 128 blocks.
// CHECK: library-headers-xt.cu: 1 kernel, 1 launch site
// CHECK: launch scaleSlice in main: grid (128, 1, 1), block (256, 1, 1)
// The two float halves of a cufftComplex are one 8-byte load and one
// 8-byte store after vectorisation.
// DEVICE: kernel scaleSlice: 2 memory operations, 2 affine
// DEVICE: load global 8 B of slice
// DEVICE: store global 8 B to slice

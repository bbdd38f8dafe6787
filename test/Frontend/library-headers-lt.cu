// cuBLASLt's header and the cuBLAS v2 math modes and Ex GEMMs, as llm.c's
// dev/cuda/common.h uses them (a GEMM with a GELU-and-bias epilogue through
// cublasLtMatmul, TF32 math for cublasSgemm): declarations from gpurd's
// prelude, as the runtime's are. CUDA 12's cublasLt.h brings
// __nv_bfloat16 with it (through cuda_fp8.h), and llm.c's ENABLE_BF16
// build names it without including cuda_bf16.h. Before, the file stopped at
// "'cublasLt.h' file not found".
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// CHECK: kernel gelu(floatX *out, const floatX *in, int n)
#include <cublasLt.h>
#include <cublas_v2.h>

typedef __nv_bfloat16 floatX;

__global__ void gelu(floatX *out, const floatX *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (floatX)(0.5f * (float)in[i]);
}

void matmulBiasGelu(cublasLtHandle_t handle, const float *a, const float *b,
                    const float *bias, float *c, int m, int n, int k,
                    void *workspace, size_t workspaceBytes) {
  cublasLtMatmulDesc_t desc;
  cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasOperation_t transpose = CUBLAS_OP_T;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose,
                                 sizeof(transpose));
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_GELU_BIAS;
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue,
                                 sizeof(epilogue));
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                 &bias, sizeof(bias));
  cublasLtMatrixLayout_t la, lb, lc;
  cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, k, m, k);
  cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, k, n, k);
  cublasLtMatrixLayoutCreate(&lc, CUDA_R_32F, m, n, m);
  cublasLtMatmulPreference_t preference;
  cublasLtMatmulPreferenceCreate(&preference);
  cublasLtMatmulPreferenceSetAttribute(
      preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
      sizeof(workspaceBytes));
  cublasLtMatmulHeuristicResult_t heuristic;
  int found = 0;
  cublasLtMatmulAlgoGetHeuristic(handle, desc, la, lb, lc, lc, preference, 1,
                                 &heuristic, &found);
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmul(handle, desc, &one, a, la, b, lb, &zero, c, lc, c, lc,
                 &heuristic.algo, workspace, workspaceBytes, 0);
  cublasLtMatmulPreferenceDestroy(preference);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(lc);
  cublasLtMatmulDescDestroy(desc);
}

void tf32Gemm(cublasHandle_t handle, const float *a, const float *b, float *c,
              int n) {
  cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH);
  const float one = 1.0f, zero = 0.0f;
  cublasGemmStridedBatchedEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a,
                             CUDA_R_32F, n, n * n, b, CUDA_R_32F, n, n * n,
                             &zero, c, CUDA_R_32F, n, n * n, 4,
                             CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT);
}

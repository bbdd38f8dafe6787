/*===- cublasLt.h - gpurd CUDA prelude: cuBLASLt types and calls ----------===*
 * The lightweight cuBLAS API (CUDA 10.1 and later) that host code calls to
 * run a GEMM with an epilogue (bias, GELU): its handle, the opaque
 * descriptors of an operation, a matrix layout and a preference, their
 * attribute enums, the heuristic's result, and the calls that make, set,
 * query and run them.  Declarations: gpurd does not model library kernels.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUBLASLT_H
#define GPURD_CUBLASLT_H
#include "cublas_api.h"
/* CUDA 12's cublasLt.h includes cuda_fp8.h, which brings the half and
 * bfloat16 types: code that includes it alone uses __nv_bfloat16. */
#include "cuda_bf16.h"
#include "cuda_fp16.h"

#include <stddef.h>
#include <stdint.h>

typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;
typedef struct {
  uint64_t data[8];
} cublasLtMatmulAlgo_t;
typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

typedef enum {
  CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,
  CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,
  CUBLASLT_MATMUL_DESC_TRANSA = 3,
  CUBLASLT_MATMUL_DESC_TRANSB = 4,
  CUBLASLT_MATMUL_DESC_TRANSC = 5,
  CUBLASLT_MATMUL_DESC_FILL_MODE = 6,
  CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,
  CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26
} cublasLtMatmulDescAttributes_t;
typedef enum {
  CUBLASLT_EPILOGUE_DEFAULT = 1,
  CUBLASLT_EPILOGUE_RELU = 2,
  CUBLASLT_EPILOGUE_RELU_AUX = 130,
  CUBLASLT_EPILOGUE_BIAS = 4,
  CUBLASLT_EPILOGUE_RELU_BIAS = 6,
  CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 134,
  CUBLASLT_EPILOGUE_DRELU = 136,
  CUBLASLT_EPILOGUE_DRELU_BGRAD = 152,
  CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = 160,
  CUBLASLT_EPILOGUE_GELU_BIAS = 36,
  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  CUBLASLT_EPILOGUE_DGELU = 192,
  CUBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  CUBLASLT_EPILOGUE_BGRADA = 256,
  CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;
typedef enum {
  CUBLASLT_MATRIX_LAYOUT_TYPE = 0,
  CUBLASLT_MATRIX_LAYOUT_ORDER = 1,
  CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
  CUBLASLT_MATRIX_LAYOUT_COLS = 3,
  CUBLASLT_MATRIX_LAYOUT_LD = 4,
  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
  CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6,
  CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7
} cublasLtMatrixLayoutAttribute_t;
typedef enum {
  CUBLASLT_ORDER_COL = 0,
  CUBLASLT_ORDER_ROW = 1,
  CUBLASLT_ORDER_COL32 = 2,
  CUBLASLT_ORDER_COL4_4R2_8C = 3,
  CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;
typedef enum {
  CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1
} cublasLtMatmulPreferenceAttributes_t;

extern "C" {
cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
size_t cublasLtGetVersion(void);
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc,
                                        cublasComputeType_t computeType,
                                        cudaDataType_t scaleType);
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc);
cublasStatus_t
cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc,
                               cublasLtMatmulDescAttributes_t attr,
                               const void *buf, size_t sizeInBytes);
cublasStatus_t
cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc,
                               cublasLtMatmulDescAttributes_t attr, void *buf,
                               size_t sizeInBytes, size_t *sizeWritten);
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout,
                                          cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld);
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
cublasStatus_t
cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
                                 cublasLtMatrixLayoutAttribute_t attr,
                                 const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatrixLayoutGetAttribute(
    cublasLtMatrixLayout_t matLayout, cublasLtMatrixLayoutAttribute_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten);
cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref);
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
cublasStatus_t
cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                     cublasLtMatmulPreferenceAttributes_t attr,
                                     const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
    cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
    cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
    cublasLtMatmulPreference_t preference, int requestedAlgoCount,
    cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
    int *returnAlgoCount);
cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle,
                              cublasLtMatmulDesc_t computeDesc,
                              const void *alpha, const void *A,
                              cublasLtMatrixLayout_t Adesc, const void *B,
                              cublasLtMatrixLayout_t Bdesc, const void *beta,
                              const void *C, cublasLtMatrixLayout_t Cdesc,
                              void *D, cublasLtMatrixLayout_t Ddesc,
                              const cublasLtMatmulAlgo_t *algo, void *workspace,
                              size_t workspaceSizeInBytes, cudaStream_t stream);
}

#endif /* GPURD_CUBLASLT_H */

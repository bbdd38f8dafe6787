/*===- cublas.h - gpurd CUDA prelude: the legacy cuBLAS API ---------------===*
 * The handle-less API of cublas.h (cublasInit, cublasAlloc, cublasSgemm with
 * character transposes, cublasGetError) that older benchmark programs call.
 * Declarations: gpurd does not model library kernels.  A file that also
 * includes cublas_v2.h gets the v2 names, as with NVIDIA's headers.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUBLAS_H
#define GPURD_CUBLAS_H
#include "cublas_api.h"

typedef cublasStatus_t cublasStatus;

extern "C" {
cublasStatus cublasInit(void);
cublasStatus cublasShutdown(void);
cublasStatus cublasGetError(void);
cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus cublasFree(void *devicePtr);
cublasStatus cublasSetKernelStream(cudaStream_t stream);
#ifndef CUBLAS_V2_H_
float cublasSdot(int n, const float *x, int incx, const float *y, int incy);
double cublasDdot(int n, const double *x, int incx, const double *y, int incy);
float cublasSnrm2(int n, const float *x, int incx);
void cublasSaxpy(int n, float alpha, const float *x, int incx, float *y, int incy);
void cublasDaxpy(int n, double alpha, const double *x, int incx, double *y, int incy);
void cublasSscal(int n, float alpha, float *x, int incx);
void cublasSgemv(char trans, int m, int n, float alpha, const float *A, int lda, const float *x, int incx, float beta, float *y, int incy);
void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc);
void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc);
void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc);
#endif
}

#endif /* GPURD_CUBLAS_H */

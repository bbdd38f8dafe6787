/*===- cufft.h - gpurd CUDA prelude: host-side cuFFT ----------------------===*
 * Plans (created at once or in steps), complex types, work areas and the
 * execute calls host code uses.
 * Declarations: gpurd does not model library kernels.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUFFT_H
#define GPURD_CUFFT_H
#include "gpurd_cuda_prelude.h"
#include "cuComplex.h"
#include "library_types.h"

#define _CUFFT_H_
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0, CUFFT_INVALID_PLAN = 1, CUFFT_ALLOC_FAILED = 2,
  CUFFT_INVALID_TYPE = 3, CUFFT_INVALID_VALUE = 4, CUFFT_INTERNAL_ERROR = 5,
  CUFFT_EXEC_FAILED = 6, CUFFT_SETUP_FAILED = 7, CUFFT_INVALID_SIZE = 8,
  CUFFT_UNALIGNED_DATA = 9, CUFFT_INCOMPLETE_PARAMETER_LIST = 10,
  CUFFT_INVALID_DEVICE = 11, CUFFT_PARSE_ERROR = 12, CUFFT_NO_WORKSPACE = 13,
  CUFFT_NOT_IMPLEMENTED = 14, CUFFT_LICENSE_ERROR = 15,
  CUFFT_NOT_SUPPORTED = 16,
  /* CUDA 13 */
  CUFFT_MISSING_DEPENDENCY = 17, CUFFT_NVRTC_FAILURE = 18,
  CUFFT_NVJITLINK_FAILURE = 19, CUFFT_NVSHMEM_FAILURE = 20
} cufftResult;
typedef enum cufftType_t {
  CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c, CUFFT_Z2Z = 0x69
} cufftType;
typedef enum cufftCompatibility_t {
  CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01
} cufftCompatibility;
#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING
typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

extern "C" {
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch);
cufftResult cufftCreate(cufftHandle *handle);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftGetSize(cufftHandle handle, size_t *workSize);
cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workSize);
cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, long long int *onembed, long long int ostride, long long int odist, cufftType type, long long int batch, size_t *workSize);
cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t *workSize);
cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftGetVersion(int *version);
cufftResult cufftGetProperty(libraryPropertyType type, int *value);
}

#endif /* GPURD_CUFFT_H */

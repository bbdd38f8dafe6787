/*===- gpurd_cuda_mempool.h - gpurd CUDA prelude: memory pools ------------===*
 *
 * Part of gpurd_cuda_prelude.h (section 9a): memory locations, memory pools
 * and stream-ordered allocation (cudaMallocAsync and friends, CUDA 11.2+),
 * pool export/import for IPC, and the location forms of cudaMemAdvise and
 * cudaMemPrefetchAsync (CUDA 12.2's _v2 calls, CUDA 13's only forms).
 * Declarations only: gpurd does not run host code.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_MEMPOOL_H
#define GPURD_CUDA_MEMPOOL_H
#ifndef GPURD_CUDA_PRELUDE_H
#error "gpurd_cuda_mempool.h is part of gpurd_cuda_prelude.h; include that"
#endif

typedef struct CUmemPoolHandle_st *cudaMemPool_t;

enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 0x1,
  cudaMemPoolReuseAllowOpportunistic = 0x2,
  cudaMemPoolReuseAllowInternalDependencies = 0x3,
  cudaMemPoolAttrReleaseThreshold = 0x4,
  cudaMemPoolAttrReservedMemCurrent = 0x5,
  cudaMemPoolAttrReservedMemHigh = 0x6,
  cudaMemPoolAttrUsedMemCurrent = 0x7,
  cudaMemPoolAttrUsedMemHigh = 0x8
};
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2, cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4
};
struct cudaMemLocation {
  enum cudaMemLocationType type;
  int id;
};
enum cudaMemAccessFlags {
  cudaMemAccessFlagsProtNone = 0, cudaMemAccessFlagsProtRead = 1,
  cudaMemAccessFlagsProtReadWrite = 3
};
struct cudaMemAccessDesc {
  struct cudaMemLocation location;
  enum cudaMemAccessFlags flags;
};
enum cudaMemAllocationType {
  cudaMemAllocationTypeInvalid = 0x0, cudaMemAllocationTypePinned = 0x1,
  cudaMemAllocationTypeMax = 0x7FFFFFFF
};
enum cudaMemAllocationHandleType {
  cudaMemHandleTypeNone = 0x0, cudaMemHandleTypePosixFileDescriptor = 0x1,
  cudaMemHandleTypeWin32 = 0x2, cudaMemHandleTypeWin32Kmt = 0x4,
  cudaMemHandleTypeFabric = 0x8
};
struct cudaMemPoolProps {
  enum cudaMemAllocationType allocType;
  enum cudaMemAllocationHandleType handleTypes;
  struct cudaMemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned char reserved[56];
};
struct cudaMemPoolPtrExportData { unsigned char reserved[64]; };
typedef struct cudaMemFabricHandle_st {
  char reserved[CUDA_IPC_HANDLE_SIZE];
} cudaMemFabricHandle_t;

extern "C" {
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList, size_t count);
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool, struct cudaMemLocation *location);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream);
cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool, enum cudaMemAllocationHandleType handleType, unsigned int flags);
cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle, enum cudaMemAllocationHandleType handleType, unsigned int flags);
cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr);
cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool, struct cudaMemPoolPtrExportData *exportData);
/* CUDA 12.2's names for the location forms (CUDA 13 drops the suffix). */
cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream __dv(0));
cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location);
} /* extern "C" */

/* CUDA 13 spells the location forms without the suffix; the device-number
 * forms of CUDA <= 12 stay declared (C++ overloads tell them apart). */
static __inline__ __host__ cudaError_t cudaMemPrefetchAsync(const void *__p, size_t __n, struct cudaMemLocation __loc, unsigned int __flags, cudaStream_t __s = 0) {
  return ::cudaMemPrefetchAsync_v2(__p, __n, __loc, __flags, __s);
}
static __inline__ __host__ cudaError_t cudaMemAdvise(const void *__p, size_t __n, enum cudaMemoryAdvise __a, struct cudaMemLocation __loc) {
  return ::cudaMemAdvise_v2(__p, __n, __a, __loc);
}
/* The pool forms of cudaMallocAsync (cuda_runtime.h). */
static __inline__ __host__ cudaError_t cudaMallocAsync(void **__p, size_t __n, cudaMemPool_t __pool, cudaStream_t __s) {
  return ::cudaMallocFromPoolAsync(__p, __n, __pool, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocAsync(__T **__p, size_t __n, cudaMemPool_t __pool, cudaStream_t __s) {
  return ::cudaMallocFromPoolAsync((void **)(void *)__p, __n, __pool, __s);
}
template <class __T> static __inline__ __host__ cudaError_t cudaMallocFromPoolAsync(__T **__p, size_t __n, cudaMemPool_t __pool, cudaStream_t __s) {
  return ::cudaMallocFromPoolAsync((void **)(void *)__p, __n, __pool, __s);
}

#endif /* GPURD_CUDA_MEMPOOL_H */

/*===- gpurd_cuda_external.h - gpurd CUDA prelude: external resources ----===*
 *
 * Part of gpurd_cuda_prelude.h (section 9c): the runtime's external
 * resource interoperability (CUDA 10+) -- importing memory and semaphores
 * that Vulkan, Direct3D 11/12 or NvSciBuf/NvSciSync allocated (handle
 * types, descriptors with their handle unions, flags), mapping imported
 * memory as a buffer or a mipmapped array, signalling and waiting on
 * imported semaphores (CUDA 11.2's _v2 entry points, which the plain names
 * expand to, and the _v1 parameter structs), the graph nodes that do the
 * same, and cudaDeviceGetNvSciSyncAttributes.  Names, signatures and
 * values follow NVIDIA's runtime API documentation.  Declarations only:
 * gpurd does not run host code, and an imported buffer is, to a kernel,
 * just the pointer it is passed.
 *
 * Included before gpurd_cuda_graph.h, whose cudaGraphNodeParams names the
 * semaphore node parameters declared here.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_EXTERNAL_H
#define GPURD_CUDA_EXTERNAL_H
#ifndef GPURD_CUDA_PRELUDE_H
#error "gpurd_cuda_external.h is part of gpurd_cuda_prelude.h; include that"
#endif

typedef struct CUexternalMemory_st *cudaExternalMemory_t;
typedef struct CUexternalSemaphore_st *cudaExternalSemaphore_t;

enum cudaExternalMemoryHandleType {
  cudaExternalMemoryHandleTypeOpaqueFd = 1,
  cudaExternalMemoryHandleTypeOpaqueWin32 = 2,
  cudaExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
  cudaExternalMemoryHandleTypeD3D12Heap = 4,
  cudaExternalMemoryHandleTypeD3D12Resource = 5,
  cudaExternalMemoryHandleTypeD3D11Resource = 6,
  cudaExternalMemoryHandleTypeD3D11ResourceKmt = 7,
  cudaExternalMemoryHandleTypeNvSciBuf = 8
};

/* cudaExternalMemoryHandleDesc::flags: a dedicated (D3D12/Vulkan) allocation. */
#define cudaExternalMemoryDedicated 0x1
/* cudaExternalSemaphore{Signal,Wait}Params::flags for NvSciSync semaphores. */
#define cudaExternalSemaphoreSignalSkipNvSciBufMemSync 0x01
#define cudaExternalSemaphoreWaitSkipNvSciBufMemSync 0x02
/* cudaDeviceGetNvSciSyncAttributes flags. */
#define cudaNvSciSyncAttrSignal 0x1
#define cudaNvSciSyncAttrWait 0x2

struct cudaExternalMemoryHandleDesc {
  enum cudaExternalMemoryHandleType type;
  union {
    int fd; /* OpaqueFd */
    struct {
      void *handle;     /* a Win32 HANDLE or a D3DKMT handle */
      const void *name; /* or a named object (const wchar_t *) */
    } win32;
    const void *nvSciBufObject; /* an NvSciBufObj */
  } handle;
  unsigned long long size;
  unsigned int flags;
};

struct cudaExternalMemoryBufferDesc {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
};

struct cudaExternalMemoryMipmappedArrayDesc {
  unsigned long long offset;
  struct cudaChannelFormatDesc formatDesc;
  struct cudaExtent extent;
  unsigned int flags;
  unsigned int numLevels;
};

enum cudaExternalSemaphoreHandleType {
  cudaExternalSemaphoreHandleTypeOpaqueFd = 1,
  cudaExternalSemaphoreHandleTypeOpaqueWin32 = 2,
  cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
  cudaExternalSemaphoreHandleTypeD3D12Fence = 4,
  cudaExternalSemaphoreHandleTypeD3D11Fence = 5,
  cudaExternalSemaphoreHandleTypeNvSciSync = 6,
  cudaExternalSemaphoreHandleTypeKeyedMutex = 7,
  cudaExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
  cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
  cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
};

struct cudaExternalSemaphoreHandleDesc {
  enum cudaExternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void *handle;
      const void *name;
    } win32;
    const void *nvSciSyncObj; /* an NvSciSyncObj */
  } handle;
  unsigned int flags;
};

/* The parameters before CUDA 11.2 (what cudaSignal/WaitExternalSemaphores-
 * Async without the _v2 suffix took in CUDA 10.x/11.0/11.1). */
struct cudaExternalSemaphoreSignalParams_v1 {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
  } params;
  unsigned int flags;
};
struct cudaExternalSemaphoreWaitParams_v1 {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
  } params;
  unsigned int flags;
};

/* CUDA 11.2+: the same with reserved space. */
struct cudaExternalSemaphoreSignalParams {
  struct {
    struct {
      unsigned long long value; /* fences and timeline semaphores */
    } fence;
    union {
      void *fence; /* an NvSciSyncFence * */
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key; /* keyed mutexes */
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};
struct cudaExternalSemaphoreWaitParams {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void *fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
};

/* Graph nodes that signal or wait (CUDA 11.4; the V2 forms are CUDA 12.2's,
 * used by cudaGraphNodeParams). */
struct cudaExternalSemaphoreSignalNodeParams {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreSignalParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreSignalNodeParamsV2 {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreSignalParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParams {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreWaitParams *paramsArray;
  unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParamsV2 {
  cudaExternalSemaphore_t *extSemArray;
  const struct cudaExternalSemaphoreWaitParams *paramsArray;
  unsigned int numExtSems;
};

extern "C" {
/* External memory */
cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *extMem_out, const struct cudaExternalMemoryHandleDesc *memHandleDesc);
cudaError_t cudaExternalMemoryGetMappedBuffer(void **devPtr, cudaExternalMemory_t extMem, const struct cudaExternalMemoryBufferDesc *bufferDesc);
cudaError_t cudaExternalMemoryGetMappedMipmappedArray(cudaMipmappedArray_t *mipmap, cudaExternalMemory_t extMem, const struct cudaExternalMemoryMipmappedArrayDesc *mipmapDesc);
cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t extMem);

/* External semaphores.  Since CUDA 11.2 cuda_runtime_api.h declares the
 * _v2 entry points and makes the plain names macros for them. */
cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *extSem_out, const struct cudaExternalSemaphoreHandleDesc *semHandleDesc);
cudaError_t cudaSignalExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *extSemArray, const struct cudaExternalSemaphoreSignalParams *paramsArray, unsigned int numExtSems, cudaStream_t stream __dv(0));
cudaError_t cudaWaitExternalSemaphoresAsync_v2(const cudaExternalSemaphore_t *extSemArray, const struct cudaExternalSemaphoreWaitParams *paramsArray, unsigned int numExtSems, cudaStream_t stream __dv(0));
cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem);

/* NvSciSync: fills an NvSciSyncAttrList (opaque here). */
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *nvSciSyncAttrList, int device, int flags);

/* Graph nodes */
cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(cudaGraphNode_t hNode, struct cudaExternalSemaphoreSignalNodeParams *params_out);
cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(cudaGraphNode_t hNode, struct cudaExternalSemaphoreWaitNodeParams *params_out);
cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
} /* extern "C" */

#define cudaSignalExternalSemaphoresAsync cudaSignalExternalSemaphoresAsync_v2
#define cudaWaitExternalSemaphoresAsync cudaWaitExternalSemaphoresAsync_v2

#endif /* GPURD_CUDA_EXTERNAL_H */

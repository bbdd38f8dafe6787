/*===- cuda_occupancy.h - gpurd CUDA prelude: occupancy calculator --------===*
 *
 * The types and entry points of CUDA's header-only occupancy calculator
 * (cudaOcc*), declarations only.  Thrust 1.17 includes this header from
 * thrust/system/cuda/detail/core/util.h but calls none of it (it asks the
 * runtime's cudaOccupancy* functions instead); user code that calls the
 * calculator in host code parses.  Occupancy is not what gpurd models: its
 * cache model takes the launch and the architecture preset instead.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_OCCUPANCY_H
#define GPURD_CUDA_OCCUPANCY_H
#include "gpurd_cuda_prelude.h"

#define __cuda_occupancy_h__
#define CUDA_OCC_MAJOR 12
#define CUDA_OCC_MINOR 0

typedef enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

typedef enum cudaOccFuncShmemConfig_enum {
  FUNC_SHMEM_LIMIT_DEFAULT,
  FUNC_SHMEM_LIMIT_OPTIN
} cudaOccFuncShmemConfig;

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10
} cudaOccLimitingFactor;

/* The device's properties the calculator needs; filled from a
 * cudaDeviceProp like CUDA's own constructor does. */
struct cudaOccDeviceProp {
  int computeMajor;
  int computeMinor;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiprocessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  int numSms;
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;

  __host__ cudaOccDeviceProp()
      : computeMajor(0), computeMinor(0), maxThreadsPerBlock(0),
        maxThreadsPerMultiprocessor(0), regsPerBlock(0),
        regsPerMultiprocessor(0), warpSize(0), sharedMemPerBlock(0),
        sharedMemPerMultiprocessor(0), numSms(0), sharedMemPerBlockOptin(0),
        reservedSharedMemPerBlock(0) {}
  template <class __DeviceProp>
  __host__ cudaOccDeviceProp(const __DeviceProp &__p)
      : computeMajor(__p.major), computeMinor(__p.minor),
        maxThreadsPerBlock(__p.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(__p.maxThreadsPerMultiProcessor),
        regsPerBlock(__p.regsPerBlock),
        regsPerMultiprocessor(__p.regsPerMultiprocessor),
        warpSize(__p.warpSize), sharedMemPerBlock(__p.sharedMemPerBlock),
        sharedMemPerMultiprocessor(__p.sharedMemPerMultiprocessor),
        numSms(__p.multiProcessorCount),
        sharedMemPerBlockOptin(__p.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(__p.reservedSharedMemPerBlock) {}
};

/* A kernel's attributes; filled from cudaFuncAttributes. */
struct cudaOccFuncAttributes {
  int maxThreadsPerBlock;
  int numRegs;
  size_t sharedSizeBytes;
  cudaOccPartitionedGCConfig partitionedGCConfig;
  cudaOccFuncShmemConfig shmemLimitConfig;
  size_t maxDynamicSharedSizeBytes;
  int numBlockBarriers;

  __host__ cudaOccFuncAttributes()
      : maxThreadsPerBlock(0), numRegs(0), sharedSizeBytes(0),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_DEFAULT),
        maxDynamicSharedSizeBytes(0), numBlockBarriers(0) {}
  template <class __FuncAttributes>
  __host__ cudaOccFuncAttributes(const __FuncAttributes &__a)
      : maxThreadsPerBlock(__a.maxThreadsPerBlock), numRegs(__a.numRegs),
        sharedSizeBytes(__a.sharedSizeBytes),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_OPTIN),
        maxDynamicSharedSizeBytes(__a.maxDynamicSharedSizeBytes),
        numBlockBarriers(1) {}
};

struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig;
  int carveoutConfig;
  __host__ cudaOccDeviceState()
      : cacheConfig(CACHE_PREFER_NONE),
        carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
};

struct cudaOccResult {
  int activeBlocksPerMultiprocessor;
  unsigned int limitingFactors;
  int blockLimitRegs;
  int blockLimitSharedMem;
  int blockLimitWarps;
  int blockLimitBlocks;
  int blockLimitBarriers;
  int allocatedRegistersPerBlock;
  size_t allocatedSharedMemPerBlock;
  int partitionedGCConfig;
};

/* The calculator; declarations only (gpurd never links). */
cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(
    cudaOccResult *result, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int blockSize, size_t dynamicSmemSize);
cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t (*blockSizeToDynamicSMemSize)(int), size_t dynamicSMemSize);
cudaOccError cudaOccAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int numBlocks, int blockSize);

#endif /* GPURD_CUDA_OCCUPANCY_H */

// External resource interop as Vulkan, Direct3D and NvSci programs call it
// from host code comes from gpurd's prelude: importing external memory (a
// buffer and a mipmapped array) and semaphores (binary and timeline) through
// the runtime (CUDA 11.2's _v2 entry points under the plain names too, the
// _v1 parameter structs), the driver API equivalents in cuda.h, graph nodes
// that signal and wait, and the NvSciSync attribute query.  The handle types
// and the layouts of the parameter structs are CUDA's (checked below).  The
// kernel that works on the imported buffer is analysed as usual.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s --check-prefix=LIST
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s
#include <cuda.h>
#include <cuda_runtime.h>

static_assert(cudaExternalMemoryHandleTypeOpaqueFd == 1, "");
static_assert(cudaExternalMemoryHandleTypeD3D11ResourceKmt == 7, "");
static_assert(cudaExternalMemoryHandleTypeNvSciBuf == 8, "");
static_assert(cudaExternalSemaphoreHandleTypeNvSciSync == 6, "");
static_assert(cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd == 9, "");
static_assert(cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 == 10, "");
static_assert(CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE == 5, "");
static_assert(CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT == 8, "");
static_assert(cudaExternalMemoryDedicated == 1 && CUDA_EXTERNAL_MEMORY_DEDICATED == 1, "");
// The parameter structs reserve space up to 144 bytes (CUDA 11.2+); the
// _v1 forms of CUDA 10/11.0 do not.
static_assert(sizeof(cudaExternalSemaphoreSignalParams) == 144, "");
static_assert(sizeof(cudaExternalSemaphoreWaitParams) == 144, "");
static_assert(sizeof(CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS) == 144, "");
static_assert(sizeof(cudaExternalSemaphoreSignalParams_v1) == 32, "");
static_assert(sizeof(cudaExternalSemaphoreWaitParams_v1) == 40, "");
static_assert(sizeof(cudaExternalMemoryHandleDesc) == 40, "");

__global__ void scaleImported(float *buf, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] *= factor;
}

// Import a Vulkan allocation exported as an opaque file descriptor.
static float *importBuffer(int fd, unsigned long long size, cudaExternalMemory_t *mem) {
  cudaExternalMemoryHandleDesc desc = {};
  desc.type = cudaExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = size;
  desc.flags = cudaExternalMemoryDedicated;
  cudaImportExternalMemory(mem, &desc);
  cudaExternalMemoryBufferDesc bufferDesc = {};
  bufferDesc.offset = 0;
  bufferDesc.size = size;
  void *ptr = nullptr;
  cudaExternalMemoryGetMappedBuffer(&ptr, *mem, &bufferDesc);
  return (float *)ptr;
}

// An image: a mipmapped array on imported memory (vulkanImageCUDA's way).
static cudaMipmappedArray_t importImage(cudaExternalMemory_t mem, unsigned w, unsigned h) {
  cudaExternalMemoryMipmappedArrayDesc desc = {};
  desc.offset = 0;
  desc.formatDesc = cudaCreateChannelDesc<uchar4>();
  desc.extent = make_cudaExtent(w, h, 0);
  desc.flags = cudaArraySurfaceLoadStore;
  desc.numLevels = 4;
  cudaMipmappedArray_t mipmap;
  cudaExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &desc);
  return mipmap;
}

static void driverSide(int fd, int semFd, CUstream stream) {
  CUDA_EXTERNAL_MEMORY_HANDLE_DESC memDesc = {};
  memDesc.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD;
  memDesc.handle.fd = fd;
  memDesc.size = 1 << 20;
  CUexternalMemory mem;
  cuImportExternalMemory(&mem, &memDesc);
  CUDA_EXTERNAL_MEMORY_BUFFER_DESC bufDesc = {};
  bufDesc.size = 1 << 20;
  CUdeviceptr ptr;
  cuExternalMemoryGetMappedBuffer(&ptr, mem, &bufDesc);
  CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC arrDesc = {};
  arrDesc.arrayDesc.Width = 256;
  arrDesc.arrayDesc.Height = 256;
  arrDesc.arrayDesc.Format = CU_AD_FORMAT_UNSIGNED_INT8;
  arrDesc.arrayDesc.NumChannels = 4;
  arrDesc.arrayDesc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
  arrDesc.numLevels = 1;
  CUmipmappedArray mipmap;
  cuExternalMemoryGetMappedMipmappedArray(&mipmap, mem, &arrDesc);
  CUarray level0;
  cuMipmappedArrayGetLevel(&level0, mipmap, 0);

  CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC semDesc = {};
  semDesc.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD;
  semDesc.handle.fd = semFd;
  CUexternalSemaphore sem;
  cuImportExternalSemaphore(&sem, &semDesc);
  CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS wait = {};
  wait.params.fence.value = 1;
  cuWaitExternalSemaphoresAsync(&sem, &wait, 1, stream);
  CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS signal = {};
  signal.params.fence.value = 2;
  cuSignalExternalSemaphoresAsync(&sem, &signal, 1, stream);
  cuDestroyExternalSemaphore(sem);
  cuMipmappedArrayDestroy(mipmap);
  cuMemFree(ptr);
  cuDestroyExternalMemory(mem);
  char nvSciSyncAttrList[64];
  cuDeviceGetNvSciSyncAttributes(nvSciSyncAttrList, 0, CUDA_NVSCISYNC_ATTR_SIGNAL | CUDA_NVSCISYNC_ATTR_WAIT);
}

int main() {
  const int n = 1 << 16;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaExternalMemory_t mem;
  float *buf = importBuffer(3, n * sizeof(float), &mem);

  cudaExternalSemaphoreHandleDesc semDesc = {};
  semDesc.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
  semDesc.handle.fd = 4;
  cudaExternalSemaphore_t vkDone, cudaDone;
  cudaImportExternalSemaphore(&vkDone, &semDesc);
  semDesc.type = cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32;
  semDesc.handle.win32.handle = nullptr;
  semDesc.handle.win32.name = L"cudaDone";
  cudaImportExternalSemaphore(&cudaDone, &semDesc);

  cudaExternalSemaphoreWaitParams waitParams = {};
  waitParams.params.keyedMutex.timeoutMs = 100;
  cudaWaitExternalSemaphoresAsync(&vkDone, &waitParams, 1, stream);
  scaleImported<<<n / 256, 256, 0, stream>>>(buf, 0.5f, n);
  cudaExternalSemaphoreSignalParams signalParams = {};
  signalParams.params.fence.value = 1;
  signalParams.flags = cudaExternalSemaphoreSignalSkipNvSciBufMemSync;
  cudaSignalExternalSemaphoresAsync(&cudaDone, &signalParams, 1, stream);
  cudaSignalExternalSemaphoresAsync_v2(&cudaDone, &signalParams, 1);
  cudaWaitExternalSemaphoresAsync_v2(&vkDone, &waitParams, 1);

  // The same in a graph.
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaGraphNode_t waitNode, signalNode, node;
  cudaExternalSemaphoreWaitNodeParams waitNodeParams = {&vkDone, &waitParams, 1};
  cudaGraphAddExternalSemaphoresWaitNode(&waitNode, graph, nullptr, 0, &waitNodeParams);
  cudaExternalSemaphoreSignalNodeParams signalNodeParams = {&cudaDone, &signalParams, 1};
  cudaGraphAddExternalSemaphoresSignalNode(&signalNode, graph, &waitNode, 1, &signalNodeParams);
  cudaGraphNodeParams nodeParams = {cudaGraphNodeTypeExtSemaphoreSignal};
  nodeParams.extSemSignal.extSemArray = &cudaDone;
  nodeParams.extSemSignal.paramsArray = &signalParams;
  nodeParams.extSemSignal.numExtSems = 1;
  cudaGraphAddNode(&node, graph, &signalNode, nullptr, 1, &nodeParams);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0ull);
  cudaGraphExecExternalSemaphoresSignalNodeSetParams(exec, signalNode, &signalNodeParams);

  char attrList[64];
  cudaDeviceGetNvSciSyncAttributes(attrList, 0, cudaNvSciSyncAttrSignal);
  cudaMipmappedArray_t image = importImage(mem, 512, 512);
  driverSide(5, 6, nullptr);

  cudaFreeMipmappedArray(image);
  cudaDestroyExternalSemaphore(vkDone);
  cudaDestroyExternalSemaphore(cudaDone);
  cudaFree(buf);
  cudaDestroyExternalMemory(mem);
  return 0;
}
// LIST: external-memory.cu: 1 kernel, 1 launch site
// LIST: kernel scaleImported(float *buf, float factor, int n)
// (1 << 16) / 256 = 256 blocks; one read and one write of 4 B per thread.
// CHECK: kernel scaleImported: grid (256, 1, 1), block (256, 1, 1)
// CHECK: kernel scaleImported on {{.*}}: {{.*}}256 of 256 blocks
// CHECK: S0 {{.*}}external-memory.cu:[[@LINE-136]]:12 'buf[i]': L1 2048 reads
// CHECK: S1 {{.*}}external-memory.cu:[[@LINE-137]]:12 'buf[i]': L1 2048 writes
// CHECK: array buf: L1 2048 reads (hit rate 0.0%), 2048 writes

// Host APIs of CUDA 11.2-13 around memory come from gpurd's prelude:
// stream-ordered allocation and memory pools (with IPC export), memory
// locations for cudaMemAdvise/cudaMemPrefetchAsync in the CUDA 13 form next
// to the device-number form of CUDA <= 12, IPC event handles, peer
// attributes, stream attributes (L2 access policy windows), mipmapped
// arrays, and mapping graphics resources without a graphics API header.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel inc %s -- | FileCheck %s --check-prefix=DEVICE
#include <cuda_runtime.h>

__global__ void inc(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += 1;
}

int main() {
  const int n = 4096;
  int device = 0, supported = 0;
  cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, device);
  cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolSupportedHandleTypes, device);
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);

  // A pool that can be exported to another process, and allocations in it.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  cudaMemPool_t pool;
  cudaMemPoolCreate(&pool, &props);
  unsigned long long threshold = ~0ull;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  cudaMemAccessDesc access = {};
  access.location = props.location;
  access.flags = cudaMemAccessFlagsProtReadWrite;
  cudaMemPoolSetAccess(pool, &access, 1);
  int *a = nullptr, *b = nullptr;
  cudaMallocAsync(&a, n * sizeof(int), pool, stream);
  cudaMallocFromPoolAsync(&b, n * sizeof(int), pool, stream);
  int fd = 0;
  cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypePosixFileDescriptor, 0);
  cudaMemPoolPtrExportData exported;
  cudaMemPoolExportPointer(&exported, a);
  inc<<<n / 256, 256, 0, stream>>>(a, n);
  cudaFreeAsync(b, stream);

  // Unified memory hints: CUDA 13 locations and CUDA <= 12 device numbers.
  int *m = nullptr;
  cudaMallocManaged(&m, n * sizeof(int));
  cudaMemLocation gpu = {cudaMemLocationTypeDevice, device};
  cudaMemLocation host = {cudaMemLocationTypeHost, 0};
  cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetReadMostly, gpu);
  cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetAccessedBy, device);
  cudaMemPrefetchAsync(m, n * sizeof(int), gpu, 0, stream);
  cudaMemPrefetchAsync(m, n * sizeof(int), host, 0);
  cudaMemPrefetchAsync(m, n * sizeof(int), device, stream);

  // IPC events, peer attributes, stream attributes.
  cudaEvent_t event;
  cudaEventCreate(&event, cudaEventDisableTiming | cudaEventInterprocess);
  cudaIpcEventHandle_t eventHandle;
  cudaIpcGetEventHandle(&eventHandle, event);
  cudaIpcOpenEventHandle(&event, eventHandle);
  int rank = 0;
  cudaDeviceGetP2PAttribute(&rank, cudaDevP2PAttrPerformanceRank, 0, 1);
  cudaStreamAttrValue window = {};
  window.accessPolicyWindow.base_ptr = m;
  window.accessPolicyWindow.num_bytes = n * sizeof(int);
  window.accessPolicyWindow.hitRatio = 0.6f;
  window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window);
  cudaCtxResetPersistingL2Cache();
  inc<<<n / 256, 256, 0, stream>>>(m, n);

  // Mipmapped arrays and mapped graphics resources.
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
  cudaMipmappedArray_t mipmap;
  cudaMallocMipmappedArray(&mipmap, &desc, make_cudaExtent(64, 64, 0), 7);
  cudaArray_t level;
  cudaGetMipmappedArrayLevel(&level, mipmap, 1);
  cudaExtent extent;
  cudaArrayGetInfo(&desc, &extent, nullptr, level);
  cudaFreeMipmappedArray(mipmap);
  cudaGraphicsResource_t resource = nullptr;
  cudaGraphicsResourceSetMapFlags(resource, cudaGraphicsMapFlagsReadOnly);
  cudaGraphicsMapResources(1, &resource, stream);
  cudaGraphicsUnmapResources(1, &resource, stream);
  return 0;
}
// n / 256 = 4096 / 256 = 16 blocks of 256 threads for both launches.
// CHECK: runtime-memory-apis.cu: 1 kernel, 2 launch sites
// CHECK: launch inc in main: grid (16, 1, 1), block (256, 1, 1), dynamic shared 0 B, stream stream
// CHECK: launch inc in main: grid (16, 1, 1), block (256, 1, 1), dynamic shared 0 B, stream stream
// data[i] += 1 is one 4-byte load and one 4-byte store.
// DEVICE: kernel inc: 2 memory operations, 2 affine
// DEVICE: load global 4 B of data
// DEVICE: store global 4 B to data

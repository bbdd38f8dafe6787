// Host code of the CUDA samples' helper_cuda_drvapi.h and of programs that
// manage virtual memory through the driver API (cuMemCreate, cuMemMap,
// cuMemSetAccess, ...) parses against gpurd's cuda.h: compute modes, every
// device attribute of CUDA 12, allocation properties and handles.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
#include <cuda.h>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static CUdeviceptr reserveCompressible(size_t size, CUdevice device) {
  int computeMode = 0, vmm = 0, compressible = 0;
  cuDeviceGetAttribute(&computeMode, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, device);
  if (computeMode == CU_COMPUTEMODE_PROHIBITED)
    return 0;
  cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, device);
  cuDeviceGetAttribute(&compressible, CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED, device);
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = device;
  prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;
  size_t granularity = 0;
  cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  size = (size + granularity - 1) / granularity * granularity;
  CUdeviceptr ptr = 0;
  cuMemAddressReserve(&ptr, size, 0, 0, 0);
  CUmemGenericAllocationHandle handle;
  cuMemCreate(&handle, size, &prop, 0);
  cuMemMap(ptr, size, 0, handle, 0);
  cuMemRelease(handle);
  CUmemAccessDesc access = {};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  cuMemSetAccess(ptr, size, &access, 1);
  return ptr;
}

int main() {
  CUdevice device;
  cuInit(0);
  cuDeviceGet(&device, 0);
  const int n = 1 << 20;
  CUdeviceptr x = reserveCompressible(n * sizeof(float), device);
  CUdeviceptr y = reserveCompressible(n * sizeof(float), device);
  saxpy<<<n / 512, 512>>>(2.0f, (const float *)x, (float *)y, n);
  cuMemUnmap(x, n * sizeof(float));
  cuMemAddressFree(x, n * sizeof(float));
  return 0;
}
// (1 << 20) / 512 = 2048 blocks.
// CHECK: driver-vmm.cu: 1 kernel, 1 launch site
// CHECK: launch saxpy in main: grid (2048, 1, 1), block (512, 1, 1)

// Host code that drives the GPU from OpenMP threads and annotates ranges
// with NVTX parses: the prelude declares the OpenMP runtime API (<omp.h>)
// and NVTX's core calls (<nvtx3/nvToolsExt.h>, <nvToolsExt.h>).  gpurd does
// not compile with -fopenmp: `#pragma omp` is ignored and _OPENMP stays
// undefined, as for a host compiler without OpenMP.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExt.h>
#include <omp.h>
#include <cuda_runtime.h>

#ifdef _OPENMP
#error "_OPENMP must not be defined without -fopenmp"
#endif

__global__ void fill(int *data, int value) {
  data[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

int main() {
  int gpus = 0;
  cudaGetDeviceCount(&gpus);
  omp_set_num_threads(gpus);
  double start = omp_get_wtime();
  omp_lock_t lock;
  omp_init_lock(&lock);
  nvtxRangePushA("fill");
#pragma omp parallel
  {
    int id = omp_get_thread_num(), count = omp_get_num_threads();
    int *d = nullptr;
    cudaSetDevice(id % gpus);
    fill<<<count * 4, 128>>>(d, id);
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
  }
  nvtxRangePop();
  nvtxEventAttributes_t attributes = {};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = "done";
  nvtxMarkEx(&attributes);
  omp_destroy_lock(&lock);
  return omp_get_wtime() - start > 0 && omp_get_max_threads() > 0 ? 0 : 1;
}
// The grid depends on omp_get_num_threads(), known only at run time.
// CHECK: openmp-nvtx-host.cu: 1 kernel, 1 launch site
// CHECK: launch fill in main: grid (?, 1, 1) {{.*}}omp_get_num_threads(){{.*}}, block (128, 1, 1)

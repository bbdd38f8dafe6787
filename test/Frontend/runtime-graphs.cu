// CUDA graphs as CUDA 12 and 13 spell them come from gpurd's prelude: node
// parameter types, the explicit graph API (kernel, memcpy, memset, host,
// memory alloc/free and conditional nodes), instantiation and update in
// their CUDA 11 and CUDA 12 forms, stream capture in its CUDA 12 and CUDA 13
// forms, and the device call cudaGraphSetConditional.  Host calls are
// declarations; the kernels the graph names are analysed as usual.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel setCondition %s -- | FileCheck %s --check-prefix=DEVICE
// The emulator runs the call as what it is for the kernel's memory: no
// access (the graph reads the value after the kernel). One warp reads *flag,
// one address: 1 L1 read request.
// RUN: gpurd-advise --cache-report --kernel setCondition --grid 1 --block 32 --arg handle=0 %s -- | FileCheck %s --check-prefix=EMULATE
#include <cuda_runtime.h>

__global__ void scale(float *data, float factor) {
  data[blockIdx.x * blockDim.x + threadIdx.x] *= factor;
}

// One load of flag (4 B) decides the value the conditional node reads; the
// call is an external function in the device IR (declared, like surface
// writes), which the analysis lists as not modelled.
__global__ void setCondition(const int *flag, cudaGraphConditionalHandle handle) {
  cudaGraphSetConditional(handle, *flag != 0);
}

static void CUDART_CB onHost(void *) {}

int main() {
  const int n = 1024;
  float *d = nullptr, h[n];
  int *flag = nullptr;
  cudaStream_t stream;
  cudaStreamCreate(&stream);

  // Explicit graph: memset -> memcpy -> kernel -> host, plus an allocation.
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaGraphNode_t memsetNode, copyNode, kernelNode, hostNode, allocNode, freeNode;
  cudaMemsetParams memsetParams = {};
  memsetParams.dst = d;
  memsetParams.value = 0;
  memsetParams.elementSize = sizeof(float);
  memsetParams.width = n;
  memsetParams.height = 1;
  cudaGraphAddMemsetNode(&memsetNode, graph, nullptr, 0, &memsetParams);
  cudaGraphAddMemcpyNode1D(&copyNode, graph, &memsetNode, 1, d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  float factor = 2.0f;
  void *args[] = {&d, &factor};
  cudaKernelNodeParams kernelParams = {};
  kernelParams.func = (void *)scale;
  kernelParams.gridDim = dim3(n / 256);
  kernelParams.blockDim = dim3(256);
  kernelParams.kernelParams = args;
  cudaGraphAddKernelNode(&kernelNode, graph, &copyNode, 1, &kernelParams);
  cudaHostNodeParams hostParams = {onHost, nullptr};
  cudaGraphAddHostNode(&hostNode, graph, &kernelNode, 1, &hostParams);
  cudaMemAllocNodeParams allocParams = {};
  allocParams.poolProps.allocType = cudaMemAllocationTypePinned;
  allocParams.poolProps.location.type = cudaMemLocationTypeDevice;
  allocParams.poolProps.location.id = 0;
  allocParams.bytesize = n * sizeof(float);
  cudaGraphAddMemAllocNode(&allocNode, graph, nullptr, 0, &allocParams);
  cudaGraphAddMemFreeNode(&freeNode, graph, &allocNode, 1, allocParams.dptr);

  // A conditional node whose body graph runs `scale` (CUDA 12.3+), added
  // with the CUDA 13 (edge data) and the CUDA 12 form of cudaGraphAddNode.
  cudaGraphConditionalHandle handle;
  cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault);
  cudaGraphNodeParams condParams = {cudaGraphNodeTypeConditional};
  condParams.conditional.handle = handle;
  condParams.conditional.type = cudaGraphCondTypeWhile;
  condParams.conditional.size = 1;
  cudaGraphNode_t condNode, bodyNode;
  cudaGraphAddNode(&condNode, graph, &hostNode, nullptr, 1, &condParams);
  cudaGraphNodeParams bodyParams = {cudaGraphNodeTypeKernel};
  bodyParams.kernel.func = (void *)scale;
  bodyParams.kernel.gridDim = dim3(n / 256);
  bodyParams.kernel.blockDim = dim3(256);
  bodyParams.kernel.kernelParams = args;
  cudaGraphAddNode(&bodyNode, condParams.conditional.phGraph_out[0], nullptr, 0, &bodyParams);

  // Instantiation (CUDA 11 form and CUDA 12 flags form), update, launch.
  cudaGraphExec_t exec, exec2;
  cudaGraphInstantiate(&exec, graph, NULL, NULL, 0);
  cudaGraphInstantiate(&exec2, graph, cudaGraphInstantiateFlagAutoFreeOnLaunch);
  cudaGraphExecUpdateResultInfo info;
  cudaGraphExecUpdate(exec, graph, &info);
  cudaGraphNode_t errorNode;
  cudaGraphExecUpdateResult result;
  cudaGraphExecUpdate(exec, graph, &errorNode, &result);
  cudaGraphLaunch(exec, stream);

  // Stream capture, with the capture info of CUDA 13 and of CUDA 12.
  cudaGraph_t captured;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  setCondition<<<1, 1, 0, stream>>>(flag, handle);
  cudaStreamCaptureStatus status;
  const cudaGraphNode_t *deps = nullptr;
  size_t numDeps = 0;
  cudaStreamGetCaptureInfo(stream, &status, NULL, &captured, &deps, NULL, &numDeps);
  cudaStreamGetCaptureInfo(stream, &status, NULL, &captured, &deps, &numDeps);
  cudaStreamUpdateCaptureDependencies(stream, &kernelNode, NULL, 1, cudaStreamSetCaptureDependencies);
  cudaStreamUpdateCaptureDependencies(stream, &kernelNode, 1);
  scale<<<n / 256, 256, 0, stream>>>(d, 0.5f);
  cudaStreamEndCapture(stream, &captured);
  size_t numNodes = 0;
  cudaGraphGetNodes(captured, nullptr, &numNodes);
  cudaDeviceGraphMemTrim(0);

  cudaGraphExecDestroy(exec);
  cudaGraphExecDestroy(exec2);
  cudaGraphDestroy(graph);
  cudaGraphDestroy(captured);
  return 0;
}
// The two <<< >>> launches are the launch sites; graph nodes are not.
// CHECK: runtime-graphs.cu: 2 kernels, 2 launch sites
// CHECK-DAG: kernel scale(float *data, float factor)
// CHECK-DAG: kernel setCondition(const int *flag, cudaGraphConditionalHandle handle)
// DEVICE: kernel setCondition: 2 memory operations, 1 affine
// DEVICE: load global 4 B of flag
// DEVICE: call cudaGraphSetConditional
// DEVICE-NEXT: non-affine (unsupported-operation): 'call cudaGraphSetConditional' may access memory and is not modelled

// EMULATE: kernel setCondition on ampere-a100 (predicted by the cache model
// EMULATE-NEXT: L1: 1 read request, hit rate 0.0%

// Data-dependent kernels are emulated with real buffers: a Rodinia-style BFS
// step (addresses follow the graph) and a shared-memory histogram (atomics
// on shared bins chosen by the data).
// Buffers are 256-byte aligned in parameter order from 0x7f0000000000:
// nodes +0x0 (iota: node 0 = {start 0, edges 1}), edges +0x100 (random, the
// first is 7), frontier +0x200, updating +0x300, visited +0x400, cost +0x500.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --kernel bfsStep --emit-trace=%t/bfs.txt --buffer nodes=int32:2*n:iota --buffer edges=int32:64:random:7:0:8 --buffer frontier=uint8:n:random:3:0:2 --buffer updating=uint8:n:zero --buffer visited=uint8:n:zero --buffer cost=int32:n:zero -- | FileCheck %s --check-prefix=BFS-SUMMARY
// RUN: FileCheck %s --check-prefix=BFS --input-file=%t/bfs.txt
// RUN: gpurd-advise %s --kernel histogram --emit-trace=%t/h.txt --buffer data=uint8:n:random:1:0:256 --buffer bins=uint32:16:zero -- | FileCheck %s --check-prefix=HIST-SUMMARY
// RUN: FileCheck %s --check-prefix=HIST --input-file=%t/h.txt

struct Node { int start; int edges; };

__global__ void bfsStep(const Node *nodes, const int *edges, bool *frontier,
                        bool *updating, bool *visited, int *cost, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n && frontier[id]) {
    frontier[id] = false;
    for (int i = nodes[id].start; i < nodes[id].start + nodes[id].edges; ++i) {
      int neighbour = edges[i];
      if (!visited[neighbour]) {
        cost[neighbour] = cost[id] + 1;
        updating[neighbour] = true;
      }
    }
  }
}

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16)
    local[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&local[data[i] % 16], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

void run(Node *nodes, int *edges, bool *f, bool *u, bool *v, int *c,
         unsigned char *d, unsigned *b) {
  bfsStep<<<1, 8>>>(nodes, edges, f, u, v, c, 8);
  histogram<<<1, 32>>>(d, b, 32);
}

// BFS-SUMMARY: kernel bfsStep: wrote 292 thread accesses (95 warp instructions, 1 block) from the emulate trace source
// Thread 0 is in the frontier; its one edge leads to node 7, which is not
// visited: cost[7] and updating[7] are written.
// BFS: 0 0 0 r global 0x7f0000000200 1
// BFS-NEXT: 0 0 1 w global 0x7f0000000200 1
// BFS-NEXT: 0 0 2 r global 0x7f0000000004 4
// BFS-NEXT: 0 0 3 r global 0x7f0000000000 4
// BFS-NEXT: 0 0 4 r global 0x7f0000000100 4
// BFS-NEXT: 0 0 5 r global 0x7f0000000407 1
// BFS-NEXT: 0 0 6 r global 0x7f0000000500 4
// BFS-NEXT: 0 0 7 w global 0x7f000000051c 4
// BFS-NEXT: 0 0 8 w global 0x7f0000000307 1

// 32 threads: 16 zero the bins, 32 read data, 32 shared atomics, 16 read a
// bin and add it to the global bins with an atomic (112 accesses); every
// thread also meets two barriers.
// HIST-SUMMARY: kernel histogram: wrote 112 thread accesses (7 warp instructions, 1 block) from the emulate trace source
// HIST: 0 0 0 w shared 0x0 4
// HIST-NEXT: 0 0 1 bar - 0x0 0
// HIST-NEXT: 0 0 2 r global 0x7f0000000000 1
// HIST-NEXT: 0 0 3 rw shared 0x{{[0-3][0-9a-f]}} 4
// HIST-NEXT: 0 0 4 bar - 0x0 0
// HIST-NEXT: 0 0 5 r shared 0x0 4
// HIST-NEXT: 0 0 6 rw global 0x7f0000000100 4

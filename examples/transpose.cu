// Matrix transpose three ways (after NVIDIA's "An Efficient Matrix Transpose
// in CUDA C/C++"): naive, through a shared-memory tile, and with the tile's
// rows padded. gpurd-advise finds the uncoalesced store of the first and the
// bank conflicts of the second, and predicts what padding the tile gains.

#define TILE 32
#define ROWS 8

// Each thread block copies a TILE x TILE tile with TILE x ROWS threads.
__global__ void transposeNaive(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * n + (y + j)] = in[(y + j) * n + x];
}

__global__ void transposeTiled(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int n = 2048;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, n * n * sizeof(float));
  cudaMalloc(&out, n * n * sizeof(float));
  dim3 grid(n / TILE, n / TILE), block(TILE, ROWS);
  transposeNaive<<<grid, block>>>(in, out, n);
  transposeTiled<<<grid, block>>>(in, out, n);
  transposePadded<<<grid, block>>>(in, out, n);
  cudaFree(in);
  cudaFree(out);
}

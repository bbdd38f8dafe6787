// A transpose whose tile is read down its columns: a 32-way bank conflict
// gpurd reports at line 15, with the padding as its fix-it (line 11); the
// host function's division by zero is clang's warning, which clangd reports.
// (Line numbers are the tests'.)

#define TILE 32

__global__ void columns(const float *in, float *out) {
  // The tile the block transposes through.
  int x = threadIdx.x, y = threadIdx.y;
  __shared__ float tile[TILE][TILE];
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  // Down a column: 32 rows, one bank.
  out[y * TILE + x] = tile[x][y];
}

void host(const float *in, float *out) {
  int bad = 1 / 0;
  columns<<<1, dim3(32, 8)>>>(in, out);
  (void)bad;
}

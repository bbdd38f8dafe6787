// A tile read down its columns: a 32-way bank conflict.
__global__ void columns(const float *in, float *out) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}
void runColumns(const float *in, float *out) {
  columns<<<1, dim3(32, 8)>>>(in, out);
}

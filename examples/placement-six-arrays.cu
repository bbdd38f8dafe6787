#define N (1 << 16)
#define K 256
__global__ void six(const float *a, const float *b, const float *c,
                    const float *w, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 16; ++k)
    s += a[i] * w[k] + b[(i + k) % N] * c[k * 16 + (i & 15)];
  out[i] = s + (float)idx[i & (K - 1)];
}
int main() {
  float *a, *b, *c, *w, *out; int *idx;
  cudaMalloc(&a, N * 4); cudaMalloc(&b, N * 4); cudaMalloc(&c, K * 4);
  cudaMalloc(&w, 16 * 4); cudaMalloc(&idx, K * 4); cudaMalloc(&out, N * 4);
  six<<<N / 256, 256>>>(a, b, c, w, idx, out);
}

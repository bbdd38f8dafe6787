// y = A * x for a 1024 x 1024 A, each thread a column walk of A reading the
// vector x at the same k as every lane of its warp: the kernel of
// test/Advisor/placement-matvec.cu, whose header counts its placements by
// hand, shared by the placement tests that calibrate and profile it
// (placement-matvec.cu keeps its own copy: it checks the findings' lines).
#define N 1024
__global__ void mv(const float *A, const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < N; ++k)
    sum += A[k * N + row] * x[k];
  y[row] = sum;
}
int main() {
  float *A, *x, *y;
  cudaMalloc(&A, N * N * 4);
  cudaMalloc(&x, N * 4);
  cudaMalloc(&y, N * 4);
  mv<<<N / 128, 128>>>(A, x, y);
}

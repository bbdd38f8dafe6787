// A coalesced scale: nothing to report.
__global__ void scale(float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] *= a;
}
void runScale(float *x) {
  scale<<<1024, 256>>>(x, 2.0f);
}

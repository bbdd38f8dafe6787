// Seed 000 Fig. 3 (Nugteren et al., HPCA 2014, section 4.4): one block of
// HEIGHT threads, each copying a row of a 1024-wide matrix of floats
// (column-major: uncoalesced, with locality within each thread). Used by
// fig3.py; not a test.
#ifndef HEIGHT
#define HEIGHT 128
#endif
#define WIDTH 1024
__global__ void colcopy(const float *in, float *out) {
  int t = threadIdx.x;
  for (int x = 0; x < WIDTH; ++x)
    out[t * WIDTH + x] = in[t * WIDTH + x];
}
int main() {
  float *in, *out;
  cudaMalloc(&in, HEIGHT * WIDTH * 4);
  cudaMalloc(&out, HEIGHT * WIDTH * 4);
  colcopy<<<1, HEIGHT>>>(in, out);
}

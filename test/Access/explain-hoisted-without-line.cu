// LICM moves a loop-invariant load out of its loop and gives it no source
// line (Instruction::updateLocationAfterHoist), so the compiled load names
// no subscript. --explain-compiled matched nothing and called the subscript
// "dropped"; it now finds the compiled load of the same array that runs in
// fewer loops, and says so.
// RUN: gpurd-advise --explain-compiled %s -- 2>&1 | FileCheck %s

__global__ void scale(const float *__restrict__ f, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += f[blockIdx.x] * out[i * 256 + t];
  out[t] = s;
}

int main() {
  float *f, *o;
  cudaMalloc(&f, 4096);
  cudaMalloc(&o, 1 << 22);
  scale<<<16, 256>>>(f, o, 64);
}

// CHECK: kernel scale: 3 source accesses
// CHECK-NEXT: explain-hoisted-without-line.cu:12:10: 'f[blockIdx.x]' read: hoisted: the load of 'f' runs outside 1 enclosing loop (before it), once instead of every iteration; the compiler gave it no source line, so this is matched by array [S0]
// CHECK-NEXT: explain-hoisted-without-line.cu:12:26: 'out[i * 256 + t]' read: kept: one load each time the source executes it [S1]
// CHECK-NEXT: explain-hoisted-without-line.cu:13:3: 'out[t]' write: kept: one store each time the source executes it [S2]

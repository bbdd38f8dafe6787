// Constant memory holds 64 KB, so moving an array there is advice only for
// an array whose size gpurd knows. An array whose blocks read parts of
// their own is as large as the launch makes it; when the launch's sizes
// are assumed, the bytes it reaches under them say nothing of the real
// program's (llm.c's softmax_autoregressive_backward_kernel2 reads its
// attention gradient, B x NH x T x T floats, in T x T parts by blockIdx.y;
// at assumed T = 16 and 64 blocks in y it was 64 KB, and gpurd told the
// user to declare it '__constant__').
//
// The grid is given, (1, 4), and T assumed: the launch's 256 threads in x,
// whose blocks run too long (T bounds the loops), then 256 / 4 = 64. Each
// block in y reads its own T x T part of w: 4 x 64 x 64 x 4 = 65536 bytes
// in all; a block reads the lower triangle (t2 <= t) of its part,
// 64 x 65 / 2 = 2080 floats = 8320 bytes.
// RUN: gpurd-advise %s --kernel rows --grid 1,4 --block 256 -- 2>&1 | FileCheck %s --check-prefix=ASSUMED
// ASSUMED: note: assumed T = 64
// ASSUMED-NOT: constant memory is predicted
// RUN: gpurd-advise %s --kernel rows --grid 1,4 --block 256 --placements -- 2>&1 | FileCheck %s --check-prefix=WHY
// WHY: 'w' is not moved to constant memory: its blocks read parts of it of their own (8320 of its 65536 bytes at most), so its size follows the launch's, which rests on assumed 'T': at the real sizes it may not fit the 64 KB
//
// The same sizes given: the array's 65536 bytes are the program's, and
// constant memory is ranked with the other memories.
// RUN: gpurd-advise %s --kernel rows --grid 1,64 --block 256 --arg T=16 -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: warning: 'w' is only read; placing it in constant memory is predicted to cut the kernel's time by {{[0-9]+}}% [gpurd-placement]

__global__ void rows(float *out, const float *w, int T) {
  int t3 = blockIdx.x * blockDim.x + threadIdx.x;
  int idx = blockIdx.y * T * T;
  if (t3 >= T)
    return;
  for (int t = t3; t < T; t++) {
    float r = 0;
    for (int t2 = 0; t2 <= t; t2++)
      r += w[idx + t * T + t2];
    out[idx + t * T + t3] = r;
  }
}

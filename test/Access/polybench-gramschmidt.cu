// PolyBench/GPU GRAMSCHMIDT: the three kernels of step k of the QR
// factorisation (k is the host loop's variable, a kernel argument: without
// --arg it is the parameter [k] of every set). A is NI x NJ = 2048 x 1024.
// RUN: gpurd-advise %s --kernel gramschmidt_kernel1 --dump-accesses --grid 1 --block 256 -- | FileCheck %s --check-prefix=K1
// RUN: gpurd-advise %s --kernel gramschmidt_kernel2 --dump-accesses --grid 8 --block 256 -- | FileCheck %s --check-prefix=K2
// RUN: gpurd-advise %s --kernel gramschmidt_kernel3 --dump-accesses --grid 4 --block 256 -- | FileCheck %s --check-prefix=K3
// RUN: gpurd-advise %s --kernel gramschmidt_kernel3 --dump-accesses --grid 4 --block 256 --arg k=5 -- | FileCheck %s --check-prefix=K3-SPECIALISED

#define NI 2048
#define NJ 1024

// Only thread 0 works: tid = 256bx + tx = 0 with a single block (bx has
// extent 1 and is not a dimension at all), so tx = 0.
//   a[i*NJ + k] -> 4(1024i + k) = 4096i + 4k,  r[k*NJ + k] -> 4(1025k) = 4100k
// The two reads of a[i * NJ + k] are one load.
// K1: kernel gramschmidt_kernel1: 2 memory operations, 2 affine; parameters: k
__global__ void gramschmidt_kernel1(float *a, float *r, float *q, int k) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid == 0) {
    float nrm = 0.0f;
    // K1-NEXT: loop i at {{.*}}polybench-gramschmidt.cu:[[@LINE+5]]:5: 0 <= i <= 2047
    // K1-NEXT: S0 {{.*}}:[[@LINE+5]]:14: load global 4 B of a (read) 'a[i * NJ + k]'
    // K1-NEXT: domain:   [k] -> { S0[tx = 0, i] : 0 <= i <= 2047 }
    // K1-NEXT: access:   [k] -> { S0[tx = 0, i] -> a[4k + 4096i] : 0 <= i <= 2047 }
    // K1-NEXT: schedule: [k] -> { S0[tx, i] -> [0, i, 0] }
    for (int i = 0; i < NI; i++)
      nrm += a[i * NJ + k] * a[i * NJ + k];
    // K1-NEXT: S1 {{.*}}:[[@LINE+5]]:19: store global 4 B to r (write) 'r[k * NJ + k]'
    // K1-NEXT: domain:   [k] -> { S1[tx = 0] }
    // K1-NEXT: access:   [k] -> { S1[tx = 0] -> r[4100k] }
    // K1-NEXT: schedule: [k] -> { S1[tx] -> [1] }
    // K1-NOT: S2
    r[k * NJ + k] = sqrtf(nrm);
  }
}

// i = 256bx + tx (0..2047, the guard i < NI holds for the launch)
//   a[i*NJ + k], q[i*NJ + k] -> 4(1024(256bx + tx) + k) = 1048576bx + 4096tx + 4k
// K2: kernel gramschmidt_kernel2: 3 memory operations, 3 affine; parameters: k
__global__ void gramschmidt_kernel2(float *a, float *r, float *q, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // K2-NEXT: S0 {{.*}}:[[@LINE+14]]:21: load global 4 B of a (read) 'a[i * NJ + k]'
  // K2-NEXT: domain:   [k] -> { S0[bx, tx] : [[BOX:0 <= bx <= 7 and 0 <= tx <= 255]] }
  // K2-NEXT: access:   [k] -> { S0[bx, tx] -> a[4k + 1048576bx + 4096tx] : [[BOX]] }
  // K2-NEXT: schedule: [k] -> { S0[bx, tx] -> [0] }
  // K2-NEXT: S1 {{.*}}:[[@LINE+10]]:37: load global 4 B of r (read) 'r[k * NJ + k]'
  // K2-NEXT: domain:   [k] -> { S1[bx, tx] : [[BOX]] }
  // K2-NEXT: access:   [k] -> { S1[bx, tx] -> r[4100k] : [[BOX]] }
  // K2-NEXT: schedule: [k] -> { S1[bx, tx] -> [1] }
  // K2-NEXT: S2 {{.*}}:[[@LINE+6]]:19: store global 4 B to q (write) 'q[i * NJ + k]'
  // K2-NEXT: domain:   [k] -> { S2[bx, tx] : [[BOX]] }
  // K2-NEXT: access:   [k] -> { S2[bx, tx] -> q[4k + 1048576bx + 4096tx] : [[BOX]] }
  // K2-NEXT: schedule: [k] -> { S2[bx, tx] -> [2] }
  // K2-NOT: S3
  if (i < NI)
    q[i * NJ + k] = a[i * NJ + k] / r[k * NJ + k];
}

// j = 256bx + tx (0..1023); the guard k < j < NJ keeps k < 256bx + tx:
// tx > k - 256bx. With k = 5: 256bx + tx >= 6.
//   r[k*NJ + j] -> 4(1024k + 256bx + tx) = 4096k + 1024bx + 4tx
//   q[i*NJ + k] -> 4096i + 4k,  a[i*NJ + j] -> 4096i + 1024bx + 4tx
// Two loops over i (the second is named i_1). In the first, r[k*NJ + j] is
// stored in every iteration and never reloaded; in the second it is loaded
// in every iteration (the store of a[i*NJ + j] may change it).
// K3: kernel gramschmidt_kernel3: 8 memory operations, 8 affine; parameters: k
// K3-SPECIALISED: kernel gramschmidt_kernel3: 8 memory operations, 8 affine; parameters: none
__global__ void gramschmidt_kernel3(float *a, float *r, float *q, int k) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if ((j > k) && (j < NJ)) {
    // K3-NEXT: loop i at {{.*}}polybench-gramschmidt.cu:[[@LINE+13]]:5: 0 <= i <= 2047
    // K3-NEXT: loop i_1 at {{.*}}polybench-gramschmidt.cu:[[@LINE+26]]:5: 0 <= i_1 <= 2047
    // K3-NEXT: S0 {{.*}}:[[@LINE+10]]:19: store global 4 B to r (write) 'r[k * NJ + j]'
    // K3-NEXT: domain:   [k] -> { S0[bx, tx] : [[GUARD:0 <= bx <= 3 and tx > k - 256bx and 0 <= tx <= 255]] }
    // K3-NEXT: access:   [k] -> { S0[bx, tx] -> r[4096k + 1024bx + 4tx] : [[GUARD]] }
    // K3-NEXT: schedule: [k] -> { S0[bx, tx] -> [0] }
    // K3-SPECIALISED-NEXT: loop i at {{.*}}: 0 <= i <= 2047
    // K3-SPECIALISED-NEXT: loop i_1 at {{.*}}: 0 <= i_1 <= 2047
    // K3-SPECIALISED-NEXT: S0 {{.*}}: store global 4 B to r (write) 'r[k * NJ + j]'
    // K3-SPECIALISED-NEXT: domain:   { S0[bx, tx] : [[GUARD5:0 <= bx <= 3 and tx >= 0 and 6 - 256bx <= tx <= 255]] }
    // 4096 * 5 = 20480
    // K3-SPECIALISED-NEXT: access:   { S0[bx, tx] -> r[20480 + 1024bx + 4tx] : [[GUARD5]] }
    r[k * NJ + j] = 0.0f;
    for (int i = 0; i < NI; i++)
      // K3-NEXT: S1 {{.*}}:[[@LINE+12]]:24: load global 4 B of q (read) 'q[i * NJ + k]'
      // K3-NEXT: domain:   [k] -> { S1[bx, tx, i] : [[GUARDI:0 <= bx <= 3 and tx > k - 256bx and 0 <= tx <= 255 and 0 <= i <= 2047]] }
      // K3-NEXT: access:   [k] -> { S1[bx, tx, i] -> q[4k + 4096i] : [[GUARDI]] }
      // K3-NEXT: schedule: [k] -> { S1[bx, tx, i] -> [1, i, 0] }
      // K3-NEXT: S2 {{.*}}:[[@LINE+8]]:40: load global 4 B of a (read) 'a[i * NJ + j]'
      // K3-NEXT: domain:   [k] -> { S2[bx, tx, i] : [[GUARDI]] }
      // K3-NEXT: access:   [k] -> { S2[bx, tx, i] -> a[1024bx + 4tx + 4096i] : [[GUARDI]] }
      // K3-NEXT: schedule: [k] -> { S2[bx, tx, i] -> [1, i, 1] }
      // K3-NEXT: S3 {{.*}}:[[@LINE+4]]:21: store global 4 B to r (write) 'r[k * NJ + j]'
      // K3-NEXT: domain:   [k] -> { S3[bx, tx, i] : [[GUARDI]] }
      // K3-NEXT: access:   [k] -> { S3[bx, tx, i] -> r[4096k + 1024bx + 4tx] : [[GUARDI]] }
      // K3-NEXT: schedule: [k] -> { S3[bx, tx, i] -> [1, i, 2] }
      r[k * NJ + j] += q[i * NJ + k] * a[i * NJ + j];
    for (int i = 0; i < NI; i++)
      // K3-NEXT: S4 {{.*}}:[[@LINE+17]]:24: load global 4 B of q (read) 'q[i * NJ + k]'
      // K3-NEXT: domain:   [k] -> { S4[bx, tx, i_1] : [[GUARDI1:0 <= bx <= 3 and tx > k - 256bx and 0 <= tx <= 255 and 0 <= i_1 <= 2047]] }
      // K3-NEXT: access:   [k] -> { S4[bx, tx, i_1] -> q[4k + 4096i_1] : [[GUARDI1]] }
      // K3-NEXT: schedule: [k] -> { S4[bx, tx, i_1] -> [2, i_1, 0] }
      // K3-NEXT: S5 {{.*}}:[[@LINE+13]]:40: load global 4 B of r (read) 'r[k * NJ + j]'
      // K3-NEXT: domain:   [k] -> { S5[bx, tx, i_1] : [[GUARDI1]] }
      // K3-NEXT: access:   [k] -> { S5[bx, tx, i_1] -> r[4096k + 1024bx + 4tx] : [[GUARDI1]] }
      // K3-NEXT: schedule: [k] -> { S5[bx, tx, i_1] -> [2, i_1, 1] }
      // K3-NEXT: S6 {{.*}}:[[@LINE+9]]:21: load global 4 B of a (read) 'a[i * NJ + j]'
      // K3-NEXT: domain:   [k] -> { S6[bx, tx, i_1] : [[GUARDI1]] }
      // K3-NEXT: access:   [k] -> { S6[bx, tx, i_1] -> a[1024bx + 4tx + 4096i_1] : [[GUARDI1]] }
      // K3-NEXT: schedule: [k] -> { S6[bx, tx, i_1] -> [2, i_1, 2] }
      // K3-NEXT: S7 {{.*}}:[[@LINE+5]]:21: store global 4 B to a (write) 'a[i * NJ + j]'
      // K3-NEXT: domain:   [k] -> { S7[bx, tx, i_1] : [[GUARDI1]] }
      // K3-NEXT: access:   [k] -> { S7[bx, tx, i_1] -> a[1024bx + 4tx + 4096i_1] : [[GUARDI1]] }
      // K3-NEXT: schedule: [k] -> { S7[bx, tx, i_1] -> [2, i_1, 3] }
      // K3-NOT: S8
      a[i * NJ + j] -= q[i * NJ + k] * r[k * NJ + j];
  }
}

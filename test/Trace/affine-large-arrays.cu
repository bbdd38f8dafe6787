// With a given launch, the affine enumerator lays out an array of unknown
// size that the launch reaches past the 1 GiB a buffer of unknown size has
// by the bytes it reaches, so that its addresses do not run into the next
// array's (before, such arrays overlapped the next one and shared lines
// with it in the cache model). Under assumed values it is a bound that the
// run is retried under smaller ones for (test/Driver/assumption-retry.cu). Here in[i * 2048] for 1024 blocks of 256
// threads reaches 262143 x 2048 x 4 + 4 = 2147475460 = 0x7fffe004 bytes:
// out starts at the next 256-byte boundary past in's 0x7f0000000000 +
// 0x7fffe004, 0x7f007fffe100 (it was 0x7f0040000000, 1 GiB on).
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --grid 1024 --block 256 --emit-trace=%t/t.txt -- > /dev/null
// RUN: FileCheck %s --input-file=%t/t.txt
// CHECK: 0 0 0 r global 0x7f0000000000 4
// CHECK-NEXT: 0 0 1 w global 0x7f007fffe100 4

__global__ void spread(const float *in, float *out) {
  long i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 2048] = in[i * 2048];
}

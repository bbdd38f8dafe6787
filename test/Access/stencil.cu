// A 3D 7-point stencil, 2.5D style: one thread per interior (x, y) column
// marching along z. Threads are offset by one so that x, y start at the
// first interior point; the guard cuts the last row/column.
// RUN: gpurd-advise %s --dump-accesses --grid 16,16 --block 16,16 --arg nx=256 --arg ny=256 --arg nz=128 -- | FileCheck %s
//
// x = 16bx + tx + 1, y = 16by + ty + 1 (1..256); guard x < nx - 1 = 255 and
// y < 255: 16bx + tx <= 253, 16by + ty <= 253. z runs 1..nz-2 = 1..126: the
// loop dimension is z' = z - 1, 0 <= z' <= 125.
// c = (z*ny + y)*nx + x = 65536z + 256y + x
//   = 65536z' + 4096by + 256ty + 16bx + tx + 65793      (65536 + 256 + 1)
// so in bytes: 263172 + 64bx + 16384by + 4tx + 1024ty + 262144z', and the
// neighbours add -4/+4 (x -+ 1), -1024/+1024 (y -+ 1), -262144/+262144 (z -+ 1):
//   in[c - 1] 263168, in[c + 1] 263176, in[c - nx] 262148, in[c + nx] 264196,
//   in[c - nx*ny] 1028, in[c + nx*ny] 525316.

// CHECK: kernel stencil7: 8 memory operations, 8 affine; parameters: none
__global__ void stencil7(const float *in, float *out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  // CHECK-NEXT: loop z at {{.*}}stencil.cu:[[@LINE+35]]:5: 0 <= z <= 125
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+36]]:23: load global 4 B of in (read) 'in[c]'
  // CHECK-NEXT: domain:   { S0[bx, by, tx, ty, z] : [[DOM:0 <= bx <= 15 and 0 <= by <= 15 and tx >= 0 and -16bx <= tx <= 253 - 16bx and tx <= 15 and ty >= 0 and -1 - 16by <= ty <= 253 - 16by and ty <= 15 and 0 <= z <= 125]] }
  // CHECK-NEXT: access:   { S0[bx, by, tx, ty, z] -> in[263172 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S0[bx, by, tx, ty, z] -> [0, z, 0] }
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+32]]:39: load global 4 B of in (read) 'in[c - 1]'
  // CHECK-NEXT: domain:   { S1[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S1[bx, by, tx, ty, z] -> in[263168 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S1[bx, by, tx, ty, z] -> [0, z, 1] }
  // CHECK-NEXT: S2 {{.*}}:[[@LINE+28]]:51: load global 4 B of in (read) 'in[c + 1]'
  // CHECK-NEXT: domain:   { S2[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S2[bx, by, tx, ty, z] -> in[263176 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S2[bx, by, tx, ty, z] -> [0, z, 2] }
  // CHECK-NEXT: S3 {{.*}}:[[@LINE+24]]:63: load global 4 B of in (read) 'in[c - nx]'
  // CHECK-NEXT: domain:   { S3[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S3[bx, by, tx, ty, z] -> in[262148 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S3[bx, by, tx, ty, z] -> [0, z, 3] }
  // CHECK-NEXT: S4 {{.*}}:[[@LINE+20]]:76: load global 4 B of in (read) 'in[c + nx]'
  // CHECK-NEXT: domain:   { S4[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S4[bx, by, tx, ty, z] -> in[264196 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S4[bx, by, tx, ty, z] -> [0, z, 4] }
  // CHECK-NEXT: S5 {{.*}}:[[@LINE+17]]:40: load global 4 B of in (read) 'in[c - nx * ny]'
  // CHECK-NEXT: domain:   { S5[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S5[bx, by, tx, ty, z] -> in[1028 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S5[bx, by, tx, ty, z] -> [0, z, 5] }
  // CHECK-NEXT: S6 {{.*}}:[[@LINE+13]]:58: load global 4 B of in (read) 'in[c + nx * ny]'
  // CHECK-NEXT: domain:   { S6[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S6[bx, by, tx, ty, z] -> in[525316 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S6[bx, by, tx, ty, z] -> [0, z, 6] }
  // CHECK-NEXT: S7 {{.*}}:[[@LINE+8]]:14: store global 4 B to out (write) 'out[c]'
  // CHECK-NEXT: domain:   { S7[bx, by, tx, ty, z] : [[DOM]] }
  // CHECK-NEXT: access:   { S7[bx, by, tx, ty, z] -> out[263172 + 64bx + 16384by + 4tx + 1024ty + 262144z] : [[DOM]] }
  // CHECK-NEXT: schedule: { S7[bx, by, tx, ty, z] -> [0, z, 7] }
  // CHECK-NOT: S8
  if (x < nx - 1 && y < ny - 1)
    for (int z = 1; z < nz - 1; z++) {
      int c = (z * ny + y) * nx + x;
      out[c] = 0.5f * in[c] + 0.1f * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                                       in[c - nx * ny] + in[c + nx * ny]);
    }
}

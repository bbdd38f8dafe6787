// Matrix transposes in the style of the CUDA samples (TILE_DIM 32,
// BLOCK_ROWS 8: each thread handles 4 elements): naive (coalesced reads,
// strided writes) and tiled through a padded shared-memory tile (both global
// directions coalesced). The matrix is height x width = 1024 x 2048.
// RUN: gpurd-advise %s --kernel transposeNaive --dump-accesses --grid 64,32 --block 32,8 --arg width=2048 --arg height=1024 -- | FileCheck %s --check-prefix=NAIVE
// RUN: gpurd-advise %s --kernel transposeTiled --dump-accesses --grid 64,32 --block 32,8 --arg width=2048 --arg height=1024 -- | FileCheck %s --check-prefix=TILED
//
// Loop dimensions count iterations from 0: the source's loop variable is
// 8 times the dimension (0, 8, 16, 24 for the dimension 0..3).

#define TILE_DIM 32
#define BLOCK_ROWS 8

// xIndex = 32bx + tx, yIndex = 32by + ty, i = 8i'
//   idata[xIndex + width*yIndex + i*width]
//     -> 4(32bx + tx + 2048(32by + ty) + 2048 * 8i') = 128bx + 4tx + 262144by + 8192ty + 65536i'
//   odata[yIndex + height*xIndex + i]
//     -> 4(32by + ty + 1024(32bx + tx) + 8i')     = 128by + 4ty + 131072bx + 4096tx + 32i'
// NAIVE: kernel transposeNaive: 2 memory operations, 2 affine; parameters: none
__global__ void transposeNaive(float *odata, const float *idata, int width, int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + width * yIndex;
  int index_out = yIndex + height * xIndex;
  // NAIVE-NEXT: loop i at {{.*}}transpose.cu:[[@LINE+10]]:3: 0 <= i <= 3
  // NAIVE-NEXT: S0 {{.*}}:[[@LINE+10]]:28: load global 4 B of idata (read) 'idata[index_in + i * width]'
  // NAIVE-NEXT: domain:   { S0[bx, by, tx, ty, i] : [[DOM:0 <= bx <= 63 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= i <= 3]] }
  // NAIVE-NEXT: access:   { S0[bx, by, tx, ty, i] -> idata[128bx + 262144by + 4tx + 8192ty + 65536i] : [[DOM]] }
  // NAIVE-NEXT: schedule: { S0[bx, by, tx, ty, i] -> [0, i, 0] }
  // NAIVE-NEXT: S1 {{.*}}:[[@LINE+6]]:26: store global 4 B to odata (write) 'odata[index_out + i]'
  // NAIVE-NEXT: domain:   { S1[bx, by, tx, ty, i] : [[DOM]] }
  // NAIVE-NEXT: access:   { S1[bx, by, tx, ty, i] -> odata[131072bx + 128by + 4096tx + 4ty + 32i] : [[DOM]] }
  // NAIVE-NEXT: schedule: { S1[bx, by, tx, ty, i] -> [0, i, 1] }
  // NAIVE-NOT: S2
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i] = idata[index_in + i * width];
}

// Read phase: x = 32bx + tx, y = 32by + ty, j = 8j'
//   idata[(y + j)*width + x] -> 4(2048(32by + ty + 8j') + 32bx + tx) = 262144by + 8192ty + 65536j' + 128bx + 4tx
//   tile[ty + j][tx]         -> 4(33(ty + 8j') + tx)                = 132ty + 1056j' + 4tx
// Write phase (the second loop, named j_1): x = 32by + tx, y = 32bx + ty
//   tile[tx][ty + j]         -> 4(33tx + ty + 8j')                  = 132tx + 4ty + 32j'
//   odata[(y + j)*height + x] -> 4(1024(32bx + ty + 8j') + 32by + tx) = 131072bx + 4096ty + 32768j' + 128by + 4tx
// TILED: kernel transposeTiled: 4 memory operations, 4 affine; parameters: none
__global__ void transposeTiled(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  // TILED-NEXT: loop j at {{.*}}transpose.cu:[[@LINE+10]]:3: 0 <= j <= 3
  // TILED-NEXT: loop j_1 at {{.*}}transpose.cu:[[@LINE+26]]:3: 0 <= j_1 <= 3
  // TILED-NEXT: S0 {{.*}}:[[@LINE+9]]:42: load global 4 B of idata (read) 'idata[(y + j) * width + x]'
  // TILED-NEXT: domain:   { S0[bx, by, tx, ty, j] : [[DOMJ:0 <= bx <= 63 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= j <= 3]] }
  // TILED-NEXT: access:   { S0[bx, by, tx, ty, j] -> idata[128bx + 262144by + 4tx + 8192ty + 65536j] : [[DOMJ]] }
  // TILED-NEXT: schedule: { S0[bx, by, tx, ty, j] -> [0, j, 0] }
  // TILED-NEXT: S1 {{.*}}:[[@LINE+5]]:40: store shared 4 B to tile (write) 'tile[threadIdx.y + j][threadIdx.x]'
  // TILED-NEXT: domain:   { S1[bx, by, tx, ty, j] : [[DOMJ]] }
  // TILED-NEXT: access:   { S1[bx, by, tx, ty, j] -> tile[4tx + 132ty + 1056j] : [[DOMJ]] }
  // TILED-NEXT: schedule: { S1[bx, by, tx, ty, j] -> [0, j, 1] }
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  // TILED-NEXT: S2 {{.*}}:[[@LINE+3]]:3: barrier
  // TILED-NEXT: domain:   { S2[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 }
  // TILED-NEXT: schedule: { S2[bx, by, tx, ty] -> [1] }
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  // TILED-NEXT: S3 {{.*}}:[[@LINE+10]]:35: load shared 4 B of tile (read) 'tile[threadIdx.x][threadIdx.y + j]'
  // TILED-NEXT: domain:   { S3[bx, by, tx, ty, j_1] : [[DOMJ1:0 <= bx <= 63 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= j_1 <= 3]] }
  // TILED-NEXT: access:   { S3[bx, by, tx, ty, j_1] -> tile[132tx + 4ty + 32j_1] : [[DOMJ1]] }
  // TILED-NEXT: schedule: { S3[bx, by, tx, ty, j_1] -> [2, j_1, 0] }
  // TILED-NEXT: S4 {{.*}}:[[@LINE+6]]:33: store global 4 B to odata (write) 'odata[(y + j) * height + x]'
  // TILED-NEXT: domain:   { S4[bx, by, tx, ty, j_1] : [[DOMJ1]] }
  // TILED-NEXT: access:   { S4[bx, by, tx, ty, j_1] -> odata[131072bx + 128by + 4tx + 4096ty + 32768j_1] : [[DOMJ1]] }
  // TILED-NEXT: schedule: { S4[bx, by, tx, ty, j_1] -> [2, j_1, 1] }
  // TILED-NOT: S5
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

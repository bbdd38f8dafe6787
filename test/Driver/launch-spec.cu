// A launch-spec file fills what the source leaves open; the command line
// overrides the spec.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"version": 1, "kernels": [{"kernel": "stencil", "grid": [32, 32], "block": [16, 16], "args": {"nx": 512, "ny": 512}}]}' > %t/spec.json
// RUN: gpurd-advise %s --launch-spec %t/spec.json --print-launches -- | FileCheck %s
// RUN: gpurd-advise %s --launch-spec %t/spec.json --block 32,8 --arg ny=256 --print-launches -- | FileCheck %s --check-prefix=CLI
// RUN: gpurd-advise %s --launch-spec %t/spec.json --format=json --print-launches -- | FileCheck %s --check-prefix=JSON

__global__ void stencil(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
    out[y * nx + x] = in[y * nx + x - 1] + in[y * nx + x + 1] +
                      in[(y - 1) * nx + x] + in[(y + 1) * nx + x];
}

// CHECK: launch-spec.cu:[[@LINE-8]]:17: kernel stencil: grid (32, 32, 1), block (16, 16, 1) = 1024 blocks of 256 threads
// CHECK-NEXT: args: nx = 512, ny = 512
// CHECK-NEXT: from: no launch site; grid from {{.*}}spec.json; block from {{.*}}spec.json

// CLI: grid (32, 32, 1), block (32, 8, 1) = 1024 blocks of 256 threads
// CLI-NEXT: args: nx = 512, ny = 256

// JSON: "launches": [
// JSON-NEXT: {
// JSON-NEXT: "args": {
// JSON-NEXT: "nx": 512,
// JSON-NEXT: "ny": 512
// JSON-NEXT: },
// JSON-NEXT: "assumptions": [],
// JSON-NEXT: "block": [
// JSON-NEXT: 16,
// JSON-NEXT: 16,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "dynamic_shared_bytes": 0,
// JSON-NEXT: "grid": [

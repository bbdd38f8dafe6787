// A what-if variant runs as much of each block as the kernel as written did
// (docs/assumptions.md, "A block longer than gpurd holds"). Before, every
// variant and the ranking's own run of the kernel as written were cut at a
// block's share of the request budget even where the kernel's run was
// whole: the placements then timed a first part of each block, which no
// message said, and where the baseline was the whole run (the CUDA samples'
// nbody) a cut variant was compared with it: 'softeningSquared' in global
// memory was predicted 77% faster.
//
// With --request-budget 32000 a block holds 32000 / 32 = 1000 warp memory
// instructions, and 8 resident blocks share them when cut: 125 each. A
// block of 8 warps makes 8 x (2 L + 1): 392 for L = 24, 776 for L = 48,
// both whole. Doubling L doubles each warp's loads, so the time the
// ranking predicts for the kernel as written, and for each placement,
// must grow with it; runs cut at 125 instructions a block are the same
// first part for both (6910 cycles each before).
//
// RUN: gpurd-advise --placements --request-budget 32000 --format=json %s -- -DL=24 > %t.24.json
// RUN: gpurd-advise --placements --request-budget 32000 --format=json %s -- -DL=48 > %t.48.json
// RUN: %python -c "import json, sys; t = [{c['description']: c['predicted_cycles'] for c in json.load(open(f))['files'][0]['launches'][0]['placements']['candidates']} for f in sys.argv[1:]]; print(sorted(k for k in t[0] if t[1][k] > 1.5 * t[0][k]))" %t.24.json %t.48.json | FileCheck %s
// CHECK: ["'scale' in global memory", "'scale' in shared memory", 'as written']

#ifndef L
#define L 48
#endif
__constant__ float scale[4];
__global__ void scaled(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < L; ++k)
    s += scale[k % 4] * in[k * n + i];
  out[i] = s;
}
int main() {
  float *in, *out;
  scaled<<<1024, 256>>>(in, out, 1024 * 256);
}

// Vector types are loaded and stored whole: the NVPTX back end (and nvcc)
// turns the four adjacent 4-byte loads of a float4 into one 16-byte
// ld.global.v4.f32 per thread, and gpurd models the compiled kernel, so each
// float4 access is one 16-byte memory operation. A warp's float4 load covers
// 32 x 16 = 512 bytes, four 128-byte lines, each requested once: a streaming
// kernel never hits in the L1. (Modelled as four 4-byte loads, the second to
// fourth would find the lines the first brought in: a hit rate of 75 % for a
// kernel that touches every byte once.)
// Adjacent scalars without known alignment stay separate accesses, as in the
// compiled code.
//
// RUN: gpurd-advise %s --dump-accesses --kernel scale4 --grid 64 --block 128 -- | FileCheck %s --check-prefix=VEC
// RUN: gpurd-advise %s --dump-accesses --kernel pairs --grid 64 --block 128 -- | FileCheck %s --check-prefix=PAIRS
// RUN: gpurd-advise --cache-report %s --kernel scale4 --grid 64 --block 128 --arg s=2 --arch fermi-gtx470 --sms all -- | FileCheck %s --check-prefix=MODEL
// RUN: gpurd-advise --cache-report %s --kernel scale4 --grid 64 --block 128 --arg s=2 --arch fermi-gtx470 --sms all --trace-source=emulate --buffer in=float32:32768:iota --buffer out=float32:32768:zero -- | FileCheck %s --check-prefix=MODEL

// VEC: kernel scale4: 2 memory operations, 2 affine; parameters: none
// VEC-NEXT: S0 {{.*}}vector-loads.cu:[[@LINE+10]]:14: load global 16 B of in (read) 'in[i]'
// VEC-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 127 }
// VEC-NEXT: access:   { S0[bx, tx] -> in[2048bx + 16tx] : 0 <= bx <= 63 and 0 <= tx <= 127 }
// VEC: S1 {{.*}}vector-loads.cu:[[@LINE+8]]:10: store global 16 B to out (write) 'out[i]'
// VEC-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 127 }
// VEC-NEXT: access:   { S1[bx, tx] -> out[2048bx + 16tx] : 0 <= bx <= 63 and 0 <= tx <= 127 }
__global__ void scale4(const float4 *in, float4 *out, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // 64 blocks x 4 warps x 4 lines = 1024 L1 line requests, all compulsory
  // misses; the stores are 1024 line requests that bypass the L1 (WON).
  float4 v = in[i];
  out[i] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
}

// PAIRS: kernel pairs: 3 memory operations, 3 affine; parameters: none
// PAIRS-NEXT: S0 {{.*}}vector-loads.cu:[[@LINE+7]]:12: load global 4 B of in (read) 'in[2 * i]'
// PAIRS: S1 {{.*}}vector-loads.cu:[[@LINE+6]]:24: load global 4 B of in (read) 'in[2 * i + 1]'
// PAIRS: S2 {{.*}}vector-loads.cu:[[@LINE+5]]:10: store global 4 B to out (write) 'out[i]'
__global__ void pairs(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // in is only known to be 4-byte aligned: in[2i] and in[2i + 1] cannot be
  // one 8-byte load.
  out[i] = in[2 * i] + in[2 * i + 1];
}

// MODEL: kernel scale4 on fermi-gtx470
// MODEL-NEXT: L1: 1024 read requests, hit rate 0.0%; misses compulsory 1024, capacity 0, associativity 0, latency 0, invalidation 0; 1024 writes;

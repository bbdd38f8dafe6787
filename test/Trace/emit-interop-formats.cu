// The interop trace formats from the command line: the seed 000 reference
// model's input (nugteren:DIR) and Accel-Sim's (accelsim:DIR), in one run.
// Buffers: a at 0x7f0000000000 (= 139637976727552), b 512 bytes later, c
// 1024 bytes later (100 floats each, 256-byte aligned).
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --arch volta-v100 --emit-trace=nugteren:%t/nug --emit-trace=accelsim:%t/as --buffer a=float32:n:iota --buffer b=float32:n:iota --buffer c=float32:n:zero -- | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --check-prefix=NUG --input-file=%t/nug/vecAdd_00.trc
// RUN: FileCheck %s --check-prefix=AS --input-file=%t/as/kernel-1.traceg
// RUN: FileCheck %s --check-prefix=LIST --input-file=%t/as/kernelslist.g
// RUN: %expect-exit 1 gpurd-advise %s --emit-trace=accelsim:%t/as2 --sms 2 -- 2>&1 | FileCheck %s --check-prefix=SAMPLED

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
void run(const float *a, const float *b, float *c) { vecAdd<<<2, 64>>>(a, b, c, 100); }

// 100 threads x 3 accesses.
// SUMMARY: kernel vecAdd: wrote 300 thread accesses (12 warp instructions, 2 blocks) from the affine trace source

// NUG: blocksize: 64 1 1
// NUG-NEXT: 0 0 139637976727552 4
// NUG-NEXT: 0 0 139637976728064 4
// NUG-NEXT: 0 1 139637976728576 4
// NUG-NEXT: 1 0 139637976727556 4
// Thread 99 (block 1, thread 35) is the last active one.
// NUG: 99 1 139637976728972 4
// NUG-NOT: {{^100 }}

// AS: -kernel name = vecAdd
// AS-NEXT: -kernel id = 1
// AS-NEXT: -grid dim = (2,1,1)
// AS-NEXT: -block dim = (64,1,1)
// AS: -binary version = 70
// AS: -accelsim tracer version = 5
// AS: #BEGIN_TB
// AS: thread block = 0,0,0
// AS: warp = 0
// Sites 0, 1, 2 (a[i], b[i], c[i]) return or take their data in R16, R20,
// R24 (16 + 4 s). The compiled block's own instructions, before site 0 in
// its slots 59-62: the index's extension (a move) and the three address
// computations reading it, in R18, R19, R22, R23 (the warp's ALU lines 0-3:
// 18 + 4 (j / 2) + j % 2). Each load reads its address; the add (FADD, in
// site 2's slot 62: PC 0x10 * (64 * 2 + 62) = 0xbe0) reads both loads; the
// store reads its value, the add, and its address.
// AS: 03b0 ffffffff 1 R18 MOV 0 0 0
// AS-NEXT: 03c0 ffffffff 1 R19 IMAD 1 R18 0 0
// AS-NEXT: 03d0 ffffffff 1 R22 IMAD 1 R18 0 0
// AS-NEXT: 03e0 ffffffff 1 R23 IMAD 1 R18 0 0
// AS-NEXT: 03f0 ffffffff 1 R16 LDG.E 2 R2 R19 4 0 0x7f0000000000 0x7f0000000004
// AS-NEXT: 07f0 ffffffff 1 R20 LDG.E 2 R2 R22 4 0 0x7f0000000200 0x7f0000000204
// AS-NEXT: 0be0 ffffffff 1 R26 FADD 2 R16 R20 0 0
// AS-NEXT: 0bf0 ffffffff 0 STG.E 4 R2 R24 R26 R23 4 0 0x7f0000000400
// AS: EXIT
// AS: thread block = 1,0,0
// Block 1, warp 1: threads 96..127, only 96..99 active.
// AS: warp = 1
// AS: {{[0-9a-f]+}} 0000000f 1 R{{[0-9]+}} LDG.E 2 R2 R{{[0-9]+}} 4 0
// 0x7f0000000180 0x7f0000000184 0x7f0000000188 0x7f000000018c AS: #END_TB

// LIST: kernel-1.traceg

// SAMPLED: gpurd-advise: error: --emit-trace=accelsim:{{.*}}as2: Accel-Sim traces contain every block of the grid; drop --sms 2

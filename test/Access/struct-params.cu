// Struct parameters passed by value. The compiled kernel reads their members
// from the parameter space (ld.param, the constant bank), not from memory:
// the member reads are no memory operations, an integer member is a launch
// value (an isl parameter until --arg gives it), and a pointer member is the
// base of an array of its own, so `v.x[i]` is affine.
//
// RUN: gpurd-advise %s --kernel axpy --dump-accesses -- | FileCheck %s --check-prefix=DUMP
// RUN: gpurd-advise %s --kernel axpy --dump-accesses --arg v.n=2048 -- | FileCheck %s --check-prefix=KNOWN
// The JSON dump names what a pointer member points to (it used to crash:
// the origin's name was read past the end of a table).
// RUN: gpurd-advise %s --kernel axpy --dump-accesses --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: gpurd-advise %s --kernel grid3 --dump-accesses --arg b.dims.x=64 --arg b.dims.y=32 -- | FileCheck %s --check-prefix=NESTED
//
// The cache model needs the member's value and says how to give it; with it,
// x and y are separate arrays: 8 blocks x 8 warps read one 128-byte line of
// each, 128 compulsory misses (had the two arrays overlapped, half of the
// reads would hit).
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel axpy --arch fermi-gtx470 -- 2>&1 | FileCheck %s --check-prefix=NEEDS
// RUN: gpurd-advise --cache-report %s --kernel axpy --arch fermi-gtx470 --arg v.n=2048 -- | FileCheck %s --check-prefix=MODEL
// The emulator, given the members' buffers, produces the same requests.
// RUN: gpurd-advise --cache-report %s --kernel axpy --arch fermi-gtx470 --arg v.n=2048 --arg s.a=2 --arg s.b=1 --trace-source=emulate --buffer v.x=float32:2048:iota --buffer v.y=float32:2048:zero -- | FileCheck %s --check-prefix=MODEL
//
// Wrong members are errors that list the right ones.
// RUN: %expect-exit 1 gpurd-advise %s --kernel axpy --arg v.m=3 --dump-accesses -- 2>&1 | FileCheck %s --check-prefix=NOMEMBER
// RUN: %expect-exit 1 gpurd-advise %s --kernel axpy --arg v.x=3 --dump-accesses -- 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: %expect-exit 1 gpurd-advise %s --kernel axpy --arg v.n=1.5 --dump-accesses -- 2>&1 | FileCheck %s --check-prefix=NOTINT
//
// Members set in the host code before the launch are read from there, like
// scalar arguments (one level of members: `v.n = n`, or an initializer).
// RUN: gpurd-advise --cache-report %s --kernel scale --arch fermi-gtx470 -- | FileCheck %s --check-prefix=HOST
//
// A kernel that is not affine is emulated: the struct's bytes hold the
// members' values and the addresses of the pointer members' buffers, which
// --buffer p.member=... describes. A member the kernel reads without a value
// is assumed like an integer argument (the launch's extent), and is an
// error with --no-assume (a zero would be a wrong trace); a buffer whose
// contents decide addresses is an error.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel gather --arch fermi-gtx470 --no-assume -- 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: gpurd-advise --cache-report %s --kernel gather --arch fermi-gtx470 --buffer g.index=int32:2048:iota --buffer g.in=float32:2048:zero --buffer g.out=float32:2048:zero -- 2>&1 | FileCheck %s --check-prefix=ASSUMED
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel gather --arch fermi-gtx470 --arg g.n=2048 -- 2>&1 | FileCheck %s --check-prefix=NOBUFFER
// RUN: gpurd-advise --cache-report %s --kernel gather --arch fermi-gtx470 --arg g.n=1024 --buffer g.index=int32:2048:iota --buffer g.in=float32:2048:zero --buffer g.out=float32:2048:zero -- | FileCheck %s --check-prefix=EMULATE

struct Vectors {
  const float *x;
  float *y;
  int n;
};

struct Scale {
  float a;
  float b;
};

// DUMP: kernel axpy: 3 memory operations, 3 affine; parameters: v_n
// DUMP-NEXT: S0 {{.*}}struct-params.cu:[[@LINE+12]]:20: load global 4 B of v_x (read) 'v.x[i]'
// DUMP-NEXT: domain:   [v_n] -> { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 and tx < v_n - 256bx }
// DUMP-NEXT: access:   [v_n] -> { S0[bx, tx] -> v_x[1024bx + 4tx] : 0 <= bx <= 7 and 0 <= tx <= 255 and tx < v_n - 256bx }
// DUMP: S1 {{.*}}struct-params.cu:[[@LINE+9]]:35: load global 4 B of v_y (read) 'v.y[i]'
// DUMP: S2 {{.*}}struct-params.cu:[[@LINE+8]]:12: store global 4 B to v_y (write) 'v.y[i]'
// DUMP-NOT: of v (read)
// KNOWN: kernel axpy: 3 memory operations, 3 affine; parameters: none
// KNOWN-NEXT: S0 {{.*}}: load global 4 B of v_x (read) 'v.x[i]'
// KNOWN-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
__global__ void axpy(Vectors v, Scale s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < v.n)
    v.y[i] = s.a * v.x[i] + s.b * v.y[i];
}

struct Box {
  int3 dims;
  float *data;
};

// NESTED: kernel grid3: 1 memory operation, 1 affine; parameters: none
// NESTED-NEXT: S0 {{.*}}: store global 4 B to b_data (write) 'b.data[(z * b.dims.y + y) * b.dims.x + x]'
// NESTED-NEXT: domain:   { S0[bx, by, tx, ty] : 0 <= bx <= 3 and 0 <= by <= 3 and 0 <= tx <= 15 and 0 <= ty <= 7 }
// NESTED-NEXT: access:   { S0[bx, by, tx, ty] -> b_data[64bx + 2048by + 4tx + 256ty] : 0 <= bx <= 3 and 0 <= by <= 3 and 0 <= tx <= 15 and 0 <= ty <= 7 }
__global__ void grid3(Box b) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = 0;
  b.data[(z * b.dims.y + y) * b.dims.x + x] = 1.0f;
}

struct Gather {
  const int *index;
  const float *in;
  float *out;
  int n;
};

__global__ void gather(Gather g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < g.n)
    g.out[i] = g.in[g.index[i]];
}

__global__ void scale(Vectors v, Scale s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < v.n)
    v.y[i] = s.a * v.x[i];
}

void local(const float *x, float *y) {
  const int n = 1024;
  Vectors v;
  v.x = x;
  v.y = y;
  v.n = n;
  Scale s = {2.0f, 0.5f};
  scale<<<8, 256>>>(v, s);
}

// HOST: kernel scale: grid (8, 1, 1), block (256, 1, 1) = 8 blocks of 256 threads
// HOST-NEXT: args: v.n = 1024, s.a = 2, s.b = 0.5
// With n = 1024 only half of the 2048 threads load: 32 warps, 32 lines of x.
// HOST: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue)
// HOST-NEXT: L1: 32 read requests, hit rate 0.0%; misses compulsory 32,

// An array member indexed at a varying offset is read from the parameter
// space (the constant bank): a constant-space site, which the L1 model
// leaves out. The emulator does not know the array's contents and says so.
// RUN: gpurd-advise %s --kernel lookup --dump-accesses --grid 4 --block 64 --arg t.n=256 -- | FileCheck %s --check-prefix=ARRAY
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel lookup --grid 4 --block 64 --arg t.n=256 --arch fermi-gtx470 --trace-source=emulate --buffer t.out=float32:256:zero -- 2>&1 | FileCheck %s --check-prefix=ARRAYEMU
struct Table {
  float *out;
  int table[4];
  int n;
};

// ARRAY: kernel lookup: 2 memory operations, 2 affine; parameters: none
// ARRAY-NEXT: S0 {{.*}}: load constant 4 B of t (read) 't.table[threadIdx.x % 4]'
// ARRAY: S1 {{.*}}: store global 4 B to t_out (write) 't.out[i]'
// ARRAYEMU: error: kernel 'lookup' is emulated, and indexes into the struct parameter 't' (an array member), whose contents the emulator does not know
__global__ void lookup(Table t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < t.n)
    t.out[i] = t.table[threadIdx.x % 4];
}

void run(Vectors v, Scale s, Box b, Gather g) {
  axpy<<<8, 256>>>(v, s);
  grid3<<<dim3(4, 4), dim3(16, 8)>>>(b);
  gather<<<8, 256>>>(g);
}

// NEEDS: gpurd-advise: error: kernel 'axpy': 'v.n' has no value; give it with --arg v.n=VALUE so the trace can be enumerated

// MODEL: kernel axpy on fermi-gtx470 (predicted by the cache model; warp-queue)
// MODEL-NEXT: L1: 128 read requests, hit rate 0.0%; misses compulsory 128,
// MODEL: array v_x: L1 64 reads (hit rate 0.0%)
// MODEL: array v_y: L1 64 reads (hit rate 0.0%), 64 writes; L2 64 reads (hit rate 0.0%), 64 writes

// NOMEMBER: error: command line: parameter 'v' of kernel 'axpy' has no member 'm' that takes a value; its members are: v.x, v.y, v.n
// POINTER: error: command line: the argument 'v.x' is a pointer (const float *); only integer, floating-point and bool arguments take a value
// NOTINT: error: command line: the argument 'v.n' (int) needs an integer, got '1.5'

// NOVALUE: gpurd-advise: error: kernel 'gather': the launch configuration is incomplete for its accesses:
// NOVALUE-NEXT: the member 'g.n' of a struct argument is not evaluated; give it with --arg g.n=VALUE or in a --launch-spec file
// g.n is assumed to be the launch's 8 x 256 = 2048 threads: all 64 warps
// work, each reading a line of g.index and (identity index) a line of g.in,
// and writing a line of g.out: 128 reads and 64 writes.
// ASSUMED: note: assumed g.n = 2048 (the launch's threads span 2048 in x (grid.x x block.x = 8 x 256)
// ASSUMED: L1: 128 read requests, {{.*}}; 64 writes
// NOBUFFER: gpurd-advise: error: kernel 'gather' is emulated, and the addresses of S1 (line 96) 'g.in[g.index[i]]' depend on the contents of 'g.index'; 'g.index' has no buffer, and zeros would decide those addresses: give it real contents with --buffer g.index=int32:COUNT:INIT
// With g.n = 1024, the first 4 blocks (32 warps) work: each reads a line of
// g.index and, through the identity index, a line of g.in, and writes one
// of g.out; the other 4 blocks read nothing.
// EMULATE: kernel gather on fermi-gtx470 (predicted by the cache model; warp-queue)
// EMULATE-NEXT: L1: 64 read requests, hit rate 0.0%; misses compulsory 64,
// EMULATE: array g_index: L1 32 reads (hit rate 0.0%)
// EMULATE: array g_in: L1 32 reads (hit rate 0.0%)
// EMULATE: array g_out: L1 32 writes

// JSON:      "field_offset": 0,
// JSON-NEXT: "name": "v_x",
// JSON-NEXT: "origin": "parameter-field",
// JSON-NEXT: "param_index": 0,
// JSON:      "field_offset": 8,
// JSON-NEXT: "name": "v_y",
// JSON-NEXT: "origin": "parameter-field",

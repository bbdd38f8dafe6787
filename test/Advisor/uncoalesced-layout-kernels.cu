// gpurd-uncoalesced-access does not offer an array's transposed layout when
// another kernel of the program reads the same buffer along its rows: the
// layout is the program's, and the strided access would only move there.
//
// rowSums: thread t sums row t of a 128 x 64 float array (a[t * 64 + j]),
// launched as 4 blocks of 32 threads: neighbouring lanes are 64 x 4 = 256
// bytes apart, 32 sectors a warp request where 128 bytes need 4 (28
// excessive, 28 / 32 = 88%); 4 blocks x 64 iterations = 256 requests x 32
// = 8192 sectors. Stored transposed (its 128 rows of 64 as 64 rows of 128,
// a[r * 64 + c] moved to a[c * 128 + r]), each request would touch 4
// sectors, and the time model predicts 64 x 31 = 1984 fewer replayed
// instructions a warp, 1984 x 4 cycles (the A100's instruction latency) =
// 7936 cycles less (derived in uncoalesced-access.cu, the same kernel and
// launch).
//
// colSums: thread c sums column c of the same array (a[i * 64 + c], c =
// blockIdx.x * 32 + threadIdx.x): neighbouring threads 4 bytes apart, one
// element each. The host passes 'dA' to both launches, so they share the
// buffer: transposed, element (i, c) moves to c * 128 + i, and colSums'
// neighbouring threads (c, c + 1) would be 128 elements = 512 bytes apart.
// The warning stands (the what-if shows the access costs rowSums 7936
// cycles), with no layout offered: the message says why, a note placed at
// colSums' access says where, and another names the fixes that keep the
// layout.
//
// rowSumsOther is rowSums launched with another buffer ('dB'), which no
// other kernel reads: the transposed layout is offered as usual.
//
// rowSumsNoLaunch is never launched in the file (its launch is assumed:
// block (256, 1, 1), grid (4096, 1, 1), so 4096 x 256 = 1048576 rows): no
// launch says which buffer it gets, and colSums has a parameter of the same
// name and type ('const float *a'), which is taken to be the same array;
// the layout is not offered either. Transposed, colSums' neighbouring
// threads would be 1048576 elements x 4 = 4194304 bytes apart.
//
// RUN: gpurd-advise %s --checks='-*,gpurd-uncoalesced-access' -- 2>&1 | FileCheck %s

#define N 64
#define ROWS 128

__global__ void rowSums(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: uncoalesced-layout-kernels.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 8192); storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ([[#T0:]] to
  // CHECK-SAME: {{^}} [[#T0-7936]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated), but kernel 'colSums' accesses the same array with neighbouring threads on neighbouring elements, which that layout would make strided: a fix must keep the layout [gpurd-uncoalesced-access]
  // CHECK: note: neighbouring threads of a warp access 'a' 256 bytes apart
  // CHECK: note: storing 'a' transposed is not offered: kernel 'colSums' accesses the same array with neighbouring threads on neighbouring elements, which that layout would make strided; for this kernel alone it is predicted to cut the kernel's time by {{[0-9.]+}}% ([[#T0]] to [[#T0-7936]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated): with 'a' stored its 128 rows of 64 elements as 64 rows of 128 (a[r * 64 + c] moved to a[c * 128 + r]), this access would touch 4 sectors a request, {{.*}} (a what-if run of the models with every access of 'a' in the kernel moved so)
  // CHECK-NEXT: uncoalesced-layout-kernels.cu:[[@LINE+21]]:10: note: kernel 'colSums', launched at line [[@LINE+39]] with the same buffer ('dA') as this kernel's launch, accesses it here (a[i * N + c]) with neighbouring threads 4 bytes apart, on neighbouring elements: with 'a' stored transposed they would be 512 bytes apart
  // CHECK: note: a fix that keeps the layout changes which thread accesses which element: the lanes of a warp take neighbouring elements of a row
  // CHECK: note: the sectors per request are exact
  out[t] = s;
}

__global__ void rowSumsOther(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: uncoalesced-layout-kernels.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 8192); storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ([[#T1:]] to
  // CHECK-SAME: {{^}} [[#T1-7936]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-uncoalesced-access]
  // CHECK-NOT: is not offered
  out[t] = s;
}

__global__ void colSums(const float *a, float *out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int i = 0; i < ROWS; ++i)
    s += a[i * N + c];
  out[c] = s;
}

__global__ void rowSumsNoLaunch(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: uncoalesced-layout-kernels.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': {{.*}}, but kernel 'colSums' accesses the same array with neighbouring threads on neighbouring elements, which that layout would make strided: a fix must keep the layout [gpurd-uncoalesced-access]
  // CHECK: uncoalesced-layout-kernels.cu:[[@LINE-10]]:10: note: kernel 'colSums' has a parameter 'a' of the same type, taken to hold the same array (no launch in the file tells which buffer each kernel gets), and accesses it here (a[i * N + c]) with neighbouring threads 4 bytes apart, on neighbouring elements: with 'a' stored transposed they would be 4194304 bytes apart
  out[t] = s;
}
// CHECK-NOT: warning:

void host(const float *dA, const float *dB, float *out) {
  rowSums<<<ROWS / 32, 32>>>(dA, out);
  rowSumsOther<<<ROWS / 32, 32>>>(dB, out);
  colSums<<<N / 32, 32>>>(dA, out);
}

// --fail-on: findings leave the exit status 0 unless they reach the given
// severity, when it is 2 (input errors stay 1).
//
// RUN: %expect-exit 0 gpurd-advise %s -- > /dev/null
// RUN: %expect-exit 2 gpurd-advise %s --fail-on=warning -- > /dev/null
// RUN: %expect-exit 2 gpurd-advise %s --fail-on=note -- > /dev/null
// RUN: %expect-exit 0 gpurd-advise %s --fail-on=warning --checks='-*' -- > /dev/null
// RUN: %expect-exit 1 gpurd-advise %s --fail-on=warning --kernel=nope -- > /dev/null 2>&1

__global__ void rows(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < 64; ++j)
    s += a[t * 64 + j];
  out[t] = s;
}

void host(const float *a, float *out) { rows<<<2, 32>>>(a, out); }

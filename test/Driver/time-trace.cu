// --time-trace=FILE writes a Chrome trace of where the run spent its time
// (docs/cli.md), as Clang's -ftime-trace does: the kernel's trace
// preparation, its access model and its cache-model run are phases named
// with the kernel, and the device compilation is one too. A path that
// cannot be written is an error that names it, before any analysis runs.
// RUN: rm -f %t.json
// RUN: gpurd-advise --checks=-* --time-trace=%t.json --time-trace-granularity=0 %s -- > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// RUN: not gpurd-advise --checks=-* --time-trace=%t.missing/x.json %s -- 2>&1 | FileCheck %s --check-prefix=BAD
// TRACE: "traceEvents"
// TRACE-DAG: "name":"compileDevice"
// TRACE-DAG: "name":"prepareTrace","args":{"detail":"copy"}
// TRACE-DAG: "name":"buildAccessModel","args":{"detail":"copy"}
// TRACE-DAG: "name":"runCacheModel","args":{"detail":"copy"}
// BAD: error: cannot write the time trace to '{{.*}}.missing/x.json': No such file or directory
// BAD-NOT: kernel copy

__global__ void copy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

void run(float *out, const float *in) { copy<<<64, 256>>>(out, in); }

// A Thrust or CUB header that is not on the include path: the error says
// that gpurd takes them from the system include path and how to install
// them, whether the packages are missing or only the header is.
// RUN: %expect-exit 1 gpurd-advise --list-kernels %s -- 2>&1 | FileCheck %s
// RUN: %expect-exit 1 gpurd-advise --list-kernels %s -- -DUSE_CUB 2>&1 | FileCheck %s --check-prefix=CUB

#ifdef USE_CUB
#include <cub/gpurd_no_such_header.cuh>
#else
#include <thrust/gpurd_no_such_header.h>
#endif

// CHECK: fatal error: 'thrust/gpurd_no_such_header.h' file not found
// CHECK: gpurd-advise: error: '{{.*}}thrust-missing.cu' has 1 compile error (shown above): 'thrust/gpurd_no_such_header.h' is a header of Thrust, which gpurd's CUDA headers do not include: gpurd takes Thrust and CUB (1.17) from the system include path (/usr/include); install them (Debian 12: apt-get install libthrust-dev libcub-dev) or pass -I with the directory that holds thrust/ and cub/ after '--'
// CUB: gpurd-advise: error: '{{.*}}thrust-missing.cu' has 1 compile error (shown above): 'cub/gpurd_no_such_header.cuh' is a header of CUB,

__global__ void k(float *x) { x[threadIdx.x] = 0; }

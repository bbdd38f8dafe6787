/* gpurd CUDA prelude: <cuda_profiler_api.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

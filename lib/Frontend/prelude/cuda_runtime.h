/* gpurd CUDA prelude: <cuda_runtime.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

/* gpurd CUDA prelude: <sm_32_intrinsics.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

/* gpurd CUDA prelude: <sm_35_intrinsics.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

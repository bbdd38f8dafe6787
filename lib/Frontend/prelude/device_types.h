/* gpurd CUDA prelude: <device_types.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

/* gpurd CUDA prelude: <host_defines.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

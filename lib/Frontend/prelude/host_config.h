/* gpurd CUDA prelude: <host_config.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

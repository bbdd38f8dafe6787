/* gpurd CUDA prelude: <device_launch_parameters.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

/* gpurd CUDA prelude: <channel_descriptor.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

/* gpurd CUDA prelude: <surface_indirect_functions.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

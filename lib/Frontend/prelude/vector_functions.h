/* gpurd CUDA prelude: <vector_functions.h> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

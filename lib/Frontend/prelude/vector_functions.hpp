/* gpurd CUDA prelude: <vector_functions.hpp> is part of gpurd_cuda_prelude.h. */
#include "gpurd_cuda_prelude.h"

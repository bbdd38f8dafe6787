/*===- nvToolsExt.h - gpurd CUDA prelude: NVTX (pre-v3 include path) ------===*/
#include "nvtx3/nvToolsExt.h"

/*===- cuda_pipeline_primitives.h - gpurd CUDA prelude ---------------------===*
 *
 * Forwards to cuda_pipeline.h, which has the primitives.
 *===----------------------------------------------------------------------===*/
#include "cuda_pipeline.h"

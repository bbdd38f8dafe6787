/* gpurd CUDA prelude: <cooperative_groups/reduce.h>; reduce() and the
 * operator functors live in cooperative_groups.h. */
#include "../cooperative_groups.h"

/* gpurd CUDA prelude: <cooperative_groups/scan.h>; inclusive_scan() lives in
 * cooperative_groups.h. */
#include "../cooperative_groups.h"

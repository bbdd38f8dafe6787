//===- CheckUtil.h - What the checks share -----------------------*- C++
//-*-===//
#ifndef GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H
#define GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H

#include "gpurd/Advisor/Check.h"

#include <string>

namespace gpurd::advisor {

/// `load`, `store` or `atomic` for \p kind.
const char *operationWord(AccessKind kind);
/// `'A'` for the array \p site accesses, `the array` when unknown.
std::string arrayText(const CheckContext &context,
                      const access::AccessSite &site);
/// `over 9728 of 2359296 warp requests (864 of 4096 blocks modelled)`:
/// how much of the launch the counts were taken on.
std::string sampleText(const CheckContext &context, uint64_t warpRequests);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H

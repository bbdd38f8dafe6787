//===- Checks.h - The checks' constructors -----------------------*- C++
//-*-===//
#ifndef GPURD_LIB_ADVISOR_CHECKS_CHECKS_H
#define GPURD_LIB_ADVISOR_CHECKS_CHECKS_H

#include "gpurd/Advisor/Check.h"

#include <memory>

namespace gpurd::advisor {

std::unique_ptr<Check> makeCacheCapacity();
std::unique_ptr<Check> makeConstantDivergence();
std::unique_ptr<Check> makeGlobalAccumulator();
std::unique_ptr<Check> makeMemoryDivergence();
std::unique_ptr<Check> makePlacement();
std::unique_ptr<Check> makeReadOnlyPath();
std::unique_ptr<Check> makeRedundantThreads();
std::unique_ptr<Check> makeSharedBankConflict();
std::unique_ptr<Check> makeSharedTiling();
std::unique_ptr<Check> makeSmallGrid();
std::unique_ptr<Check> makeTileSize();
std::unique_ptr<Check> makeUncoalescedAccess();

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_CHECKS_CHECKS_H

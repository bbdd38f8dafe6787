//===- ModelChecks.h - Sanity checks of a built access model ----*- C++ -*-===//
//
// What a finished access model must not hide: a kernel whose source reads
// or writes memory but whose compiled code has no memory operation is
// almost always a sign that gpurd (or the optimiser) lost them, and the
// cache report would silently be empty.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ACCESS_MODELCHECKS_H
#define GPURD_LIB_ACCESS_MODELCHECKS_H

#include "gpurd/Access/AccessModel.h"

#include <optional>
#include <string>

namespace gpurd::access {

/// A warning when \p model has no memory operation (barriers aside) while
/// the source of \p kernel has memory accesses (unit.deviceAccesses in the
/// kernel's own body), naming the kernel, the first access and the likely
/// reasons; nothing otherwise.
std::optional<std::string> emptyModelWarning(const AccessModel &model,
                                             const KernelInfo &kernel,
                                             const TranslationUnitInfo &unit);

} // namespace gpurd::access

#endif

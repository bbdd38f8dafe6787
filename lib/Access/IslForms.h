//===- IslForms.h - isl forms of an access model ----------------*- C++ -*-===//
#ifndef GPURD_LIB_ACCESS_ISLFORMS_H
#define GPURD_LIB_ACCESS_ISLFORMS_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/Support/Error.h"

namespace gpurd::access {

/// Fills islDomain, islAccess and islSchedule of every affine site, as isl
/// normalises them (coalesced, access relation simplified on its domain),
/// and marks sites whose domain isl proves empty. Work beyond
/// \p maxOperations makes a site non-affine (reason `complexity`).
llvm::Error computeIslForms(AccessModel &model, unsigned long maxOperations);

} // namespace gpurd::access

#endif

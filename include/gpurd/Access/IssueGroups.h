//===- IssueGroups.h - Memory requests a warp has in flight -----*- C++ -*-===//
//
// Seed 002's memory time (Eq. 18, Sim et al.'s ITMLP) takes MLP, the memory
// requests one warp has in flight at once: the memory instructions it
// issues before it first waits on one of their results. This file finds,
// for each access site, the group it issues in.
//
//===----------------------------------------------------------------------===//

#ifndef GPURD_ACCESS_ISSUEGROUPS_H
#define GPURD_ACCESS_ISSUEGROUPS_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/IR/Function.h"

#include <vector>

namespace gpurd::access {

/// Sets AccessModel::issueGroups and each site's AccessSite::issueGroup: of
/// \p kernel with its loops unrolled as Clang's O3 unrolls them for NVPTX
/// (gpurd analyses the kernel rolled; nvcc and Clang unroll it), the memory
/// instructions of the site's basic block that a warp issues together with
/// it, before any of them waits on another's result (the largest over the
/// site's unrolled copies: the unrolled body is what runs).
/// \p siteInstructions are the sites' instructions, by site id. A barrier
/// ends a group. The driver calls it once a trace's access model is final
/// (a launch with assumed arguments builds its model again with them
/// folded in).
void assignIssueGroups(
    const llvm::Function &kernel,
    const std::vector<const llvm::Instruction *> &siteInstructions,
    AccessModel &model);

} // namespace gpurd::access

#endif // GPURD_ACCESS_ISSUEGROUPS_H

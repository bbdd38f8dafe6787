//===- Divergence.h - Seed 004's predictions in reports ---------*- C++ -*-===//
#ifndef GPURD_OUTPUT_DIVERGENCE_H
#define GPURD_OUTPUT_DIVERGENCE_H

#include "gpurd/Advisor/DivergentLoads.h"
#include "gpurd/Model/Divergence/KernelDivergence.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

/// MDM's classification, IPC, cycles and stall split, one line; with
/// \p baseline, GPUMech's beside it on a second line.
void printDivergenceSummary(llvm::raw_ostream &os,
                            const model::divergence::KernelDivergence &result,
                            bool baseline);

/// The report's "divergence" object (docs/json-output.md).
nlohmann::json
divergenceJson(const model::divergence::KernelDivergence &result);

/// `--what-if=coalesce`: MDM's figures of the kernel with its
/// memory-divergent loads coalesced, against the kernel as written; or why
/// there is nothing to coalesce (\p whatIf empty).
void printCoalesceWhatIf(llvm::raw_ostream &os,
                         const std::optional<advisor::CoalesceWhatIf> &whatIf);
nlohmann::json
coalesceWhatIfJson(const std::optional<advisor::CoalesceWhatIf> &whatIf);

} // namespace gpurd

#endif // GPURD_OUTPUT_DIVERGENCE_H

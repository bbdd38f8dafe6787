//===- Divergence.h - Seed 004's predictions in reports ---------*- C++ -*-===//
#ifndef GPURD_OUTPUT_DIVERGENCE_H
#define GPURD_OUTPUT_DIVERGENCE_H

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

} // namespace gpurd

#endif // GPURD_OUTPUT_DIVERGENCE_H

//===- Placements.h - The placement ranking as text and JSON ----*- C++ -*-===//
#ifndef GPURD_OUTPUT_PLACEMENTS_H
#define GPURD_OUTPUT_PLACEMENTS_H

#include "gpurd/Advisor/Placement.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

/// The ranking as a table: one row per placement (the one as written marked
/// `*`) with its predicted time against the one as written, seed 002's
/// three terms, the deciding factor; then the arrays not moved and why, and
/// the assumptions.
void printPlacements(llvm::raw_ostream &os,
                     const advisor::PlacementRanking &ranking);

/// The ranking as JSON (docs/json-output.md, "Placements").
nlohmann::json placementsJson(const advisor::PlacementRanking &ranking);

} // namespace gpurd

#endif // GPURD_OUTPUT_PLACEMENTS_H

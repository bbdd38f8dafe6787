//===- Tuning.h - The tile search's ranking as text and JSON ----*- C++ -*-===//
#ifndef GPURD_OUTPUT_TUNING_H
#define GPURD_OUTPUT_TUNING_H

#include "gpurd/Advisor/TileSearch.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

/// The ranking as a table: one row per candidate (ranked ones first, the
/// one as written marked `*`), the illegal and failed ones with why, the
/// metric and the notes.
void printTuning(llvm::raw_ostream &os, const advisor::TuneResult &result);

/// The ranking as JSON (docs/json-output.md, "Tuning").
nlohmann::json tuningJson(const advisor::TuneResult &result);

} // namespace gpurd

#endif // GPURD_OUTPUT_TUNING_H

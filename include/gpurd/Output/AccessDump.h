//===- AccessDump.h - Print access models -----------------------*- C++ -*-===//
//
// `--dump-accesses` and `--explain-compiled` output, as text or JSON
// (docs/json-output.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_OUTPUT_ACCESSDUMP_H
#define GPURD_OUTPUT_ACCESSDUMP_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/AccessModel.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

void printAccessModel(llvm::raw_ostream &os, const access::AccessModel &model);
nlohmann::json accessModelJson(const access::AccessModel &model);

void printExplanation(llvm::raw_ostream &os, const access::AccessModel &model,
                      const std::vector<access::CompiledSubscript> &entries);
nlohmann::json
explanationJson(const access::AccessModel &model,
                const std::vector<access::CompiledSubscript> &entries);

} // namespace gpurd

#endif

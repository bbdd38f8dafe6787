//===- CacheReport.h - Print cache-model results ----------------*- C++ -*-===//
//
// `--cache-model` output: per kernel, in total, per access site and per
// array, the predicted L1 and L2 behaviour (seed 000 / seed 001 model), as
// text or JSON (docs/json-output.md). Every number is a prediction.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_OUTPUT_CACHEREPORT_H
#define GPURD_OUTPUT_CACHEREPORT_H

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Model/CacheResults.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

void printCacheReport(llvm::raw_ostream &os, const std::string &archName,
                      const access::AccessModel &model,
                      const model::CacheModelResults &results,
                      bool reuseProfile);
nlohmann::json cacheReportJson(const std::string &archName,
                               const access::AccessModel &model,
                               const model::CacheModelResults &results,
                               bool reuseProfile);

} // namespace gpurd

#endif

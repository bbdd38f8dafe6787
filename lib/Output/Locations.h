//===- Locations.h - Source positions in text and JSON -----------*- C++
//-*-===//
#ifndef GPURD_LIB_OUTPUT_LOCATIONS_H
#define GPURD_LIB_OUTPUT_LOCATIONS_H

#include "gpurd/Frontend/KernelInfo.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gpurd {

/// `file:line:column` with the file as displayed (`<unknown>` without a
/// line).
std::string location(const SourcePosition &position);
/// {"file", "line", "column"} (null without a line).
nlohmann::json locationJson(const SourcePosition &position);

} // namespace gpurd

#endif // GPURD_LIB_OUTPUT_LOCATIONS_H

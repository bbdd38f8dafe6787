//===- Locations.cpp - Source positions in text and JSON ------------------===//

#include "Locations.h"

#include "gpurd/Frontend/DisplayPath.h"

namespace gpurd {

std::string location(const SourcePosition &p) {
  if (p.line == 0)
    return "<unknown>";
  return displayPath(p.file) + ":" + std::to_string(p.line) + ":" +
         std::to_string(p.column);
}

nlohmann::json locationJson(const SourcePosition &p) {
  if (p.line == 0)
    return nullptr;
  return {
      {"file", displayPath(p.file)}, {"line", p.line}, {"column", p.column}};
}

} // namespace gpurd

//===- IslNames.cpp - Names that isl reads back ---------------------------===//

#include "IslNames.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

namespace gpurd::access {

bool isIslKeyword(llvm::StringRef name) {
  // isl_stream.c, check_keywords (compared case-insensitively).
  static const char *const keywords[] = {
      "exists",   "and",   "or",     "implies", "not",  "infty",
      "infinity", "NaN",   "min",    "max",     "rat",  "true",
      "false",    "ceild", "floord", "mod",     "ceil", "floor"};
  for (const char *keyword : keywords)
    if (name.equals_insensitive(keyword))
      return true;
  return false;
}

std::string islIdentifierFor(llvm::StringRef name, llvm::StringRef fallback) {
  std::string out;
  bool pendingSeparator = false;
  for (char c : name) {
    if (llvm::isAlnum(c) || c == '_') {
      if (pendingSeparator && !out.empty())
        out += '_';
      pendingSeparator = false;
      out += c;
    } else {
      pendingSeparator = true;
    }
  }
  if (out.empty() || llvm::isDigit(out.front()))
    out = fallback.str() + (out.empty() ? "" : "_" + out);
  if (isIslKeyword(out))
    out += '_';
  return out;
}

IslNames islNamesOf(const AccessModel &model) {
  IslNames names;
  std::set<std::string> used;
  auto unique = [&](std::string name) {
    std::string candidate = name;
    for (unsigned n = 2; used.count(candidate); ++n)
      candidate = name + "_" + std::to_string(n);
    used.insert(candidate);
    return candidate;
  };
  // Variables first: their names are what the user gives values for.
  for (const Variable &variable : model.variables)
    names.variables.push_back(unique(islIdentifierFor(variable.name, "v")));
  for (const ArrayInfo &array : model.arrays)
    names.arrays.push_back(unique(islIdentifierFor(array.name, "a")));
  return names;
}

} // namespace gpurd::access

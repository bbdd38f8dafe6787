//===- CheckFilter.cpp - clang-tidy's check globs -------------------------===//

#include "gpurd/Advisor/Check.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

/// Whether \p text matches \p pattern, where `*` matches any text.
bool globMatches(StringRef pattern, StringRef text) {
  size_t star = pattern.find('*');
  if (star == StringRef::npos)
    return pattern == text;
  if (!text.starts_with(pattern.take_front(star)))
    return false;
  StringRef rest = pattern.drop_front(star + 1);
  text = text.drop_front(star);
  for (size_t i = 0; i <= text.size(); ++i)
    if (globMatches(rest, text.drop_front(i)))
      return true;
  return false;
}

} // namespace

bool checkGlobMatches(StringRef pattern, StringRef check) {
  return globMatches(pattern, check);
}

Expected<CheckFilter> CheckFilter::parse(StringRef text) {
  CheckFilter filter;
  std::vector<std::unique_ptr<Check>> checks = allChecks();
  SmallVector<StringRef, 8> parts;
  text.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    Glob glob;
    glob.positive = !part.consume_front("-");
    glob.pattern = part.trim().str();
    bool matchesOne = any_of(checks, [&](const std::unique_ptr<Check> &c) {
      return globMatches(glob.pattern, c->name());
    });
    if (!matchesOne) {
      std::vector<std::string> names;
      for (const std::unique_ptr<Check> &c : checks)
        names.push_back(c->name().str());
      return createStringError(inconvertibleErrorCode(),
                               "check glob '%s' matches no check; the checks "
                               "are %s",
                               glob.pattern.c_str(), join(names, ", ").c_str());
    }
    filter.globs.push_back(std::move(glob));
  }
  return filter;
}

bool CheckFilter::enabled(StringRef check) const {
  bool on = false;
  for (const Glob &glob : globs)
    if (globMatches(glob.pattern, check))
      on = glob.positive;
  return on;
}

} // namespace gpurd::advisor

//===- Settings.cpp - The settings' own rules -----------------------------===//

#include "gpurd/Request/Settings.h"

namespace gpurd::request {

void CheckSettings::addChecks(llvm::StringRef globs) {
  // The last glob that matches a check decides it (CheckFilter), so a list
  // that starts by disabling every check leaves nothing of the globs before
  // it: it stands alone (`-*,gpurd-small-grid`, not `*,-*,gpurd-small-grid`).
  if (globs.trim().starts_with("-*")) {
    checks = globs.str();
    return;
  }
  checks = effectiveChecks() + "," + globs.str();
}

} // namespace gpurd::request

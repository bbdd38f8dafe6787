//===- Numbers.cpp - Figures as the reports print them --------------------===//

#include "Numbers.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace gpurd {

std::string percent(double fraction) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.1f%%", 100.0 * fraction);
  return out;
}

} // namespace gpurd

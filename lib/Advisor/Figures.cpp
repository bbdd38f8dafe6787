//===- Figures.cpp - Numbers as findings print them -----------------------===//

#include "Figures.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

namespace gpurd::advisor {

std::string countText(double count) {
  if (count >= 1e9)
    return llvm::formatv("{0:F1} G", count / 1e9).str();
  if (count >= 1e6)
    return llvm::formatv("{0:F1} M", count / 1e6).str();
  return std::to_string(static_cast<uint64_t>(std::llround(count)));
}

std::string averageText(double value) {
  double whole = std::round(value);
  if (std::fabs(value - whole) < 0.05)
    return std::to_string(static_cast<int64_t>(whole));
  return llvm::formatv("{0:F1}", value).str();
}

std::string percentText(double share) {
  long percent = std::lround(share * 100);
  if (percent == 0 && share > 0)
    return "<1%";
  return std::to_string(percent) + "%";
}

std::string fromToText(double from, double to) {
  return countText(from) + " to " + countText(to);
}

std::string changeText(double change) {
  if (std::fabs(change) < 0.0005)
    return "0%";
  return llvm::formatv("{0}{1:F1}%", change > 0 ? "+" : "-",
                       std::fabs(change) * 100)
      .str();
}

} // namespace gpurd::advisor

//===- Figures.h - Numbers as findings print them ----------------*- C++
//-*-===//
//
// How the checks write their figures: counts as Nsight Compute's summaries
// do (`7.3 M`), averages with one decimal when they are not whole, shares
// as whole percents.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ADVISOR_FIGURES_H
#define GPURD_LIB_ADVISOR_FIGURES_H

#include <cstdint>
#include <string>

namespace gpurd::advisor {

/// `912`, `65536`, `7.3 M`, `1.2 G`.
std::string countText(double count);
/// `4`, `4.5`.
std::string averageText(double value);
/// `87%` (whole percents; `<1%` for a share above 0 that rounds to 0).
std::string percentText(double share);
/// `16.8 M to 21.0 M`.
std::string fromToText(double from, double to);
/// `-6.9%`, `+0.4%`, `0%`: a relative change, one decimal.
std::string changeText(double change);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_FIGURES_H

//===- Numbers.h - Figures as the reports print them -----------*- C++ -*-===//
#ifndef GPURD_LIB_OUTPUT_NUMBERS_H
#define GPURD_LIB_OUTPUT_NUMBERS_H

#include <string>

namespace gpurd {

/// A fraction as a percentage with one decimal: `43.8%`.
std::string percent(double fraction);

} // namespace gpurd

#endif // GPURD_LIB_OUTPUT_NUMBERS_H

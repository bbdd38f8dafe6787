//===- PaddingScreen.h - Padding ranked without compiling ------*- C++ -*-===//
//
// gpurd-shared-bank-conflict times a padding as a what-if of the source
// (the array's rows declared longer), a parse, a device compile and a
// model run each. Which pad removes a conflict, though, is a question of
// addresses alone: a row of R + p elements moves each element of row r by
// r p elements. The screen moves the addresses of block 0's trace so and
// counts the wavefronts, and the check then times the pads in the order
// the screen ranks them (the pad the what-if proposes is still chosen on
// the what-if's own counts).
//
//===----------------------------------------------------------------------===//

#ifndef GPURD_LIB_ADVISOR_CHECKS_PADDINGSCREEN_H
#define GPURD_LIB_ADVISOR_CHECKS_PADDINGSCREEN_H

#include "gpurd/Advisor/Check.h"

#include <vector>

namespace gpurd::advisor {

/// \p pads ordered by the wavefronts block 0's accesses at \p site would
/// make with the rows of \p decl (the array \p site accesses) padded by
/// each: fewest first, then the array's accesses' wavefronts, then the
/// smaller pad. \p pads as given when the screen cannot run (no trace of
/// block 0, an array gpurd cannot place).
std::vector<unsigned> screenPads(const CheckContext &context,
                                 const access::AccessSite &site,
                                 const SharedArrayDecl &decl,
                                 const std::vector<unsigned> &pads);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_CHECKS_PADDINGSCREEN_H

//===- ArchValidate.h - Rules that span several fields ----------*- C++ -*-===//
//
// Checks a description whose single values already passed their own rules:
// cache geometry (the associativity divides the lines, XOR bit groups match
// the number of sets), limits that must not contradict each other, DRAM
// latencies in the order seed 002 §III-C2 measures them, address-bit groups
// that do not overlap.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ARCH_ARCHVALIDATE_H
#define GPURD_LIB_ARCH_ARCHVALIDATE_H

#include "gpurd/Arch/ArchDescription.h"

namespace gpurd::arch {

class Diagnostics;

/// Reports every cross-field problem of \p arch to \p diags.
void validateArch(const ArchDescription &arch, Diagnostics &diags);

} // namespace gpurd::arch

#endif // GPURD_LIB_ARCH_ARCHVALIDATE_H

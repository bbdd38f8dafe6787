//===- EnumNames.h - JSON spellings of the Arch enums -----------*- C++ -*-===//
//
// One table per enum maps each value to its JSON spelling; toString and the
// JSON reader both use it, so the two cannot disagree.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ARCH_ENUMNAMES_H
#define GPURD_LIB_ARCH_ENUMNAMES_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace gpurd::arch {

template <typename E> struct EnumName {
  E value;
  llvm::StringLiteral name;
};

/// The spellings of enum E, in declaration order.
template <typename E> llvm::ArrayRef<EnumName<E>> enumNames();

/// The spelling of \p value.
template <typename E> llvm::StringRef enumName(E value) {
  for (const EnumName<E> &entry : enumNames<E>())
    if (entry.value == value)
      return entry.name;
  return "<invalid>";
}

} // namespace gpurd::arch

#endif // GPURD_LIB_ARCH_ENUMNAMES_H

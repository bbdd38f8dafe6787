//===- SourceMatcher.h - Compiled operations back to source -----*- C++ -*-===//
//
// Maps an instruction's debug location to the source access expression it
// comes from: a store's location is the assignment operator (`x[i] += v`
// stores at `+=`), a load's the start of its subscript; an operation the
// optimiser moved lost its location, so the address computation's is used.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ACCESS_SOURCEMATCHER_H
#define GPURD_LIB_ACCESS_SOURCEMATCHER_H

#include "gpurd/Frontend/KernelInfo.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"

namespace gpurd::access {

/// The source position of \p inst's debug location (the innermost one for
/// inlined code), or of the first operand that has one.
SourcePosition positionOf(const llvm::Instruction *inst);
/// The source position of a debug location (the user's code when it was
/// inlined from the CUDA headers).
SourcePosition positionOf(const llvm::DILocation *location);

class SourceMatcher {
public:
  explicit SourceMatcher(const TranslationUnitInfo &unit) : unit(unit) {}

  /// Index into unit.deviceAccesses of the expression \p inst (a memory
  /// operation whose address is \p address) comes from, or -1.
  int match(const llvm::Instruction *inst, const llvm::Value *address,
            bool isWrite) const;
  const std::string &text(int index) const {
    return unit.deviceAccesses[index].text;
  }
  const SourcePosition &position(int index) const {
    return unit.deviceAccesses[index].begin;
  }
  /// The name of the iteration variable of a loop starting at \p position.
  std::string loopIterator(const SourcePosition &position) const;

private:
  int matchPosition(const SourcePosition &position, bool isWrite) const;
  const TranslationUnitInfo &unit;
};

bool samePlace(const SourcePosition &a, const SourcePosition &b);

} // namespace gpurd::access

#endif

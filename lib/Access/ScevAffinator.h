//===- ScevAffinator.h - ScalarEvolution to quasi-affine --------*- C++ -*-===//
//
// Turns ScalarEvolution expressions (and the integer instructions SCEV leaves
// opaque: signed division, shifts, masks) into QuasiAffine expressions over
// block/thread indices, loop iteration variables and parameters, in the
// manner of Polly's SCEVAffinator. What is not affine is a NonAffineReason,
// not an error.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ACCESS_SCEVAFFINATOR_H
#define GPURD_LIB_ACCESS_SCEVAFFINATOR_H

#include "VariableTable.h"

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Access/ParamFields.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

#include <functional>
#include <map>
#include <variant>

namespace gpurd::access {

using AffineResult = std::variant<QuasiAffine, NonAffineReason>;

class ScevAffinator {
public:
  /// \p parameterName names integer kernel arguments; \p positionOf gives
  /// the source position of an instruction (for reasons).
  ScevAffinator(
      llvm::ScalarEvolution &se, llvm::LoopInfo &loops,
      VariableTable &variables,
      std::function<std::string(const llvm::Argument &)> parameterName,
      std::function<SourcePosition(const llvm::Instruction *)> positionOf,
      std::function<std::string(const llvm::Loop *)> loopName,
      std::function<std::string(const ParamFieldRead &)> fieldName)
      : se(se), loops(loops), variables(variables),
        parameterName(std::move(parameterName)),
        positionOf(std::move(positionOf)), loopName(std::move(loopName)),
        fieldName(std::move(fieldName)) {}

  /// The value of \p scev for an iteration of the loops around \p scope.
  AffineResult convert(const llvm::SCEV *scev, const llvm::Loop *scope);
  /// The integer value \p value at \p scope.
  AffineResult convertValue(llvm::Value *value, const llvm::Loop *scope);
  /// The i1 value \p value as a condition (negated when \p negate).
  std::variant<Condition, NonAffineReason>
  convertCondition(llvm::Value *value, const llvm::Loop *scope, bool negate,
                   unsigned depth = 0);

  /// Expressions the conversions so far assumed non-negative (the operand of
  /// a signed division or remainder, where C truncates toward zero): the
  /// caller checks them against the domain and clears the list.
  std::vector<QuasiAffine> &nonNegativeAssumptions() { return assumptions; }

private:
  AffineResult convertUnknown(llvm::Value *value, const llvm::Loop *scope);
  AffineResult convertExact(const llvm::SCEV *scev, const llvm::Loop *scope);
  std::vector<QuasiAffine> assumptions;
  NonAffineReason reason(NonAffineReason::Kind kind, std::string message,
                         const llvm::Value *where);

  llvm::ScalarEvolution &se;
  llvm::LoopInfo &loops;
  VariableTable &variables;
  std::function<std::string(const llvm::Argument &)> parameterName;
  std::function<SourcePosition(const llvm::Instruction *)> positionOf;
  std::function<std::string(const llvm::Loop *)> loopName;
  std::function<std::string(const ParamFieldRead &)> fieldName;
  /// One parameter per struct member, however many loads read it.
  std::map<std::pair<const llvm::Argument *, uint64_t>, const llvm::Value *>
      fieldValues;
  unsigned depth = 0;
};

} // namespace gpurd::access

#endif

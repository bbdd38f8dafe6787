//===- VariableTable.h - Variables of a kernel's access model ---*- C++ -*-===//
#ifndef GPURD_LIB_ACCESS_VARIABLETABLE_H
#define GPURD_LIB_ACCESS_VARIABLETABLE_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Value.h"

#include <set>

namespace gpurd::access {

/// Block and thread indices come first (bx, by, bz, tx, ty, tz), then loops
/// and parameters in the order they are met.
class VariableTable {
public:
  static constexpr unsigned BlockIndex = 0;  ///< bx + dimension
  static constexpr unsigned ThreadIndex = 3; ///< tx + dimension

  VariableTable() {
    static const char *const names[] = {"bx", "by", "bz", "tx", "ty", "tz"};
    for (unsigned i = 0; i < 6; ++i)
      add(i < 3 ? Variable::Kind::BlockIndex : Variable::Kind::ThreadIndex,
          names[i]);
  }

  unsigned loop(const llvm::Loop *loop) const { return loops.lookup(loop); }
  bool hasLoop(const llvm::Loop *loop) const { return loops.count(loop); }
  unsigned addLoop(const llvm::Loop *loop, const std::string &name) {
    unsigned index = add(Variable::Kind::Loop, name);
    loops[loop] = index;
    return index;
  }
  /// The parameter standing for \p value, created on first use.
  unsigned parameter(const llvm::Value *value, const std::string &name) {
    auto it = parameters.find(value);
    if (it != parameters.end())
      return it->second;
    unsigned index = add(Variable::Kind::Parameter, name);
    parameters[value] = index;
    return index;
  }

  const std::vector<Variable> &all() const { return variables; }
  std::vector<Variable> &all() { return variables; }

private:
  unsigned add(Variable::Kind kind, std::string name) {
    // Names must be unique (isl identifiers): k, k_1, k_2...
    std::string unique = name;
    for (unsigned n = 1; used.count(unique); ++n)
      unique = name + "_" + std::to_string(n);
    used.insert(unique);
    variables.push_back({kind, unique});
    return variables.size() - 1;
  }

  std::vector<Variable> variables;
  std::set<std::string> used;
  llvm::DenseMap<const llvm::Loop *, unsigned> loops;
  llvm::DenseMap<const llvm::Value *, unsigned> parameters;
};

} // namespace gpurd::access

#endif

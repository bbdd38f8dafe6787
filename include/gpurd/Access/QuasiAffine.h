//===- QuasiAffine.h - Quasi-affine expressions and conditions --*- C++ -*-===//
//
// The Access component's own representation of index arithmetic: integer
// expressions built from constants, variables (iteration dimensions and
// parameters), addition, multiplication by a constant, floor division and
// modulo by a positive constant, min and max; and conditions over them. They
// print in isl's syntax (isl normalises and compares them) and evaluate
// directly (the trace enumerator needs no isl in its inner loop).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_QUASIAFFINE_H
#define GPURD_ACCESS_QUASIAFFINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::access {

class QuasiAffine {
public:
  enum class Kind { Constant, Variable, Add, Scale, FloorDiv, Mod, Min, Max };

  QuasiAffine() : QuasiAffine(constant(0)) {}
  static QuasiAffine constant(int64_t value);
  /// Variable \p index of the space the expression lives in.
  static QuasiAffine variable(unsigned index);

  QuasiAffine operator+(const QuasiAffine &other) const;
  QuasiAffine operator-(const QuasiAffine &other) const;
  QuasiAffine operator*(int64_t factor) const;
  /// floor(this / divisor); \p divisor > 0.
  QuasiAffine floorDiv(int64_t divisor) const;
  /// this mod divisor (in [0, divisor)); \p divisor > 0.
  QuasiAffine mod(int64_t divisor) const;
  static QuasiAffine min(const QuasiAffine &a, const QuasiAffine &b);
  static QuasiAffine max(const QuasiAffine &a, const QuasiAffine &b);

  Kind kind() const;
  std::optional<int64_t> constantValue() const;
  /// Whether variable \p index occurs.
  bool uses(unsigned index) const;
  /// The largest variable index used plus one (0 when none).
  unsigned numVariablesUsed() const;

  /// Evaluates with \p values[i] for variable i (floor semantics for
  /// division and a non-negative modulo).
  int64_t evaluate(llvm::ArrayRef<int64_t> values) const;
  /// Prints in isl syntax with \p names[i] for variable i.
  void print(llvm::raw_ostream &os, llvm::ArrayRef<std::string> names) const;
  std::string str(llvm::ArrayRef<std::string> names) const;

  /// Renumbers variables: variable i becomes \p mapping[i].
  QuasiAffine remap(llvm::ArrayRef<unsigned> mapping) const;

  struct Node;

private:
  /// Takes a new node and flattens it (Node::linear).
  explicit QuasiAffine(std::shared_ptr<Node> made);
  static void flatten(Node &node);
  std::shared_ptr<const Node> node;
};

struct QuasiAffine::Node {
  Kind kind;
  int64_t value = 0; ///< Constant value, variable index, factor or divisor.
  std::vector<QuasiAffine> operands;
  /// A tree of constants, variables, sums and scalings, flattened once when
  /// the node is made (offset + sum of factor * variable): evaluate() walks
  /// no tree for it. The affine enumerator evaluates every access of every
  /// lane this way (PolyBench correlation: 28% of the run in the tree walk).
  bool linear = false;
  int64_t offset = 0;
  std::vector<std::pair<unsigned, int64_t>> terms;
};

/// A condition over quasi-affine expressions.
class Condition {
public:
  enum class Kind { True, False, NonNegative, Zero, And, Or };

  static Condition always() { return Condition(Kind::True); }
  static Condition never() { return Condition(Kind::False); }
  /// expr >= 0.
  static Condition nonNegative(QuasiAffine expr);
  /// expr == 0.
  static Condition zero(QuasiAffine expr);
  static Condition lessThan(const QuasiAffine &a, const QuasiAffine &b) {
    return nonNegative(b - a - QuasiAffine::constant(1));
  }
  static Condition lessEqual(const QuasiAffine &a, const QuasiAffine &b) {
    return nonNegative(b - a);
  }
  static Condition equal(const QuasiAffine &a, const QuasiAffine &b) {
    return zero(a - b);
  }
  static Condition both(Condition a, Condition b);
  static Condition either(Condition a, Condition b);
  Condition negated() const;

  Kind kind() const { return kind_; }
  bool isTrue() const { return kind_ == Kind::True; }
  bool holds(llvm::ArrayRef<int64_t> values) const;
  void print(llvm::raw_ostream &os, llvm::ArrayRef<std::string> names) const;
  std::string str(llvm::ArrayRef<std::string> names) const;
  Condition remap(llvm::ArrayRef<unsigned> mapping) const;

  const QuasiAffine &expr() const { return expr_; }
  const std::vector<Condition> &operands() const { return operands_; }

private:
  explicit Condition(Kind kind) : kind_(kind) {}
  Kind kind_;
  QuasiAffine expr_;
  std::vector<Condition> operands_;
};

} // namespace gpurd::access

#endif // GPURD_ACCESS_QUASIAFFINE_H

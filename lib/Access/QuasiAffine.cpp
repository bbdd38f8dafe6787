//===- QuasiAffine.cpp - Quasi-affine expressions and conditions ----------===//

#include "gpurd/Access/QuasiAffine.h"

#include <algorithm>
#include <cassert>

namespace gpurd::access {
namespace {

int64_t floorDivide(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

} // namespace

/// Flattens \p node into its linear form where its kind and operands allow
/// (Node::linear).
void QuasiAffine::flatten(Node &node) {
  auto operand = [&](unsigned i) -> const Node & {
    return *node.operands[i].node;
  };
  switch (node.kind) {
  case Kind::Constant:
    node.linear = true;
    node.offset = node.value;
    return;
  case Kind::Variable:
    node.linear = true;
    node.terms = {{static_cast<unsigned>(node.value), 1}};
    return;
  case Kind::Scale: {
    const QuasiAffine::Node &a = operand(0);
    if (!a.linear)
      return;
    node.linear = true;
    node.offset = a.offset * node.value;
    for (auto [index, factor] : a.terms)
      node.terms.push_back({index, factor * node.value});
    return;
  }
  case Kind::Add: {
    const QuasiAffine::Node &a = operand(0), &b = operand(1);
    if (!a.linear || !b.linear)
      return;
    node.linear = true;
    node.offset = a.offset + b.offset;
    node.terms = a.terms;
    for (auto [index, factor] : b.terms) {
      auto same = std::find_if(node.terms.begin(), node.terms.end(),
                               [&](const auto &t) { return t.first == index; });
      if (same == node.terms.end())
        node.terms.push_back({index, factor});
      else
        same->second += factor;
    }
    return;
  }
  default:
    return;
  }
}

QuasiAffine::QuasiAffine(std::shared_ptr<Node> made) {
  flatten(*made);
  node = std::move(made);
}

QuasiAffine::Kind QuasiAffine::kind() const { return node->kind; }

QuasiAffine QuasiAffine::constant(int64_t value) {
  auto node = std::make_shared<Node>();
  node->kind = Kind::Constant;
  node->value = value;
  return QuasiAffine(std::move(node));
}

QuasiAffine QuasiAffine::variable(unsigned index) {
  auto node = std::make_shared<Node>();
  node->kind = Kind::Variable;
  node->value = index;
  return QuasiAffine(std::move(node));
}

std::optional<int64_t> QuasiAffine::constantValue() const {
  if (node->kind == Kind::Constant)
    return node->value;
  return std::nullopt;
}

QuasiAffine QuasiAffine::operator+(const QuasiAffine &other) const {
  auto a = constantValue(), b = other.constantValue();
  if (a && b)
    return constant(*a + *b);
  if (a && *a == 0)
    return other;
  if (b && *b == 0)
    return *this;
  auto node = std::make_shared<Node>();
  node->kind = Kind::Add;
  node->operands = {*this, other};
  return QuasiAffine(std::move(node));
}

QuasiAffine QuasiAffine::operator-(const QuasiAffine &other) const {
  return *this + other * -1;
}

QuasiAffine QuasiAffine::operator*(int64_t factor) const {
  if (auto c = constantValue())
    return constant(*c * factor);
  if (factor == 1)
    return *this;
  if (factor == 0)
    return constant(0);
  if (node->kind == Kind::Scale)
    return node->operands[0] * (node->value * factor);
  auto n = std::make_shared<Node>();
  n->kind = Kind::Scale;
  n->value = factor;
  n->operands = {*this};
  return QuasiAffine(std::move(n));
}

QuasiAffine QuasiAffine::floorDiv(int64_t divisor) const {
  assert(divisor > 0 && "division by a non-positive constant");
  if (divisor == 1)
    return *this;
  if (auto c = constantValue())
    return constant(floorDivide(*c, divisor));
  auto n = std::make_shared<Node>();
  n->kind = Kind::FloorDiv;
  n->value = divisor;
  n->operands = {*this};
  return QuasiAffine(std::move(n));
}

QuasiAffine QuasiAffine::mod(int64_t divisor) const {
  assert(divisor > 0 && "modulo by a non-positive constant");
  if (divisor == 1)
    return constant(0);
  if (auto c = constantValue())
    return constant(*c - floorDivide(*c, divisor) * divisor);
  auto n = std::make_shared<Node>();
  n->kind = Kind::Mod;
  n->value = divisor;
  n->operands = {*this};
  return QuasiAffine(std::move(n));
}

QuasiAffine QuasiAffine::min(const QuasiAffine &a, const QuasiAffine &b) {
  auto x = a.constantValue(), y = b.constantValue();
  if (x && y)
    return constant(std::min(*x, *y));
  auto n = std::make_shared<Node>();
  n->kind = Kind::Min;
  n->operands = {a, b};
  return QuasiAffine(std::move(n));
}

QuasiAffine QuasiAffine::max(const QuasiAffine &a, const QuasiAffine &b) {
  auto x = a.constantValue(), y = b.constantValue();
  if (x && y)
    return constant(std::max(*x, *y));
  auto n = std::make_shared<Node>();
  n->kind = Kind::Max;
  n->operands = {a, b};
  return QuasiAffine(std::move(n));
}

bool QuasiAffine::uses(unsigned index) const {
  if (node->kind == Kind::Variable)
    return static_cast<unsigned>(node->value) == index;
  return std::any_of(node->operands.begin(), node->operands.end(),
                     [&](const QuasiAffine &e) { return e.uses(index); });
}

unsigned QuasiAffine::numVariablesUsed() const {
  if (node->kind == Kind::Variable)
    return static_cast<unsigned>(node->value) + 1;
  unsigned most = 0;
  for (const QuasiAffine &e : node->operands)
    most = std::max(most, e.numVariablesUsed());
  return most;
}

int64_t QuasiAffine::evaluate(llvm::ArrayRef<int64_t> values) const {
  if (node->linear) {
    int64_t sum = node->offset;
    for (auto [index, factor] : node->terms)
      sum += factor * values[index];
    return sum;
  }
  switch (node->kind) {
  case Kind::Constant:
    return node->value;
  case Kind::Variable:
    return values[node->value];
  case Kind::Add:
    return node->operands[0].evaluate(values) +
           node->operands[1].evaluate(values);
  case Kind::Scale:
    return node->value * node->operands[0].evaluate(values);
  case Kind::FloorDiv:
    return floorDivide(node->operands[0].evaluate(values), node->value);
  case Kind::Mod: {
    int64_t a = node->operands[0].evaluate(values);
    return a - floorDivide(a, node->value) * node->value;
  }
  case Kind::Min:
    return std::min(node->operands[0].evaluate(values),
                    node->operands[1].evaluate(values));
  case Kind::Max:
    return std::max(node->operands[0].evaluate(values),
                    node->operands[1].evaluate(values));
  }
  return 0;
}

void QuasiAffine::print(llvm::raw_ostream &os,
                        llvm::ArrayRef<std::string> names) const {
  switch (node->kind) {
  case Kind::Constant:
    os << node->value;
    return;
  case Kind::Variable:
    os << names[node->value];
    return;
  case Kind::Add:
    os << "(";
    node->operands[0].print(os, names);
    os << " + ";
    node->operands[1].print(os, names);
    os << ")";
    return;
  case Kind::Scale:
    os << "(" << node->value << " * ";
    node->operands[0].print(os, names);
    os << ")";
    return;
  case Kind::FloorDiv:
    os << "floor((";
    node->operands[0].print(os, names);
    os << ") / " << node->value << ")";
    return;
  case Kind::Mod:
    os << "((";
    node->operands[0].print(os, names);
    os << ") mod " << node->value << ")";
    return;
  case Kind::Min:
  case Kind::Max:
    os << (node->kind == Kind::Min ? "min(" : "max(");
    node->operands[0].print(os, names);
    os << ", ";
    node->operands[1].print(os, names);
    os << ")";
    return;
  }
}

std::string QuasiAffine::str(llvm::ArrayRef<std::string> names) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  print(os, names);
  return out;
}

QuasiAffine QuasiAffine::remap(llvm::ArrayRef<unsigned> mapping) const {
  switch (node->kind) {
  case Kind::Constant:
    return *this;
  case Kind::Variable:
    return variable(mapping[node->value]);
  case Kind::Add:
    return node->operands[0].remap(mapping) + node->operands[1].remap(mapping);
  case Kind::Scale:
    return node->operands[0].remap(mapping) * node->value;
  case Kind::FloorDiv:
    return node->operands[0].remap(mapping).floorDiv(node->value);
  case Kind::Mod:
    return node->operands[0].remap(mapping).mod(node->value);
  case Kind::Min:
    return min(node->operands[0].remap(mapping),
               node->operands[1].remap(mapping));
  case Kind::Max:
    return max(node->operands[0].remap(mapping),
               node->operands[1].remap(mapping));
  }
  return *this;
}

Condition Condition::nonNegative(QuasiAffine expr) {
  if (auto c = expr.constantValue())
    return *c >= 0 ? always() : never();
  Condition out(Kind::NonNegative);
  out.expr_ = std::move(expr);
  return out;
}

Condition Condition::zero(QuasiAffine expr) {
  if (auto c = expr.constantValue())
    return *c == 0 ? always() : never();
  Condition out(Kind::Zero);
  out.expr_ = std::move(expr);
  return out;
}

Condition Condition::both(Condition a, Condition b) {
  if (a.kind_ == Kind::False || b.kind_ == Kind::False)
    return never();
  if (a.isTrue())
    return b;
  if (b.isTrue())
    return a;
  Condition out(Kind::And);
  out.operands_ = {std::move(a), std::move(b)};
  return out;
}

Condition Condition::either(Condition a, Condition b) {
  if (a.isTrue() || b.isTrue())
    return always();
  if (a.kind_ == Kind::False)
    return b;
  if (b.kind_ == Kind::False)
    return a;
  Condition out(Kind::Or);
  out.operands_ = {std::move(a), std::move(b)};
  return out;
}

Condition Condition::negated() const {
  switch (kind_) {
  case Kind::True:
    return never();
  case Kind::False:
    return always();
  case Kind::NonNegative: // not (e >= 0)  <=>  -e - 1 >= 0
    return nonNegative(expr_ * -1 - QuasiAffine::constant(1));
  case Kind::Zero: // e <= -1 or e >= 1
    return either(nonNegative(expr_ * -1 - QuasiAffine::constant(1)),
                  nonNegative(expr_ - QuasiAffine::constant(1)));
  case Kind::And:
    return either(operands_[0].negated(), operands_[1].negated());
  case Kind::Or:
    return both(operands_[0].negated(), operands_[1].negated());
  }
  return never();
}

bool Condition::holds(llvm::ArrayRef<int64_t> values) const {
  switch (kind_) {
  case Kind::True:
    return true;
  case Kind::False:
    return false;
  case Kind::NonNegative:
    return expr_.evaluate(values) >= 0;
  case Kind::Zero:
    return expr_.evaluate(values) == 0;
  case Kind::And:
    return operands_[0].holds(values) && operands_[1].holds(values);
  case Kind::Or:
    return operands_[0].holds(values) || operands_[1].holds(values);
  }
  return false;
}

void Condition::print(llvm::raw_ostream &os,
                      llvm::ArrayRef<std::string> names) const {
  switch (kind_) {
  case Kind::True:
    os << "0 = 0";
    return;
  case Kind::False:
    os << "1 = 0";
    return;
  case Kind::NonNegative:
    expr_.print(os, names);
    os << " >= 0";
    return;
  case Kind::Zero:
    expr_.print(os, names);
    os << " = 0";
    return;
  case Kind::And:
  case Kind::Or:
    os << "((";
    operands_[0].print(os, names);
    os << (kind_ == Kind::And ? ") and (" : ") or (");
    operands_[1].print(os, names);
    os << "))";
    return;
  }
}

std::string Condition::str(llvm::ArrayRef<std::string> names) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  print(os, names);
  return out;
}

Condition Condition::remap(llvm::ArrayRef<unsigned> mapping) const {
  switch (kind_) {
  case Kind::True:
  case Kind::False:
    return *this;
  case Kind::NonNegative:
    return nonNegative(expr_.remap(mapping));
  case Kind::Zero:
    return zero(expr_.remap(mapping));
  case Kind::And:
    return both(operands_[0].remap(mapping), operands_[1].remap(mapping));
  case Kind::Or:
    return either(operands_[0].remap(mapping), operands_[1].remap(mapping));
  }
  return *this;
}

} // namespace gpurd::access

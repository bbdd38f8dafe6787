//===- AccessModel.cpp - Memory operations of a compiled kernel -----------===//

#include "gpurd/Access/AccessModel.h"

namespace gpurd::access {

const char *NonAffineReason::name() const {
  switch (kind) {
  case Kind::DataDependentAddress:
    return "data-dependent-address";
  case Kind::DataDependentCondition:
    return "data-dependent-condition";
  case Kind::PointerChasing:
    return "pointer-chasing";
  case Kind::UnknownBase:
    return "unknown-base";
  case Kind::NonAffineProduct:
    return "non-affine-product";
  case Kind::NonConstantDivision:
    return "non-constant-division";
  case Kind::NonAffineInduction:
    return "non-affine-induction";
  case Kind::NonAffineTripCount:
    return "non-affine-trip-count";
  case Kind::NonAffineCondition:
    return "non-affine-condition";
  case Kind::BitOperation:
    return "bit-operation";
  case Kind::UnsupportedValue:
    return "unsupported-value";
  case Kind::UnsupportedOperation:
    return "unsupported-operation";
  case Kind::Complexity:
    return "complexity";
  }
  return "unsupported-value";
}

std::vector<std::string> AccessModel::variableNames() const {
  std::vector<std::string> names;
  for (const Variable &v : variables)
    names.push_back(v.name);
  return names;
}

std::vector<unsigned> AccessModel::parameters() const {
  std::vector<unsigned> out;
  for (unsigned i = 0; i < variables.size(); ++i)
    if (variables[i].kind == Variable::Kind::Parameter)
      out.push_back(i);
  return out;
}

bool AccessModel::isAffine() const {
  for (const AccessSite &site : sites)
    if (!site.affine)
      return false;
  return true;
}

} // namespace gpurd::access

//===- ScevAffinator.cpp - ScalarEvolution to quasi-affine ----------------===//

#include "ScevAffinator.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace gpurd::access {
namespace {

/// The inputs whose values make an index affine: `(--arg, --grid,
/// --block)` on the command line.
std::string launchValueInputs() {
  return "(" + userInput(UserInput::Argument) + ", " +
         userInput(UserInput::Grid) + ", " + userInput(UserInput::Block) + ")";
}

constexpr unsigned MaxDepth = 100;

bool isOk(const AffineResult &r) {
  return std::holds_alternative<QuasiAffine>(r);
}
const QuasiAffine &expr(const AffineResult &r) {
  return std::get<QuasiAffine>(r);
}

/// The index (0..2) of an NVVM special-register read, and which register.
enum class SpecialRegister { None, Tid, Ctaid, Ntid, Nctaid, WarpSize };
std::pair<SpecialRegister, unsigned> specialRegister(const Value *value) {
  const auto *call = dyn_cast<IntrinsicInst>(value);
  if (!call)
    return {SpecialRegister::None, 0};
  switch (call->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    return {SpecialRegister::Tid, 0};
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    return {SpecialRegister::Tid, 1};
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    return {SpecialRegister::Tid, 2};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    return {SpecialRegister::Ctaid, 0};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    return {SpecialRegister::Ctaid, 1};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return {SpecialRegister::Ctaid, 2};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    return {SpecialRegister::Ntid, 0};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    return {SpecialRegister::Ntid, 1};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return {SpecialRegister::Ntid, 2};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    return {SpecialRegister::Nctaid, 0};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    return {SpecialRegister::Nctaid, 1};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return {SpecialRegister::Nctaid, 2};
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    return {SpecialRegister::WarpSize, 0};
  default:
    return {SpecialRegister::None, 0};
  }
}

/// Whether \p value is computed from a load (directly or through arithmetic).
const Instruction *loadedFrom(const Value *value, unsigned depth = 0) {
  const auto *inst = dyn_cast<Instruction>(value);
  if (!inst || depth > 16)
    return nullptr;
  // A struct parameter's member is a launch value, not memory
  // (ParamFields.h).
  if (paramFieldRead(inst))
    return nullptr;
  if (isa<LoadInst>(inst) || isa<AtomicRMWInst>(inst) ||
      isa<AtomicCmpXchgInst>(inst))
    return inst;
  if (const auto *call = dyn_cast<CallInst>(inst)) {
    // libdevice math (__nv_*) is declared without a body here, so it looks
    // as if it might read memory; it does not.
    const Function *callee = call->getCalledFunction();
    bool math = callee && callee->getName().starts_with("__nv_");
    if (call->mayReadFromMemory() && !call->isInlineAsm() && !math)
      return inst;
  }
  if (isa<PHINode>(inst))
    return nullptr;
  for (const Value *operand : inst->operands())
    if (const Instruction *load = loadedFrom(operand, depth + 1))
      return load;
  return nullptr;
}

} // namespace

NonAffineReason ScevAffinator::reason(NonAffineReason::Kind kind,
                                      std::string message, const Value *where) {
  NonAffineReason out{kind, std::move(message), {}};
  if (const auto *inst = dyn_cast_or_null<Instruction>(where))
    out.position = positionOf(inst);
  return out;
}

AffineResult ScevAffinator::convertValue(Value *value, const Loop *scope) {
  if (!se.isSCEVable(value->getType()))
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "a value that is not an integer", value);
  return convert(se.getSCEVAtScope(se.getSCEV(value), scope), scope);
}

AffineResult ScevAffinator::convert(const SCEV *scev, const Loop *scope) {
  AffineResult result = convertExact(scev, scope);
  // Narrow arithmetic that may wrap (ScalarEvolution proved no no-wrap
  // flag) is taken modulo 2^w: `k & 1` becomes an i1 recurrence {0,+,1}
  // whose value is k mod 2. Wider types are taken as exact (index
  // arithmetic that wraps would address outside every array).
  if (const auto *nary = dyn_cast<SCEVNAryExpr>(scev);
      nary && isOk(result) &&
      (isa<SCEVAddExpr>(scev) || isa<SCEVMulExpr>(scev) ||
       isa<SCEVAddRecExpr>(scev)) &&
      !nary->hasNoUnsignedWrap() && !nary->hasNoSignedWrap()) {
    unsigned bits = scev->getType()->getScalarSizeInBits();
    if (bits <= 16)
      return expr(result).mod(int64_t(1) << bits);
  }
  return result;
}

AffineResult ScevAffinator::convertExact(const SCEV *scev, const Loop *scope) {
  if (++depth > MaxDepth) {
    --depth;
    return reason(NonAffineReason::Kind::Complexity,
                  "the index expression is nested too deeply", nullptr);
  }
  struct Guard {
    unsigned &d;
    ~Guard() { --d; }
  } guard{depth};

  switch (scev->getSCEVType()) {
  case scConstant: {
    const APInt &value = cast<SCEVConstant>(scev)->getAPInt();
    if (value.getSignificantBits() > 64)
      return reason(NonAffineReason::Kind::UnsupportedValue,
                    "a constant wider than 64 bits", nullptr);
    return QuasiAffine::constant(value.getSExtValue());
  }
  case scTruncate: {
    // Truncation keeps the low bits: x mod 2^w. ScalarEvolution writes masks
    // (`i & 15`, `i % 16` of unsigned values) this way.
    const auto *trunc = cast<SCEVTruncateExpr>(scev);
    AffineResult inner = convert(trunc->getOperand(), scope);
    unsigned bits = trunc->getType()->getScalarSizeInBits();
    if (!isOk(inner) || bits >= 62)
      return inner;
    return expr(inner).mod(int64_t(1) << bits);
  }
  case scSignExtend: {
    // Sign extension of a truncated value reinterprets its low bits as
    // signed; otherwise the value already is the signed one.
    const auto *sext = cast<SCEVSignExtendExpr>(scev);
    if (const auto *trunc = dyn_cast<SCEVTruncateExpr>(sext->getOperand())) {
      unsigned bits = trunc->getType()->getScalarSizeInBits();
      AffineResult inner = convert(trunc->getOperand(), scope);
      if (!isOk(inner) || bits >= 62)
        return inner;
      int64_t half = int64_t(1) << (bits - 1);
      return (expr(inner) + QuasiAffine::constant(half)).mod(2 * half) -
             QuasiAffine::constant(half);
    }
    return convert(sext->getOperand(), scope);
  }
  case scZeroExtend:
  case scPtrToInt:
    // Extensions are taken as exact: index arithmetic that wraps around
    // would address outside every array (docs/access-model.md).
    return convert(cast<SCEVCastExpr>(scev)->getOperand(), scope);
  case scAddExpr: {
    QuasiAffine sum = QuasiAffine::constant(0);
    for (const SCEV *operand : cast<SCEVAddExpr>(scev)->operands()) {
      AffineResult r = convert(operand, scope);
      if (!isOk(r))
        return r;
      sum = sum + expr(r);
    }
    return sum;
  }
  case scMulExpr: {
    int64_t factor = 1;
    std::optional<QuasiAffine> term;
    for (const SCEV *operand : cast<SCEVMulExpr>(scev)->operands()) {
      AffineResult r = convert(operand, scope);
      if (!isOk(r))
        return r;
      if (auto c = expr(r).constantValue()) {
        factor *= *c;
        continue;
      }
      if (term)
        return reason(NonAffineReason::Kind::NonAffineProduct,
                      "the index multiplies two values that are not "
                      "constants; give their values " +
                          launchValueInputs() + " to make it affine",
                      nullptr);
      term = expr(r);
    }
    return term ? *term * factor : QuasiAffine::constant(factor);
  }
  case scUDivExpr: {
    const auto *div = cast<SCEVUDivExpr>(scev);
    AffineResult lhs = convert(div->getLHS(), scope);
    if (!isOk(lhs))
      return lhs;
    AffineResult rhs = convert(div->getRHS(), scope);
    if (!isOk(rhs))
      return rhs;
    auto divisor = expr(rhs).constantValue();
    if (!divisor || *divisor <= 0)
      return reason(NonAffineReason::Kind::NonConstantDivision,
                    "the index divides by a value that is not a constant",
                    nullptr);
    return expr(lhs).floorDiv(*divisor);
  }
  case scAddRecExpr: {
    const auto *rec = cast<SCEVAddRecExpr>(scev);
    const Loop *loop = rec->getLoop();
    if (!rec->isAffine())
      return reason(NonAffineReason::Kind::NonAffineInduction,
                    "a value changes non-linearly in the loop" + loopName(loop),
                    nullptr);
    if (!variables.hasLoop(loop) ||
        (scope && !loop->contains(scope) && loop != scope))
      return reason(NonAffineReason::Kind::UnsupportedValue,
                    "a value from a loop that does not enclose the access",
                    nullptr);
    AffineResult start = convert(rec->getStart(), scope);
    if (!isOk(start))
      return start;
    AffineResult step = convert(rec->getStepRecurrence(se), scope);
    if (!isOk(step))
      return step;
    auto stride = expr(step).constantValue();
    if (!stride)
      return reason(NonAffineReason::Kind::NonAffineProduct,
                    "the stride of the loop" + loopName(loop) +
                        " is not a constant; give the values it depends on " +
                        launchValueInputs() + " to make it affine",
                    nullptr);
    return expr(start) + QuasiAffine::variable(variables.loop(loop)) * *stride;
  }
  case scSMaxExpr:
  case scUMaxExpr:
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr: {
    const auto *minmax = cast<SCEVNAryExpr>(scev);
    bool isMax =
        scev->getSCEVType() == scSMaxExpr || scev->getSCEVType() == scUMaxExpr;
    std::optional<QuasiAffine> result;
    for (const SCEV *operand : minmax->operands()) {
      AffineResult r = convert(operand, scope);
      if (!isOk(r))
        return r;
      result = !result ? expr(r)
               : isMax ? QuasiAffine::max(*result, expr(r))
                       : QuasiAffine::min(*result, expr(r));
    }
    return *result;
  }
  case scUnknown:
    return convertUnknown(cast<SCEVUnknown>(scev)->getValue(), scope);
  case scVScale:
  case scCouldNotCompute:
    break;
  }
  return reason(NonAffineReason::Kind::UnsupportedValue,
                "ScalarEvolution cannot describe the value", nullptr);
}

AffineResult ScevAffinator::convertUnknown(Value *value, const Loop *scope) {
  auto [reg, dim] = specialRegister(value);
  static const char *const axes[] = {"x", "y", "z"};
  switch (reg) {
  case SpecialRegister::Tid:
    return QuasiAffine::variable(VariableTable::ThreadIndex + dim);
  case SpecialRegister::Ctaid:
    return QuasiAffine::variable(VariableTable::BlockIndex + dim);
  case SpecialRegister::Ntid:
    return QuasiAffine::variable(
        variables.parameter(value, std::string("blockDim_") + axes[dim]));
  case SpecialRegister::Nctaid:
    return QuasiAffine::variable(
        variables.parameter(value, std::string("gridDim_") + axes[dim]));
  case SpecialRegister::WarpSize:
    return QuasiAffine::constant(32);
  case SpecialRegister::None:
    break;
  }
  if (auto *arg = dyn_cast<Argument>(value)) {
    if (arg->getType()->isIntegerTy())
      return QuasiAffine::variable(
          variables.parameter(arg, parameterName(*arg)));
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "the argument '" + parameterName(*arg) +
                      "' is not an integer",
                  nullptr);
  }
  auto *inst = dyn_cast<Instruction>(value);
  if (!inst)
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "a value that is not an integer expression", nullptr);
  if (std::optional<ParamFieldRead> read = paramFieldRead(inst)) {
    // A member of a struct parameter: uniform over the launch, like a
    // scalar parameter (ParamFields.h).
    std::string name = fieldName(*read);
    if (!inst->getType()->isIntegerTy())
      return reason(NonAffineReason::Kind::UnsupportedValue,
                    "the member '" + name + "' is not an integer", inst);
    const Value *&first = fieldValues[{read->arg, read->offset}];
    if (!first)
      first = inst;
    unsigned index = variables.parameter(first, islIdentifier(name));
    variables.all()[index].sourceName = name;
    return QuasiAffine::variable(index);
  }
  if (const Instruction *load = loadedFrom(inst))
    return reason(NonAffineReason::Kind::DataDependentAddress,
                  "the address depends on a value loaded from memory", load);
  if (auto *phi = dyn_cast<PHINode>(inst)) {
    const Loop *loop = loops.getLoopFor(phi->getParent());
    if (loop && loop->getHeader() == phi->getParent())
      return reason(NonAffineReason::Kind::NonAffineInduction,
                    "the variable of the loop" + loopName(loop) +
                        " does not change by a constant step",
                    phi);
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "the index merges values from different paths (a phi)", phi);
  }
  // Integer operations ScalarEvolution leaves opaque.
  using namespace PatternMatch;
  Value *x;
  const APInt *c;
  auto affineOf = [&](Value *v) { return convertValue(v, scope); };
  if (match(inst, m_SDiv(m_Value(x), m_APInt(c))) && c->isStrictlyPositive()) {
    // C truncates toward zero; that is floor division for non-negative
    // values, which the caller checks on the domain.
    AffineResult r = affineOf(x);
    if (!isOk(r))
      return r;
    assumptions.push_back(expr(r));
    return expr(r).floorDiv(c->getSExtValue());
  }
  if (match(inst, m_SRem(m_Value(x), m_APInt(c))) && c->isStrictlyPositive()) {
    AffineResult r = affineOf(x);
    if (!isOk(r))
      return r;
    assumptions.push_back(expr(r));
    return expr(r).mod(c->getSExtValue());
  }
  if (match(inst, m_URem(m_Value(x), m_APInt(c))) && c->isStrictlyPositive()) {
    AffineResult r = affineOf(x);
    return isOk(r) ? AffineResult(expr(r).mod(c->getZExtValue())) : r;
  }
  if ((match(inst, m_LShr(m_Value(x), m_APInt(c))) ||
       match(inst, m_AShr(m_Value(x), m_APInt(c)))) &&
      c->ult(62)) {
    AffineResult r = affineOf(x);
    return isOk(r)
               ? AffineResult(expr(r).floorDiv(int64_t(1) << c->getZExtValue()))
               : r;
  }
  if (match(inst, m_Shl(m_Value(x), m_APInt(c))) && c->ult(62)) {
    AffineResult r = affineOf(x);
    return isOk(r) ? AffineResult(expr(r) * (int64_t(1) << c->getZExtValue()))
                   : r;
  }
  if (match(inst, m_And(m_Value(x), m_APInt(c))) && c->isMask() &&
      c->getActiveBits() < 62) {
    AffineResult r = affineOf(x);
    return isOk(r) ? AffineResult(expr(r).mod(int64_t(1) << c->getActiveBits()))
                   : r;
  }
  if (match(inst, m_Xor(m_Value(x), m_APInt(c))) && c->isMask() &&
      c->getActiveBits() < 62) {
    // `255 - threadIdx.x` with threadIdx.x < 256 compiles to
    // `threadIdx.x ^ 255`: with every bit of x above the mask known zero,
    // x lies in [0, c] and x ^ c = c - x.
    llvm::KnownBits known =
        computeKnownBits(x, inst->getModule()->getDataLayout());
    if (known.countMinLeadingZeros() >=
        known.getBitWidth() - c->getActiveBits()) {
      AffineResult r = affineOf(x);
      return isOk(r) ? AffineResult(QuasiAffine::constant(c->getZExtValue()) -
                                    expr(r))
                     : r;
    }
  }
  if (match(inst, m_SDiv(m_Value(), m_Value())) ||
      match(inst, m_UDiv(m_Value(), m_Value())) ||
      match(inst, m_SRem(m_Value(), m_Value())) ||
      match(inst, m_URem(m_Value(), m_Value())))
    return reason(NonAffineReason::Kind::NonConstantDivision,
                  "the index divides by a value that is not a constant", inst);
  if (isa<BinaryOperator>(inst) && (inst->getOpcode() == Instruction::Xor ||
                                    inst->getOpcode() == Instruction::Or ||
                                    inst->getOpcode() == Instruction::And ||
                                    inst->getOpcode() == Instruction::Shl ||
                                    inst->getOpcode() == Instruction::LShr ||
                                    inst->getOpcode() == Instruction::AShr))
    return reason(NonAffineReason::Kind::BitOperation,
                  std::string("the index uses a bitwise '") +
                      inst->getOpcodeName() +
                      "' that is not a shift or mask "
                      "by a constant",
                  inst);
  if (isa<SelectInst>(inst))
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "the index is chosen by a condition (?:)", inst);
  if (auto *call = dyn_cast<CallBase>(inst);
      call && call->getCalledFunction() && call->arg_size() == 2) {
    // Without libdevice, min and max stay calls: __nv_min, __nv_umax, ...
    StringRef callee = call->getCalledFunction()->getName();
    bool isMin = callee == "__nv_min" || callee == "__nv_umin" ||
                 callee == "__nv_llmin" || callee == "__nv_ullmin";
    bool isMax = callee == "__nv_max" || callee == "__nv_umax" ||
                 callee == "__nv_llmax" || callee == "__nv_ullmax";
    if (isMin || isMax) {
      AffineResult a = affineOf(call->getArgOperand(0));
      if (!isOk(a))
        return a;
      AffineResult b = affineOf(call->getArgOperand(1));
      if (!isOk(b))
        return b;
      return isMin ? QuasiAffine::min(expr(a), expr(b))
                   : QuasiAffine::max(expr(a), expr(b));
    }
  }
  if (auto *call = dyn_cast<CallBase>(inst)) {
    if (const auto *ptx = dyn_cast<InlineAsm>(call->getCalledOperand()))
      return reason(NonAffineReason::Kind::UnsupportedValue,
                    "the index is the result of the inline PTX '" +
                        ptx->getAsmString() + "'",
                    inst);
    std::string callee = call->getCalledFunction()
                             ? call->getCalledFunction()->getName().str()
                             : std::string("an indirect callee");
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "the index is the result of a call to '" + callee + "'",
                  inst);
  }
  if (isa<FPToSIInst>(inst) || isa<FPToUIInst>(inst))
    return reason(NonAffineReason::Kind::UnsupportedValue,
                  "the index is computed in floating point", inst);
  return reason(NonAffineReason::Kind::UnsupportedValue,
                std::string("the index uses an operation ('") +
                    inst->getOpcodeName() + "') that is not affine",
                inst);
}

std::variant<Condition, NonAffineReason>
ScevAffinator::convertCondition(Value *value, const Loop *scope, bool negate,
                                unsigned level) {
  if (level > 32)
    return reason(NonAffineReason::Kind::Complexity,
                  "the condition is nested too deeply", value);
  using namespace PatternMatch;
  if (auto *constant = dyn_cast<ConstantInt>(value))
    return (constant->isOne() != negate) ? Condition::always()
                                         : Condition::never();
  Value *a, *b;
  if (match(value, m_Not(m_Value(a))))
    return convertCondition(a, scope, !negate, level + 1);
  bool isAnd = match(value, m_LogicalAnd(m_Value(a), m_Value(b)));
  bool isOr = !isAnd && match(value, m_LogicalOr(m_Value(a), m_Value(b)));
  if (isAnd || isOr) {
    auto left = convertCondition(a, scope, negate, level + 1);
    if (std::holds_alternative<NonAffineReason>(left))
      return left;
    auto right = convertCondition(b, scope, negate, level + 1);
    if (std::holds_alternative<NonAffineReason>(right))
      return right;
    // De Morgan: a negated `and` is an `or` of the negations.
    bool conjunction = isAnd != negate;
    Condition l = std::get<Condition>(left), r = std::get<Condition>(right);
    return conjunction ? Condition::both(l, r) : Condition::either(l, r);
  }
  auto *cmp = dyn_cast<ICmpInst>(value);
  if (!cmp) {
    if (const Instruction *load = loadedFrom(value))
      return reason(NonAffineReason::Kind::DataDependentCondition,
                    "it runs under a condition on a value loaded from memory",
                    load);
    return reason(NonAffineReason::Kind::NonAffineCondition,
                  "it runs under a condition that is not a comparison", value);
  }
  if (cmp->getOperand(0)->getType()->isPointerTy())
    return reason(NonAffineReason::Kind::NonAffineCondition,
                  "it runs under a comparison of pointers", cmp);
  AffineResult lhs = convertValue(cmp->getOperand(0), scope);
  AffineResult rhs = isOk(lhs) ? convertValue(cmp->getOperand(1), scope) : lhs;
  for (const AffineResult *side : {&lhs, &rhs}) {
    if (isOk(*side))
      continue;
    NonAffineReason why = std::get<NonAffineReason>(*side);
    if (why.kind == NonAffineReason::Kind::DataDependentAddress) {
      why.kind = NonAffineReason::Kind::DataDependentCondition;
      why.message = "it runs under a condition on a value loaded from memory";
    } else {
      why.kind = NonAffineReason::Kind::NonAffineCondition;
      why.message =
          "it runs under a condition that is not affine: " + why.message;
    }
    if (why.position.line == 0)
      why.position = positionOf(cmp);
    return why;
  }
  QuasiAffine x = expr(lhs), y = expr(rhs);
  // Unsigned comparisons compare the values modulo 2^w: `(unsigned)(j - 1) <
  // 1022` excludes j = 0. Against a constant c in [0, 2^(w-1)) and for a
  // value in the signed range, x <u c is 0 <= x < c (and x >u c is x > c or
  // x < 0), which isl prints plainly; otherwise the modulo is explicit.
  unsigned bits = cmp->getOperand(0)->getType()->getScalarSizeInBits();
  if (cmp->isUnsigned() && bits < 62) {
    auto constant = [&](const QuasiAffine &e) {
      auto v = e.constantValue();
      return v && *v >= 0 && *v < (int64_t(1) << (bits - 1));
    };
    CmpInst::Predicate p = cmp->getPredicate();
    QuasiAffine a = x, b = y;
    if (constant(a) && !constant(b)) {
      std::swap(a, b);
      p = CmpInst::getSwappedPredicate(p);
    }
    if (constant(b) && !constant(a)) {
      QuasiAffine zero = QuasiAffine::constant(0);
      Condition nonNegative = Condition::lessEqual(zero, a);
      Condition c = Condition::always();
      switch (p) {
      case CmpInst::ICMP_ULT:
        c = Condition::both(nonNegative, Condition::lessThan(a, b));
        break;
      case CmpInst::ICMP_ULE:
        c = Condition::both(nonNegative, Condition::lessEqual(a, b));
        break;
      case CmpInst::ICMP_UGT:
        c = Condition::either(Condition::lessThan(b, a), nonNegative.negated());
        break;
      default: // UGE
        c = Condition::either(Condition::lessEqual(b, a),
                              nonNegative.negated());
        break;
      }
      return negate ? c.negated() : c;
    }
    x = x.mod(int64_t(1) << bits);
    y = y.mod(int64_t(1) << bits);
  }
  Condition c = Condition::always();
  switch (cmp->getPredicate()) {
  case CmpInst::ICMP_EQ:
    c = Condition::equal(x, y);
    break;
  case CmpInst::ICMP_NE:
    c = Condition::equal(x, y).negated();
    break;
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT:
    c = Condition::lessThan(x, y);
    break;
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE:
    c = Condition::lessEqual(x, y);
    break;
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
    c = Condition::lessThan(y, x);
    break;
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    c = Condition::lessEqual(y, x);
    break;
  default:
    return reason(NonAffineReason::Kind::NonAffineCondition,
                  "it runs under an unsupported comparison", cmp);
  }
  return negate ? c.negated() : c;
}

} // namespace gpurd::access

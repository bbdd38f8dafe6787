//===- SassOpcode.cpp - The SASS unit of a device IR instruction ----------===//

#include "SassOpcode.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace gpurd::trace {
namespace {

enum class Kind { Half, Single, Double, Integer };

Kind kindOf(const llvm::Type *type) {
  const llvm::Type *scalar = type->getScalarType();
  if (scalar->isHalfTy() || scalar->isBFloatTy())
    return Kind::Half;
  if (scalar->isFloatTy())
    return Kind::Single;
  if (scalar->isDoubleTy())
    return Kind::Double;
  return Kind::Integer;
}

/// The opcode of a floating-point operation on \p type's unit: \p single for
/// FP32 (and integers), \p dp for FP64, \p half for FP16.
const char *onUnit(const llvm::Type *type, const char *single, const char *dp,
                   const char *half) {
  switch (kindOf(type)) {
  case Kind::Half:
    return half;
  case Kind::Double:
    return dp;
  case Kind::Single:
  case Kind::Integer:
    break;
  }
  return single;
}

/// NVVM intrinsics by name prefix (their IDs are many and target-specific).
const char *nvvmOpcode(llvm::StringRef name) {
  static const std::pair<const char *, const char *> Prefixes[] = {
      {"llvm.nvvm.read.ptx.sreg.", "S2R"},
      {"llvm.nvvm.shfl.", "SHFL"},
      {"llvm.nvvm.vote.", "VOTE"},
      {"llvm.nvvm.match.", "MATCH"},
      {"llvm.nvvm.membar", "MEMBAR"},
      {"llvm.nvvm.fence", "MEMBAR"},
      {"llvm.nvvm.rcp.", "MUFU"},
      {"llvm.nvvm.rsqrt.", "MUFU"},
      {"llvm.nvvm.sqrt.", "MUFU"},
      {"llvm.nvvm.ex2.", "MUFU"},
      {"llvm.nvvm.lg2.", "MUFU"},
      {"llvm.nvvm.sin.", "MUFU"},
      {"llvm.nvvm.cos.", "MUFU"},
      {"llvm.nvvm.div.", "MUFU"},
      {"llvm.nvvm.fma.", "FFMA"},
      {"llvm.nvvm.fmin", "FMNMX"},
      {"llvm.nvvm.fmax", "FMNMX"},
      {"llvm.nvvm.f2i", "F2I"},
      {"llvm.nvvm.d2i", "F2I"},
      {"llvm.nvvm.f2ll", "F2I"},
      {"llvm.nvvm.d2ll", "F2I"},
      {"llvm.nvvm.f2ui", "F2I"},
      {"llvm.nvvm.d2ui", "F2I"},
      {"llvm.nvvm.i2f", "I2F"},
      {"llvm.nvvm.ui2f", "I2F"},
      {"llvm.nvvm.ll2f", "I2F"},
      {"llvm.nvvm.ull2f", "I2F"},
      {"llvm.nvvm.f2h", "F2F"},
      {"llvm.nvvm.mul", "IMAD"},
      {"llvm.nvvm.sad", "VABSDIFF"},
  };
  for (const auto &[prefix, opcode] : Prefixes)
    if (name.starts_with(prefix))
      return opcode;
  return nullptr;
}

const char *callOpcode(const llvm::CallBase &call) {
  const llvm::Function *callee = call.getCalledFunction();
  if (!callee)
    return "CALL";
  const llvm::Type *type = call.getType();
  switch (callee->getIntrinsicID()) {
  case llvm::Intrinsic::fma:
  case llvm::Intrinsic::fmuladd:
    return onUnit(type, "FFMA", "DFMA", "HFMA2");
  case llvm::Intrinsic::fabs:
  case llvm::Intrinsic::copysign:
    return onUnit(type, "FADD", "DADD", "HADD2");
  case llvm::Intrinsic::minnum:
  case llvm::Intrinsic::maxnum:
  case llvm::Intrinsic::minimum:
  case llvm::Intrinsic::maximum:
    return onUnit(type, "FMNMX", "DSETP", "HSETP2");
  case llvm::Intrinsic::sqrt:
  case llvm::Intrinsic::exp:
  case llvm::Intrinsic::exp2:
  case llvm::Intrinsic::log:
  case llvm::Intrinsic::log2:
  case llvm::Intrinsic::log10:
  case llvm::Intrinsic::sin:
  case llvm::Intrinsic::cos:
  case llvm::Intrinsic::pow:
    return "MUFU";
  case llvm::Intrinsic::floor:
  case llvm::Intrinsic::ceil:
  case llvm::Intrinsic::trunc:
  case llvm::Intrinsic::rint:
  case llvm::Intrinsic::nearbyint:
  case llvm::Intrinsic::round:
  case llvm::Intrinsic::roundeven:
    return "FRND";
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin:
    return "IMNMX";
  case llvm::Intrinsic::abs:
    return "IABS";
  case llvm::Intrinsic::ctpop:
    return "POPC";
  case llvm::Intrinsic::ctlz:
  case llvm::Intrinsic::cttz:
    return "FLO";
  case llvm::Intrinsic::bitreverse:
    return "BREV";
  case llvm::Intrinsic::bswap:
    return "PRMT";
  case llvm::Intrinsic::fshl:
  case llvm::Intrinsic::fshr:
    return "SHF";
  default:
    break;
  }
  if (const char *opcode = nvvmOpcode(callee->getName()))
    return opcode;
  if (!callee->isIntrinsic())
    return "CALL";
  return kindOf(type) == Kind::Integer ? "IMAD" : "FFMA";
}

} // namespace

const char *sassOpcodeOf(const llvm::Instruction &inst) {
  if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
    return callOpcode(*call);
  const llvm::Type *type = inst.getType();
  switch (inst.getOpcode()) {
  case llvm::Instruction::Br:
  case llvm::Instruction::Switch:
  case llvm::Instruction::IndirectBr:
  case llvm::Instruction::Ret:
  case llvm::Instruction::Unreachable:
    return "BRA";
  case llvm::Instruction::FAdd:
  case llvm::Instruction::FSub:
  case llvm::Instruction::FNeg:
    return onUnit(type, "FADD", "DADD", "HADD2");
  case llvm::Instruction::FMul:
    return onUnit(type, "FMUL", "DMUL", "HMUL2");
  case llvm::Instruction::FDiv:
  case llvm::Instruction::FRem:
    return "MUFU"; // a reciprocal on the SFU, then multiplies
  case llvm::Instruction::FCmp:
    return onUnit(inst.getOperand(0)->getType(), "FSETP", "DSETP", "HSETP2");
  case llvm::Instruction::Add:
  case llvm::Instruction::Sub:
    return "IADD3";
  case llvm::Instruction::Mul:
  case llvm::Instruction::UDiv:
  case llvm::Instruction::SDiv:
  case llvm::Instruction::URem:
  case llvm::Instruction::SRem:
  case llvm::Instruction::GetElementPtr:
    return "IMAD";
  case llvm::Instruction::Shl:
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr:
  case llvm::Instruction::SExt:
    return "SHF";
  case llvm::Instruction::And:
  case llvm::Instruction::Or:
  case llvm::Instruction::Xor:
    return "LOP3";
  case llvm::Instruction::ICmp:
    return "ISETP";
  case llvm::Instruction::Select:
    return kindOf(type) == Kind::Integer ? "SEL" : "FSEL";
  case llvm::Instruction::SIToFP:
  case llvm::Instruction::UIToFP:
    return "I2F";
  case llvm::Instruction::FPToSI:
  case llvm::Instruction::FPToUI:
    return "F2I";
  case llvm::Instruction::FPExt:
  case llvm::Instruction::FPTrunc:
    return "F2F";
  case llvm::Instruction::Fence:
    return "MEMBAR";
  default:
    // Moves: zext, trunc, casts, vector and aggregate element moves,
    // allocas and memory operations that are not access sites.
    return "MOV";
  }
}

} // namespace gpurd::trace

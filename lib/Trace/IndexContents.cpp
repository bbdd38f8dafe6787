//===- IndexContents.cpp - Random indices for index arrays ----------------===//
//
// The address decomposition behind IndexContents.h: a walk over the
// address's SSA operands that keeps, for each value, the one term that
// derives from a loaded value (its load and its scale), and gives up on
// anything it cannot follow exactly.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/IndexContents.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <limits>
#include <random>

namespace gpurd::trace {
namespace {

/// What a value contributes to an address.
struct Part {
  enum class Kind {
    None, ///< Derives from no loaded value.
    Term, ///< scale * (a loaded value) + terms of kind None.
    Self, ///< A phi being followed: its own value, around a loop.
    Fail, ///< Anything else.
  };
  Kind kind = Kind::None;
  const llvm::LoadInst *load = nullptr;
  uint64_t scale = 0;
  bool isUnsigned = false;
  bool extended = false; ///< The load's first extension was seen.

  static Part fail() { return {Kind::Fail}; }
  bool operator==(const Part &other) const {
    return kind == other.kind && load == other.load && scale == other.scale &&
           isUnsigned == other.isUnsigned;
  }
};

/// The sum of two parts: at most one may hold the loaded value.
Part add(const Part &a, const Part &b) {
  using K = Part::Kind;
  if (a.kind == K::Fail || b.kind == K::Fail)
    return Part::fail();
  if (b.kind == K::None)
    return a;
  if (a.kind == K::None)
    return b;
  return Part::fail(); // two terms, or a loop around a loaded value
}

/// A part scaled by a positive constant.
Part scaled(Part part, uint64_t factor) {
  if (part.kind != Part::Kind::Term)
    return part;
  if (factor == 0 || part.scale > std::numeric_limits<uint64_t>::max() / factor)
    return Part::fail();
  part.scale *= factor;
  return part;
}

/// The values a phi or a select (\p inst) may take: its incoming values,
/// or its two choices.
std::vector<const llvm::Value *> incomingValues(const llvm::Instruction &inst) {
  if (const auto *phi = llvm::dyn_cast<llvm::PHINode>(&inst))
    return {phi->incoming_values().begin(), phi->incoming_values().end()};
  return {inst.getOperand(1), inst.getOperand(2)};
}

/// The decomposition of one address: follows integers (in units of the
/// value) and pointers (in bytes, with their base object).
class Decomposer {
public:
  explicit Decomposer(const llvm::DataLayout &layout) : layout(layout) {}

  Part integer(const llvm::Value *value);
  Part pointer(const llvm::Value *value, const llvm::Value *&base);

private:
  Part merge(llvm::ArrayRef<const llvm::Value *> incoming, bool isPointer,
             const llvm::Value *&base);
  Part operandsOnly(const llvm::User &user);
  Part gep(const llvm::GEPOperator &gep, const llvm::Value *&base);
  bool overBudget() { return ++steps > 4096; }

  const llvm::DataLayout &layout;
  llvm::DenseSet<const llvm::Value *> following; ///< Phis and selects.
  unsigned steps = 0;
};

/// Phis and selects: every way in gives the same part (a way that comes
/// back around a loop gives Self and is left out).
Part Decomposer::merge(llvm::ArrayRef<const llvm::Value *> incoming,
                       bool isPointer, const llvm::Value *&base) {
  std::optional<Part> common;
  const llvm::Value *commonBase = nullptr;
  for (const llvm::Value *value : incoming) {
    const llvm::Value *valueBase = nullptr;
    Part part = isPointer ? pointer(value, valueBase) : integer(value);
    if (part.kind == Part::Kind::Fail)
      return part;
    if (part.kind == Part::Kind::Self)
      continue;
    if (common && (!(*common == part) || commonBase != valueBase))
      return Part::fail();
    common = part;
    commonBase = valueBase;
  }
  if (!common)
    return {Part::Kind::Self};
  base = commonBase;
  return *common;
}

/// Operations the decomposition does not invert: fine while no operand
/// derives from a loaded value.
Part Decomposer::operandsOnly(const llvm::User &user) {
  for (const llvm::Value *operand : user.operands()) {
    if (llvm::isa<llvm::BasicBlock>(operand) ||
        llvm::isa<llvm::Function>(operand))
      continue;
    Part part;
    if (operand->getType()->isIntegerTy())
      part = integer(operand);
    else if (!llvm::isa<llvm::Constant>(operand))
      return Part::fail();
    if (part.kind != Part::Kind::None)
      return Part::fail();
  }
  return {};
}

Part Decomposer::integer(const llvm::Value *value) {
  using llvm::Instruction;
  if (overBudget())
    return Part::fail();
  if (llvm::isa<llvm::Constant>(value) || llvm::isa<llvm::Argument>(value))
    return {};
  const auto *inst = llvm::dyn_cast<Instruction>(value);
  if (!inst)
    return Part::fail();
  if (const auto *load = llvm::dyn_cast<llvm::LoadInst>(inst)) {
    if (!load->getType()->isIntegerTy() || load->isVolatile())
      return Part::fail();
    Part part{Part::Kind::Term, load, 1};
    return part;
  }
  if (llvm::isa<llvm::PHINode>(inst) || llvm::isa<llvm::SelectInst>(inst)) {
    if (!following.insert(inst).second)
      return {Part::Kind::Self};
    const llvm::Value *unused = nullptr;
    Part part = merge(incomingValues(*inst), /*isPointer=*/false, unused);
    following.erase(inst);
    // A select whose condition derives from a loaded value chooses by it.
    if (const auto *select = llvm::dyn_cast<llvm::SelectInst>(inst))
      if (part.kind != Part::Kind::Fail &&
          integer(select->getCondition()).kind != Part::Kind::None)
        return Part::fail();
    return part;
  }
  switch (inst->getOpcode()) {
  case Instruction::SExt:
  case Instruction::ZExt: {
    Part part = integer(inst->getOperand(0));
    // The index's signedness is that of its first extension: `zext i8`
    // reads an unsigned char.
    if (part.kind == Part::Kind::Term && !part.extended &&
        part.load == inst->getOperand(0)) {
      part.isUnsigned = inst->getOpcode() == Instruction::ZExt;
      part.extended = true;
    }
    return part;
  }
  case Instruction::Add:
    return add(integer(inst->getOperand(0)), integer(inst->getOperand(1)));
  case Instruction::Or:
    // `or disjoint` is an add the optimiser proved carries nothing.
    if (llvm::cast<llvm::PossiblyDisjointInst>(inst)->isDisjoint())
      return add(integer(inst->getOperand(0)), integer(inst->getOperand(1)));
    return operandsOnly(*inst);
  case Instruction::Sub: {
    Part right = integer(inst->getOperand(1));
    if (right.kind != Part::Kind::None)
      return Part::fail(); // a negative scale, or a difference of loads
    return add(integer(inst->getOperand(0)), right);
  }
  case Instruction::Mul:
  case Instruction::Shl: {
    const auto *constant =
        llvm::dyn_cast<llvm::ConstantInt>(inst->getOperand(1));
    const llvm::Value *other = inst->getOperand(0);
    if (!constant && inst->getOpcode() == Instruction::Mul) {
      constant = llvm::dyn_cast<llvm::ConstantInt>(inst->getOperand(0));
      other = inst->getOperand(1);
    }
    if (!constant)
      return operandsOnly(*inst);
    Part part = integer(other);
    if (part.kind != Part::Kind::Term)
      return part;
    if (inst->getOpcode() == Instruction::Shl)
      return constant->getValue().ult(63)
                 ? scaled(part, uint64_t(1) << constant->getZExtValue())
                 : Part::fail();
    if (constant->isNegative())
      return Part::fail();
    return scaled(part, constant->getZExtValue());
  }
  case Instruction::Call:
    // Intrinsics (the special registers) are values of the launch; a call
    // of a device function may return anything it loads.
    if (!llvm::isa<llvm::IntrinsicInst>(inst))
      return Part::fail();
    return operandsOnly(*inst);
  case Instruction::Trunc:
  case Instruction::Load:
    return Part::fail();
  default:
    return operandsOnly(*inst);
  }
}

Part Decomposer::gep(const llvm::GEPOperator &gep, const llvm::Value *&base) {
  Part part = pointer(gep.getPointerOperand(), base);
  for (auto it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep);
       it != end && part.kind != Part::Kind::Fail; ++it) {
    if (it.isStruct())
      continue; // a constant field offset
    llvm::TypeSize stride = it.getSequentialElementStride(layout);
    if (stride.isScalable())
      return Part::fail();
    part = add(part, scaled(integer(it.getOperand()), stride.getFixedValue()));
  }
  return part;
}

Part Decomposer::pointer(const llvm::Value *value, const llvm::Value *&base) {
  if (overBudget())
    return Part::fail();
  if (llvm::isa<llvm::Argument>(value) ||
      llvm::isa<llvm::GlobalVariable>(value)) {
    base = value;
    return {};
  }
  if (const auto *gepOp = llvm::dyn_cast<llvm::GEPOperator>(value))
    return gep(*gepOp, base);
  if (const auto *cast = llvm::dyn_cast<llvm::Operator>(value))
    if (cast->getOpcode() == llvm::Instruction::AddrSpaceCast ||
        cast->getOpcode() == llvm::Instruction::BitCast)
      return pointer(cast->getOperand(0), base);
  const auto *inst = llvm::dyn_cast<llvm::Instruction>(value);
  if (!inst ||
      !(llvm::isa<llvm::PHINode>(inst) || llvm::isa<llvm::SelectInst>(inst)))
    return Part::fail(); // a pointer loaded from memory, a call's result
  if (!following.insert(inst).second)
    return {Part::Kind::Self};
  Part part = merge(incomingValues(*inst), /*isPointer=*/true, base);
  following.erase(inst);
  if (const auto *select = llvm::dyn_cast<llvm::SelectInst>(inst))
    if (part.kind != Part::Kind::Fail &&
        integer(select->getCondition()).kind != Part::Kind::None)
      return Part::fail();
  return part;
}

const llvm::Value *pointerOperand(const llvm::Instruction &access) {
  if (const auto *load = llvm::dyn_cast<llvm::LoadInst>(&access))
    return load->getPointerOperand();
  if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(&access))
    return store->getPointerOperand();
  if (const auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&access))
    return rmw->getPointerOperand();
  if (const auto *cmpxchg = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&access))
    return cmpxchg->getPointerOperand();
  return nullptr;
}

/// A uniform integer in [0, span) without modulo bias (span > 0).
uint64_t uniformBelow(std::mt19937_64 &generator, uint64_t span) {
  uint64_t limit = std::numeric_limits<uint64_t>::max() -
                   std::numeric_limits<uint64_t>::max() % span;
  uint64_t draw;
  do
    draw = generator();
  while (draw >= limit);
  return draw % span;
}

} // namespace

std::optional<IndexTerm> findIndexTerm(const llvm::Instruction &access) {
  const llvm::Value *address = pointerOperand(access);
  if (!address)
    return std::nullopt;
  const llvm::DataLayout &layout = access.getModule()->getDataLayout();
  const llvm::Value *base = nullptr;
  Part part = Decomposer(layout).pointer(address, base);
  if (part.kind != Part::Kind::Term || !base)
    return std::nullopt;
  // The index itself must be read at an address of the launch alone, from
  // a pointer argument (an index array), not through another index.
  const llvm::Value *indexBase = nullptr;
  Part indexAddress =
      Decomposer(layout).pointer(part.load->getPointerOperand(), indexBase);
  if (indexAddress.kind != Part::Kind::None ||
      !llvm::isa_and_nonnull<llvm::Argument>(indexBase))
    return std::nullopt;
  return IndexTerm{part.load, llvm::cast<llvm::Argument>(indexBase), base,
                   part.scale, part.isUnsigned};
}

uint64_t indexTypeLimit(unsigned elementBytes, bool isUnsigned) {
  unsigned bits = elementBytes * 8 - (isUnsigned ? 0 : 1);
  return bits >= 64 ? std::numeric_limits<uint64_t>::max()
                    : uint64_t(1) << bits;
}

std::vector<uint8_t> randomIndexBytes(const RandomIndices &indices) {
  std::vector<uint8_t> bytes(indices.count * indices.elementBytes);
  std::mt19937_64 generator(indices.seed);
  uint64_t high = indices.high ? indices.high : 1;
  for (uint64_t i = 0; i < indices.count; ++i) {
    uint64_t value = uniformBelow(generator, high);
    for (unsigned b = 0; b < indices.elementBytes; ++b)
      bytes[i * indices.elementBytes + b] = uint8_t(value >> (8 * b));
  }
  return bytes;
}

} // namespace gpurd::trace

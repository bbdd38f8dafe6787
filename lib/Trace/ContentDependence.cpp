//===- ContentDependence.cpp - Which memory decides addresses -------------===//
//
// A fixed point over the IR of the kernel and the device functions it calls,
// with two 64-bit masks per value: `dependence` (the objects whose contents
// the value may be computed from) and `pointsTo` (the objects a pointer, or
// an integer made from one, may point into), and one mask per object:
// `contents` (what its contents may derive from, itself included). Every
// rule only adds bits, so the iteration ends.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Access/ParamFields.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace gpurd::trace {
namespace {

constexpr unsigned MaxObjects = 64;

class Analysis {
public:
  explicit Analysis(const Function &kernel) : kernel(kernel) {}

  ContentDependence run(ArrayRef<const Instruction *> sites) {
    SetVector<const Function *> functions;
    functions.insert(&kernel);
    for (size_t i = 0; i < functions.size(); ++i)
      for (const BasicBlock &block : *functions[i])
        for (const Instruction &inst : block)
          if (const auto *call = dyn_cast<CallBase>(&inst))
            if (const Function *callee = call->getCalledFunction())
              if (!callee->isDeclaration())
                functions.insert(callee);
    do {
      changed = false;
      for (const Function *function : functions)
        for (const BasicBlock &block : *function)
          for (const Instruction &inst : block)
            visit(inst);
    } while (changed);

    ContentDependence out;
    out.objects = objects;
    for (const Instruction *site : sites)
      out.siteAddress.push_back(site ? addressDependence(*site) : 0);
    for (const Function *function : functions)
      for (const BasicBlock &block : *function) {
        const Instruction *terminator = block.getTerminator();
        if (const auto *branch = dyn_cast_or_null<BranchInst>(terminator))
          if (branch->isConditional())
            out.branches |= dependenceOf(branch->getCondition());
        if (const auto *choice = dyn_cast_or_null<SwitchInst>(terminator))
          out.branches |= dependenceOf(choice->getCondition());
      }
    return out;
  }

private:
  uint64_t bit(MemoryObject object) {
    auto key = std::make_tuple(unsigned(object.kind), object.param,
                               object.offset, object.value);
    auto [it, inserted] = objectIndex.try_emplace(key, 0);
    if (!inserted)
      return 1ull << it->second;
    if (objects.size() < MaxObjects - 1) {
      it->second = addObject(object);
    } else {
      // The 64th bit stands for every further object.
      if (objects.size() == MaxObjects - 1)
        addObject({MemoryObject::Kind::Other});
      it->second = MaxObjects - 1;
    }
    return 1ull << it->second;
  }
  unsigned addObject(MemoryObject object) {
    objects.push_back(object);
    contents.push_back(1ull << (objects.size() - 1));
    return objects.size() - 1;
  }

  uint64_t dependenceOf(const Value *value) const {
    auto it = dependence.find(value);
    return it == dependence.end() ? 0 : it->second;
  }
  uint64_t pointsToOf(const Value *value) {
    if (const auto *arg = dyn_cast<Argument>(value)) {
      if (arg->getParent() == &kernel) {
        // A struct passed by value holds launch values (its pointer members
        // are objects of their own, found where they are read).
        if (!arg->getType()->isPointerTy() || arg->hasByValAttr())
          return 0;
        return bit({MemoryObject::Kind::Parameter, arg->getArgNo(), 0, arg});
      }
    } else if (const auto *global = dyn_cast<GlobalVariable>(value)) {
      return bit({global->getAddressSpace() == 3 ? MemoryObject::Kind::Shared
                                                 : MemoryObject::Kind::Variable,
                  0, 0, global});
    } else if (const auto *expr = dyn_cast<ConstantExpr>(value)) {
      uint64_t mask = 0;
      for (const Value *operand : expr->operands())
        mask |= pointsToOf(operand);
      return mask;
    }
    auto it = pointsTo.find(value);
    return it == pointsTo.end() ? 0 : it->second;
  }
  uint64_t contentsOf(uint64_t objectMask) const {
    uint64_t mask = 0;
    for (unsigned i = 0; i < objects.size(); ++i)
      if (objectMask >> i & 1)
        mask |= contents[i];
    return mask;
  }

  void join(DenseMap<const Value *, uint64_t> &map, const Value *value,
            uint64_t mask) {
    if (!mask)
      return;
    uint64_t &slot = map[value];
    if ((slot | mask) != slot) {
      slot |= mask;
      changed = true;
    }
  }
  void store(uint64_t objectMask, uint64_t mask) {
    for (unsigned i = 0; i < objects.size(); ++i)
      if ((objectMask >> i & 1) && (contents[i] | mask) != contents[i]) {
        contents[i] |= mask;
        changed = true;
      }
  }

  /// A read of memory through \p pointer: what the contents there, and the
  /// address itself, derive from.
  uint64_t readThrough(const Value *pointer) {
    return dependenceOf(pointer) | contentsOf(pointsToOf(pointer));
  }

  void visit(const Instruction &inst) {
    if (const auto *load = dyn_cast<LoadInst>(&inst))
      return visitLoad(*load);
    if (const auto *store = dyn_cast<StoreInst>(&inst)) {
      const Value *pointer = store->getPointerOperand();
      return this->store(pointsToOf(pointer),
                         dependenceOf(store->getValueOperand()) |
                             dependenceOf(pointer));
    }
    if (const auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) {
      const Value *pointer = rmw->getPointerOperand();
      uint64_t value = dependenceOf(rmw->getValOperand());
      join(dependence, rmw, readThrough(pointer) | value);
      return store(pointsToOf(pointer), value | dependenceOf(pointer));
    }
    if (const auto *exchange = dyn_cast<AtomicCmpXchgInst>(&inst)) {
      const Value *pointer = exchange->getPointerOperand();
      uint64_t value = dependenceOf(exchange->getCompareOperand()) |
                       dependenceOf(exchange->getNewValOperand());
      join(dependence, exchange, readThrough(pointer) | value);
      return store(pointsToOf(pointer), value | dependenceOf(pointer));
    }
    if (const auto *call = dyn_cast<CallBase>(&inst))
      return visitCall(*call);
    if (const auto *ret = dyn_cast<ReturnInst>(&inst)) {
      if (const Value *value = ret->getReturnValue()) {
        const Function *function = ret->getFunction();
        join(returnDependence, function, dependenceOf(value));
        join(returnPointsTo, function, pointsToOf(value));
      }
      return;
    }
    if (const auto *alloca = dyn_cast<AllocaInst>(&inst))
      return join(pointsTo, alloca,
                  bit({MemoryObject::Kind::Local, 0, 0, alloca}));
    // Arithmetic, casts, comparisons, address computations, phis, selects,
    // aggregates: the operands' masks.
    uint64_t values = 0, pointers = 0;
    for (const Value *operand : inst.operands()) {
      values |= dependenceOf(operand);
      pointers |= pointsToOf(operand);
    }
    if (isa<IntToPtrInst>(inst))
      pointers |= bit({MemoryObject::Kind::Unknown});
    join(dependence, &inst, values);
    join(pointsTo, &inst, pointers);
  }

  void visitLoad(const LoadInst &load) {
    // A member of a struct parameter is a launch value; a pointer member
    // points to an object of its own.
    if (std::optional<access::ParamFieldRead> field =
            access::paramFieldRead(&load)) {
      if (load.getType()->isPointerTy())
        join(pointsTo, &load,
             bit({MemoryObject::Kind::ParameterField, field->arg->getArgNo(),
                  field->offset, nullptr}));
      return;
    }
    join(dependence, &load, readThrough(load.getPointerOperand()));
    if (load.getType()->isPointerTy())
      join(pointsTo, &load, bit({MemoryObject::Kind::Unknown}));
  }

  void visitCall(const CallBase &call) {
    if (const auto *transfer = dyn_cast<MemTransferInst>(&call))
      return store(pointsToOf(transfer->getRawDest()),
                   readThrough(transfer->getRawSource()) |
                       dependenceOf(transfer->getRawDest()) |
                       dependenceOf(transfer->getLength()));
    if (const auto *set = dyn_cast<MemSetInst>(&call))
      return store(pointsToOf(set->getRawDest()),
                   dependenceOf(set->getValue()) |
                       dependenceOf(set->getRawDest()) |
                       dependenceOf(set->getLength()));
    const Function *callee = call.getCalledFunction();
    if (callee && !callee->isDeclaration()) {
      for (unsigned i = 0; i < call.arg_size() && i < callee->arg_size(); ++i) {
        join(dependence, callee->getArg(i),
             dependenceOf(call.getArgOperand(i)));
        join(pointsTo, callee->getArg(i), pointsToOf(call.getArgOperand(i)));
      }
      auto ret = returnDependence.find(callee);
      if (ret != returnDependence.end())
        join(dependence, &call, ret->second);
      auto points = returnPointsTo.find(callee);
      if (points != returnPointsTo.end())
        join(pointsTo, &call, points->second);
      return;
    }
    // Intrinsics, library functions and inline assembly: the result derives
    // from the operands, and from the memory they point to if the call may
    // read it; memory it may write derives from the operands.
    uint64_t values = 0, pointers = 0;
    for (const Value *operand : call.args()) {
      values |= dependenceOf(operand);
      pointers |= pointsToOf(operand);
    }
    if (call.mayReadFromMemory())
      values |= contentsOf(pointers);
    if (call.mayWriteToMemory())
      store(pointers, values);
    join(dependence, &call, values);
    join(pointsTo, &call, pointers);
  }

  /// What the address of access site \p site may be computed from.
  uint64_t addressDependence(const Instruction &site) const {
    if (const Value *pointer = getLoadStorePointerOperand(&site))
      return dependenceOf(pointer);
    if (const auto *rmw = dyn_cast<AtomicRMWInst>(&site))
      return dependenceOf(rmw->getPointerOperand());
    if (const auto *exchange = dyn_cast<AtomicCmpXchgInst>(&site))
      return dependenceOf(exchange->getPointerOperand());
    uint64_t mask = 0;
    if (const auto *call = dyn_cast<CallBase>(&site))
      for (const Value *operand : call->args())
        if (operand->getType()->isPointerTy())
          mask |= dependenceOf(operand);
    return mask;
  }

  const Function &kernel;
  std::vector<MemoryObject> objects;
  std::vector<uint64_t> contents;
  std::map<std::tuple<unsigned, unsigned, uint64_t, const Value *>, unsigned>
      objectIndex;
  DenseMap<const Value *, uint64_t> dependence, pointsTo;
  DenseMap<const Value *, uint64_t> returnDependence, returnPointsTo;
  bool changed = false;
};

} // namespace

std::vector<unsigned> ContentDependence::objectsIn(uint64_t mask) const {
  std::vector<unsigned> out;
  for (unsigned i = 0; i < objects.size(); ++i)
    if (mask >> i & 1)
      out.push_back(i);
  return out;
}

ContentDependence
analyseContentDependence(const Function &kernel,
                         ArrayRef<const Instruction *> sites) {
  return Analysis(kernel).run(sites);
}

} // namespace gpurd::trace

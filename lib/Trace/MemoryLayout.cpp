//===- MemoryLayout.cpp - Where each array of a kernel lives --------------===//

#include "gpurd/Trace/MemoryLayout.h"
#include "gpurd/Access/ParamFields.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <set>

namespace gpurd::trace {
namespace {

uint64_t alignTo(uint64_t value, uint64_t alignment) {
  return alignment ? (value + alignment - 1) / alignment * alignment : value;
}

} // namespace

uint64_t MemoryLayout::placeBuffer(unsigned param, const std::string &name,
                                   std::optional<uint64_t> size) {
  if (auto it = buffers.find(param); it != buffers.end())
    return it->second;
  uint64_t base = alignTo(nextGlobal, BufferAlignment);
  uint64_t span = size ? *size : UnknownBufferSpan;
  nextGlobal = base + std::max<uint64_t>(span, 1);
  buffers[param] = base;
  regions.push_back({name, base, size ? *size : 0});
  return base;
}

uint64_t MemoryLayout::placeMemberBuffer(unsigned param, uint64_t offset,
                                         const std::string &name) {
  std::pair<unsigned, uint64_t> key{param, offset};
  if (auto it = memberBuffers.find(key); it != memberBuffers.end())
    return it->second;
  uint64_t base = alignTo(nextGlobal, BufferAlignment);
  nextGlobal = base + UnknownBufferSpan;
  memberBuffers[key] = base;
  regions.push_back({name, base, 0});
  return base;
}

std::optional<uint64_t> MemoryLayout::memberBufferBase(unsigned param,
                                                       uint64_t offset) const {
  auto it = memberBuffers.find({param, offset});
  if (it == memberBuffers.end())
    return std::nullopt;
  return it->second;
}

uint64_t MemoryLayout::placeGlobal(const std::string &name, uint64_t size,
                                   uint64_t alignment) {
  if (auto it = globals.find(name); it != globals.end())
    return it->second;
  uint64_t base =
      alignTo(nextGlobal, std::max<uint64_t>(alignment, BufferAlignment));
  nextGlobal = base + std::max<uint64_t>(size, 1);
  globals[name] = base;
  regions.push_back({name, base, size});
  return base;
}

uint64_t MemoryLayout::placeShared(const std::string &name, uint64_t size,
                                   uint64_t alignment) {
  if (auto it = shared.find(name); it != shared.end())
    return it->second;
  uint64_t base = alignTo(nextShared, std::max<uint64_t>(alignment, 1));
  nextShared = base + size;
  shared[name] = base;
  return base;
}

std::optional<uint64_t> MemoryLayout::bufferBase(unsigned param) const {
  auto it = buffers.find(param);
  if (it == buffers.end())
    return std::nullopt;
  return it->second;
}

std::optional<uint64_t>
MemoryLayout::globalBase(const std::string &name) const {
  auto it = globals.find(name);
  if (it == globals.end())
    return std::nullopt;
  return it->second;
}

std::optional<uint64_t>
MemoryLayout::sharedBase(const std::string &name) const {
  auto it = shared.find(name);
  if (it == shared.end())
    return std::nullopt;
  return it->second;
}

bool calledThrough(const llvm::Argument &arg) {
  return llvm::any_of(arg.users(), [&](const llvm::User *user) {
    const auto *call = llvm::dyn_cast<llvm::CallBase>(user);
    return call && call->getCalledOperand() == &arg;
  });
}

std::optional<uint64_t> arrayBase(const MemoryLayout &layout,
                                  const access::ArrayInfo &array,
                                  MemorySpace space) {
  using Origin = access::ArrayInfo::Origin;
  switch (array.origin) {
  case Origin::Parameter:
    return layout.bufferBase(array.paramIndex);
  case Origin::ParameterField:
    return layout.memberBufferBase(array.paramIndex, array.fieldOffset);
  case Origin::Variable:
    return space == MemorySpace::Shared ? layout.sharedBase(array.symbol)
                                        : layout.globalBase(array.symbol);
  case Origin::Local:
    return 0;
  case Origin::Pointer:
    return std::nullopt;
  }
  return std::nullopt;
}

MemoryLayout createLayout(const llvm::Function &kernel,
                          const std::map<unsigned, uint64_t> &bufferSizes,
                          uint64_t dynamicSharedBytes) {
  MemoryLayout layout;
  for (const llvm::Argument &arg : kernel.args()) {
    if (!arg.getType()->isPointerTy() || calledThrough(arg))
      continue;
    auto size = bufferSizes.find(arg.getArgNo());
    layout.placeBuffer(arg.getArgNo(),
                       arg.hasName() ? arg.getName().str()
                                     : "arg" + std::to_string(arg.getArgNo()),
                       size == bufferSizes.end()
                           ? std::nullopt
                           : std::optional<uint64_t>(size->second));
  }
  // Pointer members of struct parameters (access/ParamFields.h), in
  // (parameter, offset) order.
  std::set<std::pair<unsigned, uint64_t>> members;
  for (const llvm::BasicBlock &block : kernel)
    for (const llvm::Instruction &inst : block)
      if (inst.getType()->isPointerTy())
        if (std::optional<access::ParamFieldRead> read =
                access::paramFieldRead(&inst))
          members.insert({read->arg->getArgNo(), read->offset});
  for (const auto &[param, offset] : members) {
    const llvm::Argument *arg = kernel.getArg(param);
    layout.placeMemberBuffer(param, offset,
                             (arg->hasName() ? arg->getName().str()
                                             : "arg" + std::to_string(param)) +
                                 "@" + std::to_string(offset));
  }
  const llvm::Module &module = *kernel.getParent();
  const llvm::DataLayout &data = module.getDataLayout();
  std::vector<const llvm::GlobalVariable *> dynamic;
  for (const llvm::GlobalVariable &global : module.globals()) {
    if (global.getName().starts_with("llvm.") ||
        !global.getValueType()->isSized())
      continue;
    uint64_t size = data.getTypeAllocSize(global.getValueType());
    uint64_t alignment = global.getAlign() ? global.getAlign()->value() : 1;
    if (global.getAddressSpace() == 3) {
      if (size == 0 || global.isDeclaration())
        dynamic.push_back(&global);
      else
        layout.placeShared(global.getName().str(), size, alignment);
      continue;
    }
    layout.placeGlobal(global.getName().str(), size, alignment);
  }
  // All `extern __shared__` arrays name the same dynamic shared memory.
  if (!dynamic.empty()) {
    uint64_t base = layout.placeShared(dynamic.front()->getName().str(),
                                       dynamicSharedBytes, 16);
    for (const llvm::GlobalVariable *other : dynamic)
      layout.aliasShared(other->getName().str(), base);
  }
  return layout;
}

} // namespace gpurd::trace

//===- ParamFields.h - Struct parameters passed by value --------*- C++ -*-===//
//
// A struct kernel parameter passed by value (`Particles p`) is a `ptr byval`
// argument in the device IR, and its members are loads through it. The
// compiled kernel reads them from the parameter space (ld.param, served from
// the constant bank), not from global memory: they are no memory operations
// of the cache model, and their values are the same for every thread of the
// launch, like scalar parameters. An integer member is an isl parameter, a
// pointer member the base of an array of its own (`p.vx[i]` is affine), and
// --arg p.n=VALUE gives a member its value.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_PARAMFIELDS_H
#define GPURD_ACCESS_PARAMFIELDS_H

#include "gpurd/Frontend/KernelInfo.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpurd::access {

/// A load of a struct parameter's member at a constant byte offset.
struct ParamFieldRead {
  const llvm::Argument *arg = nullptr;
  uint64_t offset = 0;
};

/// \p value as a read of a by-value struct parameter's member, if it is one.
inline std::optional<ParamFieldRead> paramFieldRead(const llvm::Value *value) {
  const auto *load = llvm::dyn_cast_or_null<llvm::LoadInst>(value);
  if (!load || load->isVolatile())
    return std::nullopt;
  const llvm::DataLayout &layout = load->getModule()->getDataLayout();
  int64_t offset = 0;
  const llvm::Value *base = llvm::GetPointerBaseWithConstantOffset(
      load->getPointerOperand(), offset, layout);
  const auto *arg = llvm::dyn_cast_or_null<llvm::Argument>(base);
  if (!arg || !arg->hasByValAttr() || offset < 0)
    return std::nullopt;
  return ParamFieldRead{arg, static_cast<uint64_t>(offset)};
}

/// The member's name as the source writes it (`p.vx`, `prm.gravity.x`), or
/// `p@56` when the frontend knows no member at that offset.
inline std::string paramFieldName(const KernelInfo &kernel,
                                  const ParamFieldRead &read) {
  unsigned index = read.arg->getArgNo();
  std::string param =
      index < kernel.params.size() && !kernel.params[index].name.empty()
          ? kernel.params[index].name
          : "arg" + std::to_string(index);
  if (index < kernel.params.size())
    if (const StructField *field = fieldAt(kernel.params[index], read.offset))
      return param + "." + field->path;
  return param + "@" + std::to_string(read.offset);
}

/// The scalar (non-pointer) members of struct parameters that \p function
/// reads, each once in the order of first read, with their names. A load
/// may cover several members (the optimiser merges `c.y` and `c.z` of a
/// `uchar4` into one 16-bit load): each member its bytes overlap is read,
/// at the member's own offset.
inline std::vector<std::pair<ParamFieldRead, std::string>>
scalarMemberReads(const llvm::Function &function, const KernelInfo &kernel) {
  std::vector<std::pair<ParamFieldRead, std::string>> out;
  auto add = [&](ParamFieldRead read) {
    std::string name = paramFieldName(kernel, read);
    if (llvm::none_of(out, [&](const auto &e) { return e.second == name; }))
      out.push_back({read, std::move(name)});
  };
  for (const llvm::BasicBlock &block : function)
    for (const llvm::Instruction &inst : block) {
      std::optional<ParamFieldRead> read = paramFieldRead(&inst);
      if (!read || inst.getType()->isPointerTy())
        continue;
      unsigned index = read->arg->getArgNo();
      uint64_t size = function.getDataLayout().getTypeStoreSize(inst.getType());
      bool named = false;
      if (index < kernel.params.size())
        for (const StructField &field : kernel.params[index].fields)
          if (field.type.kind != ParamKind::Pointer &&
              field.offset < read->offset + size &&
              read->offset < field.offset + std::max<uint64_t>(field.size, 1)) {
            add({read->arg, field.offset});
            named = true;
          }
      if (!named)
        add(*read);
    }
  return out;
}

/// \p name as an isl identifier (`p.vx` -> `p_vx`).
inline std::string islIdentifier(std::string name) {
  for (char &c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      c = '_';
  return name;
}

} // namespace gpurd::access

#endif // GPURD_ACCESS_PARAMFIELDS_H

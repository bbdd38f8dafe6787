//===- HostDeviceDifferences.cpp - What one side of CUDA sees -------------===//

#include "gpurd/Access/HostDeviceDifferences.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/Path.h"

#include <set>

namespace gpurd::access {
namespace {

constexpr const char *SkippedLinesMetadata = "gpurd.skipped_lines";

/// The `sm_XX` the module was compiled for.
std::string deviceArch(const llvm::Module &module) {
  for (const llvm::Function &function : module)
    if (function.hasFnAttribute("target-cpu"))
      return function.getFnAttribute("target-cpu").getValueAsString().str();
  return "the device";
}

bool sameFile(llvm::StringRef a, llvm::StringRef b) {
  return a == b || llvm::sys::path::filename(a) == llvm::sys::path::filename(b);
}

} // namespace

void recordSkippedLines(llvm::Module &module,
                        llvm::ArrayRef<SkippedLines> skipped) {
  llvm::LLVMContext &context = module.getContext();
  llvm::NamedMDNode *node =
      module.getOrInsertNamedMetadata(SkippedLinesMetadata);
  llvm::Type *i32 = llvm::Type::getInt32Ty(context);
  for (const SkippedLines &lines : skipped)
    node->addOperand(llvm::MDNode::get(
        context, {llvm::MDString::get(context, lines.file),
                  llvm::ConstantAsMetadata::get(
                      llvm::ConstantInt::get(i32, lines.first)),
                  llvm::ConstantAsMetadata::get(
                      llvm::ConstantInt::get(i32, lines.last))}));
}

std::vector<SkippedLines> skippedLines(const llvm::Module &module) {
  std::vector<SkippedLines> out;
  const llvm::NamedMDNode *node = module.getNamedMetadata(SkippedLinesMetadata);
  if (!node)
    return out;
  for (const llvm::MDNode *entry : node->operands()) {
    if (entry->getNumOperands() != 3)
      continue;
    auto *file = llvm::dyn_cast<llvm::MDString>(entry->getOperand(0));
    auto *first =
        llvm::mdconst::dyn_extract<llvm::ConstantInt>(entry->getOperand(1));
    auto *last =
        llvm::mdconst::dyn_extract<llvm::ConstantInt>(entry->getOperand(2));
    if (file && first && last)
      out.push_back({file->getString().str(),
                     static_cast<unsigned>(first->getZExtValue()),
                     static_cast<unsigned>(last->getZExtValue())});
  }
  return out;
}

std::vector<std::string> deviceKernelNames(const llvm::Module &module) {
  std::vector<std::string> out;
  const llvm::NamedMDNode *annotations =
      module.getNamedMetadata("nvvm.annotations");
  if (!annotations)
    return out;
  for (const llvm::MDNode *entry : annotations->operands()) {
    if (entry->getNumOperands() < 2)
      continue;
    auto *kind = llvm::dyn_cast<llvm::MDString>(entry->getOperand(1));
    auto *function = llvm::mdconst::dyn_extract_or_null<llvm::Function>(
        entry->getOperand(0));
    if (kind && kind->getString() == "kernel" && function &&
        !function->isDeclaration())
      out.push_back(function->getName().str());
  }
  return out;
}

std::string missingKernelReason(const llvm::Module &module,
                                const KernelInfo &kernel) {
  std::string arch = deviceArch(module);
  const SourcePosition &at = kernel.position;
  for (const SkippedLines &lines : skippedLines(module))
    if (at.line && sameFile(lines.file, at.file) && lines.first <= at.line &&
        at.line <= lines.last)
      return "kernel '" + kernel.name +
             "' has no device code: its definition (" +
             llvm::sys::path::filename(at.file).str() + ":" +
             std::to_string(at.line) + ") lies in lines " +
             std::to_string(lines.first) + "-" + std::to_string(lines.last) +
             ", a preprocessor branch that the device compile for " + arch +
             " skips and the host compile takes (typically a test of "
             "__CUDA_ARCH__, which only the device compile defines); the "
             "host sees a "
             "kernel there that the device code does not have, so a launch "
             "of it finds no device function and there is nothing to analyse";
  return "kernel '" + kernel.name + "' (" + kernel.mangledName +
         ") is not in the compiled device code for " + arch +
         " (the host compile lists it; its definition is not in a "
         "preprocessor branch the device compile skips)";
}

std::vector<std::string> deviceOnlyKernels(const llvm::Module &module,
                                           const TranslationUnitInfo &unit) {
  std::set<std::string> listed;
  for (const KernelInfo &kernel : unit.kernels)
    listed.insert(kernel.mangledName);
  std::vector<std::string> out;
  std::string arch = deviceArch(module);
  for (const std::string &name : deviceKernelNames(module))
    if (!listed.count(name))
      out.push_back("kernel '" + llvm::demangle(name) +
                    "' exists only in the device compile for " + arch +
                    ": the host compile does not see its definition (typically "
                    "a preprocessor branch on __CUDA_ARCH__), so it is not "
                    "listed, has no launch and is not analysed");
  return out;
}

} // namespace gpurd::access

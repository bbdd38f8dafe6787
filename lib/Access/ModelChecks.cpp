//===- ModelChecks.cpp - Sanity checks of a built access model ------------===//

#include "ModelChecks.h"

#include "llvm/Support/Path.h"

namespace gpurd::access {
namespace {

/// A function name without its template arguments: the source scan records
/// one body per template, under the name of the first instance it meets.
std::string withoutTemplateArguments(const std::string &name) {
  return name.substr(0, name.find('<'));
}

} // namespace

std::optional<std::string> emptyModelWarning(const AccessModel &model,
                                             const KernelInfo &kernel,
                                             const TranslationUnitInfo &unit) {
  for (const AccessSite &site : model.sites)
    if (site.kind != AccessKind::Barrier)
      return std::nullopt;
  std::string pattern = withoutTemplateArguments(kernel.name);
  const SourceAccess *first = nullptr;
  unsigned count = 0;
  for (const SourceAccess &access : unit.deviceAccesses) {
    if (access.function != kernel.name &&
        withoutTemplateArguments(access.function) != pattern)
      continue;
    if (!first)
      first = &access;
    ++count;
  }
  if (!first)
    return std::nullopt;
  return "kernel '" + kernel.name +
         "' has no memory operation in its compiled code, but its source "
         "has " +
         std::to_string(count) + " memory access" + (count == 1 ? "" : "es") +
         " (the first: '" + first->text + "' at " +
         llvm::sys::path::filename(first->begin.file).str() + ":" +
         std::to_string(first->begin.line) +
         "): the optimiser removed them as dead code (nothing the kernel "
         "computes reaches memory that outlives it), or the device compile "
         "sees other code than the source scan (a preprocessor branch on "
         "__CUDA_ARCH__); the kernel's cache results are empty";
}

} // namespace gpurd::access

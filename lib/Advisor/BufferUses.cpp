//===- BufferUses.cpp - Other kernels' uses of a kernel's array -----------===//

#include "BufferUses.h"

#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace llvm;

namespace gpurd::advisor {
namespace {

/// \p text without white space: `A_gpu`, as two launches may space it.
std::string compact(StringRef text) {
  std::string out;
  for (char c : text)
    if (!isSpace(c))
      out.push_back(c);
  return out;
}

/// The launch site \p launch started from, in \p unit.
const LaunchSite *siteOf(const TranslationUnitInfo &unit,
                         const LaunchConfig &launch) {
  if (!launch.site)
    return nullptr;
  for (const LaunchSite &site : unit.launches)
    if (site.kernel == launch.kernel &&
        site.position.file == launch.site->file &&
        site.position.line == launch.site->line &&
        site.position.column == launch.site->column)
      return &site;
  return nullptr;
}

/// The host expression \p site passes to \p parameter (empty when unknown).
std::string argumentText(const LaunchSite &site, StringRef parameter) {
  for (const LaunchArgument &argument : site.args)
    if (argument.param == parameter)
      return compact(argument.value.text);
  return "";
}

const KernelInfo *kernelNamed(const TranslationUnitInfo &unit, StringRef name) {
  for (const KernelInfo &kernel : unit.kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

const KernelParam *parameterNamed(const KernelInfo &kernel, StringRef name) {
  for (const KernelParam &param : kernel.params)
    if (param.name == name)
      return &param;
  return nullptr;
}

/// The index of \p kernel's pointer parameter \p parameter in \p model's
/// arrays, or -1.
int arrayOfParameter(const access::AccessModel &model, const KernelInfo &kernel,
                     StringRef parameter) {
  for (size_t i = 0; i < model.arrays.size(); ++i) {
    const access::ArrayInfo &array = model.arrays[i];
    if (array.origin == access::ArrayInfo::Origin::Parameter &&
        array.paramIndex >= 0 &&
        size_t(array.paramIndex) < kernel.params.size() &&
        kernel.params[array.paramIndex].name == parameter)
      return int(i);
  }
  return -1;
}

} // namespace

std::vector<BufferUse> otherKernelUses(const CheckContext &context,
                                       const access::ArrayInfo &array) {
  std::vector<BufferUse> out;
  const KernelInfo &self = context.kernel();
  if (array.origin != access::ArrayInfo::Origin::Parameter ||
      array.paramIndex < 0 || size_t(array.paramIndex) >= self.params.size())
    return out;
  const KernelParam &param = self.params[array.paramIndex];
  const TranslationUnitInfo &unit = context.whatIf().translationUnit();
  const LaunchSite *ownLaunch = siteOf(unit, context.launch());
  const std::string ownText =
      ownLaunch ? argumentText(*ownLaunch, param.name) : "";

  // (kernel, parameter) -> the launch and host text that matched it.
  std::map<std::pair<std::string, std::string>,
           std::pair<const LaunchSite *, std::string>>
      matches;
  std::set<std::string> launched;
  for (const LaunchSite &site : unit.launches) {
    if (site.kernel.empty())
      continue;
    launched.insert(site.kernel);
    if (ownText.empty() ||
        (ownLaunch && site.position.file == ownLaunch->position.file &&
         site.position.line == ownLaunch->position.line &&
         site.position.column == ownLaunch->position.column))
      continue;
    for (const LaunchArgument &argument : site.args)
      if (!argument.param.empty() && compact(argument.value.text) == ownText &&
          !(site.kernel == self.name && argument.param == param.name))
        matches.try_emplace({site.kernel, argument.param},
                            std::make_pair(&site, ownText));
  }
  // What the launches cannot tell: a kernel whose parameter has the same
  // name and element type, when this kernel's launch does not say which
  // buffer it passes, or when the file never launches that kernel.
  for (const KernelInfo &kernel : unit.kernels) {
    if (kernel.inSystemHeader || kernel.name == self.name ||
        (!ownText.empty() && launched.count(kernel.name)))
      continue;
    const KernelParam *same = parameterNamed(kernel, param.name);
    if (same && same->kind == ParamKind::Pointer &&
        same->pointeeType == param.pointeeType)
      matches.try_emplace({kernel.name, param.name},
                          std::make_pair(nullptr, std::string()));
  }

  driver::AnalysisContext &analysis = context.whatIf().analysisContext();
  std::map<std::string, std::shared_ptr<const access::AccessModel>> models;
  std::map<std::string, std::string> failures;
  for (const auto &[key, match] : matches) {
    const KernelInfo *kernel = kernelNamed(unit, key.first);
    if (!kernel)
      continue;
    BufferUse use;
    use.kernel = kernel;
    use.parameter = key.second;
    use.launch = match.first;
    use.hostText = match.second;
    if (!models.count(kernel->name) && !failures.count(kernel->name)) {
      Expected<access::AccessModel> model =
          analysis.analyseAccesses(unit, *kernel);
      if (model)
        models[kernel->name] =
            std::make_shared<const access::AccessModel>(std::move(*model));
      else
        failures[kernel->name] = toString(model.takeError());
    }
    if (auto it = models.find(kernel->name); it != models.end()) {
      use.model = it->second;
      use.array = arrayOfParameter(*use.model, *kernel, use.parameter);
    } else {
      use.notAnalysed = failures[kernel->name];
    }
    out.push_back(std::move(use));
  }
  return out;
}

std::optional<int64_t> threadXStep(const access::AccessModel &model,
                                   const access::AccessSite &site) {
  if (!site.affine || site.neverExecuted)
    return std::nullopt;
  std::optional<unsigned> tx;
  for (unsigned i = 0; i < model.variables.size(); ++i)
    if (model.variables[i].kind == access::Variable::Kind::ThreadIndex) {
      tx = i; // tx comes first of the thread indices (VariableTable)
      break;
    }
  if (!tx)
    return std::nullopt;
  std::vector<int64_t> values(model.variables.size(), 0);
  std::optional<int64_t> step;
  for (int64_t lane = 0; lane + 1 < int64_t(trace::WarpSize); ++lane) {
    values[*tx] = lane;
    if (!site.domain.holds(values))
      continue;
    const int64_t first = site.offset.evaluate(values);
    values[*tx] = lane + 1;
    if (!site.domain.holds(values))
      continue;
    const int64_t next = site.offset.evaluate(values) - first;
    if (step && *step != next)
      return std::nullopt;
    step = next;
  }
  return step;
}

} // namespace gpurd::advisor

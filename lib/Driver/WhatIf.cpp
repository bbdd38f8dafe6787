//===- WhatIf.cpp - Re-run a kernel with a change -------------------------===//
//
// A change to the source (macro definitions, other template arguments) is a
// variant of the file, parsed and compiled on its own and cached; a change
// to the launch is one more launch layer; a change of memory space rewrites
// the space of the changed arrays' accesses in the request stream, so both
// trace producers (and every model after them) see it.
//
//===----------------------------------------------------------------------===//

#include "WhatIf.h"
#include "SourceVariant.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace llvm;

namespace gpurd::driver {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// A producer whose instructions of some sites go to another memory space.
class PlacedArraysSource : public trace::WarpTraceRewriter {
public:
  PlacedArraysSource(std::unique_ptr<trace::WarpTraceSource> inner,
                     std::map<uint32_t, MemorySpace> siteSpaces)
      : WarpTraceRewriter(std::move(inner)), siteSpaces(std::move(siteSpaces)) {
  }

protected:
  void rewrite(trace::WarpTrace &warp) const override {
    for (trace::WarpInstruction &instruction : warp.instructions) {
      auto it = siteSpaces.find(instruction.site);
      if (it != siteSpaces.end())
        instruction.space = it->second;
    }
  }

private:
  std::map<uint32_t, MemorySpace> siteSpaces;
};

/// The kernel of \p changed launched where \p original's launches of
/// \p kernel are (the same lines: edits keep the lines) with the same
/// template: a changed macro or constant that is a template argument at
/// the launch (`mm<TILE>`) makes it another instance. Null when there is
/// none or more than one.
const KernelInfo *relaunchedKernel(const TranslationUnitInfo &original,
                                   const KernelInfo &kernel,
                                   const TranslationUnitInfo &changed) {
  std::optional<std::string> name = templateNameOf(kernel.name);
  if (!name)
    return nullptr;
  std::set<unsigned> lines;
  for (const LaunchSite &site : original.launches)
    if (site.kernel == kernel.name)
      lines.insert(site.position.line);
  std::set<std::string> found;
  for (const LaunchSite &site : changed.launches)
    if (lines.count(site.position.line) && templateNameOf(site.kernel) == name)
      found.insert(site.kernel);
  if (found.size() != 1)
    return nullptr;
  auto relaunched = findKernel(changed, *found.begin());
  if (!relaunched) {
    consumeError(relaunched.takeError());
    return nullptr;
  }
  return *relaunched;
}

} // namespace

bool KernelChange::empty() const {
  return !launch.grid && !launch.block && !launch.dynamicSharedBytes &&
         launch.args.empty() && !launch.launchIndex && defines.empty() &&
         templateArguments.empty() && arraySpaces.empty() &&
         transposedArrays.empty() && coalescedSites.empty() &&
         stagedArrays.empty() && edits.empty();
}

std::string KernelChange::describe() const {
  std::vector<std::string> parts;
  for (const std::string &define : defines)
    parts.push_back("-D" + define);
  if (!templateArguments.empty())
    parts.push_back("template arguments <" + templateArguments + ">");
  if (launch.grid)
    parts.push_back("grid " + dimText(*launch.grid));
  if (launch.block)
    parts.push_back("block " + dimText(*launch.block));
  if (launch.dynamicSharedBytes)
    parts.push_back(std::to_string(*launch.dynamicSharedBytes) +
                    " B dynamic shared memory");
  for (const auto &[name, value] : launch.args)
    parts.push_back(name + " = " + value);
  for (const auto &[name, space] : arraySpaces)
    parts.push_back("'" + name + "' in " + memorySpaceName(space) + " memory");
  for (const auto &[name, rowBytes] : transposedArrays)
    parts.push_back("'" + name + "' stored transposed (rows of " +
                    std::to_string(rowBytes) + " bytes)");
  for (unsigned site : coalescedSites)
    parts.push_back("S" + std::to_string(site) + " coalesced");
  for (const auto &[name, phaseLength] : stagedArrays)
    parts.push_back("'" + name + "' staged through shared memory (" +
                    std::to_string(phaseLength) + " iterations a phase)");
  for (const SourceEdit &edit : edits)
    parts.push_back("'" + edit.replacement + "' at " +
                    std::to_string(edit.line) + ":" +
                    std::to_string(edit.beginColumn));
  return parts.empty() ? "as written" : join(parts, ", ");
}

std::optional<std::string> templateNameOf(StringRef name) {
  if (!name.ends_with(">"))
    return std::nullopt;
  // The '<' that opens the last argument list.
  int depth = 0;
  for (size_t i = name.size(); i-- > 0;) {
    if (name[i] == '>')
      ++depth;
    else if (name[i] == '<' && --depth == 0)
      return i == 0 ? std::nullopt
                    : std::optional<std::string>(name.take_front(i).str());
  }
  return std::nullopt;
}

Expected<std::string> applyEdits(StringRef text, std::vector<SourceEdit> edits,
                                 StringRef file) {
  // Line starts, then the edits from the last to the first, so that the
  // offsets of those before stay.
  std::vector<size_t> lineStarts = {0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      lineStarts.push_back(i + 1);
  llvm::sort(edits, [](const SourceEdit &a, const SourceEdit &b) {
    return std::tie(a.line, a.beginColumn) > std::tie(b.line, b.beginColumn);
  });
  std::string out = text.str();
  size_t limit = out.size();
  for (const SourceEdit &edit : edits) {
    std::string where = file.str() + ":" + std::to_string(edit.line) + ":" +
                        std::to_string(edit.beginColumn);
    if (edit.line == 0 || edit.line > lineStarts.size() ||
        edit.beginColumn == 0 || edit.endColumn < edit.beginColumn)
      return makeError("the edit at " + where + " is outside the file");
    size_t lineStart = lineStarts[edit.line - 1];
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == StringRef::npos)
      lineEnd = text.size();
    size_t begin = lineStart + edit.beginColumn - 1;
    size_t end = lineStart + edit.endColumn - 1;
    if (end > lineEnd)
      return makeError("the edit at " + where + " runs past its line");
    if (end > limit)
      return makeError("the edit at " + where + " overlaps another");
    if (StringRef(edit.replacement).contains('\n'))
      return makeError("the edit at " + where + " has a line break");
    out.replace(begin, end - begin, edit.replacement);
    limit = begin;
  }
  return out;
}

std::string explicitInstanceSource(StringRef instance) {
  // Taking the kernel's address in host code instantiates it on both sides
  // of the CUDA compilation, as a launch does.
  return "\n// gpurd: the kernel instance a what-if run analyses\n"
         "[[maybe_unused]] static const void *const gpurdWhatIfInstance =\n"
         "    (const void *)&" +
         instance.str() + ";\n";
}

Expected<std::unique_ptr<trace::WarpTraceSource>>
withArraySpaces(std::unique_ptr<trace::WarpTraceSource> source,
                const access::AccessModel &model,
                const std::map<std::string, MemorySpace> &spaces) {
  std::map<uint32_t, MemorySpace> siteSpaces;
  for (const auto &[name, space] : spaces) {
    auto array = llvm::find_if(model.arrays, [&](const access::ArrayInfo &a) {
      return a.name == name;
    });
    if (array == model.arrays.end()) {
      std::string names;
      for (const access::ArrayInfo &a : model.arrays)
        names += (names.empty() ? "'" : ", '") + a.name + "'";
      return makeError("kernel '" + model.kernel + "' has no array '" + name +
                       "' (its arrays: " + (names.empty() ? "none" : names) +
                       ")");
    }
    int index = static_cast<int>(array - model.arrays.begin());
    for (const access::AccessSite &site : model.sites)
      if (site.array == index && site.kind != AccessKind::Barrier)
        siteSpaces[site.id] = space;
  }
  return std::make_unique<PlacedArraysSource>(std::move(source),
                                              std::move(siteSpaces));
}

Expected<std::unique_ptr<KernelTrace>>
AnalysisContext::prepareTrace(const TranslationUnitInfo &unit,
                              const KernelInfo &kernel,
                              const KernelChange &change) {
  auto parsed = parsedVariantOf(unit);
  if (!parsed)
    return parsed.takeError();
  SourceVariant *source = &*parsed;
  const KernelInfo *launched = &kernel; // whose launch sites apply
  const KernelInfo *traced = &kernel;
  if (change.changesSource()) {
    std::string instance, appended;
    if (!change.templateArguments.empty()) {
      std::optional<std::string> name = kernel.isTemplateInstance
                                            ? templateNameOf(kernel.name)
                                            : std::nullopt;
      if (!name)
        return makeError("kernel '" + kernel.name +
                         "' is not a template instance; it has no template "
                         "arguments to change");
      instance = *name + "<" + change.templateArguments + ">";
      appended = explicitInstanceSource(instance);
    }
    auto changed =
        variant(source->file, change.defines, change.edits, appended);
    if (!changed)
      return changed.takeError();
    source = &*changed;
    auto found = findKernel(source->unit, kernel.name);
    if (!found) {
      const KernelInfo *relaunched =
          relaunchedKernel(parsed->unit, kernel, source->unit);
      if (!relaunched)
        return makeError("with " + change.describe() + ", " +
                         toString(found.takeError()));
      consumeError(found.takeError());
      found = relaunched;
    }
    launched = traced = *found;
    if (!instance.empty()) {
      auto made = findKernel(source->unit, instance);
      if (!made)
        return makeError("with " + change.describe() + ", " +
                         toString(made.takeError()));
      traced = *made;
    }
  }
  auto layers = overridesFor(source->unit, *launched);
  if (!layers)
    return layers.takeError();
  // The values the kernel as written was analysed under, after its retries
  // (analyseLaunch): a variant assumed afresh would run on another problem
  // (MonteCarloMultiGPU's path count 1048576 for a block size of 64 where
  // the kernel as written settled on 16384: 64 times the paths, every block
  // past the emulator's bound, and a comparison of two problems).
  AssumptionScale scale;
  auto settledValues = settled.find(kernel.name);
  if (settledValues != settled.end()) {
    scale = settledValues->second.scale;
    LaunchOverrides pinned;
    pinned.origin = "the values assumed for the kernel as written";
    for (const auto &[name, value] : settledValues->second.args)
      if (any_of(launched->params,
                 [&](const KernelParam &p) { return p.name == name; }))
        pinned.args[name] = value;
    if (!pinned.args.empty())
      layers->push_back(std::move(pinned));
  }
  layers->push_back(change.launch);
  if (layers->back().origin.empty())
    layers->back().origin = "what-if change";
  auto config =
      launchWithAssumptions(source->unit, *launched, std::move(*layers),
                            /*allowUnknownArgs=*/true);
  if (!config)
    return config.takeError();
  config->kernel = traced->name;
  // A variant longer than gpurd holds is cut as the kernel as written is
  // (analyseLaunch), or, where that ran whole, only past the bound of a
  // whole run: its figures say so (blocksCut), and the comparisons that
  // cannot compare cut runs decline (advisor::sameWarpRuns).
  if (!scale.cutLongBlocks && analysis.assumeUnknownValues) {
    scale.cutLongBlocks = true;
    scale.cutAtBudgetShare = false;
  }
  return prepareTraceIn(*source, *traced, *config, change, scale);
}

} // namespace gpurd::driver

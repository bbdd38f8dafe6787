//===- KernelListing.cpp - Print kernels, launches and configurations -----===//

#include "gpurd/Output/KernelListing.h"
#include "Locations.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace gpurd {
namespace {

const char *kindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Pointer:
    return "pointer";
  case ParamKind::Integer:
    return "integer";
  case ParamKind::Floating:
    return "floating";
  case ParamKind::Boolean:
    return "bool";
  case ParamKind::Texture:
    return "texture";
  case ParamKind::Other:
    return "other";
  }
  return "other";
}

nlohmann::json valueJson(const EvaluatedValue &value) {
  if (const auto *u = std::get_if<uint64_t>(&value.value))
    return *u;
  if (const auto *s = std::get_if<int64_t>(&value.value))
    return *s;
  if (const auto *d = std::get_if<double>(&value.value))
    return *d;
  return nullptr;
}

nlohmann::json evaluatedJson(const EvaluatedValue &value) {
  nlohmann::json out = {{"text", value.text}, {"value", valueJson(value)}};
  if (!value.isKnown())
    out["unknown_reason"] = value.unknownReason;
  return out;
}

std::string dimText(const Dim3Value &dim) {
  return "(" + dim.components[0].str() + ", " + dim.components[1].str() + ", " +
         dim.components[2].str() + ")";
}

/// `'n / 16': 'n' is a parameter of 'run'` for the first unknown component.
std::string unknownNote(const Dim3Value &dim) {
  for (const EvaluatedValue &c : dim.components)
    if (!c.isKnown())
      return " ['" + dim.text + "': " + c.unknownReason + "]";
  return "";
}

std::string signature(const KernelInfo &kernel) {
  std::string out = kernel.name + "(";
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &p = kernel.params[i];
    out += (i ? ", " : "") + p.type;
    if (!p.name.empty())
      out += (p.type.empty() || p.type.back() == '*' ? "" : " ") + p.name;
  }
  return out + ")";
}

/// How the launch reaches its kernel, after `through`: `cudaLaunchKernel`,
/// `pointer 'kernel', which may be one of 6 kernels: copy, ...`; empty for
/// `kernel<<<...>>>`.
std::string throughText(const LaunchSite &launch) {
  std::string out = launch.api;
  if (!launch.pointer)
    return out;
  const LaunchPointer &pointer = *launch.pointer;
  out += (out.empty() ? "" : " and ") + ("pointer '" + pointer.text + "'");
  const std::vector<std::string> &candidates = pointer.candidates;
  bool others = !pointer.otherValuesReason.empty();
  if (candidates.size() > 1 || (others && !candidates.empty())) {
    out += ", which may be ";
    if (candidates.size() > 1)
      out += "one of " + std::to_string(candidates.size()) + " kernels: ";
    for (size_t i = 0; i < candidates.size(); ++i)
      out += (i ? ", " : "") + candidates[i];
  }
  if (others && !candidates.empty())
    out += ", or another function [" + pointer.otherValuesReason + "]";
  return out;
}

/// The same, shorter, for the `from:` line of a launch configuration.
std::string throughSummary(const LaunchConfig &config) {
  std::string out = config.siteApi;
  if (!config.sitePointer)
    return out;
  const LaunchPointer &pointer = *config.sitePointer;
  out += (out.empty() ? "" : " and ") + ("pointer '" + pointer.text + "'");
  size_t count = pointer.candidates.size();
  if (count > 1)
    out += " (one of " + std::to_string(count) + " kernels)";
  else if (!pointer.otherValuesReason.empty())
    out += " (or another function)";
  return out;
}

/// `variant 2 of 4: 't' = 1 in ...` for a launch with variants, `assuming
/// ...` for one whose values assume something; empty otherwise.
/// \p ofWhat follows the count (` of its site`).
std::string variantText(const LaunchVariant &variant,
                        const std::string &ofWhat = "") {
  std::string assumptions = llvm::join(variant.assumptions, "; ");
  if (variant.count > 1) {
    std::string out = "variant " + std::to_string(variant.index) + " of " +
                      std::to_string(variant.count) + ofWhat;
    if (!assumptions.empty())
      out += ": " + assumptions;
    if (!variant.leftOut.empty())
      out += " [" + variant.leftOut + "]";
    return out;
  }
  return assumptions.empty() ? std::string() : "assuming " + assumptions;
}

nlohmann::json variantJson(const LaunchVariant &variant) {
  nlohmann::json out = {{"index", variant.index},
                        {"count", variant.count},
                        {"assumptions", variant.assumptions}};
  if (!variant.leftOut.empty())
    out["left_out"] = variant.leftOut;
  return out;
}

nlohmann::json pointerJson(const std::optional<LaunchPointer> &pointer) {
  if (!pointer)
    return nullptr;
  nlohmann::json out = {{"text", pointer->text},
                        {"candidates", pointer->candidates}};
  if (!pointer->otherValuesReason.empty())
    out["other_values_reason"] = pointer->otherValuesReason;
  return out;
}

} // namespace

void printKernelListing(llvm::raw_ostream &os,
                        const TranslationUnitInfo &unit) {
  size_t sites = llvm::count_if(unit.launches, [](const LaunchSite &launch) {
    return launch.variant.index == 1;
  });
  size_t library = llvm::count_if(unit.kernels, [](const KernelInfo &kernel) {
    return kernel.inSystemHeader;
  });
  size_t own = unit.kernels.size() - library;
  os << displayPath(unit.file) << ": " << own << " kernel"
     << (own == 1 ? "" : "s") << ", " << sites << " launch site"
     << (sites == 1 ? "" : "s");
  if (sites != unit.launches.size())
    os << " (" << unit.launches.size() << " launches with their variants)";
  // Thrust's and CUB's kernels, which the file's calls instantiate, and
  // their launches are the library's: counted, not listed.
  if (library || unit.systemHeaderLaunchSites)
    os << "; not listed: " << library << " kernel" << (library == 1 ? "" : "s")
       << " and " << unit.systemHeaderLaunchSites << " launch site"
       << (unit.systemHeaderLaunchSites == 1 ? "" : "s")
       << " of system headers (Thrust, CUB; --format=json names the kernels, "
          "--kernel=NAME analyses one)";
  os << "\n";
  for (const KernelInfo &kernel : unit.kernels) {
    if (kernel.inSystemHeader)
      continue;
    os << location(kernel.position) << ": kernel " << signature(kernel);
    std::vector<std::string> notes;
    if (kernel.isTemplateInstance)
      notes.push_back("template instance");
    if (kernel.launchBoundsMaxThreads)
      notes.push_back(
          "launch bounds " + std::to_string(*kernel.launchBoundsMaxThreads) +
          (kernel.launchBoundsMinBlocks
               ? ", " + std::to_string(*kernel.launchBoundsMinBlocks)
               : std::string()));
    if (kernel.staticSharedBytes)
      notes.push_back(std::to_string(kernel.staticSharedBytes) +
                      " B static shared");
    if (kernel.usesDynamicShared)
      notes.push_back("dynamic shared");
    if (!notes.empty()) {
      os << " [";
      for (size_t i = 0; i < notes.size(); ++i)
        os << (i ? "; " : "") << notes[i];
      os << "]";
    }
    os << "\n";
  }
  for (const LaunchSite &launch : unit.launches) {
    os << location(launch.position) << ": launch ";
    if (!launch.kernel.empty())
      os << launch.kernel;
    else if (launch.pointer)
      os << "? ['" << launch.pointer->text
         << "': " << launch.kernelUnknownReason << "]";
    else
      os << "? [" << launch.kernelUnknownReason << "]";
    if (!launch.enclosingFunction.empty())
      os << " in " << launch.enclosingFunction;
    os << ": grid " << dimText(launch.grid) << unknownNote(launch.grid)
       << ", block " << dimText(launch.block) << unknownNote(launch.block);
    if (!launch.dynamicSharedBytes.text.empty()) {
      os << ", dynamic shared " << launch.dynamicSharedBytes.str() << " B";
      if (!launch.dynamicSharedBytes.isKnown())
        os << " ['" << launch.dynamicSharedBytes.text
           << "': " << launch.dynamicSharedBytes.unknownReason << "]";
    }
    if (!launch.stream.empty())
      os << ", stream " << launch.stream;
    os << "\n";
    if (std::string through = throughText(launch); !through.empty())
      os << "    through " << through << "\n";
    if (std::string variant = variantText(launch.variant); !variant.empty())
      os << "    " << variant << "\n";
    if (!launch.args.empty()) {
      os << "    args:";
      for (size_t i = 0; i < launch.args.size(); ++i) {
        const LaunchArgument &arg = launch.args[i];
        os << (i ? "," : "") << " ";
        // Without a known kernel, the arguments have no parameter names.
        if (!arg.param.empty())
          os << arg.param << " = ";
        if (arg.value.isKnown())
          os << arg.value.str();
        else
          os << arg.value.text;
      }
      os << "\n";
    }
  }
}

nlohmann::json kernelListingJson(const TranslationUnitInfo &unit) {
  nlohmann::json kernels = nlohmann::json::array();
  nlohmann::json libraryKernels = nlohmann::json::array();
  for (const KernelInfo &kernel : unit.kernels) {
    nlohmann::json params = nlohmann::json::array();
    for (const KernelParam &p : kernel.params) {
      nlohmann::json param = {
          {"name", p.name}, {"type", p.type}, {"kind", kindName(p.kind)}};
      if (p.kind == ParamKind::Pointer) {
        param["pointee_type"] = p.pointeeType;
        param["pointee_size"] = p.pointeeSize;
        param["restrict"] = p.isRestrict;
        param["const_pointee"] = p.isConstPointee;
      }
      params.push_back(std::move(param));
    }
    nlohmann::json k = {{"name", kernel.name},
                        {"mangled_name", kernel.mangledName},
                        {"location", locationJson(kernel.position)},
                        {"template_instance", kernel.isTemplateInstance},
                        {"params", std::move(params)},
                        {"static_shared_bytes", kernel.staticSharedBytes},
                        {"dynamic_shared", kernel.usesDynamicShared}};
    if (kernel.launchBoundsMaxThreads) {
      k["launch_bounds"] = {{"max_threads", *kernel.launchBoundsMaxThreads}};
      if (kernel.launchBoundsMinBlocks)
        k["launch_bounds"]["min_blocks"] = *kernel.launchBoundsMinBlocks;
    }
    (kernel.inSystemHeader ? libraryKernels : kernels).push_back(std::move(k));
  }
  nlohmann::json launches = nlohmann::json::array();
  for (const LaunchSite &launch : unit.launches) {
    auto dim = [](const Dim3Value &d) {
      nlohmann::json values = nlohmann::json::array();
      nlohmann::json out = {{"text", d.text}};
      for (const EvaluatedValue &c : d.components) {
        values.push_back(valueJson(c));
        if (!c.isKnown() && !out.contains("unknown_reason"))
          out["unknown_reason"] = c.unknownReason;
      }
      out["values"] = std::move(values);
      return out;
    };
    nlohmann::json args = nlohmann::json::array();
    for (const LaunchArgument &arg : launch.args) {
      nlohmann::json a = evaluatedJson(arg.value);
      a["param"] = arg.param;
      args.push_back(std::move(a));
    }
    nlohmann::json l = {{"kernel", launch.kernel.empty()
                                       ? nlohmann::json(nullptr)
                                       : nlohmann::json(launch.kernel)},
                        {"api", launch.api},
                        {"pointer", pointerJson(launch.pointer)},
                        {"location", locationJson(launch.position)},
                        {"function", launch.enclosingFunction},
                        {"grid", dim(launch.grid)},
                        {"block", dim(launch.block)},
                        {"args", std::move(args)}};
    l["dynamic_shared_bytes"] = launch.dynamicSharedBytes.text.empty()
                                    ? nlohmann::json{{"text", ""}, {"value", 0}}
                                    : evaluatedJson(launch.dynamicSharedBytes);
    l["stream"] = launch.stream;
    l["variant"] = variantJson(launch.variant);
    if (launch.kernel.empty())
      l["kernel_unknown_reason"] = launch.kernelUnknownReason;
    launches.push_back(std::move(l));
  }
  return {{"file", displayPath(unit.file)},
          {"kernels", std::move(kernels)},
          {"launches", std::move(launches)},
          {"system_header_kernels", std::move(libraryKernels)},
          {"system_header_launch_sites", unit.systemHeaderLaunchSites}};
}

void printLaunchConfig(llvm::raw_ostream &os, const KernelInfo &kernel,
                       const LaunchConfig &config, StatedHostValues *stated) {
  os << location(kernel.position) << ": kernel " << kernel.name << ": grid "
     << dimText(config.grid) << ", block " << dimText(config.block) << " = "
     << config.blocks() << (config.blocks() == 1 ? " block of " : " blocks of ")
     << config.threadsPerBlock()
     << (config.threadsPerBlock() == 1 ? " thread" : " threads");
  if (config.dynamicSharedBytes)
    os << ", dynamic shared " << config.dynamicSharedBytes << " B";
  os << "\n";
  if (!config.args.empty() || !config.unknownArgs.empty()) {
    os << "    args:";
    size_t n = 0;
    for (const LaunchArgument &arg : config.args)
      os << (n++ ? "," : "") << " " << arg.param << " = " << arg.value.str();
    // Unknown, and not needed unless the model says so.
    for (const auto &[name, why] : config.unknownArgs)
      os << (n++ ? "," : "") << " " << name << " = ?";
    os << "\n";
  }
  os << "    from: ";
  if (config.site) {
    os << "the launch at " << location(*config.site);
    if (std::string through = throughSummary(config); !through.empty())
      os << " through " << through;
  } else
    os << "no launch site";
  auto origin = [](const std::string &o) {
    return o.empty() || o == "source" ? std::string() : o;
  };
  std::vector<std::string> overridden;
  auto from = [&](const std::string &part, const std::string &o) {
    return o == "assumption" ? part + " assumed" : part + " from " + o;
  };
  if (!origin(config.gridOrigin).empty())
    overridden.push_back(from("grid", config.gridOrigin));
  if (!origin(config.blockOrigin).empty())
    overridden.push_back(from("block", config.blockOrigin));
  if (!origin(config.sharedOrigin).empty())
    overridden.push_back(from("shared memory", config.sharedOrigin));
  for (const std::string &o : overridden)
    os << "; " << o;
  os << "\n";
  // Which of the kernel's launches this is, and what its values assume.
  std::vector<std::string> which;
  if (config.launchCount > 1)
    which.push_back("launch " + std::to_string(config.launchNumber) + " of " +
                    std::to_string(config.launchCount) + " of the kernel" +
                    (config.launchChosen
                         ? std::string()
                         : " (the first; " + userInput(UserInput::Launch, "N") +
                               " picks another)"));
  if (std::string variant = variantText(config.siteVariant, " of its site");
      !variant.empty())
    which.push_back(variant);
  if (!which.empty())
    os << "    " << llvm::join(which, ", ") << "\n";
  // Each assumption once, as a note at the kernel: what, why this value,
  // why it was unknown and how to give the real one.
  for (const LaunchAssumption &a : config.assumptions) {
    os << location(kernel.position) << ": note: assumed ";
    if (stated && !a.hostNames.empty()) {
      auto [first, added] = stated->try_emplace(
          a.part + " = " + a.value + "\n" + a.basis, kernel.name);
      if (!added) {
        os << "host values " << a.part << " = " << a.value << ", as for '"
           << first->second << "' above\n";
        continue;
      }
    }
    os << a.describe() << "\n";
  }
}

nlohmann::json launchConfigJson(const KernelInfo &kernel,
                                const LaunchConfig &config) {
  nlohmann::json args = nlohmann::json::object();
  for (const LaunchArgument &arg : config.args)
    args[arg.param] = valueJson(arg.value);
  nlohmann::json out = {{"kernel", kernel.name},
                        {"location", locationJson(kernel.position)},
                        {"grid", config.grid},
                        {"block", config.block},
                        {"dynamic_shared_bytes", config.dynamicSharedBytes},
                        {"args", std::move(args)}};
  if (!config.unknownArgs.empty()) {
    nlohmann::json unknown = nlohmann::json::array();
    for (const auto &[name, why] : config.unknownArgs)
      unknown.push_back(name);
    out["unknown_args"] = std::move(unknown);
  }
  nlohmann::json assumptions = nlohmann::json::array();
  for (const LaunchAssumption &a : config.assumptions) {
    nlohmann::json assumption = {{"part", a.part},
                                 {"value", a.value},
                                 {"basis", a.basis},
                                 {"unknown_because", a.missing}};
    // The host code's integers the launch is computed from.
    if (!a.hostNames.empty()) {
      assumption["part"] = "host values";
      assumption["host_values"] = a.hostNames;
    }
    assumptions.push_back(std::move(assumption));
  }
  out["assumptions"] = std::move(assumptions);
  out["launch_site"] = config.site ? locationJson(*config.site) : nullptr;
  out["launch_site_api"] = config.siteApi;
  out["launch_site_pointer"] = pointerJson(config.sitePointer);
  out["launch_number"] = config.launchNumber;
  out["launch_count"] = config.launchCount;
  out["launch_site_variant"] =
      config.site ? variantJson(config.siteVariant) : nlohmann::json(nullptr);
  return out;
}

} // namespace gpurd

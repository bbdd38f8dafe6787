//===- LaunchConfig.cpp - The launch configuration a model runs with ------===//

#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Support/IllegalLaunchError.h"
#include "gpurd/Frontend/DisplayPath.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

namespace gpurd {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// A count on the command line: decimal digits only (a leading zero is not
/// octal, and 'x' separates the components of a dim3).
bool parseUnsigned(llvm::StringRef text, uint64_t &value) {
  text = text.trim();
  return !text.empty() && !text.getAsInteger(10, value);
}

std::string dimString(const std::array<uint64_t, 3> &dim) {
  return std::to_string(dim[0]) + "," + std::to_string(dim[1]) + "," +
         std::to_string(dim[2]);
}

/// Parses a scalar argument value for a parameter of kind \p kind.
llvm::Expected<EvaluatedValue> parseArgValue(const KernelParam &param,
                                             llvm::StringRef text,
                                             llvm::StringRef origin) {
  EvaluatedValue value;
  value.text = text.str();
  llvm::StringRef trimmed = text.trim();
  switch (param.kind) {
  case ParamKind::Integer:
  case ParamKind::Boolean: {
    if (trimmed == "true" || trimmed == "false") {
      value.value = static_cast<int64_t>(trimmed == "true");
      return value;
    }
    // C integer literals: decimal, 0x hexadecimal, 0 octal (as in source).
    int64_t signedValue;
    uint64_t unsignedValue;
    if (!trimmed.getAsInteger(0, signedValue))
      value.value = signedValue;
    else if (!trimmed.getAsInteger(0, unsignedValue))
      value.value = unsignedValue;
    else
      return makeError(origin + ": the argument '" + param.name + "' (" +
                       param.type + ") needs an integer, got '" + text + "'");
    auto cannotHold = [&]() {
      return makeError(origin + ": the argument '" + param.name + "' (" +
                       param.type + ") cannot hold '" + text + "'");
    };
    if (param.kind == ParamKind::Boolean) {
      const auto *s = std::get_if<int64_t>(&value.value);
      if (!s || (*s != 0 && *s != 1))
        return cannotHold();
      return value;
    }
    // 64-bit types: a signed one cannot take what only fits unsigned, an
    // unsigned one no negative value.
    if (param.integerBits >= 64) {
      const auto *s = std::get_if<int64_t>(&value.value);
      if (param.isSigned && !s)
        return cannotHold();
      if (!param.isSigned && s && *s < 0)
        return cannotHold();
    }
    // The value must fit the parameter's type.
    if (param.integerBits > 0 && param.integerBits < 64) {
      unsigned bits = param.integerBits;
      bool fits = true;
      if (const auto *s = std::get_if<int64_t>(&value.value)) {
        int64_t low = param.isSigned ? -(int64_t(1) << (bits - 1)) : 0;
        int64_t high = param.isSigned ? (int64_t(1) << (bits - 1)) - 1
                                      : (int64_t(1) << bits) - 1;
        fits = *s >= low && *s <= high;
      } else {
        fits = false;
      }
      if (!fits)
        return makeError(origin + ": the argument '" + param.name + "' (" +
                         param.type + ") cannot hold '" + text + "'");
    }
    return value;
  }
  case ParamKind::Floating: {
    double d;
    if (trimmed.getAsDouble(d))
      return makeError(origin + ": the argument '" + param.name + "' (" +
                       param.type + ") needs a number, got '" + text + "'");
    value.value = d;
    return value;
  }
  default:
    return makeError(
        origin + ": the argument '" + param.name + "' is a " +
        (param.kind == ParamKind::Pointer ? "pointer" : "non-scalar") + " (" +
        param.type +
        "); only integer, floating-point and bool arguments take "
        "a value");
  }
}

/// Reads a JSON value that must be a dim3: a positive integer or an array of
/// one to three positive integers.
llvm::Expected<std::array<uint64_t, 3>> dimFromJson(const nlohmann::json &value,
                                                    const std::string &path) {
  std::array<uint64_t, 3> dim{1, 1, 1};
  auto component = [&](const nlohmann::json &v, const std::string &where,
                       uint64_t &out) -> llvm::Error {
    if (!v.is_number_integer() || v.get<int64_t>() <= 0)
      return makeError(where + ": expected a positive integer, got " +
                       v.dump());
    out = v.get<uint64_t>();
    return llvm::Error::success();
  };
  if (value.is_array()) {
    if (value.empty() || value.size() > 3)
      return makeError(path + ": expected 1 to 3 positive integers, got " +
                       std::to_string(value.size()) + " values");
    for (size_t i = 0; i < value.size(); ++i)
      if (llvm::Error e =
              component(value[i], path + "/" + std::to_string(i), dim[i]))
        return e;
    return dim;
  }
  if (llvm::Error e = component(value, path, dim[0]))
    return e;
  return dim;
}

} // namespace

llvm::Expected<std::array<uint64_t, 3>> parseDim3(llvm::StringRef text,
                                                  llvm::StringRef what) {
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, text.contains('x') ? 'x' : ',');
  std::array<uint64_t, 3> dim{1, 1, 1};
  if (parts.empty() || parts.size() > 3)
    return makeError(what + " takes X[,Y[,Z]], got '" + text + "'");
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!parseUnsigned(parts[i], dim[i]) || dim[i] == 0)
      return makeError(what + " takes positive integers X[,Y[,Z]], got '" +
                       text + "'");
  }
  return dim;
}

llvm::Expected<std::map<std::string, std::string>>
parseArgAssignments(const std::vector<std::string> &assignments) {
  std::map<std::string, std::string> out;
  for (const std::string &assignment : assignments) {
    auto [name, value] = llvm::StringRef(assignment).split('=');
    name = name.trim();
    if (name.empty() || value.trim().empty() ||
        !llvm::StringRef(assignment).contains('='))
      return makeError(userInput(UserInput::Argument) +
                       " takes NAME=VALUE, got '" + assignment + "'");
    out[name.str()] = value.trim().str();
  }
  return out;
}

llvm::Expected<LaunchSpec> parseLaunchSpec(llvm::StringRef text,
                                           llvm::StringRef source) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error &e) {
    // The library's message carries the line and column.
    std::string what = e.what();
    size_t pos = what.find("parse error");
    return makeError(source + ": invalid JSON: " +
                     (pos == std::string::npos ? what : what.substr(pos)));
  }
  std::string src = source.str();
  if (!doc.is_object())
    return makeError(src + ": expected a JSON object with a \"kernels\" array");
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "version" && it.key() != "kernels")
      return makeError(src + ": /" + it.key() +
                       ": unknown key; expected \"version\" or \"kernels\"");
  if (doc.contains("version") &&
      (!doc["version"].is_number_integer() || doc["version"] != 1))
    return makeError(src + ": /version: expected 1, got " +
                     doc["version"].dump());
  if (!doc.contains("kernels") || !doc["kernels"].is_array())
    return makeError(src + ": /kernels: expected an array of launch entries");
  LaunchSpec spec;
  const nlohmann::json &kernels = doc["kernels"];
  static const char *const keys[] = {
      "kernel", "grid", "block", "dynamic_shared_bytes", "args", "launch"};
  for (size_t i = 0; i < kernels.size(); ++i) {
    std::string path = src + ": /kernels/" + std::to_string(i);
    const nlohmann::json &entry = kernels[i];
    if (!entry.is_object())
      return makeError(path + ": expected an object");
    for (auto it = entry.begin(); it != entry.end(); ++it) {
      if (llvm::is_contained(keys, it.key()))
        continue;
      std::string known = "kernel, grid, block, dynamic_shared_bytes, args, "
                          "launch";
      return makeError(path + "/" + it.key() +
                       ": unknown key; expected one of " + known);
    }
    if (!entry.contains("kernel") || !entry["kernel"].is_string())
      return makeError(path +
                       "/kernel: expected the kernel's name as a string");
    LaunchOverrides overrides;
    overrides.origin = source.str();
    if (entry.contains("grid")) {
      auto dim = dimFromJson(entry["grid"], path + "/grid");
      if (!dim)
        return dim.takeError();
      overrides.grid = *dim;
    }
    if (entry.contains("block")) {
      auto dim = dimFromJson(entry["block"], path + "/block");
      if (!dim)
        return dim.takeError();
      overrides.block = *dim;
    }
    if (entry.contains("dynamic_shared_bytes")) {
      const nlohmann::json &v = entry["dynamic_shared_bytes"];
      if (!v.is_number_integer() || v.get<int64_t>() < 0)
        return makeError(path +
                         "/dynamic_shared_bytes: expected a non-negative "
                         "integer, got " +
                         v.dump());
      overrides.dynamicSharedBytes = v.get<uint64_t>();
    }
    if (entry.contains("launch")) {
      const nlohmann::json &v = entry["launch"];
      if (!v.is_number_integer() || v.get<int64_t>() < 1)
        return makeError(path +
                         "/launch: expected a launch-site number "
                         "(1 for the first), got " +
                         v.dump());
      overrides.launchIndex = v.get<unsigned>();
    }
    if (entry.contains("args")) {
      const nlohmann::json &args = entry["args"];
      if (!args.is_object())
        return makeError(path + "/args: expected an object of name: value");
      for (auto it = args.begin(); it != args.end(); ++it) {
        const nlohmann::json &v = it.value();
        if (v.is_number() || v.is_boolean())
          overrides.args[it.key()] = v.dump();
        else
          return makeError(path + "/args/" + it.key() +
                           ": expected a number, got " + v.dump());
      }
    }
    spec.kernels.emplace_back(entry["kernel"].get<std::string>(),
                              std::move(overrides));
  }
  return spec;
}

llvm::Expected<LaunchSpec> loadLaunchSpec(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return makeError("cannot read launch spec '" + path +
                     "': " + buffer.getError().message());
  return parseLaunchSpec((*buffer)->getBuffer(), path);
}

llvm::Expected<const KernelInfo *> findKernel(const TranslationUnitInfo &unit,
                                              llvm::StringRef name) {
  auto unscoped = [](llvm::StringRef full) {
    // Drop namespaces, but not the `::` inside template arguments.
    size_t angle = full.find('<');
    llvm::StringRef head = full.substr(0, angle);
    size_t scope = head.rfind("::");
    return scope == llvm::StringRef::npos ? full : full.drop_front(scope + 2);
  };
  auto untemplated = [](llvm::StringRef full) {
    return full.substr(0, full.find('<'));
  };
  for (const KernelInfo &kernel : unit.kernels)
    if (kernel.name == name)
      return &kernel;
  std::vector<const KernelInfo *> matches;
  for (const KernelInfo &kernel : unit.kernels)
    if (unscoped(kernel.name) == name)
      matches.push_back(&kernel);
  if (matches.empty())
    for (const KernelInfo &kernel : unit.kernels)
      if (untemplated(kernel.name) == name ||
          untemplated(unscoped(kernel.name)) == name)
        matches.push_back(&kernel);
  if (matches.size() == 1)
    return matches.front();
  // A short name that is one of the file's own kernels and also names
  // kernels of system headers (Thrust's, CUB's) means the file's own.
  if (matches.size() > 1 && llvm::count_if(matches, [](const KernelInfo *k) {
                              return !k->inSystemHeader;
                            }) == 1)
    return *llvm::find_if(
        matches, [](const KernelInfo *k) { return !k->inSystemHeader; });
  std::string list;
  for (const KernelInfo *kernel : matches)
    list += "\n  " + kernel->name;
  if (!matches.empty())
    return makeError("the kernel name '" + name + "' is ambiguous in '" +
                     unit.file + "'; it matches:" + list);
  size_t library = 0;
  for (const KernelInfo &kernel : unit.kernels)
    if (kernel.inSystemHeader)
      ++library;
    else
      list += "\n  " + kernel.name;
  std::string libraryNote =
      library == 0 ? ""
                   : "\n  (and " + std::to_string(library) + " kernel" +
                         (library == 1 ? "" : "s") +
                         " of system headers, listed by --list-kernels "
                         "--format=json)";
  if (unit.kernels.size() == library)
    return makeError("no kernel named '" + name + "': '" + unit.file +
                     "' defines no __global__ function" +
                     (library ? " of its own" + libraryNote : ""));
  return makeError("no kernel named '" + name + "' in '" + unit.file +
                   "'; the kernels are:" + list + libraryNote);
}

llvm::Expected<PartialLaunch>
mergeLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel,
            llvm::ArrayRef<const LaunchOverrides *> layers) {
  PartialLaunch launch;
  std::vector<const LaunchSite *> sites;
  for (const LaunchSite &site : unit.launches)
    if (site.kernel == kernel.name)
      sites.push_back(&site);
  std::optional<unsigned> index;
  for (const LaunchOverrides *layer : layers)
    if (layer->launchIndex)
      index = layer->launchIndex;
  launch.launchCount = sites.size();
  if (index) {
    if (*index > sites.size())
      return makeError("kernel '" + kernel.name + "': launch " +
                       std::to_string(*index) + " was asked for, but it has " +
                       std::to_string(sites.size()) + " launch" +
                       (sites.size() == 1 ? "" : "es") +
                       " (launch sites and their variants)");
    launch.site = sites[*index - 1];
    launch.launchNumber = *index;
    launch.launchChosen = true;
  } else if (!sites.empty()) {
    launch.site = sites.front();
    launch.launchNumber = 1;
  }

  // Start from what the source says, then apply the layers.
  if (const LaunchSite *site = launch.site) {
    auto known =
        [](const Dim3Value &dim) -> std::optional<std::array<uint64_t, 3>> {
      std::array<uint64_t, 3> out;
      for (unsigned i = 0; i < 3; ++i) {
        std::optional<uint64_t> v = dim.components[i].asUnsigned();
        if (!v)
          return std::nullopt;
        out[i] = *v;
      }
      return out;
    };
    launch.grid = known(site->grid);
    for (unsigned i = 0; i < 3; ++i)
      launch.gridComponents[i] =
          site->grid.components[i].asUnsigned().value_or(0);
    launch.block = known(site->block);
    if (launch.grid)
      launch.gridOrigin = "source";
    if (launch.block)
      launch.blockOrigin = "source";
    if (site->dynamicSharedBytes.text.empty()) {
      launch.dynamicSharedBytes = 0;
      launch.sharedOrigin = "source";
    } else if (auto v = site->dynamicSharedBytes.asUnsigned()) {
      launch.dynamicSharedBytes = v;
      launch.sharedOrigin = "source";
    }
    for (const LaunchArgument &arg : site->args)
      if (arg.value.isKnown())
        launch.args[arg.param] = arg.value;
  }
  for (const LaunchOverrides *layer : layers) {
    for (unsigned i = 0; i < 3; ++i)
      if (layer->gridComponents[i])
        launch.gridComponents[i] = layer->gridComponents[i];
    if (layer->grid) {
      launch.grid = layer->grid;
      launch.gridComponents = *layer->grid;
      launch.gridOrigin = layer->origin;
    }
    if (layer->block) {
      launch.block = layer->block;
      launch.blockOrigin = layer->origin;
    }
    if (layer->dynamicSharedBytes) {
      launch.dynamicSharedBytes = layer->dynamicSharedBytes;
      launch.sharedOrigin = layer->origin;
    }
    for (const auto &[name, text] : layer->args) {
      auto param = llvm::find_if(
          kernel.params, [&](const KernelParam &p) { return p.name == name; });
      // A member of a struct parameter passed by value: `p.n`.
      auto [base, path] = llvm::StringRef(name).split('.');
      if (param == kernel.params.end() && !path.empty()) {
        auto owner = llvm::find_if(kernel.params, [&](const KernelParam &p) {
          return p.name == base;
        });
        if (owner != kernel.params.end()) {
          const StructField *field = fieldNamed(*owner, path);
          if (!field) {
            std::string names;
            for (const StructField &f : owner->fields)
              names += (names.empty() ? "" : ", ") + owner->name + "." + f.path;
            return makeError(layer->origin + ": parameter '" + owner->name +
                             "' of kernel '" + kernel.name +
                             "' has no member '" + path.str() +
                             "' that takes a value; " +
                             (names.empty() ? std::string("it has none")
                                            : "its members are: " + names));
          }
          KernelParam member = field->type;
          member.name = name;
          auto value = parseArgValue(member, text, layer->origin);
          if (!value)
            return value.takeError();
          launch.args[name] = *value;
          continue;
        }
      }
      if (param == kernel.params.end()) {
        std::string names;
        for (const KernelParam &p : kernel.params)
          names += (names.empty() ? "" : ", ") + p.name;
        return makeError(
            layer->origin + ": kernel '" + kernel.name +
            "' has no parameter '" + name +
            "'; its parameters are: " + (names.empty() ? "(none)" : names));
      }
      auto value = parseArgValue(*param, text, layer->origin);
      if (!value)
        return value.takeError();
      launch.args[name] = *value;
    }
  }
  return launch;
}

std::string dimText(const std::array<uint64_t, 3> &dim) {
  return "(" + std::to_string(dim[0]) + ", " + std::to_string(dim[1]) + ", " +
         std::to_string(dim[2]) + ")";
}

std::string missingPartMessage(const PartialLaunch &launch, LaunchPart part,
                               llvm::StringRef argument) {
  const LaunchSite *site = launch.site;
  std::string where;
  if (site)
    where = " (the launch at " + displayPath(site->position.file) + ":" +
            std::to_string(site->position.line) + ")";
  auto reasonOf = [](const Dim3Value &dim) {
    for (const EvaluatedValue &c : dim.components)
      if (!c.isKnown())
        return c.unknownReason;
    return std::string();
  };
  auto giveIt = [](UserInput input, llvm::StringRef value) {
    return "; give it with " + userInput(input, value) + " or in a " +
           userInput(UserInput::LaunchSpec) + " file";
  };
  const std::string noSite = " (no launch site in the file)";
  switch (part) {
  case LaunchPart::Grid:
    return "the grid size" +
           (site ? where + " is '" + site->grid.text +
                       "': " + reasonOf(site->grid)
                 : noSite) +
           giveIt(UserInput::Grid, "X[,Y[,Z]]");
  case LaunchPart::Block:
    return "the block size" +
           (site ? where + " is '" + site->block.text +
                       "': " + reasonOf(site->block)
                 : noSite) +
           giveIt(UserInput::Block, "X[,Y[,Z]]");
  case LaunchPart::DynamicShared:
    return "the dynamic shared memory size" +
           (site ? where + " is '" + site->dynamicSharedBytes.text +
                       "': " + site->dynamicSharedBytes.unknownReason
                 : std::string(" (the kernel declares extern __shared__ "
                               "memory)")) +
           giveIt(UserInput::DynamicShared, "BYTES");
  case LaunchPart::Argument:
    break;
  }
  std::string reason = noSite;
  if (site)
    for (const LaunchArgument &arg : site->args)
      if (arg.param == argument)
        reason =
            where + " is '" + arg.value.text + "': " + arg.value.unknownReason;
  return "the argument '" + argument.str() + "'" + reason +
         giveIt(UserInput::Argument, argument.str() + "=VALUE");
}

llvm::Expected<LaunchConfig>
resolveLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel,
              llvm::ArrayRef<const LaunchOverrides *> layers,
              bool allowUnknownArgs) {
  auto merged = mergeLaunch(unit, kernel, layers);
  if (!merged)
    return merged.takeError();
  LaunchConfig config;
  config.kernel = kernel.name;
  const LaunchSite *site = merged->site;
  std::optional<std::array<uint64_t, 3>> grid = merged->grid,
                                         block = merged->block;
  std::optional<uint64_t> shared = merged->dynamicSharedBytes;
  std::map<std::string, EvaluatedValue> &args = merged->args;
  config.gridOrigin = merged->gridOrigin;
  config.blockOrigin = merged->blockOrigin;
  config.sharedOrigin = merged->sharedOrigin;
  std::vector<std::string> missing;
  if (site) {
    config.site = site->position;
    config.siteApi = site->api;
    config.sitePointer = site->pointer;
    config.siteVariant = site->variant;
    config.launchNumber = merged->launchNumber;
    config.launchCount = merged->launchCount;
    config.launchChosen = merged->launchChosen;
  }
  if (!grid)
    missing.push_back(missingPartMessage(*merged, LaunchPart::Grid));
  if (!block)
    missing.push_back(missingPartMessage(*merged, LaunchPart::Block));
  if (!shared) {
    if (site || kernel.usesDynamicShared)
      missing.push_back(missingPartMessage(*merged, LaunchPart::DynamicShared));
    else
      shared = 0;
  }
  for (const KernelParam &param : kernel.params) {
    if (param.kind != ParamKind::Integer && param.kind != ParamKind::Floating &&
        param.kind != ParamKind::Boolean)
      continue;
    auto it = args.find(param.name);
    if (it != args.end()) {
      LaunchArgument arg;
      arg.param = param.name;
      arg.value = it->second;
      config.args.push_back(std::move(arg));
      continue;
    }
    std::string message =
        missingPartMessage(*merged, LaunchPart::Argument, param.name);
    if (allowUnknownArgs)
      config.unknownArgs.push_back({param.name, std::move(message)});
    else
      missing.push_back(std::move(message));
  }
  // Members of struct parameters, when given (the access model says which
  // it needs).
  for (const KernelParam &param : kernel.params)
    for (const StructField &field : param.fields) {
      auto it = args.find(param.name + "." + field.path);
      if (it == args.end())
        continue;
      LaunchArgument arg;
      arg.param = it->first;
      arg.value = it->second;
      config.args.push_back(std::move(arg));
    }
  if (!missing.empty()) {
    std::string message =
        "kernel '" + kernel.name + "': the launch configuration is incomplete:";
    for (const std::string &m : missing)
      message += "\n  " + m;
    return makeError(message);
  }
  config.grid = *grid;
  config.block = *block;
  config.dynamicSharedBytes = *shared;
  for (unsigned i = 0; i < 3; ++i) {
    if (config.grid[i] == 0 || config.block[i] == 0)
      return makeError("kernel '" + kernel.name + "': the launch has a zero " +
                       (config.grid[i] == 0 ? "grid" : "block") +
                       " dimension (grid " + dimString(config.grid) +
                       ", block " + dimString(config.block) + ")");
  }
  // CUDA's limits for every compute capability from 3.0 on (the CUDA C++
  // Programming Guide, Technical Specifications): a launch beyond them fails.
  static constexpr uint64_t gridLimit[3] = {2147483647, 65535, 65535};
  static constexpr uint64_t blockLimit[3] = {1024, 1024, 64};
  static constexpr const char *axis[3] = {"x", "y", "z"};
  for (unsigned i = 0; i < 3; ++i) {
    if (config.grid[i] > gridLimit[i] || config.block[i] > blockLimit[i]) {
      bool grid = config.grid[i] > gridLimit[i];
      return llvm::make_error<IllegalLaunchError>(
          kernel.name,
          std::string("the ") + (grid ? "grid" : "block") + " size " +
              dimText(grid ? config.grid : config.block) +
              " is beyond CUDA's limit of " +
              std::to_string(grid ? gridLimit[i] : blockLimit[i]) + " in " +
              axis[i]);
    }
  }
  if (config.block[0] * config.block[1] * config.block[2] > 1024)
    return llvm::make_error<IllegalLaunchError>(
        kernel.name,
        "a block of " + dimText(config.block) + " has " +
            std::to_string(config.block[0] * config.block[1] *
                           config.block[2]) +
            " threads, beyond CUDA's limit of 1024");
  return config;
}

std::string LaunchAssumption::describe() const {
  std::string what = !hostNames.empty() ? "host values " + part + " = " + value
                     : argument         ? part + " = " + value
                                        : part + " " + value;
  return what + " (" + basis + "); " + missing;
}

} // namespace gpurd

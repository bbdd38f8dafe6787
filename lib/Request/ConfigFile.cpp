//===- ConfigFile.cpp - Reading a project's .gpurd file -------------------===//
//
// Read with LLVM's YAML parser (llvm/Support/YAMLParser.h) rather than its
// YAML I/O traits: every value is checked here, where its node knows its line
// and column, so that an error names the place as well as the key.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Request/ConfigFile.h"

#include "gpurd/Advisor/Advisor.h"
#include "gpurd/Advisor/Check.h"
#include "gpurd/Arch/Presets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <array>

using namespace llvm;

namespace gpurd::request {
namespace {

constexpr std::array<StringRef, 7> TopKeys = {
    "Checks", "CheckOptions", "WarningsAsErrors", "FailOn",
    "Arch",   "ArchFile",     "Launches"};
constexpr std::array<StringRef, 6> LaunchKeys = {
    "Kernel", "Grid", "Block", "DynamicSharedBytes", "Launch", "Args"};

/// One configuration file being read: its text, where its nodes are, and
/// the first error.
class Reader {
public:
  Reader(StringRef text, StringRef path) : path(path.str()) {
    // Before the stream exists: it may report as soon as it is made.
    sources.setDiagHandler(
        [](const SMDiagnostic &diagnostic, void *context) {
          auto *self = static_cast<Reader *>(context);
          if (!self->syntaxError)
            self->syntaxError =
                self->at(diagnostic.getLineNo(), diagnostic.getColumnNo() + 1,
                         diagnostic.getMessage());
        },
        this);
    stream = std::make_unique<yaml::Stream>(text, sources,
                                            /*ShowColors=*/false);
  }

  Error apply(Settings &settings);

private:
  std::string at(unsigned line, unsigned column, const Twine &message) const {
    return (path + ":" + Twine(line) + ":" + Twine(column) + ": " + message)
        .str();
  }
  Error errorAt(yaml::Node *node, const Twine &message) {
    auto [line, column] =
        sources.getLineAndColumn(node->getSourceRange().Start);
    return createStringError(inconvertibleErrorCode(),
                             at(line, column, message));
  }
  Error parseError() {
    return createStringError(inconvertibleErrorCode(),
                             syntaxError.value_or(path + ": not valid YAML"));
  }

  /// The text of a scalar \p node, or an error naming \p key.
  Expected<std::string> scalar(yaml::Node *node, StringRef key);
  Expected<uint64_t> number(yaml::Node *node, StringRef key, uint64_t least);
  Expected<std::array<uint64_t, 3>> dim3(yaml::Node *node, StringRef key);
  Error checkOptions(yaml::Node *node, CheckSettings &checks);
  Error launches(yaml::Node *node, LaunchSettings &launch);
  Expected<LaunchOverrides> launch(yaml::Node *node, std::string &kernel);

  std::string path;
  SourceMgr sources;
  std::unique_ptr<yaml::Stream> stream;
  std::optional<std::string> syntaxError;
};

Expected<std::string> Reader::scalar(yaml::Node *node, StringRef key) {
  auto *value = dyn_cast_or_null<yaml::ScalarNode>(node);
  if (!value)
    return errorAt(node, key + " takes a single value");
  SmallString<64> storage;
  return value->getValue(storage).str();
}

Expected<uint64_t> Reader::number(yaml::Node *node, StringRef key,
                                  uint64_t least) {
  auto text = scalar(node, key);
  if (!text)
    return text.takeError();
  uint64_t value = 0;
  if (StringRef(*text).getAsInteger(10, value) || value < least)
    return errorAt(node, key + " takes an integer of at least " + Twine(least) +
                             ", got '" + *text + "'");
  return value;
}

Expected<std::array<uint64_t, 3>> Reader::dim3(yaml::Node *node,
                                               StringRef key) {
  std::array<uint64_t, 3> dim = {1, 1, 1};
  if (auto *list = dyn_cast<yaml::SequenceNode>(node)) {
    unsigned i = 0;
    for (yaml::Node &item : *list) {
      if (i == 3)
        return errorAt(&item, key + " has at most 3 components (x, y, z)");
      auto value = number(&item, key, 1);
      if (!value)
        return value.takeError();
      dim[i++] = *value;
    }
    if (i == 0)
      return errorAt(node, key + " takes 1 to 3 positive integers");
    return dim;
  }
  auto value = number(node, key, 1);
  if (!value)
    return value.takeError();
  dim[0] = *value;
  return dim;
}

Error Reader::checkOptions(yaml::Node *node, CheckSettings &checks) {
  // clang-tidy's two spellings: a mapping of CHECK.OPTION to values, and the
  // older list of {key, value} pairs.
  auto one = [&](yaml::Node *keyNode, yaml::Node *valueNode) -> Error {
    auto key = scalar(keyNode, "a check option's name");
    if (!key)
      return key.takeError();
    auto value = scalar(valueNode, *key);
    if (!value)
      return value.takeError();
    // Checked as the advisor checks it, here where the line is known.
    advisor::AdvisorOptions alone;
    alone.checkOptions[*key] = *value;
    if (auto advisor = advisor::Advisor::create(alone); !advisor)
      return errorAt(keyNode, "CheckOptions: " + toString(advisor.takeError()));
    checks.options[*key] = *value;
    return Error::success();
  };
  if (auto *map = dyn_cast<yaml::MappingNode>(node)) {
    for (yaml::KeyValueNode &entry : *map)
      if (Error error = one(entry.getKey(), entry.getValue()))
        return error;
    return Error::success();
  }
  auto *list = dyn_cast<yaml::SequenceNode>(node);
  if (!list)
    return errorAt(node, "CheckOptions takes a mapping of CHECK.OPTION to "
                         "values");
  for (yaml::Node &item : *list) {
    auto *pair = dyn_cast<yaml::MappingNode>(&item);
    if (!pair)
      return errorAt(&item, "CheckOptions: each entry is {key: CHECK.OPTION, "
                            "value: VALUE}");
    yaml::Node *key = nullptr, *value = nullptr;
    for (yaml::KeyValueNode &entry : *pair) {
      auto name = scalar(entry.getKey(), "CheckOptions");
      if (!name)
        return name.takeError();
      if (*name == "key")
        key = entry.getValue();
      else if (*name == "value")
        value = entry.getValue();
      else
        return errorAt(entry.getKey(), "unknown key '" + *name +
                                           "' in a CheckOptions entry; its "
                                           "keys are key and value");
    }
    if (!key || !value)
      return errorAt(&item, "CheckOptions: each entry is {key: CHECK.OPTION, "
                            "value: VALUE}");
    if (Error error = one(key, value))
      return error;
  }
  return Error::success();
}

Expected<LaunchOverrides> Reader::launch(yaml::Node *node,
                                         std::string &kernel) {
  auto *map = dyn_cast<yaml::MappingNode>(node);
  if (!map)
    return errorAt(node, "each entry of Launches is a mapping (Kernel: NAME, "
                         "Grid: [X, Y], ...)");
  LaunchOverrides values;
  values.origin = path;
  for (yaml::KeyValueNode &entry : *map) {
    auto key = scalar(entry.getKey(), "Launches");
    if (!key)
      return key.takeError();
    yaml::Node *value = entry.getValue();
    if (*key == "Kernel") {
      auto name = scalar(value, "Kernel");
      if (!name)
        return name.takeError();
      kernel = *name;
    } else if (*key == "Grid" || *key == "Block") {
      auto dim = dim3(value, *key);
      if (!dim)
        return dim.takeError();
      (*key == "Grid" ? values.grid : values.block) = *dim;
    } else if (*key == "DynamicSharedBytes") {
      auto bytes = number(value, *key, 0);
      if (!bytes)
        return bytes.takeError();
      values.dynamicSharedBytes = *bytes;
    } else if (*key == "Launch") {
      auto index = number(value, *key, 1);
      if (!index)
        return index.takeError();
      values.launchIndex = unsigned(*index);
    } else if (*key == "Args") {
      auto *args = dyn_cast<yaml::MappingNode>(value);
      if (!args)
        return errorAt(value, "Args takes a mapping of parameter names to "
                              "numbers ({n: 4096})");
      for (yaml::KeyValueNode &arg : *args) {
        auto name = scalar(arg.getKey(), "Args");
        if (!name)
          return name.takeError();
        auto number = scalar(arg.getValue(), *name);
        if (!number)
          return number.takeError();
        double parsed;
        if (*number != "true" && *number != "false" &&
            !to_float(*number, parsed))
          return errorAt(arg.getValue(), "argument '" + *name +
                                             "' takes a number or true/false, "
                                             "got '" +
                                             *number + "'");
        values.args[*name] = *number;
      }
    } else {
      return errorAt(entry.getKey(), "unknown key '" + *key +
                                         "' in a Launches entry; its "
                                         "keys are " +
                                         join(LaunchKeys, ", "));
    }
  }
  if (kernel.empty())
    return errorAt(node, "a Launches entry names its kernel (Kernel: NAME)");
  return values;
}

Error Reader::launches(yaml::Node *node, LaunchSettings &launch) {
  auto *list = dyn_cast<yaml::SequenceNode>(node);
  if (!list)
    return errorAt(node, "Launches takes a list of launch values by kernel");
  LaunchSpec spec;
  for (yaml::Node &item : *list) {
    std::string kernel;
    auto values = this->launch(&item, kernel);
    if (!values)
      return values.takeError();
    spec.kernels.push_back({kernel, std::move(*values)});
  }
  launch.byKernel = std::move(spec);
  launch.byKernelOrigin = path;
  return Error::success();
}

Error Reader::apply(Settings &settings) {
  auto document = stream->begin();
  if (document == stream->end())
    return Error::success();
  yaml::Node *root = document->getRoot();
  if (stream->failed())
    return parseError();
  if (isa<yaml::NullNode>(root))
    return Error::success(); // An empty file.
  auto *top = dyn_cast<yaml::MappingNode>(root);
  if (!top)
    return errorAt(root, "a .gpurd file is a mapping of keys (" +
                             join(TopKeys, ", ") + ")");
  for (yaml::KeyValueNode &entry : *top) {
    if (stream->failed())
      return parseError();
    auto key = scalar(entry.getKey(), "a key");
    if (!key)
      return key.takeError();
    yaml::Node *value = entry.getValue();
    if (*key == "Checks" || *key == "WarningsAsErrors") {
      auto globs = scalar(value, *key);
      if (!globs)
        return globs.takeError();
      if (auto filter = advisor::CheckFilter::parse(*globs); !filter)
        return errorAt(value, *key + ": " + toString(filter.takeError()));
      if (*key == "Checks")
        settings.checks.addChecks(*globs);
      else
        settings.checks.warningsAsErrors = *globs;
    } else if (*key == "CheckOptions") {
      if (Error error = checkOptions(value, settings.checks))
        return error;
    } else if (*key == "FailOn") {
      auto text = scalar(value, *key);
      if (!text)
        return text.takeError();
      std::optional<FailOn> failOn =
          StringSwitch<std::optional<FailOn>>(*text)
              .Case("none", FailOn::None)
              .Case("warning", FailOn::Warning)
              .Cases("remark", "note", FailOn::Remark)
              .Default(std::nullopt);
      if (!failOn)
        return errorAt(value, "FailOn takes none, warning or remark, got '" +
                                  *text + "'");
      settings.output.failOn = *failOn;
    } else if (*key == "Arch") {
      auto name = scalar(value, *key);
      if (!name)
        return name.takeError();
      if (!is_contained(arch::presetNames(), StringRef(*name)))
        return errorAt(value, "Arch: '" + *name +
                                  "' is not a preset; the "
                                  "presets are " +
                                  join(arch::presetNames(), ", ") +
                                  " (ArchFile names a description file)");
      settings.arch.name = *name;
      settings.arch.file.clear();
    } else if (*key == "ArchFile") {
      auto file = scalar(value, *key);
      if (!file)
        return file.takeError();
      SmallString<256> resolved(*file);
      if (!sys::path::is_absolute(resolved)) {
        resolved = sys::path::parent_path(path);
        sys::path::append(resolved, *file);
      }
      if (!sys::fs::exists(resolved))
        return errorAt(value, "ArchFile: '" + resolved + "' does not exist");
      settings.arch.file = resolved.str().str();
      settings.arch.name.reset();
    } else if (*key == "Launches") {
      if (Error error = launches(value, settings.launch))
        return error;
    } else {
      return errorAt(entry.getKey(), "unknown key '" + *key +
                                         "'; the keys are " +
                                         join(TopKeys, ", "));
    }
  }
  if (stream->failed())
    return parseError();
  if (++document != stream->end())
    return errorAt(document->getRoot(),
                   "a .gpurd file holds one YAML document");
  return Error::success();
}

} // namespace

std::optional<std::string> findConfigFile(StringRef sourceFile) {
  SmallString<256> directory(sourceFile);
  sys::fs::make_absolute(directory);
  sys::path::remove_dots(directory, /*remove_dot_dot=*/true);
  for (StringRef dir = sys::path::parent_path(directory); !dir.empty();
       dir = sys::path::parent_path(dir)) {
    SmallString<256> candidate(dir);
    sys::path::append(candidate, ConfigFileName);
    if (sys::fs::is_regular_file(candidate))
      return candidate.str().str();
  }
  return std::nullopt;
}

Error applyConfig(StringRef text, StringRef path, Settings &settings) {
  // Settings change only when the whole file is good.
  Settings updated = settings;
  Reader reader(text, path);
  if (Error error = reader.apply(updated))
    return error;
  settings = std::move(updated);
  return Error::success();
}

Error applyConfigFile(StringRef path, Settings &settings) {
  auto buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(
        buffer.getError(), "cannot read the configuration file '%s': %s",
        path.str().c_str(), buffer.getError().message().c_str());
  return applyConfig((*buffer)->getBuffer(), path, settings);
}

} // namespace gpurd::request

//===- Presets.cpp - Built-in GPU architecture presets --------------------===//

#include "gpurd/Arch/Presets.h"
#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/EmbeddedPresets.inc"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <vector>

namespace gpurd::arch {
namespace {

struct Preset {
  llvm::StringRef name;
  llvm::StringRef text;
};

const std::vector<Preset> &presets() {
  static const std::vector<Preset> all = [] {
    std::vector<Preset> result;
    for (const EmbeddedFile &file : embedded::EmbeddedFiles) {
      llvm::StringRef name(file.name.data(), file.name.size());
      if (!name.consume_back(".json"))
        continue;
      result.push_back({name, {file.contents.data(), file.contents.size()}});
    }
    llvm::sort(result, [](const Preset &a, const Preset &b) {
      return a.name < b.name;
    });
    return result;
  }();
  return all;
}

} // namespace

llvm::ArrayRef<llvm::StringRef> presetNames() {
  static const std::vector<llvm::StringRef> names = [] {
    std::vector<llvm::StringRef> result;
    for (const Preset &preset : presets())
      result.push_back(preset.name);
    return result;
  }();
  return names;
}

std::optional<std::string> presetForComputeCapability(llvm::StringRef sm) {
  std::optional<std::string> best;
  for (llvm::StringRef name : presetNames()) {
    llvm::Expected<ArchDescription> preset = loadPreset(name);
    if (!preset) {
      llvm::consumeError(preset.takeError()); // The presets' own tests fail.
      continue;
    }
    if (preset->computeCapability == sm &&
        (!best || name.size() < best->size()))
      best = name.str();
  }
  return best;
}

std::optional<llvm::StringRef> presetText(llvm::StringRef name) {
  for (const Preset &preset : presets())
    if (preset.name == name)
      return preset.text;
  return std::nullopt;
}

llvm::Expected<ArchDescription> loadPreset(llvm::StringRef name) {
  if (std::optional<llvm::StringRef> text = presetText(name))
    return parseArchJson(*text, name);
  std::string message = "unknown architecture preset '" + name.str() + "'";
  // Suggest the closest name, or one that starts with what was typed.
  llvm::StringRef best;
  unsigned bestDistance = std::max<size_t>(3, name.size() / 3) + 1;
  for (llvm::StringRef candidate : presetNames()) {
    unsigned distance = candidate.starts_with(name.lower()) && !name.empty()
                            ? 0
                            : llvm::StringRef(name.lower())
                                  .edit_distance(candidate, true, bestDistance);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  if (!best.empty())
    message += "; did you mean '" + best.str() + "'?";
  message += " (known presets: " + llvm::join(presetNames(), ", ") +
             "; or give the path of a JSON file)";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<ArchDescription> loadArchFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(
        buffer.getError(), "cannot read architecture file '%s': %s",
        path.str().c_str(), buffer.getError().message().c_str());
  return parseArchJson((*buffer)->getBuffer(), path);
}

llvm::Expected<ArchDescription> loadArch(llvm::StringRef presetOrPath) {
  if (presetText(presetOrPath))
    return loadPreset(presetOrPath);
  if (presetOrPath.ends_with(".json") || llvm::sys::fs::exists(presetOrPath))
    return loadArchFile(presetOrPath);
  return loadPreset(presetOrPath);
}

} // namespace gpurd::arch

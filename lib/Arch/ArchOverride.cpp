//===- ArchOverride.cpp - `--set key=value` overrides ---------------------===//
//
// An override edits the JSON document form of the description and reads it
// back, so it is checked by exactly the rules of parseArchJson.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Support/UserInput.h"

#include "ArchJsonInternal.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using nlohmann::json;

namespace gpurd::arch {
namespace {

llvm::Error overrideError(llvm::StringRef key, llvm::StringRef value,
                          const llvm::Twine &message) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      (userInput(UserInput::ArchSetting, (key + "=" + value).str()) + ": " +
       message)
          .str());
}

/// The value as JSON, or as a string when it is not valid JSON.
json parseOverrideValue(llvm::StringRef value) {
  json parsed = json::parse(value.begin(), value.end(), nullptr,
                            /*allow_exceptions=*/false);
  if (parsed.is_discarded())
    return json(value.str());
  return parsed;
}

} // namespace

llvm::Error applyOverride(ArchDescription &arch, llvm::StringRef key,
                          llvm::StringRef value) {
  llvm::SmallVector<llvm::StringRef, 4> parts;
  key.split(parts, '.');
  if (llvm::any_of(parts, [](llvm::StringRef part) {
        return part.empty() ||
               !llvm::all_of(part, [](char c) { return llvm::isAlnum(c); });
      }))
    return overrideError(key, value,
                         "expected a key of dot-separated field names, such "
                         "as l1.assoc");

  json document = archToJson(arch);
  json *node = &document;
  std::string pointer;
  for (llvm::StringRef part : llvm::ArrayRef(parts).drop_back()) {
    pointer += "/" + part.str();
    json &child = (*node)[part.str()];
    if (child.is_null())
      child = json::object();
    else if (!child.is_object())
      return overrideError(key, value,
                           pointer + " is " + describeValue(child) +
                               ", not an object with fields");
    node = &child;
  }
  json newValue = parseOverrideValue(value);
  if (newValue.is_null())
    node->erase(parts.back().str());
  else
    (*node)[parts.back().str()] = std::move(newValue);

  llvm::Expected<ArchDescription> updated = archFromJson(
      document, userInput(UserInput::ArchSetting, (key + "=" + value).str()));
  if (!updated)
    return updated.takeError();
  arch = std::move(*updated);
  return llvm::Error::success();
}

llvm::Error applyOverride(ArchDescription &arch, llvm::StringRef assignment) {
  auto [key, value] = assignment.split('=');
  if (key.size() == assignment.size())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        userInput(UserInput::ArchSetting, assignment) +
            ": expected key=value, such as l1.assoc=8");
  return applyOverride(arch, key.trim(), value.trim());
}

} // namespace gpurd::arch

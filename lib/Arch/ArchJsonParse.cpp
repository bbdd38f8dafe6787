//===- ArchJsonParse.cpp - JSON text to ArchDescription -------------------===//
//
// Parses the text (syntax errors with line and column, duplicate keys),
// resolves "base" through the presets, then reads and validates.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"

#include "ArchJsonInternal.h"
#include "Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using nlohmann::json;

namespace gpurd::arch {
namespace {

/// Turns nlohmann's "[json.exception.parse_error.101] parse error at line 3,
/// column 5: syntax error ..." into "<source>:3:5: invalid JSON: syntax
/// error ...".
std::string formatSyntaxError(llvm::StringRef what, llvm::StringRef source) {
  llvm::StringRef rest = what;
  unsigned line = 0, column = 0;
  size_t at = rest.find("at line ");
  if (at != llvm::StringRef::npos) {
    rest = rest.drop_front(at + strlen("at line "));
    rest.consumeInteger(10, line);
    rest.consume_front(", column ");
    rest.consumeInteger(10, column);
    rest.consume_front(": ");
  } else if ((at = rest.find("] ")) != llvm::StringRef::npos) {
    rest = rest.drop_front(at + 2);
  }
  std::string location = source.str();
  if (line)
    location += ":" + std::to_string(line) + ":" + std::to_string(column);
  return location + ": invalid JSON: " + rest.str();
}

/// Tracks where the parser is, to name duplicate keys by JSON pointer.
class DuplicateKeyFinder {
public:
  explicit DuplicateKeyFinder(Diagnostics &diags) : diags(diags) {}

  bool operator()(int depth, json::parse_event_t event, json &parsed) {
    switch (event) {
    case json::parse_event_t::object_start:
      beginValue();
      frames.push_back({/*isArray=*/false, 0, {}, {}});
      break;
    case json::parse_event_t::array_start:
      beginValue();
      frames.push_back({/*isArray=*/true, 0, {}, {}});
      break;
    case json::parse_event_t::object_end:
    case json::parse_event_t::array_end:
      if (!frames.empty())
        frames.pop_back();
      break;
    case json::parse_event_t::key: {
      if (frames.empty())
        break;
      Frame &frame = frames.back();
      frame.key = parsed.get<std::string>();
      if (!frame.keys.insert(frame.key).second)
        diags.error(pointer(), "duplicate key");
      break;
    }
    case json::parse_event_t::value:
      beginValue();
      break;
    }
    return true;
  }

private:
  struct Frame {
    bool isArray;
    size_t nextIndex;
    std::set<std::string> keys;
    std::string key;
  };

  /// A value starts: in an array it takes the next index.
  void beginValue() {
    if (!frames.empty() && frames.back().isArray)
      frames.back().key = std::to_string(frames.back().nextIndex++);
  }

  std::string pointer() const {
    std::string result;
    for (const Frame &frame : frames)
      result = appendPointer(result, frame.key);
    return result;
  }

  Diagnostics &diags;
  llvm::SmallVector<Frame, 8> frames;
};

} // namespace

llvm::Expected<json> parseJsonText(llvm::StringRef text,
                                   llvm::StringRef sourceName) {
  Diagnostics duplicates(sourceName);
  DuplicateKeyFinder finder(duplicates);
  json document;
  try {
    document = json::parse(
        text.begin(), text.end(),
        [&finder](int depth, json::parse_event_t event, json &parsed) {
          return finder(depth, event, parsed);
        });
  } catch (const json::exception &e) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   formatSyntaxError(e.what(), sourceName));
  }
  if (llvm::Error error = duplicates.takeError())
    return error;
  return document;
}

llvm::Expected<json> resolveBase(json document, llvm::StringRef sourceName) {
  llvm::SmallVector<std::string, 4> chain;
  // Each level's keys override those of its base (JSON merge patch).
  llvm::SmallVector<json, 4> layers;
  while (document.is_object() && document.contains("base")) {
    const json &base = document["base"];
    if (!base.is_string())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s: /base: expected the name of a preset, got %s",
          sourceName.str().c_str(), describeValue(base).c_str());
    std::string baseName = base.get<std::string>();
    if (llvm::is_contained(chain, baseName) || chain.size() > 16)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s: /base: preset \"%s\" is its own base (through %s)",
          sourceName.str().c_str(), baseName.c_str(),
          llvm::join(chain, " -> ").c_str());
    chain.push_back(baseName);
    std::optional<llvm::StringRef> baseText = presetText(baseName);
    if (!baseText) {
      std::string message =
          sourceName.str() + ": /base: unknown preset \"" + baseName +
          "\"; known presets: " + llvm::join(presetNames(), ", ");
      return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
    }
    document.erase("base");
    layers.push_back(std::move(document));
    llvm::Expected<json> parsedBase = parseJsonText(*baseText, baseName);
    if (!parsedBase)
      return parsedBase.takeError();
    document = std::move(*parsedBase);
  }
  while (!layers.empty()) {
    document.merge_patch(layers.back());
    layers.pop_back();
  }
  return document;
}

llvm::Expected<ArchDescription> parseArchJson(llvm::StringRef text,
                                              llvm::StringRef sourceName) {
  llvm::Expected<json> document = parseJsonText(text, sourceName);
  if (!document)
    return document.takeError();
  llvm::Expected<json> resolved = resolveBase(std::move(*document), sourceName);
  if (!resolved)
    return resolved.takeError();
  return archFromJson(*resolved, sourceName);
}

} // namespace gpurd::arch

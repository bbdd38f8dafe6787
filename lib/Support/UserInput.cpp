//===- UserInput.cpp - References to the inputs a user gives gpurd --------===//
//
// A reference is written `{{input:NAME}}` or `{{input:NAME VALUE}}` inside
// the text; values never contain `}}`.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/StringSwitch.h"

namespace gpurd {
namespace {

constexpr llvm::StringLiteral Open = "{{input:";
constexpr llvm::StringLiteral Close = "}}";

/// Calls \p onText for the text between references and \p onInput for each
/// reference of \p text, in order. A malformed reference is text.
template <typename OnText, typename OnInput>
void forEachPart(llvm::StringRef text, OnText onText, OnInput onInput) {
  while (!text.empty()) {
    size_t open = text.find(Open);
    size_t close = open == llvm::StringRef::npos
                       ? llvm::StringRef::npos
                       : text.find(Close, open + Open.size());
    if (close == llvm::StringRef::npos) {
      onText(text);
      return;
    }
    llvm::StringRef body = text.slice(open + Open.size(), close);
    auto [name, value] = body.split(' ');
    std::optional<UserInput> input = userInputNamed(name);
    onText(text.take_front(open));
    if (input)
      onInput(*input, value);
    else
      onText(text.slice(open, close + Close.size()));
    text = text.drop_front(close + Close.size());
  }
}

} // namespace

const char *userInputName(UserInput input) {
  switch (input) {
  case UserInput::Grid:
    return "grid";
  case UserInput::Block:
    return "block";
  case UserInput::DynamicShared:
    return "smem";
  case UserInput::Argument:
    return "arg";
  case UserInput::LaunchSpec:
    return "launch-spec";
  case UserInput::Launch:
    return "launch";
  case UserInput::Buffer:
    return "buffer";
  case UserInput::ArchSetting:
    return "set";
  case UserInput::TraceSource:
    return "trace-source";
  case UserInput::Sms:
    return "sms";
  case UserInput::EmitTrace:
    return "emit-trace";
  case UserInput::IslMaxOperations:
    return "isl-max-operations";
  }
  return "";
}

std::optional<UserInput> userInputNamed(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<UserInput>>(name)
      .Case("grid", UserInput::Grid)
      .Case("block", UserInput::Block)
      .Case("smem", UserInput::DynamicShared)
      .Case("arg", UserInput::Argument)
      .Case("launch-spec", UserInput::LaunchSpec)
      .Case("launch", UserInput::Launch)
      .Case("buffer", UserInput::Buffer)
      .Case("set", UserInput::ArchSetting)
      .Case("trace-source", UserInput::TraceSource)
      .Case("sms", UserInput::Sms)
      .Case("emit-trace", UserInput::EmitTrace)
      .Case("isl-max-operations", UserInput::IslMaxOperations)
      .Default(std::nullopt);
}

std::string userInput(UserInput input, llvm::StringRef value) {
  std::string out = Open.str() + userInputName(input);
  if (!value.empty())
    out += " " + value.str();
  return out + Close.str();
}

std::string spellUserInputs(llvm::StringRef text, UserInputSpelling spell) {
  std::string out;
  out.reserve(text.size());
  forEachPart(
      text, [&](llvm::StringRef part) { out += part; },
      [&](UserInput input, llvm::StringRef value) {
        out += spell(input, value);
      });
  return out;
}

std::string spellUserInputsNeutrally(llvm::StringRef text) {
  return spellUserInputs(text, [](UserInput input, llvm::StringRef value) {
    std::string out = userInputName(input);
    if (!value.empty())
      out += " " + value.str();
    return out;
  });
}

std::vector<std::pair<UserInput, std::string>>
userInputsIn(llvm::StringRef text) {
  std::vector<std::pair<UserInput, std::string>> out;
  forEachPart(
      text, [](llvm::StringRef) {},
      [&](UserInput input, llvm::StringRef value) {
        out.emplace_back(input, value.str());
      });
  return out;
}

} // namespace gpurd

//===- Messages.cpp - How gpurd-advise presents library text --------------===//

#include "gpurd/Commands/Messages.h"

#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace gpurd::advise {

namespace {

/// The option that gives \p input (docs/cli.md), and whether its value
/// follows `=` in what the messages suggest.
std::pair<StringRef, bool> optionOf(UserInput input) {
  switch (input) {
  case UserInput::Grid:
    return {"--grid", false};
  case UserInput::Block:
    return {"--block", false};
  case UserInput::DynamicShared:
    return {"--smem", false};
  case UserInput::Argument:
    return {"--arg", false};
  case UserInput::LaunchSpec:
    return {"--launch-spec", false};
  case UserInput::Launch:
    return {"--launch", false};
  case UserInput::Buffer:
    return {"--buffer", false};
  case UserInput::ArchSetting:
    return {"--set", false};
  case UserInput::TraceSource:
    return {"--trace-source", true};
  case UserInput::Sms:
    return {"--sms", false};
  case UserInput::EmitTrace:
    return {"--emit-trace", true};
  case UserInput::IslMaxOperations:
    return {"--isl-max-operations", false};
  }
  return {"", false};
}

} // namespace

std::string optionFor(UserInput input, StringRef value) {
  auto [option, joined] = optionOf(input);
  if (value.empty())
    return option.str();
  return (option + (joined ? "=" : " ") + value).str();
}

std::string spelled(StringRef text) { return spellUserInputs(text, optionFor); }

int reportError(Error error) {
  handleAllErrors(std::move(error), [](const ErrorInfoBase &info) {
    WithColor::error(errs(), "gpurd-advise") << spelled(info.message()) << "\n";
  });
  return 1;
}

std::string kernelMessage(StringRef kernel, Error error) {
  std::string message = toString(std::move(error));
  if (StringRef(message).contains(("kernel '" + kernel + "'").str()))
    return message;
  return ("kernel '" + kernel + "': " + message).str();
}

void warn(StringRef message) {
  WithColor::warning(errs(), "gpurd-advise") << spelled(message) << "\n";
}

void printSpelled(function_ref<void(raw_ostream &)> print) {
  std::string text;
  raw_string_ostream os(text);
  print(os);
  os.flush();
  outs() << spelled(text);
}

void spellJson(nlohmann::json &json) {
  if (json.is_string()) {
    json = spelled(json.get_ref<const std::string &>());
    return;
  }
  if (json.is_array() || json.is_object())
    for (nlohmann::json &child : json)
      spellJson(child);
}

} // namespace gpurd::advise

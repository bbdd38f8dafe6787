//===- Messages.h - How gpurd-advise presents library text ------*- C++ -*-===//
//
// Library messages refer to the inputs that would complete or fix an
// analysis (Support/UserInput.h); gpurd-advise spells each as the option
// that supplies it (`--grid X[,Y[,Z]]`, `--set l1.assoc=WAYS`) in errors,
// warnings, reports and JSON.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_COMMANDS_MESSAGES_H
#define GPURD_COMMANDS_MESSAGES_H

#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gpurd::advise {

/// The option that gives \p input, with \p value (`--grid X[,Y[,Z]]`).
std::string optionFor(UserInput input, llvm::StringRef value);

/// \p text with its input references spelled as options.
std::string spelled(llvm::StringRef text);

/// Prints \p error as `gpurd-advise: error: ...`; returns 1.
int reportError(llvm::Error error);

/// \p error's message, prefixed with \p kernel unless it names it
/// already (the access model's and the enumerator's speak of lines and
/// loops only, a failed device compile of its file), so that each error
/// of the default action says which kernel it stopped.
std::string kernelMessage(llvm::StringRef kernel, llvm::Error error);

/// Prints `gpurd-advise: warning: MESSAGE`.
void warn(llvm::StringRef message);

/// Writes to stdout what \p print writes, spelled.
void printSpelled(llvm::function_ref<void(llvm::raw_ostream &)> print);

/// Spells every string in \p json.
void spellJson(nlohmann::json &json);

} // namespace gpurd::advise

#endif // GPURD_COMMANDS_MESSAGES_H

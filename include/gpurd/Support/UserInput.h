//===- UserInput.h - References to the inputs users give --------*- C++ -*-===//
//
// Library messages often say which input would complete or fix an analysis
// ("give it with --grid X[,Y[,Z]] or in a --launch-spec file"). How that
// input is given is the front end's business: a command-line option for
// gpurd-advise, a field of a request for an autotuner server, a setting for
// a language server. So no library spells it. A message embeds a reference,
// userInput(UserInput::Grid, "X[,Y[,Z]]"), and the front end spells every
// reference when it presents the text (spellUserInputs), as clang's
// diagnostics keep their arguments apart from the words around them.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_USERINPUT_H
#define GPURD_SUPPORT_USERINPUT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpurd {

/// What a user can give gpurd besides the source.
enum class UserInput {
  Grid,             ///< The grid of a launch.
  Block,            ///< The block of a launch.
  DynamicShared,    ///< The dynamic shared memory of a launch, in bytes.
  Argument,         ///< A scalar kernel argument or struct member value.
  LaunchSpec,       ///< A launch-spec file.
  Launch,           ///< Which launch (site or variant) of a kernel.
  Buffer,           ///< An argument buffer for emulation.
  ArchSetting,      ///< One field of the GPU architecture.
  TraceSource,      ///< Which producer makes the trace.
  Sms,              ///< Which SMs are modelled.
  EmitTrace,        ///< A trace file to write.
  IslMaxOperations, ///< The bound on isl's work per kernel.
};

/// The stable name of \p input: `grid`, `block`, `smem`, `arg`,
/// `launch-spec`, `launch`, `buffer`, `set`, `trace-source`, `sms`,
/// `emit-trace`, `isl-max-operations`.
const char *userInputName(UserInput input);
std::optional<UserInput> userInputNamed(llvm::StringRef name);

/// A reference to \p input with the value the user would give
/// (`X[,Y[,Z]]`, `n=VALUE`, or empty), to embed in a message.
std::string userInput(UserInput input, llvm::StringRef value = "");

/// How a front end spells a reference.
using UserInputSpelling =
    llvm::function_ref<std::string(UserInput input, llvm::StringRef value)>;

/// \p text with every reference spelled by \p spell.
std::string spellUserInputs(llvm::StringRef text, UserInputSpelling spell);

/// \p text with every reference spelled as its name and value (`grid
/// X[,Y[,Z]]`), for front ends that have no words of their own.
std::string spellUserInputsNeutrally(llvm::StringRef text);

/// The references in \p text, in order: what a front end could offer to
/// set (an editor's code action, an autotuner's parameter).
std::vector<std::pair<UserInput, std::string>>
userInputsIn(llvm::StringRef text);

} // namespace gpurd

#endif // GPURD_SUPPORT_USERINPUT_H

//===- Options.h - Command-line options of gpurd-advise ---------*- C++ -*-===//
//
// The options (llvm::cl, as Clang tools declare them) are defined in
// Options.cpp and documented in docs/cli.md; no other file reads them. What
// they give goes into the request model every front end fills
// (gpurd/Request/Settings.h), over a project's .gpurd file.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H
#define GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H

#include "gpurd/Commands/Commands.h"
#include "gpurd/Request/Settings.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gpurd::advise {

extern llvm::cl::OptionCategory toolCategory;

ToolActions toolActions();

/// \p settings with the options the command line gives over them (a
/// configuration file's come first). An error names a malformed
/// --check-option.
llvm::Expected<request::Settings>
commandLineSettings(request::Settings settings);

} // namespace gpurd::advise

#endif

//===- gpurd-lsp.cpp - gpurd's findings in the editor, through clangd -----===//
//
// gpurd-lsp [--standalone] [--clangd=PATH] [--gpurd=PATH] [--timeout=S]
//           [--memory-limit=MB] [-- CLANGD ARGS...]
//
// Started by the editor where it would start clangd (docs/editors.md).
// Thin: lib/LSP is the server.
//
//===----------------------------------------------------------------------===//

#include "gpurd/LSP/Findings.h"
#include "gpurd/LSP/Server.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

cl::OptionCategory category("gpurd-lsp options");

cl::opt<bool> standalone(
    "standalone",
    cl::desc("Serve gpurd's diagnostics only, without clangd (for editors "
             "that attach two servers to a file)"),
    cl::cat(category));
cl::opt<std::string> clangdPath(
    "clangd",
    cl::desc("The clangd to start and pass messages to (default clangd-19)"),
    cl::value_desc("PATH"), cl::init("clangd-19"), cl::cat(category));
cl::opt<std::string> gpurdPath(
    "gpurd",
    cl::desc("The gpurd-advise each analysis runs (default: the one beside "
             "gpurd-lsp)"),
    cl::value_desc("PATH"), cl::cat(category));
cl::opt<unsigned> timeoutSeconds(
    "timeout",
    cl::desc("Seconds an analysis may take before it is stopped (default 60)"),
    cl::value_desc("S"), cl::init(60), cl::cat(category));
cl::opt<unsigned> editPause(
    "edit-pause",
    cl::desc("Milliseconds edits must pause before the unsaved buffer is "
             "analysed (default 1000)"),
    cl::value_desc("MS"), cl::init(1000), cl::cat(category));
cl::opt<bool> earlyFindings(
    "early-findings",
    cl::desc("Beside each analysis, run the checks that need no what-if "
             "compile of the kernel in a second worker and publish their "
             "findings first (default on; =false: one worker)"),
    cl::init(true), cl::cat(category));
cl::opt<unsigned> memoryLimit(
    "memory-limit",
    cl::desc("Address space of an analysis in MB (default 4096; 0: none)"),
    cl::value_desc("MB"), cl::init(4096), cl::cat(category));

/// gpurd-advise beside this program.
std::string besideThisProgram(const char *argv0) {
  std::string self = sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&besideThisProgram));
  SmallString<256> path(sys::path::parent_path(self));
  sys::path::append(path, "gpurd-advise");
  return path.str().str();
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(
      [](raw_ostream &os) { os << "gpurd-lsp " << GPURD_VERSION << "\n"; });
  // What follows `--` is clangd's.
  int own = argc;
  for (int i = 1; i < argc; ++i)
    if (StringRef(argv[i]) == "--") {
      own = i;
      break;
    }
  std::vector<std::string> clangdArgs(argv + std::min(own + 1, argc),
                                      argv + argc);
  if (!cl::ParseCommandLineOptions(
          own, argv,
          "gpurd-lsp: gpurd's findings in the editor, beside clangd's\n\n"
          "  gpurd-lsp [options] [-- clangd arguments]\n"))
    return 1;
  gpurd::lsp::ServerOptions options;
  if (!standalone) {
    options.clangd.push_back(clangdPath);
    options.clangd.insert(options.clangd.end(), clangdArgs.begin(),
                          clangdArgs.end());
  }
  options.gpurdAdvise =
      gpurdPath.empty() ? besideThisProgram(argv[0]) : gpurdPath.getValue();
  options.limits.seconds = timeoutSeconds;
  options.limits.memoryBytes = uint64_t(memoryLimit) << 20;
  options.editPause = std::chrono::milliseconds(editPause);
  options.earlyFindings = earlyFindings;
  options.docsBase = GPURD_SOURCES_URL "docs/checks/";
  options.version = GPURD_VERSION;
  return gpurd::lsp::runServer(options);
}

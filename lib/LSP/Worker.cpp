//===- Worker.cpp - The command of an analysis ----------------------------===//

#include "gpurd/LSP/Worker.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpurd::lsp {

ArrayRef<StringRef> deferredChecks() {
  static const StringRef checks[] = {"gpurd-tile-size", "gpurd-shared-tiling"};
  return checks;
}

std::vector<std::string> analysisCommand(StringRef gpurdAdvise, StringRef file,
                                         AnalysisStage stage) {
  std::vector<std::string> argv = {gpurdAdvise.str(), file.str(),
                                   "--stdin-contents", "--format=json"};
  // Added after the .gpurd file's globs (or the default '*'), as clang-tidy
  // adds --checks to its configuration's.
  if (stage == AnalysisStage::Early)
    argv.push_back("--checks=-" + join(deferredChecks(), ",-"));
  for (StringRef dir = sys::path::parent_path(file); !dir.empty();
       dir = sys::path::parent_path(dir)) {
    for (StringRef sub : {"", "build"}) {
      SmallString<256> database(dir);
      sys::path::append(database, sub, "compile_commands.json");
      if (sys::fs::is_regular_file(database)) {
        argv.push_back("-p");
        argv.push_back(sys::path::parent_path(database).str());
        return argv;
      }
    }
  }
  argv.push_back("--");
  return argv;
}

} // namespace gpurd::lsp

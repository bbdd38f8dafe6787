//===- Worker.cpp - The command of an analysis ----------------------------===//

#include "gpurd/LSP/Worker.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpurd::lsp {

std::vector<std::string> analysisCommand(StringRef gpurdAdvise,
                                         StringRef file) {
  std::vector<std::string> argv = {gpurdAdvise.str(), file.str(),
                                   "--stdin-contents", "--format=json"};
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

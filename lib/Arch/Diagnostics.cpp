//===- Diagnostics.cpp - Collected validation errors ----------------------===//

#include "Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

namespace gpurd::arch {

void Diagnostics::error(llvm::StringRef pointer, const llvm::Twine &message) {
  std::string line = sourceName + ": ";
  if (!pointer.empty())
    line += pointer.str() + ": ";
  line += message.str();
  messages.push_back(std::move(line));
}

llvm::Error Diagnostics::takeError() {
  if (messages.empty())
    return llvm::Error::success();
  std::string text = llvm::join(messages, "\n");
  messages.clear();
  return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
}

} // namespace gpurd::arch

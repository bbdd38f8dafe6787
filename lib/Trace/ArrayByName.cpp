//===- ArrayByName.cpp - An access model's array, named by a what-if ------===//

#include "ArrayByName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <string>
#include <vector>

namespace gpurd::trace {

llvm::Expected<int> arrayByName(const access::AccessModel &model,
                                llvm::StringRef name, llvm::StringRef purpose) {
  auto found = llvm::find_if(
      model.arrays, [&](const access::ArrayInfo &a) { return a.name == name; });
  if (found != model.arrays.end())
    return int(found - model.arrays.begin());
  std::vector<std::string> names;
  for (const access::ArrayInfo &array : model.arrays)
    names.push_back("'" + array.name + "'");
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "no array '" + name.str() + "' " + purpose.str() +
          "; the kernel's arrays: " + llvm::join(names, ", "));
}

} // namespace gpurd::trace

//===- DefaultBuffers.cpp - Buffers gpurd makes for the emulator ----------===//

#include "gpurd/Trace/DefaultBuffers.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/StringExtras.h"

namespace gpurd::trace {
std::string quotedNames(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      out += i + 1 == names.size() ? " and " : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
}

std::string describeSite(const access::AccessSite &site) {
  std::string text = "S" + std::to_string(site.id) + " (line " +
                     std::to_string(site.position.line) + ")";
  if (!site.sourceText.empty())
    text += " '" + site.sourceText + "'";
  return text;
}

std::string describeDefaultBuffers(const DefaultBufferReport &report,
                                   const access::AccessModel &model) {
  if (report.empty())
    return "";
  std::string modelled, touched;
  for (const DefaultBuffer &buffer : report.buffers) {
    std::string item =
        "'" + buffer.name + "' " + std::to_string(buffer.bytes()) + " bytes";
    if (buffer.indices)
      item += ", holding random indices in [0, " +
              std::to_string(buffer.indices->high) +
              ") as the kernel's launch states,";
    bool fromModel = buffer.extent.complete && buffer.touchedEnd == 0;
    std::string &list = fromModel ? modelled : touched;
    list += (list.empty() ? "" : ", ") + item;
  }
  std::string text = "the emulator made the buffers no " +
                     userInput(UserInput::Buffer, "NAME=TYPE:COUNT:INIT") +
                     " described, filled with zeros (an assumption: loaded "
                     "values are zeros): ";
  std::vector<std::string> made;
  if (!modelled.empty())
    made.push_back(modelled + " (the bytes the access model's accesses reach)");
  if (!touched.empty())
    made.push_back(touched + " (the bytes the emulated accesses reached: not "
                             "all of them are affine)");
  if (!report.textures.empty())
    made.push_back("the textures " + quotedNames(report.textures) +
                   " (bound on the host: each fetch reads a texel of zeros at "
                   "an address range of the texture's own)");
  text += llvm::join(made, "; ");
  for (const DefaultBufferReport::DependentSites &group :
       report.dependentSites) {
    std::string sites;
    for (size_t i = 0; i < group.sites.size(); ++i) {
      unsigned site = group.sites[i];
      if (i)
        sites += i + 1 == group.sites.size() ? " and " : ", ";
      sites += site < model.sites.size() ? describeSite(model.sites[site])
                                         : "S" + std::to_string(site);
    }
    unsigned first = group.sites.front();
    const char *space = first < model.sites.size()
                            ? memorySpaceName(model.sites[first].space)
                            : "shared";
    bool random = llvm::all_of(group.arrays, [&](const std::string &name) {
      return llvm::any_of(report.buffers, [&](const DefaultBuffer &buffer) {
        return buffer.name == name && buffer.indices;
      });
    });
    text += "; the contents of " + quotedNames(group.arrays) + " decide the " +
            space + "-memory addresses of " + sites + ", which follow the " +
            (random ? "random indices" : "zeros");
  }
  if (!report.branchArrays.empty())
    text += "; the contents of " + quotedNames(report.branchArrays) +
            " decide branches (loop trip counts, conditions), which take "
            "the way zeros take";
  return text;
}

} // namespace gpurd::trace

//===- DefaultBufferPlan.cpp - Which default buffers, and are they safe ---===//
//
// The emulator's default buffers for the pointer arguments the user gave no
// buffer for: sized from the access model, and refused where their contents
// would decide global-memory addresses (DefaultBuffers.h).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/ParamFields.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Trace/DefaultBuffers.h"

#include <cstring>

namespace gpurd::trace {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The `--buffer` TYPE for the elements of parameter or member \p name
/// (`TYPE` when they are not one of its scalar types).
std::string suggestedType(const KernelInfo &kernel, const std::string &name) {
  std::string pointee;
  if (const KernelParam *param = paramOrMemberNamed(kernel, name))
    pointee = param->pointeeType;
  for (const char *qualifier : {"const ", "volatile "})
    if (pointee.rfind(qualifier, 0) == 0)
      pointee = pointee.substr(strlen(qualifier));
  if (pointee == "double")
    return "float64";
  if (pointee == "int" || pointee == "int32_t")
    return "int32";
  if (pointee == "unsigned int" || pointee == "uint32_t" || pointee == "uint")
    return "uint32";
  if (pointee == "char" || pointee == "signed char" || pointee == "int8_t")
    return "int8";
  if (pointee == "unsigned char" || pointee == "uint8_t" || pointee == "uchar")
    return "uint8";
  if (pointee == "long long" || pointee == "long" || pointee == "int64_t")
    return "int64";
  if (pointee == "unsigned long long" || pointee == "unsigned long" ||
      pointee == "uint64_t" || pointee == "size_t")
    return "uint64";
  if (pointee == "float")
    return "float32";
  return "TYPE"; // a struct or another type: the user knows its layout
}

/// The model's array for pointer parameter \p param (or its member at
/// \p offset), or -1.
int arrayOf(const access::AccessModel &model, unsigned param,
            std::optional<uint64_t> offset) {
  for (unsigned i = 0; i < model.arrays.size(); ++i) {
    const access::ArrayInfo &array = model.arrays[i];
    if (array.paramIndex != int(param))
      continue;
    if (!offset && array.origin == access::ArrayInfo::Origin::Parameter)
      return int(i);
    if (offset && array.origin == access::ArrayInfo::Origin::ParameterField &&
        array.fieldOffset == *offset)
      return int(i);
  }
  return -1;
}

} // namespace

/// The default buffers of the pointer parameters and members \p missing
/// (DefaultBuffers.h), sized from the access model; an error when the
/// contents of one decide global-memory addresses.
llvm::Expected<std::shared_ptr<DefaultBufferReport>>
planDefaultBuffers(const access::PreparedKernel &prepared,
                   const access::AccessModel &model, const KernelInfo &kernel,
                   const std::vector<std::string> &missing) {
  auto report = std::make_shared<DefaultBufferReport>();
  for (const std::string &name : missing) {
    DefaultBuffer buffer;
    buffer.name = name;
    for (unsigned i = 0; i < kernel.params.size(); ++i) {
      const KernelParam &param = kernel.params[i];
      llvm::StringRef rest = name;
      if (param.name == name) {
        buffer.param = i;
      } else if (rest.consume_front(param.name) && rest.consume_front(".")) {
        if (const StructField *field = fieldNamed(param, rest)) {
          buffer.param = i;
          buffer.memberOffset = field->offset;
        }
      }
    }
    int array = arrayOf(model, buffer.param, buffer.memberOffset);
    if (array >= 0)
      buffer.extent = accessedExtent(model, array);
    report->buffers.push_back(std::move(buffer));
  }

  // Which objects of the content-dependence analysis are default buffers.
  ContentDependence dependence =
      analyseContentDependence(*prepared.function, prepared.siteInstructions);
  std::vector<std::string> objectNames(dependence.objects.size());
  uint64_t defaults = 0;
  for (unsigned i = 0; i < dependence.objects.size(); ++i) {
    const MemoryObject &object = dependence.objects[i];
    bool field = object.kind == MemoryObject::Kind::ParameterField;
    if (!field && object.kind != MemoryObject::Kind::Parameter)
      continue;
    for (const DefaultBuffer &buffer : report->buffers)
      if (buffer.param == object.param &&
          buffer.memberOffset.has_value() == field &&
          (!field || *buffer.memberOffset == object.offset)) {
        objectNames[i] = buffer.name;
        defaults |= 1ull << i;
      }
  }
  auto namesOf = [&](uint64_t mask) {
    std::vector<std::string> names;
    for (unsigned i : dependence.objectsIn(mask & defaults))
      names.push_back(objectNames[i]);
    return names;
  };

  // Global addresses that zeros would decide: refused, grouped by the
  // arrays that decide them.
  std::vector<std::pair<uint64_t, std::vector<unsigned>>> refused;
  for (const access::AccessSite &site : model.sites) {
    if (site.id >= dependence.siteAddress.size() ||
        site.kind == AccessKind::Barrier)
      continue;
    uint64_t mask = dependence.siteAddress[site.id] & defaults;
    if (!mask)
      continue;
    if (site.space == MemorySpace::Shared || site.space == MemorySpace::Local) {
      std::vector<std::string> arrays = namesOf(mask);
      auto group = llvm::find_if(report->dependentSites, [&](const auto &g) {
        return g.arrays == arrays &&
               model.sites[g.sites.front()].space == site.space;
      });
      if (group == report->dependentSites.end())
        report->dependentSites.push_back({{site.id}, arrays});
      else
        group->sites.push_back(site.id);
      continue;
    }
    auto group =
        llvm::find_if(refused, [&](const auto &g) { return g.first == mask; });
    if (group == refused.end())
      refused.push_back({mask, {site.id}});
    else
      group->second.push_back(site.id);
  }
  report->branchArrays = namesOf(dependence.branches);
  if (refused.empty())
    return report;

  std::string text = "kernel '" + kernel.name + "' is emulated, and ";
  uint64_t deciding = 0;
  for (size_t g = 0; g < refused.size(); ++g) {
    const auto &[mask, sites] = refused[g];
    deciding |= mask;
    std::vector<std::string> names;
    for (unsigned site : sites)
      names.push_back(describeSite(model.sites[site]));
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
      list += (i ? (i + 1 == names.size() ? " and " : ", ") : "") + names[i];
    text += std::string(g ? "; " : "") + "the addresses of " + list +
            " depend on the contents of " + quotedNames(namesOf(mask));
  }
  std::vector<std::string> needed = namesOf(deciding);
  text += "; " + quotedNames(needed) + (needed.size() == 1 ? " has" : " have") +
          " no buffer, and zeros would decide those addresses: give " +
          (needed.size() == 1 ? "it" : "each") + " real contents with ";
  for (size_t i = 0; i < needed.size(); ++i)
    text += (i ? (i + 1 == needed.size() ? " and " : ", ") : "") +
            userInput(UserInput::Buffer, needed[i] + "=" +
                                             suggestedType(kernel, needed[i]) +
                                             ":COUNT:INIT");
  return makeError(text);
}

} // namespace gpurd::trace

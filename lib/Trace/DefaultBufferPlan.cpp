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
#include "gpurd/Trace/IndexContents.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

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

/// The bytes of what \p base (a pointer argument or a global variable)
/// points to, when known: a `--buffer`, the access model's extent of a
/// default buffer, a variable's type; and how it is known.
std::optional<std::pair<uint64_t, std::string>>
indexedExtent(const llvm::Value *base, const DefaultBufferReport &report,
              const DefaultBufferOptions &options) {
  if (const auto *variable = llvm::dyn_cast<llvm::GlobalVariable>(base)) {
    uint64_t bytes = variable->getParent()->getDataLayout().getTypeAllocSize(
        variable->getValueType());
    const char *space =
        variable->getAddressSpace() == 3 ? "__shared__" : "__device__";
    return std::make_pair(bytes, std::string("a ") + space + " array");
  }
  unsigned param = llvm::cast<llvm::Argument>(base)->getArgNo();
  if (auto given = options.givenSizes.find(param);
      given != options.givenSizes.end())
    return std::make_pair(given->second, std::string("its --buffer"));
  for (const DefaultBuffer &buffer : report.buffers)
    if (buffer.param == param && !buffer.memberOffset &&
        buffer.extent.complete && buffer.extent.begin >= 0 &&
        buffer.extent.end > 0)
      return std::make_pair(uint64_t(buffer.extent.end),
                            std::string("the accesses the access model "
                                        "bounds"));
  return std::nullopt;
}

std::string nameOf(const llvm::Value *base, const KernelInfo &kernel) {
  if (const auto *argument = llvm::dyn_cast<llvm::Argument>(base))
    if (argument->getArgNo() < kernel.params.size())
      return kernel.params[argument->getArgNo()].name;
  return llvm::demangle(base->getName().str());
}

/// Random indices for the default buffer \p index (parameter \p object)
/// when every access whose address its contents decide (\p sites: site ids
/// of any memory space) indexes an array in the simplest way
/// (IndexContents.h); std::nullopt otherwise.
std::optional<RandomIndices>
randomIndicesFor(const DefaultBuffer &index, llvm::ArrayRef<unsigned> sites,
                 const access::PreparedKernel &prepared,
                 const KernelInfo &kernel, const DefaultBufferReport &report,
                 const DefaultBufferOptions &options) {
  const ArrayExtent &own = index.extent;
  if (sites.empty() || index.memberOffset || !own.complete || own.begin < 0 ||
      own.end <= 0)
    return std::nullopt; // how many indices to draw is unknown
  RandomIndices out;
  out.seed = options.seed + index.param;
  std::vector<std::string> reasons;
  bool first = true;
  for (unsigned site : sites) {
    if (site >= prepared.siteInstructions.size())
      return std::nullopt;
    std::optional<IndexTerm> term =
        findIndexTerm(*prepared.siteInstructions[site]);
    if (!term || term->indexArray->getArgNo() != index.param)
      return std::nullopt; // an index from elsewhere (shared memory)
    unsigned bytes = term->load->getType()->getIntegerBitWidth() / 8;
    if (bytes == 0 || (!first && bytes != out.elementBytes))
      return std::nullopt;
    out.elementBytes = bytes;
    out.count = uint64_t(own.end) / bytes;
    uint64_t high = indexTypeLimit(bytes, term->isUnsigned);
    std::string indexed = "'" + nameOf(term->base, kernel) + "'";
    std::string reason = "they index " + indexed + " in steps of " +
                         std::to_string(term->scale) + " bytes, ";
    if (auto extent = indexedExtent(term->base, report, options)) {
      high = std::min(high, extent->first / term->scale);
      reason += "within its " + std::to_string(extent->first) + " bytes (" +
                extent->second + ")";
    } else if (bytes < 4) {
      reason += "over every value of their " + std::to_string(bytes * 8) +
                "-bit type (the extent of " + indexed + " is unknown)";
    } else {
      // No bound but the index array's own length: gathers and
      // permutations of equal length are the common case. Not for atomics:
      // a histogram's bins are usually far fewer than its inputs.
      const llvm::Instruction &access = *prepared.siteInstructions[site];
      if (llvm::isa<llvm::AtomicRMWInst>(access) ||
          llvm::isa<llvm::AtomicCmpXchgInst>(access))
        return std::nullopt;
      high = std::min(high, out.count);
      reason += "whose extent is unknown: as many steps as '" + index.name +
                "' has elements (" + std::to_string(out.count) + ")";
    }
    if (high == 0)
      return std::nullopt;
    out.high = first ? high : std::min(out.high, high);
    if (llvm::find(reasons, reason) == reasons.end())
      reasons.push_back(reason);
    first = false;
  }
  out.basis = llvm::join(reasons, "; ") + "; seed " + std::to_string(out.seed);
  out.missing = "'" + index.name +
                "' has no buffer: give it real contents with " +
                userInput(UserInput::Buffer,
                          index.name + "=" + suggestedType(kernel, index.name) +
                              ":COUNT:INIT");
  return out;
}

/// Gives every default buffer among \p deciding (objects of \p dependence,
/// named \p objectNames, \p defaults the default ones) random indices, when
/// each can have them: its contents decide no branch and only the addresses
/// of simple index accesses, each into an array of its own contents alone.
/// False, with \p report unchanged, otherwise.
bool assumeRandomIndices(uint64_t deciding, const ContentDependence &dependence,
                         uint64_t defaults,
                         const std::vector<std::string> &objectNames,
                         const access::PreparedKernel &prepared,
                         const access::AccessModel &model,
                         const KernelInfo &kernel, DefaultBufferReport &report,
                         const DefaultBufferOptions &options) {
  std::vector<std::pair<DefaultBuffer *, RandomIndices>> chosen;
  for (unsigned object : dependence.objectsIn(deciding & defaults)) {
    uint64_t bit = 1ull << object;
    // A CSR row pointer's loop bounds, a frontier flag: random values would
    // invent the structure the kernel follows.
    if (dependence.branches & bit ||
        dependence.objects[object].kind != MemoryObject::Kind::Parameter)
      return false;
    std::vector<unsigned> sites;
    for (const access::AccessSite &site : model.sites) {
      if (site.kind == AccessKind::Barrier ||
          site.id >= dependence.siteAddress.size())
        continue;
      uint64_t mask = dependence.siteAddress[site.id] & defaults;
      if (!(mask & bit))
        continue;
      if (mask != bit)
        return false; // decided by two arrays' contents
      sites.push_back(site.id);
    }
    auto buffer = llvm::find_if(report.buffers, [&](const DefaultBuffer &b) {
      return b.name == objectNames[object];
    });
    if (buffer == report.buffers.end())
      return false;
    std::optional<RandomIndices> indices =
        randomIndicesFor(*buffer, sites, prepared, kernel, report, options);
    if (!indices)
      return false;
    chosen.push_back({&*buffer, std::move(*indices)});
  }
  for (auto &[buffer, indices] : chosen)
    buffer->indices = std::move(indices);
  return !chosen.empty();
}

} // namespace

/// The default buffers of the pointer parameters and members \p missing
/// (DefaultBuffers.h), sized from the access model; an error when the
/// contents of one decide global-memory addresses.
llvm::Expected<std::shared_ptr<DefaultBufferReport>>
planDefaultBuffers(const access::PreparedKernel &prepared,
                   const access::AccessModel &model, const KernelInfo &kernel,
                   const std::vector<std::string> &missing,
                   const DefaultBufferOptions &options) {
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
  uint64_t decidingGlobal = 0;
  for (const auto &group : refused)
    decidingGlobal |= group.first;
  if (options.assumeIndexContents &&
      assumeRandomIndices(decidingGlobal, dependence, defaults, objectNames,
                          prepared, model, kernel, *report, options))
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

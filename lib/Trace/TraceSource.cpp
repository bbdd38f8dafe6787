//===- TraceSource.cpp - Choose and set up a trace producer ---------------===//

#include "gpurd/Trace/TraceSource.h"
#include "gpurd/Access/ParamFields.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/BufferExtents.h"
#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Trace/Emulator.h"
#include "gpurd/Trace/MemoryLayout.h"

#include <cstring>

namespace gpurd::trace {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The buffer \p spec describes, as the user gave it, for messages.
std::string bufferInput(const BufferSpec &spec) {
  return userInput(UserInput::Buffer, spec.name);
}

/// The `--buffer` TYPE for the elements of parameter or member \p name
/// (`TYPE` when they are not one of its scalar types).
std::string suggestedType(const KernelInfo &kernel, const std::string &name) {
  std::string pointee;
  for (const KernelParam &p : kernel.params) {
    if (p.name == name)
      pointee = p.pointeeType;
    llvm::StringRef rest = name;
    if (rest.consume_front(p.name) && rest.consume_front("."))
      if (const StructField *field = fieldNamed(p, rest))
        pointee = field->type.pointeeType;
  }
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

/// The default buffers of the pointer parameters and members \p missing
/// (DefaultBuffers.h), sized from the access model; an error when the
/// contents of one decide global-memory addresses.
llvm::Expected<std::shared_ptr<DefaultBufferReport>>
defaultBufferReport(const access::PreparedKernel &prepared,
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

} // namespace

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createTraceSource(const access::PreparedKernel &prepared,
                  const access::AccessModel &model, const KernelInfo &kernel,
                  const TraceSourceRequest &request,
                  std::shared_ptr<const DefaultBufferReport> *defaultBuffers) {
  // Scalar values for buffer-size expressions.
  std::map<std::string, int64_t> variables;
  for (const auto &[name, value] : request.args) {
    if (const auto *s = std::get_if<int64_t>(&value.value))
      variables[name] = *s;
    else if (const auto *u = std::get_if<uint64_t>(&value.value))
      variables[name] = static_cast<int64_t>(*u);
  }
  // Buffers by parameter index.
  std::map<unsigned, std::vector<uint8_t>> contents;
  std::map<unsigned, uint64_t> sizes;
  // What pointer members of struct parameters point to (`--buffer p.vx=`).
  std::map<std::pair<unsigned, uint64_t>, std::vector<uint8_t>> memberContents;
  for (const BufferSpec &spec : request.buffers) {
    auto param =
        std::find_if(kernel.params.begin(), kernel.params.end(),
                     [&](const KernelParam &p) { return p.name == spec.name; });
    auto [base, path] = llvm::StringRef(spec.name).split('.');
    if (param == kernel.params.end() && !path.empty()) {
      auto owner =
          std::find_if(kernel.params.begin(), kernel.params.end(),
                       [&](const KernelParam &p) { return p.name == base; });
      const StructField *field =
          owner == kernel.params.end() ? nullptr : fieldNamed(*owner, path);
      if (!field || field->type.kind != ParamKind::Pointer)
        return makeError(bufferInput(spec) + ": kernel '" + kernel.name +
                         "' has no pointer parameter or member '" + spec.name +
                         "'");
      auto count = evaluateCount(spec.countExpression, variables);
      if (!count)
        return makeError(bufferInput(spec) + ": " +
                         llvm::toString(count.takeError()));
      auto bytes = materializeBuffer(spec, *count);
      if (!bytes)
        return makeError(bufferInput(spec) + ": " +
                         llvm::toString(bytes.takeError()));
      memberContents[{unsigned(owner - kernel.params.begin()), field->offset}] =
          std::move(*bytes);
      continue;
    }
    if (param == kernel.params.end())
      return makeError(bufferInput(spec) + ": kernel '" + kernel.name +
                       "' has no parameter '" + spec.name + "'");
    if (param->kind != ParamKind::Pointer)
      return makeError(bufferInput(spec) + ": '" + spec.name +
                       "' is not a pointer (" + param->type + ")");
    unsigned index = param - kernel.params.begin();
    auto count = evaluateCount(spec.countExpression, variables);
    if (!count)
      return makeError(bufferInput(spec) + ": " +
                       llvm::toString(count.takeError()));
    auto bytes = materializeBuffer(spec, *count);
    if (!bytes)
      return makeError(bufferInput(spec) + ": " +
                       llvm::toString(bytes.takeError()));
    sizes[index] = bytes->size();
    contents[index] = std::move(*bytes);
  }
  MemoryLayout layout = createLayout(*prepared.function, sizes,
                                     request.launch.dynamicSharedBytes);

  TraceSourceKind kind = request.kind;
  // Members of struct parameters passed by value are launch values: an
  // affine kernel that needs one is told to give it rather than emulated
  // (the emulator does not set struct parameters up).
  bool allAffine = llvm::all_of(
      model.sites, [](const access::AccessSite &site) { return site.affine; });
  if (kind == TraceSourceKind::Auto) {
    llvm::Error why = checkEnumerable(model);
    bool needsMember = llvm::any_of(model.parameters(), [&](unsigned p) {
      return !model.variables[p].sourceName.empty();
    });
    if (why && allAffine && needsMember)
      return makeError("kernel '" + kernel.name +
                       "': " + llvm::toString(std::move(why)));
    kind = why ? TraceSourceKind::Emulate : TraceSourceKind::Affine;
    llvm::consumeError(std::move(why));
  }
  if (kind == TraceSourceKind::Affine) {
    if (llvm::Error why = checkEnumerable(model))
      return makeError(
          "kernel '" + kernel.name +
          "' cannot be enumerated affinely: " + llvm::toString(std::move(why)) +
          "; use " + userInput(UserInput::TraceSource, "emulate"));
    return createAffineEnumerator(model, request.launch, layout, &prepared);
  }

  EmulatorArguments arguments;
  std::vector<std::string> missing;
  for (unsigned i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &param = kernel.params[i];
    if (param.kind == ParamKind::Pointer) {
      auto it = contents.find(i);
      if (it == contents.end())
        missing.push_back(param.name);
      else
        arguments.buffers[i] = std::move(it->second);
      continue;
    }
    auto value = request.args.find(param.name);
    if (value == request.args.end())
      continue;
    if (const auto *s = std::get_if<int64_t>(&value->second.value))
      arguments.integers[i] = *s;
    else if (const auto *u = std::get_if<uint64_t>(&value->second.value))
      arguments.integers[i] = static_cast<int64_t>(*u);
    else if (const auto *d = std::get_if<double>(&value->second.value))
      arguments.floats[i] = *d;
  }
  // Struct parameters passed by value: their scalar members' values and
  // the buffers of the pointer members the kernel reads.
  for (unsigned i = 0; i < kernel.params.size(); ++i)
    for (const StructField &field : kernel.params[i].fields) {
      std::pair<unsigned, uint64_t> key{i, field.offset};
      std::string name = kernel.params[i].name + "." + field.path;
      if (field.type.kind == ParamKind::Pointer) {
        if (!layout.memberBufferBase(i, field.offset))
          continue; // not read by the kernel
        arguments.memberNames[key] = name;
        auto it = memberContents.find(key);
        if (it == memberContents.end())
          missing.push_back(name);
        else
          arguments.memberBuffers[key] = std::move(it->second);
        continue;
      }
      auto value = request.args.find(name);
      if (value == request.args.end() || field.size == 0 || field.size > 8)
        continue;
      EmulatorArguments::MemberScalar scalar;
      scalar.size = static_cast<unsigned>(field.size);
      if (field.type.kind == ParamKind::Floating) {
        double d = 0;
        if (const auto *x = std::get_if<double>(&value->second.value))
          d = *x;
        else if (const auto *s = std::get_if<int64_t>(&value->second.value))
          d = double(*s);
        else if (const auto *u = std::get_if<uint64_t>(&value->second.value))
          d = double(*u);
        if (field.size == 4) {
          float f = float(d);
          uint32_t bits;
          std::memcpy(&bits, &f, 4);
          scalar.bits = bits;
        } else if (field.size == 8) {
          std::memcpy(&scalar.bits, &d, 8);
        } else {
          continue; // half precision: not given
        }
      } else if (const auto *s = std::get_if<int64_t>(&value->second.value)) {
        scalar.bits = uint64_t(*s);
      } else if (const auto *u = std::get_if<uint64_t>(&value->second.value)) {
        scalar.bits = *u;
      } else {
        continue;
      }
      arguments.memberScalars[key] = scalar;
    }
  // A scalar member the kernel reads must have a value (a zero would be a
  // silently wrong trace).
  std::vector<std::string> unknownMembers;
  for (const llvm::BasicBlock &block : *prepared.function)
    for (const llvm::Instruction &inst : block) {
      std::optional<access::ParamFieldRead> read =
          access::paramFieldRead(&inst);
      if (!read || inst.getType()->isPointerTy())
        continue;
      std::pair<unsigned, uint64_t> key{read->arg->getArgNo(), read->offset};
      if (arguments.memberScalars.count(key))
        continue;
      std::string name = access::paramFieldName(kernel, *read);
      if (llvm::find(unknownMembers, name) == unknownMembers.end())
        unknownMembers.push_back(name);
    }
  // A struct parameter read at a varying offset (an array member): the
  // emulator has no values for it.
  for (const llvm::BasicBlock &block : *prepared.function)
    for (const llvm::Instruction &inst : block) {
      const auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      if (!load || access::paramFieldRead(load))
        continue;
      const auto *arg = llvm::dyn_cast<llvm::Argument>(
          llvm::getUnderlyingObject(load->getPointerOperand()));
      if (!arg || !arg->hasByValAttr())
        continue;
      unsigned index = arg->getArgNo();
      std::string name = index < kernel.params.size()
                             ? kernel.params[index].name
                             : "arg" + std::to_string(index);
      return makeError(
          "kernel '" + kernel.name +
          "' is emulated, and indexes into the struct parameter '" + name +
          "' (an array member), whose contents the "
          "emulator does not know");
    }
  if (!unknownMembers.empty()) {
    std::string names;
    for (const std::string &name : unknownMembers)
      names += (names.empty() ? "'" : ", '") + name + "'";
    return makeError(
        "kernel '" + kernel.name + "' is emulated, and reads " + names +
        " without a value; give " +
        (unknownMembers.size() == 1 ? "it" : "each") + " with " +
        userInput(UserInput::Argument, unknownMembers.front() + "=VALUE"));
  }
  if (!missing.empty()) {
    auto report = defaultBufferReport(prepared, model, kernel, missing);
    if (!report)
      return report.takeError();
    arguments.defaultBuffers = std::move(*report);
    if (defaultBuffers)
      *defaultBuffers = arguments.defaultBuffers;
  }
  EmulatorOptions options;
  options.maxStepsPerThread = request.maxStepsPerThread;
  return createEmulator(prepared, model, request.launch, std::move(layout),
                        std::move(arguments), options);
}

} // namespace gpurd::trace

//===- TraceSource.cpp - Choose and set up a trace producer ---------------===//

#include "gpurd/Trace/TraceSource.h"
#include "gpurd/Access/ParamFields.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/AffineEnumerator.h"
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

} // namespace

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createTraceSource(const access::PreparedKernel &prepared,
                  const access::AccessModel &model, const KernelInfo &kernel,
                  const TraceSourceRequest &request) {
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
    // Suggest the element type of the first one.
    // A parameter, or a member of one (`p.vx`).
    std::string pointee;
    for (const KernelParam &p : kernel.params) {
      if (p.name == missing.front())
        pointee = p.pointeeType;
      llvm::StringRef rest = missing.front();
      if (rest.consume_front(p.name) && rest.consume_front("."))
        if (const StructField *field = fieldNamed(p, rest))
          pointee = field->type.pointeeType;
    }
    for (const char *qualifier : {"const ", "volatile "})
      if (pointee.rfind(qualifier, 0) == 0)
        pointee = pointee.substr(strlen(qualifier));
    std::string type = "float32";
    if (pointee == "double")
      type = "float64";
    else if (pointee == "int" || pointee == "int32_t")
      type = "int32";
    else if (pointee == "unsigned int" || pointee == "uint32_t")
      type = "uint32";
    else if (pointee == "char" || pointee == "signed char" ||
             pointee == "int8_t")
      type = "int8";
    else if (pointee == "unsigned char" || pointee == "uint8_t")
      type = "uint8";
    else if (pointee == "long long" || pointee == "long" ||
             pointee == "int64_t")
      type = "int64";
    else if (pointee == "unsigned long long" || pointee == "unsigned long" ||
             pointee == "uint64_t" || pointee == "size_t")
      type = "uint64";
    std::string names;
    for (const std::string &name : missing)
      names += (names.empty() ? "'" : ", '") + name + "'";
    return makeError(
        "kernel '" + kernel.name + "' is emulated, and its pointer argument" +
        (missing.size() == 1 ? " " : "s ") + names +
        (missing.size() == 1 ? " has" : " have") + " no buffer; describe " +
        (missing.size() == 1 ? "it" : "each") + " with " +
        userInput(UserInput::Buffer, "NAME=TYPE:COUNT:INIT") + " (e.g. " +
        userInput(UserInput::Buffer,
                  missing.front() + "=" + type + ":1024:zero") +
        ")");
  }
  EmulatorOptions options;
  options.maxStepsPerThread = request.maxStepsPerThread;
  return createEmulator(prepared, model, request.launch, std::move(layout),
                        std::move(arguments), options);
}

} // namespace gpurd::trace

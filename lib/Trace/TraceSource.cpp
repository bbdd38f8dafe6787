//===- TraceSource.cpp - Choose and set up a trace producer ---------------===//

#include "gpurd/Trace/TraceSource.h"
#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/Emulator.h"
#include "gpurd/Trace/MemoryLayout.h"

#include <cstring>

namespace gpurd::trace {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
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
  for (const BufferSpec &spec : request.buffers) {
    auto param =
        std::find_if(kernel.params.begin(), kernel.params.end(),
                     [&](const KernelParam &p) { return p.name == spec.name; });
    if (param == kernel.params.end())
      return makeError("--buffer " + spec.name + ": kernel '" + kernel.name +
                       "' has no parameter '" + spec.name + "'");
    if (param->kind != ParamKind::Pointer)
      return makeError("--buffer " + spec.name + ": '" + spec.name +
                       "' is not a pointer (" + param->type + ")");
    unsigned index = param - kernel.params.begin();
    auto count = evaluateCount(spec.countExpression, variables);
    if (!count)
      return makeError("--buffer " + spec.name + ": " +
                       llvm::toString(count.takeError()));
    auto bytes = materializeBuffer(spec, *count);
    if (!bytes)
      return makeError("--buffer " + spec.name + ": " +
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
          "kernel '" + kernel.name + "' cannot be enumerated affinely: " +
          llvm::toString(std::move(why)) + "; use --trace-source=emulate");
    return createAffineEnumerator(model, request.launch, layout, &prepared);
  }

  for (const llvm::Argument &arg : prepared.function->args())
    if (arg.hasByValAttr() && !arg.use_empty()) {
      unsigned index = arg.getArgNo();
      std::string name = index < kernel.params.size()
                             ? kernel.params[index].name
                             : "arg" + std::to_string(index);
      return makeError(
          "kernel '" + kernel.name + "' takes the struct parameter '" + name +
          "' by value, whose members the emulator cannot set up yet" +
          (allAffine
               ? "; give the members the kernel needs with --arg " + name +
                     ".MEMBER=VALUE so that its affine access "
                     "model is enumerated instead"
               : std::string("; the kernel is not affine either (see "
                             "--dump-accesses)")));
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
  if (!missing.empty()) {
    // Suggest the element type of the first one.
    const KernelParam &first = *std::find_if(
        kernel.params.begin(), kernel.params.end(),
        [&](const KernelParam &p) { return p.name == missing.front(); });
    std::string pointee = first.pointeeType;
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
        (missing.size() == 1 ? "it" : "each") +
        " with --buffer NAME=TYPE:COUNT:INIT (e.g. --buffer " +
        missing.front() + "=" + type + ":1024:zero)");
  }
  EmulatorOptions options;
  options.maxStepsPerThread = request.maxStepsPerThread;
  return createEmulator(prepared, model, request.launch, std::move(layout),
                        std::move(arguments), options);
}

} // namespace gpurd::trace

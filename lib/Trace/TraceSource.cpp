//===- TraceSource.cpp - Choose and set up a trace producer ---------------===//

#include "gpurd/Trace/TraceSource.h"
#include "InstructionGaps.h"
#include "gpurd/Access/ParamFields.h"
#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/BufferExtents.h"
#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Trace/Emulator.h"
#include "gpurd/Trace/MemoryLayout.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

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

/// What the user's `--buffer`s give: contents by parameter index, and by
/// (parameter index, member offset) for pointer members of structs.
struct UserBuffers {
  std::map<unsigned, std::vector<uint8_t>> contents;
  std::map<unsigned, uint64_t> sizes;
  std::map<std::pair<unsigned, uint64_t>, std::vector<uint8_t>> members;
};

/// Integer argument values by name, for buffer-size expressions.
std::map<std::string, int64_t> integerVariables(const TraceSourceRequest &r) {
  std::map<std::string, int64_t> variables;
  for (const auto &[name, value] : r.args) {
    if (const auto *s = std::get_if<int64_t>(&value.value))
      variables[name] = *s;
    else if (const auto *u = std::get_if<uint64_t>(&value.value))
      variables[name] = static_cast<int64_t>(*u);
  }
  return variables;
}

/// The bytes of \p spec, its count evaluated over \p variables.
llvm::Expected<std::vector<uint8_t>>
bufferBytes(const BufferSpec &spec,
            const std::map<std::string, int64_t> &variables) {
  auto count = evaluateCount(spec.countExpression, variables);
  if (!count)
    return makeError(bufferInput(spec) + ": " +
                     llvm::toString(count.takeError()));
  auto bytes = materializeBuffer(spec, *count);
  if (!bytes)
    return makeError(bufferInput(spec) + ": " +
                     llvm::toString(bytes.takeError()));
  return std::move(*bytes);
}

/// Materialises every `--buffer` of \p request for \p kernel.
llvm::Expected<UserBuffers> userBuffers(const KernelInfo &kernel,
                                        const TraceSourceRequest &request) {
  std::map<std::string, int64_t> variables = integerVariables(request);
  UserBuffers out;
  for (const BufferSpec &spec : request.buffers) {
    auto param = llvm::find_if(kernel.params, [&](const KernelParam &p) {
      return p.name == spec.name;
    });
    auto [base, path] = llvm::StringRef(spec.name).split('.');
    if (param == kernel.params.end() && !path.empty()) {
      auto owner = llvm::find_if(
          kernel.params, [&](const KernelParam &p) { return p.name == base; });
      const StructField *field =
          owner == kernel.params.end() ? nullptr : fieldNamed(*owner, path);
      if (!field || field->type.kind != ParamKind::Pointer)
        return makeError(bufferInput(spec) + ": kernel '" + kernel.name +
                         "' has no pointer parameter or member '" + spec.name +
                         "'");
      auto bytes = bufferBytes(spec, variables);
      if (!bytes)
        return bytes.takeError();
      out.members[{unsigned(owner - kernel.params.begin()), field->offset}] =
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
    auto bytes = bufferBytes(spec, variables);
    if (!bytes)
      return bytes.takeError();
    out.sizes[index] = bytes->size();
    out.contents[index] = std::move(*bytes);
  }
  return out;
}

/// Adds \p value to \p arguments as parameter \p index's value.
void setScalar(unsigned index, const EvaluatedValue &value,
               EmulatorArguments &arguments) {
  if (const auto *s = std::get_if<int64_t>(&value.value))
    arguments.integers[index] = *s;
  else if (const auto *u = std::get_if<uint64_t>(&value.value))
    arguments.integers[index] = static_cast<int64_t>(*u);
  else if (const auto *d = std::get_if<double>(&value.value))
    arguments.floats[index] = *d;
}

/// The bytes of a struct member of \p field's type holding \p value (none
/// for half precision or a value of no numeric kind).
std::optional<EmulatorArguments::MemberScalar>
memberScalar(const StructField &field, const EvaluatedValue &value) {
  EmulatorArguments::MemberScalar scalar;
  scalar.size = static_cast<unsigned>(field.size);
  if (field.type.kind == ParamKind::Floating) {
    double d = 0;
    if (const auto *x = std::get_if<double>(&value.value))
      d = *x;
    else if (const auto *s = std::get_if<int64_t>(&value.value))
      d = double(*s);
    else if (const auto *u = std::get_if<uint64_t>(&value.value))
      d = double(*u);
    if (field.size == 4) {
      float f = float(d);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      scalar.bits = bits;
    } else if (field.size == 8) {
      std::memcpy(&scalar.bits, &d, 8);
    } else {
      return std::nullopt; // half precision: not given
    }
  } else if (const auto *s = std::get_if<int64_t>(&value.value)) {
    scalar.bits = uint64_t(*s);
  } else if (const auto *u = std::get_if<uint64_t>(&value.value)) {
    scalar.bits = *u;
  } else {
    return std::nullopt;
  }
  return scalar;
}

/// The emulator's arguments from \p request and \p buffers; the names of
/// the pointer parameters and members that have no buffer go to
/// \p missing.
EmulatorArguments emulatorArguments(const KernelInfo &kernel,
                                    const TraceSourceRequest &request,
                                    const MemoryLayout &layout,
                                    UserBuffers buffers,
                                    std::vector<std::string> &missing) {
  EmulatorArguments arguments;
  for (unsigned i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &param = kernel.params[i];
    if (param.kind == ParamKind::Pointer) {
      auto it = buffers.contents.find(i);
      if (it == buffers.contents.end())
        missing.push_back(param.name);
      else
        arguments.buffers[i] = std::move(it->second);
      continue;
    }
    if (auto value = request.args.find(param.name); value != request.args.end())
      setScalar(i, value->second, arguments);
    else if (param.kind == ParamKind::Texture) {
      // A default texture: its handle is its value (EmulatorArguments).
      arguments.integers[i] = int64_t(DefaultTextureObjectHandle +
                                      arguments.defaultTextureObjects.size());
      arguments.defaultTextureObjects.push_back({i, param.name});
    }
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
        auto it = buffers.members.find(key);
        if (it == buffers.members.end())
          missing.push_back(name);
        else
          arguments.memberBuffers[key] = std::move(it->second);
        continue;
      }
      auto value = request.args.find(name);
      if (value == request.args.end() || field.size == 0 || field.size > 8)
        continue;
      if (auto scalar = memberScalar(field, value->second))
        arguments.memberScalars[key] = *scalar;
    }
  return arguments;
}

/// An error when the emulator would read struct members it has no value
/// for (a zero would be a silently wrong trace), or index into a struct
/// parameter (an array member).
llvm::Error checkMemberReads(const access::PreparedKernel &prepared,
                             const KernelInfo &kernel,
                             const EmulatorArguments &arguments) {
  std::vector<std::string> unknownMembers;
  for (auto &[read, name] :
       access::scalarMemberReads(*prepared.function, kernel))
    if (!arguments.memberScalars.count({read.arg->getArgNo(), read.offset}))
      unknownMembers.push_back(std::move(name));
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
  if (unknownMembers.empty())
    return llvm::Error::success();
  return makeError(
      "kernel '" + kernel.name + "' is emulated, and reads " +
      quotedNames(unknownMembers) + " without a value; give " +
      (unknownMembers.size() == 1 ? "it" : "each") + " with " +
      userInput(UserInput::Argument, unknownMembers.front() + "=VALUE"));
}

/// The texture references \p function fetches from that \p bound does
/// not bind (the host binds them: `cudaBindTexture`), by IR symbol, with
/// their texel sizes from \p texelBytes (0 when not known).
std::vector<std::pair<std::string, uint64_t>>
unboundTextures(const llvm::Function &function,
                const std::map<std::string, TextureBinding> &bound,
                const std::map<std::string, uint64_t> &texelBytes) {
  std::vector<std::pair<std::string, uint64_t>> out;
  for (const llvm::BasicBlock &block : function)
    for (const llvm::Instruction &inst : block) {
      const auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
      if (!call || call->getIntrinsicID() !=
                       llvm::Intrinsic::nvvm_texsurf_handle_internal)
        continue;
      const auto *global = llvm::dyn_cast<llvm::GlobalVariable>(
          call->getArgOperand(0)->stripPointerCasts());
      if (!global)
        continue;
      std::string symbol = global->getName().str();
      std::string demangled = llvm::demangle(symbol);
      if (bound.count(symbol) || bound.count(demangled) ||
          llvm::any_of(out, [&](const auto &t) { return t.first == symbol; }))
        continue;
      auto size = texelBytes.find(demangled);
      out.push_back({symbol, size == texelBytes.end() ? 0 : size->second});
    }
  return out;
}

} // namespace

llvm::Expected<TraceSourceKind>
resolveTraceSourceKind(const access::AccessModel &model,
                       const access::PreparedKernel &prepared,
                       const KernelInfo &kernel, TraceSourceKind requested) {
  if (requested != TraceSourceKind::Auto)
    return requested;
  // Members of struct parameters passed by value are launch values: an
  // affine kernel that needs one is told to give it rather than emulated.
  bool allAffine = llvm::all_of(
      model.sites, [](const access::AccessSite &site) { return site.affine; });
  llvm::Error why = checkEnumerable(model);
  bool needsMember = llvm::any_of(model.parameters(), [&](unsigned p) {
    return !model.variables[p].sourceName.empty();
  });
  if (why && allAffine && needsMember)
    return makeError("kernel '" + kernel.name +
                     "': " + llvm::toString(std::move(why)));
  TraceSourceKind kind = why || hasLoopWithoutSites(&prepared)
                             ? TraceSourceKind::Emulate
                             : TraceSourceKind::Affine;
  llvm::consumeError(std::move(why));
  return kind;
}

/// An access of a shared array that the access model says reaches past
/// the block's shared memory in \p layout (its static arrays and the
/// launch's dynamic shared memory, allocated in whole units of \p unit bytes,
/// as the emulator allocates them: Emulator/Setup.cpp), as the bound the
/// emulator's fault there is. Without it an affine trace would place such
/// accesses in memory the block does not have, silently (the CUDA samples'
/// nbody under 1024 assumed bytes where its launch gives 32 a thread).
static llvm::Error sharedBoundError(const access::AccessModel &model,
                                    const KernelInfo &kernel,
                                    const MemoryLayout &layout, uint64_t unit) {
  const uint64_t declared = layout.sharedBytes();
  const uint64_t allocated =
      llvm::alignTo(declared, std::max<uint64_t>(unit, 1));
  for (size_t a = 0; a < model.arrays.size(); ++a) {
    const access::ArrayInfo &array = model.arrays[a];
    if (array.space != MemorySpace::Shared)
      continue;
    std::optional<uint64_t> base = arrayBase(layout, array, array.space);
    ArrayExtent extent = accessedExtent(model, static_cast<int>(a));
    if (!base || extent.empty())
      continue;
    int64_t begin = int64_t(*base) + extent.begin;
    int64_t end = int64_t(*base) + extent.end;
    if (begin >= 0 && uint64_t(end) <= allocated)
      continue;
    std::string where = begin < 0
                            ? std::to_string(-begin) + " bytes before its start"
                            : "up to byte " + std::to_string(end);
    return makeBoundError(
        LaunchBound::SharedAccess,
        "the access model says '" + array.name + "' of '" + kernel.name +
            "' is accessed " + where + " of the block's shared memory, " +
            "which has " + std::to_string(declared) +
            " bytes (its __shared__ arrays and the launch's dynamic shared "
            "memory)",
        begin < 0 ? 0 : uint64_t(end));
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createTraceSource(const access::PreparedKernel &prepared,
                  const access::AccessModel &model, const KernelInfo &kernel,
                  const TraceSourceRequest &request,
                  std::shared_ptr<const DefaultBufferReport> *defaultBuffers) {
  auto buffers = userBuffers(kernel, request);
  if (!buffers)
    return buffers.takeError();
  MemoryLayout layout = createLayout(*prepared.function, buffers->sizes,
                                     request.launch.dynamicSharedBytes);
  auto kind = resolveTraceSourceKind(model, prepared, kernel, request.kind);
  if (!kind)
    return kind.takeError();
  if (*kind == TraceSourceKind::Affine) {
    if (llvm::Error why = checkEnumerable(model))
      return makeError(
          "kernel '" + kernel.name +
          "' cannot be enumerated affinely: " + llvm::toString(std::move(why)) +
          "; use " + userInput(UserInput::TraceSource, "emulate"));
    // A parameter array the launch accesses past the span of a buffer of
    // unknown size would reach into the next array's addresses. Under
    // assumed values that is a bound to retry below (the sizes were
    // gpurd's choice); under given ones the array gets the bytes it
    // reaches. The emulator, which allocates its buffers, keeps the span
    // (Emulator/Setup.cpp).
    std::map<unsigned, uint64_t> sizes = buffers->sizes;
    for (size_t a = 0; a < model.arrays.size(); ++a) {
      const access::ArrayInfo &array = model.arrays[a];
      if (array.origin != access::ArrayInfo::Origin::Parameter ||
          (sizes.count(array.paramIndex) && !request.assumedLaunch))
        continue;
      ArrayExtent extent = accessedExtent(model, static_cast<int>(a));
      // Under assumed values, an access before the pointer the kernel is
      // given is a sign the assumptions do not fit together (Rodinia nw's
      // `i - 1 - blockIdx.x` under an assumed grid): a bound to retry, as
      // the emulator's out-of-bounds access is. (Given values may pass a
      // pointer into an allocation, which such an access may well read.)
      if (request.assumedLaunch && !extent.empty() && extent.begin < 0)
        return makeBoundError(
            LaunchBound::GlobalAccess,
            "the access model says the launch accesses '" + array.name +
                "' of '" + kernel.name + "' up to " +
                std::to_string(-extent.begin) +
                " bytes before the pointer the kernel is given",
            uint64_t(-extent.begin));
      if (sizes.count(array.paramIndex) ||
          extent.end <= int64_t(UnknownBufferSpan))
        continue;
      if (request.assumedLaunch)
        return makeBoundError(
            LaunchBound::BufferSpan,
            "the access model says '" + array.name + "' of '" + kernel.name +
                "' is accessed over " + std::to_string(extent.end) +
                " bytes, more than the memory layout's span of " +
                std::to_string(UnknownBufferSpan) +
                " bytes for a buffer of unknown size",
            uint64_t(extent.end));
      sizes[array.paramIndex] = uint64_t(extent.end);
    }
    if (sizes.size() != buffers->sizes.size())
      layout = createLayout(*prepared.function, sizes,
                            request.launch.dynamicSharedBytes);
    if (llvm::Error bound = sharedBoundError(model, kernel, layout,
                                             request.sharedAllocationUnit))
      return bound;
    auto enumerator = createAffineEnumerator(
        model, request.launch, layout, &prepared,
        request.maxBlockTrace ? request.maxBlockTrace
                              : DefaultMaxWarpInstructionsPerBlock,
        request.cutLongBlocks);
    if (!enumerator || request.transposedArrays.empty())
      return enumerator;
    return withTransposedArrays(std::move(*enumerator), model, layout,
                                request.transposedArrays);
  }
  if (!request.transposedArrays.empty())
    return makeError("kernel '" + kernel.name +
                     "' is emulated: an array stored transposed is a "
                     "what-if of affine kernels only");

  DefaultBufferOptions defaultOptions;
  defaultOptions.assumeIndexContents = request.assumeIndexContents;
  defaultOptions.seed = request.indexSeed;
  defaultOptions.givenSizes = buffers->sizes;
  std::vector<std::string> missing;
  EmulatorArguments arguments =
      emulatorArguments(kernel, request, layout, std::move(*buffers), missing);
  if (llvm::Error error = checkMemberReads(prepared, kernel, arguments))
    return error;
  arguments.defaultTextures = unboundTextures(
      *prepared.function, arguments.textures, request.texelBytes);
  if (!missing.empty() || !arguments.defaultTextures.empty() ||
      !arguments.defaultTextureObjects.empty()) {
    auto report =
        planDefaultBuffers(prepared, model, kernel, missing, defaultOptions);
    if (!report)
      return report.takeError();
    for (const auto &texture : arguments.defaultTextures)
      (*report)->textures.push_back(llvm::demangle(texture.first));
    for (const auto &object : arguments.defaultTextureObjects)
      (*report)->textures.push_back(object.second);
    arguments.defaultBuffers = std::move(*report);
    if (defaultBuffers)
      *defaultBuffers = arguments.defaultBuffers;
  }
  EmulatorOptions options;
  options.maxStepsPerThread = request.maxStepsPerThread;
  options.sharedAllocationUnit = request.sharedAllocationUnit;
  options.loadCycles = request.loadCycles;
  options.volatileLoadCycles = request.volatileLoadCycles;
  options.cutLongThreads = request.cutLongBlocks;
  if (request.maxBlockTrace) {
    options.maxEventsPerBlock = request.maxBlockTrace * WarpSize;
    // The block's interpreted instructions follow the same bound: a block
    // that computes for long between its accesses (curand_init's
    // skip-ahead, a path loop in registers) would otherwise run to the
    // fixed 2^33 steps, 30 s a block (docs/assumptions.md).
    options.maxStepsPerBlock =
        std::min(options.maxStepsPerBlock,
                 options.maxEventsPerBlock * InterpretedStepsPerAccess);
  }
  return createEmulator(prepared, model, request.launch, std::move(layout),
                        std::move(arguments), options);
}

} // namespace gpurd::trace

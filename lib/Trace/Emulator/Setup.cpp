//===- Setup.cpp - The emulator's memory, arguments and entry points ------===//
//
// Before the first block: the kernel's arguments (pointer parameters'
// buffers at their MemoryLayout addresses, structs passed by value with
// their members, scalars by value), the __device__ and __constant__
// variables initialised from the IR, the shared variables (for messages),
// the textures bound to buffers, the decoded program and the block's
// threads. Also the entry points: createEmulator and the testing hooks.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"
#include "EmulatorTesting.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

namespace gpurd::trace::emu {

/// Names of the kernel's parameters for messages. The IR has no argument
/// names; the access model knows those of the arrays.
class ParameterNames {
public:
  explicit ParameterNames(const access::AccessModel &model) {
    for (const access::ArrayInfo &array : model.arrays)
      if (array.origin == access::ArrayInfo::Origin::Parameter &&
          array.paramIndex >= 0 && !array.name.empty())
        names.emplace(unsigned(array.paramIndex), array.name);
  }

  /// The parameter's name (`a`, or `arg2`).
  std::string plain(const llvm::Argument &arg) const {
    auto it = names.find(arg.getArgNo());
    if (it != names.end())
      return it->second;
    return arg.hasName() ? arg.getName().str()
                         : "arg" + std::to_string(arg.getArgNo());
  }
  /// Index, name and type: `2 ('a', ptr)`.
  std::string describe(const llvm::Argument &arg) const {
    std::string type;
    llvm::raw_string_ostream os(type);
    arg.getType()->print(os);
    return std::to_string(arg.getArgNo()) + " ('" + plain(arg) + "', " + type +
           ")";
  }

private:
  std::map<unsigned, std::string> names;
};

llvm::Error Emulator::initialize() {
  const llvm::Function &function = *kernel.function;
  const llvm::Module &module = *function.getParent();
  if (llvm::Error error = checkModelAndLaunch())
    return error;

  DecodeEnvironment env;
  env.layout = &layout;
  for (unsigned i = 0; i < kernel.siteInstructions.size(); ++i)
    env.sites[kernel.siteInstructions[i]] = i;
  if (llvm::Error error = bindArguments(function, env))
    return error;
  if (llvm::Error error = placeVariables(module, env))
    return error;
  std::sort(regions.begin(), regions.end(),
            [](const Region &a, const Region &b) { return a.base < b.base; });
  // The hardware allocates a block's shared memory in whole units: the
  // warp-synchronous reductions of the CUDA samples (threadFenceReduction)
  // read past the `2 * threads` floats they declare for blocks under 16
  // threads, within the unit, and run without faults.
  sharedDeclared = layout.sharedBytes();
  shared.assign(
      llvm::alignTo(sharedDeclared,
                    std::max<uint64_t>(options.sharedAllocationUnit, 1)),
      0);
  if (llvm::Error error = bindTextures(module))
    return error;

  auto decoded = decodeProgram(function, env);
  if (!decoded)
    return makeError("cannot emulate '" + model.kernel +
                     "': " + llvm::toString(decoded.takeError()));
  program = std::move(*decoded);
  if (llvm::Error error = placeHeap())
    return error;
  prepareThreads();
  return llvm::Error::success();
}

llvm::Error Emulator::checkModelAndLaunch() const {
  if (kernel.siteInstructions.size() != model.sites.size())
    return makeError("the access model of '" + model.kernel +
                     "' does not belong to this prepared kernel (" +
                     std::to_string(model.sites.size()) + " sites, " +
                     std::to_string(kernel.siteInstructions.size()) +
                     " site instructions)");
  for (unsigned d = 0; d < 3; ++d)
    if (traceLaunch.grid[d] == 0 || traceLaunch.block[d] == 0)
      return makeError("the launch of '" + model.kernel +
                       "' has an empty grid or block");
  if (traceLaunch.threadsPerBlock() > 1024 * 64)
    return makeError("blocks of " +
                     std::to_string(traceLaunch.threadsPerBlock()) +
                     " threads are too large to emulate");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Kernel arguments: buffers at their layout addresses, scalars by value
//===----------------------------------------------------------------------===//

llvm::Error Emulator::bindArguments(const llvm::Function &function,
                                    DecodeEnvironment &env) {
  ParameterNames names(model);
  env.kernelArguments.resize(function.arg_size());
  env.argumentErrors.resize(function.arg_size());
  for (const llvm::Argument &arg : function.args()) {
    if (arg.hasByValAttr()) {
      if (llvm::Error error = bindByValArgument(arg, names, env))
        return error;
    } else if (arg.getType()->isPointerTy() && calledThrough(arg)) {
      // A function pointer: its value if given, else null (a call through
      // it runs CallInfo::nullCallee).
      auto given = arguments.integers.find(arg.getArgNo());
      env.kernelArguments[arg.getArgNo()] =
          given != arguments.integers.end() ? uint64_t(given->second) : 0;
    } else if (arg.getType()->isPointerTy()) {
      if (llvm::Error error = bindPointerArgument(arg, names, env))
        return error;
    } else {
      bindScalarArgument(arg, names, env);
    }
  }
  return llvm::Error::success();
}

/// A struct passed by value (access/ParamFields.h): its bytes in the
/// parameter space, with the members' values and, for pointer members, the
/// addresses of their buffers.
llvm::Error Emulator::bindByValArgument(const llvm::Argument &arg,
                                        const ParameterNames &names,
                                        DecodeEnvironment &env) {
  unsigned index = arg.getArgNo();
  const llvm::DataLayout &data = arg.getParent()->getParent()->getDataLayout();
  std::optional<uint64_t> base = layout.bufferBase(index);
  if (!base)
    return makeError("parameter " + names.describe(arg) +
                     " has no place in the memory layout");
  env.kernelArguments[index] = *base;
  uint64_t size = data.getTypeAllocSize(arg.getParamByValType());
  variableMemory.emplace_back(std::max<uint64_t>(size, 1), 0);
  std::vector<uint8_t> &bytes = variableMemory.back();
  auto put = [&](uint64_t offset, uint64_t bits, unsigned width) {
    for (unsigned b = 0; b < width && offset + b < size; ++b)
      bytes[offset + b] = uint8_t(bits >> (8 * b));
  };
  for (const auto &[key, scalar] : arguments.memberScalars)
    if (key.first == index)
      put(key.second, scalar.bits, scalar.size);
  for (const auto &[key, memberBase] : layout.memberBufferBases()) {
    if (key.first != index)
      continue;
    put(key.second, memberBase, 8);
    Region member;
    auto name = arguments.memberNames.find(key);
    member.name = name != arguments.memberNames.end()
                      ? name->second
                      : names.plain(arg) + "@" + std::to_string(key.second);
    member.base = memberBase;
    member.param = -1; // not a parameter of its own
    auto buffer = arguments.memberBuffers.find(key);
    if (buffer == arguments.memberBuffers.end()) {
      if (llvm::Error error = bindDefaultBuffer(member, index, key.second))
        return error;
    } else {
      if (buffer->second.size() > UnknownBufferSpan)
        return makeError("the buffer of '" + member.name +
                         "' is larger than the layout's span for "
                         "buffers of unknown size");
      member.size = buffer->second.size();
      member.data = buffer->second.data();
    }
    regions.push_back(member);
  }
  Region region;
  region.name = names.plain(arg);
  region.base = *base;
  region.size = size;
  region.data = bytes.data();
  region.isConstant = true;
  regions.push_back(region);
  return llvm::Error::success();
}

llvm::Error Emulator::bindPointerArgument(const llvm::Argument &arg,
                                          const ParameterNames &names,
                                          DecodeEnvironment &env) {
  unsigned index = arg.getArgNo();
  std::optional<uint64_t> base = layout.bufferBase(index);
  if (!base)
    return makeError("parameter " + names.describe(arg) +
                     " has no place in the memory layout");
  env.kernelArguments[index] = *base;
  Region region;
  region.name = names.plain(arg);
  region.base = *base;
  region.param = int(index);
  uint64_t planned = 0;
  for (const MemoryRegion &placed : layout.globalRegions())
    if (placed.base == *base)
      planned = placed.size;
  auto buffer = arguments.buffers.find(index);
  if (buffer == arguments.buffers.end()) {
    if (llvm::Error error = bindDefaultBuffer(region, index, std::nullopt))
      return error;
  } else {
    uint64_t size = buffer->second.size();
    if (planned && planned != size)
      return makeError("the buffer of parameter " + names.describe(arg) +
                       " has " + std::to_string(size) +
                       " bytes, but the memory layout was created for " +
                       std::to_string(planned));
    if (!planned && size > UnknownBufferSpan)
      return makeError("the buffer of parameter " + names.describe(arg) +
                       " is larger than the layout's span for buffers "
                       "of unknown size; create the layout with its size");
    region.size = size;
    region.data = buffer->second.data();
  }
  regions.push_back(region);
  return llvm::Error::success();
}

/// A pointer parameter or member without contents: a default buffer when
/// the arguments list one, else none (an access is an error).
llvm::Error Emulator::bindDefaultBuffer(Region &region, unsigned param,
                                        std::optional<uint64_t> memberOffset) {
  DefaultBuffer *entry = nullptr;
  if (arguments.defaultBuffers)
    for (DefaultBuffer &buffer : arguments.defaultBuffers->buffers)
      if (buffer.param == param && buffer.memberOffset == memberOffset)
        entry = &buffer;
  if (!entry) {
    region.missing = true;
    return llvm::Error::success();
  }
  uint64_t modelled = entry->extent.end > 0 ? uint64_t(entry->extent.end) : 0;
  if (modelled > UnknownBufferSpan)
    return makeBoundError(
        LaunchBound::BufferSpan,
        "the access model says '" + region.name + "' of '" + model.kernel +
            "' is accessed over " + std::to_string(modelled) +
            " bytes, more than the memory layout's span of " +
            std::to_string(UnknownBufferSpan) +
            " bytes for a buffer of unknown size; give it with " +
            userInput(UserInput::Buffer, region.name + "=TYPE:COUNT:INIT"),
        modelled);
  auto memory = ZeroMemory::reserve(UnknownBufferSpan);
  if (!memory)
    return makeError(
        "cannot make a default buffer for '" + region.name + "' of '" +
        model.kernel + "': " + llvm::toString(memory.takeError()) +
        "; give it with " +
        userInput(UserInput::Buffer, region.name + "=TYPE:COUNT:INIT"));
  region.data = (*memory)->data();
  region.size = modelled;
  region.capacity = UnknownBufferSpan;
  // Assumed random indices (IndexContents.h) over the modelled extent.
  if (entry->indices) {
    std::vector<uint8_t> bytes = randomIndexBytes(*entry->indices);
    if (bytes.size() > modelled)
      return makeError("the random indices of '" + region.name +
                       "' are larger than its buffer");
    std::copy(bytes.begin(), bytes.end(), region.data);
  }
  region.touchedEnd = &entry->touchedEnd;
  defaultMemory.push_back(std::move(*memory));
  return llvm::Error::success();
}

uint8_t *Emulator::growDefaultBuffer(uint64_t address, uint64_t size) {
  for (Region &region : regions) {
    if (!region.touchedEnd)
      continue;
    uint64_t offset = address - region.base;
    if (offset >= region.capacity || size > region.capacity - offset)
      continue;
    region.size = std::max(region.size, offset + size);
    *region.touchedEnd = std::max(*region.touchedEnd, region.size);
    lastRegion = &region;
    return region.data + offset;
  }
  return nullptr;
}

/// Integers and floating-point values, converted from the argument given
/// (an integer or a double); a missing one is an error once it is used.
void Emulator::bindScalarArgument(const llvm::Argument &arg,
                                  const ParameterNames &names,
                                  DecodeEnvironment &env) {
  unsigned index = arg.getArgNo();
  llvm::Type *type = arg.getType();
  auto integer = arguments.integers.find(index);
  auto real = arguments.floats.find(index);
  if (type->isIntegerTy() && type->getIntegerBitWidth() <= 64) {
    if (integer != arguments.integers.end())
      env.kernelArguments[index] =
          uint64_t(integer->second) & widthMask(type->getIntegerBitWidth());
    else if (real != arguments.floats.end())
      env.kernelArguments[index] = uint64_t(int64_t(real->second)) &
                                   widthMask(type->getIntegerBitWidth());
  } else if (type->isFloatTy() || type->isDoubleTy() || type->isHalfTy()) {
    std::optional<double> value;
    if (real != arguments.floats.end())
      value = real->second;
    else if (integer != arguments.integers.end())
      value = double(integer->second);
    if (value)
      env.kernelArguments[index] = type->isFloatTy() ? floatBits(float(*value))
                                   : type->isDoubleTy()
                                       ? doubleBits(*value)
                                       : floatToHalf(float(*value));
  }
  if (env.kernelArguments[index])
    return;
  bool given =
      integer != arguments.integers.end() || real != arguments.floats.end();
  if (given) {
    // A value the emulator cannot hold (wider than 64 bits, a vector...):
    // asking for it again would not help.
    std::string typeName;
    llvm::raw_string_ostream os(typeName);
    type->print(os);
    env.argumentErrors[index] =
        "the scalar parameter " + names.describe(arg) + " of '" + model.kernel +
        "' has a type the emulator does not support (" + os.str() + ")";
    return;
  }
  env.argumentErrors[index] =
      "no value for the scalar parameter " + names.describe(arg) + " of '" +
      model.kernel + "' (give it with " +
      userInput(UserInput::Argument, "NAME=VALUE") + ")";
}

//===----------------------------------------------------------------------===//
// Variables and textures
//===----------------------------------------------------------------------===//

/// __device__ and __constant__ variables, initialised from the IR; shared
/// variables are only named (for messages), and where `extern __shared__`
/// arrays start.
llvm::Error Emulator::placeVariables(const llvm::Module &module,
                                     DecodeEnvironment &env) {
  const llvm::DataLayout &data = module.getDataLayout();
  for (const llvm::GlobalVariable &global : module.globals()) {
    if (global.getName().starts_with("llvm.") ||
        !global.getValueType()->isSized())
      continue;
    uint64_t size = data.getTypeAllocSize(global.getValueType());
    std::string demangled = llvm::demangle(global.getName().str());
    if (global.getAddressSpace() == 3) {
      bool dynamic = size == 0 || global.isDeclaration();
      if (auto base = layout.sharedBase(global.getName().str())) {
        sharedVariables.push_back(
            {demangled, *base,
             dynamic ? traceLaunch.dynamicSharedBytes : size});
        if (dynamic)
          env.dynamicSharedBase = *base;
      }
      continue;
    }
    std::optional<uint64_t> base = layout.globalBase(global.getName().str());
    if (!base)
      continue;
    variableMemory.emplace_back(std::max<uint64_t>(size, 1), 0);
    std::vector<uint8_t> &bytes = variableMemory.back();
    if (global.hasInitializer() && size)
      if (llvm::Error error = writeConstant(*global.getInitializer(), layout,
                                            data, bytes.data()))
        return makeError(
            "the initialiser of '" + demangled +
            "' cannot be emulated: " + llvm::toString(std::move(error)));
    Region region;
    region.name = demangled;
    region.base = *base;
    region.size = size;
    region.data = bytes.data();
    region.isConstant = global.getAddressSpace() == 4;
    regions.push_back(region);
  }
  return llvm::Error::success();
}

/// Textures bound to buffers (by the texture variable's name, as written
/// or its IR symbol).
llvm::Error Emulator::bindTextures(const llvm::Module &module) {
  for (const auto &[name, binding] : arguments.textures) {
    const llvm::GlobalVariable *found = nullptr;
    for (const llvm::GlobalVariable &global : module.globals()) {
      std::string demangled = llvm::demangle(global.getName().str());
      size_t scope = demangled.rfind("::");
      if (global.getName() == name || demangled == name ||
          (scope != std::string::npos && demangled.substr(scope + 2) == name))
        found = &global;
    }
    if (!found)
      return makeError("no texture named '" + name + "' in the device code");
    auto handle = layout.globalBase(found->getName().str());
    const Region *buffer = nullptr;
    for (const Region &region : regions)
      if (region.param == int(binding.param))
        buffer = &region;
    if (!handle || !buffer)
      return makeError("texture '" + name + "' cannot be bound to parameter " +
                       std::to_string(binding.param) +
                       ": no such pointer parameter");
    if (binding.texelBytes == 0 || binding.components == 0 ||
        binding.texelBytes % binding.components ||
        binding.texelBytes / binding.components > 4 || binding.components > 4)
      return makeError("texture '" + name + "': texels of " +
                       std::to_string(binding.texelBytes) + " bytes in " +
                       std::to_string(binding.components) +
                       " components are not supported");
    textures.push_back({*handle, name, buffer, buffer->base, binding.texelBytes,
                        binding.components});
  }
  // Default textures: consecutive spans below the global address range,
  // so that no fetch shares a cache line with a buffer or variable.
  uint64_t next = DefaultTextureBase;
  for (const auto &[symbol, texelBytes] : arguments.defaultTextures) {
    auto handle = layout.globalBase(symbol);
    if (!handle)
      return makeError("no texture named '" + symbol + "' in the device code");
    textures.push_back({*handle, llvm::demangle(symbol), nullptr, next,
                        unsigned(texelBytes), /*components=*/4});
    next += UnknownBufferSpan;
  }
  // Texture objects without a value: the handle their parameter was given
  // (EmulatorArguments::defaultTextureObjects), texels as large as each
  // fetch.
  for (size_t i = 0; i < arguments.defaultTextureObjects.size(); ++i) {
    textures.push_back({DefaultTextureObjectHandle + i,
                        arguments.defaultTextureObjects[i].second, nullptr,
                        next, /*texelBytes=*/0, /*components=*/4});
    next += UnknownBufferSpan;
  }
  // Texture object 0: a handle loaded from memory gpurd filled with zeros
  // (the CUDA samples' bindlessTexture reads its textures' handles from an
  // atlas texture) fetches zeros from a default texture of its own, as a
  // load from such memory reads zeros; notes() say so.
  if (next < GlobalBase)
    textures.push_back({NullTextureHandle, "texture object 0", nullptr, next,
                        /*texelBytes=*/0, /*components=*/4});
  return llvm::Error::success();
}

/// The interpreter's scratch and the block's threads (reused for every
/// block).
void Emulator::prepareThreads() {
  uint32_t maxMoves = 0;
  for (const Edge &edge : program->edges)
    maxMoves = std::max(maxMoves, edge.moveCount);
  // Texture fetches read through the texture path whatever space the
  // model gives their site.
  textureSite.assign(model.sites.size(), false);
  for (const auto &function : program->functions)
    for (const Inst &inst : function->code)
      if (inst.op == Op::TexFetch && inst.site >= 0)
        textureSite[inst.site] = true;
  moveTemporary.resize(maxMoves);

  threads.resize(traceLaunch.threadsPerBlock());
  for (uint32_t i = 0; i < threads.size(); ++i) {
    Thread &thread = threads[i];
    thread.linear = i;
    auto index = traceLaunch.threadIndex(i);
    for (unsigned d = 0; d < 3; ++d)
      thread.index[d] = uint32_t(index[d]);
    thread.lane = i % WarpSize;
    thread.warp = i / WarpSize;
  }
  logShare = std::max<uint64_t>(1, options.maxEventsPerBlock /
                                       std::max<size_t>(1, threads.size()));
}

} // namespace gpurd::trace::emu

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace gpurd::trace {

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createEmulator(const access::PreparedKernel &kernel,
               const access::AccessModel &model, const TraceLaunch &launch,
               MemoryLayout layout, EmulatorArguments arguments,
               const EmulatorOptions &options) {
  if (!kernel.function)
    return emu::makeError("the kernel was not prepared");
  auto emulator = std::make_unique<emu::Emulator>(
      kernel, model, launch, std::move(layout), std::move(arguments), options);
  if (llvm::Error error = emulator->initialize())
    return error;
  return std::unique_ptr<WarpTraceSource>(std::move(emulator));
}

const std::vector<uint8_t> *emulatorBuffer(const WarpTraceSource &source,
                                           unsigned param) {
  // By type, not by name(): a producer that wraps the emulator (a what-if
  // run's) has its name.
  const auto *emulator = dynamic_cast<const emu::Emulator *>(&source);
  return emulator ? emulator->buffer(param) : nullptr;
}

uint64_t emulatorInstructionCount(const WarpTraceSource &source) {
  const auto *emulator = dynamic_cast<const emu::Emulator *>(&source);
  return emulator ? emulator->instructionsExecuted() : 0;
}

} // namespace gpurd::trace

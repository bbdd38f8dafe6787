//===- DecodeLibraryCalls.cpp - Calls to declared device functions --------===//
//
// Functions the device code declares but does not define: printf and
// cudaGraphSetConditional (no effect), __assertfail (an error with its
// message), libdevice (scalar functions of Math.cpp; those that store through
// pointers are MathStore instructions), and the prelude's tensor-core API,
// opaque calls the emulator records as the access model does. Anything else
// fails when it is reached.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

std::optional<MathStoreKind> mathStoreKind(StringRef name) {
  return StringSwitch<std::optional<MathStoreKind>>(name)
      .Case("__nv_sincosf", MathStoreKind::SinCosF)
      .Case("__nv_fast_sincosf", MathStoreKind::SinCosF)
      .Case("__nv_sincos", MathStoreKind::SinCosD)
      .Case("__nv_sincospif", MathStoreKind::SinCosPiF)
      .Case("__nv_sincospi", MathStoreKind::SinCosPiD)
      .Case("__nv_modff", MathStoreKind::ModfF)
      .Case("__nv_modf", MathStoreKind::ModfD)
      .Case("__nv_frexpf", MathStoreKind::FrexpF)
      .Case("__nv_frexp", MathStoreKind::FrexpD)
      .Default(std::nullopt);
}

/// The prelude's tensor-core API (mma.h) declares these without a
/// definition: opaque calls whose per-lane memory mapping CUDA leaves
/// unspecified. The access model has no operations for them, so neither
/// does the emulator: they leave memory and the fragments unchanged.
bool isOpaqueCall(StringRef demangled) {
  for (const char *opaque :
       {"void nvcuda::wmma::load_matrix_sync<",
        "void nvcuda::wmma::store_matrix_sync<", "void nvcuda::wmma::mma_sync<",
        "void nvcuda::wmma::bmma_sync<"})
    if (demangled.starts_with(opaque))
      return true;
  return false;
}

} // namespace

Error Decoder::decodeLibraryCall(const CallInst &call,
                                 const llvm::Function &callee) {
  StringRef name = callee.getName();
  uint32_t dst = resultSlot(call);
  if (name == "vprintf" || name == "printf") {
    if (!call.getType()->isVoidTy())
      move(&call, dst, 0);
    return Error::success();
  }
  if (name == "__assertfail" || name == "__assert_fail") {
    auto message = operand(call.getArgOperand(0));
    if (!message)
      return message.takeError();
    Inst &out = emit(Op::AssertFail, &call);
    out.a = *message;
    return Error::success();
  }
  // Device malloc and free (`new` and `delete` call them): the emulator's
  // heap (DeviceHeap.cpp); free keeps the bytes allocated.
  // `new` without <new> included calls the implicitly declared global
  // operator new (nvcc's device runtime defines it as malloc; Clang's
  // cuda_wrappers/new only when <new> is included).
  bool isNew = name == "_Znwm" || name == "_Znam";
  bool isDelete = name == "_ZdlPv" || name == "_ZdaPv" || name == "_ZdlPvm" ||
                  name == "_ZdaPvm";
  if ((name == "malloc" || isNew) && call.arg_size() == 1) {
    auto size = operand(call.getArgOperand(0));
    if (!size)
      return size.takeError();
    program->usesHeap = true;
    Inst &out = emit(Op::Malloc, &call);
    out.dst = dst;
    out.a = *size;
    return Error::success();
  }
  if ((name == "free" || isDelete) && call.getType()->isVoidTy())
    return Error::success();
  if (std::optional<access::SurfaceCall> surface = access::surfaceCall(call))
    return decodeSurfaceCall(call, *surface);
  if (std::optional<MathStoreKind> kind = mathStoreKind(name))
    return decodeMathStore(call, *kind);
  std::string demangled = llvm::demangle(name.str());
  // A conditional graph node's value (CUDA 12.4): the host's graph reads
  // it after the kernel; no memory the kernel accesses.
  if (StringRef(demangled).split('(').first == "cudaGraphSetConditional" &&
      call.getType()->isVoidTy())
    return Error::success();
  if (isOpaqueCall(demangled))
    return decodeOpaqueCall(call);
  if (StringRef(demangled).starts_with("nvcuda::wmma::__float_to_tf32(") &&
      call.arg_size() == 1) {
    auto x = operand(call.getArgOperand(0));
    if (!x)
      return x.takeError();
    move(&call, dst, *x);
    return Error::success();
  }
  if (ScalarFn fn = lookupLibdeviceFunction(name)) {
    if (call.arg_size() > 3) {
      unsupported(call, "'" + name + "' takes too many arguments");
      return Error::success();
    }
    Type *type = call.getType()->isVoidTy() ? nullptr : call.getType();
    return scalarCall(call, fn, type ? scalarBits(type->getScalarType()) : 0);
  }
  // grid_group::sync (the prelude's cooperative_groups.h): blocks run one
  // at a time, so the grid's barrier is the block's own; the trace's
  // addresses stay right where they do not depend on values other blocks
  // write before it.
  if (name == "__gpurd_cg_grid_sync" && call.arg_size() == 0) {
    program->gridSync = true;
    Inst &out = emit(Op::Barrier, &call);
    out.dst = resultSlot(call);
    out.flags = uint8_t(BarrierKind::Plain);
    return Error::success();
  }
  unsupported(call, "the function '" + demangled +
                        "' has no definition the emulator can run");
  return Error::success();
}

/// A surface store or load as a texture access (TextureFetch::surface) on
/// the surface object's texture (a default one, as for texture objects).
Error Decoder::decodeSurfaceCall(const CallInst &call,
                                 const access::SurfaceCall &surface) {
  TextureFetch fetch;
  fetch.surface = true;
  fetch.accessBytes = data.getTypeStoreSize(surface.valueType);
  auto handle = operand(call.getArgOperand(surface.handleArg));
  if (!handle)
    return handle.takeError();
  fetch.handle = *handle;
  fetch.coordinateCount = surface.dims;
  for (unsigned d = 0; d < surface.dims; ++d) {
    auto coordinate =
        operand(call.getArgOperand(surface.firstCoordinateArg + d));
    if (!coordinate)
      return coordinate.takeError();
    fetch.coordinates[d] = *coordinate;
  }
  fetch.resultSlots = surface.write ? 0 : leafCount(call.getType());
  Inst &out = emit(Op::TexFetch, &call);
  out.dst = resultSlot(call);
  out.c = program->textures.size();
  program->textures.push_back(fetch);
  return Error::success();
}

Error Decoder::decodeMathStore(const CallInst &call, MathStoreKind kind) {
  uint32_t dst = resultSlot(call);
  auto x = operand(call.getArgOperand(0));
  auto p = operand(call.getArgOperand(1));
  if (!x)
    return x.takeError();
  if (!p)
    return p.takeError();
  Inst &out = emit(Op::MathStore, &call);
  out.dst = dst;
  out.a = *x;
  out.b = *p;
  out.flags = uint8_t(kind);
  if (call.arg_size() > 2) {
    auto q = operand(call.getArgOperand(2));
    if (!q)
      return q.takeError();
    current->code.back().c = *q;
  }
  return Error::success();
}

Error Decoder::decodeOpaqueCall(const CallInst &call) {
  // The access model makes such a call a site at its first pointer
  // argument; record that, as it does.
  uint32_t address = ZeroSlot;
  for (const Use &argument : call.args())
    if (argument->getType()->isPointerTy()) {
      auto slot = operand(argument.get());
      if (!slot)
        return slot.takeError();
      address = *slot;
      break;
    }
  Inst &out = emit(Op::Opaque, &call);
  out.a = address;
  return Error::success();
}

} // namespace gpurd::trace::emu

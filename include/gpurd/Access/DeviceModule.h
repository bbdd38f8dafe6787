//===- DeviceModule.h - Device IR and the launch values in it -*- C++ -*-=====//
//
// What the stages after the device compile need of it, without Clang: the
// module with its context, the launch values that specialise a kernel, and
// the folding itself (specializeKernel re-runs the same O3 pipeline as the
// compile). DeviceCompiler.h produces a DeviceModule from a CUDA file.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_DEVICEMODULE_H
#define GPURD_ACCESS_DEVICEMODULE_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>

namespace gpurd::access {

/// An LLVM module with the context that owns it.
struct DeviceModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
};

/// Values known at launch time that are folded into a kernel before it is
/// analysed: block and grid dimensions, scalar arguments (by position).
struct KernelSpecialization {
  std::optional<std::array<uint64_t, 3>> block;
  std::optional<std::array<uint64_t, 3>> grid;
  std::map<unsigned, int64_t> integerArgs;
  std::map<unsigned, double> floatArgs;
  /// Members of struct parameters passed by value, by (parameter, byte
  /// offset): integer or floating-point values (ParamFields.h).
  std::map<std::pair<unsigned, uint64_t>, int64_t> integerFields;
  std::map<std::pair<unsigned, uint64_t>, double> floatFields;
};

/// Keeps the device O3 pipeline from versioning loops on run-time alias
/// checks (comparisons of pointers): LoopLoadElimination, which forwards a
/// value stored in one iteration to a load in the next, otherwise guards
/// that with a check that the arrays do not overlap and keeps the loop
/// twice. nvcc does not version on aliasing (the CUDA Programming Guide's
/// __restrict__ section: without it the compiler must keep the loads), and
/// the model of the two versions is not affine (PolyBench adi). Forwarding
/// that needs no check (__restrict__, one array) is kept. Sets LLVM's
/// process-wide option once; docs/access-model.md.
void disableAliasCheckVersioning();

/// Whether a call through a pointer of type \p type may reach \p function:
/// it has a body, that type, and its address is taken by code or by a
/// global's initialiser (a table of function pointers, a vtable). Calls
/// (and llvm.used) do not take it. What cloneForKernel keeps for an
/// indirect call, what the access model gives sites and what the emulator
/// runs for a null pointer.
bool mayBeCalledThrough(const llvm::Function &function,
                        const llvm::FunctionType &type);

/// A copy of \p module for analysing \p kernel: the kernel and what it
/// reaches (calls, function pointers, and for an indirect call the
/// functions of its type whose address any code or initialiser takes) keep
/// their code, every other function
/// becomes a declaration. Optimising a file's one kernel then costs the
/// same whether the file holds one kernel or 200 template instances. The
/// globals the dropped functions refer to are marked externally
/// initialised, so the optimiser never folds a load of one to its initial
/// value (another kernel may have stored there).
std::unique_ptr<llvm::Module> cloneForKernel(const llvm::Module &module,
                                             const llvm::Function &kernel);

/// Inlines into \p kernel every call to a function defined in \p module
/// (transitively), except functions that are recursive, and stops when the
/// kernel grows beyond a bound. Clang's O3 inliner leaves calls to large
/// device functions (Rodinia dwt2d's kernels call one `run` that holds the
/// whole transform); the access model looks at the kernel's own code only,
/// and nvcc inlines device functions. Returns the number of calls inlined.
unsigned inlineDeviceCalls(llvm::Module &module, llvm::Function &kernel);

/// Replaces blockDim/gridDim reads and scalar arguments of \p kernel with the
/// known values, bounds thread and block indices (after inlining device
/// calls, inlineDeviceCalls), and re-optimises the module
/// (the same pipeline, unrolling as \p unroll says).
llvm::Error specializeKernel(llvm::Module &module, llvm::Function &kernel,
                             const KernelSpecialization &values, bool unroll);

/// The NVPTX target machine of \p module (its triple, and the target-cpu of
/// its first function, sm_80 without one); null when the target is missing.
std::unique_ptr<llvm::TargetMachine> nvptxTargetMachine(llvm::Module &module);

/// The optimisation pipeline gpurd runs on device code: O3 without
/// vectorisers, loop unrolling as \p unroll says, then the NVPTX back end's
/// load/store vectoriser.
void optimizeDeviceModule(llvm::Module &module, bool unroll);

} // namespace gpurd::access

#endif // GPURD_ACCESS_DEVICEMODULE_H

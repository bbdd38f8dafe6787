//===- AccessAnalysis.h - Build a kernel's AccessModel ----------*- C++ -*-===//
//
// Entry point of the Access component: from the compiled device module and
// what the Frontend knows of the kernel, build its AccessModel.
//
//   auto device = compileDeviceModule(database, file, options);
//   auto model = analyzeKernel(*device->module, kernel, unit, values, {});
//
// The module is not modified (the kernel is specialised in a copy).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_ACCESSANALYSIS_H
#define GPURD_ACCESS_ACCESSANALYSIS_H

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Access/DeviceModule.h"
#include "gpurd/Frontend/KernelInfo.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace gpurd::access {

struct AccessAnalysisOptions {
  /// Keep the compiler's loop unrolling.
  bool unroll = false;
  /// Bound on isl's work per kernel; exceeding it makes the affected
  /// operations non-affine (reason `complexity`) instead of hanging.
  unsigned long islMaxOperations = 2000000;
  /// When set, the specialised and optimised kernel IR is printed here
  /// (for developers: what the model is built from).
  llvm::raw_ostream *printIR = nullptr;
};

/// A kernel prepared for analysis: a copy of the device module with the
/// launch values folded in and re-optimised. The access model and the IR
/// emulator both work from this IR, so they describe the same operations.
struct PreparedKernel {
  std::unique_ptr<llvm::Module> module;
  llvm::Function *function = nullptr;
  /// The memory operations and barriers, indexed by AccessSite id (filled
  /// by buildAccessModel).
  std::vector<const llvm::Instruction *> siteInstructions;
};

/// Copies \p module, finds \p kernel in it by its mangled name and folds
/// \p values in (specializeKernel).
llvm::Expected<PreparedKernel>
prepareKernel(const llvm::Module &module, const KernelInfo &kernel,
              const KernelSpecialization &values,
              const AccessAnalysisOptions &options);

/// Builds the access model of a prepared kernel.
llvm::Expected<AccessModel>
buildAccessModel(PreparedKernel &prepared, const KernelInfo &kernel,
                 const TranslationUnitInfo &unit,
                 const KernelSpecialization &values,
                 const AccessAnalysisOptions &options);

/// prepareKernel and buildAccessModel in one.
llvm::Expected<AccessModel> analyzeKernel(const llvm::Module &module,
                                          const KernelInfo &kernel,
                                          const TranslationUnitInfo &unit,
                                          const KernelSpecialization &values,
                                          const AccessAnalysisOptions &options);

/// Whether each source access (TranslationUnitInfo::deviceAccesses in the
/// kernel's functions) is kept, merged, moved or dropped by the compiler.
struct CompiledSubscript {
  const SourceAccess *source = nullptr;
  bool isWrite = false; ///< Which direction of the access this entry is about.
  enum class Fate {
    Kept,    ///< One compiled operation per source execution.
    Merged,  ///< Shares a compiled operation with another subscript.
    Hoisted, ///< Compiled outside a loop that encloses it in the source
             ///< (a load hoisted before it, a store sunk after it).
    Dropped, ///< No compiled memory operation (forwarded or removed).
  } fate = Fate::Kept;
  std::vector<unsigned> sites; ///< AccessSite ids it maps to.
  std::string explanation;
};
std::vector<CompiledSubscript> explainCompiled(const AccessModel &model,
                                               const TranslationUnitInfo &unit);

} // namespace gpurd::access

#endif // GPURD_ACCESS_ACCESSANALYSIS_H

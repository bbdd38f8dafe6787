//===- SourceVariant.h - A file as a change to it asks ----------*- C++ -*-===//
//
// Private to lib/Driver. A parsed file and its device code, for the file as
// written or changed by macro definitions and appended source (what-if
// runs). Each variant has its own compile commands and file system, so the
// variants of one file never share a parse.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_DRIVER_SOURCEVARIANT_H
#define GPURD_LIB_DRIVER_SOURCEVARIANT_H

#include "Assumptions.h"

#include "gpurd/Access/DeviceModule.h"
#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Frontend/KernelInfo.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::driver {

struct AnalysisContext::SourceVariant {
  std::string file;
  /// Macro definitions added to the compile command (`-D` values).
  std::vector<std::string> defines;
  /// Edits of the file (fix-its a what-if tries).
  std::vector<SourceEdit> edits;
  /// Source text appended to the file (explicit template instances).
  std::string appendedSource;
  /// The compile commands with the definitions added (null: the context's).
  std::unique_ptr<clang::tooling::CompilationDatabase> database;
  /// Where the variant's files are read from.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem;
  TranslationUnitInfo unit;
  /// Compiled on first use.
  std::shared_ptr<const access::DeviceModule> device;
  /// The values host variables hold in every launch of the file they reach
  /// (HostValueAssumptions.cpp), planned on first use.
  std::optional<std::vector<FileHostValue>> hostValues;
  /// The trace planHostValues last prepared for a kernel to try a value,
  /// and the launch it was prepared for (preparedLaunchKey): the kernel's
  /// own first analysis takes it when it asks for the same launch, instead
  /// of building the same access model again (SHOC's S3D prepared each of
  /// its 54 kernels twice, a quarter of its run).
  struct PlannedTrace {
    std::string launch;
    std::unique_ptr<KernelTrace> trace;
  };
  std::map<std::string, PlannedTrace> plannedTraces;
  /// A kernel's last trace whose models failed (a block longer than gpurd
  /// holds, usually), with the launch and scale it was prepared for
  /// (preparedLaunchKey, failedTraceKey): the retry that only cuts the
  /// blocks' runs (AssumptionScale::cutLongBlocks) at the same launch takes
  /// its access model instead of building it again (the CUDA samples'
  /// dmmaTensorCoreGemm built each of three models twice, 1.6 s each).
  std::map<std::string, PlannedTrace> failedTraces;

  /// Whether this is the file changed (a what-if variant): its compile
  /// errors are the change's, reported in Errors, not printed.
  bool isChanged() const {
    return !defines.empty() || !edits.empty() || !appendedSource.empty();
  }
};

/// Everything of \p config a trace's preparation reads, as text: two
/// launches with the same key prepare the same trace.
std::string preparedLaunchKey(const LaunchConfig &config);

/// A compilation database that adds \p flags (after the compiler) to every
/// command of \p inner.
std::unique_ptr<clang::tooling::CompilationDatabase>
withExtraFlags(const clang::tooling::CompilationDatabase &inner,
               std::vector<std::string> flags);

} // namespace gpurd::driver

#endif // GPURD_LIB_DRIVER_SOURCEVARIANT_H

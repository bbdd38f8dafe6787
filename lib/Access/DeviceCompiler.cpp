//===- DeviceCompiler.cpp - The kernel's optimised device IR --------------===//

#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Access/HostDeviceDifferences.h"
#include "gpurd/Frontend/PrecompiledPrelude.h"

#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"

namespace gpurd::access {
namespace {

/// The diagnostics of the passes gpurd runs on the device module after
/// Clang (its O3 pipeline, the issue groups' unrolling): LLVM's default
/// handler prints their warnings and remarks (`loop not unrolled: the
/// optimizer was unable to perform the requested transformation`, once a
/// pass run, between the report's lines) as if they were gpurd's. They
/// are the compiler's, shown as Clang's are: with --show-compiler-warnings.
class DevicePassDiagnostics : public llvm::DiagnosticHandler {
public:
  explicit DevicePassDiagnostics(bool show) : show(show) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() == llvm::DS_Error)
      return false; // LLVM's own handling
    if (show && info.getSeverity() == llvm::DS_Warning) {
      llvm::errs() << "warning: ";
      llvm::DiagnosticPrinterRawOStream printer(llvm::errs());
      info.print(printer);
      llvm::errs() << "\n";
    }
    return true;
  }

private:
  bool show;
};

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Records the lines of each preprocessor branch the device compile skips.
class SkippedRanges : public clang::PPCallbacks {
public:
  SkippedRanges(const clang::SourceManager &sources,
                std::vector<SkippedLines> &out)
      : sources(sources), out(out) {}
  void SourceRangeSkipped(clang::SourceRange range,
                          clang::SourceLocation) override {
    clang::PresumedLoc begin = sources.getPresumedLoc(range.getBegin());
    clang::PresumedLoc end = sources.getPresumedLoc(range.getEnd());
    if (begin.isInvalid() || end.isInvalid() ||
        sources.isInSystemHeader(range.getBegin()))
      return;
    out.push_back({begin.getFilename(), begin.getLine(), end.getLine()});
  }

private:
  const clang::SourceManager &sources;
  std::vector<SkippedLines> &out;
};

/// EmitLLVMOnlyAction that also records the skipped preprocessor branches.
class DeviceCodeGenAction : public clang::EmitLLVMOnlyAction {
public:
  DeviceCodeGenAction(llvm::LLVMContext *context,
                      std::vector<SkippedLines> &skipped)
      : clang::EmitLLVMOnlyAction(context), skipped(skipped) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &compiler) override {
    compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<SkippedRanges>(compiler.getSourceManager(), skipped));
    return clang::EmitLLVMOnlyAction::BeginSourceFileAction(compiler);
  }

private:
  std::vector<SkippedLines> &skipped;
};

/// Prints Clang's diagnostics and notes the errors gpurd can explain: a
/// kernel launched from device code (CUDA dynamic parallelism), which
/// Clang 19 rejects as a reference to a __global__ function.
class ExplainingConsumer : public clang::DiagnosticConsumer {
public:
  explicit ExplainingConsumer(clang::DiagnosticConsumer &printer)
      : printer(printer) {}

  void BeginSourceFile(const clang::LangOptions &options,
                       const clang::Preprocessor *pp) override {
    printer.BeginSourceFile(options, pp);
  }
  void EndSourceFile() override { printer.EndSourceFile(); }
  void finish() override { printer.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level >= clang::DiagnosticsEngine::Error) {
      llvm::SmallString<128> text;
      info.FormatDiagnostic(text);
      if (llvm::StringRef(text).starts_with(
              "reference to __global__ function") &&
          llvm::StringRef(text).ends_with("in __global__ function"))
        deviceLaunch = true;
    }
    printer.HandleDiagnostic(level, info);
  }

  bool deviceLaunch = false;

private:
  clang::DiagnosticConsumer &printer;
};

/// Runs EmitLLVMOnlyAction and keeps the module.
class EmitModuleAction : public clang::tooling::ToolAction {
public:
  explicit EmitModuleAction(llvm::LLVMContext &context) : context(context) {}

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> pch,
                     clang::DiagnosticConsumer *diagnostics) override {
    clang::CompilerInstance compiler(std::move(pch));
    compiler.setInvocation(std::move(invocation));
    compiler.setFileManager(files);
    compiler.createDiagnostics(diagnostics, /*ShouldOwnClient=*/false);
    if (!compiler.hasDiagnostics())
      return false;
    compiler.createSourceManager(*files);
    DeviceCodeGenAction action(&context, skipped);
    bool ok = compiler.ExecuteAction(action);
    files->clearStatCache();
    errors = compiler.getDiagnostics().getClient()->getNumErrors();
    if (ok)
      module = action.takeModule();
    return ok && module;
  }

  llvm::LLVMContext &context;
  std::unique_ptr<llvm::Module> module;
  std::vector<SkippedLines> skipped;
  unsigned errors = 0;
};

} // namespace

llvm::Expected<DeviceModule>
compileDeviceModule(const clang::tooling::CompilationDatabase &database,
                    llvm::StringRef file, const DeviceCompileOptions &options) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem =
      createCudaFileSystem(options.cuda);
  if (std::optional<std::string> why = unreadableSource(*fileSystem, file))
    return makeError(*why);
  // The NVPTX target must be registered before Clang builds its pipeline,
  // or the first compilation in a process gets generic target information
  // (and different IR: i64 instead of i32 induction variables).
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  // Clang's own O3 run below reads the same LLVM options as gpurd's.
  disableAliasCheckVersioning();
  CudaCompileOptions cuda = options.cuda;
  cuda.side = CudaSide::Device;
  DeviceModule result;
  result.context = std::make_unique<llvm::LLVMContext>();
  clang::tooling::ClangTool tool(
      database, {file.str()}, std::make_shared<clang::PCHContainerOperations>(),
      fileSystem);
  tool.clearArgumentsAdjusters();
  tool.appendArgumentsAdjuster(clang::tooling::getClangStripOutputAdjuster());
  tool.appendArgumentsAdjuster(
      clang::tooling::getClangStripDependencyFileAdjuster());
  tool.appendArgumentsAdjuster(getCudaArgumentsAdjuster(cuda));
  // Vectorisers are off: SLP turns chains of index comparisons into vector
  // compares that no affine analysis sees through, and nvcc does not
  // vectorise them either.
  std::vector<std::string> extra = {"-O3", "-gline-tables-only",
                                    "-gcolumn-info", "-fno-vectorize",
                                    "-fno-slp-vectorize"};
  if (!options.unroll)
    extra.push_back("-fno-unroll-loops");
  tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      extra, clang::tooling::ArgumentInsertPosition::BEGIN));
  tool.setPrintErrorMessage(false);
  auto *diagOptions = new clang::DiagnosticOptions();
  diagOptions->ShowColors =
      !cuda.quiet && llvm::sys::Process::StandardErrHasColors();
  // A quiet compile (a what-if variant) keeps its diagnostics for the Error.
  std::string quietText;
  llvm::raw_string_ostream quietStream(quietText);
  clang::TextDiagnosticPrinter printer(
      cuda.quiet ? static_cast<llvm::raw_ostream &>(quietStream) : llvm::errs(),
      diagOptions);
  ExplainingConsumer consumer(printer);
  tool.setDiagnosticConsumer(&consumer);
  EmitModuleAction action(*result.context);
  if (runWithPrelude(tool, action, cuda.preludes.get()) != 0 ||
      !action.module) {
    std::string where = " (see the errors above)";
    if (cuda.quiet) {
      llvm::StringRef first = firstErrorLine(quietText);
      where = first.empty() ? "" : ", the first error: " + first.str();
    }
    return makeError(
        "the device side of '" + file + "' could not be compiled" + where +
        (consumer.deviceLaunch
             ? ": a kernel launches a kernel from device code (CUDA dynamic "
               "parallelism), which Clang 19 does not compile, so gpurd "
               "cannot analyse the kernels of this file"
             : ""));
  }
  result.module = std::move(action.module);
  result.context->setDiagnosticHandler(
      std::make_unique<DevicePassDiagnostics>(cuda.showWarnings));
  recordSkippedLines(*result.module, action.skipped);
  return result;
}

} // namespace gpurd::access

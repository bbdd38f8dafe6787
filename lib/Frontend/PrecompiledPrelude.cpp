//===- PrecompiledPrelude.cpp - The CUDA prelude as a PCH -----------------===//
//
// The PCH is built from a buffer that includes the prelude as `-include`
// does (`#include "gpurd_cuda_prelude.h"`), so the prelude stays a system
// header found on the include path, as it is in a compile that parses it;
// its main file is the buffer, not the prelude. A compile reads it through
// PreprocessorOptions::ImplicitPCHInclude (what `-include-pch` sets) from an
// in-memory file on top of the compile's own file system; Clang checks
// there, as for any PCH, that the options and the prelude's files are those
// the PCH was built with.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Frontend/PrecompiledPrelude.h"
#include "gpurd/Frontend/CudaCompilation.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTWriter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/xxhash.h"

namespace gpurd {
namespace {

/// GeneratePCHAction that keeps the PCH in memory.
class PrecompileAction : public clang::ASTFrontendAction {
public:
  std::shared_ptr<clang::PCHBuffer> buffer =
      std::make_shared<clang::PCHBuffer>();

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &compiler,
                    llvm::StringRef) override {
    std::string sysroot;
    if (!clang::GeneratePCHAction::ComputeASTConsumerArguments(compiler,
                                                               sysroot))
      return nullptr;
    return std::make_unique<clang::PCHGenerator>(
        compiler.getPreprocessor(), compiler.getModuleCache(), "", sysroot,
        buffer, compiler.getFrontendOpts().ModuleFileExtensions);
  }
  clang::TranslationUnitKind getTranslationUnitKind() override {
    return clang::TU_Prefix;
  }
  bool hasASTFileSupport() const override { return false; }
};

/// Whether the prelude is the first file \p invocation force-includes
/// (adjustCudaCommandLine puts it after the command's own `-include`s, which
/// must stay before it).
bool preludeFirst(const clang::CompilerInvocation &invocation) {
  const clang::PreprocessorOptions &pp = invocation.getPreprocessorOpts();
  return !pp.Includes.empty() && pp.Includes.front() == PreludeHeader &&
         pp.MacroIncludes.empty() && pp.ImplicitPCHInclude.empty();
}

/// What two compiles must share to share a prelude: the invocation's options
/// without its input and the names derived from it.
std::string invocationKey(const clang::CompilerInvocation &invocation) {
  clang::CompilerInvocation shared(invocation);
  shared.getFrontendOpts().Inputs.clear();
  shared.getFrontendOpts().OutputFile.clear();
  shared.getCodeGenOpts().MainFileName.clear();
  // How diagnostics are shown is not in a PCH: a what-if variant's quiet
  // compile (-fno-caret-diagnostics) shares the file's prelude.
  shared.getDiagnosticOpts().ShowCarets = true;
  return llvm::join(shared.getCC1CommandLine(), "\n");
}

/// The prelude precompiled with \p invocation's options, or null.
std::unique_ptr<llvm::MemoryBuffer>
precompile(const clang::CompilerInvocation &invocation,
           clang::FileManager &files,
           std::shared_ptr<clang::PCHContainerOperations> operations) {
  static constexpr llvm::StringLiteral IncludeText =
      "#include \"gpurd_cuda_prelude.h\"\n";
  auto pch = std::make_shared<clang::CompilerInvocation>(invocation);
  clang::FrontendOptions &frontend = pch->getFrontendOpts();
  frontend.Inputs = {clang::FrontendInputFile(
      llvm::MemoryBufferRef(IncludeText, "<gpurd prelude>"),
      clang::InputKind(clang::Language::CUDA))};
  frontend.OutputFile.clear();
  frontend.ProgramAction = clang::frontend::GeneratePCH;
  pch->getPreprocessorOpts().Includes.erase(
      pch->getPreprocessorOpts().Includes.begin());
  clang::CompilerInstance compiler(std::move(operations));
  compiler.setInvocation(std::move(pch));
  compiler.setFileManager(&files);
  clang::IgnoringDiagConsumer ignore;
  compiler.createDiagnostics(&ignore, /*ShouldOwnClient=*/false);
  if (!compiler.hasDiagnostics())
    return nullptr;
  compiler.createSourceManager(files);
  PrecompileAction action;
  bool ok = compiler.ExecuteAction(action) &&
            !compiler.getDiagnostics().hasErrorOccurred() &&
            action.buffer->IsComplete;
  files.clearStatCache();
  if (!ok)
    return nullptr;
  return std::make_unique<llvm::SmallVectorMemoryBuffer>(
      std::move(action.buffer->Data), "<gpurd prelude pch>",
      /*RequiresNullTerminator=*/false);
}

} // namespace

llvm::IntrusiveRefCntPtr<clang::FileManager>
PreludeCache::apply(clang::CompilerInvocation &invocation,
                    clang::FileManager &files,
                    std::shared_ptr<clang::PCHContainerOperations> operations) {
  if (!preludeFirst(invocation))
    return nullptr;
  auto [entry, added] = preludes.try_emplace(invocationKey(invocation));
  if (added) {
    entry->second = precompile(invocation, files, std::move(operations));
    numBuilt += entry->second != nullptr;
  }
  if (!entry->second)
    return nullptr;
  // Each PCH has its own name: Clang's module manager knows a PCH by its
  // file, and one process compiles with several.
  std::string path = "/__gpurd__/pch/prelude-" +
                     llvm::utohexstr(llvm::xxh3_64bits(entry->first())) +
                     ".pch";
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(
      path, /*ModificationTime=*/0,
      llvm::MemoryBuffer::getMemBuffer(entry->second->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      files.getVirtualFileSystemPtr());
  overlay->pushOverlay(memory);
  clang::PreprocessorOptions &pp = invocation.getPreprocessorOpts();
  pp.Includes.erase(pp.Includes.begin());
  pp.ImplicitPCHInclude = path;
  ++numUsed;
  return llvm::makeIntrusiveRefCnt<clang::FileManager>(
      files.getFileSystemOpts(), std::move(overlay));
}

bool WithPrecompiledPrelude::runInvocation(
    std::shared_ptr<clang::CompilerInvocation> invocation,
    clang::FileManager *files,
    std::shared_ptr<clang::PCHContainerOperations> operations,
    clang::DiagnosticConsumer *diagnostics) {
  llvm::IntrusiveRefCntPtr<clang::FileManager> withPrelude =
      cache.apply(*invocation, *files, operations);
  return inner.runInvocation(std::move(invocation),
                             withPrelude ? withPrelude.get() : files,
                             std::move(operations), diagnostics);
}

int runWithPrelude(clang::tooling::ClangTool &tool,
                   clang::tooling::ToolAction &action, PreludeCache *cache) {
  if (!cache)
    return tool.run(&action);
  WithPrecompiledPrelude withPrelude(action, *cache);
  return tool.run(&withPrelude);
}

} // namespace gpurd

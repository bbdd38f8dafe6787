//===- AnalysisContext.cpp - Parsed files and device code, cached ---------===//
//
// The context's caches: each file (and each what-if variant of its source)
// is parsed once, and its device side compiled once, on first use, for all
// of its kernels.
//
//===----------------------------------------------------------------------===//

#include "SourceVariant.h"
#include "WhatIf.h"

#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Frontend/KernelCollector.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gpurd::driver {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// Adds flags after the compiler of every command of another database.
class ExtraFlagsDatabase : public clang::tooling::CompilationDatabase {
public:
  ExtraFlagsDatabase(const clang::tooling::CompilationDatabase &inner,
                     std::vector<std::string> flags)
      : inner(inner), flags(std::move(flags)) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef file) const override {
    return withFlags(inner.getCompileCommands(file));
  }
  std::vector<std::string> getAllFiles() const override {
    return inner.getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return withFlags(inner.getAllCompileCommands());
  }

private:
  std::vector<clang::tooling::CompileCommand>
  withFlags(std::vector<clang::tooling::CompileCommand> commands) const {
    for (clang::tooling::CompileCommand &command : commands) {
      auto at = command.CommandLine.empty() ? command.CommandLine.end()
                                            : command.CommandLine.begin() + 1;
      command.CommandLine.insert(at, flags.begin(), flags.end());
    }
    return commands;
  }

  const clang::tooling::CompilationDatabase &inner;
  std::vector<std::string> flags;
};

/// \p file made absolute against the process's working directory.
std::string absolutePath(StringRef file) {
  SmallString<256> path(file);
  sys::fs::make_absolute(path);
  sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return path.str().str();
}

} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
withExtraFlags(const clang::tooling::CompilationDatabase &inner,
               std::vector<std::string> flags) {
  return std::make_unique<ExtraFlagsDatabase>(inner, std::move(flags));
}

AnalysisContext::AnalysisContext(
    const clang::tooling::CompilationDatabase &database,
    arch::ArchDescription arch, AnalysisOptions analysis, LaunchInputs launches,
    ModelOptions model)
    : database(database), archDescription(std::move(arch)),
      analysis(std::move(analysis)), launches(std::move(launches)),
      modelOptionsValue(model) {}

AnalysisContext::~AnalysisContext() = default;

void AnalysisContext::setFileContents(StringRef path, StringRef contents) {
  std::string absolute = absolutePath(path);
  memoryFiles[absolute] = contents.str();
  // An in-memory file system cannot replace a file: build a new one.
  auto memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  for (const auto &[name, text] : memoryFiles)
    memory->addFile(name, /*ModificationTime=*/0,
                    MemoryBuffer::getMemBufferCopy(text, name));
  auto overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  overlay->pushOverlay(memory);
  fileSystem = overlay;
  // Whatever was parsed of the file is stale, in every variant.
  for (auto it = variants.begin(); it != variants.end();)
    if (absolutePath(it->second->file) == absolute)
      it = variants.erase(it);
    else
      ++it;
}

CudaCompileOptions AnalysisContext::compileOptions() const {
  CudaCompileOptions options;
  options.gpuArch = archDescription.computeCapability.value_or("sm_80");
  options.resourceDir = defaultClangResourceDir();
  options.showWarnings = analysis.showCompilerWarnings;
  options.fileSystem = fileSystem;
  options.preludes = preludes;
  return options;
}

Expected<AnalysisContext::SourceVariant &> AnalysisContext::variant(
    StringRef file, const std::vector<std::string> &defines,
    const std::vector<SourceEdit> &edits, StringRef appendedSource) {
  std::string key = file.str() + "\n" + join(defines, "\n") + "\n--\n";
  for (const SourceEdit &edit : edits)
    key += std::to_string(edit.line) + ":" + std::to_string(edit.beginColumn) +
           "-" + std::to_string(edit.endColumn) + ":" + edit.replacement + "\n";
  key += "--\n" + appendedSource.str();
  auto cached = variants.find(key);
  if (cached != variants.end())
    return *cached->second;

  TimeTraceScope scope("parseVariant", [&] {
    return (Twine(defines.size()) + " defines, " + Twine(edits.size()) +
            " edits")
        .str();
  });
  auto source = std::make_unique<SourceVariant>();
  source->file = file.str();
  source->defines = defines;
  source->edits = edits;
  source->appendedSource = appendedSource.str();
  if (!defines.empty()) {
    std::vector<std::string> flags;
    for (const std::string &define : defines)
      flags.push_back("-D" + define);
    source->database = withExtraFlags(database, std::move(flags));
  }
  source->fileSystem = fileSystem ? fileSystem : vfs::getRealFileSystem();
  if (!appendedSource.empty() || !edits.empty()) {
    // The file as written, edited within its lines and with the text after
    // it: line numbers stay.
    auto original = source->fileSystem->getBufferForFile(file);
    if (!original)
      return makeError("cannot read '" + file +
                       "': " + original.getError().message());
    Expected<std::string> edited =
        applyEdits((*original)->getBuffer(), edits, file);
    if (!edited)
      return edited.takeError();
    std::string path = absolutePath(file);
    auto memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
    memory->addFile(
        path, /*ModificationTime=*/0,
        MemoryBuffer::getMemBufferCopy(*edited + appendedSource.str(), path));
    auto overlay =
        makeIntrusiveRefCnt<vfs::OverlayFileSystem>(source->fileSystem);
    overlay->pushOverlay(memory);
    source->fileSystem = overlay;
  }
  CudaCompileOptions options = compileOptions();
  options.fileSystem = source->fileSystem;
  // A what-if variant's errors are the edit's: they reach the check that
  // made it in the Error, not the user's terminal.
  options.quiet = source->isChanged();
  const clang::tooling::CompilationDatabase &commands =
      source->database ? *source->database : database;
  auto unit = collectKernels(commands, file, options);
  if (!unit)
    return unit.takeError();
  source->unit = std::move(*unit);
  SourceVariant &stored = *source;
  variants.emplace(std::move(key), std::move(source));
  return stored;
}

AnalysisContext::SourceVariant *
AnalysisContext::variantOf(const TranslationUnitInfo &unit) {
  for (auto &[key, source] : variants)
    if (&source->unit == &unit)
      return source.get();
  return nullptr;
}

Expected<AnalysisContext::SourceVariant &>
AnalysisContext::parsedVariantOf(const TranslationUnitInfo &unit) {
  if (SourceVariant *source = variantOf(unit))
    return *source;
  return makeError("'" + unit.file +
                   "' was not parsed by this analysis context");
}

Expected<const TranslationUnitInfo &>
AnalysisContext::translationUnit(StringRef file) {
  auto source = variant(file, {}, {}, "");
  if (!source)
    return source.takeError();
  return source->unit;
}

Expected<std::vector<const KernelInfo *>>
AnalysisContext::selectedKernels(const TranslationUnitInfo &unit) const {
  std::vector<const KernelInfo *> selected;
  if (!analysis.kernel.empty()) {
    auto kernel = findKernel(unit, analysis.kernel);
    if (!kernel)
      return kernel.takeError();
    selected.push_back(*kernel);
    return selected;
  }
  // Without --kernel, the file's own kernels: those of system headers
  // (Thrust's, CUB's) are the library's.
  for (const KernelInfo &kernel : unit.kernels)
    if (!kernel.inSystemHeader)
      selected.push_back(&kernel);
  return selected;
}

Expected<std::shared_ptr<const access::DeviceModule>>
AnalysisContext::deviceModule(const TranslationUnitInfo &unit) {
  auto parsed = parsedVariantOf(unit);
  if (!parsed)
    return parsed.takeError();
  SourceVariant *source = &*parsed;
  if (source->device)
    return source->device;
  TimeTraceScope scope("compileDevice");
  access::DeviceCompileOptions options;
  options.cuda = compileOptions();
  options.cuda.fileSystem = source->fileSystem;
  options.cuda.quiet = source->isChanged();
  options.unroll = analysis.unroll;
  // A failed compile is not remembered: each kernel that needs the device
  // code reports it (Clang's diagnostics included).
  auto device = access::compileDeviceModule(
      source->database ? *source->database : database, unit.file, options);
  if (!device)
    return device.takeError();
  source->device =
      std::make_shared<const access::DeviceModule>(std::move(*device));
  return source->device;
}

} // namespace gpurd::driver

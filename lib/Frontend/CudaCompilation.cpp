//===- CudaCompilation.cpp - How gpurd runs Clang on a CUDA file ----------===//

#include "gpurd/Frontend/CudaCompilation.h"
#include "gpurd/Frontend/EmbeddedPrelude.inc"
#include "gpurd/Frontend/NvccAsmDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace gpurd {

llvm::ArrayRef<EmbeddedFile> preludeFiles() { return prelude::EmbeddedFiles; }

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createCudaFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const EmbeddedFile &file : preludeFiles()) {
    llvm::SmallString<128> path(PreludeDirectory);
    llvm::sys::path::append(path, file.name);
    memory->addFile(
        path, /*ModificationTime=*/0,
        llvm::MemoryBuffer::getMemBuffer(
            llvm::StringRef(file.contents.data(), file.contents.size()), path,
            /*RequiresNullTerminator=*/false));
  }
  // Sources are read as nvcc reads their inline PTX (NvccAsmDialect.h).
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      createNvccAsmDialectFileSystem(std::move(base)));
  overlay->pushOverlay(memory);
  return overlay;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createCudaFileSystem(const CudaCompileOptions &options) {
  return createCudaFileSystem(
      options.fileSystem ? options.fileSystem : llvm::vfs::getRealFileSystem());
}

std::optional<std::string> unreadableSource(llvm::vfs::FileSystem &fileSystem,
                                            llvm::StringRef file) {
  llvm::ErrorOr<llvm::vfs::Status> status = fileSystem.status(file);
  if (!status)
    return "no such file: '" + file.str() + "'";
  if (status->isDirectory())
    return "'" + file.str() + "' is a directory, not a CUDA file";
  return std::nullopt;
}

std::optional<std::string> missingIncludeHint(llvm::StringRef include) {
  llvm::StringRef library = include.starts_with("thrust/") ? "Thrust"
                            : include.starts_with("cub/")  ? "CUB"
                                                           : "";
  if (library.empty())
    return std::nullopt;
  return "'" + include.str() + "' is a header of " + library.str() +
         ", which gpurd's CUDA headers do not include: gpurd takes Thrust "
         "and CUB (1.17) from the system include path (/usr/include); "
         "install them (Debian 12: apt-get install libthrust-dev "
         "libcub-dev) or pass -I with the directory that holds thrust/ and "
         "cub/ after '--'";
}

llvm::StringRef firstErrorLine(llvm::StringRef diagnostics) {
  size_t at = diagnostics.find(": error: ");
  if (at == llvm::StringRef::npos)
    return {};
  return diagnostics.substr(diagnostics.rfind('\n', at) + 1).split('\n').first;
}

std::string defaultClangResourceDir() {
  if (const char *fromEnv = std::getenv("GPURD_RESOURCE_DIR");
      fromEnv && *fromEnv)
    return fromEnv;
  return GPURD_CLANG_RESOURCE_DIR;
}

std::optional<std::string>
gpuArchitectureOf(llvm::ArrayRef<std::string> command) {
  // `sm_XY` or `compute_XY` in \p value, as sm_XY.
  auto smOf = [](llvm::StringRef value) -> std::optional<std::string> {
    for (llvm::StringRef prefix : {"sm_", "compute_"}) {
      size_t at = value.find(prefix);
      if (at == llvm::StringRef::npos)
        continue;
      llvm::StringRef digits =
          value.drop_front(at + prefix.size()).take_while(llvm::isDigit);
      if (!digits.empty())
        return "sm_" + digits.str();
    }
    return std::nullopt;
  };
  for (size_t i = 0; i < command.size(); ++i) {
    llvm::StringRef arg = command[i];
    // Both arms StringRef: `command[i + 1] : ""` would copy the argument into
    // a temporary std::string that dies at the end of this statement.
    llvm::StringRef next =
        i + 1 < command.size() ? llvm::StringRef(command[i + 1]) : "";
    for (llvm::StringRef option :
         {"-arch", "--gpu-architecture", "--cuda-gpu-arch", "--offload-arch"}) {
      if (arg == option)
        return smOf(next);
      if (arg.consume_front(option) && arg.consume_front("="))
        return smOf(arg);
    }
    arg = command[i];
    if (arg == "-gencode" || arg == "--generate-code" ||
        arg.starts_with("-gencode=") || arg.starts_with("--generate-code=")) {
      llvm::StringRef spec = arg.contains('=') && !arg.starts_with("arch")
                                 ? arg.split('=').second
                                 : next;
      size_t code = spec.find("code=");
      if (code != llvm::StringRef::npos)
        if (std::optional<std::string> sm = smOf(spec.drop_front(code + 5)))
          return sm;
      return smOf(spec);
    }
  }
  return std::nullopt;
}

namespace {

/// Options of the input command that gpurd replaces with its own.
bool isReplacedOption(llvm::StringRef arg) {
  return arg.starts_with("--cuda-gpu-arch") ||
         arg.starts_with("--offload-arch") ||
         arg.starts_with("--cuda-feature") || arg.starts_with("--cuda-path") ||
         arg == "--cuda-host-only" || arg == "--cuda-device-only" ||
         arg == "--cuda-compile-host-device" || arg == "-nocudainc" ||
         arg == "-nocudalib" || arg.starts_with("-resource-dir");
}

/// Options that take their value as the next argument when written alone.
bool takesSeparateValue(llvm::StringRef arg) {
  return llvm::StringSwitch<bool>(arg)
      .Cases("-I", "-isystem", "-D", "-U", "-include", "-x", "-o", true)
      .Cases("-MF", "-MT", "-MQ", "-idirafter", "-iquote", true)
      .Cases("--include-path", "--system-include", "--define-macro", true)
      .Cases("--undefine-macro", "--pre-include", "--output-file", true)
      .Cases("-std", "--std", "-arch", "--gpu-architecture", "-gencode", true)
      .Cases("--generate-code", "-ccbin", "--compiler-bindir", "-Xcompiler",
             true)
      .Cases("-Xptxas", "-Xlinker", "-Xnvlink", "-maxrregcount", "-rdc", true)
      .Cases("--relocatable-device-code", "-t", "--threads", "-code", true)
      .Default(false);
}

bool isNvcc(llvm::StringRef argv0) {
  return llvm::sys::path::filename(argv0).contains("nvcc");
}

/// nvcc options that gpurd reads some other way or that say nothing about
/// the code: the input and output, the phase, and the GPU (which picks the
/// preset, gpuArchitectureOf).
bool isAccountedNvccOption(llvm::StringRef arg) {
  if (arg.empty() || arg.front() != '-')
    return true; // The input file.
  for (llvm::StringRef option :
       {"-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code",
        "--gpu-code", "-o", "--output-file", "-x"})
    if (arg == option || (arg.starts_with(option) &&
                          arg.drop_front(option.size()).starts_with("=")))
      return true;
  return llvm::is_contained({"-c", "--compile", "-cuda", "--cuda"}, arg);
}

/// Translates nvcc options to Clang's: keeps include paths, macros, forced
/// includes and the language standard; drops everything else (code
/// generation, host-compiler pass-through, device-link options), which it
/// appends to \p leftOut when given (an option and its separate value as
/// one entry), but for the options isAccountedNvccOption names.
std::vector<std::string>
translateNvcc(llvm::ArrayRef<std::string> args,
              std::vector<std::string> *leftOut = nullptr) {
  std::vector<std::string> out;
  static const std::pair<llvm::StringRef, llvm::StringRef> spellings[] = {
      {"--include-path", "-I"},
      {"--system-include", "-isystem"},
      {"--define-macro", "-D"},
      {"--undefine-macro", "-U"},
      {"--pre-include", "-include"},
      {"-I", "-I"},
      {"-isystem", "-isystem"},
      {"-D", "-D"},
      {"-U", "-U"},
      {"-include", "-include"}};
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    bool handled = false;
    for (auto [nvccName, clangName] : spellings) {
      if (arg == nvccName && i + 1 < args.size()) {
        out.push_back(clangName.str());
        out.push_back(args[++i]);
        handled = true;
        break;
      }
      if (arg.starts_with(nvccName)) {
        llvm::StringRef value = arg.drop_front(nvccName.size());
        if (nvccName.starts_with("--"))
          value.consume_front("=");
        if (value.empty())
          continue;
        out.push_back(clangName.str());
        out.push_back(value.str());
        handled = true;
        break;
      }
    }
    if (handled)
      continue;
    if ((arg == "-std" || arg == "--std") && i + 1 < args.size()) {
      out.push_back("-std=" + args[++i]);
      continue;
    }
    if (arg.starts_with("-std=") || arg.starts_with("--std=")) {
      out.push_back("-std=" + arg.split('=').second.str());
      continue;
    }
    std::string dropped = arg.str();
    if (takesSeparateValue(arg) && i + 1 < args.size())
      dropped += " " + args[++i];
    if (leftOut && !isAccountedNvccOption(arg))
      leftOut->push_back(std::move(dropped));
  }
  return out;
}

} // namespace

std::vector<std::string>
nvccOptionsLeftOut(llvm::ArrayRef<std::string> command) {
  std::vector<std::string> leftOut;
  if (!command.empty() && isNvcc(command.front()))
    translateNvcc(command.drop_front(), &leftOut);
  return leftOut;
}

std::vector<std::string>
adjustCudaCommandLine(const std::vector<std::string> &command,
                      const CudaCompileOptions &options) {
  if (command.empty())
    return command;
  std::vector<std::string> out;
  out.push_back(isNvcc(command.front()) ? "clang++" : command.front());
  out.push_back("-x");
  out.push_back("cuda");
  // nvcc's dialect (its EDG front end, and the host compiler for host code)
  // accepts what Clang's C++17 rejects in code nvcc compiles: `register`,
  // narrowing conversions in braces, and "%"PRIu64 (a string literal right
  // before a macro). Warnings here, before the command's own flags, which
  // may still make them errors.
  for (const char *flag : {"-Wno-error=register", "-Wno-error=c++11-narrowing",
                           "-Wno-error=reserved-user-defined-literal"})
    out.push_back(flag);

  // The input file is the last argument that is not an option (compilation
  // databases put it last); keep it last.
  llvm::ArrayRef<std::string> args(command);
  args = args.drop_front();
  std::vector<std::string> body;
  if (isNvcc(command.front())) {
    body = translateNvcc(args);
    // The translated options dropped the file name; find it again.
    for (auto it = args.rbegin(); it != args.rend(); ++it) {
      llvm::StringRef ext = llvm::sys::path::extension(*it);
      if (!it->empty() && it->front() != '-' &&
          (ext == ".cu" || ext == ".cuh" || ext == ".cpp" || ext == ".cc" ||
           ext == ".cxx" || ext == ".c")) {
        body.push_back(*it);
        break;
      }
    }
  } else {
    for (size_t i = 0; i < args.size(); ++i) {
      llvm::StringRef arg = args[i];
      if (arg == "-x" && i + 1 < args.size()) {
        ++i;
        continue;
      }
      if (arg.starts_with("-x") && arg.size() > 2)
        continue;
      if (isReplacedOption(arg)) {
        if (arg == "-resource-dir" && i + 1 < args.size())
          ++i;
        continue;
      }
      body.push_back(args[i]);
    }
  }
  // The input is the last argument that is neither an option nor an
  // option's value; it goes last, after gpurd's own options.
  std::string file;
  for (size_t i = body.size(); i-- > 0;) {
    bool isValue = i > 0 && takesSeparateValue(body[i - 1]);
    if (!body[i].empty() && body[i].front() != '-' && !isValue) {
      file = body[i];
      body.erase(body.begin() + i);
      break;
    }
  }
  out.insert(out.end(), body.begin(), body.end());
  out.push_back("-nocudainc");
  out.push_back("-nocudalib");
  out.push_back("--cuda-gpu-arch=" + options.gpuArch);
  out.push_back(options.side == CudaSide::Host ? "--cuda-host-only"
                                               : "--cuda-device-only");
  if (!options.resourceDir.empty()) {
    out.push_back("-resource-dir");
    out.push_back(options.resourceDir);
  }
  out.push_back("-D__GPURD__=1");
  // nvcc (11.5+) names the architectures it compiles for on both sides;
  // CUB puts them in its namespace's name.
  llvm::StringRef arch(options.gpuArch);
  unsigned archNumber = 0;
  bool userArchList = llvm::any_of(body, [](llvm::StringRef arg) {
    return arg.contains("__CUDA_ARCH_LIST__");
  });
  if (!userArchList && arch.consume_front("sm_") &&
      !arch.take_while(llvm::isDigit).getAsInteger(10, archNumber))
    out.push_back("-D__CUDA_ARCH_LIST__=" + std::to_string(archNumber * 10));
  out.push_back("-isystem");
  out.push_back(PreludeDirectory.str());
  out.push_back("-include");
  out.push_back(PreludeHeader.str());
  // CUDA code is full of what newer compilers warn about; the user wants
  // gpurd's findings, not style warnings of old benchmark code.
  out.push_back("-Wno-unknown-cuda-version");
  // The program's own warnings (printf formats, comma operators) are not
  // gpurd's findings; errors still stop the analysis.
  if (!options.showWarnings)
    out.push_back("-w");
  // Without carets Clang also leaves out its closing "N errors generated",
  // which it writes to stderr itself (CompilerInstance::printDiagnosticStats).
  if (options.quiet)
    out.push_back("-fno-caret-diagnostics");
  // A CUDA installation on the machine must not veto old GPUs (sm_20 for
  // the Fermi preset): gpurd uses none of it.
  out.push_back("--no-cuda-version-check");
  // Results must not depend on whether the machine has CUDA: never look for
  // it, and name the PTX version that warp intrinsics (__shfl_sync, ...)
  // need, which Clang otherwise takes from the installation it finds.
  out.push_back("--cuda-path=/__gpurd__/no-cuda");
  out.push_back("--cuda-feature=+ptx80");
  out.push_back("-Wno-unused-command-line-argument");
  if (!file.empty())
    out.push_back(file);
  return out;
}

clang::tooling::ArgumentsAdjuster
getCudaArgumentsAdjuster(const CudaCompileOptions &options) {
  return [options](const clang::tooling::CommandLineArguments &args,
                   llvm::StringRef) {
    return adjustCudaCommandLine(args, options);
  };
}

} // namespace gpurd

//===- TraceWriter.cpp - Trace files: `--emit-trace=SPEC` -----------------===//
//
// Dispatches `--emit-trace=SPEC` to the format writers
// (TraceWriterText.cpp: FILE.txt and FILE.bin; TraceWriterNugteren.cpp;
// TraceWriterAccelSim.cpp). Formats: docs/trace-formats.md.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/TraceWriter.h"
#include "gpurd/Support/UserInput.h"

#include "TraceWriterFormats.h"

#include "llvm/Support/FileSystem.h"

namespace gpurd::trace {

TraceWriter::~TraceWriter() = default;

llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>>
openTraceFile(llvm::StringRef path, llvm::StringRef spec) {
  std::error_code error;
  auto out = std::make_unique<llvm::raw_fd_ostream>(path, error,
                                                    llvm::sys::fs::OF_None);
  if (error)
    return makeTraceError(userInput(UserInput::EmitTrace, spec) +
                          ": cannot write '" + path + "': " + error.message());
  return out;
}

llvm::Error closeTraceFile(llvm::raw_fd_ostream &out, llvm::StringRef path) {
  out.close();
  if (!out.has_error())
    return llvm::Error::success();
  std::error_code error = out.error();
  out.clear_error();
  return makeTraceError("cannot write trace file '" + path +
                        "': " + error.message());
}

llvm::Expected<std::unique_ptr<TraceWriter>>
createTraceWriter(llvm::StringRef spec, const TraceHeader &header) {
  constexpr const char *Formats =
      "use FILE.txt (text), FILE.bin (binary), nugteren:DIR (seed 000 "
      "reference model) or accelsim:DIR (Accel-Sim)";
  auto directoryOf =
      [&](llvm::StringRef prefix) -> llvm::Expected<std::string> {
    llvm::StringRef directory = spec.drop_front(prefix.size());
    if (directory.empty())
      return makeTraceError(userInput(UserInput::EmitTrace, spec) +
                            ": missing DIR after '" + prefix + "'; " + Formats);
    if (std::error_code error = llvm::sys::fs::create_directories(directory))
      return makeTraceError(userInput(UserInput::EmitTrace, spec) +
                            ": cannot create directory '" + directory +
                            "': " + error.message());
    return directory.str();
  };
  if (spec.starts_with("nugteren:")) {
    auto directory = directoryOf("nugteren:");
    if (!directory)
      return directory.takeError();
    return createNugterenTraceWriter(*directory, header);
  }
  if (spec.starts_with("accelsim:")) {
    auto directory = directoryOf("accelsim:");
    if (!directory)
      return directory.takeError();
    return createAccelSimTraceWriter(*directory, header);
  }
  if (spec.ends_with(".txt") && spec.size() > 4)
    return createTextTraceWriter(spec, header);
  if (spec.ends_with(".bin") && spec.size() > 4)
    return createBinaryTraceWriter(spec, header);
  return makeTraceError(userInput(UserInput::EmitTrace, spec) +
                        ": unknown trace format; " + Formats);
}

} // namespace gpurd::trace

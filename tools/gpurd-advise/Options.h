//===- Options.h - Command-line options of gpurd-advise ---------*- C++ -*-===//
//
// The options (llvm::cl, as Clang tools declare them), shared by the files
// of the tool. Defined in Options.cpp; documented in docs/cli.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H
#define GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace gpurd::advise {

extern llvm::cl::OptionCategory toolCategory;
enum class OutputFormat { Text, Json };
enum class TraceSourceOption { Auto, Affine, Emulate };

/// The default of --request-budget. End to end (trace, line splitting, L1s,
/// L2) the model handles about 5 million L1 line requests per second on one
/// core (docs/performance.md: PolyBench GEMM N = 512, 12.6 M requests in
/// 2.8 s); 8 million keep a launch under about two seconds.
constexpr uint64_t DefaultRequestBudget = 8000000;

extern llvm::cl::opt<OutputFormat> outputFormat;
extern llvm::cl::opt<bool> listKernels;
extern llvm::cl::opt<bool> dumpAccesses;
extern llvm::cl::opt<bool> explainCompiled;
extern llvm::cl::opt<bool> unroll;
extern llvm::cl::opt<bool> printDeviceIR;
extern llvm::cl::opt<unsigned long> islMaxOperations;
extern llvm::cl::list<std::string> emitTrace;
extern llvm::cl::opt<TraceSourceOption> traceSource;
extern llvm::cl::list<std::string> bufferOptions;
extern llvm::cl::opt<std::string> smsOption;
extern llvm::cl::opt<uint64_t> requestBudget;
extern llvm::cl::opt<bool> printLaunches;
extern llvm::cl::opt<bool> cacheModel;
extern llvm::cl::opt<bool> reuseProfile;
extern llvm::cl::opt<uint64_t> reuseProfileInterval;
extern llvm::cl::opt<uint64_t> modelSeed;
extern llvm::cl::opt<std::string> kernelName;
extern llvm::cl::opt<std::string> gridOption;
extern llvm::cl::opt<std::string> blockOption;
extern llvm::cl::opt<std::string> smemOption;
extern llvm::cl::list<std::string> argOptions;
extern llvm::cl::opt<unsigned> launchIndex;
extern llvm::cl::opt<std::string> launchSpecFile;
extern llvm::cl::opt<std::string> archName;
extern llvm::cl::opt<std::string> archFile;
extern llvm::cl::list<std::string> archSettings;
extern llvm::cl::opt<bool> printArch;
extern llvm::cl::opt<bool> listArchs;

} // namespace gpurd::advise

#endif

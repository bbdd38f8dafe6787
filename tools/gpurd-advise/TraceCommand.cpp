//===- TraceCommand.cpp - Kernel traces and --emit-trace ------------------===//
//
// Prepares a kernel's trace producer (device compile, specialisation, access
// model) for the commands that need one, and writes trace files.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Output/KernelListing.h"
#include "gpurd/Trace/BlockScheduler.h"
#include "gpurd/Trace/Buffers.h"
#include "gpurd/Trace/TraceSource.h"
#include "gpurd/Trace/TraceWriter.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::advise {

Expected<std::shared_ptr<const access::DeviceModule>>
compileDevice(const RunContext &run, const TranslationUnitInfo &unit) {
  access::DeviceCompileOptions deviceOptions;
  deviceOptions.cuda = run.compile;
  deviceOptions.unroll = unroll;
  auto device =
      access::compileDeviceModule(run.database, unit.file, deviceOptions);
  if (!device)
    return device.takeError();
  return std::make_shared<const access::DeviceModule>(std::move(*device));
}

Expected<std::unique_ptr<PreparedTrace>>
prepareKernelTrace(const RunContext &run, const TranslationUnitInfo &unit,
                   const KernelInfo &kernel, const LaunchConfig &config,
                   std::shared_ptr<const access::DeviceModule> device) {
  auto out = std::make_unique<PreparedTrace>();
  out->kernel = &kernel;
  out->config = config;
  out->device = std::move(device);
  std::vector<trace::BufferSpec> buffers;
  for (const std::string &text : bufferOptions) {
    auto buffer = trace::parseBufferSpec(text);
    if (!buffer)
      return buffer.takeError();
    buffers.push_back(std::move(*buffer));
  }
  std::map<std::string, EvaluatedValue> args;
  for (const LaunchArgument &arg : config.args)
    args[arg.param] = arg.value;
  access::KernelSpecialization values =
      specializationFor(kernel, config.grid, config.block, args);
  access::AccessAnalysisOptions options;
  options.unroll = unroll;
  options.islMaxOperations = islMaxOperations;
  auto prepared =
      access::prepareKernel(*out->device->module, kernel, values, options);
  if (!prepared)
    return prepared.takeError();
  out->prepared = std::move(*prepared);
  auto model =
      access::buildAccessModel(out->prepared, kernel, unit, values, options);
  if (!model)
    return model.takeError();
  out->model = std::move(*model);

  trace::TraceSourceRequest request;
  request.kind = traceSource == TraceSourceOption::Affine
                     ? trace::TraceSourceKind::Affine
                 : traceSource == TraceSourceOption::Emulate
                     ? trace::TraceSourceKind::Emulate
                     : trace::TraceSourceKind::Auto;
  request.launch.grid = config.grid;
  request.launch.block = config.block;
  request.launch.dynamicSharedBytes = config.dynamicSharedBytes;
  request.args = args;
  request.buffers = std::move(buffers);
  // Arguments without a value matter when an access depends on them (an
  // isl parameter of that name is left) or when the kernel is emulated
  // (which runs all of its code); otherwise none is asked for.
  auto incomplete = [&](bool all) -> Error {
    std::string message;
    for (const auto &[name, why] : config.unknownArgs) {
      bool needed =
          all || llvm::any_of(out->model.parameters(), [&](unsigned p) {
            return out->model.variables[p].name == name;
          });
      if (needed)
        message += "\n  " + why;
    }
    if (message.empty())
      return Error::success();
    return createStringError(inconvertibleErrorCode(),
                             "kernel '" + kernel.name +
                                 "': the launch configuration is incomplete "
                                 "for its accesses:" +
                                 message);
  };
  if (Error error = incomplete(/*all=*/false))
    return error;
  auto source =
      trace::createTraceSource(out->prepared, out->model, kernel, request);
  if (!source)
    return source.takeError();
  if (StringRef((*source)->name()) != "affine")
    if (Error error = incomplete(/*all=*/true))
      return error;
  out->source = std::move(*source);
  return out;
}

Expected<std::unique_ptr<PreparedTrace>>
prepareTrace(const RunContext &run, const TranslationUnitInfo &unit,
             const char *what) {
  auto kernels = selectedKernels(unit);
  if (!kernels)
    return kernels.takeError();
  if (kernels->size() != 1) {
    std::string names;
    for (const KernelInfo *k : *kernels)
      names += "\n  " + k->name;
    return createStringError(inconvertibleErrorCode(),
                             std::string(what) +
                                 " works on one kernel; choose it with "
                                 "--kernel (the kernels are:" +
                                 names + ")");
  }
  const KernelInfo &kernel = *kernels->front();
  auto config = resolvedLaunchFor(run, unit, kernel, /*allowUnknownArgs=*/true);
  if (!config)
    return config.takeError();
  auto device = compileDevice(run, unit);
  if (!device)
    return device.takeError();
  return prepareKernelTrace(run, unit, kernel, *config, std::move(*device));
}

/// --emit-trace for one file: resolve the launch, prepare the kernel, pick
/// the producer and write every block the sampled SMs run.
bool emitTraces(const RunContext &run, const TranslationUnitInfo &unit,
                nlohmann::json &jsonOut) {
  auto prepared = prepareTrace(run, unit, "--emit-trace");
  if (!prepared) {
    reportError(prepared.takeError());
    return false;
  }
  const KernelInfo &kernel = *(*prepared)->kernel;
  const LaunchConfig *config = &(*prepared)->config;
  auto *source = &(*prepared)->source;
  trace::TraceSourceRequest request;
  request.launch.grid = config->grid;
  request.launch.block = config->block;
  request.launch.dynamicSharedBytes = config->dynamicSharedBytes;

  // Which blocks: those of the sampled SMs, in increasing id (--sms auto
  // keeps every block: the request budget is the cache model's).
  unsigned count = run.sms.kind == SmsChoice::Kind::Count ? run.sms.count : 0;
  for (const std::string &specText : emitTrace)
    if (StringRef(specText).starts_with("accelsim:") && count) {
      reportError(createStringError(
          inconvertibleErrorCode(),
          "--emit-trace=" + specText +
              ": Accel-Sim traces contain every block of the grid; drop "
              "--sms " +
              smsOption));
      return false;
    }
  unsigned numSms = run.arch.sm.count;
  trace::BlockSchedule schedule = trace::scheduleBlocks(
      request.launch.numBlocks(), numSms, /*activeBlocks=*/1, count);
  std::vector<uint64_t> blocks;
  for (unsigned sm : schedule.modelledSms)
    for (uint64_t block : schedule.blocksOf(sm))
      blocks.push_back(block);
  std::sort(blocks.begin(), blocks.end());

  trace::TraceHeader header;
  header.kernel = kernel.name;
  header.launch = request.launch;
  header.sharedBytes = kernel.staticSharedBytes + config->dynamicSharedBytes;
  if (run.arch.computeCapability) {
    unsigned version = 0;
    if (!StringRef(*run.arch.computeCapability)
             .drop_front(3)
             .getAsInteger(10, version))
      header.binaryVersion = version;
  }
  std::vector<std::unique_ptr<trace::TraceWriter>> writers;
  for (const std::string &specText : emitTrace) {
    auto writer = trace::createTraceWriter(specText, header);
    if (!writer) {
      reportError(writer.takeError());
      return false;
    }
    writers.push_back(std::move(*writer));
  }
  std::vector<trace::WarpTrace> warps;
  uint64_t instructions = 0, accesses = 0;
  for (uint64_t block : blocks) {
    if (Error error = (*source)->traceBlock(block, warps)) {
      reportError(std::move(error));
      return false;
    }
    for (const trace::WarpTrace &warp : warps)
      for (const trace::WarpInstruction &inst : warp.instructions) {
        ++instructions;
        if (inst.kind != access::AccessKind::Barrier)
          accesses += __builtin_popcount(inst.activeMask);
      }
    for (auto &writer : writers)
      if (Error error = writer->writeBlock(warps)) {
        reportError(std::move(error));
        return false;
      }
  }
  for (auto &writer : writers)
    if (Error error = writer->finish()) {
      reportError(std::move(error));
      return false;
    }
  std::string sampled = schedule.describe();
  if (outputFormat == OutputFormat::Json) {
    jsonOut = {{"file", displayPath(unit.file)},
               {"kernel", kernel.name},
               {"trace_source", (*source)->name()},
               {"blocks", blocks.size()},
               {"warp_instructions", instructions},
               {"thread_accesses", accesses},
               {"sampled", sampled},
               {"outputs",
                std::vector<std::string>(emitTrace.begin(), emitTrace.end())}};
  } else {
    outs() << "kernel " << kernel.name << ": wrote " << accesses
           << " thread accesses (" << instructions
           << (instructions == 1 ? " warp instruction, "
                                 : " warp instructions, ")
           << blocks.size() << (blocks.size() == 1 ? " block" : " blocks")
           << ") from the " << (*source)->name() << " trace source";
    if (count)
      outs() << "; sampled " << sampled;
    outs() << "\n";
  }
  return true;
}

} // namespace gpurd::advise

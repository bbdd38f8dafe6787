//===- AdviseCommand.cpp - The default action: launches and cache model ---===//
//
// For each selected kernel: its resolved launch configuration, then the GPU
// cache model of seeds 000/001 on its request stream (lib/Driver runs the
// pipeline; the file's device code is compiled once for all its kernels).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Output/CacheReport.h"
#include "gpurd/Output/Diagnostics.h"
#include "gpurd/Output/Divergence.h"
#include "gpurd/Output/KernelListing.h"
#include "gpurd/Output/Placements.h"
#include "gpurd/Output/Tuning.h"

#ifdef __GLIBC__
#include <malloc.h>
#include <unistd.h>
#endif

#include <cstdio>
#include <optional>

using namespace llvm;

namespace gpurd::advise {
namespace {

/// Reports \p message as an error, and in \p launchJson's `error` (which
/// says why the launch has no `cache_model`).
void reportFailure(const std::string &message, const Request &request,
                   nlohmann::json &launchJson) {
  if (request.json)
    launchJson["error"] = spelled(message);
  reportError(createStringError(inconvertibleErrorCode(), message));
}

/// Reports a search's \p result for \p analysis's kernel: prints the model's
/// summary and \p print's ranking, or adds the cache report and \p toJson's
/// ranking under \p key to \p launchJson. False when the search failed.
template <typename Result, typename Print, typename ToJson>
bool reportSearch(driver::AnalysisContext &context,
                  const driver::KernelAnalysis &analysis,
                  const Request &request, nlohmann::json &launchJson,
                  Expected<Result> result, const char *key, Print print,
                  ToJson toJson) {
  const driver::KernelTrace &trace = *analysis.trace;
  if (!result) {
    reportFailure(kernelMessage(trace.kernel->name, result.takeError()),
                  request, launchJson);
    return false;
  }
  if (request.json) {
    launchJson["cache_model"] =
        cacheReportJson(context.arch().name, trace.model, analysis.results,
                        /*reuseProfile=*/true);
    launchJson[key] = toJson(*result);
    return true;
  }
  printSpelled([&](raw_ostream &os) {
    printModelSummary(os, analysis.results);
    print(os, *result);
  });
  return true;
}

/// Runs --tune's search on \p analysis's kernel and reports its ranking.
bool tuneKernel(driver::AnalysisContext &context,
                const TranslationUnitInfo &unit,
                const driver::KernelAnalysis &analysis, const Request &request,
                nlohmann::json &launchJson) {
  const driver::KernelTrace &trace = *analysis.trace;
  advisor::WhatIfRunner runs(context, unit, *trace.kernel, analysis);
  return reportSearch(
      context, analysis, request, launchJson,
      advisor::searchTiles(runs,
                           advisor::requestedAxes(request.tune, unit,
                                                  *trace.kernel, trace.config),
                           request.tune.byTime),
      "tuning", printTuning, tuningJson);
}

/// Ranks the placements of \p analysis's kernel's arrays (--placements) and
/// reports the ranking.
bool placeKernel(driver::AnalysisContext &context,
                 const TranslationUnitInfo &unit,
                 const driver::KernelAnalysis &analysis, const Request &request,
                 nlohmann::json &launchJson) {
  advisor::WhatIfRunner runs(context, unit, *analysis.trace->kernel, analysis);
  return reportSearch(context, analysis, request, launchJson,
                      advisor::rankPlacements(runs), "placements",
                      printPlacements, placementsJson);
}

/// Adds the calibration samples of \p analysis's kernel's measured
/// placements (--calibrate) to \p tally. False when they could not run.
bool calibrateKernel(driver::AnalysisContext &context,
                     const TranslationUnitInfo &unit,
                     const driver::KernelAnalysis &analysis,
                     const Request &request, FindingTally &tally,
                     nlohmann::json &launchJson) {
  const driver::KernelTrace &trace = *analysis.trace;
  advisor::WhatIfRunner runs(context, unit, *trace.kernel, analysis);
  auto samples = advisor::calibrationSamples(runs, request.measured);
  if (!samples) {
    reportFailure(kernelMessage(trace.kernel->name, samples.takeError()),
                  request, launchJson);
    return false;
  }
  printSpelled([&](raw_ostream &os) {
    os << "  " << samples->size() << " measured placement"
       << (samples->size() == 1 ? "" : "s") << " of kernel '"
       << trace.kernel->name << "' for the calibration\n";
  });
  llvm::append_range(tally.calibration, *samples);
  return true;
}

/// Prints (or adds to \p launchJson) the cache model's report of
/// \p analysis (with --cache-report; its summary line otherwise) and the
/// advisor's findings. False when a check failed.
bool reportKernel(driver::AnalysisContext &context,
                  const TranslationUnitInfo &unit,
                  const driver::KernelAnalysis &analysis,
                  const Request &request, FindingTally &tally,
                  nlohmann::json &launchJson) {
  const driver::KernelTrace &trace = *analysis.trace;
  for (const std::string &warning : trace.model.warnings)
    warn(warning);
  const std::string &arch = context.arch().name;
  if (!request.tune.empty())
    return tuneKernel(context, unit, analysis, request, launchJson);
  if (request.placements)
    return placeKernel(context, unit, analysis, request, launchJson);
  if (request.calibrating())
    return calibrateKernel(context, unit, analysis, request, tally, launchJson);
  Expected<std::vector<advisor::Finding>> findings =
      request.advisor->adviseKernel(context, unit, analysis);
  if (!findings) {
    reportFailure(toString(findings.takeError()), request, launchJson);
    return false;
  }
  // The runs of --what-if live as long as the report that shows them.
  advisor::WhatIfRunner runs(context, unit, *trace.kernel, analysis);
  std::optional<advisor::CoalesceWhatIf> coalesced;
  if (request.whatIfCoalesce) {
    auto whatIf = advisor::coalesceDivergentLoads(runs);
    if (!whatIf) {
      reportFailure(kernelMessage(trace.kernel->name, whatIf.takeError()),
                    request, launchJson);
      return false;
    }
    coalesced = std::move(*whatIf);
  }
  for (const advisor::Finding &finding : *findings)
    if (!finding.suppressedBy)
      ++(finding.severity == advisor::Severity::Error     ? tally.errors
         : finding.severity == advisor::Severity::Warning ? tally.warnings
                                                          : tally.remarks);
  if (tally.keep)
    llvm::append_range(tally.kept, *findings);
  if (request.json) {
    // JSON always carries the reuse profiles (seed 003's features);
    // --reuse-profile adds them to the text report.
    launchJson["cache_model"] =
        cacheReportJson(arch, trace.model, analysis.results,
                        /*reuseProfile=*/true);
    launchJson["findings"] = findingsJson(*findings);
    if (analysis.divergence)
      launchJson["divergence"] = divergenceJson(*analysis.divergence);
    if (request.whatIfCoalesce)
      launchJson["what_if"] = coalesceWhatIfJson(coalesced);
    return true;
  }
  printSpelled([&](raw_ostream &os) {
    if (request.stats)
      printCacheReport(os, arch, trace.model, analysis.results,
                       request.reuseProfile);
    else
      printModelSummary(os, analysis.results);
    if (analysis.divergence)
      printDivergenceSummary(os, *analysis.divergence,
                             request.divergenceBaseline);
    if (request.whatIfCoalesce)
      printCoalesceWhatIf(os, coalesced);
    printFindings(os, *findings, request.fixIts);
  });
  return true;
}

} // namespace

bool finishCalibration(const Request &request, const FindingTally &tally,
                       StringRef arch) {
  auto fit = model::placement::fitOverlap(tally.calibration);
  if (!fit) {
    reportError(fit.takeError());
    return false;
  }
  std::error_code ec;
  raw_fd_ostream out(request.calibrationOut, ec);
  if (ec) {
    reportError(createStringError(
        ec, "cannot write the calibration to '%s': %s",
        request.calibrationOut.c_str(), ec.message().c_str()));
    return false;
  }
  out << advisor::calibrationJson(*fit, arch, tally.calibration.size());
  printSpelled([&](raw_ostream &os) {
    os << "calibrated Toverlap (seed 002 Eq. 11) from "
       << tally.calibration.size() << " measured placements: " << fit->rank
       << " of " << model::placement::OverlapEvents::Count + 1
       << " coefficients determined, root-mean-square error of the overlap "
          "ratio "
       << format("%.4f", fit->rmsError) << "; written to "
       << request.calibrationOut << "\n";
  });
  return true;
}

#ifdef __GLIBC__
/// Free memory worth giving back to the system (releaseFreedMemory) and
/// the heap top glibc trims (configureHeap).
constexpr size_t MuchFreeMemory = size_t(256) << 20;
#endif

#ifdef __GLIBC__
/// The process's resident set in bytes (Linux's /proc/self/statm), if
/// readable.
static std::optional<uint64_t> residentBytes() {
  std::FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm)
    return std::nullopt;
  unsigned long long size = 0, resident = 0;
  int read = std::fscanf(statm, "%llu %llu", &size, &resident);
  std::fclose(statm);
  long page = sysconf(_SC_PAGESIZE);
  if (read != 2 || page <= 0)
    return std::nullopt;
  return uint64_t(resident) * uint64_t(page);
}
#endif

void configureHeap() {
#ifdef __GLIBC__
  // glibc maps each block of more than its dynamic threshold (128 KB at
  // first) with mmap and unmaps it when freed, so every kernel's cache-model
  // tables and trace buffers faulted their pages in again: PolyBench
  // correlation.cu spent 3.7 s of its 15 s in the kernel, the reduction
  // file 1.6 s. 32 MB is the most mallopt allows (HEAP_MAX_SIZE / 2); the
  // heap's top is trimmed at MuchFreeMemory, as releaseFreedMemory trims.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, int(MuchFreeMemory));
#endif
}

/// Gives the memory a kernel's analysis freed back to the system when it is
/// much: glibc keeps it in the heap, where the next kernel's allocations, of
/// other sizes, leave it fragmented (Rodinia's fdwt97.cu: 1.14 GB for three
/// kernels, each of which peaks below 1 GB alone).
static void releaseFreedMemory() {
#ifdef __GLIBC__
  // Only when much is free: pages given back cost the next kernel the
  // faults of taking them again (SHOC's S3D, 54 kernels: 7 to 9 s of
  // system time when every kernel's were given back). A process whose
  // resident set is no larger than that cannot hold that much free memory,
  // and reading its size is cheap where mallinfo2 walks the heap's free
  // lists (2% of the 213-kernel reduction file's samples).
  if (std::optional<uint64_t> resident = residentBytes())
    if (*resident <= MuchFreeMemory)
      return;
  if (mallinfo2().fordblks > MuchFreeMemory)
    malloc_trim(0);
#endif
}

bool adviseKernels(driver::AnalysisContext &context,
                   const TranslationUnitInfo &unit, const Request &request,
                   const std::optional<std::string> &modelError,
                   FindingTally &tally, nlohmann::json &jsonOut) {
  nlohmann::json launches = nlohmann::json::array();
  bool selected = false;
  StatedHostValues stated;
  auto adviseOne = [&](const KernelInfo &kernel, const LaunchConfig &config) {
    // The analysis completes the launch (arguments the accesses need
    // may be assumed, and retried smaller), so the launch is printed
    // from it.
    LaunchConfig shown = config;
    Expected<driver::KernelAnalysis> analysis =
        modelError ? driver::KernelAnalysis()
                   : context.analyseLaunch(unit, kernel, config, shown);
    nlohmann::json launchJson;
    if (request.json)
      launchJson = launchConfigJson(kernel, shown);
    else
      printSpelled([&](raw_ostream &os) {
        printLaunchConfig(os, kernel, shown, &stated);
      });
    bool modelled = true;
    if (!analysis) {
      std::string message = kernelMessage(kernel.name, analysis.takeError());
      if (request.json)
        launchJson["error"] = spelled(message);
      // The SARIF log says it too (stderr is not in it).
      if (tally.keep)
        tally.kept.push_back(
            advisor::Advisor::notAnalysed(kernel, spelled(message)));
      reportError(createStringError(inconvertibleErrorCode(), message));
      modelled = false;
    } else if (analysis->trace) {
      modelled =
          reportKernel(context, unit, *analysis, request, tally, launchJson);
    }
    if (request.json)
      launches.push_back(std::move(launchJson));
    return modelled;
  };
  bool ok = forEachLaunch(
      context, unit, /*allowUnknownArgs=*/true,
      [&](const KernelInfo &kernel, const LaunchConfig &config) {
        bool modelled = adviseOne(kernel, config);
        releaseFreedMemory();
        return modelled;
      },
      selected);
  // A file whose selection failed (an unknown --kernel) has its name only,
  // as in the other commands.
  if (selected)
    jsonOut = {{"file", displayPath(unit.file)},
               {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise

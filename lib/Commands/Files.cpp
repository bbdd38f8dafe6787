//===- Files.cpp - Which files a run analyses, and many at once -----------===//
//
// Builds: --all takes every CUDA file of the compile database, --shard a
// deterministic share of the selection, -j N analyses the files in child
// processes of this tool (each told its file with --only-file, so that it
// makes the same selection and keeps one file) and prints their outputs in
// the files' order, JSON and SARIF joined into one document.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Output/Sarif.h"
#include "gpurd/Support/Subprocess.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>
#include <thread>

using namespace llvm;

namespace gpurd::advise {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// What a child wrote with writeLaunchValueUse.
Expected<driver::LaunchValueUse> readLaunchValueUse(StringRef path) {
  auto buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return makeError("cannot read '" + path +
                     "': " + buffer.getError().message());
  nlohmann::json json = nlohmann::json::parse(
      (*buffer)->getBuffer().begin(), (*buffer)->getBuffer().end(), nullptr,
      /*allow_exceptions=*/false);
  if (!json.is_object())
    return makeError("'" + path + "' is not a launch-value record");
  driver::LaunchValueUse use;
  for (const nlohmann::json &i : json.value("spec_entries", nlohmann::json()))
    if (i.is_number_unsigned())
      use.specEntries.insert(i.get<size_t>());
  for (const nlohmann::json &name : json.value("args", nlohmann::json()))
    use.args.insert(name.get<std::string>());
  for (const nlohmann::json &name : json.value("buffers", nlohmann::json()))
    use.buffers.insert(name.get<std::string>());
  for (const nlohmann::json &name : json.value("kernels", nlohmann::json()))
    use.addKernel(name.get<std::string>());
  return use;
}

/// After the children: a launch value no child's kernels used.
Error checkChildrenLaunchValues(ArrayRef<std::string> paths,
                                const Request &request) {
  driver::LaunchValueUse all;
  for (const std::string &path : paths) {
    auto use = readLaunchValueUse(path);
    if (!use)
      return use.takeError();
    all.merge(*use);
  }
  return driver::checkUnusedLaunchValues(request.launches, request.analysis,
                                         all);
}

bool isCuda(StringRef file) {
  return file.ends_with(".cu") || file.ends_with(".cuh");
}

/// K and N of `--shard=K/N`.
Expected<std::pair<unsigned, unsigned>> parseShard(StringRef text) {
  auto [k, n] = text.split('/');
  unsigned share = 0, shares = 0;
  if (k.getAsInteger(10, share) || n.getAsInteger(10, shares) || shares == 0 ||
      share == 0 || share > shares)
    return makeError("--shard=" + text +
                     ": give K/N with 1 <= K <= N (--shard=2/3)");
  return std::make_pair(share, shares);
}

} // namespace

Expected<std::vector<std::string>>
selectFiles(const clang::tooling::CompilationDatabase &database,
            std::vector<std::string> files, const ToolActions &actions) {
  if (actions.allFiles) {
    std::vector<std::string> all = database.getAllFiles();
    if (all.empty())
      return makeError("--all analyses the files of a compile database: give "
                       "-p BUILD_DIR (a directory with compile_commands.json)");
    llvm::sort(all);
    for (const std::string &file : all)
      if (isCuda(file) && !llvm::is_contained(files, file))
        files.push_back(file);
  }
  if (!actions.shard.empty()) {
    auto shard = parseShard(actions.shard);
    if (!shard)
      return shard.takeError();
    std::vector<std::string> sorted = files, share;
    llvm::sort(sorted);
    for (size_t i = 0; i < sorted.size(); ++i)
      if (i % shard->second == shard->first - 1)
        share.push_back(sorted[i]);
    files = std::move(share);
  }
  return files;
}

int mergeSarifFiles(ArrayRef<std::string> paths) {
  std::vector<nlohmann::json> logs;
  for (const std::string &path : paths) {
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return reportError(makeError("--merge-sarif: cannot read '" + path +
                                   "': " + buffer.getError().message()));
    nlohmann::json log = nlohmann::json::parse(
        (*buffer)->getBuffer().begin(), (*buffer)->getBuffer().end(), nullptr,
        /*allow_exceptions=*/false);
    if (log.is_discarded())
      return reportError(
          makeError("--merge-sarif: '" + path + "' is not JSON"));
    logs.push_back(std::move(log));
  }
  auto merged = mergeSarifLogs(logs);
  if (!merged)
    return reportError(
        makeError("--merge-sarif: " + toString(merged.takeError())));
  outs() << merged->dump(2) << "\n";
  return 0;
}

Error writeLaunchValueUse(StringRef path, const driver::LaunchValueUse &use) {
  nlohmann::json json = {{"spec_entries", use.specEntries},
                         {"args", use.args},
                         {"buffers", use.buffers},
                         {"kernels", use.kernels}};
  std::error_code ec;
  raw_fd_ostream out(path, ec);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  out << json.dump() << "\n";
  return Error::success();
}

int runInParallel(ArrayRef<const char *> argv, ArrayRef<std::string> files,
                  const Request &request, unsigned jobs) {
  std::string self = sys::fs::getMainExecutable(
      argv[0], reinterpret_cast<void *>(&runInParallel));
  // Where each child says which launch values applied to its kernels.
  std::vector<std::string> uses(files.size());
  for (std::string &use : uses) {
    SmallString<128> path;
    if (std::error_code ec =
            sys::fs::createTemporaryFile("gpurd-launch-values", "json", path))
      return reportError(
          makeError("-j: cannot create a temporary file: " + ec.message()));
    use = path.str().str();
  }
  auto removeUses = llvm::make_scope_exit([&] {
    for (const std::string &use : uses)
      sys::fs::remove(use);
  });
  std::vector<ProcessResult> results(files.size());
  std::atomic<size_t> next{0}, done{0};
  std::atomic<bool> never{false};
  bool progress = sys::Process::StandardErrIsDisplayed();
  std::mutex progressLock;
  auto work = [&] {
    for (size_t i; (i = next++) < files.size();) {
      std::vector<std::string> child = {self, "--only-file=" + files[i],
                                        "--launch-value-use=" + uses[i]};
      child.insert(child.end(), argv.begin() + 1, argv.end());
      results[i] = runProcess(child, "", ProcessLimits(), never);
      if (progress) {
        std::lock_guard<std::mutex> guard(progressLock);
        errs() << "\r[" << ++done << "/" << files.size() << "] "
               << sys::path::filename(files[i]) << "\033[K";
      }
    }
  };
  std::vector<std::thread> workers;
  for (unsigned j = 0; j < std::min<size_t>(jobs, files.size()); ++j)
    workers.emplace_back(work);
  for (std::thread &worker : workers)
    worker.join();
  if (progress)
    errs() << "\r\033[K";

  // Input errors (1) come before the gate (2), as in one process.
  int status = 0;
  std::vector<nlohmann::json> documents;
  for (size_t i = 0; i < files.size(); ++i) {
    const ProcessResult &result = results[i];
    errs() << result.err;
    int code = result.kind == ProcessResult::Kind::Exited ? result.status : 1;
    if (code == 1 || (code == 2 && status == 0))
      status = code;
    if (code != 0 && code != 1 && code != 2)
      status = 1;
    if (!request.json) {
      outs() << result.out;
      continue;
    }
    nlohmann::json document =
        nlohmann::json::parse(result.out, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
      status = 1;
      continue;
    }
    documents.push_back(std::move(document));
  }
  // As one process: only a run without input errors, and not a listing.
  if (status == 0 && request.command != Command::ListKernels)
    if (Error error = checkChildrenLaunchValues(uses, request))
      status = reportError(std::move(error));
  if (!request.json || documents.empty())
    return status;
  nlohmann::json merged;
  if (request.sarif) {
    auto log = mergeSarifLogs(documents);
    if (!log)
      return reportError(log.takeError());
    merged = std::move(*log);
  } else {
    merged = documents.front();
    nlohmann::json all = nlohmann::json::array();
    for (nlohmann::json &document : documents)
      for (nlohmann::json &file :
           document.value("files", nlohmann::json::array()))
        all.push_back(std::move(file));
    merged["files"] = std::move(all);
  }
  outs() << merged.dump(2) << "\n";
  return status;
}

} // namespace gpurd::advise

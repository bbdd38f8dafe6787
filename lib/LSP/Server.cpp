//===- Server.cpp - gpurd-lsp: gpurd's findings in the editor -------------===//
//
// Three threads: the editor's messages (this one), clangd's messages
// (proxy mode), and the analyses (one at a time, newest request first per
// file). Every message to the editor goes through one writer, whole.
//
//===----------------------------------------------------------------------===//

#include "gpurd/LSP/Server.h"
#include "gpurd/LSP/Documents.h"
#include "gpurd/LSP/Findings.h"
#include "gpurd/LSP/SourceTokens.h"
#include "gpurd/LSP/Transport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <map>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace llvm;

namespace gpurd::lsp {
namespace {

/// JSON-RPC's error codes (LSP's base protocol).
constexpr int64_t MethodNotFound = -32601, InternalError = -32603;

std::string text(json::Value value) {
  std::string out;
  raw_string_ostream(out) << value;
  return out;
}

/// Each file's last finished analysis: the text it was of, how many saves
/// of other files (headers, other sources) there had been, and its
/// result. With no other file saved since, a request to analyse the same
/// text (a save after the edit pause analysed the buffer) publishes those
/// findings again, and one to analyse a text with the same tokens (an
/// edit of comments, blank lines or indentation) moves them to where
/// their tokens now are (SourceTokens.h).
struct Analysed {
  std::string text;
  unsigned othersSaved = 0;
  WorkerResult result;
};

/// \p last's result moved to \p edited, if \p edited has the tokens of the
/// text \p last analysed and every position of its report moves with them.
std::optional<WorkerResult> movedResult(const Analysed &last, StringRef file,
                                        StringRef directory, StringRef edited) {
  std::optional<TokenMap> map = TokenMap::between(last.text, edited);
  if (!map)
    return std::nullopt;
  WorkerResult out = last.result;
  Expected<json::Value> report = json::parse(out.out);
  if (!report) {
    // An input error's message names no position of the text.
    consumeError(report.takeError());
    return out;
  }
  if (!moveReport(*report, *map, file, directory))
    return std::nullopt;
  out.out = text(std::move(*report));
  return out;
}

class Server {
public:
  explicit Server(const ServerOptions &options)
      : options(options), editorIn(STDIN_FILENO), editorOut(STDOUT_FILENO) {}

  int run();

private:
  // The editor's side.
  void onEditorMessage(const std::string &body);
  void onNotification(StringRef method, const json::Object &params);
  bool answerLocally(StringRef method, const json::Value &id,
                     const json::Object *params);
  void reply(const json::Value &id, json::Value result);
  void replyError(const json::Value &id, int64_t code, StringRef message);
  void notify(StringRef method, json::Value params);
  void publish(const std::string &uri);

  // clangd's side (proxy mode).
  bool startClangd();
  void readClangd();
  void onClangdMessage(const std::string &body);
  void stopClangd();

  // The analyses.
  void schedule(const std::string &uri,
                std::chrono::milliseconds after = std::chrono::milliseconds(0));
  void analyse();
  WorkerResult runAnalysis(const std::string &uri, const std::string &path,
                           const std::string &directory,
                           const std::string &text);
  void finishAnalysis(const std::string &uri, const std::string &text,
                      const WorkerResult &result,
                      AnalysisStage stage = AnalysisStage::Full);

  const ServerOptions &options;
  MessageReader editorIn;
  MessageWriter editorOut;
  Documents documents;

  pid_t clangdPid = -1;
  int toClangdFd = -1, fromClangdFd = -1;
  std::unique_ptr<MessageWriter> toClangd;
  std::atomic<bool> clangdAlive{false};
  std::thread clangdReader;

  std::mutex lock; // Guards the queue, the code actions asked of clangd.
  std::condition_variable wake;
  /// The files to analyse, each with when (an edit waits for a pause).
  std::map<std::string, std::chrono::steady_clock::time_point> queue;
  std::string analysing;
  std::optional<std::string> analysingText;
  /// Each file's last finished analysis, for the requests it answers.
  std::map<std::string, Analysed> analysed;
  unsigned saves = 0;
  std::map<std::string, unsigned> savesOf;
  std::atomic<bool> cancel{false};
  std::atomic<bool> stopping{false};
  std::thread analyser;
  /// Code action requests forwarded to clangd: id (as text) to the file and
  /// range, so that gpurd's quick fixes join clangd's answer.
  std::map<std::string, std::pair<std::string, json::Value>> pendingActions;
  bool shutdownReceived = false;
};

int Server::run() {
  if (!options.clangd.empty() && !startClangd())
    return 1;
  analyser = std::thread([this] { analyse(); });
  while (std::optional<std::string> body = editorIn.next()) {
    onEditorMessage(*body);
    if (stopping)
      break;
  }
  {
    std::lock_guard<std::mutex> guard(lock);
    stopping = true;
    cancel = true;
  }
  wake.notify_all();
  analyser.join();
  stopClangd();
  return shutdownReceived ? 0 : 1;
}

void Server::onEditorMessage(const std::string &body) {
  Expected<json::Value> parsed = json::parse(body);
  if (!parsed) {
    errs() << "gpurd-lsp: a message from the editor is not JSON ("
           << toString(parsed.takeError()) << "); "
           << (clangdAlive ? "passed to clangd" : "ignored") << "\n";
    if (clangdAlive)
      toClangd->write(body);
    return;
  }
  const json::Object *message = parsed->getAsObject();
  std::optional<StringRef> method =
      message ? message->getString("method") : std::nullopt;
  const json::Value *id = message ? message->get("id") : nullptr;
  const json::Object *params = message ? message->getObject("params") : nullptr;
  if (method && !id && params)
    onNotification(*method, *params);
  if (method && *method == "shutdown")
    shutdownReceived = true;
  if (method && *method == "exit")
    stopping = true;
  if (method && id && answerLocally(*method, *id, params))
    return;
  if (clangdAlive)
    toClangd->write(body);
  else if (method && id)
    replyError(*id, InternalError, "clangd is not running");
}

void Server::onNotification(StringRef method, const json::Object &params) {
  const json::Object *document = params.getObject("textDocument");
  std::optional<StringRef> uri =
      document ? document->getString("uri") : std::nullopt;
  if (uri && method == "textDocument/didSave") {
    // Any file's: a saved header changes what its includers compile.
    std::lock_guard<std::mutex> guard(lock);
    ++saves;
    ++savesOf[uri->str()];
  }
  if (!uri || !Documents::isCuda(*uri))
    return;
  if (method == "textDocument/didOpen") {
    documents.open(*uri, document->getString("text").value_or(""));
    schedule(uri->str());
  } else if (method == "textDocument/didChange") {
    if (const json::Array *changes = params.getArray("contentChanges"))
      documents.change(*uri, *changes);
    // The unsaved buffer, once the edits pause.
    schedule(uri->str(), options.editPause);
  } else if (method == "textDocument/didSave") {
    schedule(uri->str());
  } else if (method == "textDocument/didClose") {
    documents.close(*uri);
    {
      std::lock_guard<std::mutex> guard(lock);
      analysed.erase(uri->str());
    }
    // clangd's own empty publish follows; standalone, gpurd clears its own.
    if (!clangdAlive)
      notify("textDocument/publishDiagnostics",
             json::Object{{"uri", *uri}, {"diagnostics", json::Array()}});
  }
}

/// The requests gpurd-lsp answers itself: all of them standalone (or when
/// clangd has gone), and none in proxy mode but to remember a CUDA file's
/// code action request for clangd's answer.
bool Server::answerLocally(StringRef method, const json::Value &id,
                           const json::Object *params) {
  const json::Object *document =
      params ? params->getObject("textDocument") : nullptr;
  std::optional<StringRef> uri =
      document ? document->getString("uri") : std::nullopt;
  if (method == "textDocument/codeAction" && uri && Documents::isCuda(*uri)) {
    const json::Value *range = params->get("range");
    if (clangdAlive) {
      std::lock_guard<std::mutex> guard(lock);
      pendingActions.insert_or_assign(
          text(id),
          std::make_pair(uri->str(), range ? *range : json::Value(nullptr)));
      return false;
    }
    reply(id, range ? documents.quickFixes(*uri, *range) : json::Array());
    return true;
  }
  if (clangdAlive)
    return false;
  if (method == "initialize") {
    json::Object sync{{"openClose", true},
                      {"change", 1}, // Full text.
                      {"save", json::Object{{"includeText", false}}}};
    reply(id, json::Object{
                  {"capabilities",
                   json::Object{{"textDocumentSync", std::move(sync)},
                                {"codeActionProvider",
                                 json::Object{{"codeActionKinds",
                                               json::Array{"quickfix"}}}}}},
                  {"serverInfo", json::Object{{"name", "gpurd-lsp"},
                                              {"version", options.version}}}});
  } else if (method == "shutdown") {
    reply(id, nullptr);
  } else if (method == "textDocument/codeAction") {
    reply(id, json::Array()); // Not a CUDA file.
  } else {
    replyError(id, MethodNotFound,
               "gpurd-lsp (standalone) does not handle " + method.str());
  }
  return true;
}

void Server::reply(const json::Value &id, json::Value result) {
  editorOut.write(text(json::Object{
      {"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}));
}

void Server::replyError(const json::Value &id, int64_t code,
                        StringRef message) {
  editorOut.write(text(json::Object{
      {"jsonrpc", "2.0"},
      {"id", id},
      {"error", json::Object{{"code", code}, {"message", message}}}}));
}

void Server::notify(StringRef method, json::Value params) {
  editorOut.write(text(json::Object{
      {"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}}));
}

void Server::publish(const std::string &uri) {
  std::optional<json::Object> params = documents.diagnosticsParams(uri);
  if (params)
    notify("textDocument/publishDiagnostics", std::move(*params));
}

bool Server::startClangd() {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) {
    errs() << "gpurd-lsp: cannot make pipes for clangd\n";
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  for (int fd : {in[0], in[1], out[0], out[1]})
    posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<char *> argv;
  for (const std::string &arg : options.clangd)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  int error = posix_spawnp(&clangdPid, argv[0], &actions, nullptr, argv.data(),
                           environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  if (error != 0) {
    errs() << "gpurd-lsp: cannot start '" << options.clangd[0]
           << "': " << std::strerror(error)
           << " (give its path with --clangd=PATH, or --standalone)\n";
    close(in[1]);
    close(out[0]);
    return false;
  }
  toClangdFd = in[1];
  fromClangdFd = out[0];
  toClangd = std::make_unique<MessageWriter>(toClangdFd);
  clangdAlive = true;
  clangdReader = std::thread([this] { readClangd(); });
  return true;
}

void Server::readClangd() {
  MessageReader reader(fromClangdFd);
  while (std::optional<std::string> body = reader.next())
    onClangdMessage(*body);
  clangdAlive = false;
  // stopClangd waits for the process; this thread only reads its output.
  if (!stopping) {
    notify("window/showMessage",
           json::Object{{"type", 1},
                        {"message", "gpurd-lsp: clangd exited; gpurd's own "
                                    "diagnostics go on"}});
    // Requests clangd took and will not answer.
    std::map<std::string, std::pair<std::string, json::Value>> pending;
    {
      std::lock_guard<std::mutex> guard(lock);
      pending.swap(pendingActions);
    }
    for (auto &[id, request] : pending)
      if (Expected<json::Value> value = json::parse(id))
        reply(*value, documents.quickFixes(request.first, request.second));
      else
        consumeError(value.takeError());
  }
}

void Server::onClangdMessage(const std::string &body) {
  Expected<json::Value> parsed = json::parse(body);
  if (!parsed) {
    consumeError(parsed.takeError());
    editorOut.write(body);
    return;
  }
  json::Object *message = parsed->getAsObject();
  std::optional<StringRef> method =
      message ? message->getString("method") : std::nullopt;
  if (method && *method == "textDocument/publishDiagnostics") {
    const json::Object *params = message->getObject("params");
    std::optional<StringRef> uri =
        params ? params->getString("uri") : std::nullopt;
    const json::Array *diagnostics =
        params ? params->getArray("diagnostics") : nullptr;
    if (uri && diagnostics && Documents::isCuda(*uri)) {
      documents.setClangd(*uri, *diagnostics);
      publish(uri->str());
      return;
    }
  }
  const json::Value *id = message ? message->get("id") : nullptr;
  if (!method && id) {
    std::optional<std::pair<std::string, json::Value>> request;
    {
      std::lock_guard<std::mutex> guard(lock);
      auto it = pendingActions.find(text(*id));
      if (it != pendingActions.end()) {
        request = std::move(it->second);
        pendingActions.erase(it);
      }
    }
    if (request && message->get("result")) {
      json::Array actions;
      if (const json::Array *clangd = message->getArray("result"))
        actions = *clangd;
      for (json::Value &fix :
           documents.quickFixes(request->first, request->second))
        actions.push_back(std::move(fix));
      (*message)["result"] = std::move(actions);
      editorOut.write(text(std::move(*parsed)));
      return;
    }
  }
  editorOut.write(body);
}

void Server::stopClangd() {
  if (toClangdFd >= 0)
    close(toClangdFd);
  if (clangdPid > 0) {
    // It leaves after `exit`, or at the end of its input; not much later.
    for (int i = 0; i < 50; ++i) {
      int status;
      if (waitpid(clangdPid, &status, WNOHANG) == clangdPid) {
        clangdPid = -1;
        break;
      }
      usleep(100000);
    }
    if (clangdPid > 0) {
      kill(clangdPid, SIGKILL);
      waitpid(clangdPid, nullptr, 0);
    }
  }
  if (clangdReader.joinable())
    clangdReader.join();
  if (fromClangdFd >= 0)
    close(fromClangdFd);
}

void Server::schedule(const std::string &uri, std::chrono::milliseconds after) {
  std::optional<std::string> text = documents.text(uri);
  {
    std::lock_guard<std::mutex> guard(lock);
    // A newer state of the file than the one analysed stops the analysis;
    // the same text (saved while its analysis runs, after the early
    // findings came) lets it finish, and the request publishes its result.
    if (analysing == uri && text != analysingText)
      cancel = true;
    // A later edit moves the analysis to after its own pause.
    queue[uri] = std::chrono::steady_clock::now() + after;
  }
  wake.notify_all();
}

void Server::analyse() {
  for (;;) {
    std::string uri;
    {
      std::unique_lock<std::mutex> guard(lock);
      for (;;) {
        wake.wait(guard, [&] { return stopping || !queue.empty(); });
        if (stopping)
          return;
        auto next = std::min_element(
            queue.begin(), queue.end(),
            [](const auto &a, const auto &b) { return a.second < b.second; });
        if (next->second <= std::chrono::steady_clock::now()) {
          uri = next->first;
          queue.erase(next);
          break;
        }
        wake.wait_until(guard, next->second);
      }
      analysing = uri;
      cancel = false;
    }
    std::optional<std::string> path = pathOf(uri);
    if (path) {
      std::string directory = sys::path::parent_path(*path).str();
      // The buffer as the editor has it, saved or not.
      std::string text = documents.text(uri).value_or("");
      unsigned othersSaved;
      std::optional<Analysed> last;
      {
        std::lock_guard<std::mutex> guard(lock);
        analysingText = text;
        othersSaved = saves - savesOf[uri];
        auto found = analysed.find(uri);
        if (found != analysed.end() && found->second.othersSaved == othersSaved)
          last = found->second;
      }
      std::optional<WorkerResult> moved;
      if (last && last->text == text) {
        publish(uri);
      } else if (last && (moved = movedResult(*last, *path, directory, text))) {
        finishAnalysis(uri, text, *moved);
        std::lock_guard<std::mutex> guard(lock);
        analysed[uri] = {text, othersSaved, std::move(*moved)};
      } else {
        WorkerResult result = runAnalysis(uri, *path, directory, text);
        if (result.kind != WorkerResult::Kind::Cancelled)
          finishAnalysis(uri, text, result);
        // A finished run's findings (or compile error) are the text's; a
        // run cut by a limit is tried again at the next request.
        if (result.kind == WorkerResult::Kind::Exited && result.status >= 0 &&
            result.status <= 2) {
          std::lock_guard<std::mutex> guard(lock);
          analysed[uri] = {text, othersSaved, std::move(result)};
        }
      }
    }
    std::lock_guard<std::mutex> guard(lock);
    analysing.clear();
    analysingText.reset();
  }
}

/// The whole analysis of \p text; with early findings, a second worker runs
/// the quick checks at the same time, and its findings are published if
/// they come before the whole analysis's (and no newer edit came). Its
/// failures (a limit, a crash) are left to the whole analysis to report.
WorkerResult Server::runAnalysis(const std::string &uri,
                                 const std::string &path,
                                 const std::string &directory,
                                 const std::string &text) {
  std::vector<std::string> full = analysisCommand(options.gpurdAdvise, path);
  if (!options.earlyFindings)
    return runProcess(full, directory, options.limits, cancel, &text);
  std::mutex publishing;
  bool done = false;
  std::atomic<bool> stopEarly{false};
  std::thread early([&] {
    WorkerResult result = runProcess(
        analysisCommand(options.gpurdAdvise, path, AnalysisStage::Early),
        directory, options.limits, stopEarly, &text);
    std::lock_guard<std::mutex> guard(publishing);
    if (!done && !cancel && result.kind == WorkerResult::Kind::Exited &&
        result.status >= 0 && result.status <= 2)
      finishAnalysis(uri, text, result, AnalysisStage::Early);
  });
  WorkerResult result =
      runProcess(full, directory, options.limits, cancel, &text);
  {
    std::lock_guard<std::mutex> guard(publishing);
    done = true;
  }
  stopEarly = true;
  early.join();
  return result;
}

void Server::finishAnalysis(const std::string &uri, const std::string &text,
                            const WorkerResult &result, AnalysisStage stage) {
  std::string path = pathOf(uri).value_or(uri);
  std::string name = sys::path::filename(path).str();
  std::optional<std::string> note;
  FileFindings findings;
  switch (result.kind) {
  case WorkerResult::Kind::TimedOut:
    note = "gpurd: the analysis of " + name + " was stopped after " +
           std::to_string(options.limits.seconds) + " s (gpurd-lsp --timeout)";
    break;
  case WorkerResult::Kind::Signalled:
    note = "gpurd: the analysis of " + name + " ended on signal " +
           std::to_string(result.status) +
           " (over gpurd-lsp's --memory-limit, or a crash)";
    break;
  case WorkerResult::Kind::NotStarted:
    note = "gpurd: cannot run '" + options.gpurdAdvise +
           "' (give its path with gpurd-lsp --gpurd=PATH)";
    break;
  default: {
    Expected<json::Value> report = json::parse(result.out);
    if (report) {
      findings = documents.findingsOf(uri, text, *report, options.docsBase);
    } else {
      consumeError(report.takeError());
    }
    // An input error (status 1): its first line, where the editor shows it.
    if (result.status == 1 || !report) {
      StringRef err = result.err;
      size_t at = err.find("error: ");
      StringRef line =
          err.substr(at == StringRef::npos ? 0 : at + 7).split('\n').first;
      note = "gpurd could not analyse " + name +
             (line.empty() ? std::string() : ": " + line.str());
    }
    break;
  }
  }
  // An early analysis's: the deferred checks' findings of the last whole
  // analysis stay until the next one replaces them.
  documents.setGpurd(uri, std::move(findings), note,
                     stage == AnalysisStage::Early ? deferredChecks()
                                                   : ArrayRef<StringRef>());
  publish(uri);
}

} // namespace

int runServer(const ServerOptions &options) {
  // A closed editor pipe is an error to see, not a signal to die of.
  signal(SIGPIPE, SIG_IGN);
  Server server(options);
  return server.run();
}

} // namespace gpurd::lsp

//===- Subprocess.cpp - A command in a process of its own -----------------===//

#include "gpurd/Support/Subprocess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gpurd {

ProcessResult runProcess(const std::vector<std::string> &argv,
                         const std::string &directory,
                         const ProcessLimits &limits,
                         const std::atomic<bool> &cancel,
                         const std::string *input) {
  ProcessResult result;
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0)
    return result;
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]), close(out[1]);
    return result;
  }
  // Everything the child needs, made before fork: after it, the child of
  // a threaded process may only call async-signal-safe functions.
  // The input from a file of its own, so that writing it waits for nothing.
  std::FILE *inputFile = nullptr;
  if (input) {
    inputFile = std::tmpfile();
    if (!inputFile ||
        std::fwrite(input->data(), 1, input->size(), inputFile) !=
            input->size() ||
        std::fflush(inputFile) != 0) {
      if (inputFile)
        std::fclose(inputFile);
      close(out[0]), close(out[1]), close(err[0]), close(err[1]);
      return result;
    }
    std::rewind(inputFile);
  }
  int inputFd = inputFile ? fileno(inputFile) : -1;
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  struct rlimit memory = {rlim_t(limits.memoryBytes),
                          rlim_t(limits.memoryBytes)};
  pid_t child = fork();
  if (child == 0) {
    if (!directory.empty() && chdir(directory.c_str()) != 0)
      _exit(127);
    if (limits.memoryBytes)
      setrlimit(RLIMIT_AS, &memory);
    dup2(out[1], STDOUT_FILENO);
    dup2(err[1], STDERR_FILENO);
    int in = inputFd >= 0 ? inputFd : open("/dev/null", O_RDONLY);
    if (in >= 0)
      dup2(in, STDIN_FILENO);
    execv(args[0], args.data());
    _exit(127);
  }
  close(out[1]), close(err[1]);
  if (inputFile)
    std::fclose(inputFile);
  if (child < 0) {
    close(out[0]), close(err[0]);
    return result;
  }
  auto start = std::chrono::steady_clock::now();
  struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  std::string *sinks[2] = {&result.out, &result.err};
  int openPipes = 2;
  result.kind = ProcessResult::Kind::Exited;
  while (openPipes) {
    int ready = poll(fds, 2, 100);
    if (ready > 0)
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        char chunk[65536];
        ssize_t got = read(fds[i].fd, chunk, sizeof(chunk));
        if (got > 0) {
          sinks[i]->append(chunk, size_t(got));
        } else {
          close(fds[i].fd);
          fds[i].fd = -1;
          --openPipes;
        }
      }
    auto elapsed = std::chrono::steady_clock::now() - start;
    if (cancel ||
        (limits.seconds && elapsed > std::chrono::seconds(limits.seconds))) {
      result.kind = cancel ? ProcessResult::Kind::Cancelled
                           : ProcessResult::Kind::TimedOut;
      kill(child, SIGKILL);
      break;
    }
  }
  for (struct pollfd &fd : fds)
    if (fd.fd >= 0)
      close(fd.fd);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR)
    ;
  if (result.kind == ProcessResult::Kind::Exited) {
    if (WIFSIGNALED(status)) {
      result.kind = ProcessResult::Kind::Signalled;
      result.status = WTERMSIG(status);
    } else {
      result.status = WEXITSTATUS(status);
      if (result.status == 127 && result.out.empty() && result.err.empty())
        result.kind = ProcessResult::Kind::NotStarted;
    }
  }
  return result;
}

} // namespace gpurd

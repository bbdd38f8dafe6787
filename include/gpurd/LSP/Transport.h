//===- Transport.h - LSP messages over a byte stream ------------*- C++ -*-===//
//
// The base protocol of the Language Server Protocol: each message is a
// header (`Content-Length: N`, other fields ignored) and a blank line, then
// N bytes of JSON. clangd's own transport (clangd/Transport.h) is not among
// the headers Debian's packages install, so gpurd reads and writes the
// framing itself and the JSON with llvm/Support/JSON.h.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_TRANSPORT_H
#define GPURD_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"

#include <mutex>
#include <optional>
#include <string>

namespace gpurd::lsp {

/// Reads messages from a file descriptor.
class MessageReader {
public:
  explicit MessageReader(int fd) : fd(fd) {}

  /// The next message's body; none at the end of the stream. A header
  /// without a valid Content-Length is skipped with the bytes up to the
  /// next blank line, and the reading goes on (\p skipped counts them).
  std::optional<std::string> next();
  unsigned skipped = 0;

private:
  /// Fills the buffer with at least \p count bytes; false at the end.
  bool fill(size_t count);
  int fd;
  std::string buffer;
  size_t position = 0;
};

/// Writes whole messages to a file descriptor, one at a time whichever
/// thread writes.
class MessageWriter {
public:
  explicit MessageWriter(int fd) : fd(fd) {}
  /// False when the descriptor is closed.
  bool write(llvm::StringRef body);

private:
  int fd;
  std::mutex lock;
};

} // namespace gpurd::lsp

#endif // GPURD_LSP_TRANSPORT_H

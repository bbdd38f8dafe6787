//===- Transport.cpp - LSP messages over a byte stream --------------------===//

#include "gpurd/LSP/Transport.h"

#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <unistd.h>

using namespace llvm;

namespace gpurd::lsp {

bool MessageReader::fill(size_t count) {
  while (buffer.size() - position < count) {
    char chunk[65536];
    ssize_t got = ::read(fd, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    buffer.append(chunk, size_t(got));
  }
  return true;
}

std::optional<std::string> MessageReader::next() {
  for (;;) {
    // Drop what was read before, once it is a good part of the buffer.
    if (position > 65536 && position * 2 > buffer.size()) {
      buffer.erase(0, position);
      position = 0;
    }
    size_t end;
    while ((end = buffer.find("\r\n\r\n", position)) == std::string::npos)
      if (!fill(buffer.size() - position + 1))
        return std::nullopt;
    StringRef header(buffer.data() + position, end - position);
    position = end + 4;
    std::optional<size_t> length;
    SmallVector<StringRef, 4> lines;
    header.split(lines, "\r\n");
    for (StringRef line : lines) {
      auto [name, value] = line.split(':');
      size_t parsed;
      if (name.trim().equals_insensitive("content-length") &&
          !value.trim().getAsInteger(10, parsed))
        length = parsed;
    }
    if (!length) {
      ++skipped;
      continue;
    }
    if (!fill(*length))
      return std::nullopt;
    std::string body = buffer.substr(position, *length);
    position += *length;
    return body;
  }
}

bool MessageWriter::write(StringRef body) {
  std::string message =
      "Content-Length: " + utostr(body.size()) + "\r\n\r\n" + body.str();
  std::lock_guard<std::mutex> guard(lock);
  const char *data = message.data();
  size_t left = message.size();
  while (left) {
    ssize_t wrote = ::write(fd, data, left);
    if (wrote < 0 && errno == EINTR)
      continue;
    if (wrote <= 0)
      return false;
    data += wrote;
    left -= size_t(wrote);
  }
  return true;
}

} // namespace gpurd::lsp

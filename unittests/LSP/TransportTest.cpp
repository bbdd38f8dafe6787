//===- TransportTest.cpp - LSP message framing ----------------------------===//

#include "gpurd/LSP/Transport.h"

#include "gtest/gtest.h"

#include <string>
#include <unistd.h>

using namespace gpurd::lsp;

namespace {

/// A reader of \p bytes written to a pipe and closed.
struct Piped {
  explicit Piped(const std::string &bytes) {
    EXPECT_EQ(pipe(fds), 0);
    EXPECT_EQ(write(fds[1], bytes.data(), bytes.size()), ssize_t(bytes.size()));
    close(fds[1]);
  }
  ~Piped() { close(fds[0]); }
  int fds[2];
};

TEST(TransportTest, ReadsMessagesByContentLength) {
  // Two messages, the second with another header field before its length.
  Piped input("Content-Length: 7\r\n\r\n{\"a\":1}"
              "Content-Type: application/vscode-jsonrpc\r\n"
              "content-length: 2\r\n\r\n{}");
  MessageReader reader(input.fds[0]);
  EXPECT_EQ(reader.next(), std::optional<std::string>("{\"a\":1}"));
  EXPECT_EQ(reader.next(), std::optional<std::string>("{}"));
  EXPECT_EQ(reader.next(), std::nullopt);
  EXPECT_EQ(reader.skipped, 0u);
}

TEST(TransportTest, SkipsAHeaderWithoutALength) {
  Piped input("Content-Lenght: 2\r\n\r\nContent-Length: 2\r\n\r\n[]");
  MessageReader reader(input.fds[0]);
  EXPECT_EQ(reader.next(), std::optional<std::string>("[]"));
  EXPECT_EQ(reader.skipped, 1u);
}

TEST(TransportTest, AMessageCutShortEndsTheStream) {
  Piped input("Content-Length: 10\r\n\r\n{\"a\"");
  MessageReader reader(input.fds[0]);
  EXPECT_EQ(reader.next(), std::nullopt);
}

TEST(TransportTest, WritesTheFraming) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  MessageWriter writer(fds[1]);
  EXPECT_TRUE(writer.write("{\"x\":true}"));
  close(fds[1]);
  char buffer[64] = {};
  ssize_t got = read(fds[0], buffer, sizeof(buffer) - 1);
  close(fds[0]);
  EXPECT_EQ(std::string(buffer, size_t(got)),
            "Content-Length: 10\r\n\r\n{\"x\":true}");
}

} // namespace

//===- NvccAsmDialect.cpp - Inline PTX as nvcc reads it -------------------===//

#include "gpurd/Frontend/NvccAsmDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace gpurd {
namespace {

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_'; }

/// The PTX special registers (PTX ISA, "Special Registers").
bool isSpecialRegister(llvm::StringRef name) {
  bool known =
      llvm::StringSwitch<bool>(name)
          .Cases("tid", "ntid", "laneid", "warpid", "nwarpid", true)
          .Cases("ctaid", "nctaid", "smid", "nsmid", "gridid", true)
          .Cases("clusterid", "nclusterid", "cluster_ctaid", "cluster_nctaid",
                 "is_explicit_cluster", true)
          .Cases("cluster_ctarank", "cluster_nctarank", true)
          .Cases("lanemask_eq", "lanemask_le", "lanemask_lt", "lanemask_ge",
                 "lanemask_gt", true)
          .Cases("clock", "clock_hi", "clock64", true)
          .Cases("globaltimer", "globaltimer_lo", "globaltimer_hi", true)
          .Cases("total_smem_size", "aggr_smem_size", "dynamic_smem_size",
                 "current_graph_exec", true)
          .Default(false);
  if (known || name.starts_with("reserved_smem_offset_"))
    return true;
  // %pm0..%pm7, %pm0_64..%pm7_64, %envreg0..%envreg31.
  llvm::StringRef digits = name;
  if (!digits.consume_front("pm") && !digits.consume_front("envreg"))
    return false;
  digits.consume_back("_64");
  return !digits.empty() && llvm::all_of(digits, llvm::isDigit);
}

/// Finds, in C/C++ source text, the `%` of special registers in the string
/// literals of asm statements. Comments and other literals are skipped.
class AsmScanner {
public:
  explicit AsmScanner(llvm::StringRef text) : text(text) {}

  std::vector<size_t> run() {
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '/' && peek(1) == '/')
        skipPast("\n");
      else if (c == '/' && peek(1) == '*')
        skipPast("*/");
      else if (c == '"' || c == '\'')
        skipLiteral(/*scan=*/false);
      else if ((llvm::isAlpha(c) || c == '_') &&
               (pos == 0 || !isIdentifierChar(text[pos - 1])))
        word();
      else
        ++pos;
    }
    return escapes;
  }

private:
  char peek(size_t ahead) const {
    return pos + ahead < text.size() ? text[pos + ahead] : '\0';
  }
  void skipPast(llvm::StringRef end) {
    size_t found = text.find(end, pos + 2);
    pos = found == llvm::StringRef::npos ? text.size() : found + end.size();
  }
  void skipSpace() {
    while (pos < text.size()) {
      if (llvm::isSpace(text[pos]))
        ++pos;
      else if (text[pos] == '/' && (peek(1) == '/' || peek(1) == '*'))
        skipPast(peek(1) == '/' ? "\n" : "*/");
      else
        break;
    }
  }
  llvm::StringRef identifier() {
    size_t begin = pos;
    while (pos < text.size() && isIdentifierChar(text[pos]))
      ++pos;
    return text.slice(begin, pos);
  }

  /// A quoted literal from pos (a raw string when an `R` precedes it);
  /// with \p scan, records the `%` of special registers in it.
  void skipLiteral(bool scan) {
    char quote = text[pos];
    if (quote == '"' && pos > 0 && text[pos - 1] == 'R') {
      size_t open = text.find('(', pos);
      if (open == llvm::StringRef::npos) {
        pos = text.size();
        return;
      }
      std::string close = ")" + text.slice(pos + 1, open).str() + "\"";
      size_t end = text.find(close, open);
      size_t stop = end == llvm::StringRef::npos ? text.size() : end;
      if (scan)
        scanPercents(open + 1, stop);
      pos = end == llvm::StringRef::npos ? text.size() : end + close.size();
      return;
    }
    size_t begin = ++pos;
    while (pos < text.size() && text[pos] != quote && text[pos] != '\n')
      pos += text[pos] == '\\' ? 2 : 1;
    if (scan && quote == '"')
      scanPercents(begin, std::min(pos, text.size()));
    ++pos;
  }

  void scanPercents(size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if (text[i] != '%')
        continue;
      if (i + 1 < end && text[i + 1] == '%') {
        ++i;
        continue;
      }
      size_t nameEnd = i + 1;
      while (nameEnd < end && isIdentifierChar(text[nameEnd]))
        ++nameEnd;
      if (isSpecialRegister(text.slice(i + 1, nameEnd)))
        escapes.push_back(i);
    }
  }

  /// An identifier; after `asm`, the statement's template strings.
  void word() {
    llvm::StringRef name = identifier();
    if (name != "asm" && name != "__asm" && name != "__asm__")
      return;
    for (;;) {
      skipSpace();
      size_t mark = pos;
      llvm::StringRef qualifier = identifier();
      if (qualifier.empty())
        break;
      if (qualifier != "volatile" && qualifier != "__volatile__" &&
          qualifier != "__volatile" && qualifier != "goto" &&
          qualifier != "inline") {
        pos = mark;
        return;
      }
    }
    if (pos >= text.size() || text[pos] != '(')
      return;
    ++pos;
    // The template: adjacent string literals, up to the first ':' or ')'.
    for (skipSpace(); pos < text.size() && text[pos] == '"'; skipSpace())
      skipLiteral(/*scan=*/true);
  }

  llvm::StringRef text;
  size_t pos = 0;
  std::vector<size_t> escapes;
};

/// Whether files named \p path are C, C++ or CUDA sources or headers (the
/// files Clang stats and reads for a compile, not libraries or data).
bool isSourceFile(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return llvm::StringSwitch<bool>(ext.lower())
      .Cases(".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", true)
      .Cases(".c", ".cc", ".cpp", ".cxx", ".inl", ".inc", ".tcc", true)
      .Default(false);
}

class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(llvm::vfs::Status status,
                std::shared_ptr<const std::string> text)
      : stat(std::move(status)), text(std::move(text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return stat; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBuffer(*text, name.str());
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status stat;
  std::shared_ptr<const std::string> text;
};

class NvccAsmDialectFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override {
    llvm::ErrorOr<llvm::vfs::Status> found = ProxyFileSystem::status(path);
    if (!found || !found->isRegularFile())
      return found;
    if (std::shared_ptr<const std::string> text = rewritten(path.str()))
      return llvm::vfs::Status::copyWithNewSize(*found, text->size());
    return found;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file)
      return file;
    std::shared_ptr<const std::string> text = rewritten(path.str());
    if (!text)
      return file;
    llvm::ErrorOr<llvm::vfs::Status> found = (*file)->status();
    if (!found)
      return found.getError();
    return std::make_unique<RewrittenFile>(
        llvm::vfs::Status::copyWithNewSize(*found, text->size()),
        std::move(text));
  }

private:
  /// The rewritten contents of \p path, or null when it is read as it is.
  std::shared_ptr<const std::string> rewritten(const std::string &path) {
    if (!isSourceFile(path))
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    auto cached = cache.find(path);
    if (cached != cache.end())
      return cached->second;
    std::shared_ptr<const std::string> &entry = cache[path];
    auto buffer = getUnderlyingFS().getBufferForFile(path);
    if (!buffer)
      return nullptr;
    if (std::optional<std::string> text =
            escapePtxRegistersInAsm((*buffer)->getBuffer()))
      entry = std::make_shared<const std::string>(std::move(*text));
    return entry;
  }

  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const std::string>> cache;
};

} // namespace

std::optional<std::string> escapePtxRegistersInAsm(llvm::StringRef source) {
  if (!source.contains("asm") || !source.contains('%'))
    return std::nullopt;
  std::vector<size_t> escapes = AsmScanner(source).run();
  if (escapes.empty())
    return std::nullopt;
  std::string out;
  out.reserve(source.size() + escapes.size());
  size_t copied = 0;
  for (size_t at : escapes) {
    out.append(source.data() + copied, at - copied);
    out.push_back('%');
    copied = at;
  }
  out.append(source.data() + copied, source.size() - copied);
  return out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> createNvccAsmDialectFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  return llvm::makeIntrusiveRefCnt<NvccAsmDialectFileSystem>(std::move(base));
}

} // namespace gpurd

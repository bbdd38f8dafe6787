//===- Diagnostics.cpp - Findings as clang prints diagnostics -------------===//

#include "gpurd/Output/Diagnostics.h"
#include "Locations.h"
#include "Numbers.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>

using namespace llvm;

namespace gpurd {
namespace {

/// The lines of the files the findings are in, read once.
class SourceLines {
public:
  /// Line \p line (1-based) of \p file, or nothing when it cannot be read.
  std::optional<StringRef> line(const std::string &file, unsigned line) {
    auto [it, isNew] = files.try_emplace(file);
    if (isNew) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
          MemoryBuffer::getFile(file, /*IsText=*/true);
      if (buffer)
        it->second = std::move(*buffer);
    }
    if (!it->second || line == 0)
      return std::nullopt;
    StringRef rest = it->second->getBuffer();
    for (unsigned i = 1; i < line; ++i) {
      size_t end = rest.find('\n');
      if (end == StringRef::npos)
        return std::nullopt;
      rest = rest.drop_front(end + 1);
    }
    return rest.take_until([](char c) { return c == '\n' || c == '\r'; });
  }

private:
  std::map<std::string, std::unique_ptr<MemoryBuffer>> files;
};

/// Tabs to the next multiple of 8 columns, as clang shows them.
std::string expandTabs(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c != '\t') {
      out += c;
      continue;
    }
    do
      out += ' ';
    while (out.size() % 8);
  }
  return out;
}

/// Clang's snippet: the line with its number, a caret under the column,
/// and each fix-it on the line: its range underlined, its text below.
void printSnippet(raw_ostream &os, SourceLines &lines,
                  const SourcePosition &position,
                  ArrayRef<advisor::FixIt> fixIts, bool showFixIts) {
  std::optional<StringRef> text = lines.line(position.file, position.line);
  if (!text || position.column == 0 || position.column > text->size() + 1)
    return;
  auto column = [&](unsigned c) {
    return expandTabs(text->take_front(std::min<size_t>(c - 1, text->size())))
        .size();
  };
  std::string marks(column(position.column) + 1, ' ');
  marks.back() = '^';
  std::string inserted;
  for (const advisor::FixIt &fix : fixIts) {
    if (!showFixIts || fix.begin.line != position.line || fix.begin.column == 0)
      continue;
    size_t begin = column(fix.begin.column), end = column(fix.end.column);
    if (marks.size() < end)
      marks.resize(end, ' ');
    for (size_t c = begin; c < end; ++c)
      if (marks[c] == ' ')
        marks[c] = '~';
    if (inserted.size() < begin)
      inserted.resize(begin, ' ');
    inserted += fix.replacement;
  }
  os << format("%5u", position.line) << " | " << expandTabs(*text) << "\n";
  os << "      | " << marks << "\n";
  if (!inserted.empty())
    os << "      | " << inserted << "\n";
}

/// `fix-it:"file":{16:31-16:35}:"TILE + 1"`, as clang's
/// -fdiagnostics-parseable-fixits.
void printParseableFixIts(raw_ostream &os, ArrayRef<advisor::FixIt> fixIts) {
  for (const advisor::FixIt &fix : fixIts) {
    os << "fix-it:\"";
    os.write_escaped(fix.begin.file);
    os << "\":{" << fix.begin.line << ":" << fix.begin.column << "-"
       << fix.end.line << ":" << fix.end.column << "}:\"";
    os.write_escaped(fix.replacement);
    os << "\"\n";
  }
}

nlohmann::json fixItsJson(ArrayRef<advisor::FixIt> fixIts) {
  nlohmann::json out = nlohmann::json::array();
  for (const advisor::FixIt &fix : fixIts)
    out.push_back({{"begin", locationJson(fix.begin)},
                   {"end", locationJson(fix.end)},
                   {"replacement", fix.replacement}});
  return out;
}

} // namespace

void printFindings(raw_ostream &os, ArrayRef<advisor::Finding> findings,
                   FixItStyle fixIts) {
  SourceLines lines;
  const bool inline_ = fixIts == FixItStyle::Inline;
  for (const advisor::Finding &f : findings) {
    if (f.suppressedBy)
      continue; // Silenced in the source (NOLINT).
    os << location(f.position) << ": " << advisor::severityName(f.severity)
       << ": " << f.message << " [" << f.check << "]\n";
    printSnippet(os, lines, f.position, f.fixIts, inline_);
    if (fixIts == FixItStyle::Parseable)
      printParseableFixIts(os, f.fixIts);
    // A note without a position of its own is about the finding's.
    for (const advisor::FindingNote &note : f.notes) {
      os << location(note.position.value_or(f.position))
         << ": note: " << note.message << "\n";
      if (note.fixIts.empty() || !note.position)
        continue;
      printSnippet(os, lines, *note.position, note.fixIts, inline_);
      if (fixIts == FixItStyle::Parseable)
        printParseableFixIts(os, note.fixIts);
    }
  }
}

nlohmann::json findingsJson(ArrayRef<advisor::Finding> findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const advisor::Finding &f : findings) {
    if (f.suppressedBy)
      continue; // Silenced in the source (NOLINT).
    nlohmann::json notes = nlohmann::json::array();
    for (const advisor::FindingNote &note : f.notes)
      notes.push_back(
          {{"location", locationJson(note.position.value_or(f.position))},
           {"message", note.message},
           {"fix_its", fixItsJson(note.fixIts)}});
    out.push_back({{"check", f.check},
                   {"kernel", f.kernel},
                   {"severity", advisor::severityName(f.severity)},
                   {"location", locationJson(f.position)},
                   {"message", f.message},
                   {"exact", f.exact},
                   {"notes", std::move(notes)},
                   {"fix_its", fixItsJson(f.fixIts)}});
  }
  return out;
}

void printModelSummary(raw_ostream &os,
                       const model::CacheModelResults &results) {
  auto hitRate = [&](const model::CacheCounters &level) {
    return level.sectorReadAccesses ? percent(level.sectorHitRate())
                                    : std::string("- (no reads)");
  };
  const model::SamplingInfo &sampling = results.sampling;
  os << "  predicted: L1 sector hit rate " << hitRate(results.l1);
  if (results.l2Modelled && sampling.l2SeesEverySm())
    os << ", L2 " << hitRate(results.l2) << "; DRAM reads "
       << results.transactions.dramReadSectors << " "
       << results.execution.l2Unit();
  os << " (" << sampling.modelledBlocks << " of " << sampling.totalBlocks
     << (sampling.totalBlocks == 1 ? " block" : " blocks") << " modelled";
  if (!sampling.l2SeesEverySm())
    os << ", on " << sampling.modelledSms.size() << " of " << sampling.activeSms
       << " SMs: the L2 and DRAM figures need every SM; --cache-report models "
          "them";
  if (sampling.blocksCut == 1 && sampling.modelledBlocks == 1)
    os << "; its run was cut to what gpurd holds: the figures are of its "
          "first part";
  else if (sampling.blocksCut)
    os << "; the runs of " << sampling.blocksCut << " of them were cut to "
       << "what gpurd holds: the figures are of their first part";
  if (sampling.blocksWaiting)
    os << "; " << (sampling.modelledBlocks == 1 ? "its" : "some")
       << " threads wait for a flag no thread of the block sets, so the "
          "figures end at the wait";
  os << ")\n";
}

} // namespace gpurd

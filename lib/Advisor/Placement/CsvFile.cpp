//===- CsvFile.cpp - The CSV files placement reads ------------------------===//

#include "CsvFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"

namespace gpurd::advisor {
namespace {

std::vector<std::string> csvCells(llvm::StringRef line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  for (std::string &cell : cells)
    cell = llvm::StringRef(cell).trim().str();
  return cells;
}

} // namespace

llvm::Error csvError(const llvm::Twine &where, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (where + ": " + message).str());
}

llvm::Expected<std::vector<CsvRow>> readCsvRows(llvm::StringRef path,
                                                llvm::StringRef what) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return csvError(path, "cannot read the " + what + ": " +
                              buffer.getError().message());
  llvm::SmallVector<llvm::StringRef, 16> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  std::vector<CsvRow> rows;
  for (auto [index, raw] : llvm::enumerate(lines)) {
    llvm::StringRef line = raw.trim();
    if (line.empty() || line.starts_with("#") || line.starts_with("=="))
      continue;
    rows.push_back(
        {csvCells(line), (path + ":" + llvm::Twine(index + 1)).str()});
  }
  return rows;
}

} // namespace gpurd::advisor

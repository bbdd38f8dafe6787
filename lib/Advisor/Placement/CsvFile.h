//===- CsvFile.h - The CSV files placement reads ----------------*- C++ -*-===//
//
// `--calibrate`'s measured times and `--sample-profile`'s events: rows of
// comma-separated cells, each row with the `file:line` its errors name.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ADVISOR_PLACEMENT_CSVFILE_H
#define GPURD_LIB_ADVISOR_PLACEMENT_CSVFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gpurd::advisor {

/// One row: its cells, trimmed (a cell in double quotes may hold commas,
/// and "" in it is a quote), and where it is (`times.csv:3`).
struct CsvRow {
  std::vector<std::string> cells;
  std::string where;
};

/// The rows of \p path, leaving out blank lines, comments (`#`) and the
/// `==PROF==` lines Nsight Compute prints; \p what names the contents in
/// the error when the file cannot be read.
llvm::Expected<std::vector<CsvRow>> readCsvRows(llvm::StringRef path,
                                                llvm::StringRef what);

/// `where: message` as an error.
llvm::Error csvError(const llvm::Twine &where, const llvm::Twine &message);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_PLACEMENT_CSVFILE_H

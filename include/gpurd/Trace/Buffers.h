//===- Buffers.h - Argument buffers for emulation ---------------*- C++ -*-===//
//
// Kernels whose accesses depend on data (CSR SpMV, BFS, histogram) are
// emulated with real argument buffers. A buffer is described by
// `--buffer NAME=TYPE:COUNT:INIT`:
//
//   TYPE   int8|uint8|int16|uint16|int32|uint32|int64|uint64|float32|float64
//   COUNT  an integer expression over the kernel's scalar arguments
//          (`N+1`, `n*n`, `4096`)
//   INIT   zero | iota | random:SEED:LOW:HIGH | file:PATH (raw little-endian
//          values) | csr-rowptr:PATH | csr-colidx:PATH | csr-values:PATH
//          (the arrays of a Matrix Market file in CSR form)
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_BUFFERS_H
#define GPURD_TRACE_BUFFERS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpurd::trace {

enum class ElementType {
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float32,
  Float64
};
unsigned elementSize(ElementType type);

struct BufferSpec {
  std::string name; ///< The kernel parameter.
  ElementType type = ElementType::Float32;
  std::string countExpression;
  enum class Init { Zero, Iota, Random, File, CsrRowPtr, CsrColIdx, CsrValues };
  Init init = Init::Zero;
  uint64_t seed = 0;
  double low = 0, high = 1;
  std::string path;
};

/// Parses `NAME=TYPE:COUNT:INIT`.
llvm::Expected<BufferSpec> parseBufferSpec(llvm::StringRef text);

/// Evaluates a COUNT expression: integers, the names in \p variables,
/// + - * / % and parentheses.
llvm::Expected<uint64_t>
evaluateCount(llvm::StringRef expression,
              const std::map<std::string, int64_t> &variables);

/// Creates the bytes of a buffer (count elements of the spec's type).
llvm::Expected<std::vector<uint8_t>> materializeBuffer(const BufferSpec &spec,
                                                       uint64_t count);

/// A sparse matrix read from a Matrix Market file, in CSR form.
struct CsrMatrix {
  uint64_t rows = 0, columns = 0;
  std::vector<int64_t> rowPointers; ///< rows + 1 entries.
  std::vector<int64_t> columnIndices;
  std::vector<double> values;
};
llvm::Expected<CsrMatrix> readMatrixMarket(llvm::StringRef path);

} // namespace gpurd::trace

#endif // GPURD_TRACE_BUFFERS_H

//===- Buffers.cpp - Argument buffers for emulation -----------------------===//
//
// `--buffer NAME=TYPE:COUNT:INIT` (grammar in Buffers.h and
// docs/trace-formats.md), COUNT expressions, buffer contents and Matrix
// Market files. Every value is written little-endian; random contents come
// from std::mt19937_64 through mappings written out here (not the standard
// distributions, whose output differs between standard libraries), so the
// same spec gives the same bytes everywhere.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/Buffers.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace gpurd::trace {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Buffers larger than this are refused rather than allocated.
constexpr uint64_t MaxBufferBytes = 4ull << 30;

constexpr const char *ExpectedForm =
    "expected NAME=TYPE:COUNT:INIT, e.g. 'x=float32:n:random:1:0:1' (TYPE: "
    "int8|uint8|int16|uint16|int32|uint32|int64|uint64|float32|float64; INIT: "
    "zero|iota|random:SEED:LOW:HIGH|file:PATH|csr-rowptr:PATH|csr-colidx:PATH|"
    "csr-values:PATH)";

struct TypeName {
  const char *name;
  ElementType type;
};

constexpr TypeName TypeNames[] = {
    {"int8", ElementType::Int8},
    {"uint8", ElementType::UInt8},
    {"int16", ElementType::Int16},
    {"uint16", ElementType::UInt16},
    {"int32", ElementType::Int32},
    {"uint32", ElementType::UInt32},
    {"int64", ElementType::Int64},
    {"uint64", ElementType::UInt64},
    {"float32", ElementType::Float32},
    {"float64", ElementType::Float64},
    // C spellings, for convenience.
    {"char", ElementType::Int8},
    {"short", ElementType::Int16},
    {"int", ElementType::Int32},
    {"unsigned", ElementType::UInt32},
    {"float", ElementType::Float32},
    {"double", ElementType::Float64},
};

const char *typeName(ElementType type) {
  for (const TypeName &entry : TypeNames)
    if (entry.type == type)
      return entry.name;
  return "?";
}

bool isFloating(ElementType type) {
  return type == ElementType::Float32 || type == ElementType::Float64;
}

bool isSigned(ElementType type) {
  return type == ElementType::Int8 || type == ElementType::Int16 ||
         type == ElementType::Int32 || type == ElementType::Int64;
}

/// The range of an integer type as doubles (exact for every bound but the
/// 64-bit ones, which round outward; stores check again).
void integerRange(ElementType type, long double &low, long double &high) {
  unsigned bits = elementSize(type) * 8;
  if (isSigned(type)) {
    low = -std::ldexp(1.0L, bits - 1);
    high = std::ldexp(1.0L, bits - 1) - 1;
  } else {
    low = 0;
    high = std::ldexp(1.0L, bits) - 1;
  }
}

bool isIdentifier(llvm::StringRef text) {
  if (text.empty() || !(llvm::isAlpha(text[0]) || text[0] == '_'))
    return false;
  return llvm::all_of(text,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

//===- COUNT expressions --------------------------------------------------===//

/// Recursive-descent evaluator:
///   expr   := term (('+' | '-') term)*
///   term   := unary (('*' | '/' | '%') unary)*
///   unary  := ('+' | '-') unary | primary
///   primary:= NUMBER | NAME | '(' expr ')'
/// With \p variables null, names are accepted (syntax check only) and
/// evaluate to 1.
class CountParser {
public:
  CountParser(llvm::StringRef text,
              const std::map<std::string, int64_t> *variables)
      : text(text), variables(variables) {}

  llvm::Expected<int64_t> parse() {
    auto value = parseExpression();
    if (!value)
      return value.takeError();
    skipSpace();
    if (position != text.size())
      return syntaxError("unexpected '" + text.substr(position, 1) + "'");
    return *value;
  }

private:
  llvm::StringRef text;
  const std::map<std::string, int64_t> *variables;
  size_t position = 0;
  unsigned depth = 0;

  void skipSpace() {
    while (position < text.size() && llvm::isSpace(text[position]))
      ++position;
  }

  char peek() {
    skipSpace();
    return position < text.size() ? text[position] : '\0';
  }

  llvm::Error syntaxError(const llvm::Twine &what) {
    return makeError("invalid count expression '" + text + "' at column " +
                     llvm::Twine(position + 1) + ": " + what +
                     " (use integers, scalar argument names, + - * / % and "
                     "parentheses)");
  }

  llvm::Error overflow() {
    return makeError("count expression '" + text +
                     "' overflows 64-bit integers");
  }

  llvm::Expected<int64_t> parseExpression() {
    auto left = parseTerm();
    if (!left)
      return left.takeError();
    int64_t value = *left;
    while (peek() == '+' || peek() == '-') {
      char op = text[position++];
      auto right = parseTerm();
      if (!right)
        return right.takeError();
      if (!variables)
        continue; // syntax check only
      bool overflowed = op == '+'
                            ? __builtin_add_overflow(value, *right, &value)
                            : __builtin_sub_overflow(value, *right, &value);
      if (overflowed)
        return overflow();
    }
    return value;
  }

  llvm::Expected<int64_t> parseTerm() {
    auto left = parseUnary();
    if (!left)
      return left.takeError();
    int64_t value = *left;
    while (peek() == '*' || peek() == '/' || peek() == '%') {
      char op = text[position++];
      auto right = parseUnary();
      if (!right)
        return right.takeError();
      if (!variables)
        continue; // syntax check only
      if (op == '*') {
        if (__builtin_mul_overflow(value, *right, &value))
          return overflow();
        continue;
      }
      if (*right == 0)
        return makeError("count expression '" + text +
                         "' divides by zero; check the scalar arguments");
      if (value == std::numeric_limits<int64_t>::min() && *right == -1)
        return overflow();
      value = op == '/' ? value / *right : value % *right;
    }
    return value;
  }

  llvm::Expected<int64_t> parseUnary() {
    char c = peek();
    if (c == '+' || c == '-') {
      ++position;
      if (++depth > 200)
        return syntaxError("expression nests too deeply");
      auto operand = parseUnary();
      --depth;
      if (!operand)
        return operand.takeError();
      if (c == '+' || !variables)
        return *operand;
      if (*operand == std::numeric_limits<int64_t>::min())
        return overflow();
      return -*operand;
    }
    return parsePrimary();
  }

  llvm::Expected<int64_t> parsePrimary() {
    char c = peek();
    if (c == '(') {
      ++position;
      if (++depth > 200)
        return syntaxError("expression nests too deeply");
      auto value = parseExpression();
      --depth;
      if (!value)
        return value.takeError();
      if (peek() != ')')
        return syntaxError("expected ')'");
      ++position;
      return *value;
    }
    if (llvm::isDigit(c)) {
      size_t start = position;
      while (position < text.size() && llvm::isAlnum(text[position]))
        ++position;
      llvm::StringRef digits = text.slice(start, position);
      uint64_t value = 0;
      // getAsInteger with radix 0 accepts 0x.. (hex) as well as decimal.
      if (digits.getAsInteger(0, value) ||
          value > uint64_t(std::numeric_limits<int64_t>::max())) {
        position = start;
        return syntaxError("'" + digits + "' is not a valid integer");
      }
      return int64_t(value);
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = position;
      while (position < text.size() &&
             (llvm::isAlnum(text[position]) || text[position] == '_'))
        ++position;
      std::string name = text.slice(start, position).str();
      if (!variables)
        return 1;
      auto it = variables->find(name);
      if (it != variables->end())
        return it->second;
      std::string known;
      for (const auto &[knownName, value] : *variables)
        known += (known.empty() ? "" : ", ") + knownName;
      if (known.empty())
        known = "no scalar arguments are known (give them with " +
                userInput(UserInput::Argument, "NAME=VALUE") + ")";
      else
        known = "known names: " + known;
      return makeError("unknown name '" + name + "' in count expression '" +
                       text + "'; " + known);
    }
    if (c == '\0')
      return syntaxError("unexpected end of expression");
    return syntaxError("unexpected '" + text.substr(position, 1) + "'");
  }
};

//===- Writing values -----------------------------------------------------===//

/// Stores \p value (already known to fit) as element \p index.
void storeInteger(std::vector<uint8_t> &bytes, ElementType type, uint64_t index,
                  int64_t value) {
  uint8_t *at = bytes.data() + index * elementSize(type);
  using namespace llvm::support;
  switch (elementSize(type)) {
  case 1:
    *at = uint8_t(value);
    break;
  case 2:
    endian::write16le(at, uint16_t(value));
    break;
  case 4:
    endian::write32le(at, uint32_t(value));
    break;
  default:
    endian::write64le(at, uint64_t(value));
    break;
  }
}

void storeUnsigned(std::vector<uint8_t> &bytes, ElementType type,
                   uint64_t index, uint64_t value) {
  storeInteger(bytes, type, index, int64_t(value));
}

void storeFloating(std::vector<uint8_t> &bytes, ElementType type,
                   uint64_t index, double value) {
  uint8_t *at = bytes.data() + index * elementSize(type);
  using namespace llvm::support;
  if (type == ElementType::Float32) {
    float narrow = float(value);
    uint32_t bits;
    std::memcpy(&bits, &narrow, sizeof bits);
    endian::write32le(at, bits);
  } else {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    endian::write64le(at, bits);
  }
}

/// Stores a value read from a file (a CSR array) as element \p index,
/// converting to the element type; integers must fit.
llvm::Error storeConverted(std::vector<uint8_t> &bytes, const BufferSpec &spec,
                           uint64_t index, double value) {
  if (isFloating(spec.type)) {
    storeFloating(bytes, spec.type, index, value);
    return llvm::Error::success();
  }
  long double low, high;
  integerRange(spec.type, low, high);
  long double truncated = std::trunc((long double)value);
  if (!(truncated >= low && truncated <= high))
    return makeError(llvm::formatv("buffer '{0}': value {1} of '{2}' does not "
                                   "fit in {3}; choose a wider TYPE",
                                   spec.name, value, spec.path,
                                   typeName(spec.type))
                         .str());
  if (isSigned(spec.type))
    storeInteger(bytes, spec.type, index, int64_t(truncated));
  else
    storeUnsigned(bytes, spec.type, index, uint64_t(truncated));
  return llvm::Error::success();
}

/// A uniform integer in [0, span) from \p generator, without modulo bias
/// (rejection of the top partial range). span > 0.
uint64_t uniformBelow(std::mt19937_64 &generator, uint64_t span) {
  uint64_t limit = std::numeric_limits<uint64_t>::max() -
                   std::numeric_limits<uint64_t>::max() % span;
  uint64_t draw;
  do
    draw = generator();
  while (draw >= limit);
  return draw % span;
}

llvm::Error fillRandom(std::vector<uint8_t> &bytes, const BufferSpec &spec,
                       uint64_t count) {
  std::mt19937_64 generator(spec.seed);
  if (isFloating(spec.type)) {
    double span = spec.high - spec.low;
    for (uint64_t i = 0; i < count; ++i) {
      // 53 random bits → [0, 1), then scaled into [LOW, HIGH).
      double unit = double(generator() >> 11) * 0x1.0p-53;
      double value = spec.low + unit * span;
      if (spec.type == ElementType::Float32) {
        float narrow = float(value);
        if (narrow >= float(spec.high) || narrow < float(spec.low))
          narrow = float(spec.low);
        value = narrow;
      } else if (value >= spec.high) {
        value = spec.low;
      }
      storeFloating(bytes, spec.type, i, value);
    }
    return llvm::Error::success();
  }
  // Integers: [ceil(LOW), ceil(HIGH)), which is [LOW, HIGH) for integral
  // bounds.
  long double typeLow, typeHigh;
  integerRange(spec.type, typeLow, typeHigh);
  long double low = std::ceil((long double)spec.low);
  long double high = std::ceil((long double)spec.high);
  if (!(high > low))
    return makeError(llvm::formatv("buffer '{0}': random range [{1}, {2}) "
                                   "holds no {3} value; give LOW < HIGH",
                                   spec.name, spec.low, spec.high,
                                   typeName(spec.type))
                         .str());
  if (low < typeLow || high - 1 > typeHigh)
    return makeError(llvm::formatv("buffer '{0}': random range [{1}, {2}) "
                                   "does not fit in {3}",
                                   spec.name, spec.low, spec.high,
                                   typeName(spec.type))
                         .str());
  if (isSigned(spec.type)) {
    int64_t first = int64_t(low);
    long double lastValue = std::min(high - 1, typeHigh);
    int64_t last = lastValue >= std::ldexp(1.0L, 63)
                       ? std::numeric_limits<int64_t>::max()
                       : int64_t(lastValue);
    uint64_t span = uint64_t(last) - uint64_t(first) + 1; // 0: all 2^64
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t offset = span ? uniformBelow(generator, span) : generator();
      storeInteger(bytes, spec.type, i, int64_t(uint64_t(first) + offset));
    }
  } else {
    uint64_t first = uint64_t(low);
    long double lastValue = std::min(high - 1, typeHigh);
    uint64_t last = lastValue >= std::ldexp(1.0L, 64)
                        ? std::numeric_limits<uint64_t>::max()
                        : uint64_t(lastValue);
    uint64_t span = last - first + 1; // 0: all 2^64
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t offset = span ? uniformBelow(generator, span) : generator();
      storeUnsigned(bytes, spec.type, i, first + offset);
    }
  }
  return llvm::Error::success();
}

//===- Matrix Market ------------------------------------------------------===//

struct MatrixEntry {
  uint64_t row, column;
  double value;
};

llvm::Error matrixError(llvm::StringRef path, unsigned line,
                        const llvm::Twine &what) {
  return makeError(path + ":" + llvm::Twine(line) + ": " + what);
}

} // namespace

unsigned elementSize(ElementType type) {
  switch (type) {
  case ElementType::Int8:
  case ElementType::UInt8:
    return 1;
  case ElementType::Int16:
  case ElementType::UInt16:
    return 2;
  case ElementType::Int32:
  case ElementType::UInt32:
  case ElementType::Float32:
    return 4;
  case ElementType::Int64:
  case ElementType::UInt64:
  case ElementType::Float64:
    return 8;
  }
  return 4;
}

llvm::Expected<BufferSpec> parseBufferSpec(llvm::StringRef text) {
  auto fail = [&](const llvm::Twine &what) {
    return makeError("invalid " +
                     userInput(UserInput::Buffer, ("'" + text + "'").str()) +
                     ": " + what + "; " + ExpectedForm);
  };
  BufferSpec spec;
  auto [name, rest] = text.split('=');
  name = name.trim();
  if (rest.empty() && !text.contains('='))
    return fail("missing '='");
  // A parameter, or a member of a struct parameter (`p.vx`).
  llvm::SmallVector<llvm::StringRef, 4> parts;
  name.split(parts, '.');
  if (!llvm::all_of(parts,
                    [](llvm::StringRef part) { return isIdentifier(part); }))
    return fail("'" + name + "' is not a parameter name");
  spec.name = name.str();

  auto [typeText, afterType] = rest.split(':');
  typeText = typeText.trim();
  const TypeName *type = llvm::find_if(TypeNames, [&](const TypeName &entry) {
    return typeText.equals_insensitive(entry.name);
  });
  if (type == std::end(TypeNames))
    return fail("unknown TYPE '" + typeText + "'");
  spec.type = type->type;

  auto [countText, initText] = afterType.split(':');
  countText = countText.trim();
  if (countText.empty())
    return fail("missing COUNT");
  if (auto checked = CountParser(countText, nullptr).parse(); !checked)
    return fail(llvm::toString(checked.takeError()));
  spec.countExpression = countText.str();

  initText = initText.trim();
  auto [kind, argument] = initText.split(':');
  if (initText.empty())
    return fail("missing INIT");
  if (kind == "zero" || kind == "iota") {
    if (!argument.empty())
      return fail("INIT '" + kind + "' takes no argument");
    spec.init =
        kind == "zero" ? BufferSpec::Init::Zero : BufferSpec::Init::Iota;
    return spec;
  }
  if (kind == "random") {
    spec.init = BufferSpec::Init::Random;
    // random, random:SEED or random:SEED:LOW:HIGH.
    llvm::SmallVector<llvm::StringRef, 4> parts;
    if (!argument.empty())
      argument.split(parts, ':');
    if (parts.size() != 0 && parts.size() != 1 && parts.size() != 3)
      return fail("INIT random takes SEED or SEED:LOW:HIGH");
    if (!parts.empty() && parts[0].trim().getAsInteger(0, spec.seed))
      return fail("random SEED '" + parts[0] + "' is not an unsigned integer");
    if (parts.size() == 3) {
      if (parts[1].trim().getAsDouble(spec.low) ||
          parts[2].trim().getAsDouble(spec.high) || !std::isfinite(spec.low) ||
          !std::isfinite(spec.high))
        return fail("random LOW:HIGH '" + parts[1] + ":" + parts[2] +
                    "' are not numbers");
      if (!(spec.low < spec.high))
        return fail("random LOW must be below HIGH");
    }
    return spec;
  }
  struct PathInit {
    const char *name;
    BufferSpec::Init init;
  };
  static constexpr PathInit PathInits[] = {
      {"file", BufferSpec::Init::File},
      {"csr-rowptr", BufferSpec::Init::CsrRowPtr},
      {"csr-colidx", BufferSpec::Init::CsrColIdx},
      {"csr-values", BufferSpec::Init::CsrValues},
  };
  for (const PathInit &entry : PathInits) {
    if (kind != entry.name)
      continue;
    if (argument.empty())
      return fail("INIT '" + kind + "' needs a PATH ('" + kind + ":PATH')");
    spec.init = entry.init;
    spec.path = argument.str();
    return spec;
  }
  return fail("unknown INIT '" + kind + "'");
}

llvm::Expected<uint64_t>
evaluateCount(llvm::StringRef expression,
              const std::map<std::string, int64_t> &variables) {
  auto value = CountParser(expression.trim(), &variables).parse();
  if (!value)
    return value.takeError();
  if (*value < 0)
    return makeError("count expression '" + expression + "' is negative (" +
                     llvm::Twine(*value) + ")");
  return uint64_t(*value);
}

llvm::Expected<std::vector<uint8_t>> materializeBuffer(const BufferSpec &spec,
                                                       uint64_t count) {
  unsigned size = elementSize(spec.type);
  if (count > MaxBufferBytes / size)
    return makeError(llvm::formatv("buffer '{0}' would take {1} elements of "
                                   "{2} ({3} bytes each); the limit is {4} "
                                   "bytes, give a smaller COUNT",
                                   spec.name, count, typeName(spec.type), size,
                                   MaxBufferBytes)
                         .str());
  std::vector<uint8_t> bytes;
  switch (spec.init) {
  case BufferSpec::Init::Zero:
    bytes.assign(count * size, 0);
    return bytes;

  case BufferSpec::Init::Iota:
    bytes.assign(count * size, 0);
    for (uint64_t i = 0; i < count; ++i) {
      if (isFloating(spec.type))
        storeFloating(bytes, spec.type, i, double(i));
      else
        storeUnsigned(bytes, spec.type, i, i); // wraps modulo the type
    }
    return bytes;

  case BufferSpec::Init::Random:
    bytes.assign(count * size, 0);
    if (auto error = fillRandom(bytes, spec, count))
      return error;
    return bytes;

  case BufferSpec::Init::File: {
    auto file = llvm::MemoryBuffer::getFile(spec.path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file)
      return makeError("cannot read '" + spec.path + "' for buffer '" +
                       spec.name + "': " + file.getError().message());
    uint64_t expected = count * size;
    if ((*file)->getBufferSize() != expected)
      return makeError(
          llvm::formatv("file '{0}' for buffer '{1}' has {2} bytes, but "
                        "{3} elements of {4} need {5} bytes; fix COUNT or "
                        "the file",
                        spec.path, spec.name, (*file)->getBufferSize(), count,
                        typeName(spec.type), expected)
              .str());
    bytes.assign((*file)->getBufferStart(), (*file)->getBufferEnd());
    return bytes;
  }

  case BufferSpec::Init::CsrRowPtr:
  case BufferSpec::Init::CsrColIdx:
  case BufferSpec::Init::CsrValues: {
    auto matrix = readMatrixMarket(spec.path);
    if (!matrix)
      return matrix.takeError();
    uint64_t available = 0;
    const char *what = "";
    if (spec.init == BufferSpec::Init::CsrRowPtr) {
      available = matrix->rowPointers.size();
      what = "row pointers (rows + 1)";
    } else if (spec.init == BufferSpec::Init::CsrColIdx) {
      available = matrix->columnIndices.size();
      what = "column indices (nonzeros)";
    } else {
      available = matrix->values.size();
      what = "values (nonzeros)";
    }
    if (available != count)
      return makeError(llvm::formatv("buffer '{0}' has COUNT {1}, but '{2}' "
                                     "({3} x {4}, {5} nonzeros) has {6} {7}; "
                                     "use COUNT {6}",
                                     spec.name, count, spec.path, matrix->rows,
                                     matrix->columns,
                                     matrix->columnIndices.size(), available,
                                     what)
                           .str());
    bytes.assign(count * size, 0);
    for (uint64_t i = 0; i < count; ++i) {
      double value = spec.init == BufferSpec::Init::CsrRowPtr
                         ? double(matrix->rowPointers[i])
                     : spec.init == BufferSpec::Init::CsrColIdx
                         ? double(matrix->columnIndices[i])
                         : matrix->values[i];
      if (auto error = storeConverted(bytes, spec, i, value))
        return error;
    }
    return bytes;
  }
  }
  return bytes;
}

llvm::Expected<CsrMatrix> readMatrixMarket(llvm::StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return makeError("cannot read matrix file '" + path +
                     "': " + file.getError().message());
  llvm::StringRef content = (*file)->getBuffer();

  enum class Field { Real, Integer, Pattern } field = Field::Real;
  enum class Symmetry {
    General,
    Symmetric,
    SkewSymmetric
  } symmetry = Symmetry::General;
  bool sawBanner = false, sawSize = false;
  uint64_t rows = 0, columns = 0, declared = 0;
  std::vector<MatrixEntry> entries;
  uint64_t read = 0;
  unsigned lineNumber = 0;

  while (!content.empty()) {
    auto [line, rest] = content.split('\n');
    content = rest;
    ++lineNumber;
    line = line.trim();
    if (!sawBanner) {
      llvm::SmallVector<llvm::StringRef, 5> words;
      line.split(words, ' ', -1, /*KeepEmpty=*/false);
      if (words.size() != 5 || !words[0].equals_insensitive("%%MatrixMarket"))
        return matrixError(path, lineNumber,
                           "not a Matrix Market file: expected "
                           "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
      if (!words[1].equals_insensitive("matrix") ||
          !words[2].equals_insensitive("coordinate"))
        return matrixError(path, lineNumber,
                           "only 'matrix coordinate' files are supported, "
                           "not '" +
                               words[1] + " " + words[2] + "'");
      if (words[3].equals_insensitive("real") ||
          words[3].equals_insensitive("double"))
        field = Field::Real;
      else if (words[3].equals_insensitive("integer"))
        field = Field::Integer;
      else if (words[3].equals_insensitive("pattern"))
        field = Field::Pattern;
      else
        return matrixError(path, lineNumber,
                           "field '" + words[3] +
                               "' is not supported (use real, integer or "
                               "pattern)");
      if (words[4].equals_insensitive("general"))
        symmetry = Symmetry::General;
      else if (words[4].equals_insensitive("symmetric"))
        symmetry = Symmetry::Symmetric;
      else if (words[4].equals_insensitive("skew-symmetric"))
        symmetry = Symmetry::SkewSymmetric;
      else
        return matrixError(path, lineNumber,
                           "symmetry '" + words[4] +
                               "' is not supported (use general, symmetric "
                               "or skew-symmetric)");
      sawBanner = true;
      continue;
    }
    if (line.empty() || line.starts_with("%"))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> words;
    line.split(words, ' ', -1, /*KeepEmpty=*/false);
    // Tabs separate fields too.
    if (line.contains('\t')) {
      words.clear();
      llvm::SmallVector<llvm::StringRef, 8> pieces;
      line.split(pieces, ' ', -1, false);
      for (llvm::StringRef piece : pieces) {
        llvm::SmallVector<llvm::StringRef, 4> tabbed;
        piece.split(tabbed, '\t', -1, false);
        words.append(tabbed.begin(), tabbed.end());
      }
    }
    if (!sawSize) {
      if (words.size() != 3 || words[0].getAsInteger(10, rows) ||
          words[1].getAsInteger(10, columns) ||
          words[2].getAsInteger(10, declared))
        return matrixError(path, lineNumber,
                           "expected the size line 'ROWS COLUMNS NONZEROS'");
      if (rows > (uint64_t(1) << 31) || columns > (uint64_t(1) << 31))
        return matrixError(path, lineNumber,
                           "the matrix is too large (" + llvm::Twine(rows) +
                               " x " + llvm::Twine(columns) + ")");
      if (declared > (uint64_t(1) << 31))
        return matrixError(path, lineNumber,
                           "too many nonzeros (" + llvm::Twine(declared) + ")");
      entries.reserve(symmetry == Symmetry::General ? declared : 2 * declared);
      sawSize = true;
      continue;
    }
    if (read == declared)
      return matrixError(path, lineNumber,
                         "more entries than the " + llvm::Twine(declared) +
                             " the size line declares");
    size_t expectedWords = field == Field::Pattern ? 2 : 3;
    if (words.size() != expectedWords)
      return matrixError(path, lineNumber,
                         field == Field::Pattern
                             ? "expected an entry 'ROW COLUMN'"
                             : "expected an entry 'ROW COLUMN VALUE'");
    MatrixEntry entry{0, 0, 1.0};
    if (words[0].getAsInteger(10, entry.row) ||
        words[1].getAsInteger(10, entry.column))
      return matrixError(path, lineNumber,
                         "row and column must be positive integers");
    if (entry.row < 1 || entry.row > rows)
      return matrixError(
          path, lineNumber,
          llvm::formatv("row {0} is outside 1..{1}", entry.row, rows).str());
    if (entry.column < 1 || entry.column > columns)
      return matrixError(
          path, lineNumber,
          llvm::formatv("column {0} is outside 1..{1}", entry.column, columns)
              .str());
    if (field == Field::Integer) {
      int64_t integer;
      if (words[2].getAsInteger(10, integer))
        return matrixError(path, lineNumber,
                           "value '" + words[2] + "' is not an integer");
      entry.value = double(integer);
    } else if (field == Field::Real) {
      if (words[2].getAsDouble(entry.value))
        return matrixError(path, lineNumber,
                           "value '" + words[2] + "' is not a number");
    }
    --entry.row;
    --entry.column;
    entries.push_back(entry);
    if (symmetry != Symmetry::General && entry.row != entry.column)
      entries.push_back(
          {entry.column, entry.row,
           symmetry == Symmetry::SkewSymmetric ? -entry.value : entry.value});
    ++read;
  }
  if (!sawBanner)
    return makeError("'" + path + "' is empty, not a Matrix Market file");
  if (!sawSize)
    return matrixError(path, lineNumber, "missing the size line");
  if (read != declared)
    return matrixError(path, lineNumber,
                       llvm::formatv("the size line declares {0} entries but "
                                     "the file has {1}",
                                     declared, read)
                           .str());

  std::stable_sort(entries.begin(), entries.end(),
                   [](const MatrixEntry &a, const MatrixEntry &b) {
                     return a.row != b.row ? a.row < b.row
                                           : a.column < b.column;
                   });
  CsrMatrix matrix;
  matrix.rows = rows;
  matrix.columns = columns;
  matrix.rowPointers.assign(rows + 1, 0);
  matrix.columnIndices.reserve(entries.size());
  matrix.values.reserve(entries.size());
  for (const MatrixEntry &entry : entries) {
    ++matrix.rowPointers[entry.row + 1];
    matrix.columnIndices.push_back(int64_t(entry.column));
    matrix.values.push_back(entry.value);
  }
  for (uint64_t row = 0; row < rows; ++row)
    matrix.rowPointers[row + 1] += matrix.rowPointers[row];
  return matrix;
}

} // namespace gpurd::trace

//===- BuffersTest.cpp - --buffer specs, COUNT, contents, Matrix Market ---===//

#include "gpurd/Trace/Buffers.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>

using namespace gpurd::trace;

namespace {

std::string matrixPath(llvm::StringRef name) {
  // GPURD_SOURCE_DIR, not __FILE__: a compiler launcher may make the
  // latter relative to the build directory.
  llvm::SmallString<256> path(GPURD_SOURCE_DIR);
  llvm::sys::path::append(path, "test", "Inputs", "matrices", name);
  return path.str().str();
}

/// A file with \p content in a fresh temporary location; removed on
/// destruction.
class TemporaryFile {
public:
  TemporaryFile(llvm::StringRef suffix, llvm::StringRef content) {
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("gpurd-buffers", suffix, fd, path));
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << content;
  }
  ~TemporaryFile() { llvm::sys::fs::remove(path); }
  std::string str() const { return path.str().str(); }

private:
  llvm::SmallString<128> path;
};

template <typename T> std::string errorOf(llvm::Expected<T> value) {
  if (value)
    return "";
  return llvm::toString(value.takeError());
}

BufferSpec parsed(llvm::StringRef text) {
  auto spec = parseBufferSpec(text);
  if (!spec) {
    ADD_FAILURE() << llvm::toString(spec.takeError());
    return {};
  }
  return *spec;
}

std::vector<uint8_t> materialized(const BufferSpec &spec, uint64_t count) {
  auto bytes = materializeBuffer(spec, count);
  if (!bytes) {
    ADD_FAILURE() << llvm::toString(bytes.takeError());
    return {};
  }
  return *bytes;
}

int32_t int32At(const std::vector<uint8_t> &bytes, size_t i) {
  return int32_t(llvm::support::endian::read32le(bytes.data() + 4 * i));
}

float float32At(const std::vector<uint8_t> &bytes, size_t i) {
  uint32_t bits = llvm::support::endian::read32le(bytes.data() + 4 * i);
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

double float64At(const std::vector<uint8_t> &bytes, size_t i) {
  uint64_t bits = llvm::support::endian::read64le(bytes.data() + 8 * i);
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

//===- parseBufferSpec ----------------------------------------------------===//

TEST(BufferSpec, ParsesEveryInit) {
  BufferSpec zero = parsed("x=float32:n:zero");
  EXPECT_EQ(zero.name, "x");
  EXPECT_EQ(zero.type, ElementType::Float32);
  EXPECT_EQ(zero.countExpression, "n");
  EXPECT_EQ(zero.init, BufferSpec::Init::Zero);

  BufferSpec iota = parsed("idx=uint16:(N + 1) * 2:iota");
  EXPECT_EQ(iota.type, ElementType::UInt16);
  EXPECT_EQ(iota.countExpression, "(N + 1) * 2");
  EXPECT_EQ(iota.init, BufferSpec::Init::Iota);

  BufferSpec random = parsed("y=float64:4096:random:7:-1.5:2.5");
  EXPECT_EQ(random.init, BufferSpec::Init::Random);
  EXPECT_EQ(random.seed, 7u);
  EXPECT_EQ(random.low, -1.5);
  EXPECT_EQ(random.high, 2.5);

  BufferSpec seedOnly = parsed("y=int32:8:random:9");
  EXPECT_EQ(seedOnly.seed, 9u);
  EXPECT_EQ(seedOnly.low, 0);
  EXPECT_EQ(seedOnly.high, 1);

  // A PATH keeps its own colons.
  BufferSpec file = parsed("w=int64:n*n:file:C:/data/w.bin");
  EXPECT_EQ(file.init, BufferSpec::Init::File);
  EXPECT_EQ(file.path, "C:/data/w.bin");

  EXPECT_EQ(parsed("rp=int32:N+1:csr-rowptr:m.mtx").init,
            BufferSpec::Init::CsrRowPtr);
  EXPECT_EQ(parsed("ci=int32:nnz:csr-colidx:m.mtx").init,
            BufferSpec::Init::CsrColIdx);
  BufferSpec values = parsed("v=float:nnz:csr-values:m.mtx");
  EXPECT_EQ(values.init, BufferSpec::Init::CsrValues);
  EXPECT_EQ(values.type, ElementType::Float32); // C spelling
  EXPECT_EQ(values.path, "m.mtx");
}

TEST(BufferSpec, EveryTypeHasItsSize) {
  const std::pair<const char *, unsigned> types[] = {
      {"int8", 1},    {"uint8", 1},  {"int16", 2}, {"uint16", 2},
      {"int32", 4},   {"uint32", 4}, {"int64", 8}, {"uint64", 8},
      {"float32", 4}, {"float64", 8}};
  for (auto [name, size] : types) {
    BufferSpec spec = parsed(std::string("b=") + name + ":1:zero");
    EXPECT_EQ(elementSize(spec.type), size) << name;
  }
}

TEST(BufferSpec, ErrorsNameTheOptionAndTheExpectedForm) {
  const std::pair<const char *, const char *> bad[] = {
      {"x", "missing '='"},
      {"1x=float32:n:zero", "'1x' is not a parameter name"},
      {"x=float16:n:zero", "unknown TYPE 'float16'"},
      {"x=float32::zero", "missing COUNT"},
      {"x=float32:n+:zero", "unexpected end of expression"},
      {"x=float32:n", "missing INIT"},
      {"x=float32:n:ones", "unknown INIT 'ones'"},
      {"x=float32:n:zero:1", "INIT 'zero' takes no argument"},
      {"x=float32:n:random:1:2", "INIT random takes SEED or SEED:LOW:HIGH"},
      {"x=float32:n:random:one", "random SEED 'one'"},
      {"x=float32:n:random:1:2:1", "random LOW must be below HIGH"},
      {"x=float32:n:random:1:a:b", "are not numbers"},
      {"x=float32:n:file", "needs a PATH"},
      {"x=float32:n:csr-rowptr:", "needs a PATH"},
  };
  for (auto [text, what] : bad) {
    std::string message = errorOf(parseBufferSpec(text));
    EXPECT_NE(
        message.find(std::string("invalid {{input:buffer '") + text + "'}}"),
        std::string::npos)
        << message;
    EXPECT_NE(message.find(what), std::string::npos) << message;
    EXPECT_NE(message.find("expected NAME=TYPE:COUNT:INIT"), std::string::npos)
        << message;
  }
}

//===- evaluateCount ------------------------------------------------------===//

TEST(EvaluateCount, ArithmeticAndPrecedence) {
  std::map<std::string, int64_t> vars{{"N", 4096}, {"n", 7}, {"nnz", 11}};
  auto eval = [&](llvm::StringRef text) -> uint64_t {
    auto value = evaluateCount(text, vars);
    if (!value) {
      ADD_FAILURE() << llvm::toString(value.takeError());
      return ~uint64_t(0);
    }
    return *value;
  };
  EXPECT_EQ(eval("4096"), 4096u);
  EXPECT_EQ(eval("N+1"), 4097u);
  EXPECT_EQ(eval("n*n"), 49u);
  EXPECT_EQ(eval("2 + 3 * 4"), 14u);
  EXPECT_EQ(eval("(2 + 3) * 4"), 20u);
  EXPECT_EQ(eval("N / n"), 585u); // truncating division
  EXPECT_EQ(eval("N % n"), 1u);
  EXPECT_EQ(eval("N - n - 1"), 4088u); // left associative
  EXPECT_EQ(eval("N / 4 / 2"), 512u);
  EXPECT_EQ(eval("-(2 - 5)"), 3u);
  EXPECT_EQ(eval("--3"), 3u);
  EXPECT_EQ(eval("0x10 + nnz"), 27u);
  EXPECT_EQ(eval(" ( ( n ) ) "), 7u);
}

TEST(EvaluateCount, Errors) {
  std::map<std::string, int64_t> vars{{"N", 8}, {"zero", 0}};
  std::string unknown = errorOf(evaluateCount("M+1", vars));
  EXPECT_NE(unknown.find("unknown name 'M' in count expression 'M+1'"),
            std::string::npos)
      << unknown;
  EXPECT_NE(unknown.find("known names: N, zero"), std::string::npos) << unknown;

  std::string none = errorOf(evaluateCount("M", {}));
  EXPECT_NE(none.find("no scalar arguments are known"), std::string::npos)
      << none;

  std::string division = errorOf(evaluateCount("N / zero", vars));
  EXPECT_NE(division.find("'N / zero' divides by zero"), std::string::npos)
      << division;
  EXPECT_NE(errorOf(evaluateCount("N % (N - 8)", vars)).find("divides by zero"),
            std::string::npos);

  std::string negative = errorOf(evaluateCount("N - 10", vars));
  EXPECT_NE(negative.find("is negative (-2)"), std::string::npos) << negative;

  std::string overflow =
      errorOf(evaluateCount("9223372036854775807 + 1", vars));
  EXPECT_NE(overflow.find("overflows"), std::string::npos) << overflow;

  for (const char *text : {"N +", "(N", "N)", "N $ 2", "", "12abc"}) {
    std::string syntax = errorOf(evaluateCount(text, vars));
    EXPECT_NE(syntax.find("invalid count expression"), std::string::npos)
        << text << ": " << syntax;
  }
}

//===- materializeBuffer --------------------------------------------------===//

TEST(MaterializeBuffer, ZeroAndIota) {
  EXPECT_EQ(materialized(parsed("z=int16:3:zero"), 3),
            std::vector<uint8_t>(6, 0));

  std::vector<uint8_t> ints = materialized(parsed("i=int32:4:iota"), 4);
  EXPECT_EQ(ints, (std::vector<uint8_t>{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3,
                                        0, 0, 0}));

  std::vector<uint8_t> floats = materialized(parsed("f=float32:3:iota"), 3);
  ASSERT_EQ(floats.size(), 12u);
  EXPECT_EQ(float32At(floats, 0), 0.0f);
  EXPECT_EQ(float32At(floats, 2), 2.0f);
  EXPECT_EQ(float64At(materialized(parsed("d=float64:5:iota"), 5), 4), 4.0);

  // iota wraps modulo the element type.
  std::vector<uint8_t> bytes = materialized(parsed("b=uint8:300:iota"), 300);
  EXPECT_EQ(bytes[255], 255);
  EXPECT_EQ(bytes[256], 0);
  EXPECT_EQ(bytes[299], 43);

  EXPECT_TRUE(materialized(parsed("e=float32:0:iota"), 0).empty());
}

TEST(MaterializeBuffer, RandomIsDeterministicAndInRange) {
  BufferSpec spec = parsed("r=float64:1000:random:42:-2:3");
  std::vector<uint8_t> first = materialized(spec, 1000);
  EXPECT_EQ(first, materialized(spec, 1000));
  EXPECT_NE(first, materialized(parsed("r=float64:1000:random:43:-2:3"), 1000));
  for (size_t i = 0; i < 1000; ++i) {
    double value = float64At(first, i);
    EXPECT_GE(value, -2.0);
    EXPECT_LT(value, 3.0);
  }
  // The documented mapping: 53 high bits of std::mt19937_64(SEED), scaled.
  std::mt19937_64 generator(42);
  double expected = -2.0 + double(generator() >> 11) * 0x1.0p-53 * 5.0;
  EXPECT_EQ(float64At(first, 0), expected);

  std::vector<uint8_t> floats =
      materialized(parsed("r=float32:64:random:1:10:11"), 64);
  for (size_t i = 0; i < 64; ++i) {
    EXPECT_GE(float32At(floats, i), 10.0f);
    EXPECT_LT(float32At(floats, i), 11.0f);
  }
}

TEST(MaterializeBuffer, RandomIntegersAreInHalfOpenRange) {
  std::vector<uint8_t> ints =
      materialized(parsed("r=int32:2000:random:5:-1:3"), 2000);
  std::set<int32_t> seen;
  for (size_t i = 0; i < 2000; ++i)
    seen.insert(int32At(ints, i));
  EXPECT_EQ(seen, (std::set<int32_t>{-1, 0, 1, 2}));

  // Same seed, same values whatever the element width.
  std::vector<uint8_t> narrow =
      materialized(parsed("r=int8:16:random:5:-1:3"), 16);
  for (size_t i = 0; i < 16; ++i)
    EXPECT_EQ(int8_t(narrow[i]), int32At(ints, i));

  std::string tooWide =
      errorOf(materializeBuffer(parsed("r=uint8:4:random:1:0:300"), 4));
  EXPECT_NE(tooWide.find("does not fit in uint8"), std::string::npos)
      << tooWide;
  std::string empty =
      errorOf(materializeBuffer(parsed("r=int32:4:random:1:0.2:0.7"), 4));
  EXPECT_NE(empty.find("holds no int32 value"), std::string::npos) << empty;
}

TEST(MaterializeBuffer, RawFile) {
  TemporaryFile file(".bin",
                     llvm::StringRef("\x01\x00\x00\x00\x02\x00\x00\x00", 8));
  BufferSpec spec = parsed("f=int32:2:file:" + file.str());
  EXPECT_EQ(materialized(spec, 2),
            (std::vector<uint8_t>{1, 0, 0, 0, 2, 0, 0, 0}));

  std::string wrong = errorOf(materializeBuffer(spec, 3));
  EXPECT_NE(wrong.find("'" + file.str() +
                       "' for buffer 'f' has 8 bytes, but "
                       "3 elements of int32 need 12 bytes"),
            std::string::npos)
      << wrong;

  std::string missing =
      errorOf(materializeBuffer(parsed("f=int32:2:file:/no/such/file"), 2));
  EXPECT_NE(missing.find("cannot read '/no/such/file' for buffer 'f'"),
            std::string::npos)
      << missing;
}

TEST(MaterializeBuffer, CsrArrays) {
  std::string path = matrixPath("general-4x4.mtx");
  std::vector<uint8_t> rowptr =
      materialized(parsed("rp=int32:5:csr-rowptr:" + path), 5);
  std::vector<int32_t> rows;
  for (size_t i = 0; i < 5; ++i)
    rows.push_back(int32At(rowptr, i));
  EXPECT_EQ(rows, (std::vector<int32_t>{0, 2, 3, 5, 6}));

  std::vector<uint8_t> colidx =
      materialized(parsed("ci=int64:6:csr-colidx:" + path), 6);
  EXPECT_EQ(llvm::support::endian::read64le(colidx.data() + 8 * 1), 3u);

  std::vector<uint8_t> values =
      materialized(parsed("v=float32:6:csr-values:" + path), 6);
  std::vector<float> got;
  for (size_t i = 0; i < 6; ++i)
    got.push_back(float32At(values, i));
  EXPECT_EQ(got, (std::vector<float>{1, 2, 3, 5, -4, 6.5}));

  std::string count =
      errorOf(materializeBuffer(parsed("rp=int32:N:csr-rowptr:" + path), 4));
  EXPECT_NE(count.find("buffer 'rp' has COUNT 4, but '" + path +
                       "' (4 x 4, 6 nonzeros) has 5 row pointers (rows + 1); "
                       "use COUNT 5"),
            std::string::npos)
      << count;

  std::string narrow =
      errorOf(materializeBuffer(parsed("v=uint8:6:csr-values:" + path), 6));
  EXPECT_NE(narrow.find("value -4"), std::string::npos) << narrow;
}

TEST(MaterializeBuffer, RefusesHugeBuffers) {
  std::string message =
      errorOf(materializeBuffer(parsed("h=float64:n:zero"), 1ull << 40));
  EXPECT_NE(message.find("buffer 'h' would take"), std::string::npos)
      << message;
}

//===- readMatrixMarket ---------------------------------------------------===//

TEST(MatrixMarket, GeneralEntriesAreSortedByRowThenColumn) {
  auto matrix = readMatrixMarket(matrixPath("general-4x4.mtx"));
  ASSERT_TRUE(bool(matrix)) << llvm::toString(matrix.takeError());
  EXPECT_EQ(matrix->rows, 4u);
  EXPECT_EQ(matrix->columns, 4u);
  EXPECT_EQ(matrix->rowPointers, (std::vector<int64_t>{0, 2, 3, 5, 6}));
  EXPECT_EQ(matrix->columnIndices, (std::vector<int64_t>{0, 3, 1, 0, 2, 2}));
  EXPECT_EQ(matrix->values, (std::vector<double>{1, 2, 3, 5, -4, 6.5}));
}

TEST(MatrixMarket, SymmetricIsExpanded) {
  auto matrix = readMatrixMarket(matrixPath("symmetric-3x3.mtx"));
  ASSERT_TRUE(bool(matrix)) << llvm::toString(matrix.takeError());
  EXPECT_EQ(matrix->rowPointers, (std::vector<int64_t>{0, 2, 4, 6}));
  EXPECT_EQ(matrix->columnIndices, (std::vector<int64_t>{0, 1, 0, 2, 1, 2}));
  EXPECT_EQ(matrix->values, (std::vector<double>{2, -1, -1, -1, -1, 2}));
}

TEST(MatrixMarket, PatternAndInteger) {
  auto pattern = readMatrixMarket(matrixPath("pattern-3x4.mtx"));
  ASSERT_TRUE(bool(pattern)) << llvm::toString(pattern.takeError());
  EXPECT_EQ(pattern->columns, 4u);
  EXPECT_EQ(pattern->rowPointers, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(pattern->columnIndices, (std::vector<int64_t>{1, 3, 0}));
  EXPECT_EQ(pattern->values, (std::vector<double>{1, 1, 1}));

  auto integer = readMatrixMarket(matrixPath("integer-2x3.mtx"));
  ASSERT_TRUE(bool(integer)) << llvm::toString(integer.takeError());
  EXPECT_EQ(integer->rowPointers, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(integer->columnIndices, (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(integer->values, (std::vector<double>{-3, 7}));
}

TEST(MatrixMarket, SkewSymmetricNegatesTheMirror) {
  TemporaryFile file(".mtx", "%%MatrixMarket matrix coordinate real "
                             "skew-symmetric\n2 2 1\n2 1 4\n");
  auto matrix = readMatrixMarket(file.str());
  ASSERT_TRUE(bool(matrix)) << llvm::toString(matrix.takeError());
  EXPECT_EQ(matrix->columnIndices, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(matrix->values, (std::vector<double>{-4, 4}));
}

TEST(MatrixMarket, ErrorsNameTheFileAndLine) {
  const std::pair<const char *, const char *> bad[] = {
      {"", "is empty, not a Matrix Market file"},
      {"1 1 1\n", ":1: not a Matrix Market file"},
      {"%%MatrixMarket matrix array real general\n2 2\n",
       ":1: only 'matrix coordinate' files are supported"},
      {"%%MatrixMarket matrix coordinate complex general\n",
       ":1: field 'complex' is not supported"},
      {"%%MatrixMarket matrix coordinate real hermitian\n",
       ":1: symmetry 'hermitian' is not supported"},
      {"%%MatrixMarket matrix coordinate real general\n% c\n2 2\n",
       ":3: expected the size line 'ROWS COLUMNS NONZEROS'"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n",
       ":3: row 3 is outside 1..2"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 0 1.0\n",
       ":3: column 0 is outside 1..2"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 x\n",
       ":3: value 'x' is not a number"},
      {"%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n",
       ":3: value '1.5' is not an integer"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n",
       ":3: expected an entry 'ROW COLUMN VALUE'"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n",
       "the size line declares 2 entries but the file has 1"},
      {"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n"
       "2 2 1\n",
       ":4: more entries than the 1 the size line declares"},
  };
  for (auto [content, what] : bad) {
    TemporaryFile file(".mtx", content);
    std::string message = errorOf(readMatrixMarket(file.str()));
    EXPECT_NE(message.find(file.str()), std::string::npos) << message;
    EXPECT_NE(message.find(what), std::string::npos)
        << "content:\n"
        << content << "\nmessage: " << message;
  }
  std::string missing = errorOf(readMatrixMarket("/no/such/matrix.mtx"));
  EXPECT_NE(missing.find("cannot read matrix file '/no/such/matrix.mtx'"),
            std::string::npos)
      << missing;
}

} // namespace

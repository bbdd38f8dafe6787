//===- IndexContentsTest.cpp - Random indices for index arrays ------------===//
//
// The address decomposition that finds an index and its scale
// (IndexContents.h), the ranges the default buffers' plan draws indices
// from, and what stays refused.
//
//===----------------------------------------------------------------------===//

#include "KernelFixture.h"

#include "gpurd/Trace/IndexContents.h"
#include "gpurd/Trace/TraceSource.h"

#include <set>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

#define ASSERT_OK(value)                                                       \
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError())

/// The index terms of the sites of array \p array (std::nullopt for a site
/// that is no simple index).
std::vector<std::optional<IndexTerm>>
termsOf(const test::CompiledKernel &compiled, llvm::StringRef array) {
  std::vector<std::optional<IndexTerm>> terms;
  for (const access::AccessSite &site : compiled.model.sites)
    if (site.array >= 0 && compiled.model.arrays[site.array].name == array &&
        site.kind != AccessKind::Barrier)
      terms.push_back(
          findIndexTerm(*compiled.prepared.siteInstructions[site.id]));
  return terms;
}

llvm::Expected<std::unique_ptr<WarpTraceSource>>
emulate(const test::CompiledKernel &compiled, bool assume,
        std::shared_ptr<const DefaultBufferReport> *report = nullptr) {
  TraceSourceRequest request;
  request.kind = TraceSourceKind::Emulate;
  request.launch.grid = {1, 1, 1};
  request.launch.block = {32, 1, 1};
  request.assumeIndexContents = assume;
  request.indexSeed = 5;
  return createTraceSource(compiled.prepared, compiled.model, *compiled.kernel,
                           request, report);
}

TEST(IndexContents, RowsOfAnEmbeddingTable) {
  // idx[r] * 32 + c, a float each: the loaded value moves the address in
  // steps of 128 bytes; the loop's c adds what derives from no load.
  const char *code = R"(
__global__ void embed(const float *table, const int *idx, float *out) {
  int r = threadIdx.x;
  int row = idx[r];
  for (int c = 0; c < 32; ++c)
    out[r * 32 + c] = table[row * 32 + c];
})";
  auto compiled = test::compileKernel(code, "embed", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto terms = termsOf(**compiled, "table");
  ASSERT_EQ(terms.size(), 1u);
  ASSERT_TRUE(terms[0].has_value());
  EXPECT_EQ(terms[0]->scale, 128u);
  EXPECT_FALSE(terms[0]->isUnsigned);
  const llvm::Function &function = *(*compiled)->prepared.function;
  EXPECT_EQ(terms[0]->base, function.getArg(0));
  EXPECT_EQ(terms[0]->indexArray, function.getArg(1));
  // out's address derives from no load: no index term.
  auto outTerms = termsOf(**compiled, "out");
  ASSERT_EQ(outTerms.size(), 1u);
  EXPECT_FALSE(outTerms[0].has_value());
}

TEST(IndexContents, BytesAreUnsignedBins) {
  const char *code = R"(
__global__ void hist(const unsigned char *data, unsigned *bins) {
  atomicAdd(&bins[data[threadIdx.x]], 1u);
})";
  auto compiled = test::compileKernel(code, "hist", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto terms = termsOf(**compiled, "bins");
  ASSERT_EQ(terms.size(), 1u);
  ASSERT_TRUE(terms[0].has_value());
  EXPECT_EQ(terms[0]->scale, 4u);
  EXPECT_TRUE(terms[0]->isUnsigned);
  EXPECT_EQ(terms[0]->load->getType()->getIntegerBitWidth(), 8u);
}

TEST(IndexContents, WhatCannotBeInvertedIsNoIndex) {
  // A square, a mask, a difference, an index read through an index, a
  // pointer read from memory.
  const char *code = R"(
__global__ void k(const float *x, const int *idx, const float *const *rows,
                  float *out, int n) {
  int i = threadIdx.x;
  float s = x[idx[i] * idx[i]];
  s += x[idx[i] & 7];
  s += x[n - idx[i]];
  s += x[idx[idx[i]]];
  s += rows[i][0];
  out[i] = s;
})";
  auto compiled =
      test::compileKernel(code, "k", {1, 1, 1}, {32, 1, 1}, {{4, 64}});
  ASSERT_OK(compiled);
  unsigned seen = 0;
  for (const access::AccessSite &site : (*compiled)->model.sites) {
    // The loads of idx (idx[idx[i]] is a simple index into idx itself), of
    // rows[i] and the store of out are not the cases.
    llvm::StringRef text = site.sourceText;
    if (site.kind == AccessKind::Barrier ||
        !(text.starts_with("x[") || text == "rows[i]"))
      continue;
    ++seen;
    EXPECT_FALSE(findIndexTerm(*(*compiled)->prepared.siteInstructions[site.id])
                     .has_value())
        << site.sourceText;
  }
  EXPECT_EQ(seen, 6u); // four of x, rows[i] and what it points to
}

TEST(IndexContents, RangeFromAFixedSizeArray) {
  // table holds 1024 floats: indices in [0, 1024), as many as the launch
  // reads of idx (32), seeded with the request's seed plus idx's position.
  const char *code = R"(
__device__ float table[1024];
__global__ void gather(const int *idx, float *out) {
  out[threadIdx.x] = table[idx[threadIdx.x]];
})";
  auto compiled = test::compileKernel(code, "gather", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  // Without the assumption: today's refusal.
  auto refused = emulate(**compiled, /*assume=*/false);
  ASSERT_FALSE(static_cast<bool>(refused));
  EXPECT_NE(llvm::toString(refused.takeError()).find("zeros would decide"),
            std::string::npos);

  std::shared_ptr<const DefaultBufferReport> report;
  auto source = emulate(**compiled, /*assume=*/true, &report);
  ASSERT_OK(source);
  ASSERT_TRUE(report);
  const DefaultBuffer *idx = nullptr;
  for (const DefaultBuffer &buffer : report->buffers)
    if (buffer.name == "idx")
      idx = &buffer;
  ASSERT_NE(idx, nullptr);
  ASSERT_TRUE(idx->indices.has_value());
  EXPECT_EQ(idx->indices->high, 1024u);
  EXPECT_EQ(idx->indices->count, 32u);
  EXPECT_EQ(idx->indices->elementBytes, 4u);
  EXPECT_EQ(idx->indices->seed, 5u);
  EXPECT_NE(idx->indices->basis.find("within its 4096 bytes"),
            std::string::npos)
      << idx->indices->basis;
  // The other buffer keeps zeros.
  for (const DefaultBuffer &buffer : report->buffers) {
    if (buffer.name == "out") {
      EXPECT_FALSE(buffer.indices.has_value());
    }
  }
}

TEST(IndexContents, RowPointersStayRefused) {
  // rowPtr decides the loop's bounds: no random contents for it.
  const char *code = R"(
__global__ void spmv(const int *rowPtr, const int *colIdx, const float *x,
                     float *y) {
  int row = threadIdx.x;
  float sum = 0;
  for (int j = rowPtr[row]; j < rowPtr[row + 1]; ++j)
    sum += x[colIdx[j]];
  y[row] = sum;
})";
  auto compiled = test::compileKernel(code, "spmv", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto source = emulate(**compiled, /*assume=*/true);
  ASSERT_FALSE(static_cast<bool>(source));
  std::string message = llvm::toString(source.takeError());
  EXPECT_NE(message.find("depend on the contents of 'rowPtr'"),
            std::string::npos)
      << message;
}

TEST(IndexContents, ValuesThatBoundALoopStayRefused) {
  // len[i] is a simple index, but it also bounds the loop: random values
  // would invent the trip counts.
  const char *code = R"(
__global__ void counted(const float *x, const int *len, float *out) {
  int i = threadIdx.x;
  float s = 0;
  for (int k = 0; k < len[i]; ++k)
    s += x[len[i] + k];
  out[i] = s;
})";
  auto compiled = test::compileKernel(code, "counted", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto terms = termsOf(**compiled, "x");
  ASSERT_EQ(terms.size(), 1u);
  EXPECT_TRUE(terms[0].has_value()); // the address alone would do
  auto source = emulate(**compiled, /*assume=*/true);
  ASSERT_FALSE(static_cast<bool>(source));
  EXPECT_NE(llvm::toString(source.takeError()).find("contents of 'len'"),
            std::string::npos);
}

TEST(IndexContents, RandomBytesAreDeterministicUniformIndices) {
  RandomIndices indices;
  indices.elementBytes = 2;
  indices.count = 1000;
  indices.high = 7;
  indices.seed = 3;
  std::vector<uint8_t> bytes = randomIndexBytes(indices);
  ASSERT_EQ(bytes.size(), 2000u);
  EXPECT_EQ(bytes, randomIndexBytes(indices));
  std::set<unsigned> values;
  for (size_t i = 0; i < bytes.size(); i += 2)
    values.insert(bytes[i] | bytes[i + 1] << 8);
  EXPECT_EQ(values, std::set<unsigned>({0, 1, 2, 3, 4, 5, 6}));
  indices.seed = 4;
  EXPECT_NE(bytes, randomIndexBytes(indices));

  EXPECT_EQ(indexTypeLimit(1, /*isUnsigned=*/true), 256u);
  EXPECT_EQ(indexTypeLimit(1, /*isUnsigned=*/false), 128u);
  EXPECT_EQ(indexTypeLimit(4, /*isUnsigned=*/false), uint64_t(1) << 31);
}

} // namespace

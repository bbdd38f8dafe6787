//===- DefaultBuffersTest.cpp - Buffers gpurd makes for the emulator ------===//
//
// Sizing from the access model (BufferExtents.h), the content-dependence
// analysis that says which arrays decide addresses (ContentDependence.h),
// default buffers growing to what the emulator touches, and the trace
// source refusing addresses zeros would decide.
//
//===----------------------------------------------------------------------===//

#include "KernelFixture.h"

#include "gpurd/Trace/BufferExtents.h"
#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Trace/Emulator.h"
#include "gpurd/Trace/TraceSource.h"

using namespace gpurd;
using namespace gpurd::trace;

namespace {

#define ASSERT_OK(value)                                                       \
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError())

int arrayNamed(const access::AccessModel &model, llvm::StringRef name) {
  for (unsigned i = 0; i < model.arrays.size(); ++i)
    if (model.arrays[i].name == name)
      return int(i);
  return -1;
}

/// An access model of one array with the given sites' isl relations.
access::AccessModel modelWith(std::vector<access::AccessSite> sites) {
  access::AccessModel model;
  model.kernel = "k";
  access::ArrayInfo array;
  array.name = "A";
  model.arrays.push_back(array);
  for (unsigned i = 0; i < sites.size(); ++i) {
    sites[i].id = i;
    sites[i].array = 0;
  }
  model.sites = std::move(sites);
  return model;
}

access::AccessSite affineSite(std::string relation, unsigned size) {
  access::AccessSite site;
  site.affine = true;
  site.sizeBytes = size;
  site.islAccess = std::move(relation);
  return site;
}

TEST(BufferExtents, LowestAndHighestByteOverTheSites) {
  // S0: bytes 4tx + 8 for tx = 0..9, 4 bytes each: [8, 4*9 + 8 + 4) =
  // [8, 48). S1: 8tx for tx = 0..2, 8 bytes: [0, 8*2 + 8) = [0, 24).
  // Together [0, 48).
  access::AccessModel model =
      modelWith({affineSite("{ S0[tx] -> A[4tx + 8] : 0 <= tx <= 9 }", 4),
                 affineSite("{ S1[tx] -> A[8tx] : 0 <= tx <= 2 }", 8)});
  ArrayExtent extent = accessedExtent(model, 0);
  EXPECT_TRUE(extent.complete);
  EXPECT_EQ(extent.begin, 0);
  EXPECT_EQ(extent.end, 48);
}

TEST(BufferExtents, EmptyNeverExecutedAndUnboundedSites) {
  access::AccessSite never =
      affineSite("{ S1[tx] -> A[4000tx] : 0 <= tx <= 9 }", 4);
  never.neverExecuted = true; // does not count
  access::AccessModel model =
      modelWith({affineSite("{ S0[tx] -> A[4tx] : 0 <= tx <= 3 }", 4), never,
                 // An empty domain reaches no byte.
                 affineSite("{ S2[tx] -> A[4tx] : tx < 0 and tx > 0 }", 4)});
  ArrayExtent extent = accessedExtent(model, 0);
  EXPECT_TRUE(extent.complete);
  EXPECT_EQ(extent.begin, 0);
  EXPECT_EQ(extent.end, 16); // 4 * 3 + 4

  // A parameter left unknown: isl cannot bound it; the extent keeps the
  // other sites' bytes and is not complete.
  model.sites.push_back(
      affineSite("[n] -> { S3[tx] -> A[4tx] : 0 <= tx < n }", 4));
  model.sites.back().array = 0;
  extent = accessedExtent(model, 0);
  EXPECT_FALSE(extent.complete);
  EXPECT_EQ(extent.end, 16);

  // Not affine: not complete either.
  access::AccessModel other = modelWith({access::AccessSite()});
  EXPECT_FALSE(accessedExtent(other, 0).complete);
  EXPECT_TRUE(accessedExtent(other, 0).empty());
}

TEST(BufferExtents, ExistentialsOfModAndFloorAreExact) {
  // A persistent kernel's tile loop (the CUDA samples' Mandelbrot1, made
  // small): 4 blocks step through 8 tiles of a 2 x 4-tile image of 4 x 4
  // pixels, tile = blockIndex, tileX = tile mod 2, tileY = floor(tile / 2),
  // pixel byte 4 * (8 * (4 tileY + ty) + 4 tileX + tx). The last pixel,
  // tile 7 (tileX 1, tileY 3), tx = ty = 3: 4 * (8 * 15 + 7) = 508, so
  // bytes [0, 512). A bound from the loop's box without the mod and floor
  // would be larger.
  access::AccessModel model = modelWith({affineSite(
      "{ S0[bx, tx, ty, i] -> A[o] : 0 <= bx <= 3 and 0 <= tx <= 3 and "
      "0 <= ty <= 3 and 0 <= i and 4i + bx <= 7 and "
      "o = 4 * (8 * (4 * floor((4i + bx) / 2) + ty) + "
      "4 * ((4i + bx) mod 2) + tx) }",
      4)});
  ArrayExtent extent = accessedExtent(model, 0);
  EXPECT_TRUE(extent.complete);
  EXPECT_EQ(extent.begin, 0);
  EXPECT_EQ(extent.end, 512);
}

TEST(BufferExtents, FromACompiledKernel) {
  const char *code = R"(
__global__ void k(float *a, const float *b, const int *c, float *d) {
  int i = threadIdx.x;
  a[2 * i + 1] = b[i] + b[i + 2];
  d[i * i] = c[i];
})";
  auto compiled = test::compileKernel(code, "k", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  const access::AccessModel &model = (*compiled)->model;
  // a[2i + 1], i = 0..31: bytes [4 * 1, 4 * 63 + 4) = [4, 256).
  ArrayExtent a = accessedExtent(model, arrayNamed(model, "a"));
  EXPECT_TRUE(a.complete);
  EXPECT_EQ(a.begin, 4);
  EXPECT_EQ(a.end, 256);
  // b[i] and b[i + 2]: [0, 4 * 33 + 4) = [0, 136).
  ArrayExtent b = accessedExtent(model, arrayNamed(model, "b"));
  EXPECT_EQ(b.begin, 0);
  EXPECT_EQ(b.end, 136);
  // c[i]: [0, 128); d[i * i] is not affine.
  EXPECT_EQ(accessedExtent(model, arrayNamed(model, "c")).end, 128);
  EXPECT_FALSE(accessedExtent(model, arrayNamed(model, "d")).complete);
}

/// The names of the objects of \p mask (parameters by index, shared
/// variables as `shared`).
std::vector<std::string> namesIn(const ContentDependence &dependence,
                                 uint64_t mask) {
  std::vector<std::string> names;
  for (unsigned i : dependence.objectsIn(mask)) {
    const MemoryObject &object = dependence.objects[i];
    switch (object.kind) {
    case MemoryObject::Kind::Parameter:
      names.push_back("param" + std::to_string(object.param));
      break;
    case MemoryObject::Kind::Shared:
      names.push_back("shared");
      break;
    default:
      names.push_back("other");
    }
  }
  return names;
}

using Names = std::vector<std::string>;

TEST(ContentDependence, CsrAddressesDependOnRowPointersAndColumns) {
  const char *code = R"(
__global__ void spmv(const int *rowPtr, const int *colIdx, const float *values,
                     const float *x, float *y, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0;
    for (int j = rowPtr[row]; j < rowPtr[row + 1]; ++j)
      sum += values[j] * x[colIdx[j]];
    y[row] = sum;
  }
})";
  auto compiled =
      test::compileKernel(code, "spmv", {1, 1, 1}, {32, 1, 1}, {{5, 32}});
  ASSERT_OK(compiled);
  const access::AccessModel &model = (*compiled)->model;
  ContentDependence dependence = analyseContentDependence(
      *(*compiled)->prepared.function, (*compiled)->prepared.siteInstructions);
  ASSERT_EQ(dependence.siteAddress.size(), model.sites.size());
  for (const access::AccessSite &site : model.sites) {
    const std::string &array = model.arrays[site.array].name;
    Names names = namesIn(dependence, dependence.siteAddress[site.id]);
    if (array == "rowPtr" || array == "y") {
      EXPECT_EQ(names, Names()) << array; // thread indices only
    } else if (array == "values" || array == "colIdx") {
      EXPECT_EQ(names, Names({"param0"})) << array; // j from rowPtr
    } else {
      EXPECT_EQ(array, "x");
      EXPECT_EQ(names, Names({"param0", "param1"})) << array;
    }
  }
  // The loop's bounds are rowPtr's contents.
  EXPECT_EQ(namesIn(dependence, dependence.branches), Names({"param0"}));
}

TEST(ContentDependence, ThroughSharedMemoryAndAtomics) {
  // The bins of s depend on d; idx holds p's values, so out's addresses
  // depend on p through shared memory; hist's writes do not depend on
  // anything loaded (t only).
  const char *code = R"(
__global__ void k(const int *d, const int *p, int *out, int *hist) {
  __shared__ int s[256];
  __shared__ int idx[32];
  int t = threadIdx.x;
  s[t] = 0;
  idx[t] = p[t];
  __syncthreads();
  atomicAdd(&s[d[t] & 255], 1);
  __syncthreads();
  out[idx[31 - t]] = 1;
  hist[t] = s[t];
})";
  auto compiled = test::compileKernel(code, "k", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  const access::AccessModel &model = (*compiled)->model;
  ContentDependence dependence = analyseContentDependence(
      *(*compiled)->prepared.function, (*compiled)->prepared.siteInstructions);
  bool sawAtomic = false, sawOut = false;
  for (const access::AccessSite &site : model.sites) {
    if (site.kind == AccessKind::Barrier || site.array < 0)
      continue;
    const std::string &array = model.arrays[site.array].name;
    Names names = namesIn(dependence, dependence.siteAddress[site.id]);
    if (site.kind == AccessKind::ReadModifyWrite) {
      sawAtomic = true;
      EXPECT_EQ(names, Names({"param0"})) << site.sourceText;
    } else if (array == "out") {
      sawOut = true;
      // idx's contents derive from p (param1) and idx itself.
      EXPECT_NE(llvm::find(names, "param1"), names.end()) << site.sourceText;
      EXPECT_EQ(llvm::find(names, "param0"), names.end()) << site.sourceText;
    } else if (array != "idx" || site.kind != AccessKind::Read) {
      EXPECT_EQ(names, Names()) << array << " " << site.sourceText;
    }
  }
  EXPECT_TRUE(sawAtomic);
  EXPECT_TRUE(sawOut);
  EXPECT_EQ(dependence.branches, 0u);
}

/// The trace source for a compiled kernel with no buffers.
llvm::Expected<std::unique_ptr<WarpTraceSource>>
traceSourceFor(const test::CompiledKernel &compiled,
               std::array<uint64_t, 3> grid, std::array<uint64_t, 3> block,
               std::map<std::string, int64_t> args,
               std::shared_ptr<const DefaultBufferReport> *report) {
  TraceSourceRequest request;
  request.kind = TraceSourceKind::Emulate;
  request.launch.grid = grid;
  request.launch.block = block;
  for (const auto &[name, value] : args)
    request.args[name].value = value;
  return createTraceSource(compiled.prepared, compiled.model, *compiled.kernel,
                           request, report);
}

TEST(DefaultBuffers, SizedFromTheModelAndGrownToWhatIsTouched) {
  // a[i] is affine: 32 * 4 = 128 bytes from the model. b[(i * i) % 97] is
  // not: i * i % 97 for i = 0..31 reaches at most 96 (i = 22: 484 = 4 * 97
  // + 96), so the emulator touches b up to 4 * 96 + 4 = 388 bytes.
  const char *code = R"(
__global__ void k(float *a, const float *b) {
  int i = threadIdx.x;
  a[i] = b[(i * i) % 97];
})";
  auto compiled = test::compileKernel(code, "k", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  std::shared_ptr<const DefaultBufferReport> report;
  auto source = traceSourceFor(**compiled, {1, 1, 1}, {32, 1, 1}, {}, &report);
  ASSERT_OK(source);
  ASSERT_TRUE(report);
  ASSERT_EQ(report->buffers.size(), 2u);
  const DefaultBuffer &a = report->buffers[0], &b = report->buffers[1];
  EXPECT_EQ(a.name, "a");
  EXPECT_TRUE(a.extent.complete);
  EXPECT_EQ(a.bytes(), 128u);
  EXPECT_EQ(b.name, "b");
  EXPECT_FALSE(b.extent.complete);
  EXPECT_EQ(b.bytes(), 0u); // nothing traced yet
  std::vector<WarpTrace> warps;
  llvm::Error error = (*source)->traceBlock(0, warps);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_EQ(b.touchedEnd, 388u);
  EXPECT_EQ(a.touchedEnd, 0u); // stayed within the model's extent
  std::string note = describeDefaultBuffers(*report, (*compiled)->model);
  EXPECT_NE(note.find("'a' 128 bytes (the bytes the access model"),
            std::string::npos)
      << note;
  EXPECT_NE(note.find("'b' 388 bytes (the bytes the emulated accesses"),
            std::string::npos)
      << note;
}

TEST(DefaultBuffers, GlobalAddressesFromDefaultContentsAreRefused) {
  const char *code = R"(
__global__ void gather(const int *index, const float *x, float *y) {
  int i = threadIdx.x;
  y[i] = x[index[i]];
})";
  auto compiled = test::compileKernel(code, "gather", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto source = traceSourceFor(**compiled, {1, 1, 1}, {32, 1, 1}, {}, nullptr);
  ASSERT_FALSE(static_cast<bool>(source));
  std::string message = llvm::toString(source.takeError());
  EXPECT_NE(message.find("'x[index[i]]' depend on the contents of 'index'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("index=int32:COUNT:INIT"), std::string::npos)
      << message;
}

TEST(DefaultBuffers, StructElementsSuggestNoScalarType) {
  // A BFS-like kernel: the edges read depend on the nodes' contents, whose
  // elements are structs: the hint leaves TYPE to the user.
  const char *code = R"(
struct Node { int start; int count; };
__global__ void visit(const Node *nodes, const int *edges, int *cost) {
  int i = threadIdx.x;
  cost[i] = edges[nodes[i].start];
})";
  auto compiled = test::compileKernel(code, "visit", {1, 1, 1}, {32, 1, 1});
  ASSERT_OK(compiled);
  auto source = traceSourceFor(**compiled, {1, 1, 1}, {32, 1, 1}, {}, nullptr);
  ASSERT_FALSE(static_cast<bool>(source));
  std::string message = llvm::toString(source.takeError());
  EXPECT_NE(message.find("depend on the contents of 'nodes'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("nodes=TYPE:COUNT:INIT"), std::string::npos)
      << message;
}

} // namespace

//===- SiteDataFlowTest.cpp - Which loads a trace line waits for ----------===//

#include "KernelFixture.h"

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Trace/SiteDataFlow.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

/// The site of \p model whose source text is \p text.
int siteWithText(const access::AccessModel &model, llvm::StringRef text) {
  for (const access::AccessSite &site : model.sites)
    if (site.sourceText == text)
      return static_cast<int>(site.id);
  return -1;
}

/// The counted instructions (not phis, debug or lifetime/assume calls)
/// from \p from to its first user \p reader in their block, counted as the
/// trace counts them: \p reader is the n-th after \p from.
uint32_t distance(const llvm::Instruction *from,
                  const llvm::Instruction *reader) {
  uint32_t n = 0;
  for (const llvm::Instruction *i = from->getNextNode(); i;
       i = i->getNextNode()) {
    if (!llvm::isa<llvm::PHINode>(i) && !i->isDebugOrPseudoInst())
      ++n;
    if (i == reader)
      return n;
  }
  return 0;
}

TEST(SiteDataFlow, LoadsFeedTheirReadersAndTheMemoryOperationsAfterThem) {
  auto compiled =
      test::compileKernel(R"(
__global__ void scale(const float *a, float *b, const int *idx, float *c,
                      int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    b[i] = a[i] * 2.0f;
    c[i] = a[idx[i]];
  }
}
)",
                          "scale", {2, 1, 1}, {32, 1, 1}, {{4, 64}});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  const access::AccessModel &model = (*compiled)->model;
  const access::PreparedKernel &prepared = (*compiled)->prepared;
  int loadA = siteWithText(model, "a[i]");
  int storeB = siteWithText(model, "b[i]");
  int loadIdx = siteWithText(model, "idx[i]");
  int gather = siteWithText(model, "a[idx[i]]");
  int storeC = siteWithText(model, "c[i]");
  ASSERT_TRUE(loadA >= 0 && storeB >= 0 && loadIdx >= 0 && gather >= 0 &&
              storeC >= 0);
  std::vector<SiteDataFlow> flow = siteDataFlow(&prepared, model.sites.size());
  ASSERT_EQ(flow.size(), model.sites.size());

  // `b[i] = a[i] * 2.0f`: the multiply reads a[i]'s value and the store
  // takes it through the multiply.
  const llvm::Instruction *a = prepared.siteInstructions[loadA];
  ASSERT_TRUE(a->hasOneUse());
  const auto *multiply = llvm::cast<llvm::Instruction>(*a->user_begin());
  EXPECT_EQ(multiply->getOpcode(), llvm::Instruction::FMul);
  EXPECT_EQ(flow[loadA].firstUse, distance(a, multiply));
  EXPECT_GE(flow[loadA].firstUse, 1u);
  EXPECT_EQ(flow[storeB].inputs, std::vector<uint32_t>{uint32_t(loadA)});
  EXPECT_EQ(flow[storeB].firstUse, 0u); // A store returns nothing.

  // `c[i] = a[idx[i]]`: the gather's address comes from idx[i] (through
  // the extension and the address arithmetic, the first of which reads
  // it); the store's value is the gather's.
  const llvm::Instruction *index = prepared.siteInstructions[loadIdx];
  const auto *firstReader = llvm::cast<llvm::Instruction>(*index->user_begin());
  EXPECT_EQ(flow[loadIdx].firstUse, distance(index, firstReader));
  EXPECT_EQ(flow[gather].inputs, std::vector<uint32_t>{uint32_t(loadIdx)});
  EXPECT_EQ(flow[storeC].inputs, std::vector<uint32_t>{uint32_t(gather)});
  // The gathered value is read by the store only: no ALU line waits for it.
  EXPECT_EQ(flow[gather].firstUse, 0u);
  // The first load depends on no load.
  EXPECT_TRUE(flow[loadA].inputs.empty());

  // c[i]'s store is the last site of the `if`'s block: its tail is what
  // follows it there, the block's terminator; the other sites have none.
  const llvm::Instruction *store = prepared.siteInstructions[storeC];
  ASSERT_EQ(store->getNextNode(), store->getParent()->getTerminator());
  EXPECT_EQ(flow[storeC].tail, 1u);
  EXPECT_EQ(flow[loadA].tail + flow[storeB].tail + flow[loadIdx].tail +
                flow[gather].tail,
            0u);
}

/// Whether the traces count \p inst between two sites (InstructionGaps'
/// rule: all but phis and debug records).
bool countedInGap(const llvm::Instruction &inst) {
  return !llvm::isa<llvm::PHINode>(inst) && !inst.isDebugOrPseudoInst();
}

// Each site's head and the last site's `after` are the block's counted
// non-memory instructions, in order, each with its unit's opcode and what
// it reads: the multiply of `b[i] = a[i] * 2.0f` is FMUL reading a[i]'s
// load, and the store reads the multiply, the instructions between them
// back.
TEST(SiteDataFlow, ALinePerNonMemoryInstructionWithItsOperands) {
  auto compiled =
      test::compileKernel(R"(
__global__ void scale(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[i] * 2.0f;
}
)",
                          "scale", {2, 1, 1}, {32, 1, 1}, {{2, 64}});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  const access::AccessModel &model = (*compiled)->model;
  const access::PreparedKernel &prepared = (*compiled)->prepared;
  int loadA = siteWithText(model, "a[i]");
  int storeB = siteWithText(model, "b[i]");
  ASSERT_TRUE(loadA >= 0 && storeB >= 0);
  std::vector<SiteDataFlow> flow = siteDataFlow(&prepared, model.sites.size());

  // The block of the two sites: its counted non-memory instructions, split
  // at the sites.
  const llvm::Instruction *load = prepared.siteInstructions[loadA];
  const llvm::Instruction *store = prepared.siteInstructions[storeB];
  ASSERT_EQ(load->getParent(), store->getParent());
  size_t beforeLoad = 0, between = 0, after = 0;
  const llvm::Instruction *multiply = nullptr;
  size_t multiplyAt = 0; // Position among `between`.
  int part = 0;
  for (const llvm::Instruction &inst : *load->getParent()) {
    if (&inst == load || &inst == store) {
      ++part;
      continue;
    }
    if (!countedInGap(inst))
      continue;
    if (part == 0)
      ++beforeLoad;
    if (part == 1) {
      if (inst.getOpcode() == llvm::Instruction::FMul) {
        multiply = &inst;
        multiplyAt = between;
      }
      ++between;
    }
    if (part == 2)
      ++after;
  }
  ASSERT_NE(multiply, nullptr);
  EXPECT_EQ(flow[loadA].head.size(), beforeLoad);
  ASSERT_EQ(flow[storeB].head.size(), between);
  EXPECT_EQ(flow[storeB].after.size(), after);
  EXPECT_EQ(flow[storeB].after.size(), flow[storeB].tail);
  EXPECT_TRUE(flow[loadA].after.empty()); // Not the block's last site.

  const AluInstruction &line = flow[storeB].head[multiplyAt];
  EXPECT_STREQ(line.opcode, "FMUL");
  EXPECT_EQ(line.loads, std::vector<uint32_t>{uint32_t(loadA)});
  // The store's value is the multiply: between - multiplyAt lines back.
  EXPECT_TRUE(llvm::is_contained(flow[storeB].operandsBack,
                                 uint32_t(between - multiplyAt)));
  // The block ends in a branch.
  ASSERT_FALSE(flow[storeB].after.empty());
  EXPECT_STREQ(flow[storeB].after.back().opcode, "BRA");
}

// A value carried round a loop of one block comes from the block's
// previous run: `sum += a[k]`'s add reads the add of the iteration before,
// as many lines back as the block has.
TEST(SiteDataFlow, ALoopCarriedValueIsTheBlocksPreviousRun) {
  auto compiled =
      test::compileKernel(R"(
__global__ void total(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += a[k];
  out[threadIdx.x] = sum;
}
)",
                          "total", {1, 1, 1}, {32, 1, 1}, {{2, 16}});
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  const access::AccessModel &model = (*compiled)->model;
  const access::PreparedKernel &prepared = (*compiled)->prepared;
  int loadA = siteWithText(model, "a[k]");
  ASSERT_GE(loadA, 0);
  std::vector<SiteDataFlow> flow = siteDataFlow(&prepared, model.sites.size());
  const llvm::Instruction *load = prepared.siteInstructions[loadA];
  const llvm::BasicBlock *loop = load->getParent();
  // The loop is one block (the load's), its add reading its own phi.
  ASSERT_TRUE(llvm::is_contained(llvm::successors(loop), loop));
  uint32_t count = 0;
  for (const llvm::Instruction &inst : *loop)
    if (&inst != load && countedInGap(inst))
      ++count;
  ASSERT_EQ(flow[loadA].head.size() + flow[loadA].after.size(), count);
  // The add: an FADD reading the load; its phi's value is the add itself,
  // `count` lines before it in the block's previous run.
  bool found = false;
  for (const AluInstruction &line : flow[loadA].after)
    if (llvm::StringRef(line.opcode) == "FADD" &&
        llvm::is_contained(line.loads, uint32_t(loadA))) {
      found = true;
      EXPECT_TRUE(llvm::is_contained(line.back, count));
    }
  EXPECT_TRUE(found);
}

TEST(SiteDataFlow, EmptyWithoutTheIR) {
  std::vector<SiteDataFlow> flow = siteDataFlow(nullptr, 3);
  ASSERT_EQ(flow.size(), 3u);
  for (const SiteDataFlow &site : flow) {
    EXPECT_EQ(site.firstUse, 0u);
    EXPECT_TRUE(site.inputs.empty());
    EXPECT_EQ(site.inFlight, 1u);
  }
}

// A loop unrolled by 4 holds 4 copies of its load (site 0) and, reading a
// value every other iteration, 2 of site 1 in one issue group; site 2
// issues alone: 4, 2 and 1 loads in flight.
TEST(SiteDataFlow, LoadsInFlightAreTheIssueGroupsCopies) {
  gpurd::access::AccessModel model;
  model.issueGroups.push_back({{{0, 4}, {1, 2}}});
  std::vector<SiteDataFlow> flow(3);
  setLoadsInFlight(flow, model);
  EXPECT_EQ(flow[0].inFlight, 4u);
  EXPECT_EQ(flow[1].inFlight, 2u);
  EXPECT_EQ(flow[2].inFlight, 1u);
}

} // namespace

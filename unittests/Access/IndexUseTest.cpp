//===- IndexUseTest.cpp - Parameters that index fixed-extent arrays -------===//
//
// A kernel parameter used as the index of a device array of fixed extent
// (IndexUse::tableIndices) is what keeps an assumed value within the array
// (the CUDA samples' FunctionPointers: `blockFunction_table[blockOperation]`).
// Both forms the optimiser writes count, in any memory space; an index
// computed from the parameter, an array of unknown extent (`extern
// __shared__`) or an index past a first element do not.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/IndexUse.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace gpurd::access;

namespace {

IndexUse indexUseIn(const char *ir) {
  static llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  return indexUseOf(*module->getFunction("k"));
}

TEST(IndexUse, ParameterIndexingADeviceArray) {
  IndexUse use = indexUseIn(R"(
    @table = addrspace(1) global [2 x ptr] zeroinitializer
    @weights = addrspace(1) global [8 x float] zeroinitializer
    define void @k(i32 %op, i64 %w, i32 %n) {
      %i = sext i32 %op to i64
      %p = getelementptr inbounds [2 x ptr], ptr addrspace(1) @table, i64 0, i64 %i
      %q = getelementptr inbounds float, ptr addrspace(1) @weights, i64 %w
      %m = add i32 %n, 1
      %j = sext i32 %m to i64
      %r = getelementptr inbounds float, ptr addrspace(1) @weights, i64 %j
      ret void
    })");
  ASSERT_EQ(use.tableIndices.size(), 2u);
  EXPECT_EQ(use.tableIndices.at(0).array, "table");
  EXPECT_EQ(use.tableIndices.at(0).extent, 2u);
  EXPECT_EQ(use.tableIndices.at(1).array, "weights");
  EXPECT_EQ(use.tableIndices.at(1).extent, 8u);
  // n + 1 is not the parameter itself.
  EXPECT_EQ(use.tableIndices.count(2), 0u);
}

TEST(IndexUse, TheSmallestArrayAParameterIndexes) {
  IndexUse use = indexUseIn(R"(
    @big = addrspace(1) global [16 x i32] zeroinitializer
    @small = addrspace(4) global [3 x i32] zeroinitializer
    define void @k(i32 %op) {
      %i = zext i32 %op to i64
      %p = getelementptr inbounds [16 x i32], ptr addrspace(1) @big, i64 0, i64 %i
      %q = getelementptr inbounds [3 x i32], ptr addrspace(4) @small, i64 0, i64 %i
      ret void
    })");
  ASSERT_EQ(use.tableIndices.count(0), 1u);
  EXPECT_EQ(use.tableIndices.at(0).array, "small");
  EXPECT_EQ(use.tableIndices.at(0).extent, 3u);
}

TEST(IndexUse, UnsizedArraysAreNoTables) {
  IndexUse use = indexUseIn(R"(
    @tile = addrspace(3) global [256 x float] undef
    @dynamic = external addrspace(3) global [0 x float]
    @offsetted = addrspace(1) global [4 x float] zeroinitializer
    define void @k(i64 %a, i64 %b, i64 %c) {
      %p = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i64 0, i64 %a
      %q = getelementptr inbounds [0 x float], ptr addrspace(3) @dynamic, i64 0, i64 %b
      %r = getelementptr inbounds [4 x float], ptr addrspace(1) @offsetted, i64 1, i64 %c
      ret void
    })");
  ASSERT_EQ(use.tableIndices.size(), 1u);
  EXPECT_EQ(use.tableIndices.at(0).array, "tile");
  EXPECT_EQ(use.tableIndices.at(0).extent, 256u);
}

// A grid-stride loop: gridDim.x times blockDim.x, widened, is the step of
// the loop's phi. gridDim.y only bounds the loop: not a stride.
TEST(IndexUse, GridStrideLoops) {
  IndexUse use = indexUseIn(R"(
    declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
    declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
    declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
    define void @k(i64 %n) {
    entry:
      %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
      %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
      %h = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
      %s = mul i32 %b, %g
      %step = zext i32 %s to i64
      %bound = zext i32 %h to i64
      br label %loop
    loop:
      %i = phi i64 [ 0, %entry ], [ %next, %loop ]
      %next = add nuw i64 %i, %step
      %more = icmp ult i64 %next, %bound
      br i1 %more, label %loop, label %exit
    exit:
      ret void
    })");
  EXPECT_TRUE(use.gridStride[0]);
  EXPECT_FALSE(use.gridStride[1]);
  EXPECT_TRUE(use.block[1]);
  EXPECT_TRUE(use.threadDistinction.empty());
}

// What tells threads apart besides their indices: an atomic's result, a
// shuffle, the lane id, a body the module lacks. An atomic whose result is
// unused and a plain barrier do not.
TEST(IndexUse, WhatTellsThreadsApart) {
  const char *unusedAtomic = R"(
    declare void @llvm.nvvm.barrier0()
    define void @k(ptr %p) {
      %old = atomicrmw add ptr %p, i32 1 monotonic
      call void @llvm.nvvm.barrier0()
      ret void
    })";
  EXPECT_EQ(indexUseIn(unusedAtomic).threadDistinction, "");
  const char *usedAtomic = R"(
    define void @k(ptr %p) {
      %old = atomicrmw add ptr %p, i32 1 monotonic
      store i32 %old, ptr %p
      ret void
    })";
  EXPECT_EQ(indexUseIn(usedAtomic).threadDistinction,
            "an atomic whose result is used");
  const char *shuffle = R"(
    declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
    define void @k(ptr %p, i32 %v) {
      %w = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
      ret void
    })";
  EXPECT_EQ(indexUseIn(shuffle).threadDistinction,
            "the warp-level intrinsic llvm.nvvm.shfl.sync.down.i32");
  const char *lane = R"(
    declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
    define void @k() {
      %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
      ret void
    })";
  EXPECT_EQ(indexUseIn(lane).threadDistinction, "the special register %laneid");
  const char *external = R"(
    declare i32 @opaque()
    define void @k() {
      %v = call i32 @opaque()
      ret void
    })";
  EXPECT_EQ(indexUseIn(external).threadDistinction,
            "a call to 'opaque', whose body is not in the module");
}

} // namespace

// nbody's integrateBodies in small: `if (index >= n) return;` guards the
// thread's index (n: a guard, no loop's bound), `for (t = 0; t < tiles;
// ++t)` is a loop whose exit reads tiles (a bound, no guard), and stride
// scales an address without being compared (neither). A retry after blocks
// too long divides tiles and stride and keeps n at the launch's extent.
TEST(IndexUse, LoopBoundsAndIndexGuards) {
  IndexUse use = indexUseIn(R"(
    declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
    define void @k(ptr %p, i32 %n, i32 %tiles, i32 %stride) {
    entry:
      %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
      %out = icmp sge i32 %i, %n
      br i1 %out, label %exit, label %loop
    loop:
      %t = phi i32 [ 0, %entry ], [ %next, %loop ]
      %scaled = mul i32 %t, %stride
      %at = getelementptr float, ptr %p, i32 %scaled
      store float 0.0, ptr %at
      %next = add i32 %t, 1
      %more = icmp slt i32 %next, %tiles
      br i1 %more, label %loop, label %exit
    exit:
      ret void
    })");
  EXPECT_EQ(use.loopBounds, std::set<unsigned>({2}));
  EXPECT_EQ(use.indexGuards, std::set<unsigned>({1}));
  EXPECT_FALSE(use.shrinks(1)); // n
  EXPECT_TRUE(use.shrinks(2));  // tiles
  EXPECT_TRUE(use.shrinks(3));  // stride
}

// llm.c's guards: `if (idx < B * NH * T * T)` and `if (i < B * T)` bound the
// thread's index by products of parameters (recorded with repeats, sorted
// by position), `i < n + m` by a sum (no product), and `i < 4 * B` by one
// parameter and a constant (no product: a single factor overflows no more
// than the parameter alone).
TEST(IndexUse, GuardProducts) {
  IndexUse use = indexUseIn(R"(
    declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
    define void @k(ptr %p, i32 %B, i32 %NH, i32 %T, i32 %n, i32 %m) {
    entry:
      %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
      %bnh = mul nsw i32 %NH, %B
      %bnht = mul nsw i32 %bnh, %T
      %all = mul nsw i32 %bnht, %T
      %g1 = icmp slt i32 %i, %all
      %bt = mul nsw i32 %T, %B
      %bt64 = sext i32 %bt to i64
      %i64 = sext i32 %i to i64
      %g2 = icmp slt i64 %i64, %bt64
      %sum = add i32 %n, %m
      %g3 = icmp slt i32 %i, %sum
      %four = shl i32 %B, 2
      %g4 = icmp slt i32 %i, %four
      %a = and i1 %g1, %g2
      %b = and i1 %g3, %g4
      %c = and i1 %a, %b
      br i1 %c, label %body, label %exit
    body:
      store float 0.0, ptr %p
      br label %exit
    exit:
      ret void
    })");
  std::set<std::vector<unsigned>> expected{{1, 2, 3, 3}, {1, 3}};
  EXPECT_EQ(use.guardProducts, expected);
  EXPECT_EQ(use.indexGuards, std::set<unsigned>({1, 2, 3, 4, 5}));
}

// llm.c's softmax_autoregressive_backward_kernel1: `if (t3 < T)` guards a
// global index (t3 reads blockIdx) and a loop is bounded by the same T
// (here from 0, so that its exit reads no index): such a parameter does
// not shrink on its own (a retry divides the grid with it). n bounds the
// loop only and C is compared with threadIdx alone (a block's loop over a
// row, `for (i = threadIdx.x; i < C; ...)`, llm.c's mean_kernel): both
// shrink.
TEST(IndexUse, GuardThatBoundsALoop) {
  IndexUse use = indexUseIn(R"(
    declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
    declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
    define void @k(ptr %p, i32 %T, i32 %n, i32 %C) {
    entry:
      %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
      %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
      %base = shl i32 %bid, 8
      %t3 = add i32 %base, %tid
      %in = icmp slt i32 %t3, %T
      br i1 %in, label %loop, label %row
    loop:
      %j = phi i32 [ 0, %entry ], [ %next, %loop ]
      %at = getelementptr float, ptr %p, i32 %j
      store float 0.0, ptr %at
      %next = add i32 %j, 1
      %more = icmp slt i32 %next, %T
      %also = icmp slt i32 %next, %n
      %both = and i1 %more, %also
      br i1 %both, label %loop, label %row
    row:
      %i = phi i32 [ %tid, %entry ], [ %tid, %loop ], [ %inext, %row ]
      %rat = getelementptr float, ptr %p, i32 %i
      store float 1.0, ptr %rat
      %inext = add i32 %i, 256
      %rmore = icmp slt i32 %inext, %C
      br i1 %rmore, label %row, label %exit
    exit:
      ret void
    })");
  EXPECT_TRUE(use.guardsLoop(1));
  EXPECT_FALSE(use.shrinks(1)); // T
  EXPECT_FALSE(use.guardsLoop(2));
  EXPECT_TRUE(use.shrinks(2)); // n
  EXPECT_TRUE(use.indexGuards.count(3));
  EXPECT_FALSE(use.guardsLoop(3));
  EXPECT_TRUE(use.shrinks(3)); // C
}

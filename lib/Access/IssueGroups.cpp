//===- IssueGroups.cpp - Memory requests a warp has in flight -------------===//
//
// A warp issues in order and stalls at the first instruction whose operand
// a memory instruction has not delivered yet; until then it issues its
// other memory instructions, and their requests are in flight together.
// Sim et al.'s MLP (seed 002 Eq. 18, "the memory requests per warp") is the
// mean size of those groups. Within a basic block, an instruction's issue
// level is the number of loads on its longest chain of operands within the
// block (a load's result is ready one level after the load issues); the
// memory instructions of one level are a group: the scheduler (ptxas) can
// issue each of them before any use of another, none of them needs
// another's result. A barrier starts a new level for what follows it, and
// a load no earlier than a store that may write what it reads (LLVM's alias
// analysis decides, as it does for the compiler that would have to move the
// load): without __restrict__ or distinct offsets of one base, a
// read-modify-write loop's copies stay one request at a time.
//
// The groups are taken on the kernel with its loops unrolled as Clang's O3
// pipeline unrolls them for NVPTX: gpurd's access model reads the rolled
// loops, but the compiled kernel (nvcc's or Clang's) runs the unrolled
// body, whose copies of a load are independent of one another.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/IssueGroups.h"

#include "gpurd/Access/DeviceModule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <map>

namespace gpurd::access {
namespace {

constexpr const char *SiteTag = "gpurd.site";

/// The site id a tagged instruction of the unrolled copy stands for.
std::optional<unsigned> siteOf(const llvm::Instruction &inst) {
  const llvm::MDNode *tag = inst.getMetadata(SiteTag);
  if (!tag || tag->getNumOperands() != 1)
    return std::nullopt;
  auto *value =
      llvm::mdconst::dyn_extract<llvm::ConstantInt>(tag->getOperand(0));
  if (!value)
    return std::nullopt;
  return static_cast<unsigned>(value->getZExtValue());
}

/// Lifts the `llvm.loop.unroll.disable` that gpurd's -fno-unroll-loops puts
/// on every loop of \p function (a `#pragma unroll 1` reads the same and is
/// lifted too); other loop hints stay.
void allowUnrolling(llvm::Function &function) {
  llvm::LLVMContext &context = function.getContext();
  llvm::DenseMap<llvm::MDNode *, llvm::MDNode *> replaced;
  for (llvm::BasicBlock &block : function) {
    llvm::Instruction *latch = block.getTerminator();
    llvm::MDNode *loop =
        latch ? latch->getMetadata(llvm::LLVMContext::MD_loop) : nullptr;
    if (!loop)
      continue;
    llvm::MDNode *&fresh = replaced[loop];
    if (!fresh) {
      llvm::SmallVector<llvm::Metadata *> kept{nullptr};
      for (const llvm::MDOperand &hint : llvm::drop_begin(loop->operands())) {
        auto *node = llvm::dyn_cast<llvm::MDNode>(hint.get());
        auto *name = node && node->getNumOperands()
                         ? llvm::dyn_cast<llvm::MDString>(node->getOperand(0))
                         : nullptr;
        if (!name || name->getString() != "llvm.loop.unroll.disable")
          kept.push_back(hint.get());
      }
      fresh = llvm::MDNode::getDistinct(context, kept);
      fresh->replaceOperandWith(0, fresh);
    }
    latch->setMetadata(llvm::LLVMContext::MD_loop, fresh);
  }
}

/// Tags each site's instruction in \p copy (mapped by \p map) with its id;
/// loop unrolling copies the tag with the instruction.
void tagSites(const std::vector<const llvm::Instruction *> &siteInstructions,
              llvm::ValueToValueMapTy &map, llvm::Module &copy) {
  llvm::Type *i32 = llvm::Type::getInt32Ty(copy.getContext());
  for (auto [id, inst] : llvm::enumerate(siteInstructions))
    if (auto *mapped =
            llvm::dyn_cast_or_null<llvm::Instruction>(map.lookup(inst)))
      mapped->setMetadata(
          SiteTag, llvm::MDNode::get(copy.getContext(),
                                     llvm::ConstantAsMetadata::get(
                                         llvm::ConstantInt::get(i32, id))));
}

/// The earliest level \p read can issue at given the earlier \p writes of
/// its block: no earlier than a write that may change what it reads.
unsigned afterWrites(
    const llvm::Instruction &read,
    const std::vector<std::pair<const llvm::Instruction *, unsigned>> &writes,
    llvm::AAResults &aliases) {
  std::optional<llvm::MemoryLocation> location =
      llvm::MemoryLocation::getOrNone(&read);
  unsigned level = 0;
  for (const auto &[write, writeLevel] : writes)
    if (!location || llvm::isModSet(aliases.getModRefInfo(write, *location)))
      level = std::max(level, writeLevel);
  return level;
}

/// A group's sites and their copies, by site id.
using Composition = std::map<unsigned, unsigned>;

/// The groups of one basic block: for each site with a copy in it, the
/// largest group a copy issues in, into \p largest.
void groupBlock(const llvm::BasicBlock &block, const AccessModel &model,
                llvm::AAResults &aliases,
                std::map<unsigned, Composition> &largest) {
  llvm::DenseMap<const llvm::Instruction *, unsigned> ready;
  std::vector<std::pair<const llvm::Instruction *, unsigned>> writes;
  std::map<unsigned, Composition> byLevel;
  unsigned floor = 0, deepest = 0;
  for (const llvm::Instruction &inst : block) {
    unsigned level = floor;
    for (const llvm::Value *operand : inst.operands())
      if (auto *def = llvm::dyn_cast<llvm::Instruction>(operand)) {
        auto found = ready.find(def);
        if (found != ready.end())
          level = std::max(level, found->second);
      }
    if (inst.mayReadFromMemory())
      level = std::max(level, afterWrites(inst, writes, aliases));
    std::optional<unsigned> site = siteOf(inst);
    if (inst.mayWriteToMemory())
      writes.emplace_back(&inst, level);
    if (site && *site < model.sites.size() &&
        model.sites[*site].kind == AccessKind::Barrier) {
      // Nothing after a barrier issues before it.
      floor = std::max(level, deepest + 1);
      ready[&inst] = floor;
      continue;
    }
    ready[&inst] = level;
    if (!site || *site >= model.sites.size())
      continue;
    ++byLevel[level][*site];
    deepest = std::max(deepest, level);
    if (!inst.getType()->isVoidTy())
      ready[&inst] = level + 1; // A value from memory: one wait later.
  }
  auto sizeOf = [](const Composition &group) {
    unsigned total = 0;
    for (const auto &[site, copies] : group)
      total += copies;
    return total;
  };
  for (const auto &[level, group] : byLevel)
    for (const auto &[site, copies] : group) {
      Composition &best = largest[site];
      if (sizeOf(group) > sizeOf(best))
        best = group;
    }
}

/// Each site's group, in \p model: the groups as the sites chose them,
/// one entry for each distinct group, and each group lists only the sites
/// whose group it is (a site is timed in one group).
void recordGroups(const std::map<unsigned, Composition> &largest,
                  AccessModel &model) {
  std::map<Composition, unsigned> index;
  for (AccessSite &site : model.sites)
    site.issueGroup = -1;
  for (const auto &[site, group] : largest) {
    if (group.size() == 1 && group.begin()->second == 1)
      continue; // Alone.
    auto [found, inserted] = index.try_emplace(
        group, static_cast<unsigned>(model.issueGroups.size()));
    if (inserted)
      model.issueGroups.emplace_back();
    model.sites[site].issueGroup = static_cast<int>(found->second);
  }
  for (const auto &[group, id] : index)
    for (const auto &[site, copies] : group)
      if (model.sites[site].issueGroup == static_cast<int>(id))
        model.issueGroups[id].copies.emplace_back(site, copies);
}

} // namespace

void assignIssueGroups(
    const llvm::Function &kernel,
    const std::vector<const llvm::Instruction *> &siteInstructions,
    AccessModel &model) {
  // Only the functions with a site are cloned with their bodies (the
  // kernel, after O3's inlining): a file's module holds every kernel of it
  // (the CUDA samples' reduction: 213 instances), and each access model
  // built would otherwise copy and unroll them all.
  llvm::SmallPtrSet<const llvm::GlobalValue *, 4> withSites{&kernel};
  for (const llvm::Instruction *inst : siteInstructions)
    if (inst)
      withSites.insert(inst->getFunction());
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(
      *kernel.getParent(), map, [&](const llvm::GlobalValue *value) {
        return !llvm::isa<llvm::Function>(value) || withSites.count(value) != 0;
      });
  tagSites(siteInstructions, map, *copy);
  std::unique_ptr<llvm::TargetMachine> machine = nvptxTargetMachine(*copy);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(machine.get());
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::FunctionPassManager passes;
  // The copies' loops unrolled as O3 does for NVPTX.
  passes.addPass(llvm::LoopUnrollPass(llvm::LoopUnrollOptions(3)));
  std::map<unsigned, Composition> largest;
  for (llvm::Function &function : *copy) {
    if (function.isDeclaration())
      continue;
    allowUnrolling(function);
    passes.run(function, fam);
    llvm::AAResults &aliases = fam.getResult<llvm::AAManager>(function);
    for (const llvm::BasicBlock &block : function)
      groupBlock(block, model, aliases, largest);
  }
  model.issueGroups.clear();
  recordGroups(largest, model);
}

} // namespace gpurd::access

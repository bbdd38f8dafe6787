//===- InstructionGaps.cpp - Non-memory instructions of the affine path ---===//

#include "InstructionGaps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <optional>

namespace gpurd::trace {
namespace {

/// The counted instructions of \p block after its last site (all of them
/// when it has none), its terminator included.
uint32_t tailOf(const llvm::BasicBlock &block,
                const llvm::DenseSet<const llvm::Instruction *> &sites) {
  uint32_t count = 0;
  for (const llvm::Instruction &inst : llvm::reverse(block)) {
    if (sites.contains(&inst))
      break;
    if (countedInGaps(inst))
      ++count;
  }
  return count;
}

/// The last site of \p block, or null.
const llvm::Instruction *
tailStart(const llvm::BasicBlock &block,
          const llvm::DenseSet<const llvm::Instruction *> &sites) {
  for (const llvm::Instruction &inst : llvm::reverse(block))
    if (sites.contains(&inst))
      return &inst;
  return nullptr;
}

} // namespace

bool countedInGaps(const llvm::Instruction &inst) {
  return !llvm::isa<llvm::PHINode>(inst) && !inst.isDebugOrPseudoInst();
}

InstructionGaps instructionGaps(const access::PreparedKernel *kernel,
                                size_t sites) {
  InstructionGaps out;
  out.beforeSite.assign(sites, 0);
  out.tailOfSite.assign(sites, 0);
  if (!kernel || !kernel->function || kernel->siteInstructions.size() != sites)
    return out;
  llvm::DenseSet<const llvm::Instruction *> siteSet(
      kernel->siteInstructions.begin(), kernel->siteInstructions.end());
  for (size_t i = 0; i < sites; ++i) {
    uint32_t count = 0;
    for (const llvm::Instruction *p =
             kernel->siteInstructions[i]->getPrevNode();
         p && !siteSet.contains(p); p = p->getPrevNode())
      if (countedInGaps(*p))
        ++count;
    out.beforeSite[i] = count;
  }
  // A block's tail (after its last site, its terminator included) runs
  // each time that site does: it is counted with it.
  for (size_t i = 0; i < sites; ++i) {
    const llvm::Instruction *site = kernel->siteInstructions[i];
    const llvm::BasicBlock &block = *site->getParent();
    if (tailStart(block, siteSet) == site) {
      out.tailOfSite[i] = tailOf(block, siteSet);
      out.beforeSite[i] += out.tailOfSite[i];
    }
  }
  // Blocks without sites that every warp runs once: the entry block, and
  // the return block it leaves through (the fewest instructions of those).
  const llvm::BasicBlock &entry = kernel->function->getEntryBlock();
  auto hasSites = [&](const llvm::BasicBlock &block) {
    return tailStart(block, siteSet) != nullptr;
  };
  if (!hasSites(entry))
    out.perWarp += tailOf(entry, siteSet);
  if (llvm::isa<llvm::ReturnInst>(entry.getTerminator()))
    return out;
  std::optional<uint32_t> leaving;
  for (const llvm::BasicBlock &block : *kernel->function)
    if (&block != &entry && llvm::isa<llvm::ReturnInst>(block.getTerminator()))
      leaving = std::min(leaving.value_or(UINT32_MAX),
                         hasSites(block) ? 0 : tailOf(block, siteSet));
  out.perWarp += leaving.value_or(0);
  return out;
}

bool hasLoopWithoutSites(const access::PreparedKernel *kernel) {
  if (!kernel || !kernel->function || kernel->function->isDeclaration())
    return false;
  llvm::DenseSet<const llvm::BasicBlock *> withSites;
  for (const llvm::Instruction *site : kernel->siteInstructions)
    if (site)
      withSites.insert(site->getParent());
  llvm::DominatorTree dominators(*kernel->function);
  llvm::LoopInfo loops(dominators);
  for (const llvm::Loop *loop : loops.getLoopsInPreorder())
    if (llvm::none_of(loop->blocks(), [&](const llvm::BasicBlock *block) {
          return withSites.contains(block);
        }))
      return true;
  return false;
}

} // namespace gpurd::trace

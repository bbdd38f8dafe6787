//===- SiteDataFlow.cpp - Which loads a trace line waits for --------------===//

#include "gpurd/Trace/SiteDataFlow.h"

#include "InstructionGaps.h"
#include "SassOpcode.h"
#include "gpurd/Access/AccessAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <optional>

namespace gpurd::trace {
namespace {

/// Whether the traces count \p inst among a warp's non-memory instructions
/// (the emulator's rule, lib/Trace/Emulator/WarpTraceMerge.cpp).
bool counted(const llvm::Instruction &inst) {
  if (llvm::isa<llvm::PHINode>(inst) || inst.isDebugOrPseudoInst())
    return false;
  if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
    return !intrinsic->isAssumeLikeIntrinsic() &&
           !intrinsic->isLifetimeStartOrEnd();
  return true;
}

using SiteSet = std::vector<uint32_t>; // Sorted site ids.

void unite(SiteSet &into, const SiteSet &from) {
  SiteSet merged;
  std::set_union(into.begin(), into.end(), from.begin(), from.end(),
                 std::back_inserter(merged));
  into = std::move(merged);
}

/// The data flow of the sites in \p block (\p siteOf maps their
/// instructions to ids) into \p out.
void flowOfBlock(
    const llvm::BasicBlock &block,
    const llvm::DenseMap<const llvm::Instruction *, uint32_t> &siteOf,
    std::vector<SiteDataFlow> &out) {
  // Per instruction of the block: the value-returning sites its value is
  // computed from within the block.
  llvm::DenseMap<const llvm::Instruction *, SiteSet> from;
  // Value-returning sites still waiting for their first reader, with the
  // counted instructions seen since each.
  std::vector<std::pair<uint32_t, uint32_t>> waiting;
  for (const llvm::Instruction &inst : block) {
    SiteSet inputs;
    for (const llvm::Value *operand : inst.operands())
      if (auto *def = llvm::dyn_cast<llvm::Instruction>(operand))
        if (auto found = from.find(def); found != from.end())
          unite(inputs, found->second);
    auto site = siteOf.find(&inst);
    if (site == siteOf.end()) {
      if (!counted(inst))
        continue;
      for (auto &[load, seen] : waiting)
        ++seen;
      // Its reads: the waiting loads among its direct operands.
      llvm::erase_if(waiting, [&](const std::pair<uint32_t, uint32_t> &w) {
        for (const llvm::Value *operand : inst.operands())
          if (auto *def = llvm::dyn_cast<llvm::Instruction>(operand)) {
            auto defSite = siteOf.find(def);
            if (defSite != siteOf.end() && defSite->second == w.first) {
              out[w.first].firstUse = w.second;
              return true;
            }
          }
        return false;
      });
      if (!inputs.empty())
        from[&inst] = std::move(inputs);
      continue;
    }
    out[site->second].inputs = inputs;
    if (!inst.getType()->isVoidTy()) {
      from[&inst] = SiteSet{site->second};
      waiting.emplace_back(site->second, 0);
    }
  }
}

/// The non-memory instructions of \p block as trace lines: each site's
/// head, the last site's instructions after it, and what the sites'
/// operands are (SiteDataFlow::head, after, operandsBack). A value a phi of
/// the block carries round a loop of this one block comes from the
/// block's previous run, the lines just before this run's.
void instructionsOfBlock(
    const llvm::BasicBlock &block,
    const llvm::DenseMap<const llvm::Instruction *, uint32_t> &siteOf,
    std::vector<SiteDataFlow> &out) {
  // The position of each counted non-memory instruction among them.
  llvm::DenseMap<const llvm::Instruction *, uint32_t> position;
  uint32_t count = 0;
  for (const llvm::Instruction &inst : block)
    if (!siteOf.count(&inst) && countedInGaps(inst))
      position[&inst] = count++;
  // What the value \p def, read at position \p at, makes a line wait for.
  auto readOf = [&](const llvm::Value *value, uint32_t at,
                    std::vector<uint32_t> &back, std::vector<uint32_t> *loads) {
    auto *def = llvm::dyn_cast<llvm::Instruction>(value);
    if (!def || def->getParent() != &block)
      return;
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(def)) {
      // Round the loop: the block's previous run.
      int incoming = phi->getBasicBlockIndex(&block);
      if (incoming < 0)
        return;
      auto *carried =
          llvm::dyn_cast<llvm::Instruction>(phi->getIncomingValue(incoming));
      if (!carried || carried->getParent() != &block)
        return;
      if (auto found = position.find(carried); found != position.end()) {
        uint32_t distance = at + count - found->second;
        if (!llvm::is_contained(back, distance))
          back.push_back(distance);
      }
      return;
    }
    if (auto found = position.find(def); found != position.end()) {
      if (found->second < at && !llvm::is_contained(back, at - found->second))
        back.push_back(at - found->second);
    } else if (auto site = siteOf.find(def);
               loads && site != siteOf.end() &&
               !llvm::is_contained(*loads, site->second)) {
      loads->push_back(site->second);
    }
  };
  std::vector<AluInstruction> pending; // Since the previous site.
  std::optional<uint32_t> lastSite;
  uint32_t at = 0;
  for (const llvm::Instruction &inst : block) {
    if (auto site = siteOf.find(&inst); site != siteOf.end()) {
      SiteDataFlow &flow = out[site->second];
      flow.head = std::move(pending);
      pending.clear();
      for (const llvm::Value *operand : inst.operands())
        readOf(operand, at, flow.operandsBack, nullptr);
      lastSite = site->second;
      continue;
    }
    if (!countedInGaps(inst))
      continue;
    AluInstruction line;
    line.opcode = sassOpcodeOf(inst);
    for (const llvm::Value *operand : inst.operands())
      readOf(operand, at, line.back, &line.loads);
    ++at;
    pending.push_back(std::move(line));
  }
  if (lastSite)
    out[*lastSite].after = std::move(pending);
}

} // namespace

std::vector<SiteDataFlow> siteDataFlow(const access::PreparedKernel *kernel,
                                       size_t sites) {
  std::vector<SiteDataFlow> out(sites);
  if (!kernel || !kernel->function || kernel->siteInstructions.size() != sites)
    return out;
  llvm::DenseMap<const llvm::Instruction *, uint32_t> siteOf;
  for (size_t id = 0; id < sites; ++id)
    if (const llvm::Instruction *inst = kernel->siteInstructions[id])
      siteOf.try_emplace(inst, static_cast<uint32_t>(id));
  for (const llvm::BasicBlock &block : *kernel->function) {
    flowOfBlock(block, siteOf, out);
    instructionsOfBlock(block, siteOf, out);
  }
  InstructionGaps gaps = instructionGaps(kernel, sites);
  for (size_t id = 0; id < sites; ++id)
    out[id].tail = gaps.tailOfSite[id];
  return out;
}

void setLoadsInFlight(std::vector<SiteDataFlow> &flow,
                      const access::AccessModel &model) {
  for (const access::IssueGroup &group : model.issueGroups)
    for (const auto &[site, copies] : group.copies)
      if (site < flow.size())
        flow[site].inFlight = std::max(1u, copies);
}

} // namespace gpurd::trace

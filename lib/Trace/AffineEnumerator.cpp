//===- AffineEnumerator.cpp - Warp traces from the affine model -----------===//

#include "gpurd/Trace/AffineEnumerator.h"
#include "InstructionGaps.h"
#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <limits>
#include <set>

namespace gpurd::trace {
namespace {

using namespace access;

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

constexpr unsigned IndexVariables = 6; // bx, by, bz, tx, ty, tz

/// c + sum(coefficient * variable), or not linear.
struct Linear {
  int64_t constant = 0;
  std::vector<std::pair<unsigned, int64_t>> terms;
};

/// A quasi-affine expression compiled for fast evaluation: a linear form
/// when it is one (split into per-lane and per-iteration parts), otherwise
/// the expression itself.
struct CompiledExpr {
  bool linear = false;
  Linear lanePart; ///< Terms over block/thread indices (and the constant).
  Linear iterPart; ///< Terms over loop variables and parameters.
  QuasiAffine general;

  /// Per-lane part for a lane's index values.
  int64_t laneValue(const int64_t *values) const {
    int64_t v = lanePart.constant;
    for (auto [var, coeff] : lanePart.terms)
      v += coeff * values[var];
    return v;
  }
  int64_t iterValue(const int64_t *values) const {
    int64_t v = iterPart.constant;
    for (auto [var, coeff] : iterPart.terms)
      v += coeff * values[var];
    return v;
  }
};

/// Recovers the linear form of \p e by probing: an expression is linear in
/// its variables when e(x) = e(0) + sum(e(unit_i) - e(0)) x_i for a set of
/// test points. Floor/mod/min/max nodes can make it non-linear; those
/// expressions fall back to direct evaluation.
CompiledExpr compile(const QuasiAffine &e, unsigned numVariables) {
  CompiledExpr out;
  out.general = e;
  std::vector<int64_t> point(numVariables, 0);
  int64_t base = e.evaluate(point);
  Linear form;
  form.constant = base;
  for (unsigned v = 0; v < numVariables; ++v) {
    if (!e.uses(v))
      continue;
    point[v] = 1;
    int64_t coeff = e.evaluate(point) - base;
    point[v] = 0;
    form.terms.push_back({v, coeff});
  }
  // Verify on a handful of points (including negative and large values): a
  // floor or mod term would break the identity somewhere.
  static const int64_t probes[] = {3, -5, 17, 1000, -999, 123457, 7};
  for (unsigned trial = 0; trial < 7; ++trial) {
    for (unsigned i = 0; i < form.terms.size(); ++i)
      point[form.terms[i].first] = probes[(trial + i * 3) % 7] + i;
    int64_t expected = form.constant;
    for (auto [var, coeff] : form.terms)
      expected += coeff * point[var];
    if (e.evaluate(point) != expected)
      return out;
    for (auto [var, coeff] : form.terms)
      point[var] = 0;
  }
  out.linear = true;
  for (auto term : form.terms)
    (term.first < IndexVariables ? out.lanePart : out.iterPart)
        .terms.push_back(term);
  out.lanePart.constant = form.constant;
  return out;
}

/// A condition as a conjunction of atoms (expr >= 0 or expr == 0) when it is
/// one, otherwise the condition itself.
struct CompiledCondition {
  struct Atom {
    CompiledExpr expr;
    bool isEquality = false;
  };
  bool never = false;
  std::vector<Atom> atoms;
  /// The disjunctions among the conjuncts, evaluated as they are for the
  /// lanes the atoms leave active.
  std::vector<Condition> disjunctions;
};

void flatten(const Condition &c, unsigned numVariables,
             CompiledCondition &out) {
  switch (c.kind()) {
  case Condition::Kind::True:
    return;
  case Condition::Kind::False:
    out.never = true;
    return;
  case Condition::Kind::NonNegative:
  case Condition::Kind::Zero:
    out.atoms.push_back(
        {compile(c.expr(), numVariables), c.kind() == Condition::Kind::Zero});
    return;
  case Condition::Kind::And:
    for (const Condition &sub : c.operands())
      flatten(sub, numVariables, out);
    return;
  case Condition::Kind::Or:
    out.disjunctions.push_back(c);
    return;
  }
}

struct Node {
  bool isLoop = false;
  unsigned position = 0;
  // Site:
  unsigned site = 0;
  // Loop:
  unsigned loop = 0;
  std::vector<Node> children;
};

struct SitePlan {
  const AccessSite *site = nullptr;
  uint64_t base = 0;
  CompiledExpr offset;
  CompiledCondition domain;
  uint32_t instructionsBefore = 0;
  /// Atoms over loop variables only: the same for every lane.
  std::vector<unsigned> uniformAtoms;
  /// Atoms over both (or not linear): checked per lane and execution.
  std::vector<unsigned> varyingAtoms;
  // Per-warp scratch: per-lane parts, and the lanes that satisfy every atom
  // that depends on the block and thread indices only.
  std::array<int64_t, WarpSize> laneOffset{};
  std::vector<std::array<int64_t, WarpSize>> laneAtoms;
  uint32_t staticMask = 0;
  /// The thread part (constant and thread-index terms) of the offset and of
  /// each linear atom, per thread of a block: the same in every block, so a
  /// warp adds its block's part instead of evaluating the form per lane.
  /// Empty when the launch's blocks are too large to keep them.
  std::vector<int64_t> offsetThreadPart;
  std::vector<std::vector<int64_t>> atomThreadPart;
};

/// The part of a lane form over the block indices (variables 0-2) and the
/// part over the thread indices (3-5) with the constant: laneValue is their
/// sum (in wrap-around arithmetic, as laneValue's).
int64_t blockPart(const Linear &form, const std::array<uint64_t, 3> &block) {
  uint64_t v = 0;
  for (auto [var, coeff] : form.terms)
    if (var < 3)
      v += static_cast<uint64_t>(coeff) * block[var];
  return static_cast<int64_t>(v);
}
int64_t threadPart(const Linear &form, const std::array<uint64_t, 3> &thread) {
  uint64_t v = static_cast<uint64_t>(form.constant);
  for (auto [var, coeff] : form.terms)
    if (var >= 3)
      v += static_cast<uint64_t>(coeff) * thread[var - 3];
  return static_cast<int64_t>(v);
}

/// Thread parts kept for at most this many (site or atom, thread) pairs:
/// 32 MB.
constexpr uint64_t MaxThreadParts = uint64_t(1) << 22;

struct LoopPlan {
  unsigned variable = 0;
  CompiledExpr last;
};

class AffineEnumerator final : public WarpTraceSource {
public:
  AffineEnumerator(const AccessModel &model, const TraceLaunch &launch,
                   uint64_t budget, bool cutLongWarps)
      : model(model), launchConfig(launch), budget(budget),
        cutLongWarps(cutLongWarps) {}

  llvm::Error init(const MemoryLayout &layout, const PreparedKernel *kernel);
  llvm::Error traceBlock(uint64_t block,
                         std::vector<WarpTrace> &warps) override;
  llvm::Error traceWarps(
      uint64_t block,
      llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp) override;
  const TraceLaunch &launch() const override { return launchConfig; }
  const char *name() const override { return "affine"; }
  /// The enumerator's work: the loop iterations its warps' lanes have
  /// stepped through, also those in which no lane accesses memory (a loop
  /// whose body is guarded off for most iterations costs its iterations).
  /// The cache model bounds its sample by them as by an emulator's
  /// instructions (a lane's iteration is a few of those).
  uint64_t instructionsExecuted() const override { return visited; }
  const char *workSubject() const override {
    return "the affine enumerator stepped through";
  }
  const char *workNoun() const override { return "lane loop iterations"; }
  std::vector<std::string> notes() const override;
  uint64_t blocksCut() const override { return cutBlocks.size(); }

private:
  /// Checks \p block and starts its instruction budget.
  llvm::Error beginBlock(uint64_t block);
  /// Enumerates warp \p warp of the block beginBlock started into \p out.
  llvm::Error traceWarp(uint64_t block, unsigned warp, WarpTrace &out);
  /// laneOffset, laneAtoms and staticMask of \p plan for the lanes of
  /// \p mask from the precomputed thread parts.
  void setLaneParts(SitePlan &plan, const std::array<uint64_t, 3> &blockIndex,
                    uint64_t firstThread, uint32_t mask);
  void run(const std::vector<Node> &nodes, uint32_t mask, WarpTrace &out);
  void runSite(SitePlan &plan, uint32_t mask, WarpTrace &out);
  /// The next instruction of \p out. The storage of the instructions the
  /// vector held before (an earlier warp's) is reused rather than value-
  /// initialised again, so the caller writes every field and every lane.
  WarpInstruction &nextInstruction(WarpTrace &out) {
    if (used < out.instructions.size())
      return out.instructions[used++];
    ++used;
    return out.instructions.emplace_back();
  }

  const AccessModel &model;
  TraceLaunch launchConfig;
  unsigned numVariables = 0;
  std::vector<SitePlan> sites;
  std::vector<LoopPlan> loops;
  std::vector<Node> root;
  // Per-warp state: variable values per lane (index variables differ per
  // lane, loop variables are shared by the lockstep warp).
  std::array<std::vector<int64_t>, WarpSize> laneValues;
  std::vector<int64_t> shared; ///< loop variables and parameters
  /// Whether some expression is evaluated in general form (then every lane's
  /// variables must be kept up to date).
  bool needsLaneValues = false;
  /// Warp instructions a block may have; counted down while it runs.
  uint64_t budget;
  /// Each warp stops at its share of the budget instead of the block
  /// failing at the budget (createAffineEnumerator's cutLongWarps); the
  /// blocks traced and those with a warp cut there.
  bool cutLongWarps;
  llvm::DenseSet<uint64_t> blocksTraced;
  std::set<uint64_t> cutBlocks;
  uint64_t remaining = 0;
  uint64_t visited = 0; ///< instructionsExecuted
  /// Non-memory instructions each warp executes once (InstructionGaps).
  uint32_t warpInstructions = 0;
  /// Instructions of the current warp so far (see nextInstruction).
  size_t used = 0;
  WarpTrace warpBuffer; ///< traceWarps' one warp.
};

llvm::Error AffineEnumerator::init(const MemoryLayout &layout,
                                   const PreparedKernel *kernel) {
  numVariables = model.variables.size();
  for (auto &values : laneValues)
    values.assign(numVariables, 0);
  shared.assign(numVariables, 0);

  // Non-memory IR instructions between consecutive operations of a block,
  // and those every warp executes once.
  const InstructionGaps gaps = instructionGaps(kernel, model.sites.size());
  warpInstructions = gaps.perWarp;

  for (const LoopInfo &loop : model.loops) {
    LoopPlan plan;
    plan.variable = loop.variable;
    if (!loop.lastIteration)
      return makeError("the loop at line " + llvm::Twine(loop.position.line) +
                       " is not affine");
    plan.last = compile(*loop.lastIteration, numVariables);
    loops.push_back(plan);
  }
  for (const AccessSite &site : model.sites) {
    SitePlan plan;
    plan.site = &site;
    plan.instructionsBefore = gaps.beforeSite[site.id];
    plan.offset = compile(site.offset, numVariables);
    flatten(site.domain, numVariables, plan.domain);
    plan.laneAtoms.resize(plan.domain.atoms.size());
    for (unsigned a = 0; a < plan.domain.atoms.size(); ++a) {
      const CompiledExpr &e = plan.domain.atoms[a].expr;
      if (e.linear && e.lanePart.terms.empty() && !e.iterPart.terms.empty())
        plan.uniformAtoms.push_back(a);
      else if (!e.linear || !e.iterPart.terms.empty())
        plan.varyingAtoms.push_back(a);
    }
    if (site.kind != AccessKind::Barrier && site.array >= 0) {
      const ArrayInfo &array = model.arrays[site.array];
      std::optional<uint64_t> base = arrayBase(layout, array, site.space);
      if (!base)
        return makeError("the array '" + array.name +
                         "' has no place in memory");
      plan.base = *base;
    }
    sites.push_back(std::move(plan));
  }

  // The thread parts of the lane forms (see SitePlan), when they fit.
  const uint64_t threads = launchConfig.threadsPerBlock();
  uint64_t parts = 0;
  for (const SitePlan &plan : sites)
    parts += (1 + plan.domain.atoms.size()) * threads;
  if (parts <= MaxThreadParts) {
    std::vector<std::array<uint64_t, 3>> threadIndex(threads);
    for (uint64_t t = 0; t < threads; ++t)
      threadIndex[t] = launchConfig.threadIndex(t);
    for (SitePlan &plan : sites) {
      plan.offsetThreadPart.resize(threads);
      if (plan.offset.linear)
        for (uint64_t t = 0; t < threads; ++t)
          plan.offsetThreadPart[t] =
              threadPart(plan.offset.lanePart, threadIndex[t]);
      plan.atomThreadPart.resize(plan.domain.atoms.size());
      for (size_t a = 0; a < plan.domain.atoms.size(); ++a) {
        const CompiledExpr &e = plan.domain.atoms[a].expr;
        plan.atomThreadPart[a].resize(threads);
        if (e.linear)
          for (uint64_t t = 0; t < threads; ++t)
            plan.atomThreadPart[a][t] = threadPart(e.lanePart, threadIndex[t]);
      }
    }
  }

  for (const LoopPlan &loop : loops)
    needsLaneValues |= !loop.last.linear;
  for (const SitePlan &plan : sites) {
    needsLaneValues |= !plan.offset.linear || !plan.domain.disjunctions.empty();
    for (const CompiledCondition::Atom &atom : plan.domain.atoms)
      needsLaneValues |= !atom.expr.linear;
  }

  // The loop nest, from each site's loops and schedule positions.
  for (const AccessSite &site : model.sites) {
    std::vector<Node> *level = &root;
    for (size_t depth = 0; depth < site.loops.size(); ++depth) {
      unsigned loop = site.loops[depth];
      auto it = std::find_if(level->begin(), level->end(), [&](const Node &n) {
        return n.isLoop && n.loop == loop;
      });
      if (it == level->end()) {
        Node node;
        node.isLoop = true;
        node.loop = loop;
        node.position = site.schedule[depth];
        level->push_back(node);
        it = level->end() - 1;
      }
      level = &it->children;
    }
    Node leaf;
    leaf.site = site.id;
    leaf.position = site.schedule.back();
    level->push_back(leaf);
  }
  auto sortTree = [](auto &&self, std::vector<Node> &nodes) -> void {
    std::stable_sort(
        nodes.begin(), nodes.end(),
        [](const Node &a, const Node &b) { return a.position < b.position; });
    for (Node &n : nodes)
      self(self, n.children);
  };
  sortTree(sortTree, root);
  return llvm::Error::success();
}

void AffineEnumerator::runSite(SitePlan &plan, uint32_t mask, WarpTrace &out) {
  const CompiledCondition &domain = plan.domain;
  if (domain.never)
    return;
  for (unsigned a : plan.uniformAtoms) {
    const CompiledCondition::Atom &atom = domain.atoms[a];
    int64_t v =
        atom.expr.lanePart.constant + atom.expr.iterValue(shared.data());
    if (atom.isEquality ? v != 0 : v < 0)
      return;
  }
  uint32_t active = mask & plan.staticMask;
  for (size_t i = 0; i < plan.varyingAtoms.size() && active; ++i) {
    unsigned a = plan.varyingAtoms[i];
    const CompiledCondition::Atom &atom = domain.atoms[a];
    if (atom.expr.linear) {
      int64_t rest = atom.expr.iterValue(shared.data());
      const auto &lanes = plan.laneAtoms[a];
      for (uint32_t m = active; m; m &= m - 1) {
        unsigned lane = __builtin_ctz(m);
        int64_t v = lanes[lane] + rest;
        if (atom.isEquality ? v != 0 : v < 0)
          active &= ~(1u << lane);
      }
    } else {
      for (uint32_t m = active; m; m &= m - 1) {
        unsigned lane = __builtin_ctz(m);
        int64_t v = atom.expr.general.evaluate(laneValues[lane]);
        if (atom.isEquality ? v != 0 : v < 0)
          active &= ~(1u << lane);
      }
    }
  }
  for (const Condition &disjunction : domain.disjunctions)
    for (uint32_t m = active; m; m &= m - 1) {
      unsigned lane = __builtin_ctz(m);
      if (!disjunction.holds(laneValues[lane]))
        active &= ~(1u << lane);
    }
  if (!active || remaining == 0)
    return;
  --remaining;
  WarpInstruction &inst = nextInstruction(out);
  const AccessSite &site = *plan.site;
  inst.site = site.id;
  inst.kind = site.kind;
  inst.space = site.space;
  inst.size = site.sizeBytes;
  inst.activeMask = active;
  inst.instructionsBefore = plan.instructionsBefore;
  // Inactive lanes (and every lane of a barrier) have address 0.
  uint64_t *addresses = inst.addresses.data();
  if (site.kind == AccessKind::Barrier) {
    std::fill_n(addresses, WarpSize, 0);
    return;
  }
  if (plan.offset.linear) {
    // Unsigned arithmetic: the same addresses, without overflow for the
    // lanes that do not take part (their per-lane parts may be stale).
    const uint64_t rest =
        static_cast<uint64_t>(plan.offset.iterValue(shared.data())) + plan.base;
    const int64_t *lane = plan.laneOffset.data();
    if (active == ~0u) {
      for (unsigned l = 0; l < WarpSize; ++l)
        addresses[l] = static_cast<uint64_t>(lane[l]) + rest;
    } else {
      for (unsigned l = 0; l < WarpSize; ++l)
        addresses[l] =
            (active >> l & 1) ? static_cast<uint64_t>(lane[l]) + rest : 0;
    }
  } else {
    for (unsigned l = 0; l < WarpSize; ++l)
      addresses[l] =
          (active >> l & 1)
              ? plan.base + static_cast<uint64_t>(
                                plan.offset.general.evaluate(laneValues[l]))
              : 0;
  }
}

void AffineEnumerator::run(const std::vector<Node> &nodes, uint32_t mask,
                           WarpTrace &out) {
  for (const Node &node : nodes) {
    if (!node.isLoop) {
      runSite(sites[node.site], mask, out);
      continue;
    }
    const LoopPlan &loop = loops[node.loop];
    // Each lane's last iteration; the warp runs until its last lane is done.
    std::array<int64_t, WarpSize> last;
    int64_t most = -1;
    int64_t least = std::numeric_limits<int64_t>::max();
    for (uint32_t m = mask; m; m &= m - 1) {
      unsigned lane = __builtin_ctz(m);
      last[lane] = loop.last.linear
                       ? loop.last.laneValue(laneValues[lane].data()) +
                             loop.last.iterValue(shared.data())
                       : loop.last.general.evaluate(laneValues[lane]);
      most = std::max(most, last[lane]);
      least = std::min(least, last[lane]);
    }
    for (int64_t i = 0; i <= most && remaining; ++i) {
      visited += __builtin_popcount(mask);
      shared[loop.variable] = i;
      if (needsLaneValues)
        for (uint32_t m = mask; m; m &= m - 1)
          laneValues[__builtin_ctz(m)][loop.variable] = i;
      // Until the first lane is done, every lane of the mask takes part.
      uint32_t active = mask;
      if (i > least) {
        active = 0;
        for (uint32_t m = mask; m; m &= m - 1) {
          unsigned lane = __builtin_ctz(m);
          if (i <= last[lane])
            active |= 1u << lane;
        }
      }
      if (active)
        run(node.children, active, out);
    }
  }
}

llvm::Error AffineEnumerator::beginBlock(uint64_t block) {
  if (block >= launchConfig.numBlocks())
    return makeError("block " + llvm::Twine(block) +
                     " is outside the grid of " +
                     llvm::Twine(launchConfig.numBlocks()) + " blocks");
  remaining = budget;
  blocksTraced.insert(block);
  return llvm::Error::success();
}

/// A warp's share of the block's budget when long warps are cut.
uint64_t warpShare(uint64_t budget, const TraceLaunch &launch) {
  return std::max<uint64_t>(
      1, budget / std::max<uint64_t>(launch.warpsPerBlock(), 1));
}

std::vector<std::string> AffineEnumerator::notes() const {
  if (cutBlocks.empty())
    return {};
  return {cutRunNote(cutBlocks.size(), blocksTraced.size(), "enumerated",
                     "warps ran longer than gpurd holds: each warp's run was "
                     "cut after " +
                         std::to_string(warpShare(budget, launchConfig)) +
                         " warp memory instructions (its share of the " +
                         std::to_string(budget) +
                         " gpurd holds in memory for one block)")};
}

llvm::Error AffineEnumerator::traceBlock(uint64_t block,
                                         std::vector<WarpTrace> &warps) {
  if (llvm::Error e = beginBlock(block))
    return e;
  // Reuse the vectors' storage from block to block.
  warps.resize(launchConfig.warpsPerBlock());
  for (unsigned w = 0; w < warps.size(); ++w)
    if (llvm::Error e = traceWarp(block, w, warps[w]))
      return e;
  return llvm::Error::success();
}

llvm::Error AffineEnumerator::traceWarps(
    uint64_t block, llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp) {
  if (llvm::Error e = beginBlock(block))
    return e;
  for (unsigned w = 0, n = launchConfig.warpsPerBlock(); w < n; ++w) {
    if (llvm::Error e = traceWarp(block, w, warpBuffer))
      return e;
    if (llvm::Error e = onWarp(warpBuffer))
      return e;
  }
  return llvm::Error::success();
}

void AffineEnumerator::setLaneParts(SitePlan &plan,
                                    const std::array<uint64_t, 3> &blockIndex,
                                    uint64_t firstThread, uint32_t mask) {
  uint32_t holds = mask;
  if (plan.offset.linear) {
    const int64_t block = blockPart(plan.offset.lanePart, blockIndex);
    const int64_t *thread = plan.offsetThreadPart.data() + firstThread;
    if (mask == ~0u) {
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        plan.laneOffset[lane] = static_cast<int64_t>(
            static_cast<uint64_t>(block) + static_cast<uint64_t>(thread[lane]));
    } else {
      for (uint32_t m = mask; m; m &= m - 1) {
        unsigned lane = __builtin_ctz(m);
        plan.laneOffset[lane] = static_cast<int64_t>(
            static_cast<uint64_t>(block) + static_cast<uint64_t>(thread[lane]));
      }
    }
  }
  for (size_t a = 0; a < plan.domain.atoms.size(); ++a) {
    const CompiledCondition::Atom &atom = plan.domain.atoms[a];
    if (!atom.expr.linear)
      continue;
    const int64_t block = blockPart(atom.expr.lanePart, blockIndex);
    const int64_t *thread = plan.atomThreadPart[a].data() + firstThread;
    const bool laneOnly = atom.expr.iterPart.terms.empty();
    const int64_t constant = atom.expr.iterPart.constant;
    std::array<int64_t, WarpSize> &values = plan.laneAtoms[a];
    if (mask == ~0u) {
      // A full warp: straight loops the compiler vectorises.
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        values[lane] = static_cast<int64_t>(
            static_cast<uint64_t>(block) + static_cast<uint64_t>(thread[lane]));
      if (laneOnly) {
        uint32_t fails = 0;
        // Unrolled: constant shifts instead of a chain of variable ones.
#pragma GCC unroll 32
        for (unsigned lane = 0; lane < WarpSize; ++lane) {
          int64_t v = values[lane] + constant;
          fails |= uint32_t(atom.isEquality ? v != 0 : v < 0) << lane;
        }
        holds &= ~fails;
      }
      continue;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
      unsigned lane = __builtin_ctz(m);
      int64_t v = static_cast<int64_t>(static_cast<uint64_t>(block) +
                                       static_cast<uint64_t>(thread[lane]));
      values[lane] = v;
      if (laneOnly && (atom.isEquality ? v + constant != 0 : v + constant < 0))
        holds &= ~(1u << lane);
    }
  }
  plan.staticMask = holds;
}

llvm::Error AffineEnumerator::traceWarp(uint64_t block, unsigned w,
                                        WarpTrace &out) {
  const std::array<uint64_t, 3> blockIndex = launchConfig.blockIndex(block);
  const uint64_t threads = launchConfig.threadsPerBlock();
  out.block = block;
  out.warp = w;
  used = 0;
  out.trailingInstructions = warpInstructions;
  uint32_t mask = 0;
  for (unsigned lane = 0; lane < WarpSize; ++lane) {
    uint64_t thread = uint64_t(w) * WarpSize + lane;
    if (thread >= threads)
      break;
    mask |= 1u << lane;
    std::array<uint64_t, 3> t = launchConfig.threadIndex(thread);
    std::vector<int64_t> &values = laneValues[lane];
    for (unsigned d = 0; d < 3; ++d) {
      values[d] = static_cast<int64_t>(blockIndex[d]);
      values[3 + d] = static_cast<int64_t>(t[d]);
    }
  }
  const uint64_t firstThread = uint64_t(w) * WarpSize;
  if (cutLongWarps)
    remaining = warpShare(budget, launchConfig);
  for (SitePlan &plan : sites) {
    plan.staticMask = 0;
    if (!plan.offsetThreadPart.empty()) {
      setLaneParts(plan, blockIndex, firstThread, mask);
      continue;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
      unsigned lane = __builtin_ctz(m);
      if (plan.offset.linear)
        plan.laneOffset[lane] = plan.offset.laneValue(laneValues[lane].data());
      bool holds = true;
      for (size_t a = 0; a < plan.domain.atoms.size(); ++a) {
        const CompiledCondition::Atom &atom = plan.domain.atoms[a];
        if (!atom.expr.linear)
          continue;
        int64_t v = atom.expr.laneValue(laneValues[lane].data());
        plan.laneAtoms[a][lane] = v;
        if (atom.expr.iterPart.terms.empty() &&
            (atom.isEquality ? v + atom.expr.iterPart.constant != 0
                             : v + atom.expr.iterPart.constant < 0))
          holds = false;
      }
      if (holds)
        plan.staticMask |= 1u << lane;
    }
  }
  run(root, mask, out);
  out.instructions.resize(used);
  if (remaining == 0 && cutLongWarps)
    cutBlocks.insert(block);
  else if (remaining == 0)
    return makeBoundError(
        LaunchBound::BlockLength,
        ("block " + llvm::Twine(block) + " of kernel '" + model.kernel +
         "' has more than " + llvm::Twine(budget) +
         " warp memory instructions, more than gpurd holds in memory for "
         "one block")
            .str());
  return llvm::Error::success();
}

} // namespace

llvm::Error checkEnumerable(const AccessModel &model) {
  for (const AccessSite &site : model.sites)
    if (!site.affine)
      return makeError("S" + llvm::Twine(site.id) + " (line " +
                       llvm::Twine(site.position.line) +
                       ") is not affine: " + site.reason->message);
  // A loop whose trip count is not affine (it waits on clock(), or on a
  // loaded value) cannot be enumerated even when every access in it is.
  for (const LoopInfo &loop : model.loops)
    if (!loop.lastIteration)
      return makeError("the loop at line " + llvm::Twine(loop.position.line) +
                       " is not affine");
  for (unsigned p : model.parameters()) {
    const Variable &v = model.variables[p];
    if (!v.sourceName.empty())
      return makeError("'" + v.sourceName + "' has no value; give it with " +
                       userInput(UserInput::Argument, v.sourceName + "=VALUE") +
                       " so the trace can be enumerated");
    return makeError("'" + v.name + "' has no value; give it (" +
                     userInput(UserInput::Argument) + ", " +
                     userInput(UserInput::Grid) + ", " +
                     userInput(UserInput::Block) +
                     ") so the trace can be enumerated");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<WarpTraceSource>>
createAffineEnumerator(const AccessModel &model, const TraceLaunch &launch,
                       const MemoryLayout &layout, const PreparedKernel *kernel,
                       uint64_t maxWarpInstructionsPerBlock,
                       bool cutLongWarps) {
  if (llvm::Error error = checkEnumerable(model))
    return error;
  auto enumerator = std::make_unique<AffineEnumerator>(
      model, launch, maxWarpInstructionsPerBlock, cutLongWarps);
  if (llvm::Error error = enumerator->init(layout, kernel))
    return error;
  return std::unique_ptr<WarpTraceSource>(std::move(enumerator));
}

} // namespace gpurd::trace

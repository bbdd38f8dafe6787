//===- ControlMarks.cpp - Branches, joins and loops in a thread's log -----===//
//
// The warp merge (WarpTraceMerge.cpp) needs two things a thread's memory
// accesses alone do not tell it.
//
// Which iteration an access belongs to. On a GPU a warp runs each iteration
// of a loop with the lanes still in it, so an access by two lanes belongs to
// one warp instruction only if both made it in the same iteration of every
// loop around it. Each thread keeps the iteration of each kernel loop it is
// in (Thread::loops: the decoder's Edge::loopPops and Edge::loopStep, from
// LLVM's LoopInfo of the kernel), and each event names it.
//
// How many instructions the warp issues between two of its memory
// instructions. Lanes that take different sides of a branch issue both
// sides; lanes that run the same code once issue it once. A marker is
// logged where the lanes may part (an edge out of a block with several
// successors: one marker per (block, successor)) and where they meet (an
// edge into a block with several predecessors; not a loop header with one
// latch and one entry, which lanes reach from the latch an iteration later
// than from outside). Between two consecutive
// entries of a thread's log, then, the thread ran straight-line code of
// the kernel, which the entry it starts from decides; the merge issues each
// such run once, as long as the longest lane's (calls into functions the
// kernel did not inline may still differ by lane: their longest counts).
//
// A thread logs at most its share of the block's log in markers; past it,
// it stops, and its warp is merged without markers (WarpTraceMerge.cpp).
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

namespace gpurd::trace::emu {

void Emulator::mark(Thread &thread, uint32_t marker, uint64_t steps) {
  if (thread.markersDropped)
    return;
  if (thread.markers >= logShare) {
    thread.markersDropped = true;
    return;
  }
  ++thread.markers;
  // The branch itself is a non-memory instruction of the run it ends.
  uint64_t before = steps - thread.lastMark;
  appendEvent(thread, MarkerSite | marker, before, 0);
  thread.lastMark = steps;
}

void Emulator::controlEdge(const Edge &edge, Thread &thread, uint64_t steps) {
  // The branch is in the iteration it leaves; the join in the one it enters.
  if (edge.branchMarker)
    mark(thread, edge.branchMarker - 1, steps);
  if (edge.loopPops || edge.loopStep != LoopStep::None) {
    auto &loops = thread.loops;
    loops.truncate(loops.size() -
                   std::min<size_t>(edge.loopPops, loops.size()));
    if (edge.loopStep == LoopStep::Enter)
      loops.push_back(0);
    else if (edge.loopStep == LoopStep::Next && !loops.empty())
      ++loops.back();
    thread.loopsMoved = true;
  }
  if (edge.joinMarker)
    mark(thread, edge.joinMarker - 1, steps);
}

} // namespace gpurd::trace::emu

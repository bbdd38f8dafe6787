//===- ExecuteControl.h - The interpreter's control flow --------*- C++ -*-===//
//
// Private to the interpreter (Interpreter.cpp). Edges (with their phi
// copies), switches, calls and returns between frames, and arriving at a
// block barrier. The interpreter loop keeps its position (frame, registers,
// pc) in locals; these handlers update the thread's frames, and the loop
// reloads its position from the top frame after a call or a return.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EXECUTECONTROL_H
#define GPURD_LIB_TRACE_EMULATOR_EXECUTECONTROL_H

#include "EmulatorImpl.h"

#include <cstring>

namespace gpurd::trace::emu {

/// Logs the edge's markers and moves the thread in the kernel's loops (an
/// edge of the kernel's CFG) and performs the edge's phi copies (all at
/// once; phis are not counted as executed instructions: they are register
/// moves, which register allocation mostly removes); returns the pc it
/// leads to.
inline uint32_t Emulator::takeEdge(const Edge &edge, const Move *moves,
                                   uint64_t *R, Thread &thread,
                                   uint64_t steps) {
  if (edge.control)
    controlEdge(edge, thread, steps);
  const Move *m = moves + edge.moveBegin;
  if (!edge.needsTemporary) {
    for (uint32_t i = 0; i < edge.moveCount; ++i)
      R[m[i].dst] = R[m[i].src];
  } else {
    uint64_t *temporary = moveTemporary.data();
    for (uint32_t i = 0; i < edge.moveCount; ++i)
      temporary[i] = R[m[i].src];
    for (uint32_t i = 0; i < edge.moveCount; ++i)
      R[m[i].dst] = temporary[i];
  }
  return edge.target;
}

/// The edge a Switch takes for its value (a).
inline uint32_t Emulator::switchEdge(const Inst &I, const uint64_t *R) const {
  const SwitchInfo &info = program->switches[I.c];
  uint64_t value = R[I.a];
  for (const auto &[caseValue, caseEdge] : info.cases)
    if (caseValue == value)
      return caseEdge;
  return info.defaultEdge;
}

/// Call: pushes the callee's frame (registers from its constants, zeroed
/// locals, the arguments copied in); the caller continues at \p pc + 1.
inline void Emulator::enterFunction(Thread &thread, const Inst &I,
                                    Frame &caller, const Function &callerFn,
                                    uint32_t pc, uint32_t calleeIndex) {
  const CallInfo &call = program->calls[I.c];
  const Function &callee = *program->functions[calleeIndex];
  uint32_t registerBase = caller.registerBase + callerFn.numSlots;
  uint32_t localBase = caller.localBase + callerFn.localBytes;
  if (thread.registers.size() < registerBase + callee.numSlots)
    thread.registers.resize(registerBase + callee.numSlots);
  if (thread.local.size() < localBase + callee.localBytes)
    thread.local.resize(localBase + callee.localBytes);
  // No locals (or registers) may mean no storage at all: memset and memcpy
  // must not see its null pointer, even for 0 bytes.
  if (callee.localBytes)
    memset(thread.local.data() + localBase, 0, callee.localBytes);
  const uint64_t *R = thread.registers.data() + caller.registerBase;
  uint64_t *C = thread.registers.data() + registerBase;
  if (callee.numSlots)
    memcpy(C, callee.initialRegisters.data(), callee.numSlots * 8);
  for (size_t k = 0; k < call.arguments.size(); ++k)
    for (uint32_t j = 0; j < call.arguments[k].second; ++j)
      C[callee.argumentSlots[k] + j] = R[call.arguments[k].first + j];
  caller.pc = pc + 1;
  uint32_t resultSlot = I.dst;
  thread.frames.push_back(
      {calleeIndex, registerBase, localBase, 0, resultSlot});
}

/// Ret (not from the kernel): pops the frame and copies the result (slots
/// a .. a + b) to the caller's result slots.
inline void Emulator::returnFromFunction(Thread &thread, const Inst &I,
                                         const uint64_t *R) {
  Frame done = thread.frames.pop_back_val();
  uint64_t *caller =
      thread.registers.data() + thread.frames.back().registerBase;
  for (uint32_t j = 0; j < I.b; ++j)
    caller[done.resultSlot + j] = R[I.a + j];
}

/// Barrier: records the site and the thread's predicate (popc/and/or);
/// releaseBarrier resumes the thread.
inline void Emulator::arriveAtBarrier(Thread &thread, const Inst &I,
                                      const uint64_t *R, uint64_t steps) {
  if (I.site >= 0)
    record(thread, I.site, 0, steps);
  thread.barrierPredicate =
      BarrierKind(I.flags) == BarrierKind::Plain ? 0 : R[I.a] & 1;
}

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_EXECUTECONTROL_H

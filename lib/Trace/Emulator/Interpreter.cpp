//===- Interpreter.cpp - The emulator's interpreter loop ------------------===//
//
// Emulator::run interprets a thread's instructions until it blocks (at a
// barrier, a warp-synchronous operation or its end) or fails. It is one
// switch over the opcodes; the handlers of its groups of opcodes are
// inlined from ExecuteArithmetic.h, ExecuteMemory.h, ExecuteControl.h and
// ExecuteIntrinsics.h, and error messages are built out of line
// (Diagnostics.cpp), so the loop's position (frame, registers, pc, step
// count) stays in registers.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"
#include "ExecuteArithmetic.h"
#include "ExecuteControl.h"
#include "ExecuteIntrinsics.h"
#include "ExecuteMemory.h"

namespace gpurd::trace::emu {

// The interpreter loop's cases end with these. They use run's locals: its
// position (frame, pc, steps), the instruction I, the registers R, fault.

// Keeps the thread's position for a suspension or an error.
#define GPURD_SAVE()                                                           \
  do {                                                                         \
    frame->pc = pc;                                                            \
    totalSteps += steps - thread.steps;                                        \
    thread.steps = steps;                                                      \
  } while (false)
// Ends the run with \p result (an error, or Blocked) after saving.
#define GPURD_STOP(result)                                                     \
  do {                                                                         \
    GPURD_SAVE();                                                              \
    return result;                                                             \
  } while (false)
#define GPURD_STEP_LIMIT()                                                     \
  if (steps > limit)                                                           \
    GPURD_STOP(stepLimitExceeded(thread));                                     \
  if (thread.events.size() - thread.markers > eventLimit)                      \
  GPURD_STOP(eventLimitExceeded(thread, eventLimit))
// Cases of the opcodes the handlers' lists name.
#define GPURD_VALUE(Name, Evaluate)                                            \
  case Op::Name:                                                               \
    R[I.dst] = Evaluate<Op::Name>(I, R);                                       \
    ++pc;                                                                      \
    break;
// A memory handler's case: a fault ends the run with its error.
#define GPURD_ACCESS(access)                                                   \
  if (!(access))                                                               \
    GPURD_STOP(memoryFault(thread, I, fault));                                 \
  ++pc;                                                                        \
  break

Emulator::RunResult Emulator::run(Thread &thread) {
  Frame *frame = nullptr;
  const Function *fn = nullptr;
  const Inst *code = nullptr;
  uint64_t *R = nullptr;
  uint32_t pc = 0;
  // Continues in the frame on top of the thread's stack.
  auto resume = [&] {
    frame = &thread.frames.back();
    fn = program->functions[frame->function].get();
    code = fn->code.data();
    R = thread.registers.data() + frame->registerBase;
    pc = frame->pc;
  };
  resume();
  uint64_t steps = thread.steps;
  const uint64_t limit = stepLimit();
  const uint64_t eventLimit = logShare;
  const Edge *edges = program->edges.data();
  const Move *moves = program->moves.data();
  Fault fault;

  for (;;) {
    const Inst &I = code[pc];
    ++steps;
    switch (I.op) {
      // Arithmetic, comparisons, conversions (ExecuteArithmetic.h).
      GPURD_EMULATOR_VALUE_OPS(GPURD_VALUE)
    case Op::InsertDyn:
      insertElement(I, R);
      ++pc;
      break;
    case Op::Repack:
      if (!repack(I, R))
        GPURD_STOP(valueTooLarge(thread));
      ++pc;
      break;

    // Memory (ExecuteMemory.h).
    case Op::GepN:
      R[I.dst] = gepN(I, R);
      ++pc;
      break;
    case Op::Alloca:
      R[I.dst] = LocalTag | (frame->localBase + I.imm);
      ++pc;
      break;
    case Op::Load1:
      GPURD_ACCESS(load<1>(I, R, thread, steps, fault));
    case Op::Load2:
      GPURD_ACCESS(load<2>(I, R, thread, steps, fault));
    case Op::Load4:
      GPURD_ACCESS(load<4>(I, R, thread, steps, fault));
    case Op::Load8:
      GPURD_ACCESS(load<8>(I, R, thread, steps, fault));
    case Op::LoadN:
      GPURD_ACCESS(load<0>(I, R, thread, steps, fault));
    case Op::LoadAgg:
      GPURD_ACCESS(loadAggregate(I, R, thread, steps, fault));
    case Op::Store1:
    case Op::Store2:
    case Op::Store4:
    case Op::Store8:
    case Op::StoreN:
      GPURD_ACCESS(store(I, R, thread, steps, fault));
    case Op::StoreAgg:
      GPURD_ACCESS(storeAggregate(I, R, thread, steps, fault));
    case Op::AtomicRMW:
      GPURD_ACCESS(atomicRMW(I, R, thread, steps, fault));
    case Op::CmpXchg:
      GPURD_ACCESS(compareExchange(I, R, thread, steps, fault));
    case Op::MemCpy:
    case Op::MemSet:
      GPURD_ACCESS(copyOrSet(I, R, thread, steps, fault));

    // Control flow (ExecuteControl.h).
    case Op::Jump:
      pc = takeEdge(edges[I.b], moves, R, thread, steps);
      GPURD_STEP_LIMIT();
      break;
    case Op::CondJump:
      pc = takeEdge(edges[(R[I.a] & 1) ? I.b : I.c], moves, R, thread, steps);
      GPURD_STEP_LIMIT();
      break;
    case Op::Switch:
      pc = takeEdge(edges[switchEdge(I, R)], moves, R, thread, steps);
      GPURD_STEP_LIMIT();
      break;
    case Op::Call:
      GPURD_STEP_LIMIT();
      if (thread.frames.size() >= MaxCallDepth)
        GPURD_STOP(callDepthExceeded(thread));
      enterFunction(thread, I, *frame, *fn, pc, program->calls[I.c].callee);
      resume();
      break;
    case Op::CallIndirect: {
      GPURD_STEP_LIMIT();
      if (thread.frames.size() >= MaxCallDepth)
        GPURD_STOP(callDepthExceeded(thread));
      std::optional<uint32_t> callee = indirectCallee(*fn, pc, I, R);
      if (!callee)
        GPURD_STOP(badIndirectCall(thread, I, R));
      enterFunction(thread, I, *frame, *fn, pc, *callee);
      resume();
      break;
    }
    case Op::Malloc:
      R[I.dst] = allocate(R[I.a]);
      ++pc;
      break;
    case Op::Ret:
      if (thread.frames.size() == 1) {
        thread.status = Status::Done;
        GPURD_STOP(RunResult::Blocked);
      }
      returnFromFunction(thread, I, R);
      resume();
      break;
    case Op::Barrier:
      arriveAtBarrier(thread, I, R, steps);
      thread.status = Status::AtBarrier;
      GPURD_STOP(RunResult::Blocked);
    case Op::WarpSync: // Evaluated for the warp's lanes (WarpOps.cpp).
      thread.status = Status::AtWarpSync;
      GPURD_STOP(RunResult::Blocked);

    // Intrinsics and library calls (ExecuteIntrinsics.h).
    case Op::Call3:
      R[I.dst] = callScalar(I, R);
      ++pc;
      break;
    case Op::SReg:
      R[I.dst] = specialRegister(I, thread, steps);
      ++pc;
      break;
    case Op::MathStore:
      GPURD_ACCESS(mathStore(I, R, thread, fault));
    case Op::WithOverflow:
      overflowArithmetic(I, R);
      ++pc;
      break;
    case Op::TexFetch:
      if (!fetchTexture(I, R, thread, steps))
        GPURD_STOP(unboundTexture(thread, I, R[program->textures[I.c].handle]));
      ++pc;
      break;
    case Op::Opaque:
      if (I.site >= 0)
        record(thread, I.site, R[I.a], steps);
      ++pc;
      break;

    // Errors (Diagnostics.cpp).
    case Op::Unsupported:
      GPURD_STOP(unsupportedReached(thread, I));
    case Op::AssertFail:
      GPURD_STOP(assertionFailed(thread, R[I.a]));
    case Op::Trap:
      GPURD_STOP(trapped(thread));
    case Op::Unreachable:
      GPURD_STOP(unreachableReached(thread));
    }
  }
}

#undef GPURD_SAVE
#undef GPURD_STOP
#undef GPURD_STEP_LIMIT
#undef GPURD_VALUE
#undef GPURD_ACCESS

} // namespace gpurd::trace::emu

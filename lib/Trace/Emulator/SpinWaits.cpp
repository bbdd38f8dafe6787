//===- SpinWaits.cpp - Threads that wait for a flag another agent sets ----===//
//
// A kernel can wait in a loop for a value another agent writes: a flag the
// host, another block or another warp sets (`while (latch[0] < 1);` through
// a volatile pointer). The emulator runs one thread at a time, so while the
// thread polls nothing else changes memory: once a volatile load finds the
// thread as at its previous poll of the same address (registers, local
// memory, no write since), every further iteration would repeat it. The
// thread then waits (Status::Polling) while the block's other threads run;
// it polls again when any of them wrote memory, and is ended, with a note,
// when nothing else can run. Without this, such a loop fills the block's
// whole log (1.25 GB for UnifiedMemoryPerf's spin kernel) with polls of
// one address.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

namespace gpurd::trace::emu {

bool Emulator::pollUnchanged(Thread &thread, const Inst &I, uint64_t address) {
  PollSnapshot &last = polls[thread.linear];
  const std::vector<uint64_t> &registers = thread.registers;
  if (last.inst == &I && last.address == address && last.writes == writes &&
      last.frames == thread.frames.size() && last.registers == registers &&
      last.local == thread.local)
    return true;
  last.inst = &I;
  last.address = address;
  last.writes = writes;
  last.frames = thread.frames.size();
  last.registers = registers;
  last.local = thread.local;
  return false;
}

bool Emulator::wakePollers() {
  bool woke = false;
  for (Thread &thread : threads)
    if (thread.status == Status::Polling && thread.pollWrites != writes) {
      thread.status = Status::Runnable;
      woke = true;
    }
  return woke;
}

void Emulator::endPollers() {
  uint64_t ended = 0;
  for (Thread &thread : threads) {
    if (thread.status != Status::Polling)
      continue;
    if (pollPlace.empty())
      pollPlace = describeInstruction(thread, currentInst(thread).site);
    thread.status = Status::Done;
    ++ended;
  }
  if (ended)
    pollingThreads[currentBlock] = ended;
}

std::optional<std::string> Emulator::pollNote() const {
  if (pollingThreads.empty())
    return std::nullopt;
  uint64_t count = 0;
  for (const auto &[block, threads] : pollingThreads)
    count += threads;
  return "in " + std::to_string(pollingThreads.size()) + " of the " +
         std::to_string(blocksTraced.size()) + " blocks emulated, " +
         std::to_string(count) + " thread" + (count == 1 ? "" : "s") +
         " wait in a loop at " + pollPlace +
         " for a value no thread of the block writes (a flag the host, "
         "another block or another kernel sets; gpurd emulates one block "
         "at a time): each polled until a poll found nothing changed, so "
         "the figures leave out the rest of the wait and what follows it";
}

} // namespace gpurd::trace::emu

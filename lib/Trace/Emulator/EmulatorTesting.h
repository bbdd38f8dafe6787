//===- EmulatorTesting.h - Looking inside an emulator (tests) ---*- C++ -*-===//
//
// Private to the emulator (lib/Trace/Emulator/) and its tests: the memory an
// emulator's kernel computed, so tests can check results (a warp-shuffle
// reduction's sums), not just addresses.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_EMULATORTESTING_H
#define GPURD_LIB_TRACE_EMULATOR_EMULATORTESTING_H

#include "gpurd/Trace/WarpTrace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::trace {

/// The current contents of pointer argument \p param's buffer in \p source,
/// which must come from createEmulator; null when it has no such buffer.
const std::vector<uint8_t> *emulatorBuffer(const WarpTraceSource &source,
                                           unsigned param);

/// Interpreted IR instructions so far, summed over all threads.
uint64_t emulatorInstructionCount(const WarpTraceSource &source);

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_EMULATOR_EMULATORTESTING_H

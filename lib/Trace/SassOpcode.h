//===- SassOpcode.h - The SASS unit of a device IR instruction -*- C++ -*-===//
//
// Accel-Sim's trace mode times an instruction by its opcode's category
// (gpu-simulator/ISA_Def/volta_opcode.h: SP, INT, DP, SFU, ALU, branch), each
// with its own latency and initiation interval, and the SM's sub-cores issue
// two instructions a cycle only to different units. A trace that stands for
// the compiled kernel's non-memory instructions therefore names, for each,
// the SASS opcode of the unit the instruction runs on: what nvcc emits for
// the IR operation (an fadd is FADD, an i32 add IADD3, a getelementptr
// IMAD, a branch BRA), not its exact SASS sequence; one IR instruction is
// one line, as gpurd counts them.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_SASSOPCODE_H
#define GPURD_LIB_TRACE_SASSOPCODE_H

namespace llvm {
class Instruction;
} // namespace llvm

namespace gpurd::trace {

/// A SASS opcode in Volta's opcode map for the non-memory instruction
/// \p inst (a static string).
const char *sassOpcodeOf(const llvm::Instruction &inst);

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_SASSOPCODE_H

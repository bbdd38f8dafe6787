//===- KernelChange.h - A what-if change to a kernel ------------*- C++ -*-===//
//
// What the advisor, the language server and the autotuner server vary
// between runs of the pipeline: the launch shape, a macro definition, the
// template arguments of a kernel, the memory space or layout of an array. An
// AnalysisContext re-runs a kernel with a change and reuses what the change
// does not touch (the parsed file and its device code for a launch, a
// memory space or a layout; nothing of the file for a macro or template
// argument).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_KERNELCHANGE_H
#define GPURD_DRIVER_KERNELCHANGE_H

#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Support/MemoryAccess.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gpurd::driver {

/// A textual edit of the analysed file (a fix-it the advisor tries): the
/// characters of `line` from `beginColumn` up to, not including,
/// `endColumn` (1-based) replaced by `replacement`, which has no line
/// break, so the file's lines keep their numbers.
struct SourceEdit {
  unsigned line = 0;
  unsigned beginColumn = 0, endColumn = 0;
  std::string replacement;
};

/// A change to a kernel, its launch or its file. Each part left empty leaves
/// that part as analysed.
struct KernelChange {
  /// Launch values over the resolved ones: a layer above the launch spec and
  /// the command line (grid, block, dynamic shared memory, scalar
  /// arguments).
  LaunchOverrides launch;
  /// Macro definitions added to the file's compile command, as `-D` takes
  /// them (`TILE=32`, `USE_LDG`): the file is parsed and compiled again.
  std::vector<std::string> defines;
  /// Other template arguments for a template instance, as written between
  /// the angle brackets (`32` turns `matmulTiled<16>` into
  /// `matmulTiled<32>`): the instance is instantiated in a copy of the file
  /// and launched like the original (with `launch` on top).
  std::string templateArguments;
  /// Arrays placed in another memory space, by their name in the access
  /// model: their accesses reach the models in that space.
  std::map<std::string, MemorySpace> arraySpaces;
  /// Arrays stored transposed, by their name in the access model: the
  /// bytes of a row of the layout as written (trace/TransposedArrays.h).
  /// Every access of such an array moves with it; affine kernels only.
  std::map<std::string, uint64_t> transposedArrays;
  /// Memory operations made coalesced, by AccessSite id: a warp's lanes
  /// access consecutive elements (trace/CoalescedSites.h).
  std::set<unsigned> coalescedSites;
  /// Arrays staged through shared memory, by their name in the access
  /// model: the phase length, in iterations of the loop their loads are in
  /// (trace/StagedArrays.h).
  std::map<std::string, unsigned> stagedArrays;
  /// Edits of the file the kernel is in, none overlapping another: the
  /// file is parsed and compiled again.
  std::vector<SourceEdit> edits;

  /// Whether the change needs the file parsed and compiled again.
  bool changesSource() const {
    return !defines.empty() || !templateArguments.empty() || !edits.empty();
  }
  bool empty() const;
  /// How the change reads in a report: `-DTILE=32, block (32, 32, 1), 'B'
  /// in constant memory`.
  std::string describe() const;
};

} // namespace gpurd::driver

#endif // GPURD_DRIVER_KERNELCHANGE_H

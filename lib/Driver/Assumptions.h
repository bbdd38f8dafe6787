//===- Assumptions.h - Values assumed where a launch is unknown -*- C++ -*-===//
//
// When neither the source, a launch spec nor the command line gives a part
// of a kernel's launch, the analysis goes on with a documented assumption
// (docs/assumptions.md) and says so: the block shape from __launch_bounds__
// or from the thread indices the kernel reads, a grid that fills the GPU
// several times over, and scalar arguments equal to the launch's extent so
// that bounds guards hold for every thread. Each assumption names why the
// value was unknown and the input that gives the real one.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_DRIVER_ASSUMPTIONS_H
#define GPURD_LIB_DRIVER_ASSUMPTIONS_H

#include "gpurd/Access/IndexUse.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/AssumptionScale.h"
#include "gpurd/Frontend/LaunchConfig.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpurd::driver {

/// Waves of resident blocks an assumed grid gives every SM.
inline constexpr unsigned AssumedWaves = 4;
/// Threads of an assumed block without __launch_bounds__.
inline constexpr unsigned AssumedBlockThreads = 256;

/// The factor a retry divides assumed sizes by.
inline constexpr uint64_t SizeDivisor = 4;
/// Retries after the first run under assumed values.
inline constexpr unsigned MaxAssumptionRetries = 8;

/// The dimension, among those the kernel indexes (\p use), in which the
/// launch's threads (\p grid x \p block) span the most: what an assumed
/// integer argument's extent is taken in (the first of equals).
unsigned widestDimension(const access::IndexUse &use,
                         const std::array<uint64_t, 3> &grid,
                         const std::array<uint64_t, 3> &block);

/// The blocks of \p waves waves of the GPU for \p kernel with blocks
/// of shape \p block and \p sharedBytes of dynamic shared memory; \p perSm
/// receives the resident blocks per SM (1 when the arch cannot say).
uint64_t assumedWaveBlocks(const KernelInfo &kernel,
                           const arch::ArchDescription &arch,
                           const std::array<uint64_t, 3> &block,
                           uint64_t sharedBytes, unsigned &perSm,
                           unsigned waves = AssumedWaves);

/// Assumes the parts of the grid, block and dynamic shared memory that
/// \p known lacks, for \p kernel which reads the indices \p use: the values
/// go into \p layer, the assumptions into \p out.
void assumeLaunchShape(const KernelInfo &kernel, const access::IndexUse &use,
                       const arch::ArchDescription &arch,
                       const PartialLaunch &known, LaunchOverrides &layer,
                       std::vector<LaunchAssumption> &out);

/// Assumes the integers of the host code that the unknown values of the
/// launch \p known are computed from (LaunchSite::rooted): all of them one
/// power of two, the smallest whose grid fills the GPU AssumedWaves times
/// when the grid follows it, else the largest within the launch's threads,
/// divided by SizeDivisor scale.sizeDivisions times. The grid, block,
/// shared memory and arguments the source computes from it that \p known
/// lacks go into \p layer, the assumption into \p out. False when the
/// site has no such values or none gives a missing part.
bool assumeHostValues(const KernelInfo &kernel, const access::IndexUse &use,
                      const arch::ArchDescription &arch,
                      const PartialLaunch &known, const AssumptionScale &scale,
                      LaunchOverrides &layer,
                      std::vector<LaunchAssumption> &out);

/// Divides the assumed grid of \p config by SizeDivisor in its widest
/// dimension (at least 1), for an array that grows with the grid (one
/// element per thread) and spans more than gpurd lays out; \p reason says
/// so. False when config assumed no grid or it is one block wide.
bool shrinkAssumedGrid(const std::string &reason, LaunchConfig &config);

/// Halves the assumed block of \p config in its highest dimension in which
/// \p thread, the first thread of a block whose access left a bound, is
/// not the first (y for thread (0, 3, 0)) and doubles it in x, so that the
/// block keeps its threads in fewer rows (the CUDA samples' quasirandom
/// generator indexes a table of 3 rows with threadIdx.y); \p reason says
/// what the access did. False when config assumed no block, or the block
/// cannot be reshaped so.
bool reshapeAssumedBlock(const std::array<uint32_t, 3> &thread,
                         const std::string &reason, LaunchConfig &config);

/// Halves the assumed block of \p config in its widest dimension (down to
/// a warp) after an access past the block's shared memory that more dynamic
/// shared memory cannot fix and that reached less than twice the block's
/// shared bytes: a fixed-size `__shared__` array sized for a smaller block
/// (SHOC sort's `sMem[512]`, four words per thread of a 128-thread block).
/// An assumed grid is assumed again for the smaller block. \p reason says
/// what the access did. False when config assumed no block or it is one
/// warp.
bool halveAssumedBlock(const KernelInfo &kernel, const access::IndexUse &use,
                       const arch::ArchDescription &arch,
                       const std::string &reason, LaunchConfig &config);

/// Assumes the dynamic shared memory of \p config again, doubled
/// scale.sharedDoublings times, and the grid with it where config assumed
/// both (the grid follows the resident blocks); false when the doubled size
/// exceeds what a block may have, or config assumed no dynamic shared
/// memory.
bool reassumeDynamicShared(const KernelInfo &kernel,
                           const access::IndexUse &use,
                           const arch::ArchDescription &arch,
                           const AssumptionScale &scale, LaunchConfig &config);

/// Assumes values for the scalar arguments \p unknown (name and
/// missingPartMessage) of \p config, adds them to config.args and
/// config.assumptions and removes them from config.unknownArgs. Integers
/// take the extent of the launch's threads in the widest dimension the
/// kernel indexes (divided by SizeDivisor, scale.sizeDivisions times, and
/// at least 1), floating-point values 1, bools true.
void assumeArguments(
    const KernelInfo &kernel, const access::IndexUse &use,
    llvm::ArrayRef<std::pair<std::string, std::string>> unknown,
    LaunchConfig &config, const AssumptionScale &scale = {});

/// Where the integer parameter \p name of \p kernel indexes a device array
/// of fixed extent (use.tableIndices: `table[op]`), why it is assumed 0: a
/// value that follows the launch's sizes would read past the array.
std::optional<std::string> tableIndexBasis(const KernelInfo &kernel,
                                           const access::IndexUse &use,
                                           llvm::StringRef name);

/// Whether \p config assumed an integer argument larger than 1 (a smaller
/// one is left to try).
bool assumedSizes(const LaunchConfig &config);

} // namespace gpurd::driver

#endif // GPURD_LIB_DRIVER_ASSUMPTIONS_H

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
#include "gpurd/Support/LaunchBoundError.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

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

/// The resident blocks per SM of \p kernel with blocks of shape \p block
/// and \p sharedBytes of dynamic shared memory (1 when the arch cannot
/// say: a block that does not fit is the cache model's error to report).
unsigned residentBlocksOrOne(const KernelInfo &kernel,
                             const arch::ArchDescription &arch,
                             const std::array<uint64_t, 3> &block,
                             uint64_t sharedBytes);

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

/// What one launch takes, on its own, of the integers of the host code its
/// unknown values are computed from (LaunchSite::rooted).
struct OwnHostValue {
  /// All of them one power of two: the smallest whose grid fills the GPU
  /// AssumedWaves times when the grid follows it, else the largest within
  /// the launch's threads; and why.
  uint64_t root = 0;
  std::string basis;
  /// Whether the grid the source computes follows the root: the value then
  /// decides how much work the launch does.
  bool gridFollows = false;
  /// The roots, ascending, whose values are a launch the GPU can run.
  std::vector<uint64_t> validRoots;
};

/// The host values of the launch \p known on its own; nothing when its
/// site has none, or no part \p known lacks is computed from them (then
/// assumeHostValues assumes nothing either).
std::optional<OwnHostValue> ownHostValue(const KernelInfo &kernel,
                                         const access::IndexUse &use,
                                         const arch::ArchDescription &arch,
                                         const PartialLaunch &known);

/// The one value that integers of the host code hold in every launch of a
/// file whose values are computed from them (groupHostValues), and why.
struct SharedHostValue {
  uint64_t root = 0;
  std::string basis;
};

/// Assumes the integers of the host code that the unknown values of the
/// launch \p known are computed from (LaunchSite::rooted): all of them one
/// power of two, \p shared where the file's launches share them (and it
/// is valid for this launch), else the launch's own (ownHostValue),
/// divided by SizeDivisor scale.sizeDivisions times. The grid, block,
/// shared memory and arguments the source computes from it that \p known
/// lacks go into \p layer, the assumption into \p out. False when the
/// site has no such values or none gives a missing part.
bool assumeHostValues(const KernelInfo &kernel, const access::IndexUse &use,
                      const arch::ArchDescription &arch,
                      const PartialLaunch &known, const AssumptionScale &scale,
                      const SharedHostValue *shared, LaunchOverrides &layer,
                      std::vector<LaunchAssumption> &out);

/// Whether \p a and \p b are one variable of the host code: the same name
/// declared at the same place.
bool sameHostVariable(const HostRoot &a, const HostRoot &b);

/// A launch of a file that takes host values (ownHostValue), as the file's
/// launches are grouped by the host variables they read.
struct HostValueLaunch {
  std::string kernel;
  unsigned line = 0; ///< Of the launch.
  std::vector<HostRoot> roots;
  OwnHostValue own;
};

/// Launches that read one host variable, directly or through another launch
/// that reads it and another: one assumed value for all of them.
struct HostValueGroup {
  std::vector<size_t> launches; ///< Indices into the launches grouped.
  std::vector<HostRoot> roots;  ///< Every variable any of them reads.
  /// The value, then the smaller ones it steps down to while a launch's
  /// trace cannot be prepared with it (each at most a SizeDivisor-th of
  /// the one before, among the values valid for every launch).
  std::vector<uint64_t> steps;
  std::string basis;
};

/// Groups \p launches by the host variables they read (sameHostVariable)
/// and picks each group's value: the smallest of the values its launches
/// take on their own, among those whose grid follows it when there are
/// any, within the values valid for all of them. Only groups of two or
/// more launches that have values valid for all of them.
std::vector<HostValueGroup>
groupHostValues(llvm::ArrayRef<HostValueLaunch> launches);

/// The host values a group of a file's launches holds (HostValueGroup):
/// every launch that reads one of \p roots takes \p value.
struct FileHostValue {
  std::vector<HostRoot> roots;
  SharedHostValue value;
};

/// Divides the assumed grid of \p config by SizeDivisor in its widest
/// dimension (at least 1), for an array that grows with the grid (one
/// element per thread) and spans more than gpurd lays out; \p reason says
/// so. False when config assumed no grid or it is one block wide.
bool shrinkAssumedGrid(const std::string &reason, LaunchConfig &config,
                       std::optional<unsigned> dimension = std::nullopt);

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
/// scale.loopDivisions more for a loop's bound, and at least 1),
/// floating-point values 1, bools true.
void assumeArguments(
    const KernelInfo &kernel, const access::IndexUse &use,
    llvm::ArrayRef<std::pair<std::string, std::string>> unknown,
    LaunchConfig &config, const AssumptionScale &scale = {});

/// The components of \p dim, when each is known and not 0.
std::optional<std::array<uint64_t, 3>> dimOf(const Dim3Value &dim);

/// The evaluation of \p known's launch site whose block's own variables
/// make the block \p block (LaunchSite::configured), if one does.
const RootedLaunch *configuredAt(const PartialLaunch &known,
                                 const std::array<uint64_t, 3> &block);

/// The dynamic shared memory and the scalar arguments \p known lacks that
/// \p probe (the source at the block's variables) computes, into \p layer;
/// each is stated in \p out as following the block.
void followBlock(const KernelInfo &kernel, const PartialLaunch &known,
                 const LaunchSite &site, const RootedLaunch &probe,
                 LaunchOverrides &layer, std::vector<LaunchAssumption> &out);

/// Whether the integer parameter \p name of \p kernel bounds one of its
/// loops (IndexUse::loopBounds).
bool boundsLoop(const KernelInfo &kernel, const access::IndexUse &use,
                llvm::StringRef name);

/// Whether the integer parameter \p name of \p kernel may be made smaller
/// to shorten its blocks or narrow its arrays (IndexUse::shrinks): it
/// bounds a loop, or it is no guard on the thread's index.
bool shrinksArgument(const KernelInfo &kernel, const access::IndexUse &use,
                     llvm::StringRef name);

/// Where the integer parameter \p name of \p kernel indexes a device array
/// of fixed extent (use.tableIndices: `table[op]`), why it is assumed 0: a
/// value that follows the launch's sizes would read past the array.
std::optional<std::string> tableIndexBasis(const KernelInfo &kernel,
                                           const access::IndexUse &use,
                                           llvm::StringRef name);

/// Whether \p config assumed, one by one, an integer argument larger than 1
/// of those \p counts takes (not one that follows the block).
bool assumedArgumentAboveOne(
    const LaunchConfig &config,
    llvm::function_ref<bool(const LaunchAssumption &)> counts);

/// Whether \p config assumed an integer argument larger than 1 (a smaller
/// one is left to try).
bool assumedSizes(const LaunchConfig &config);

/// What a LaunchBoundError says: the bound, how far the access reached,
/// the message, and the first thread that made the access.
struct BoundFailure {
  LaunchBound bound;
  uint64_t reach = 0;
  std::string message;
  std::optional<std::array<uint32_t, 3>> thread;
};

/// \p error as a BoundFailure, if it is a LaunchBoundError (it stays an
/// error).
std::optional<BoundFailure> boundOf(llvm::Error &error);

/// What a run that left \p bound did, for the basis of smaller values.
std::string boundReason(LaunchBound bound);

/// The error of a launch whose runs under assumed values all left a bound
/// (LaunchBoundError): gpurd's assumption failed, which the bound's own
/// message (an access before the pointer the kernel is given) would blame
/// on the kernel. It names the values \p first (the first run's launch)
/// assumed, what that run did (\p failure), the \p retries runs with
/// smaller values that failed too and the values of the last of them
/// (\p last), and the inputs that give the real values: \p hostArgs are
/// the arguments the source computes from assumed host values.
llvm::Error assumptionFailedError(const LaunchConfig &first,
                                  const BoundFailure &failure, unsigned retries,
                                  const LaunchConfig &last,
                                  llvm::ArrayRef<std::string> hostArgs);

} // namespace gpurd::driver

#endif // GPURD_LIB_DRIVER_ASSUMPTIONS_H

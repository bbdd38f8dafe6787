//===- LaunchConfig.h - A kernel launch configuration -----------*- C++ -*-===//
//
// A kernel's launch configuration (grid, block, dynamic shared memory, scalar
// argument values) is resolved from three layers, later ones overriding
// earlier ones: the launch site found in the source, a launch-spec JSON file,
// and values given by other means (a tool's command line). What is still
// unknown after that is an error that names the kernel, what is missing and
// the input that supplies it (a UserInput reference, Support/UserInput.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_LAUNCHCONFIG_H
#define GPURD_FRONTEND_LAUNCHCONFIG_H

#include "gpurd/Frontend/KernelInfo.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpurd {

/// What one layer (launch spec entry or command line) says about a launch.
struct LaunchOverrides {
  std::optional<std::array<uint64_t, 3>> grid;
  std::optional<std::array<uint64_t, 3>> block;
  std::optional<uint64_t> dynamicSharedBytes;
  /// Without a whole grid: the components of the grid this layer gives
  /// (0: unknown), which an assumed grid keeps as written (the source's
  /// `dim3(ceil_div(T, 256), B * NH)` under an assumed host value T gives x
  /// while B * NH stays unknown).
  std::array<uint64_t, 3> gridComponents{0, 0, 0};
  /// Scalar argument values by parameter name, as written (`4096`, `0.5`).
  std::map<std::string, std::string> args;
  /// Which launch of the kernel to start from (1-based): its launch sites in
  /// source order, each with its variants (LaunchVariant).
  std::optional<unsigned> launchIndex;
  /// Where these values came from, for messages (`spec.json`, `command line`).
  std::string origin;
};

/// A launch-spec file: overrides per kernel name.
struct LaunchSpec {
  std::vector<std::pair<std::string, LaunchOverrides>> kernels;
};

/// Parses `64`, `64,32` or `64,32,2` (also `64x32`) into a dim3; missing
/// components are 1. \p what names the input for messages.
llvm::Expected<std::array<uint64_t, 3>> parseDim3(llvm::StringRef text,
                                                  llvm::StringRef what);

/// Parses `name=value` strings (scalar argument values).
llvm::Expected<std::map<std::string, std::string>>
parseArgAssignments(const std::vector<std::string> &assignments);

/// Parses a launch-spec JSON document; \p source names it in messages.
llvm::Expected<LaunchSpec> parseLaunchSpec(llvm::StringRef text,
                                           llvm::StringRef source);
/// Reads and parses a launch-spec file.
llvm::Expected<LaunchSpec> loadLaunchSpec(llvm::StringRef path);

/// Finds a kernel by its full name (`ns::mm<32>`), its name without scope, or
/// its name without template arguments when that is unambiguous. The error
/// lists the kernels that exist.
llvm::Expected<const KernelInfo *> findKernel(const TranslationUnitInfo &unit,
                                              llvm::StringRef name);

/// A value of a launch that neither the source nor the inputs gave and that
/// the analysis assumed (lib/Driver's assumptions, docs/assumptions.md).
struct LaunchAssumption {
  /// What was assumed: `grid`, `block`, `dynamic shared memory`, or the
  /// name of a scalar argument.
  std::string part;
  /// The value, as printed (`(4096, 1, 1)`, `2048`).
  std::string value;
  /// Why this value (`the kernel reads threadIdx.y; ...`).
  std::string basis;
  /// Why it was unknown and the input that gives the real value
  /// (missingPartMessage).
  std::string missing;
  /// A scalar argument (printed `n = 2048`), not a launch dimension
  /// (printed `grid (4096, 1, 1)`).
  bool argument = false;
  /// For integers of the host code that the launch's values are computed
  /// from (RootedLaunch, KernelInfo.h): their names (printed `sx = sy =
  /// 4096`), and the value all of them hold.
  std::vector<std::string> hostNames;
  uint64_t root = 0;
  /// For an assumed grid or block: the components the source gives (0 for
  /// an unknown one), which the assumption and every retry keep as
  /// written (`dim3 grid(1, n)` with `n` unknown is assumed in y only).
  std::array<uint64_t, 3> given{0, 0, 0};
  /// A value the source computes from the variables of an assumed block
  /// (LaunchSite::configured): it follows the block, and no retry changes
  /// the block or it on its own.
  bool followsBlock = false;

  /// What was assumed, why, and how to give the real value: `block (256,
  /// 1, 1) (the kernel reads threadIdx.x only); ...`.
  std::string describe() const;
};

/// A fully known launch configuration.
struct LaunchConfig {
  std::string kernel;
  std::array<uint64_t, 3> grid{1, 1, 1};
  std::array<uint64_t, 3> block{1, 1, 1};
  uint64_t dynamicSharedBytes = 0;
  /// Scalar arguments in parameter order (pointers are left out).
  std::vector<LaunchArgument> args;
  /// The launch site it started from, if any.
  std::optional<SourcePosition> site;
  /// How that site starts the kernel: LaunchSite::api and
  /// LaunchSite::pointer.
  std::string siteApi;
  std::optional<LaunchPointer> sitePointer;
  /// The variant of that site, and which of the kernel's launches it is
  /// (1-based, of launchCount; 0 without a launch site), and whether a layer
  /// chose it.
  LaunchVariant siteVariant;
  unsigned launchNumber = 0, launchCount = 0;
  bool launchChosen = false;
  /// Which layer supplied each part (`source`, a spec file, `command line`).
  std::string gridOrigin, blockOrigin, sharedOrigin;
  /// Resolved with unknown arguments allowed: the scalar arguments without
  /// a value (parameter name, and the message that says why and how to
  /// give it), for the caller to require only where they matter.
  std::vector<std::pair<std::string, std::string>> unknownArgs;
  /// Values the analysis assumed, in the order it assumed them.
  std::vector<LaunchAssumption> assumptions;

  uint64_t threadsPerBlock() const { return block[0] * block[1] * block[2]; }
  uint64_t blocks() const { return grid[0] * grid[1] * grid[2]; }
};

/// What is known of a launch after applying the layers: each part may still
/// be missing.
struct PartialLaunch {
  const LaunchSite *site = nullptr;
  /// Which of the kernel's launches site is (1-based, of launchCount), and
  /// whether a layer chose it.
  unsigned launchNumber = 0, launchCount = 0;
  bool launchChosen = false;
  std::optional<std::array<uint64_t, 3>> grid, block;
  /// Without a whole grid: the components a layer or the site gives (0:
  /// unknown; LaunchOverrides::gridComponents).
  std::array<uint64_t, 3> gridComponents{0, 0, 0};
  std::optional<uint64_t> dynamicSharedBytes;
  /// Known scalar argument values by parameter name.
  std::map<std::string, EvaluatedValue> args;
  std::string gridOrigin, blockOrigin, sharedOrigin;
};

/// The parts of a launch a message can name as missing.
enum class LaunchPart { Grid, Block, DynamicShared, Argument };

/// A dim3 as gpurd prints it: `(x, y, z)`.
std::string dimText(const std::array<uint64_t, 3> &dim);

/// Why \p part of \p launch (the scalar argument \p argument) is unknown and
/// which input gives it: "the grid size (the launch at k.cu:12) is 'g': 'n'
/// is a parameter of 'run'; give it with {{input:grid X[,Y[,Z]]}} or ...".
std::string missingPartMessage(const PartialLaunch &launch, LaunchPart part,
                               llvm::StringRef argument = {});

/// Applies the override layers to the launch site of \p kernel (the first,
/// or the one a layer selects). Fails only on invalid overrides.
llvm::Expected<PartialLaunch>
mergeLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel,
            llvm::ArrayRef<const LaunchOverrides *> layers);

/// Resolves the launch configuration of \p kernel from its launch sites in
/// \p unit and the override layers (applied in order). Fails with every
/// missing or invalid piece listed; with \p allowUnknownArgs, scalar
/// arguments without a value are listed in LaunchConfig::unknownArgs
/// instead.
llvm::Expected<LaunchConfig>
resolveLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel,
              llvm::ArrayRef<const LaunchOverrides *> layers,
              bool allowUnknownArgs = false);

} // namespace gpurd

#endif // GPURD_FRONTEND_LAUNCHCONFIG_H

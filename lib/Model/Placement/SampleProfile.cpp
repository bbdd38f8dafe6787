//===- SampleProfile.cpp - Measured events of the sample placement --------===//

#include "gpurd/Model/Placement/SampleProfile.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model::placement {
namespace {

llvm::Error profileError(const MeasuredEvents &measured,
                         const llvm::Twine &message) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      (measured.source + ": kernel '" + measured.kernel + "': " + message)
          .str());
}

/// Eq. 5's off-chip share: the memory instructions not served by constant
/// or shared memory.
double offChipShare(const KernelEvents &events) {
  return std::max(0.0, 1.0 - events.constantRatio - events.sharedRatio);
}

} // namespace

llvm::Expected<ProfileCorrection>
profileCorrection(const MeasuredEvents &measured, const KernelEvents &written) {
  for (const auto &[rate, name] :
       {std::pair{measured.l1HitRate, "the L1 hit rate"},
        std::pair{measured.l2HitRate, "the L2 hit rate"}})
    if (rate && !(*rate >= 0 && *rate <= 1))
      return profileError(measured,
                          llvm::formatv("{0} is {1:P1}, not a share of 0 "
                                        "to 100%",
                                        name, *rate));
  double warps = written.totalWarps;
  if (measured.warpsLaunched) {
    if (std::abs(*measured.warpsLaunched - warps) >
        WarpsTolerance * std::max(1.0, warps))
      return profileError(
          measured,
          llvm::formatv("the profile's launch has {0:F0} warps, the launch "
                        "analysed {1:F0}: profile the launch gpurd analyses "
                        "(its grid and block), or give gpurd that one",
                        *measured.warpsLaunched, warps));
    warps = *measured.warpsLaunched;
  }
  ProfileCorrection out;
  if (measured.instructionsIssued && warps > 0)
    out.instructions =
        *measured.instructionsIssued / warps - written.instructions;
  // The off-chip instructions split by the measured rates: the L1 serves
  // l1HitRate of them, and of the rest DRAM serves (1 - l2HitRate).
  const double offChip = offChipShare(written);
  const double l1 =
      measured.l1HitRate ? offChip * *measured.l1HitRate : written.l1Ratio;
  const double beyondL1 = std::max(0.0, offChip - l1);
  double dram = written.missRatio;
  if (measured.l2HitRate)
    dram = beyondL1 * (1 - *measured.l2HitRate);
  else if (measured.l1HitRate) {
    // The model's share of DRAM among what passes the L1.
    const double modelBeyond = offChip - written.l1Ratio;
    dram = modelBeyond > 0 ? beyondL1 * written.missRatio / modelBeyond : 0;
  }
  out.l1Ratio = l1 - written.l1Ratio;
  out.missRatio = dram - written.missRatio;
  return out;
}

KernelEvents corrected(const KernelEvents &events,
                       const ProfileCorrection &correction) {
  KernelEvents out = events;
  out.instructions = std::max(events.instructions + correction.instructions,
                              events.memoryInstructions);
  const double offChip = offChipShare(events);
  out.l1Ratio = std::clamp(events.l1Ratio + correction.l1Ratio, 0.0, offChip);
  out.missRatio = std::clamp(events.missRatio + correction.missRatio, 0.0,
                             offChip - out.l1Ratio);
  return out;
}

} // namespace gpurd::model::placement

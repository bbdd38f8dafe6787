//===- BufferUses.h - Other kernels' uses of a kernel's array ----*- C++
//-*-===//
//
// A change to the layout of an array (gpurd-uncoalesced-access's array
// stored transposed) changes it for every kernel of the program that uses
// the same memory, not only for the kernel a check looks at. The front end
// knows which host expression each launch of the file passes to each pointer
// parameter (LaunchSite::args): two launches that pass the same expression
// (`A_gpu`) are taken to pass the same buffer. When the kernel's own launch
// does not say (no launch in the file, an argument it could not read), a
// kernel of the file with a pointer parameter of the same name and element
// type is taken to use the same array, and so is a kernel the file never
// launches. How such a kernel accesses the array comes from its access model
// (lib/Access), specialised with the launch values the file gives it.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ADVISOR_BUFFERUSES_H
#define GPURD_LIB_ADVISOR_BUFFERUSES_H

#include "gpurd/Advisor/Check.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

/// Another kernel's use of the buffer a kernel's pointer parameter holds.
struct BufferUse {
  const KernelInfo *kernel = nullptr;
  /// Its parameter that holds the buffer.
  std::string parameter;
  /// The launch that passes it, and the host expression both launches pass
  /// (`A_gpu`); null and empty when the use was matched by the parameter's
  /// name.
  const LaunchSite *launch = nullptr;
  std::string hostText;
  /// The other kernel's accesses, and the index of the buffer's array in
  /// them (-1 when its compiled code does not access it).
  std::shared_ptr<const access::AccessModel> model;
  int array = -1;
  /// Why its accesses could not be analysed (then model is null).
  std::string notAnalysed;
};

/// The uses of \p array (a pointer parameter of \p context's kernel) by the
/// other kernels of the file, and by other launches of the same kernel that
/// pass the buffer to another parameter. Empty for an array of another
/// origin (a `__device__` variable is every kernel's).
std::vector<BufferUse> otherKernelUses(const CheckContext &context,
                                       const access::ArrayInfo &array);

/// The bytes between the addresses of neighbouring threads in x
/// (threadIdx.x and threadIdx.x + 1) at affine \p site of \p model, when it
/// is the same for every pair of the first warp's threads that the site's
/// domain holds for, taken at block 0 in the first iteration of its loops
/// with the parameters the launch leaves unknown at 0; none when no pair is
/// in the domain there or the site is not affine.
std::optional<int64_t> threadXStep(const access::AccessModel &model,
                                   const access::AccessSite &site);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_BUFFERUSES_H

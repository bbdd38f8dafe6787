//===- TransposedArrays.cpp - Arrays stored transposed in a trace ---------===//

#include "gpurd/Trace/TransposedArrays.h"
#include "ArrayByName.h"
#include "gpurd/Trace/BufferExtents.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <vector>

using namespace llvm;

namespace gpurd::trace {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// An array's place and its transposed shape.
struct Transposed {
  uint64_t base = 0;
  TransposedShape shape;
};

/// Where \p array starts in \p layout when it is a global array the kernel
/// is given (a pointer parameter or a `__device__` variable).
std::optional<uint64_t> globalBaseOf(const access::ArrayInfo &array,
                                     const MemoryLayout &layout) {
  using Origin = access::ArrayInfo::Origin;
  if ((array.space != MemorySpace::Global &&
       array.space != MemorySpace::GlobalReadOnly) ||
      (array.origin != Origin::Parameter && array.origin != Origin::Variable))
    return std::nullopt;
  return arrayBase(layout, array, array.space);
}

/// The shape of array \p index stored transposed with rows of \p rowBytes.
Expected<Transposed> transposedOf(const access::AccessModel &model, int index,
                                  const MemoryLayout &layout,
                                  uint64_t rowBytes) {
  const access::ArrayInfo &array = model.arrays[index];
  auto fail = [&](const Twine &why) {
    return makeError("'" + array.name +
                     "' cannot be stored transposed: " + why);
  };
  std::optional<uint64_t> base = globalBaseOf(array, layout);
  if (!base)
    return fail("it is not a global array the kernel is given");
  Transposed out;
  out.base = *base;
  out.shape.rowBytes = rowBytes;
  for (const access::AccessSite &site : model.sites) {
    if (site.array != index || site.kind == AccessKind::Barrier ||
        site.neverExecuted)
      continue;
    if (out.shape.elementBytes && site.sizeBytes != out.shape.elementBytes)
      return fail("its accesses read " +
                  std::to_string(out.shape.elementBytes) + " and " +
                  std::to_string(site.sizeBytes) + " bytes");
    out.shape.elementBytes = site.sizeBytes;
  }
  if (!out.shape.elementBytes)
    return fail("the kernel does not access it");
  if (rowBytes <= out.shape.elementBytes || rowBytes % out.shape.elementBytes)
    return fail("a row of " + std::to_string(rowBytes) +
                " bytes is not several of its " +
                std::to_string(out.shape.elementBytes) + "-byte elements");
  ArrayExtent extent = accessedExtent(model, index);
  if (!extent.complete || extent.empty() || extent.begin < 0)
    return fail("not every access of it is affine under the launch");
  if (uint64_t(extent.end) % rowBytes)
    return fail("the kernel reaches " + std::to_string(extent.end) +
                " bytes of it, not a whole number of " +
                std::to_string(rowBytes) + "-byte rows");
  out.shape.rows = uint64_t(extent.end) / rowBytes;
  return out;
}

/// A producer whose accesses of some sites go to transposed arrays.
class TransposedArraysSource : public WarpTraceRewriter {
public:
  TransposedArraysSource(std::unique_ptr<WarpTraceSource> inner,
                         std::vector<std::optional<Transposed>> siteArrays)
      : WarpTraceRewriter(std::move(inner)), siteArrays(std::move(siteArrays)) {
  }

protected:
  void rewrite(WarpTrace &warp) const override {
    for (WarpInstruction &instruction : warp.instructions) {
      if (instruction.site >= siteArrays.size() ||
          !siteArrays[instruction.site])
        continue;
      const Transposed &array = *siteArrays[instruction.site];
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if (instruction.activeMask >> lane & 1)
          instruction.addresses[lane] =
              array.base + array.shape.transposedOffset(
                               instruction.addresses[lane] - array.base);
    }
  }

private:
  /// By site id: the transposed array the site accesses.
  std::vector<std::optional<Transposed>> siteArrays;
};

} // namespace

Expected<std::unique_ptr<WarpTraceSource>> withTransposedArrays(
    std::unique_ptr<WarpTraceSource> source, const access::AccessModel &model,
    const MemoryLayout &layout, const ArrayTransposes &transposes) {
  std::vector<std::optional<Transposed>> siteArrays;
  for (const auto &[name, rowBytes] : transposes) {
    Expected<int> found = arrayByName(model, name, "to store transposed");
    if (!found)
      return found.takeError();
    const int index = *found;
    auto transposed = transposedOf(model, index, layout, rowBytes);
    if (!transposed)
      return transposed.takeError();
    for (const access::AccessSite &site : model.sites)
      if (site.array == index && site.kind != AccessKind::Barrier) {
        if (siteArrays.size() <= site.id)
          siteArrays.resize(site.id + 1);
        siteArrays[site.id] = *transposed;
      }
  }
  return std::make_unique<TransposedArraysSource>(std::move(source),
                                                  std::move(siteArrays));
}

} // namespace gpurd::trace

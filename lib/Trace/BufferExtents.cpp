//===- BufferExtents.cpp - Bytes of each array the model accesses ---------===//

#include "gpurd/Trace/BufferExtents.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/val.h>

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace gpurd::trace {
namespace {

/// Work isl may do per access relation before the site counts as unbounded.
constexpr unsigned long MaxIslOperations = 10000000;

struct ContextFree {
  void operator()(isl_ctx *ctx) const { isl_ctx_free(ctx); }
};
struct SetFree {
  void operator()(isl_set *set) const { isl_set_free(set); }
};
using SetPtr = std::unique_ptr<isl_set, SetFree>;
struct AffFree {
  void operator()(isl_aff *aff) const { isl_aff_free(aff); }
};
struct ValFree {
  void operator()(isl_val *val) const { isl_val_free(val); }
};
using ValPtr = std::unique_ptr<isl_val, ValFree>;

/// The integer \p value as an int64_t; nothing for NaN, an infinity or a
/// value that does not fit.
std::optional<int64_t> integerOf(const ValPtr &value) {
  if (!value || isl_val_is_int(value.get()) != isl_bool_true ||
      isl_val_is_nan(value.get()) == isl_bool_true ||
      isl_val_n_abs_num_chunks(value.get(), 63) > 1)
    return std::nullopt;
  return isl_val_get_num_si(value.get());
}

/// The byte offsets [lowest, highest] that \p relation (`{ S[...] -> A[o] :
/// domain }`) reaches; nothing when isl cannot say, and {1, 0} when it
/// reaches none. isl_set_min_val/max_val solve one integer program each
/// over the range; lexmin/lexmax of the same range (which keep the
/// existentials of a `mod` and a `floor` in a piecewise solution) took 10 s
/// per site on the CUDA samples' Mandelbrot1 against 0.02 s.
std::optional<std::pair<int64_t, int64_t>>
offsetRange(isl_ctx *ctx, const std::string &text) {
  isl_map *map = isl_map_read_from_str(ctx, text.c_str());
  if (!map)
    return std::nullopt;
  SetPtr range(isl_map_range(map));
  if (!range || isl_set_dim(range.get(), isl_dim_param) != 0 ||
      isl_set_dim(range.get(), isl_dim_set) != 1)
    return std::nullopt;
  std::unique_ptr<isl_aff, AffFree> offset(isl_aff_var_on_domain(
      isl_local_space_from_space(isl_set_get_space(range.get())), isl_dim_set,
      0));
  ValPtr highest(isl_set_max_val(range.get(), offset.get()));
  ValPtr lowest(isl_set_min_val(range.get(), offset.get()));
  // NaN: the range is empty (the site reaches no byte under the launch).
  if (highest && isl_val_is_nan(highest.get()) == isl_bool_true)
    return std::make_pair(int64_t(1), int64_t(0));
  std::optional<int64_t> high = integerOf(highest);
  std::optional<int64_t> low = integerOf(lowest);
  if (!low || !high)
    return std::nullopt; // unbounded, or isl gave up
  return std::make_pair(*low, *high);
}

using OffsetRange = std::optional<std::pair<int64_t, int64_t>>;

/// offsetRange of each access relation already solved. A relation's text
/// names the launch's values, so a text gives one range; the runs of a
/// file ask for the same relations again and again (every trace source,
/// default buffer plan and check of each what-if run: 16% of SHOC's
/// S3D.cu, whose 54 kernels are prepared 159 times).
class OffsetRangeCache {
public:
  OffsetRange get(const std::string &text) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto known = ranges.find(text);
      if (known != ranges.end())
        return known->second;
    }
    std::unique_ptr<isl_ctx, ContextFree> ctx(isl_ctx_alloc());
    isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(ctx.get(), MaxIslOperations);
    OffsetRange range = offsetRange(ctx.get(), text);
    std::lock_guard<std::mutex> lock(mutex);
    ranges.try_emplace(text, range);
    return range;
  }

private:
  std::mutex mutex;
  llvm::StringMap<OffsetRange> ranges;
};

OffsetRangeCache &offsetRanges() {
  static OffsetRangeCache cache;
  return cache;
}

} // namespace

ArrayExtent accessedExtent(const access::AccessModel &model, int array) {
  ArrayExtent extent;
  bool any = false;
  for (const access::AccessSite &site : model.sites) {
    if (site.array != array || site.kind == AccessKind::Barrier ||
        site.neverExecuted)
      continue;
    if (!site.affine || site.islAccess.empty()) {
      extent.complete = false;
      continue;
    }
    OffsetRange range = offsetRanges().get(site.islAccess);
    if (!range) {
      extent.complete = false;
      continue;
    }
    if (range->first > range->second)
      continue; // reaches no byte under this launch
    int64_t begin = range->first;
    int64_t end = range->second + int64_t(std::max(site.sizeBytes, 1u));
    extent.begin = any ? std::min(extent.begin, begin) : begin;
    extent.end = any ? std::max(extent.end, end) : end;
    any = true;
  }
  return extent;
}

} // namespace gpurd::trace

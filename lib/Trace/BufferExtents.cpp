//===- BufferExtents.cpp - Bytes of each array the model accesses ---------===//

#include "gpurd/Trace/BufferExtents.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <memory>

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

/// The one coordinate of the point of the singleton \p set (lexmin or
/// lexmax of a bounded one-dimensional set), if it is an integer that fits.
std::optional<int64_t> onlyCoordinate(SetPtr set) {
  if (!set)
    return std::nullopt;
  isl_point *point = isl_set_sample_point(set.release());
  if (!point)
    return std::nullopt;
  isl_val *value = isl_point_get_coordinate_val(point, isl_dim_set, 0);
  isl_point_free(point);
  std::optional<int64_t> out;
  if (value && isl_val_is_int(value) == isl_bool_true)
    out = isl_val_get_num_si(value);
  isl_val_free(value);
  return out;
}

/// The byte offsets [lowest, highest] that \p relation (`{ S[...] -> A[o] :
/// domain }`) reaches; nothing when isl cannot say, and {1, 0} when it
/// reaches none.
std::optional<std::pair<int64_t, int64_t>>
offsetRange(isl_ctx *ctx, const std::string &text) {
  isl_map *map = isl_map_read_from_str(ctx, text.c_str());
  if (!map)
    return std::nullopt;
  SetPtr range(isl_map_range(map));
  if (!range || isl_set_dim(range.get(), isl_dim_param) != 0 ||
      isl_set_dim(range.get(), isl_dim_set) != 1)
    return std::nullopt;
  isl_bool empty = isl_set_is_empty(range.get());
  if (empty == isl_bool_true)
    return std::make_pair(int64_t(1), int64_t(0));
  if (empty != isl_bool_false ||
      isl_set_is_bounded(range.get()) != isl_bool_true)
    return std::nullopt;
  std::optional<int64_t> lowest =
      onlyCoordinate(SetPtr(isl_set_lexmin(isl_set_copy(range.get()))));
  std::optional<int64_t> highest =
      onlyCoordinate(SetPtr(isl_set_lexmax(range.release())));
  if (!lowest || !highest)
    return std::nullopt;
  return std::make_pair(*lowest, *highest);
}

} // namespace

ArrayExtent accessedExtent(const access::AccessModel &model, int array) {
  std::unique_ptr<isl_ctx, ContextFree> ctx(isl_ctx_alloc());
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
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
    isl_ctx_reset_operations(ctx.get());
    isl_ctx_set_max_operations(ctx.get(), MaxIslOperations);
    auto range = offsetRange(ctx.get(), site.islAccess);
    isl_ctx_reset_error(ctx.get());
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

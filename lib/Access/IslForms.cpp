//===- IslForms.cpp - isl forms of an access model ------------------------===//

#include "IslForms.h"
#include "Isl.h"

#include "llvm/Support/raw_ostream.h"

namespace gpurd::access {
namespace {

std::string join(const std::vector<std::string> &parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ", " : "") + parts[i];
  return out;
}

} // namespace

llvm::Error computeIslForms(AccessModel &model, unsigned long maxOperations) {
  IslContext ctx(maxOperations);
  std::vector<std::string> names = model.variableNames();
  std::vector<std::string> params;
  for (unsigned p : model.parameters())
    params.push_back(names[p]);
  std::string prefix = "[" + join(params) + "] -> ";

  // Loop bounds, simplified by isl for display: [vars] -> { [expr] }.
  for (LoopInfo &loop : model.loops) {
    if (!loop.lastIteration)
      continue;
    std::vector<std::string> used;
    for (unsigned v = 0; v < names.size(); ++v)
      if (loop.lastIteration->uses(v))
        used.push_back(names[v]);
    std::string text = "[" + join(used) + "] -> { [" +
                       loop.lastIteration->str(names) + "] }";
    IslPtr<isl_set> bound(isl_set_read_from_str(ctx.get(), text.c_str()));
    if (!bound) {
      llvm::consumeError(ctx.takeError("loop bound"));
      loop.islLastIteration = loop.lastIteration->str(names);
      continue;
    }
    std::string printed = islString(isl_set_to_str(bound.get()));
    // Keep what is between "{ [" and "] }".
    size_t open = printed.find("{ [");
    size_t close = printed.rfind("] }");
    loop.islLastIteration = open != std::string::npos && close > open
                                ? printed.substr(open + 3, close - open - 3)
                                : printed;
  }

  for (AccessSite &site : model.sites) {
    if (!site.affine)
      continue;
    std::vector<std::string> dims;
    for (unsigned d : site.dimensions)
      dims.push_back(names[d]);
    std::string tuple = "S" + std::to_string(site.id) + "[" + join(dims) + "]";
    std::string condition = site.domain.str(names);

    std::string domainText = prefix + "{ " + tuple + " : " + condition + " }";
    IslPtr<isl_set> domain(isl_set_read_from_str(ctx.get(), domainText.c_str()));
    if (!domain) {
      bool quota = ctx.lastErrorWasQuota();
      llvm::Error error = ctx.takeError("isl rejected the domain " + domainText);
      if (!quota)
        return error;
      llvm::consumeError(std::move(error));
      site.affine = false;
      site.reason = NonAffineReason{NonAffineReason::Kind::Complexity,
                                    "isl's operation limit was reached",
                                    site.position};
      continue;
    }
    domain.reset(isl_set_coalesce(domain.release()));
    isl_bool empty = domain ? isl_set_is_empty(domain.get()) : isl_bool_error;
    if (!domain || empty == isl_bool_error) {
      llvm::consumeError(ctx.takeError("domain"));
      site.affine = false;
      site.reason = NonAffineReason{NonAffineReason::Kind::Complexity,
                                    "isl's operation limit was reached",
                                    site.position};
      continue;
    }
    site.neverExecuted = empty == isl_bool_true;
    site.islDomain = islString(isl_set_to_str(domain.get()));

    if (site.kind != AccessKind::Barrier && site.array >= 0) {
      std::string array = model.arrays[site.array].name;
      std::string accessText = prefix + "{ " + tuple + " -> " + array +
                               "[" + site.offset.str(names) + "] }";
      IslPtr<isl_map> access(isl_map_read_from_str(ctx.get(), accessText.c_str()));
      if (access) {
        access.reset(isl_map_intersect_domain(access.release(),
                                              isl_set_copy(domain.get())));
        access.reset(isl_map_coalesce(access.release()));
      }
      if (!access) {
        bool quota = ctx.lastErrorWasQuota();
        llvm::Error error = ctx.takeError("isl rejected the access " + accessText);
        if (!quota)
          return error;
        llvm::consumeError(std::move(error));
        site.affine = false;
        site.reason = NonAffineReason{NonAffineReason::Kind::Complexity,
                                      "isl's operation limit was reached",
                                      site.position};
        continue;
      }
      site.islAccess = islString(isl_map_to_str(access.get()));
    }

    // Program order within a thread: [position, loop variable, position...].
    std::vector<std::string> time;
    for (size_t level = 0; level < site.loops.size(); ++level) {
      time.push_back(std::to_string(site.schedule[level]));
      time.push_back(names[model.loops[site.loops[level]].variable]);
    }
    time.push_back(std::to_string(site.schedule.back()));
    std::string scheduleText =
        prefix + "{ " + tuple + " -> [" + join(time) + "] }";
    IslPtr<isl_map> schedule(
        isl_map_read_from_str(ctx.get(), scheduleText.c_str()));
    if (!schedule)
      return ctx.takeError("isl rejected the schedule " + scheduleText);
    site.islSchedule = islString(isl_map_to_str(schedule.get()));
  }
  return llvm::Error::success();
}

} // namespace gpurd::access

//===- IslForms.cpp - isl forms of an access model ------------------------===//

#include "IslForms.h"
#include "Isl.h"
#include "IslNames.h"
#include "gpurd/Support/UserInput.h"

#include <isl/aff.h>

#include "llvm/Support/raw_ostream.h"

namespace gpurd::access {
namespace {

std::string join(const std::vector<std::string> &parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ", " : "") + parts[i];
  return out;
}

/// Whether \p text is something isl parses when not bounded: tells an
/// operation-limit failure (which isl may report as a syntax error) from a
/// real error in what gpurd printed.
bool parsesUnbounded(const std::string &text) {
  IslContext unbounded(0);
  IslPtr<isl_map> map(isl_map_read_from_str(unbounded.get(), text.c_str()));
  if (map)
    return true;
  llvm::consumeError(unbounded.takeError("check"));
  IslPtr<isl_set> set(isl_set_read_from_str(unbounded.get(), text.c_str()));
  llvm::consumeError(unbounded.takeError("check"));
  return static_cast<bool>(set);
}

/// The site falls back (to the emulator) when isl runs out of operations.
void giveUp(AccessSite &site) {
  site.affine = false;
  site.islDomain.clear();
  site.islAccess.clear();
  site.islSchedule.clear();
  site.reason =
      NonAffineReason{NonAffineReason::Kind::Complexity,
                      "isl's operation limit was reached (" +
                          userInput(UserInput::IslMaxOperations) + ")",
                      site.position};
}

/// Handles a failed isl call on \p text: an operation-limit failure makes
/// the site non-affine, anything else is an error (a bug in gpurd).
llvm::Error failed(IslContext &ctx, AccessSite &site, const std::string &what,
                   const std::string &text) {
  bool quota = ctx.lastErrorWasQuota();
  llvm::Error error = ctx.takeError("isl rejected the " + what + " " + text);
  if (quota || parsesUnbounded(text)) {
    llvm::consumeError(std::move(error));
    giveUp(site);
    return llvm::Error::success();
  }
  return error;
}

/// `expr` of a pw_aff printed by isl, `[n] -> { [(-1 + n)] }` -> `-1 + n`;
/// the whole isl text when it has pieces or conditions.
std::string affText(const std::string &printed) {
  size_t open = printed.find("{ [(");
  size_t close = printed.rfind(")] }");
  if (open == std::string::npos || close == std::string::npos || close < open)
    return printed;
  std::string inner = printed.substr(open + 4, close - open - 4);
  if (inner.find(';') != std::string::npos ||
      inner.find(") :") != std::string::npos ||
      inner.find("] :") != std::string::npos)
    return printed;
  return inner;
}

} // namespace

llvm::Error computeIslForms(AccessModel &model, unsigned long maxOperations) {
  IslContext ctx(maxOperations);
  // Names as isl reads them, never as the program spells them (IslNames.h).
  IslNames islNames = islNamesOf(model);
  for (size_t v = 0; v < model.variables.size(); ++v)
    model.variables[v].islName = islNames.variables[v];
  for (size_t a = 0; a < model.arrays.size(); ++a)
    model.arrays[a].islName = islNames.arrays[a];
  const std::vector<std::string> &names = islNames.variables;
  std::vector<std::string> params;
  for (unsigned p : model.parameters())
    params.push_back(names[p]);
  std::string prefix = "[" + join(params) + "] -> ";

  // Loop bounds, simplified by isl for display.
  for (LoopInfo &loop : model.loops) {
    if (!loop.lastIteration)
      continue;
    std::vector<std::string> used;
    for (unsigned v = 0; v < names.size(); ++v)
      if (loop.lastIteration->uses(v))
        used.push_back(names[v]);
    std::string text =
        "[" + join(used) + "] -> { [" + loop.lastIteration->str(names) + "] }";
    isl_pw_aff *bound = isl_pw_aff_read_from_str(ctx.get(), text.c_str());
    if (!bound) {
      llvm::consumeError(ctx.takeError("loop bound"));
      loop.islLastIteration = loop.lastIteration->str(names);
      continue;
    }
    loop.islLastIteration = affText(islString(isl_pw_aff_to_str(bound)));
    isl_pw_aff_free(bound);
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
    IslPtr<isl_set> domain(
        isl_set_read_from_str(ctx.get(), domainText.c_str()));
    if (domain)
      domain.reset(isl_set_coalesce(domain.release()));
    isl_bool empty = domain ? isl_set_is_empty(domain.get()) : isl_bool_error;
    if (!domain || empty == isl_bool_error) {
      if (llvm::Error error = failed(ctx, site, "domain", domainText))
        return error;
      continue;
    }
    site.neverExecuted = empty == isl_bool_true;

    // C's `/` and `%` truncate toward zero; the model's floor and modulo
    // agree only where their operand is non-negative.
    bool negative = false;
    for (const QuasiAffine &operand : site.nonNegative) {
      std::string text =
          prefix + "{ " + tuple + " : " + operand.str(names) + " < 0 }";
      IslPtr<isl_set> below(isl_set_read_from_str(ctx.get(), text.c_str()));
      if (below)
        below.reset(
            isl_set_intersect(below.release(), isl_set_copy(domain.get())));
      isl_bool none = below ? isl_set_is_empty(below.get()) : isl_bool_error;
      if (none == isl_bool_error) {
        if (llvm::Error error = failed(ctx, site, "division check", text))
          return error;
        negative = true; // giveUp marked the site
        break;
      }
      if (none == isl_bool_false) {
        site.affine = false;
        site.reason = NonAffineReason{
            NonAffineReason::Kind::UnsupportedValue,
            "the index divides (C's '/' or '%') a value that may be negative, "
            "which rounds toward zero",
            site.position};
        negative = true;
        break;
      }
    }
    if (negative)
      continue;
    site.islDomain = islString(isl_set_to_str(domain.get()));

    if (site.kind != AccessKind::Barrier && site.array >= 0) {
      const std::string &array = islNames.arrays[site.array];
      std::string accessText = prefix + "{ " + tuple + " -> " + array + "[" +
                               site.offset.str(names) + "] }";
      IslPtr<isl_map> access(
          isl_map_read_from_str(ctx.get(), accessText.c_str()));
      if (access) {
        access.reset(isl_map_intersect_domain(access.release(),
                                              isl_set_copy(domain.get())));
        access.reset(isl_map_coalesce(access.release()));
      }
      if (!access) {
        if (llvm::Error error = failed(ctx, site, "access", accessText))
          return error;
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
    if (!schedule) {
      if (llvm::Error error = failed(ctx, site, "schedule", scheduleText))
        return error;
      continue;
    }
    site.islSchedule = islString(isl_map_to_str(schedule.get()));
  }
  return llvm::Error::success();
}

} // namespace gpurd::access

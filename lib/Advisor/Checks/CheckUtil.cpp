//===- CheckUtil.cpp - What the checks share ------------------------------===//

#include "CheckUtil.h"
#include "../Figures.h"

namespace gpurd::advisor {

const char *operationWord(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "load";
  case AccessKind::Write:
    return "store";
  case AccessKind::ReadModifyWrite:
    return "atomic";
  case AccessKind::Barrier:
    return "barrier";
  }
  return "access";
}

std::string arrayText(const CheckContext &context,
                      const access::AccessSite &site) {
  const access::ArrayInfo *array = context.arrayOf(site);
  return array ? "'" + array->name + "'" : std::string("the array");
}

std::string sampleText(const CheckContext &context, uint64_t warpRequests) {
  const model::SamplingInfo &sampling = context.results().sampling;
  std::string out = "counted on the " + countText(double(warpRequests)) +
                    " warp requests of the " +
                    std::to_string(sampling.modelledBlocks) +
                    (sampling.modelledBlocks == 1 ? " block" : " blocks") +
                    " modelled of " + std::to_string(sampling.totalBlocks);
  if (sampling.modelledBlocks != sampling.totalBlocks)
    out += ", scaled to the launch";
  return out;
}

} // namespace gpurd::advisor

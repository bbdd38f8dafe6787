//===- BlockScheduler.cpp - Which blocks run on which SM ------------------===//
//
// Seed 000 §4.1: blocks go to SMs round robin; an SM starts its next block
// when one finishes (all blocks are assumed to take equally long), so SM s
// runs blocks s, s + numSms, s + 2 numSms, ...
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/BlockScheduler.h"

#include <algorithm>
#include <limits>

namespace gpurd::trace {

std::vector<uint64_t> BlockSchedule::blocksOf(unsigned sm) const {
  std::vector<uint64_t> blocks;
  unsigned sms = std::max(numSms, 1u);
  if (sm >= sms)
    return blocks;
  blocks.reserve(numBlocks > sm ? (numBlocks - sm + sms - 1) / sms : 0);
  for (uint64_t block = sm; block < numBlocks; block += sms)
    blocks.push_back(block);
  return blocks;
}

std::string BlockSchedule::describe() const {
  unsigned sms = std::max(numSms, 1u);
  uint64_t sampled = 0;
  for (unsigned sm : modelledSms)
    if (sm < sms && numBlocks > sm)
      sampled += (numBlocks - sm + sms - 1) / sms;
  std::string text;
  if (modelledSms.size() == sms) {
    text = "all " + std::to_string(sms) + " SMs";
  } else {
    text = std::to_string(modelledSms.size()) + " of " + std::to_string(sms) +
           " SMs";
    // Long lists are cut after 16 SMs.
    constexpr size_t MaxListed = 16;
    for (size_t i = 0; i < modelledSms.size() && i < MaxListed; ++i)
      text += (i ? ", " : ": ") + std::to_string(modelledSms[i]);
    if (modelledSms.size() > MaxListed)
      text += ", ...";
  }
  text += "; " + std::to_string(sampled) + " of " + std::to_string(numBlocks) +
          " blocks";
  return text;
}

unsigned activeBlocksPerSm(unsigned maxThreadsPerSm, unsigned maxBlocksPerSm,
                           uint64_t sharedPerSm, uint64_t threadsPerBlock,
                           uint64_t sharedBytesPerBlock) {
  // A limit of 0 (unknown) does not constrain.
  uint64_t blocks = std::numeric_limits<uint64_t>::max();
  if (maxBlocksPerSm)
    blocks = std::min<uint64_t>(blocks, maxBlocksPerSm);
  if (maxThreadsPerSm && threadsPerBlock)
    blocks = std::min<uint64_t>(blocks, maxThreadsPerSm / threadsPerBlock);
  if (sharedPerSm && sharedBytesPerBlock)
    blocks = std::min<uint64_t>(blocks, sharedPerSm / sharedBytesPerBlock);
  if (blocks == std::numeric_limits<uint64_t>::max())
    return 1;
  return static_cast<unsigned>(
      std::clamp<uint64_t>(blocks, 1, std::numeric_limits<unsigned>::max()));
}

BlockSchedule scheduleBlocks(uint64_t numBlocks, unsigned numSms,
                             unsigned activeBlocks, unsigned count) {
  BlockSchedule schedule;
  schedule.numSms = std::max(numSms, 1u);
  schedule.activeBlocks = std::max(activeBlocks, 1u);
  schedule.numBlocks = numBlocks;
  // SMs 0 .. busy-1 get at least one block.
  unsigned busy =
      static_cast<unsigned>(std::min<uint64_t>(schedule.numSms, numBlocks));
  if (count == 0 || count >= busy) {
    for (unsigned sm = 0; sm < busy; ++sm)
      schedule.modelledSms.push_back(sm);
    return schedule;
  }
  // count < busy: SM floor(i * busy / count) for i = 0 .. count-1 (distinct,
  // ascending, first one 0).
  for (unsigned i = 0; i < count; ++i)
    schedule.modelledSms.push_back(
        static_cast<unsigned>(uint64_t(i) * busy / count));
  return schedule;
}

} // namespace gpurd::trace

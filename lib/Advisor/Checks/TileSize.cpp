//===- TileSize.cpp - gpurd-tile-size -------------------------------------===//
//
// A tunable (a macro or constant the file defines with an integer literal)
// that sizes the kernel's shared arrays, is its launch's template argument
// or gives its block: the tile search (TileSearch.h) runs it at half and
// double its value, and a value ranked first that cuts the ranking's
// decisive traffic by MinGain or more is reported at the tunable's
// definition, with the ranking in the notes and the edit as a fix-it.
// docs/checks/gpurd-tile-size.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"

#include "gpurd/Advisor/PredictedTime.h"
#include "gpurd/Advisor/TileSearch.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-tile-size";

class TileSize : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "a tile or block size (macro or constant) for which another value "
           "is predicted to move clearly less data";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time, and of its L2 "
         "traffic, the best value must cut"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;
};

std::string valuesText(const TuneCandidate &candidate) {
  std::vector<std::string> parts;
  for (const auto &[name, value] : candidate.values)
    parts.push_back("'" + name + "' = " + value);
  return join(parts, ", ");
}

std::string rowText(const TuneCandidate &candidate, const std::string &unit) {
  std::string text = valuesText(candidate);
  if (candidate.asWritten)
    text += " (as written)";
  if (!candidate.illegal.empty())
    return text + ": illegal: " + candidate.illegal;
  if (!candidate.failed.empty())
    return text + ": not analysed: " + candidate.failed;
  if (!candidate.otherWork.empty())
    return text + ": not ranked: " + candidate.otherWork;
  const TuneFigures &f = *candidate.figures;
  return text + ": " + countText(f.l2ReadSectors) + " L2 read " + unit + ", " +
         countText(f.l2WriteSectors) + " L2 write " + unit + ", " +
         (f.sampled
              ? std::string()
              : countText(f.dramReadSectors) + " DRAM read " + unit + ", ") +
         std::to_string(f.blocksPerSm) + " blocks per SM" +
         (f.occupancy > 0 ? " (occupancy " + percentText(f.occupancy) + ")"
                          : std::string()) +
         (f.predictedCycles ? ", " + countText(*f.predictedCycles) + " cycles"
                            : std::string());
}

Error TileSize::run(const CheckContext &context,
                    std::vector<Finding> &out) const {
  // The candidates are ranked by the kernel's predicted time, the one
  // figure of merit; an arch without the time model's figures gets no
  // advice from this check rather than a ranking by traffic alone.
  if (Error missing = checkTimeModelFigures(context.arch())) {
    consumeError(std::move(missing));
    return Error::success();
  }
  const double minGain = minGainOf(context, Name);
  WhatIfRunner &whatIf = context.whatIf();
  const TranslationUnitInfo &unit = whatIf.translationUnit();
  for (const TuneAxis &axis :
       automaticAxes(unit, context.kernel(), context.launch(),
                     /*withBlock=*/false)) {
    const Tunable *tunable = findTunable(unit, axis.name);
    if (!tunable || !whatIf.inAnalysedFile(tunable->literal))
      continue;
    auto result = searchTiles(whatIf, {axis}, /*byTime=*/true);
    if (!result)
      return result.takeError();
    const TuneCandidate *written = result->asWritten();
    const TuneCandidate &best = result->candidates.front();
    // A value that cannot be shown to do the kernel's work is no advice.
    if (!written || !written->figures || best.asWritten || !best.rank ||
        !best.unverified.empty())
      continue;
    TimeVerdict time;
    time.before = written->figures->predictedCycles;
    time.after = best.figures->predictedCycles;
    time.model = result->timeModel;
    // The time decides; a value is advice only where the traffic it moves
    // explains the time (the L2 read and write sectors fall by MinGain
    // too). A time that falls with the traffic as it was comes from another
    // term (fewer bank-conflict replays, another occupancy), which its own
    // check addresses better than a tile size (gpurd-shared-bank-conflict's
    // padding), or from the time model alone.
    const TuneFigures &was = *written->figures, &now = *best.figures;
    const double trafficBefore = was.l2ReadSectors + was.l2WriteSectors;
    const double trafficAfter = now.l2ReadSectors + now.l2WriteSectors;
    if (!time.pays(minGain) || trafficBefore <= 0 ||
        trafficAfter > (1 - minGain) * trafficBefore)
      continue;
    const std::string &value = best.values.front().second;
    Finding f;
    f.check = Name.str();
    f.kernel = context.launch().kernel;
    f.position = tunable->literal;
    f.message = "'" + tunable->name + "' = " + value + " instead of " +
                tunable->literalText + " is " + time.verdictText(minGain) +
                " for kernel '" + context.kernel().name + "'; its L2 read " +
                result->unit + " would go from " +
                fromToText(was.l2ReadSectors, now.l2ReadSectors) +
                " and its L2 write " + result->unit + " from " +
                fromToText(was.l2WriteSectors, now.l2WriteSectors);
    f.fixIts.push_back({tunable->literal,
                        {tunable->literal.file, tunable->literal.line,
                         tunable->literalEndColumn},
                        value});
    for (const TuneCandidate &candidate : result->candidates)
      f.notes.push_back(
          {std::nullopt, "predicted with " + rowText(candidate, result->unit)});
    f.notes.push_back({std::nullopt, result->metric +
                                         " (a what-if run of the "
                                         "models for each value)"});
    for (const std::string &note : result->notes)
      f.notes.push_back({std::nullopt, note});
    f.notes.push_back(
        {std::nullopt, "the value changes every use of '" + tunable->name +
                           "' in the file (other kernels that use it change "
                           "too); a value is ranked only when the kernel "
                           "then accesses the same bytes of every global "
                           "array and writes as many"});
    context.addLaunchAssumptionNotes(f);
    out.push_back(std::move(f));
  }
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeTileSize() { return std::make_unique<TileSize>(); }

} // namespace gpurd::advisor

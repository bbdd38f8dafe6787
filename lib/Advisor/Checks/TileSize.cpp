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
  std::vector<StringRef> optionNames() const override { return {"MinGain"}; }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;
};

/// The figure the ranking decided \p best over \p written on: DRAM read
/// sectors when they rank and differ by more than the tie, else L2 read
/// sectors.
std::pair<std::string, double TuneFigures::*>
decidingFigure(const TuneResult &result, const TuneFigures &best,
               const TuneFigures &written) {
  if (result.rankedByDram &&
      best.dramReadSectors * (1 + DramTieShare) < written.dramReadSectors)
    return {"DRAM read " + result.unit, &TuneFigures::dramReadSectors};
  return {"L2 read " + result.unit, &TuneFigures::l2ReadSectors};
}

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
         (f.sampled
              ? std::string()
              : countText(f.dramReadSectors) + " DRAM read " + unit + ", ") +
         std::to_string(f.blocksPerSm) + " blocks per SM" +
         (f.occupancy > 0 ? " (occupancy " + percentText(f.occupancy) + ")"
                          : std::string()) +
         (f.predictedCycles ? ", " + countText(*f.predictedCycles) + " cycles"
                            : std::string());
}

/// `; the kernel's time would go from A to B cycles (-x%, seed 002's time
/// model, ...)`, when both have a predicted time.
std::string timeText(const TuneResult &result, const TuneFigures &written,
                     const TuneFigures &best) {
  if (!written.predictedCycles || !best.predictedCycles)
    return "";
  return "; " + timeChangeText(*written.predictedCycles, *best.predictedCycles,
                               result.timeModel);
}

Error TileSize::run(const CheckContext &context,
                    std::vector<Finding> &out) const {
  const double minGain = context.number(Name, "MinGain", 0.1);
  WhatIfRunner &whatIf = context.whatIf();
  const TranslationUnitInfo &unit = whatIf.translationUnit();
  for (const TuneAxis &axis :
       automaticAxes(unit, context.kernel(), context.launch(),
                     /*withBlock=*/false)) {
    const Tunable *tunable = findTunable(unit, axis.name);
    if (!tunable || !whatIf.inAnalysedFile(tunable->literal))
      continue;
    auto result = searchTiles(whatIf, {axis});
    if (!result)
      return result.takeError();
    const TuneCandidate *written = result->asWritten();
    const TuneCandidate &best = result->candidates.front();
    if (!written || !written->figures || best.asWritten || !best.rank)
      continue;
    auto [figureName, figure] =
        decidingFigure(*result, *best.figures, *written->figures);
    const double before = (*written->figures).*figure;
    const double after = (*best.figures).*figure;
    if (before <= 0 || (before - after) / before < minGain)
      continue;
    // Less traffic in a slower kernel is no advice: seed 002's time model,
    // when it ran, must not predict the kernel slower (fewer blocks than
    // SMs, say, leave SMs idle whatever the traffic).
    const std::optional<double> &timeBefore = written->figures->predictedCycles,
                                &timeAfter = best.figures->predictedCycles;
    if (timeBefore && timeAfter && *timeAfter > *timeBefore)
      continue;
    const std::string &value = best.values.front().second;
    Finding f;
    f.check = Name.str();
    f.kernel = context.launch().kernel;
    f.position = tunable->literal;
    f.message = "'" + tunable->name + "' = " + value + " instead of " +
                tunable->literalText + " is predicted to cut the " +
                figureName + " of kernel '" + context.kernel().name + "' by " +
                percentText((before - after) / before) + " (" +
                countText(before) + " to " + countText(after) + ")" +
                timeText(*result, *written->figures, *best.figures);
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
                           "' in the file; other kernels that use it change "
                           "too, and the search does not check that the "
                           "kernel computes the same"});
    context.addLaunchAssumptionNotes(f);
    out.push_back(std::move(f));
  }
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeTileSize() { return std::make_unique<TileSize>(); }

} // namespace gpurd::advisor

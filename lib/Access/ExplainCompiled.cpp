//===- ExplainCompiled.cpp - Source subscripts versus compiled operations -===//
//
// The compiled kernel is what runs: `x[i] += v` in a loop costs one load
// before the loop when the compiler forwards the value between iterations,
// and a `__restrict__` output is stored once after the loop. This explains,
// per source subscript and direction, what became of it.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/AccessAnalysis.h"

#include <set>

namespace gpurd::access {
namespace {

std::string squeeze(const std::string &text) {
  std::string out;
  for (char c : text)
    if (!isspace(static_cast<unsigned char>(c)))
      out += c;
  return out;
}

std::string plural(size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// Whether \p site writes (\p isWrite) or reads memory.
bool goesInDirection(const AccessSite &site, bool isWrite) {
  if (site.kind == AccessKind::ReadModifyWrite)
    return true;
  return site.kind == (isWrite ? AccessKind::Write : AccessKind::Read);
}

/// The array a subscript's text names (`f` of `f[blockIdx.x]`).
std::string arrayOfText(const std::string &text) {
  std::string squeezed = squeeze(text);
  return squeezed.substr(0, squeezed.find('['));
}

/// A compiled operation of \p source's array and direction that carries no
/// source line and runs in fewer loops than \p source: LICM moves a load
/// out of its loops (or a store after them) and gives it no line
/// (Instruction::updateLocationAfterHoist), so nothing names the subscript
/// it came from. Sites in \p claimed went to other subscripts.
const AccessSite *hoistedWithoutLine(const AccessModel &model,
                                     const SourceAccess &source, bool isWrite,
                                     const std::set<unsigned> &claimed) {
  for (const AccessSite &site : model.sites) {
    if (site.sourceAccess >= 0 || site.array < 0 || claimed.count(site.id) ||
        site.loops.size() >= source.loopDepth)
      continue;
    if (goesInDirection(site, isWrite) &&
        model.arrays[site.array].name == arrayOfText(source.text))
      return &site;
  }
  return nullptr;
}

} // namespace

std::vector<CompiledSubscript>
explainCompiled(const AccessModel &model, const TranslationUnitInfo &unit) {
  // The functions the kernel's code comes from: the kernel and every device
  // function one of its compiled operations maps into.
  std::set<std::string> functions{model.kernel};
  for (const AccessSite &site : model.sites)
    if (site.sourceAccess >= 0)
      functions.insert(unit.deviceAccesses[site.sourceAccess].function);

  std::vector<CompiledSubscript> out;
  std::set<unsigned> claimed; // Sites without a line matched by array.
  for (size_t i = 0; i < unit.deviceAccesses.size(); ++i) {
    const SourceAccess &source = unit.deviceAccesses[i];
    if (!functions.count(source.function))
      continue;
    for (bool isWrite : {false, true}) {
      if ((isWrite && !source.isWrite) || (!isWrite && !source.isRead))
        continue;
      CompiledSubscript entry;
      entry.source = &source;
      entry.isWrite = isWrite;
      unsigned shallowest = ~0u;
      for (const AccessSite &site : model.sites) {
        if (site.sourceAccess != static_cast<int>(i) ||
            !goesInDirection(site, isWrite))
          continue;
        entry.sites.push_back(site.id);
        shallowest = std::min<unsigned>(shallowest, site.loops.size());
      }
      const char *verb = isWrite ? "store" : "load";
      if (entry.sites.empty()) {
        // Another subscript with the same text may carry its operation.
        // (A read reuses a read: a load of the same text elsewhere.)
        const SourceAccess *twin = nullptr;
        for (const AccessSite &site : model.sites) {
          if (site.sourceAccess >= 0 && site.sourceAccess != (int)i &&
              goesInDirection(site, /*isWrite=*/false) &&
              squeeze(unit.deviceAccesses[site.sourceAccess].text) ==
                  squeeze(source.text)) {
            twin = &unit.deviceAccesses[site.sourceAccess];
            entry.sites.push_back(site.id);
            break;
          }
        }
        // A write of the same text earlier in the source forwards its value.
        const SourceAccess *store = nullptr;
        for (size_t j = 0; j < unit.deviceAccesses.size() && !isWrite; ++j) {
          const SourceAccess &other = unit.deviceAccesses[j];
          // An earlier line: within one statement the right-hand side is
          // read before the left-hand side is written.
          auto before = [](const SourcePosition &a, const SourcePosition &b) {
            return a.line < b.line;
          };
          if (j != i && other.isWrite && other.function == source.function &&
              squeeze(other.text) == squeeze(source.text) &&
              before(other.begin, source.begin))
            store = &other;
        }
        const AccessSite *hoisted =
            store || twin ? nullptr
                          : hoistedWithoutLine(model, source, isWrite, claimed);
        if (hoisted) {
          claimed.insert(hoisted->id);
          entry.sites.assign(1, hoisted->id);
          entry.fate = CompiledSubscript::Fate::Hoisted;
          unsigned moved = source.loopDepth - unsigned(hoisted->loops.size());
          entry.explanation =
              std::string(isWrite ? "sunk" : "hoisted") + ": the " + verb +
              " of '" + model.arrays[hoisted->array].name + "' runs outside " +
              plural(moved, "enclosing loop") +
              (isWrite ? " (after it)" : " (before it)") +
              ", once instead of every iteration; the compiler gave it no "
              "source line, so this is matched by array";
        } else if (store) {
          entry.sites.clear();
          entry.fate = CompiledSubscript::Fate::Dropped;
          entry.explanation = "dropped: the value is forwarded from the store "
                              "at line " +
                              std::to_string(store->begin.line);
        } else if (twin && !isWrite) {
          entry.fate = CompiledSubscript::Fate::Merged;
          entry.explanation = "merged: the compiled code reuses the " +
                              std::string(verb) +
                              " of the same address at line " +
                              std::to_string(twin->begin.line);
        } else {
          entry.sites.clear();
          entry.fate = CompiledSubscript::Fate::Dropped;
          entry.explanation =
              isWrite ? "dropped: no compiled store (the value is never "
                        "stored, or a later store overwrites it)"
                      : "dropped: no compiled load (the value is forwarded "
                        "from a store or an earlier load in registers)";
        }
      } else if (shallowest < source.loopDepth) {
        entry.fate = CompiledSubscript::Fate::Hoisted;
        unsigned moved = source.loopDepth - shallowest;
        entry.explanation =
            std::string(isWrite ? "sunk" : "hoisted") + ": the " + verb +
            " runs outside " + plural(moved, "enclosing loop") +
            (isWrite ? " (after it), once instead of every iteration"
                     : " (before it), once instead of every iteration");
      } else {
        entry.fate = CompiledSubscript::Fate::Kept;
        entry.explanation = "kept: one " + std::string(verb) +
                            " each time the source executes it";
      }
      out.push_back(std::move(entry));
    }
  }
  return out;
}

} // namespace gpurd::access

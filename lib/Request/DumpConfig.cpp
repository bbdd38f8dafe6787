//===- DumpConfig.cpp - The effective configuration as a .gpurd file ------===//
//
// --dump-config, as clang-tidy's: what the configuration files and the
// command line amount to, in the configuration file's own keys, so that it
// can be saved as a project's .gpurd and read back to the same settings.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Request/ConfigFile.h"
#include "gpurd/Request/Request.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpurd::request {
namespace {

/// \p text as a single-quoted YAML scalar.
std::string singleQuoted(StringRef text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

const char *failOnName(FailOn failOn) {
  switch (failOn) {
  case FailOn::None:
    return "none";
  case FailOn::Warning:
    return "warning";
  case FailOn::Remark:
    return "remark";
  }
  return "none";
}

std::string dimText(const std::array<uint64_t, 3> &dim) {
  return "[" + std::to_string(dim[0]) + ", " + std::to_string(dim[1]) + ", " +
         std::to_string(dim[2]) + "]";
}

void printLaunches(raw_ostream &os, const LaunchSpec &spec) {
  if (spec.kernels.empty())
    return;
  os << "Launches:\n";
  for (const auto &[kernel, values] : spec.kernels) {
    os << "  - Kernel: " << singleQuoted(kernel) << "\n";
    if (values.grid)
      os << "    Grid: " << dimText(*values.grid) << "\n";
    if (values.block)
      os << "    Block: " << dimText(*values.block) << "\n";
    if (values.dynamicSharedBytes)
      os << "    DynamicSharedBytes: " << *values.dynamicSharedBytes << "\n";
    if (values.launchIndex)
      os << "    Launch: " << *values.launchIndex << "\n";
    if (!values.args.empty()) {
      os << "    Args:\n";
      for (const auto &[name, value] : values.args)
        os << "      " << name << ": " << value << "\n";
    }
  }
}

} // namespace

Expected<std::string> dumpConfig(const Settings &settings) {
  auto advisor = resolveAdvisor(settings.checks);
  if (!advisor)
    return advisor.takeError();
  std::string text;
  raw_string_ostream os(text);
  os << "Checks: " << singleQuoted(settings.checks.effectiveChecks()) << "\n";
  os << "WarningsAsErrors: " << singleQuoted(settings.checks.warningsAsErrors)
     << "\n";
  os << "FailOn: " << failOnName(settings.output.failOn) << "\n";
  if (!settings.arch.file.empty())
    os << "ArchFile: " << singleQuoted(settings.arch.file) << "\n";
  else
    os << "Arch: " << settings.arch.name.value_or(DefaultArch) << "\n";
  // Every option of each enabled check, as the check will read it.
  std::vector<std::string> options;
  for (const std::unique_ptr<advisor::Check> &check : advisor->checks())
    for (const advisor::CheckOption &option : check->options()) {
      std::string key = (check->name() + "." + option.name).str();
      auto given = settings.checks.options.find(key);
      std::string value;
      if (given != settings.checks.options.end())
        value = given->second;
      else
        raw_string_ostream(value) << format("%g", option.defaultValue);
      options.push_back("  " + key + ": " + value);
    }
  if (!options.empty())
    os << "CheckOptions:\n" << join(options, "\n") << "\n";
  // A launch-spec file given beside the configuration replaces its launches
  // (resolveRequest); its values are in that file, not repeated here.
  if (settings.launch.specFile.empty())
    printLaunches(os, settings.launch.byKernel);
  return text;
}

} // namespace gpurd::request

// Reads a GPU preset through gpurd's Arch library and times made-up events
// with seed 002's T (gpurd's placement model): two installed libraries, one
// brought by the other's link interface.
#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/Placement/KernelTime.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::Expected<gpurd::arch::ArchDescription> arch =
      gpurd::arch::loadPreset(argc > 1 ? argv[1] : "volta-v100");
  if (!arch) {
    llvm::errs() << "arch-time: " << llvm::toString(arch.takeError()) << "\n";
    return 1;
  }
  gpurd::model::placement::KernelEvents events;
  events.totalWarps = 1;
  events.activeSms = 1;
  events.warpsPerSm = 1;
  events.instructions = 10;
  gpurd::model::placement::MachineFigures machine;
  machine.instructionLatency = 4;
  gpurd::model::placement::KernelTime time =
      gpurd::model::placement::predictKernelTime(events, machine, 0);
  llvm::outs() << arch->name << ": " << arch->sm.count
               << " SMs; T = " << llvm::format("%.1f", time.total)
               << " cycles\n";
  return 0;
}

//===- DefaultBuffers.h - Buffers gpurd makes for the emulator --*- C++ -*-===//
//
// A pointer argument the user describes no buffer for (`--buffer`) is
// emulated with a default buffer: zeros, over the argument's whole span in
// the memory layout (MemoryLayout.h: 1 GiB for a buffer of unknown size),
// mapped lazily so untouched pages cost nothing. The access model sizes it
// up front (BufferExtents.h); accesses the model cannot bound (sites that
// are not affine) are served anywhere in the span, and the buffer records
// how far the kernel reached. Zeros are an assumption, so the report says
// which buffers were made, how large, and which addresses and branches their
// contents decide (ContentDependence.h). Kernels whose global addresses
// derive from the contents of a default buffer are refused (the trace would
// follow the zeros): those buffers need real contents, except where they
// only index an array of known extent, in the simplest way: then, as an
// assumption the report states, they hold random indices within it
// (IndexContents.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_DEFAULTBUFFERS_H
#define GPURD_TRACE_DEFAULTBUFFERS_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/AccessModel.h"
#include "gpurd/Trace/BufferExtents.h"
#include "gpurd/Trace/IndexContents.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::trace {

/// A buffer gpurd made for a pointer parameter, or for what a pointer
/// member of a struct parameter points to.
struct DefaultBuffer {
  std::string name; ///< `x`, or `p.vx` for a member.
  unsigned param = 0;
  std::optional<uint64_t> memberOffset;
  /// The bytes the access model's affine sites of the array reach.
  ArrayExtent extent;
  /// How far from the buffer's start the emulator's accesses reached
  /// beyond the extent (0 when they stayed within it); updated as blocks
  /// are traced.
  uint64_t touchedEnd = 0;
  /// Set when the buffer holds random indices rather than zeros (an
  /// assumption the report states with the kernel's launch).
  std::optional<RandomIndices> indices;

  /// The buffer's size as reported: the extent's end or the touched end.
  uint64_t bytes() const {
    uint64_t modelled = extent.end > 0 ? uint64_t(extent.end) : 0;
    return modelled > touchedEnd ? modelled : touchedEnd;
  }
};

/// What the emulator assumed because buffers had default contents.
struct DefaultBufferReport {
  std::vector<DefaultBuffer> buffers;
  /// Shared- or local-memory access sites whose addresses derive from the
  /// contents of default buffers (a histogram's bins): the trace follows
  /// zeros there, which moves bank conflicts, not global traffic.
  struct DependentSites {
    std::vector<unsigned> sites; ///< In one memory space.
    std::vector<std::string> arrays;
  };
  std::vector<DependentSites> dependentSites;
  /// Default buffers whose contents decide branches (loop trip counts,
  /// conditions): the trace takes the branches zeros take.
  std::vector<std::string> branchArrays;
  /// Texture references the host binds (`cudaBindTexture`) that the kernel
  /// fetches from: each reads zeros at an address range of its own.
  std::vector<std::string> textures;

  bool empty() const { return buffers.empty() && textures.empty(); }
};

/// The report as one sentence for a report's notes (user inputs as
/// Support/UserInput.h references); empty when no buffer was made.
std::string describeDefaultBuffers(const DefaultBufferReport &report,
                                   const access::AccessModel &model);

/// How default buffers may be filled.
struct DefaultBufferOptions {
  /// Fill the buffers whose contents decide global addresses, when they
  /// only index arrays of known extent, with random indices
  /// (IndexContents.h) rather than refuse the kernel.
  bool assumeIndexContents = false;
  /// The random indices' seed (plus the buffer's parameter position).
  uint64_t seed = 0;
  /// Bytes of the buffers given with `--buffer`, by parameter position:
  /// extents of arrays the indices may point into.
  std::map<unsigned, uint64_t> givenSizes;
};

/// The default buffers of the pointer parameters and members \p missing
/// (`x`, `p.vx`) of \p kernel, sized from \p model; an error naming the
/// arrays whose contents would decide global-memory addresses (unless
/// \p options let them hold random indices).
llvm::Expected<std::shared_ptr<DefaultBufferReport>>
planDefaultBuffers(const access::PreparedKernel &prepared,
                   const access::AccessModel &model, const KernelInfo &kernel,
                   const std::vector<std::string> &missing,
                   const DefaultBufferOptions &options = {});

/// For messages: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
std::string quotedNames(const std::vector<std::string> &names);
/// For messages: `S4 (line 19) 'x[colIdx[j]]'`.
std::string describeSite(const access::AccessSite &site);

} // namespace gpurd::trace

#endif // GPURD_TRACE_DEFAULTBUFFERS_H

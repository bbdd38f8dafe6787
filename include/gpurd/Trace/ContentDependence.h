//===- ContentDependence.h - Which memory decides addresses -----*- C++ -*-===//
//
// A kernel emulated without real argument buffers reads default contents
// (zeros). That is harmless for an address computed from thread and block
// indices and launch values, and wrong for one computed from a loaded value
// (`x[colIdx[j]]`, `hist[data[i]]`): the trace would follow the zeros. This
// data-flow analysis of the kernel's IR (the code the emulator runs) says,
// for every access site, from the contents of which memory objects its
// address may be computed, and which objects' contents may decide a branch.
//
// It is static and conservative: values flow through SSA operands, phis,
// calls into device functions and back; through memory, a load's value is
// what its object's contents derive from (the object's initial contents,
// plus everything stored into it, including where: `s[d[i]]++` makes the
// contents of `s` depend on `d`); a pointer loaded from memory points to an
// unknown object. Control dependence is not followed into addresses: an
// address that only executes under a data-dependent branch is not itself
// data-dependent (the branch is reported separately). Dynamic taint tracking
// in the interpreter would be exact per execution but needs shadow state in
// every handler of its inner loop; this costs one pass over the IR.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_CONTENTDEPENDENCE_H
#define GPURD_TRACE_CONTENTDEPENDENCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::trace {

/// Memory whose contents values can come from.
struct MemoryObject {
  enum class Kind {
    Parameter,      ///< What pointer parameter `param` points to.
    ParameterField, ///< What pointer member `offset` of struct `param` does.
    Variable,       ///< A `__device__` or `__constant__` variable.
    Shared,         ///< A `__shared__` variable.
    Local,          ///< A thread's local array.
    Unknown,        ///< Reached through a pointer loaded from memory.
    Other,          ///< Objects beyond the 63rd, merged.
  };
  Kind kind = Kind::Unknown;
  unsigned param = 0;
  uint64_t offset = 0;
  /// The IR value that names it (argument, global, alloca), if any.
  const llvm::Value *value = nullptr;
};

struct ContentDependence {
  std::vector<MemoryObject> objects;
  /// Per access site (the order of the instructions given): a mask of the
  /// objects (bit i: objects[i]) whose contents its address may be computed
  /// from.
  std::vector<uint64_t> siteAddress;
  /// Objects whose contents may decide a conditional branch or switch.
  uint64_t branches = 0;

  /// Indices of the objects of \p mask.
  std::vector<unsigned> objectsIn(uint64_t mask) const;
};

/// The analysis of \p kernel (and the device functions it calls) for the
/// access sites \p sites (memory instructions; barriers get no bits).
ContentDependence
analyseContentDependence(const llvm::Function &kernel,
                         llvm::ArrayRef<const llvm::Instruction *> sites);

} // namespace gpurd::trace

#endif // GPURD_TRACE_CONTENTDEPENDENCE_H

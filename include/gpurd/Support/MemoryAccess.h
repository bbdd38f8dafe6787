//===- MemoryAccess.h - The kind and memory space of an access -*- C++ -*-====//
//
// The vocabulary every stage shares about one memory operation: its kind
// (read, write, atomic, barrier) and the memory space it goes to. Access
// decides them from the compiled IR, Trace carries them in every warp
// instruction, the models and the outputs read them. Kept apart from the
// AccessModel so that the stages below Access see neither Clang nor isl.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_MEMORYACCESS_H
#define GPURD_SUPPORT_MEMORYACCESS_H

namespace gpurd {

/// Where an access goes, from the IR's address spaces and the declarations
/// (never from names).
enum class MemorySpace {
  Global,         ///< Global memory through the L1/L2 path.
  GlobalReadOnly, ///< Global memory the kernel only reads through a
                  ///< `__restrict__` (noalias) pointer or `__ldg`.
  Shared,
  Constant,
  Local,
  Texture,
};

/// The stable name of \p space (`global`, `global-readonly`, `shared`, ...).
inline const char *memorySpaceName(MemorySpace space) {
  switch (space) {
  case MemorySpace::Global:
    return "global";
  case MemorySpace::GlobalReadOnly:
    return "global-readonly";
  case MemorySpace::Shared:
    return "shared";
  case MemorySpace::Constant:
    return "constant";
  case MemorySpace::Local:
    return "local";
  case MemorySpace::Texture:
    return "texture";
  }
  return "global";
}

/// Global, read-only, texture and local memory: the spaces whose accesses
/// go through the L1/L2 path as memory transactions (and hold the L1's
/// MSHRs when they miss).
inline bool isOffChipSpace(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture || space == MemorySpace::Local;
}

enum class AccessKind { Read, Write, ReadModifyWrite, Barrier };

/// The stable name of \p kind (`read`, `write`, `read-modify-write`,
/// `barrier`).
inline const char *accessKindName(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "write";
  case AccessKind::ReadModifyWrite:
    return "read-modify-write";
  case AccessKind::Barrier:
    return "barrier";
  }
  return "read";
}

} // namespace gpurd

#endif // GPURD_SUPPORT_MEMORYACCESS_H

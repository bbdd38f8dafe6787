//===- SurfaceCalls.h - Surface objects' stores and loads -------*- C++ -*-===//
//
// The prelude declares CUDA's surface functions (surf1Dwrite, surf2Dread,
// ...) without a body, as nvcc's headers define them with sust/suld PTX:
// device code calls them. The access model records such a call as a
// texture-space access and the emulator runs it on the surface object's
// default texture (docs/trace-formats.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_SURFACECALLS_H
#define GPURD_ACCESS_SURFACECALLS_H

#include "llvm/IR/Instructions.h"

#include <optional>
#include <string>

namespace gpurd::access {

/// A call of a surface object's store or load:
/// `surf2Dwrite<float>(v, surface, x, y, mode)` or
/// `T surf2Dread<T>(surface, x, y, mode)`; x is in bytes.
struct SurfaceCall {
  std::string name; ///< `surf2Dwrite`
  bool write = false;
  /// Coordinates after the surface object: x, y and z, or x (y) and the
  /// layer of a layered surface.
  unsigned dims = 1;
  /// The value stored or loaded (its bytes are the access's size).
  llvm::Type *valueType = nullptr;
  /// Argument positions of the surface object and of x (y and z follow).
  unsigned handleArg = 0, firstCoordinateArg = 1;
};

/// \p call as a surface store or load, if it is one (the form of surf*read
/// that writes through a pointer is not recognised).
std::optional<SurfaceCall> surfaceCall(const llvm::CallInst &call);

} // namespace gpurd::access

#endif // GPURD_ACCESS_SURFACECALLS_H

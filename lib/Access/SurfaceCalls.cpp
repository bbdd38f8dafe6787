//===- SurfaceCalls.cpp - Surface objects' stores and loads ---------------===//

#include "gpurd/Access/SurfaceCalls.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace gpurd::access {

std::optional<SurfaceCall> surfaceCall(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->isDeclaration())
    return std::nullopt;
  // `void surf2Dwrite<float>(...)`, `float4 surf2Dread<float4>(...)`: the
  // name is the last word before the template arguments.
  std::string demangled = llvm::demangle(callee->getName().str());
  StringRef head = StringRef(demangled).split('<').first;
  StringRef function = head.substr(head.find_last_of(' ') + 1);
  // The shapes and their coordinates: a layered surface's layer comes
  // after x (and y), where a 3-D surface has z.
  static const std::pair<const char *, unsigned> shapes[] = {
      {"1D", 1}, {"2D", 2}, {"3D", 3}, {"1DLayered", 2}, {"2DLayered", 3}};
  for (const auto &[shape, coordinates] : shapes)
    for (bool write : {true, false}) {
      std::string name =
          std::string("surf") + shape + (write ? "write" : "read");
      if (function != name)
        continue;
      unsigned dims = coordinates;
      SurfaceCall out;
      out.name = name;
      out.write = write;
      out.dims = dims;
      // A store's value comes first; a load returns it.
      out.handleArg = write ? 1 : 0;
      out.firstCoordinateArg = out.handleArg + 1;
      if (call.arg_size() < out.firstCoordinateArg + dims ||
          !call.getArgOperand(out.handleArg)->getType()->isIntegerTy(64))
        return std::nullopt;
      // A struct value (float4) may be passed by value through a pointer.
      out.valueType = !write ? call.getType()
                      : call.paramHasAttr(0, Attribute::ByVal)
                          ? call.getParamByValType(0)
                          : call.getArgOperand(0)->getType();
      if (out.valueType->isVoidTy())
        return std::nullopt;
      return out;
    }
  return std::nullopt;
}

} // namespace gpurd::access

//===- IllegalLaunchError.h - A launch no GPU runs --------------*- C++ -*-===//
//
// A launch beyond CUDA's limits (block or grid dimensions, threads per
// block): not an input gpurd cannot read but a configuration that fails on
// every GPU. The tile search lists such a candidate as illegal, with the
// reason, instead of as a failed analysis.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_ILLEGALLAUNCHERROR_H
#define GPURD_SUPPORT_ILLEGALLAUNCHERROR_H

#include "llvm/Support/Error.h"

#include <string>

namespace gpurd {

class IllegalLaunchError : public llvm::ErrorInfo<IllegalLaunchError> {
public:
  static char ID;

  /// \p reason without the kernel: `a block of (64, 64, 1) has 4096
  /// threads, beyond CUDA's limit of 1024`.
  IllegalLaunchError(std::string kernel, std::string reason)
      : kernel(std::move(kernel)), reasonText(std::move(reason)) {}

  const std::string &reason() const { return reasonText; }
  void log(llvm::raw_ostream &os) const override {
    os << "kernel '" << kernel << "': " << reasonText
       << "; no GPU runs this launch";
  }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string kernel;
  std::string reasonText;
};

} // namespace gpurd

#endif // GPURD_SUPPORT_ILLEGALLAUNCHERROR_H

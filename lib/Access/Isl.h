//===- Isl.h - RAII ownership of isl objects (C API) ------------*- C++ -*-===//
//
// gpurd uses isl's C API behind small RAII handles instead of isl's C++
// bindings: those abort on any isl error when built without C++ exceptions,
// and an isl error (or reaching the operation limit) must become an
// llvm::Error here, never an abort. One IslContext per analysis; errors are
// recorded (ISL_ON_ERROR_CONTINUE) and read back after each call.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ACCESS_ISL_H
#define GPURD_LIB_ACCESS_ISL_H

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>

#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace gpurd::access {

template <typename T> struct IslFree;
template <> struct IslFree<isl_set> {
  void operator()(isl_set *p) const { isl_set_free(p); }
};
template <> struct IslFree<isl_map> {
  void operator()(isl_map *p) const { isl_map_free(p); }
};

/// An owned isl object (isl's `__isl_give`); `release()` hands it to an
/// `__isl_take` argument, `get()` lends it to `__isl_keep` ones.
template <typename T> using IslPtr = std::unique_ptr<T, IslFree<T>>;

class IslContext {
public:
  /// \p maxOperations bounds every computation (0: unbounded); reaching it
  /// is reported as an error, so a pathological kernel falls back instead of
  /// hanging.
  explicit IslContext(unsigned long maxOperations) : ctx(isl_ctx_alloc()) {
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(ctx, maxOperations);
  }
  ~IslContext() { isl_ctx_free(ctx); }
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;

  isl_ctx *get() const { return ctx; }

  /// The pending isl error as an llvm::Error (success when there is none),
  /// and clears it. \p what says what was being computed.
  llvm::Error takeError(const std::string &what) {
    if (isl_ctx_last_error(ctx) == isl_error_none)
      return llvm::Error::success();
    bool quota = isl_ctx_last_error(ctx) == isl_error_quota;
    const char *msg = isl_ctx_last_error_msg(ctx);
    std::string message =
        what + ": " +
        (quota ? std::string("isl's operation limit was reached")
               : std::string(msg ? msg : "isl error"));
    isl_ctx_reset_error(ctx);
    isl_ctx_reset_operations(ctx);
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
  bool lastErrorWasQuota() const {
    return isl_ctx_last_error(ctx) == isl_error_quota;
  }

private:
  isl_ctx *ctx;
};

/// Prints and frees the string isl returns.
inline std::string islString(char *text) {
  std::string out = text ? text : "";
  free(text);
  return out;
}

} // namespace gpurd::access

#endif // GPURD_LIB_ACCESS_ISL_H

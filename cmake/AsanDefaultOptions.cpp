//===- AsanDefaultOptions.cpp - AddressSanitizer defaults for gpurd -------===//
//
// Linked into every executable of a -DGPURD_SANITIZE=ON build (see the
// top-level CMakeLists.txt), never into a normal build.
//
// gpurd is instrumented; libclang-cpp and libLLVM, from Debian, are not. LLVM's
// BumpPtrAllocator is a header template: an instantiation compiled into gpurd
// poisons each new slab it starts (llvm/Support/Allocator.h, StartNewSlab) and
// unpoisons what it hands out, while the copy inside libclang-cpp hands out
// the rest of that slab without unpoisoning it. So once gpurd's code grows an
// ASTContext's allocator (RecursiveASTVisitor reaching a declaration that an
// AST reader loads lazily, as with the precompiled prelude), Clang's own later
// writes into that slab look like use-after-poison. That report is about the
// two copies of one allocator, not about gpurd; turning off user poisoning
// silences exactly it and leaves every other ASan check (heap, stack, global
// overflows, use after free, container overflow) on.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

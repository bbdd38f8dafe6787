//===- KernelInfo.h - Kernels and launch sites of a CUDA file ---*- C++ -*-===//
//
// The Frontend's result for one translation unit: every __global__ kernel
// (template instantiations included) with its parameters, and every launch
// site (`k<<<grid, block, smem, stream>>>(args)`, a launch through a function
// pointer, or `cudaLaunchKernel` and its relatives) with the values that could
// be evaluated at compile time. Nothing here refers to Clang's AST, so later
// stages and the output code can use it freely.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_KERNELINFO_H
#define GPURD_FRONTEND_KERNELINFO_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gpurd {

/// A position in a source file, as Clang presents it (presumed location:
/// `#line` directives respected), 1-based.
struct SourcePosition {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

/// How a kernel parameter is passed, as far as the memory models care.
enum class ParamKind { Pointer, Integer, Floating, Boolean, Texture, Other };

struct StructField;

struct KernelParam {
  std::string name;
  std::string type; ///< As written after template substitution.
  ParamKind kind = ParamKind::Other;
  std::string pointeeType; ///< For pointers: the element type.
  uint64_t pointeeSize =
      0; ///< For pointers: element size in bytes (0 if unknown).
  bool isRestrict = false; ///< `__restrict__` pointer.
  /// For integers: width in bits and signedness.
  unsigned integerBits = 0;
  bool isSigned = false;
  bool isConstPointee = false;
  /// For pointers: the element is a struct or class a system header
  /// declares (cuRAND's curandState): its layout is the library's, not the
  /// kernel's to change.
  bool pointeeIsLibraryRecord = false;
  /// For a pointer parameter written `T *name` (its pointer type not a
  /// typedef): where its name is, when the file writes it (for
  /// `__restrict__`), and where its declaration begins, when the file
  /// writes that too (for `const`; not under a macro's element type).
  std::optional<SourcePosition> declBegin, namePosition;
  /// For a struct (or class) passed by value: its scalar and pointer
  /// members, nested structs flattened (`gravity.x`), in offset order.
  /// Arrays and unions inside are left out.
  std::vector<StructField> fields;
};

/// A member of a struct parameter: `path` from the parameter (`n`,
/// `gravity.x`), its byte offset in the struct, and its type described as a
/// parameter of its own (kind, integer width, pointee...).
struct StructField {
  std::string path;
  uint64_t offset = 0;
  uint64_t size = 0;
  KernelParam type;
};

/// The field of \p param at byte \p offset, or null.
inline const StructField *fieldAt(const KernelParam &param, uint64_t offset) {
  for (const StructField &field : param.fields)
    if (field.offset == offset)
      return &field;
  return nullptr;
}
/// The field of \p param named \p path, or null.
inline const StructField *fieldNamed(const KernelParam &param,
                                     llvm::StringRef path) {
  for (const StructField &field : param.fields)
    if (field.path == path)
      return &field;
  return nullptr;
}

/// A statically sized `__shared__` array a kernel declares (or uses, at
/// namespace scope).
struct SharedArrayDecl {
  std::string name;
  SourcePosition position;          ///< Of its name.
  std::vector<uint64_t> dimensions; ///< Element counts, outermost first.
  uint64_t elementBytes = 0;
  /// Where its innermost size is written (`TILE` in `[TILE][TILE]`), the
  /// characters from innerSizeBegin up to innerSizeEnd, when that is text
  /// of the file an edit can change (not inside a macro's definition).
  std::optional<SourcePosition> innerSizeBegin, innerSizeEnd;
  std::string innerSizeText;
  /// The names its sizes are written with (`TILE`, `BLOCK`): the macros,
  /// constants and template parameters that size it.
  std::vector<std::string> sizeNames;
};

struct KernelInfo {
  std::string name; ///< Qualified, with template arguments: `ns::mm<32>`.
  std::string mangledName; ///< Itanium-mangled name (the device symbol).
  SourcePosition position; ///< Of the kernel's name.
  std::vector<KernelParam> params;
  bool isTemplateInstance = false;
  /// `__launch_bounds__(maxThreads, minBlocks)` when present.
  std::optional<uint64_t> launchBoundsMaxThreads;
  std::optional<uint64_t> launchBoundsMinBlocks;
  /// Bytes of statically sized `__shared__` variables declared in the kernel.
  uint64_t staticSharedBytes = 0;
  /// Whether the kernel declares `extern __shared__` (dynamic) memory.
  bool usesDynamicShared = false;
  /// Its statically sized `__shared__` arrays.
  std::vector<SharedArrayDecl> sharedArrays;
  /// threadIdx/blockDim .x, .y, .z its source reads, in its body and the
  /// device functions it calls, apart from cooperative groups' linear rank
  /// and size of the block (thread_rank(), size()), which read all three but
  /// rank the threads the same in any block shape (usesLinearThreadRank).
  std::array<bool, 3> sourceThreadDims{false, false, false};
  bool usesLinearThreadRank = false;
  /// Defined in a system header (Thrust's and CUB's kernels, which their
  /// algorithms instantiate in the user's file; anything under -isystem):
  /// library code, not listed or analysed unless chosen with --kernel.
  bool inSystemHeader = false;
};

/// The parameter of \p kernel named \p name, or the member of a struct
/// parameter named `p.n` (its type described as a parameter); null when
/// there is none.
inline const KernelParam *paramOrMemberNamed(const KernelInfo &kernel,
                                             llvm::StringRef name) {
  for (const KernelParam &param : kernel.params) {
    if (param.name == name)
      return &param;
    llvm::StringRef rest = name;
    if (rest.consume_front(param.name) && rest.consume_front("."))
      if (const StructField *field = fieldNamed(param, rest))
        return &field->type;
  }
  return nullptr;
}

/// A value from host code: known (integer or floating point) or unknown with
/// the reason and the source text it came from.
struct EvaluatedValue {
  std::string text; ///< The source text of the expression.
  std::variant<std::monostate, int64_t, uint64_t, double> value;
  std::string unknownReason; ///< Set when value is monostate.

  bool isKnown() const { return value.index() != 0; }
  /// The value as an unsigned integer when it is a known non-negative integer.
  std::optional<uint64_t> asUnsigned() const;
  /// Prints the value (`4096`, `0.5`) or `?`.
  std::string str() const;
};

/// One dimension triple (grid or block) at a launch site.
struct Dim3Value {
  std::string text;
  std::array<EvaluatedValue, 3> components;
  /// An integer literal a component is written as in the launch itself
  /// (`dim3(32, 8)`, `256`), outside any macro: what a fix-it can change.
  struct Literal {
    SourcePosition begin;
    unsigned endColumn = 0; ///< Just past its last character.
  };
  /// Per component; none for one written otherwise (a variable, a default).
  std::array<std::optional<Literal>, 3> literals;

  bool isKnown() const {
    return components[0].isKnown() && components[1].isKnown() &&
           components[2].isKnown();
  }
};

struct LaunchArgument {
  /// The kernel parameter it binds to; empty when the kernel is not known.
  std::string param;
  EvaluatedValue value;
};

/// The function pointer a launch goes through (`kernel<<<...>>>(...)` with
/// `void (*kernel)(float *, int)`, `cudaLaunchKernel((const void *)fp, ...)`)
/// and the kernels it may hold there.
struct LaunchPointer {
  std::string text; ///< Source text of the pointer expression: `kernel`.
  /// Every kernel the pointer may hold at the launch, in the source order of
  /// the assignments that store them; a launch site is recorded for each.
  std::vector<std::string> candidates;
  /// Set when some value the pointer may hold is not a kernel gpurd can
  /// name (a parameter, a call, an address that escapes): then there may be
  /// other kernels than the candidates.
  std::string otherValuesReason;
};

/// The values a launch site takes when its host code may give it one of
/// several (a loop around the launch, assignments under a condition, callers
/// that pass different values): each combination is a variant, recorded as
/// a launch site of its own at the same position. A launch whose values
/// assume something (a branch condition, a value of a loop) says so even
/// when it has one variant.
struct LaunchVariant {
  unsigned index = 1; ///< 1-based, among the variants of the launch.
  unsigned count = 1;
  /// What this variant assumes, one sentence each:
  /// `'t' = 0 in iteration 1 of 4 of the loop at line 12`.
  std::vector<std::string> assumptions;
  /// Set when variants were left out (more than the front end keeps).
  std::string leftOut;
};

/// An integer the host code of a launch cannot know (a size read from the
/// command line or a file, a parameter of a function that nothing in the
/// file calls), bound to the root value of a RootedLaunch.
struct HostRoot {
  std::string name;   ///< The variable or parameter: `sizeX`.
  std::string reason; ///< Why its value is unknown (the chain followed).
  /// Where the variable is declared: with the name, what tells one host
  /// variable from another (the parameters `n` of two functions), so that
  /// every launch it reaches takes one assumed value for it.
  SourcePosition declaration;
};

/// The launch's values as its host code computes them when every HostRoot
/// holds \p root: the grid, the block and the arguments stay consistent
/// with each other (`steps = divRndUp(sy, 120)` beside `gridDim.y = sy /
/// (8 * steps)`), which values assumed one by one are not.
struct RootedLaunch {
  uint64_t root = 0;
  Dim3Value grid;
  Dim3Value block;
  EvaluatedValue dynamicSharedBytes;
  std::vector<LaunchArgument> args;
};

/// Whether, between the evaluations \p low and \p high of one launch at two
/// roots, the grid follows the root (then an argument is what the grid is:
/// `k<<<ih, 384>>>(ih)`) or some value is computed from the root rather
/// than being the root itself. Otherwise the values are the host code's
/// integers passed as they are, and assumed one by one (an argument `n`,
/// not a host value `n`) they say the same more directly.
bool valuesFollowRoot(const RootedLaunch &low, const RootedLaunch &high);

/// Whether a launch gives \p param a number (an integer, floating-point or
/// bool value), not a pointer, texture handle or structure.
inline bool takesNumber(const KernelParam &param) {
  return param.kind == ParamKind::Integer ||
         param.kind == ParamKind::Floating || param.kind == ParamKind::Boolean;
}

/// The names a launch's values are written with: the identifiers of the
/// expression, and of the initializers of the local variables it reads
/// (`dim3 block(TILE, TILE)`), a few levels deep. What the advisor's tile
/// search reads to know which tunables shape a launch.
struct LaunchNames {
  std::vector<std::string> grid, block;
  /// Of the kernel's template argument list (`mm<TILE>`).
  std::vector<std::string> templateArguments;
};

struct LaunchSite {
  /// KernelInfo::name of the launched kernel; empty when it is not known
  /// (launched through a pointer whose kernels cannot be found).
  std::string kernel;
  std::string kernelUnknownReason; ///< Why the kernel is not known.
  /// The runtime function that starts the kernel (`cudaLaunchKernel`,
  /// `cudaLaunchCooperativeKernel`, `cudaLaunchKernelExC`,
  /// `cudaLaunchKernelEx`); empty for `<<<...>>>`.
  std::string api;
  /// Set when the kernel is not named directly but read from a pointer.
  std::optional<LaunchPointer> pointer;
  SourcePosition position;
  std::string enclosingFunction;
  Dim3Value grid;
  Dim3Value block;
  EvaluatedValue dynamicSharedBytes;
  std::string stream; ///< Source text; empty for the default stream.
  std::vector<LaunchArgument> args;
  LaunchVariant variant;
  /// When some value above is unknown only through integers the host code
  /// cannot know: those integers, and the launch evaluated with all of them
  /// at 1, 2, 4, ... (ascending, while the values stay valid and grow).
  std::vector<HostRoot> roots;
  std::vector<RootedLaunch> rooted;
  /// When the block is unknown only through integers the host code cannot
  /// know (a block size passed in): those integers, and the launch
  /// evaluated with them alone at 1, 2, 4, ..., 1024, every other unknown
  /// left unknown. What the source computes from the block's own variables
  /// (`blockSize * 4 * sizeof(T)` bytes of shared memory, an argument
  /// `block_size`) then follows the block gpurd assumes.
  std::vector<HostRoot> configurationRoots;
  std::vector<RootedLaunch> configured;
  LaunchNames names;
};

/// A memory access as written in device code: `A[i]`, `*p`, `p->x`. The
/// Access component maps compiled memory operations back to these through
/// their debug locations.
struct SourceAccess {
  SourcePosition begin; ///< First character.
  SourcePosition end;   ///< Start of the last token.
  /// For writes by `=`, `+=`, `++`...: the operator, where Clang puts the
  /// debug location of the store.
  std::optional<SourcePosition> operatorPosition;
  std::string text;
  bool isRead = false;
  bool isWrite = false;
  bool isAtomic = false;
  unsigned loopDepth = 0; ///< Loops around it within its function.
  std::string function;
};

/// A loop in device code, with the name of its iteration variable.
struct SourceLoop {
  SourcePosition position;
  std::string iterator;
  std::string function;
};

/// A legacy texture reference (`texture<T, dim, mode> name;` at namespace
/// scope), which the host binds to memory.
struct TextureReference {
  std::string name;        ///< Qualified (`ns::tex`), as IR symbols demangle.
  uint64_t texelBytes = 0; ///< sizeof(T).
};

/// A `__device__` or `__constant__` variable the host code writes through
/// the runtime (cudaMemcpyToSymbol, cudaMemcpyToSymbolAsync) or gets the
/// address of to write through it (cudaGetSymbolAddress): its contents at a
/// launch are the host's, which gpurd does not know.
struct HostSymbolWrite {
  std::string name;   ///< Qualified, as written.
  std::string symbol; ///< The mangled name the device IR gives it.
  std::string api;    ///< The runtime function.
  SourcePosition position;
};

/// A value a programmer tunes: an object-like macro whose definition is one
/// integer literal (`#define TILE 16`) or a namespace-scope `const` or
/// `constexpr` integer initialised with one (`constexpr int kBlock = 256;`),
/// defined in the analysed file. Where the advisor's tile search edits it.
struct Tunable {
  enum class Kind { Macro, Constant };
  std::string name;
  Kind kind = Kind::Macro;
  int64_t value = 0;
  /// The literal: its first character and the column just past it.
  SourcePosition literal;
  unsigned literalEndColumn = 0;
  std::string literalText;
};

struct TranslationUnitInfo {
  std::string file;
  std::vector<TextureReference> textures;
  /// Every kernel, the user's and those of system headers (inSystemHeader).
  std::vector<KernelInfo> kernels;
  /// The launch sites of the file's own code; launches written in system
  /// headers (Thrust's and CUB's launches of their kernels) are not kept,
  /// only counted here.
  std::vector<LaunchSite> launches;
  unsigned systemHeaderLaunchSites = 0;
  std::vector<SourceAccess> deviceAccesses;
  std::vector<SourceLoop> deviceLoops;
  /// The file's tunables, in source order.
  std::vector<Tunable> tunables;
  /// The device variables its host code writes, in source order (one entry
  /// per call).
  std::vector<HostSymbolWrite> hostSymbolWrites;
};

/// The tunable of \p unit named \p name, or null.
inline const Tunable *findTunable(const TranslationUnitInfo &unit,
                                  llvm::StringRef name) {
  for (const Tunable &tunable : unit.tunables)
    if (tunable.name == name)
      return &tunable;
  return nullptr;
}

} // namespace gpurd

#endif // GPURD_FRONTEND_KERNELINFO_H

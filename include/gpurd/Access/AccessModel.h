//===- AccessModel.h - Memory operations of a compiled kernel ---*- C++ -*-===//
//
// The Access component's result for one kernel: every memory operation of the
// compiled kernel (load, store, atomic, texture fetch; barriers too, since
// they order the others) in program order, each with its memory space, the
// array it touches, its size, its source location and expression, and either
// its iteration domain, byte-offset access function and per-thread schedule
// as quasi-affine objects (printed and normalised with isl), or the reason it
// is not affine. Later stages use this through plain C++ (no isl, no LLVM).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_ACCESSMODEL_H
#define GPURD_ACCESS_ACCESSMODEL_H

#include "gpurd/Access/QuasiAffine.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Support/MemoryAccess.h"

#include <optional>
#include <string>
#include <vector>

namespace gpurd::access {

using gpurd::AccessKind;
using gpurd::accessKindName;
using gpurd::MemorySpace;
using gpurd::memorySpaceName;

/// Why an operation (or a loop) is not affine: a stable kind, a message for
/// users and where it comes from (Polly's RejectReason pattern).
struct NonAffineReason {
  enum class Kind {
    DataDependentAddress,   ///< The address uses a value loaded from memory.
    DataDependentCondition, ///< Executed under a condition on loaded data.
    PointerChasing,         ///< The base pointer itself is loaded.
    UnknownBase,            ///< The base is not a single array (phi/select).
    NonAffineProduct,       ///< A product of two non-constant values.
    NonConstantDivision,    ///< Division or modulo by a non-constant.
    NonAffineInduction,     ///< A loop variable changes non-affinely.
    NonAffineTripCount,     ///< A loop's trip count is not affine.
    NonAffineCondition,     ///< A guarding condition is not affine.
    BitOperation,           ///< xor/or/and with a non-mask, etc.
    UnsupportedValue,       ///< Call results, selects, floats...
    UnsupportedOperation,   ///< memcpy/memset and other operations.
    Complexity,             ///< isl's operation limit was reached.
  };
  Kind kind;
  std::string message;
  SourcePosition position;

  /// The stable kebab-case name (`data-dependent-address`, ...).
  const char *name() const;
};

/// An array an operation touches.
struct ArrayInfo {
  std::string name;
  /// For variables: the IR symbol (mangled), which identifies it uniquely.
  std::string symbol;
  MemorySpace space = MemorySpace::Global;
  /// ParameterField: what a pointer member of a struct parameter passed by
  /// value points to (`p.vx`), at fieldOffset in parameter paramIndex.
  /// Pointer: an address that is not into one parameter's, variable's or
  /// member's array (a pointer loaded from memory, one of several arrays).
  enum class Origin {
    Parameter,
    Variable,
    Local,
    ParameterField,
    Pointer
  } origin = Origin::Parameter;
  int paramIndex = -1;      ///< For parameters and their members.
  uint64_t fieldOffset = 0; ///< For ParameterField.
  uint64_t sizeBytes = 0;   ///< For variables and locals, when known.
  /// The identifier the isl forms use for it: `name` unless that is not one
  /// isl reads (`myBinIndex.0` becomes `myBinIndex_0`), set by the isl step.
  std::string islName;
};

/// A loop of the compiled kernel.
struct LoopInfo {
  unsigned variable = 0; ///< Index of its iteration variable.
  int parent = -1;       ///< Index of the enclosing loop, or -1.
  SourcePosition position;
  /// Trip count minus one (the backedge-taken count), when affine.
  std::optional<QuasiAffine> lastIteration;
  /// lastIteration as isl prints it (`2047 - 256bx - tx`).
  std::string islLastIteration;
  std::optional<NonAffineReason> reason;
};

/// One memory operation (or barrier) of the compiled kernel.
struct AccessSite {
  unsigned id = 0;
  AccessKind kind = AccessKind::Read;
  std::string operation; ///< `load`, `store`, `atomicrmw add`, `ldg`, ...
  MemorySpace space = MemorySpace::Global;
  int array = -1; ///< Index into AccessModel::arrays.
  unsigned sizeBytes = 0;
  SourcePosition position;
  /// The compiled instruction kept no line of its own (the optimiser merged
  /// accesses of several lines, or hoisted one): position is a neighbour's
  /// (its address computation's, or the nearest instruction's), not the
  /// access's.
  bool positionInferred = false;
  std::string sourceText; ///< `A[row * N + k]`, when it could be found.
  /// Index into TranslationUnitInfo::deviceAccesses of that expression.
  int sourceAccess = -1;
  std::vector<unsigned> loops; ///< Enclosing loops, outermost first.
  /// Domain dimensions (variable indices): block ids, thread ids, loops.
  std::vector<unsigned> dimensions;
  /// Program order: position in the enclosing loop (or the kernel) at each
  /// level, outermost first (one more entry than loops).
  std::vector<unsigned> schedule;

  bool affine = false;
  Condition domain = Condition::always();
  /// Expressions the affine forms assume non-negative on the domain (the
  /// operands of C's truncating `/` and `%`); isl checks them.
  std::vector<QuasiAffine> nonNegative;
  QuasiAffine offset; ///< Byte offset into the array, when affine.
  std::optional<NonAffineReason> reason;

  /// isl forms (normalised by isl): the iteration domain, the access
  /// relation to byte offsets and the per-thread schedule.
  std::string islDomain, islAccess, islSchedule;
  /// Whether isl found the domain empty under the launch configuration.
  bool neverExecuted = false;
  /// A volatile load or store (a flag another agent writes or reads).
  bool isVolatile = false;
  /// The group of memory instructions a warp issues with this one before
  /// it waits on any of their results (its largest, in the compiled kernel
  /// with its loops unrolled, IssueGroups.h): an index into
  /// AccessModel::issueGroups, or -1 when the site issues alone. Seed 002
  /// Eq. 18's MLP counts them.
  int issueGroup = -1;
};

/// Memory instructions a warp issues back to back before it waits on any
/// of their results: each site in it with the copies of it it holds (a
/// loop unrolled by 4 holds 4 copies of each load of its body).
struct IssueGroup {
  std::vector<std::pair<uint32_t, unsigned>> copies; ///< Site id, copies.
};

/// A variable of the model: a block or thread index, a loop iteration
/// variable, or a parameter (a value unknown at analysis time).
struct Variable {
  enum class Kind { BlockIndex, ThreadIndex, Loop, Parameter } kind;
  std::string name;
  /// For parameters that stand for a struct member: how the source (and
  /// --arg) spells it, `p.n` for the isl name `p_n`.
  std::string sourceName = {};
  /// The identifier the isl forms use for it: `name` unless that is not one
  /// isl reads (a keyword such as `max`, characters such as `.`), set by
  /// the isl step.
  std::string islName = {};
};

struct AccessModel {
  std::string kernel;
  std::vector<Variable> variables;
  std::vector<ArrayInfo> arrays;
  std::vector<LoopInfo> loops;
  std::vector<AccessSite> sites;
  /// The sites' issue groups (AccessSite::issueGroup), each listing the
  /// sites whose group it is.
  std::vector<IssueGroup> issueGroups;
  /// What the user must hear about the model (no compiled memory operation
  /// although the source has some, ...): one message each.
  std::vector<std::string> warnings;

  std::vector<std::string> variableNames() const;
  /// Indices of the parameter variables.
  std::vector<unsigned> parameters() const;
  /// Whether every memory operation is affine.
  bool isAffine() const;
};

} // namespace gpurd::access

#endif // GPURD_ACCESS_ACCESSMODEL_H

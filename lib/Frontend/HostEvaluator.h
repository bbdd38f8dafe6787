//===- HostEvaluator.h - Compile-time values of host code -------*- C++ -*-===//
//
// Evaluates the host-side expressions of a launch site (grid and block
// dimensions, dynamic shared memory, scalar kernel arguments) the way a reader
// of the code would: through #defines, constexpr/const variables, enumerators,
// sizeof, dim3 constructors and member reads (`block.x`), calls of small
// helpers such as `iDivUp(n, 16)` and of ceil/floor/min/max, through
// local variables whose last assignment before the launch is certain (no
// branch, loop or escaping address in between), and through parameters, from
// the arguments the function's callers pass. Where the host code may give a
// value one of a few values (a loop around the launch, assignments under a
// condition, callers that disagree), each is an alternative of a choice
// point, and the launch has one variant per combination (beginVariant).
// Anything else is unknown, with a reason a user can act on that names the
// chain it followed. For the runtime's launch functions it also
// reads argument arrays (`void *args[] = {&n}`) and the members of a
// cudaLaunchConfig_t, and for function pointers it lists the values that may
// reach a launch.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_HOSTEVALUATOR_H
#define GPURD_LIB_FRONTEND_HOSTEVALUATOR_H

#include "gpurd/Frontend/KernelInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpurd {

namespace host {
struct Write;
class WriteCache;
} // namespace host

/// Every call of each function of a translation unit, found once (on the
/// first question), so that a parameter's value can be read from the
/// arguments the function's callers pass.
class CallSites {
public:
  explicit CallSites(clang::ASTContext &context) : context(context) {}

  struct Callers {
    /// The calls, in the order of the translation unit.
    std::vector<const clang::CallExpr *> calls;
    /// A use of the function other than a call (its address taken): then it
    /// may be called from where gpurd cannot see.
    const clang::Expr *otherUse = nullptr;
  };
  /// The callers of \p function (any of its declarations).
  const Callers &of(const clang::FunctionDecl *function);

private:
  void build();

  clang::ASTContext &context;
  bool built = false;
  llvm::DenseMap<const clang::FunctionDecl *, Callers> callers;
  Callers none;
};

/// A scalar host value: an integer of the expression's width and signedness,
/// or a floating-point value.
struct HostScalar {
  bool isFloat = false;
  llvm::APSInt intValue;
  double floatValue = 0;
};

class HostEvaluator {
public:
  /// \p function is the function containing the launch; may be null.
  /// \p callSites, when given, lets parameters take their callers' values.
  HostEvaluator(clang::ASTContext &context, const clang::FunctionDecl *function,
                CallSites *callSites = nullptr,
                host::WriteCache *writeCache = nullptr)
      : context(context), function(function), callSites(callSites),
        writeCache(writeCache) {}

  /// A place where the host code may give a value one of several values: a
  /// loop's iterations, the callers of a function, the assignments under a
  /// condition that may reach a use.
  using ChoiceKey = std::pair<const void *, const void *>;
  /// Which alternative each choice point takes (0 = the first).
  using Selection = std::map<ChoiceKey, unsigned>;
  struct Choice {
    ChoiceKey key;
    unsigned alternatives = 0;
  };
  /// Runs \p evaluate (which evaluates with this evaluator) without
  /// recording choice points or assumptions: for what is shown rather than
  /// used (the text of a pointer argument).
  template <typename Evaluate> auto withoutChoices(Evaluate evaluate) {
    ProbeState state = startProbe();
    auto out = evaluate();
    endProbe(state);
    return out;
  }

  /// Starts the evaluation of one variant of the launch \p launch: choice
  /// points take the alternatives of \p selection (the first where it says
  /// nothing), and a variable that the condition of a branch around the
  /// launch compares for equality (`if (bs == 16)`) holds that value.
  void beginVariant(const clang::Stmt *launch, Selection selection);
  /// The choice points met since beginVariant that the selection did not
  /// decide, in the order met.
  const std::vector<Choice> &openChoices() const { return opened; }
  /// What the values evaluated since beginVariant assume, in the order met
  /// (`'t' = 0 in iteration 1 of 4 of the loop at line 12`).
  const std::vector<std::string> &assumptions() const { return assumed; }

  /// With a value, an integer variable or parameter whose value is unknown
  /// (a HostRoot) holds \p root instead; without, it stays unknown.
  /// The variables of \p keepUnknown stay unknown (launch configuration
  /// values rather than sizes: a block size passed in).
  void
  bindUnknownIntegers(std::optional<uint64_t> root,
                      llvm::DenseSet<const clang::VarDecl *> keepUnknown = {}) {
    rootValue = root;
    notBound = std::move(keepUnknown);
    onlyBound.clear();
    unboundBelow = false;
    bound.clear();
  }
  /// With a value, the integer variables and parameters of \p only hold
  /// \p value, and every other unknown integer stays unknown (the launch
  /// configuration's own variables, a block size passed in, at a value of
  /// their own); without, they stay unknown.
  void bindOnly(std::optional<uint64_t> value,
                llvm::DenseSet<const clang::VarDecl *> only = {}) {
    bindUnknownIntegers(value);
    onlyBound =
        value ? std::move(only) : llvm::DenseSet<const clang::VarDecl *>();
  }
  /// The integers bound to the root since bindUnknownIntegers, each name
  /// once, in the order met.
  std::vector<HostRoot> boundRoots() const;
  /// The variables bound to the root since the \p mark-th binding (a count
  /// of boundCount()).
  size_t boundCount() const { return bound.size(); }
  llvm::DenseSet<const clang::VarDecl *> boundSince(size_t mark) const;

  /// Evaluates the scalar expression \p expr as seen at \p point, converted
  /// to \p type when one is given.
  EvaluatedValue evaluate(const clang::Expr *expr, const clang::Stmt *point,
                          clang::QualType type = clang::QualType());
  /// Evaluates a dim3-typed (or integer, converted to dim3) expression.
  Dim3Value evaluateDim3(const clang::Expr *expr, const clang::Stmt *point);

  /// Evaluates the scalar that element \p index of a launch's argument
  /// array points to (`void *args[] = {&n, &x}` gives `n` for index 0),
  /// converted to \p type. Only a local array initialized in place and used
  /// by launches alone is read; the addresses in it are not taken to escape.
  EvaluatedValue evaluateArgument(const clang::Expr *argsArray, unsigned index,
                                  clang::QualType type,
                                  const clang::Stmt *point);

  /// Members of a structure given by its address (`&config` for a local
  /// `cudaLaunchConfig_t config`), as for variables: the last certain write
  /// to the member (`config.gridDim = grid`, `config.gridDim.x = 4`) or to
  /// the whole structure (`cudaLaunchConfig_t config = {grid, block}`).
  Dim3Value evaluateMemberDim3(const clang::Expr *pointer,
                               llvm::StringRef member,
                               const clang::Stmt *point);
  EvaluatedValue evaluateMember(const clang::Expr *pointer,
                                llvm::StringRef member,
                                const clang::Stmt *point);
  /// Member \p memberName of the struct a launch passes by value (`p` for a
  /// local `Particles p`), as for variables: the last certain write to the
  /// member (`p.n = n`) or to the whole structure (`Particles p = {...}`),
  /// converted to the member's type. One level of members only.
  EvaluatedValue evaluateStructMember(const clang::Expr *structure,
                                      llvm::StringRef memberName,
                                      const clang::Stmt *point);
  /// `config.stream` for `&config`, `cfg->stream` for a pointer `cfg`.
  std::string memberText(const clang::Expr *pointer, llvm::StringRef member);
  /// The expression last stored to such a member when it is certain (for
  /// source text, such as the stream); null otherwise.
  const clang::Expr *memberValue(const clang::Expr *pointer,
                                 llvm::StringRef member,
                                 const clang::Stmt *point);

  /// The values a local variable may hold at \p point, for variables that
  /// hold something other than numbers (function pointers).
  struct ReachingValues {
    /// The stored expressions, in source order.
    std::vector<const clang::Expr *> values;
    /// Whether values is the one value the variable certainly holds.
    bool certain = false;
    /// Why other values may reach the point (an escaping address, a write
    /// gpurd does not follow); empty when values are all there is.
    std::string unfollowed;
  };
  /// The value of the last certain write before \p point, as for scalars;
  /// without one, every write that may reach the point: those before it
  /// and those in a loop around it, except in the other arm of a branch.
  ReachingValues reachingValues(const clang::VarDecl *var,
                                const clang::Stmt *point);

private:
  /// Sets out.literals for the components of \p expr, a dim3, written as
  /// integer literals in the expression itself.
  void recordLiterals(const clang::Expr *expr, Dim3Value &out) const;

  using Bindings = llvm::DenseMap<const clang::ParmVarDecl *, HostScalar>;

  /// host::writesOf through the write cache, when there is one.
  std::vector<host::Write> writesIn(const clang::FunctionDecl *in,
                                    const clang::VarDecl *var,
                                    const clang::FieldDecl *member,
                                    const clang::Expr *&escape);

  // Expressions (HostExpressions.cpp).

  std::optional<HostScalar> scalar(const clang::Expr *expr,
                                   const clang::Stmt *point);
  /// scalar() for what Clang's constant evaluator does not fold: one method
  /// for each kind of expression.
  std::optional<HostScalar> scalarStructural(const clang::Expr *expr,
                                             const clang::Stmt *point);
  std::optional<HostScalar> literal(const clang::Expr *expr);
  std::optional<HostScalar> conversion(const clang::CastExpr *castExpr,
                                       const clang::Stmt *point);
  std::optional<HostScalar> unary(const clang::UnaryOperator *op,
                                  const clang::Stmt *point);
  std::optional<HostScalar> conditional(const clang::ConditionalOperator *cond,
                                        const clang::Stmt *point);
  /// An enumerator, a bound parameter or a variable.
  std::optional<HostScalar> reference(const clang::DeclRefExpr *ref,
                                      const clang::Stmt *point);
  /// The value of variable (or parameter) \p var, or the root when it is
  /// unknown, of integer type and a root is bound.
  std::optional<HostScalar> variableOrRoot(const clang::VarDecl *var,
                                           const clang::Stmt *point);
  std::optional<HostScalar> binary(const clang::BinaryOperator *op,
                                   const clang::Stmt *point);
  /// lhs OP rhs with the result converted to \p type; \p where is the
  /// expression, for messages.
  std::optional<HostScalar> arith(clang::BinaryOperatorKind kind,
                                  const HostScalar &lhs, const HostScalar &rhs,
                                  clang::QualType type,
                                  const clang::Expr *where);
  std::optional<HostScalar> floatArith(clang::BinaryOperatorKind kind, double a,
                                       double b, clang::QualType type);
  std::optional<HostScalar> intArith(clang::BinaryOperatorKind kind,
                                     llvm::APSInt a, llvm::APSInt b,
                                     clang::QualType type,
                                     const clang::Expr *where);
  std::optional<HostScalar> call(const clang::CallExpr *call,
                                 const clang::Stmt *point);
  /// Whether an argument of \p call is `argc`, `argv` or `argv[i]` of main.
  static bool readsCommandLine(const clang::CallExpr *call);
  /// ceil, floor, sqrt, round, abs and their variants.
  std::optional<HostScalar> unaryMath(const clang::CallExpr *call,
                                      const std::string &name,
                                      const clang::Stmt *point);
  /// min, max, pow and their variants.
  std::optional<HostScalar> binaryMath(const clang::CallExpr *call,
                                       const std::string &name,
                                       const clang::Stmt *point);
  /// A call of a helper whose body is the one statement \p ret: its value
  /// with the parameters of \p definition bound to the arguments.
  std::optional<HostScalar> helperCall(const clang::CallExpr *call,
                                       const clang::FunctionDecl *definition,
                                       const clang::ReturnStmt *ret,
                                       const clang::Stmt *point);
  std::optional<HostScalar> cast(const HostScalar &value, clang::QualType to);
  /// \p value (true or false) converted to \p type.
  std::optional<HostScalar> boolean(bool value, clang::QualType type);
  /// Component \p index (0..2 for x, y, z) of a dim3-valued expression.
  std::optional<HostScalar> dim3Component(const clang::Expr *expr,
                                          unsigned index,
                                          const clang::Stmt *point);

  // Parameters, from their callers (HostCallSites.cpp).

  /// The value parameter \p param (its member and component as for
  /// variable()) has on entry to its function: what its callers pass, when
  /// they agree or one of them is chosen.
  std::optional<HostScalar> incomingValue(const clang::ParmVarDecl *param,
                                          const clang::FieldDecl *member,
                                          std::optional<unsigned> field);
  /// What \p call passes for \p param, evaluated in the caller.
  std::optional<HostScalar> argumentValue(const clang::CallExpr *call,
                                          const clang::ParmVarDecl *param,
                                          const clang::FieldDecl *member,
                                          std::optional<unsigned> field);

  // Choice points (HostChoices.cpp).

  /// The alternative choice point \p key takes: the selected one, else the
  /// first, and the point is recorded as open.
  unsigned choose(ChoiceKey key, unsigned alternatives);
  /// Records what a value assumes, for the variant's description.
  void assume(std::string assumption);
  /// The value of \p var, the iteration variable of a `for` loop around
  /// \p point that only its header changes, in the chosen iteration.
  /// \p reason says why the variable has no certain value.
  std::optional<HostScalar> loopValue(const clang::VarDecl *var,
                                      const clang::Stmt *point,
                                      const std::string &reason);
  /// The value of \p var (member, component) when its last assignments
  /// before \p point are under a condition: the chosen one of the values
  /// that may reach the point. \p reason says why there is no certain one.
  std::optional<HostScalar> conditionalValue(const clang::VarDecl *var,
                                             const clang::FieldDecl *member,
                                             std::optional<unsigned> field,
                                             const clang::Stmt *point,
                                             const std::string &reason);
  /// The value of \p var after the loop increment \p inc, with the
  /// variable's current value in `iterating`.
  std::optional<HostScalar> stepValue(const clang::Expr *inc,
                                      const clang::VarDecl *var);
  /// Records what \p cond, the condition of \p branch, says of variables
  /// when it \p holds (or fails): `v == 16` gives v the value 16.
  /// Records what the `case` label that \p child of the body \p body of a
  /// switch statement runs under says of the switch's variable (`case 128:`
  /// of `switch (threads)` gives threads the value 128).
  void addCaseCondition(const clang::CompoundStmt *body,
                        const clang::Stmt *child);
  /// Records that \p variable, when it names a local integer variable not
  /// yet decided, holds the value of \p value (evaluated at \p at) where the
  /// launch is, described as `v = 16 ` + \p where. False when it does not.
  bool addCondition(const clang::Expr *variable, const clang::Expr *value,
                    const clang::Stmt *at, const std::string &where);
  void addConditions(const clang::Expr *cond, bool holds,
                     const clang::IfStmt *branch);
  /// The value the conditions of the branches around the launch give
  /// \p var at \p point, if any.
  std::optional<HostScalar> launchCondition(const clang::VarDecl *var,
                                            const clang::Stmt *point);
  /// What a probe must restore: an evaluation that only asks whether a
  /// value is known leaves no open choice and no assumption behind.
  struct ProbeState {
    size_t opened = 0, assumed = 0, bound = 0;
    std::string reason;
  };
  ProbeState startProbe() const {
    return {opened.size(), assumed.size(), bound.size(), reason_};
  }
  /// Ends a probe; returns whether it met a choice point not decided.
  bool endProbe(const ProbeState &state);
  /// The text of a value for descriptions (`16`, `0.5`).
  static std::string valueText(const HostScalar &value);

  // Variables: statements and the last certain write (HostLastWrite.cpp).

  /// The value of variable \p var (its member \p member when not null, then
  /// component \p field of that, or the whole of it when \p field is empty)
  /// just before \p point.
  std::optional<HostScalar> variable(const clang::VarDecl *var,
                                     const clang::FieldDecl *member,
                                     std::optional<unsigned> field,
                                     const clang::Stmt *point);
  /// What a write of \p value (to the whole variable, or to its component
  /// \p writtenField) at \p at stores in what variable() is asked for: the
  /// member of a structure value, then the component of a dim3 value.
  std::optional<HostScalar>
  storedValue(const clang::VarDecl *var, const clang::FieldDecl *member,
              std::optional<unsigned> field, const clang::Expr *value,
              bool wholeVariable, std::optional<unsigned> writtenField,
              const clang::Stmt *at);
  /// The value after `v++` (\p increment) or `v--` at \p at.
  std::optional<HostScalar> stepped(const clang::VarDecl *var,
                                    const clang::FieldDecl *member,
                                    std::optional<unsigned> field,
                                    bool increment, const clang::Stmt *at);
  /// The value after `v op= e` (\p op, at \p at).
  std::optional<HostScalar>
  compoundAssigned(const clang::VarDecl *var, const clang::FieldDecl *member,
                   std::optional<unsigned> field,
                   const clang::CompoundAssignOperator *op,
                   const clang::Stmt *at);

  // Structure members (HostStructMembers.cpp).

  /// The structure variable \p pointer is the address of, and its member
  /// named \p memberName; null with the reason recorded otherwise.
  const clang::VarDecl *pointedStructure(const clang::Expr *pointer,
                                         llvm::StringRef memberName,
                                         const clang::FieldDecl *&member);

  // Reasons and results (HostEvaluator.cpp).

  bool fail(std::string reason) {
    if (reason_.empty())
      reason_ = std::move(reason);
    return false;
  }
  std::optional<HostScalar> unknown(std::string reason) {
    fail(std::move(reason));
    return std::nullopt;
  }
  std::string text(const clang::Expr *expr) const;
  EvaluatedValue toEvaluated(const clang::Expr *expr,
                             const std::optional<HostScalar> &value);

  /// A value the condition of a branch around the launch gives a variable.
  struct LaunchCondition {
    HostScalar value;
    std::string description;
  };

  clang::ASTContext &context;
  /// The function whose variables are read; a caller's while one of its
  /// calls is evaluated.
  const clang::FunctionDecl *function;
  CallSites *callSites;
  /// Where the writes of a variable are asked once (null: asked each time).
  host::WriteCache *writeCache;
  Bindings bindings;
  std::string reason_;
  unsigned depth = 0;
  unsigned steps = 0; ///< Expressions evaluated for one value.
  /// The functions whose parameters are being read from their callers.
  std::vector<const clang::FunctionDecl *> callStack;
  // The variant being evaluated.
  const clang::Stmt *launch = nullptr;
  Selection selection;
  std::vector<Choice> opened;
  std::vector<std::string> assumed;
  llvm::DenseMap<const clang::VarDecl *, LaunchCondition> conditions;
  /// Values of loop iteration variables while their loop is simulated.
  llvm::DenseMap<const clang::VarDecl *, HostScalar> iterating;
  /// The value unknown integers take (bindUnknownIntegers), and those that
  /// took it.
  std::optional<uint64_t> rootValue;
  llvm::DenseSet<const clang::VarDecl *> notBound;
  /// When not empty, the only variables bound (bindOnly).
  llvm::DenseSet<const clang::VarDecl *> onlyBound;
  /// Set while a value is unknown through a variable of notBound.
  bool unboundBelow = false;
  struct Binding {
    const clang::VarDecl *var;
    HostRoot root;
  };
  std::vector<Binding> bound;
};

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_HOSTEVALUATOR_H

//===- HostLastWrite.cpp - Last certain writes of host variables ----------===//
//
// The HostEvaluator's statements: every write of a local variable (or of a
// member of it) in the function, whether its address escapes, how each write
// relates to a use (on its path, in the other arm of a branch, in a loop
// around it, under a condition), and so the last certain write before the
// use, whose value the variable holds there. Function pointers get every
// write that may reach the use instead.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;
using namespace gpurd::host;

namespace gpurd {
namespace {

/// The variable (and member) an lvalue expression designates: `v`, `v.x`,
/// and for structures such as cudaLaunchConfig_t `v.m` and `v.m.x`.
struct LValueTarget {
  const VarDecl *var = nullptr;
  /// `v.m` or `v.m.x` for a member `m` that is not x/y/z.
  const FieldDecl *member = nullptr;
  std::optional<unsigned> field; ///< x/y/z of `v` (or of `v.m`).
  bool otherMember = false;      ///< `v.m.w` for a member that is not x/y/z.
};

LValueTarget lvalueTarget(const Expr *expr) {
  LValueTarget target;
  expr = expr->IgnoreParenImpCasts();
  const auto *member = dyn_cast<MemberExpr>(expr);
  if (!member) {
    if (const auto *ref = dyn_cast<DeclRefExpr>(expr))
      target.var = dyn_cast<VarDecl>(ref->getDecl());
    return target;
  }
  const Expr *base = member->getBase()->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(base)) {
    target.var = dyn_cast<VarDecl>(ref->getDecl());
    target.field = dimIndex(member->getMemberDecl());
    if (!target.field)
      target.member = dyn_cast<FieldDecl>(member->getMemberDecl());
    target.otherMember = !target.field && !target.member;
    return target;
  }
  // `v.m.x`: a component of a dim3 member.
  if (const auto *inner = dyn_cast<MemberExpr>(base))
    if (const auto *ref =
            dyn_cast<DeclRefExpr>(inner->getBase()->IgnoreParenImpCasts())) {
      target.var = dyn_cast<VarDecl>(ref->getDecl());
      target.member = dyn_cast<FieldDecl>(inner->getMemberDecl());
      target.field = dimIndex(member->getMemberDecl());
      target.otherMember = !target.member || !target.field;
    }
  return target;
}

/// The launch functions whose pointer arguments (the argument array, the
/// launch configuration) only read what they point to.
bool isLaunchFunction(const FunctionDecl *function) {
  if (!function || !function->getIdentifier())
    return false;
  return llvm::is_contained({"cudaLaunchKernel", "cudaLaunchCooperativeKernel",
                             "cudaLaunchKernelExC", "cudaLaunchKernelEx"},
                            function->getName());
}

/// The call a pointer argument \p expr is passed to, when it is passed to a
/// launch function directly (through parentheses and conversions only).
const CallExpr *launchCallOf(ASTContext &context, const Expr *expr) {
  DynTypedNode node = DynTypedNode::create(*static_cast<const Stmt *>(expr));
  for (unsigned guard = 0; guard < 16; ++guard) {
    DynTypedNodeList parents = context.getParents(node);
    if (parents.empty())
      return nullptr;
    node = parents[0];
    if (const auto *call = node.get<CallExpr>())
      return isLaunchFunction(call->getDirectCallee()) ? call : nullptr;
    if (!node.get<ImplicitCastExpr>() && !node.get<ExplicitCastExpr>() &&
        !node.get<ParenExpr>())
      return nullptr;
  }
  return nullptr;
}

/// The first use of an argument array (`void *args[] = {&n, &x}`) other than
/// being handed to a launch function.
class ArgumentArrayUses : public RecursiveASTVisitor<ArgumentArrayUses> {
public:
  ArgumentArrayUses(ASTContext &context, const VarDecl *array)
      : context(context), array(array) {}
  const DeclRefExpr *otherUse = nullptr;

  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (ref->getDecl() == array && !otherUse && !launchCallOf(context, ref))
      otherUse = ref;
    return true;
  }

private:
  ASTContext &context;
  const VarDecl *array;
};

} // namespace

bool host::isArgumentArrayType(QualType type) {
  const auto *arrayType = type->getAsArrayTypeUnsafe();
  return arrayType && arrayType->getElementType()->isVoidPointerType();
}

const DeclRefExpr *host::nonLaunchUse(ASTContext &context, const VarDecl *array,
                                      const Stmt *body) {
  ArgumentArrayUses uses(context, array);
  uses.TraverseStmt(const_cast<Stmt *>(body));
  return uses.otherUse;
}

namespace {

/// Every write to one variable (or to member `member` of it) in a function
/// body, and whether its address escapes (then no write can be trusted).
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  WriteCollector(ASTContext &context, const VarDecl *var,
                 const FieldDecl *member = nullptr)
      : context(context), var(var), member(member) {}

  std::vector<Write> writes;

  /// Where the variable escapes, once the body has been traversed: an
  /// address taken (other than for a launch that only reads it), a
  /// non-const reference, a lambda capture by reference.
  const Expr *escape() const {
    if (escapeExpr)
      return escapeExpr;
    for (const UnaryOperator *op : addressesTaken)
      if (!isLaunchInput(op))
        return op;
    return nullptr;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (!op->isAssignmentOp())
      return true;
    std::optional<bool> whole = matches(lvalueTarget(op->getLHS()));
    if (!whole)
      return true;
    Write w;
    w.node = DynTypedNode::create(*static_cast<Stmt *>(op));
    w.valueExpr = op->getRHS();
    w.field = lvalueTarget(op->getLHS()).field;
    w.wholeVariable = *whole;
    w.kind = op->isCompoundAssignmentOp() ? Write::Compound : Write::Assign;
    w.operation = op;
    writes.push_back(w);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *call) {
    if (call->getNumArgs() < 1)
      return true;
    LValueTarget target = lvalueTarget(call->getArg(0));
    std::optional<bool> whole = matches(target);
    if (!whole)
      return true;
    if (call->getOperator() == OO_Equal && call->getNumArgs() == 2) {
      Write w;
      w.node = DynTypedNode::create(*static_cast<Stmt *>(call));
      w.valueExpr = call->getArg(1);
      w.field = target.field;
      w.wholeVariable = *whole;
      writes.push_back(w);
    } else if (call->isAssignmentOp() || call->getOperator() == OO_PlusPlus ||
               call->getOperator() == OO_MinusMinus) {
      escapeExpr = call;
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    LValueTarget target = lvalueTarget(op->getSubExpr());
    if (target.var != var)
      return true;
    if (op->getOpcode() == UO_AddrOf) {
      addressesTaken.push_back(op);
      return true;
    }
    std::optional<bool> whole = matches(target);
    if (!op->isIncrementDecrementOp() || !whole)
      return true;
    Write w;
    w.node = DynTypedNode::create(*static_cast<Stmt *>(op));
    w.field = target.field;
    w.wholeVariable = *whole;
    w.kind = op->isIncrementOp() ? Write::Increment : Write::Decrement;
    writes.push_back(w);
    return true;
  }
  bool VisitVarDecl(VarDecl *other) {
    // `int &r = n;` makes every write through r a write to n.
    if (other != var && other->getType()->isReferenceType() &&
        !other->getType()->getPointeeType().isConstQualified() &&
        other->getInit() && lvalueTarget(other->getInit()).var == var)
      escapeExpr = other->getInit();
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *lambda) {
    // A lambda that captures the variable by reference may change it
    // whenever it is called.
    for (const LambdaCapture &capture : lambda->captures())
      if (capture.capturesVariable() && capture.getCaptureKind() == LCK_ByRef &&
          capture.getCapturedVar() == var)
        escapeExpr = lambda;
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    // Passing the variable by non-const reference lets the callee change it;
    // cudaLaunchKernelEx takes the kernel arguments by forwarding reference
    // only to copy them.
    const FunctionDecl *callee = call->getDirectCallee();
    if (isLaunchFunction(callee))
      return true;
    unsigned first = isa<CXXOperatorCallExpr>(call) ? 1 : 0;
    for (unsigned i = first; i < call->getNumArgs(); ++i) {
      LValueTarget target = lvalueTarget(call->getArg(i));
      if (target.var != var)
        continue;
      unsigned paramIndex = i - first;
      if (!callee || paramIndex >= callee->getNumParams()) {
        continue;
      }
      QualType type = callee->getParamDecl(paramIndex)->getType();
      if (type->isReferenceType() && !type->getPointeeType().isConstQualified())
        escapeExpr = call;
    }
    return true;
  }

private:
  /// Whether a write to \p target writes what is asked for: nothing when it
  /// does not, else whether it writes the whole variable while a member of
  /// it is asked for.
  std::optional<bool> matches(const LValueTarget &target) const {
    if (target.var != var || target.otherMember)
      return std::nullopt;
    if (!member)
      return target.member ? std::nullopt : std::optional<bool>(false);
    if (!target.member)
      return target.field ? std::nullopt : std::optional<bool>(true);
    return target.member == member ? std::optional<bool>(false) : std::nullopt;
  }

  /// `&v` handed to a launch that only reads it: as the launch
  /// configuration (`cudaLaunchKernelEx(&config, ...)`) or in the
  /// initializer of an argument array used by launches only.
  bool isLaunchInput(const UnaryOperator *op) const {
    if (launchCallOf(context, op))
      return true;
    DynTypedNode node = DynTypedNode::create(*static_cast<const Stmt *>(op));
    for (unsigned guard = 0; guard < 8; ++guard) {
      DynTypedNodeList parents = context.getParents(node);
      if (parents.empty())
        return false;
      node = parents[0];
      if (node.get<InitListExpr>() || node.get<ImplicitCastExpr>() ||
          node.get<ExplicitCastExpr>() || node.get<ParenExpr>())
        continue;
      const auto *array = node.get<VarDecl>();
      if (!array || !array->isLocalVarDecl() ||
          !isArgumentArrayType(array->getType()))
        return false;
      const auto *function = dyn_cast<FunctionDecl>(array->getDeclContext());
      if (!function || !function->getBody())
        return false;
      return !nonLaunchUse(context, array, function->getBody());
    }
    return false;
  }

  ASTContext &context;
  const VarDecl *var;
  const FieldDecl *member;
  const Expr *escapeExpr = nullptr;
  std::vector<const UnaryOperator *> addressesTaken;
};

bool isLoop(const DynTypedNode &node) {
  const auto *stmt = node.get<Stmt>();
  return stmt && (isa<ForStmt>(stmt) || isa<WhileStmt>(stmt) ||
                  isa<DoStmt>(stmt) || isa<CXXForRangeStmt>(stmt));
}

bool isBranch(const DynTypedNode &node) {
  const auto *stmt = node.get<Stmt>();
  if (!stmt)
    return false;
  if (isa<IfStmt>(stmt) || isa<SwitchStmt>(stmt) ||
      isa<AbstractConditionalOperator>(stmt) || isa<CXXTryStmt>(stmt) ||
      isa<CXXCatchStmt>(stmt) || isa<LambdaExpr>(stmt))
    return true;
  if (const auto *op = dyn_cast<BinaryOperator>(stmt))
    return op->isLogicalOp();
  return false;
}

/// The chain of ancestors of \p node (itself first) up to the function.
std::vector<DynTypedNode> ancestors(ASTContext &context, DynTypedNode node) {
  std::vector<DynTypedNode> chain{node};
  for (unsigned guard = 0; guard < 512; ++guard) {
    DynTypedNodeList parents = context.getParents(chain.back());
    if (parents.empty())
      break;
    chain.push_back(parents[0]);
    if (chain.back().get<FunctionDecl>())
      break;
  }
  return chain;
}

bool sameNode(const DynTypedNode &a, const DynTypedNode &b) {
  return a.getMemoizationData() == b.getMemoizationData();
}

enum class Reach { OnPath, OtherArm, LoopVariant, Conditional };

const Stmt *loopBody(const Stmt *loop) {
  if (const auto *f = dyn_cast<ForStmt>(loop))
    return f->getBody();
  if (const auto *w = dyn_cast<WhileStmt>(loop))
    return w->getBody();
  if (const auto *d = dyn_cast<DoStmt>(loop))
    return d->getBody();
  if (const auto *r = dyn_cast<CXXForRangeStmt>(loop))
    return r->getBody();
  return nullptr;
}

/// Whether a loop encloses both \p common (and so the write and the point)
/// but not \p declaration: then the variable carries values from one
/// iteration to the next.
bool inLoopAroundDeclaration(ASTContext &context,
                             std::vector<DynTypedNode>::const_iterator common,
                             std::vector<DynTypedNode>::const_iterator end,
                             const VarDecl *declaration) {
  for (auto it = common; it != end; ++it) {
    if (!isLoop(*it))
      continue;
    const Stmt *loop = it->get<Stmt>();
    // A variable declared in the loop's body is fresh in every iteration; one
    // declared in a for-statement's init lives across iterations.
    const Stmt *body = loopBody(loop);
    SourceRange range = body ? body->getSourceRange() : loop->getSourceRange();
    const SourceManager &sm = context.getSourceManager();
    SourceLocation at = declaration->getLocation();
    bool declaredInside = !sm.isBeforeInTranslationUnit(at, range.getBegin()) &&
                          !sm.isBeforeInTranslationUnit(range.getEnd(), at);
    if (!declaredInside)
      return true;
  }
  return false;
}

/// Where \p common, the closest ancestor of a write and a point, is a
/// switch's body and a case label lies between the write's statement
/// \p writeChild and the point's \p pointChild: the write reaches the
/// point only by falling through the label, which a `break` (`return`,
/// `continue`, `goto`) just before it rules out (OtherArm), and otherwise
/// only on the paths that enter the switch above the label (Conditional).
/// The CUDA samples' reduction sets `smemSize` under `case 7:` and breaks;
/// `case 8:`'s launch reads the value set before the switch.
std::optional<Reach> caseReach(std::vector<DynTypedNode>::const_iterator common,
                               std::vector<DynTypedNode>::const_iterator end,
                               const DynTypedNode &writeChild,
                               const DynTypedNode &pointChild) {
  const auto *body = common->get<CompoundStmt>();
  if (!body || common + 1 == end || !(common + 1)->get<SwitchStmt>())
    return std::nullopt;
  const Stmt *write = writeChild.get<Stmt>(), *point = pointChild.get<Stmt>();
  bool afterWrite = false, label = false, broken = false;
  const Stmt *previous = nullptr;
  for (const Stmt *child : body->body()) {
    if (afterWrite && isa<SwitchCase>(child)) {
      label = true;
      broken =
          previous && (isa<BreakStmt>(previous) || isa<ReturnStmt>(previous) ||
                       isa<ContinueStmt>(previous) || isa<GotoStmt>(previous));
    }
    if (child == point)
      break;
    afterWrite |= child == write;
    previous = child;
  }
  if (!afterWrite || !label)
    return std::nullopt;
  // The label just before the point decides: a break before it leaves
  // only the jump from the switch's head.
  return broken ? Reach::OtherArm : Reach::Conditional;
}

/// How write \p write relates to the program point \p point.
Reach classify(ASTContext &context, const DynTypedNode &write,
               const DynTypedNode &point, const VarDecl *declaration) {
  std::vector<DynTypedNode> pointChain = ancestors(context, point);
  std::vector<DynTypedNode> writeChain = ancestors(context, write);
  for (size_t i = 1; i < writeChain.size(); ++i) {
    const DynTypedNode &ancestor = writeChain[i];
    auto common = std::find_if(
        pointChain.begin(), pointChain.end(),
        [&](const DynTypedNode &n) { return sameNode(n, ancestor); });
    if (common == pointChain.end()) {
      if (isLoop(ancestor))
        return Reach::Conditional;
      if (isBranch(ancestor))
        return Reach::Conditional;
      continue;
    }
    // The closest common ancestor of the write and the point.
    if (inLoopAroundDeclaration(context, common, pointChain.end(), declaration))
      return Reach::LoopVariant;
    if (common != pointChain.begin())
      if (std::optional<Reach> acrossCases = caseReach(
              common, pointChain.end(), writeChain[i - 1], *(common - 1)))
        return *acrossCases;
    if (isBranch(ancestor) && common != pointChain.begin()) {
      const DynTypedNode &pointChild = *(common - 1);
      if (!sameNode(pointChild, writeChain[i - 1]))
        return Reach::OtherArm;
    }
    // Enclosing loops around both mean the value is the same at each
    // iteration only when no write is inside them, which holds here.
    return Reach::OnPath;
  }
  return Reach::OnPath;
}

SourceLocation nodeBegin(const DynTypedNode &node) {
  return node.getSourceRange().getBegin();
}

/// Every write of \p writes that may reach \p point, in source order: those
/// before it and those in a loop around it, but not those in the other arm
/// of a branch that holds the point. \p unfollowed says why a write that
/// does not store a value (arithmetic) is left out.
std::vector<const Write *> writesReaching(ASTContext &context,
                                          const std::vector<Write> &writes,
                                          const VarDecl *var, const Stmt *point,
                                          const std::string &name,
                                          std::string &unfollowed) {
  const SourceManager &sm = context.getSourceManager();
  DynTypedNode pointNode = DynTypedNode::create(*point);
  SourceLocation pointLoc = sm.getExpansionLoc(point->getBeginLoc());
  std::vector<const Write *> reaching;
  for (const Write &w : writes) {
    Reach reach = classify(context, w.node, pointNode, var);
    if (reach == Reach::OtherArm)
      continue;
    SourceLocation loc = sm.getExpansionLoc(nodeBegin(w.node));
    if (reach != Reach::LoopVariant &&
        !sm.isBeforeInTranslationUnit(loc, pointLoc))
      continue;
    if (!w.valueExpr || w.kind == Write::Compound) {
      if (unfollowed.empty())
        unfollowed = name + " is changed by arithmetic at line " +
                     std::to_string(sm.getExpansionLineNumber(loc));
      continue;
    }
    reaching.push_back(&w);
  }
  std::stable_sort(reaching.begin(), reaching.end(),
                   [&](const Write *a, const Write *b) {
                     return sm.isBeforeInTranslationUnit(
                         sm.getExpansionLoc(nodeBegin(a->node)),
                         sm.getExpansionLoc(nodeBegin(b->node)));
                   });
  return reaching;
}

} // namespace

std::vector<Write> host::writesOf(ASTContext &context,
                                  const FunctionDecl *function,
                                  const VarDecl *var, const FieldDecl *member,
                                  const Expr *&escape) {
  WriteCollector collector(context, var, member);
  collector.TraverseStmt(const_cast<Stmt *>(function->getBody()));
  escape = collector.escape();
  std::vector<Write> writes = collector.writes;
  // A parameter's initializer is its default argument.
  const Expr *init = isa<ParmVarDecl>(var) ? nullptr : var->getInit();
  if (init) {
    Write w;
    w.node = DynTypedNode::create(*static_cast<const Stmt *>(init));
    w.valueExpr = init;
    w.kind = Write::Init;
    w.wholeVariable = member != nullptr;
    writes.push_back(w);
  }
  return writes;
}

const std::vector<Write> &WriteCache::writesOf(ASTContext &context,
                                               const FunctionDecl *function,
                                               const VarDecl *var,
                                               const FieldDecl *member,
                                               const Expr *&escape) {
  auto [it, added] = answers.try_emplace({function, var, member});
  if (added)
    it->second.writes =
        host::writesOf(context, function, var, member, it->second.escape);
  escape = it->second.escape;
  return it->second.writes;
}

std::vector<Write> HostEvaluator::writesIn(const FunctionDecl *in,
                                           const VarDecl *var,
                                           const FieldDecl *member,
                                           const Expr *&escape) {
  if (writeCache)
    return writeCache->writesOf(context, in, var, member, escape);
  return host::writesOf(context, in, var, member, escape);
}

Write host::incomingWrite(const ParmVarDecl *param, const FieldDecl *member) {
  Write w;
  w.node = DynTypedNode::create(*static_cast<const Decl *>(param));
  w.kind = Write::Incoming;
  w.wholeVariable = member != nullptr;
  return w;
}

unsigned host::lineOf(ASTContext &context, const Stmt *stmt) {
  return context.getSourceManager().getExpansionLineNumber(stmt->getBeginLoc());
}

unsigned host::lineOf(ASTContext &context, const Write &write) {
  return context.getSourceManager().getExpansionLineNumber(
      nodeBegin(write.node));
}

bool host::isConditionalWrite(ASTContext &context, const Write &write,
                              const Stmt *point, const VarDecl *var) {
  return classify(context, write.node, DynTypedNode::create(*point), var) ==
         Reach::Conditional;
}

bool host::writtenBetween(ASTContext &context, const std::vector<Write> &writes,
                          const VarDecl *var, const Stmt *from,
                          const Stmt *to) {
  const SourceManager &sm = context.getSourceManager();
  SourceLocation begin = sm.getExpansionLoc(from->getBeginLoc());
  SourceLocation end = sm.getExpansionLoc(to->getBeginLoc());
  for (const Write &w : writes) {
    if (w.kind == Write::Init || w.kind == Write::Incoming)
      continue;
    SourceLocation at = sm.getExpansionLoc(nodeBegin(w.node));
    if (!sm.isBeforeInTranslationUnit(at, begin) &&
        sm.isBeforeInTranslationUnit(at, end))
      return true;
    if (classify(context, w.node, DynTypedNode::create(*to), var) ==
        Reach::LoopVariant)
      return true;
  }
  return false;
}

const Write *host::certainLastWrite(ASTContext &context,
                                    const std::vector<Write> &writes,
                                    const VarDecl *var,
                                    std::optional<unsigned> field,
                                    const Stmt *point, const std::string &name,
                                    std::string &reason, NoCertainWrite *why) {
  NoCertainWrite ignored;
  if (!why)
    why = &ignored;
  const SourceManager &sm = context.getSourceManager();
  DynTypedNode pointNode = DynTypedNode::create(*point);
  SourceLocation pointLoc = sm.getExpansionLoc(point->getBeginLoc());
  const Write *last = nullptr;
  for (const Write &w : writes) {
    if (field && w.field && *w.field != *field)
      continue; // A write to another component.
    Reach reach = classify(context, w.node, pointNode, var);
    if (reach == Reach::OtherArm)
      continue;
    if (reach == Reach::LoopVariant) {
      reason = name + " changes in a loop around the launch";
      *why = NoCertainWrite::InLoop;
      return nullptr;
    }
    SourceLocation loc = sm.getExpansionLoc(nodeBegin(w.node));
    if (!sm.isBeforeInTranslationUnit(loc, pointLoc))
      continue;
    // A conditional write before the point is only harmless when a later
    // certain write overrides it, which the check after the loop decides.
    if (!last || sm.isBeforeInTranslationUnit(
                     sm.getExpansionLoc(nodeBegin(last->node)), loc))
      last = &w;
  }
  if (!last) {
    reason = name + " has no value before the launch";
    *why = NoCertainWrite::NoValue;
    return nullptr;
  }
  if (classify(context, last->node, pointNode, var) == Reach::Conditional) {
    reason = name + " is assigned under a condition at line " +
             std::to_string(sm.getExpansionLineNumber(nodeBegin(last->node)));
    *why = NoCertainWrite::Conditional;
    return nullptr;
  }
  return last;
}

namespace {

/// Whether every path through \p stmt executes one of \p nodes (writes).
bool alwaysWrites(const Stmt *stmt,
                  const llvm::SmallPtrSetImpl<const void *> &nodes) {
  if (!stmt)
    return false;
  if (nodes.count(stmt))
    return true;
  if (const auto *expr = dyn_cast<Expr>(stmt))
    return nodes.count(expr->IgnoreImplicit());
  if (const auto *block = dyn_cast<CompoundStmt>(stmt))
    return llvm::any_of(block->body(), [&](const Stmt *child) {
      return alwaysWrites(child, nodes);
    });
  if (const auto *branch = dyn_cast<IfStmt>(stmt))
    return alwaysWrites(branch->getThen(), nodes) &&
           alwaysWrites(branch->getElse(), nodes);
  return false;
}

/// The ancestor of \p node that is a child of the closest ancestor it
/// shares with \p point: the statement holding it that the point's path
/// goes past.
const Stmt *statementBeside(ASTContext &context, const DynTypedNode &node,
                            const DynTypedNode &point) {
  std::vector<DynTypedNode> pointChain = ancestors(context, point);
  std::vector<DynTypedNode> chain = ancestors(context, node);
  for (size_t i = 1; i < chain.size(); ++i)
    if (llvm::any_of(pointChain, [&](const DynTypedNode &n) {
          return sameNode(n, chain[i]);
        }))
      return chain[i - 1].get<Stmt>();
  return nullptr;
}

} // namespace

std::vector<const Write *>
host::possibleLastWrites(ASTContext &context, const std::vector<Write> &writes,
                         const VarDecl *var, std::optional<unsigned> field,
                         const Stmt *point) {
  const SourceManager &sm = context.getSourceManager();
  DynTypedNode pointNode = DynTypedNode::create(*point);
  SourceLocation pointLoc = sm.getExpansionLoc(point->getBeginLoc());
  std::vector<std::pair<const Write *, Reach>> before;
  for (const Write &w : writes) {
    if (field && w.field && *w.field != *field)
      continue;
    Reach reach = classify(context, w.node, pointNode, var);
    if (reach == Reach::OtherArm)
      continue;
    if (reach == Reach::LoopVariant)
      return {};
    if (sm.isBeforeInTranslationUnit(sm.getExpansionLoc(nodeBegin(w.node)),
                                     pointLoc))
      before.push_back({&w, reach});
  }
  std::stable_sort(before.begin(), before.end(),
                   [&](const auto &a, const auto &b) {
                     return sm.isBeforeInTranslationUnit(
                         sm.getExpansionLoc(nodeBegin(a.first->node)),
                         sm.getExpansionLoc(nodeBegin(b.first->node)));
                   });
  size_t first = 0;
  for (size_t i = 0; i < before.size(); ++i)
    if (before[i].second == Reach::OnPath)
      first = i;
  std::vector<const Write *> out;
  llvm::SmallPtrSet<const void *, 8> conditional;
  for (size_t i = first; i < before.size(); ++i) {
    const Write *w = before[i].first;
    if (w->kind == Write::Compound || w->kind == Write::Increment ||
        w->kind == Write::Decrement)
      return {};
    out.push_back(w);
    if (before[i].second == Reach::Conditional)
      conditional.insert(w->node.getMemoizationData());
  }
  // The certain write is overwritten when a branch after it writes on every
  // path (`if (c) b = 16; else b = 32;`).
  if (!out.empty() && !before.empty() && before[first].second == Reach::OnPath)
    for (size_t i = first + 1; i < before.size(); ++i)
      if (alwaysWrites(
              statementBeside(context, before[i].first->node, pointNode),
              conditional)) {
        out.erase(out.begin());
        break;
      }
  return out;
}

std::string host::displayName(const VarDecl *var, const FieldDecl *member) {
  std::string name = var->getNameAsString();
  if (member)
    name += "." + member->getNameAsString();
  return "'" + name + "'";
}

std::optional<HostScalar> HostEvaluator::variable(const VarDecl *var,
                                                  const FieldDecl *member,
                                                  std::optional<unsigned> field,
                                                  const Stmt *point) {
  std::string name = displayName(var, member);
  if (!member && !field) {
    // A loop's iteration variable while the loop is simulated, or a value
    // the condition of a branch around the launch gives.
    if (auto it = iterating.find(var); it != iterating.end())
      return it->second;
    if (std::optional<HostScalar> value = launchCondition(var, point))
      return value;
  }
  bool isLocal = var->hasLocalStorage() || var->isStaticLocal();
  if (!isLocal) {
    // A namespace-scope variable: only its initializer is trustworthy, and
    // only when it cannot change.
    if (!var->getType().isConstQualified() || !var->getInit())
      return unknown(name +
                     " is a global variable that may change at run time");
    return storedValue(var, member, field, var->getInit(),
                       /*wholeVariable=*/true, std::nullopt, var->getInit());
  }
  if (!function || !function->getBody())
    return unknown(name + " is not in a function body");
  const auto *param = dyn_cast<ParmVarDecl>(var);
  if (param && param->getDeclContext() != function)
    return unknown(name + " is a parameter of another function");

  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, member, escape);
  if (escape)
    return unknown(name + " may be changed through a reference or its address");
  if (param)
    writes.push_back(incomingWrite(param, member));
  std::string reason;
  NoCertainWrite why;
  const Write *last =
      certainLastWrite(context, writes, var, field, point, name, reason, &why);
  if (!last) {
    if (why == NoCertainWrite::InLoop && !member && !field)
      return loopValue(var, point, reason);
    if (why == NoCertainWrite::Conditional)
      return conditionalValue(var, member, field, point, reason);
    return unknown(reason);
  }
  const Stmt *at = last->node.get<Stmt>();
  switch (last->kind) {
  case Write::Incoming:
    return incomingValue(param, member, field);
  case Write::Init:
  case Write::Assign:
    return storedValue(var, member, field, last->valueExpr, last->wholeVariable,
                       last->field, at);
  case Write::Compound:
    return compoundAssigned(var, member, field,
                            llvm::cast<CompoundAssignOperator>(last->operation),
                            at);
  case Write::Increment:
  case Write::Decrement:
    return stepped(var, member, field, last->kind == Write::Increment, at);
  }
  return std::nullopt;
}

std::optional<HostScalar> HostEvaluator::storedValue(
    const VarDecl *var, const FieldDecl *member, std::optional<unsigned> field,
    const Expr *value, bool wholeVariable, std::optional<unsigned> writtenField,
    const Stmt *at) {
  if (member && wholeVariable) {
    value = memberInitializer(value, member);
    if (!value)
      return unknown(displayName(var, member) + " is not evaluated: '" +
                     var->getNameAsString() + "' is not set member by member");
  }
  if (field && !writtenField)
    return dim3Component(value, *field, at);
  return scalar(value, at);
}

std::optional<HostScalar> HostEvaluator::stepped(const VarDecl *var,
                                                 const FieldDecl *member,
                                                 std::optional<unsigned> field,
                                                 bool increment,
                                                 const Stmt *at) {
  std::optional<HostScalar> before = variable(var, member, field, at);
  if (!before)
    return std::nullopt;
  if (before->isFloat)
    return makeFloat(before->floatValue + (increment ? 1 : -1));
  llvm::APSInt one(llvm::APInt(before->intValue.getBitWidth(), 1),
                   before->intValue.isUnsigned());
  return makeInt(increment ? before->intValue + one : before->intValue - one);
}

std::optional<HostScalar> HostEvaluator::compoundAssigned(
    const VarDecl *var, const FieldDecl *member, std::optional<unsigned> field,
    const CompoundAssignOperator *op, const Stmt *at) {
  std::optional<HostScalar> before = variable(var, member, field, at);
  if (!before)
    return std::nullopt;
  // Rebuild `v op= e` as `v op e` in the computation type.
  std::optional<HostScalar> rhs = scalar(op->getRHS(), at);
  if (!rhs)
    return std::nullopt;
  std::optional<HostScalar> l = cast(*before, op->getComputationLHSType());
  std::optional<HostScalar> r = cast(*rhs, op->getComputationLHSType());
  if (!l || !r)
    return std::nullopt;
  BinaryOperatorKind kind =
      BinaryOperator::getOpForCompoundAssignment(op->getOpcode());
  std::optional<HostScalar> result =
      arith(kind, *l, *r, op->getComputationResultType(), op);
  if (!result)
    return std::nullopt;
  return cast(*result, op->getLHS()->getType());
}

HostEvaluator::ReachingValues HostEvaluator::reachingValues(const VarDecl *var,
                                                            const Stmt *point) {
  ReachingValues out;
  std::string name = displayName(var, nullptr);
  if (!function || !function->getBody()) {
    out.unfollowed = name + " is not in a function body";
    return out;
  }
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, nullptr, escape);
  if (escape) {
    out.unfollowed =
        name + " may be changed through a reference or its address";
  } else {
    std::string reason;
    const Write *last = certainLastWrite(context, writes, var, std::nullopt,
                                         point, name, reason);
    if (last && last->valueExpr &&
        (last->kind == Write::Init || last->kind == Write::Assign)) {
      out.values.push_back(last->valueExpr);
      out.certain = true;
      return out;
    }
  }
  // No single certain value: every write that may reach the point counts.
  for (const Write *w :
       writesReaching(context, writes, var, point, name, out.unfollowed))
    out.values.push_back(w->valueExpr);
  return out;
}

} // namespace gpurd

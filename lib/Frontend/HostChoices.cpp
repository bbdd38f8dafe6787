//===- HostChoices.cpp - Values that depend on the path taken -------------===//
//
// Where the host code may give a launch value one of a few values, each
// value is an alternative of a choice point: the iterations of a `for` loop
// around the launch whose header alone changes its variable, the assignments
// under a condition that may reach the launch, the callers of a function that
// pass different values (HostCallSites.cpp). The evaluation takes the
// selected alternative, or the first and records the point as open, so that
// the caller can evaluate the launch once per combination. A branch around
// the launch that compares a variable for equality (`if (bs == 16)`), and a
// `case` label of a switch on a variable, give that variable its value
// there. Each value taken this way is an assumption the variant states.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace gpurd::host;

namespace gpurd {
namespace {

/// How many values of a loop variable are offered; a loop with more offers
/// its first.
constexpr unsigned MaxLoopValues = 16;

std::string line(unsigned number) { return "line " + std::to_string(number); }

/// The expression the header of \p loop initializes \p var with
/// (`for (int t = 0; ...)`, `for (t = 0; ...)`), or null.
const Expr *loopInitializer(const ForStmt *loop, const VarDecl *var) {
  const Stmt *init = loop->getInit();
  if (const auto *decl = dyn_cast_or_null<DeclStmt>(init)) {
    for (const Decl *d : decl->decls())
      if (d == var)
        return var->getInit();
    return nullptr;
  }
  const auto *assign = dyn_cast_or_null<BinaryOperator>(init);
  if (!assign || assign->getOpcode() != BO_Assign)
    return nullptr;
  const auto *ref = dyn_cast<DeclRefExpr>(assign->getLHS()->IgnoreParens());
  return ref && ref->getDecl() == var ? assign->getRHS() : nullptr;
}

/// Whether \p inc (a loop's increment) changes \p var alone: `++t`, `t--`,
/// `t += 2`, `t *= 2`, `t = t + 2`.
bool stepsVariable(const Expr *inc, const VarDecl *var) {
  if (!inc)
    return false;
  inc = inc->IgnoreParens();
  const Expr *target = nullptr;
  if (const auto *op = dyn_cast<UnaryOperator>(inc);
      op && op->isIncrementDecrementOp())
    target = op->getSubExpr();
  else if (const auto *op = dyn_cast<BinaryOperator>(inc);
           op && op->isAssignmentOp())
    target = op->getLHS();
  const auto *ref =
      target ? dyn_cast<DeclRefExpr>(target->IgnoreParens()) : nullptr;
  return ref && ref->getDecl() == var;
}

/// Whether \p inner lies within the source range of \p outer.
bool within(const SourceManager &sm, SourceLocation inner, SourceRange outer) {
  inner = sm.getExpansionLoc(inner);
  return !sm.isBeforeInTranslationUnit(inner,
                                       sm.getExpansionLoc(outer.getBegin())) &&
         !sm.isBeforeInTranslationUnit(sm.getExpansionLoc(outer.getEnd()),
                                       inner);
}

} // namespace

std::string HostEvaluator::valueText(const HostScalar &value) {
  EvaluatedValue out;
  if (value.isFloat)
    out.value = value.floatValue;
  else if (value.intValue.isSigned())
    out.value = value.intValue.getSExtValue();
  else
    out.value = value.intValue.getZExtValue();
  return out.str();
}

unsigned HostEvaluator::choose(ChoiceKey key, unsigned alternatives) {
  auto it = selection.find(key);
  if (it != selection.end() && it->second < alternatives)
    return it->second;
  if (llvm::none_of(opened, [&](const Choice &c) { return c.key == key; }))
    opened.push_back({key, alternatives});
  return 0;
}

void HostEvaluator::assume(std::string assumption) {
  if (!llvm::is_contained(assumed, assumption))
    assumed.push_back(std::move(assumption));
}

bool HostEvaluator::endProbe(const ProbeState &state) {
  bool open = opened.size() > state.opened;
  opened.resize(state.opened);
  assumed.resize(state.assumed);
  bound.resize(state.bound);
  reason_ = state.reason;
  return open;
}

void HostEvaluator::beginVariant(const Stmt *launchPoint, Selection chosen) {
  launch = launchPoint;
  selection = std::move(chosen);
  opened.clear();
  assumed.clear();
  conditions.clear();
  if (!launch || !function)
    return;
  // The conditions of the branches around the launch, innermost first.
  DynTypedNode node = DynTypedNode::create(*launch);
  for (unsigned guard = 0; guard < 1024; ++guard) {
    DynTypedNodeList parents = context.getParents(node);
    if (parents.empty() || parents[0].get<FunctionDecl>())
      break;
    const auto *branch = parents[0].get<IfStmt>();
    const Stmt *child = node.get<Stmt>();
    if (branch && child && child == branch->getThen())
      addConditions(branch->getCond(), true, branch);
    else if (branch && child && child == branch->getElse())
      addConditions(branch->getCond(), false, branch);
    if (const auto *body = parents[0].get<CompoundStmt>(); body && child)
      addCaseCondition(body, child);
    node = parents[0];
  }
}

void HostEvaluator::addCaseCondition(const CompoundStmt *body,
                                     const Stmt *child) {
  DynTypedNodeList parents = context.getParents(*body);
  const auto *sw = parents.empty() ? nullptr : parents[0].get<SwitchStmt>();
  if (!sw || sw->getBody() != body)
    return;
  // The label the child's statements start from: the nearest before it
  // (the child itself when it is one), entered only from the switch: the
  // statement before the label ends its case, and no other label shares it.
  const CaseStmt *label = nullptr;
  const Stmt *previous = nullptr, *beforeLabel = nullptr;
  for (const Stmt *stmt : body->body()) {
    if (isa<SwitchCase>(stmt)) {
      label = dyn_cast<CaseStmt>(stmt);
      beforeLabel = previous;
    }
    if (stmt == child)
      break;
    previous = stmt;
  }
  if (!label || label->getRHS() || isa<SwitchCase>(label->getSubStmt()) ||
      (beforeLabel &&
       !isa<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt>(beforeLabel)))
    return;
  addCondition(sw->getCond(), label->getLHS(), sw,
               "in 'case " + text(label->getLHS()) + ":' of 'switch (" +
                   text(sw->getCond()) + ")' at " + line(lineOf(context, sw)));
}

bool HostEvaluator::addCondition(const Expr *variable, const Expr *value,
                                 const Stmt *at, const std::string &where) {
  const auto *ref = dyn_cast<DeclRefExpr>(variable->IgnoreParenImpCasts());
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->hasLocalStorage() ||
      !var->getType()->isIntegralOrEnumerationType() || conditions.count(var))
    return false;
  depth = 0;
  steps = 0;
  std::optional<HostScalar> held = scalar(value, at);
  if (held)
    held = cast(*held, var->getType());
  reason_.clear();
  if (!held)
    return false;
  conditions[var] = {*held, displayName(var, nullptr) + " = " +
                                valueText(*held) + " " + where};
  return true;
}

void HostEvaluator::addConditions(const Expr *cond, bool holds,
                                  const IfStmt *branch) {
  const auto *op = dyn_cast<BinaryOperator>(cond->IgnoreParenImpCasts());
  if (!op)
    return;
  // `a && b` holds: both do; `a || b` fails: neither holds.
  if ((holds && op->getOpcode() == BO_LAnd) ||
      (!holds && op->getOpcode() == BO_LOr)) {
    addConditions(op->getLHS(), holds, branch);
    addConditions(op->getRHS(), holds, branch);
    return;
  }
  if (op->getOpcode() != (holds ? BO_EQ : BO_NE))
    return;
  std::string where = (holds ? "inside 'if (" : "in the else branch of 'if (") +
                      text(branch->getCond()) + ")' at " +
                      line(lineOf(context, branch));
  if (!addCondition(op->getLHS(), op->getRHS(), branch, where))
    addCondition(op->getRHS(), op->getLHS(), branch, where);
}

std::optional<HostScalar> HostEvaluator::launchCondition(const VarDecl *var,
                                                         const Stmt *point) {
  auto it = conditions.find(var);
  if (it == conditions.end() || !launch || !function)
    return std::nullopt;
  // It holds at the point when nothing writes the variable from the point
  // to the launch.
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, nullptr, escape);
  if (escape || writtenBetween(context, writes, var, point, launch))
    return std::nullopt;
  assume(it->second.description);
  return it->second.value;
}

std::optional<HostScalar> HostEvaluator::loopValue(const VarDecl *var,
                                                   const Stmt *point,
                                                   const std::string &reason) {
  const SourceManager &sm = context.getSourceManager();
  // The innermost `for` around the point whose header sets the variable.
  const ForStmt *loop = nullptr;
  const Expr *init = nullptr;
  DynTypedNode node = DynTypedNode::create(*point);
  for (unsigned guard = 0; guard < 1024 && !loop; ++guard) {
    DynTypedNodeList parents = context.getParents(node);
    if (parents.empty() || parents[0].get<FunctionDecl>())
      break;
    if (const auto *f = parents[0].get<ForStmt>();
        f && node.get<Stmt>() == f->getBody() &&
        (init = loopInitializer(f, var)))
      loop = f;
    node = parents[0];
  }
  if (!loop || !loop->getCond() || !stepsVariable(loop->getInc(), var))
    return unknown(reason);
  // Only the header changes it.
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, nullptr, escape);
  for (const Write &w : writes) {
    const Stmt *stmt = w.node.get<Stmt>();
    if (stmt == init || stmt == loop->getInit() || stmt == loop->getInc())
      continue;
    if (within(sm, w.node.getSourceRange().getBegin(), loop->getSourceRange()))
      return unknown(reason);
  }

  std::string name = displayName(var, nullptr);
  std::string where = "the loop at " + line(lineOf(context, loop));
  std::optional<HostScalar> first = scalar(init, loop);
  if (first)
    first = cast(*first, var->getType());
  if (!first) {
    std::string inner = std::move(reason_);
    reason_.clear();
    return unknown(reason + ": its first value in " + where +
                   " is not known: " + inner);
  }
  // Run the header: the values the condition lets into the body.
  std::vector<HostScalar> values;
  std::string countUnknown;
  HostScalar value = *first;
  while (values.size() <= MaxLoopValues) {
    iterating[var] = value;
    std::optional<HostScalar> go = scalar(loop->getCond(), loop);
    iterating.erase(var);
    if (!go) {
      countUnknown = std::move(reason_);
      reason_.clear();
      break;
    }
    if (go->isFloat ? go->floatValue == 0 : go->intValue.isZero())
      break;
    values.push_back(value);
    iterating[var] = value;
    std::optional<HostScalar> next = stepValue(loop->getInc(), var);
    iterating.erase(var);
    if (!next) {
      countUnknown = std::move(reason_);
      reason_.clear();
      break;
    }
    value = *next;
  }
  std::string note;
  if (values.empty() && countUnknown.empty())
    return unknown(name + " takes no value: " + where + " never runs");
  if (values.empty()) {
    values.push_back(*first);
    note = " (how many times it runs is not known: " + countUnknown + ")";
  } else if (values.size() > MaxLoopValues) {
    values.resize(1);
    note = " (it runs more than " + std::to_string(MaxLoopValues) +
           " times; only the first is offered)";
  } else if (!countUnknown.empty()) {
    note = " (the iterations after " + std::to_string(values.size()) +
           " are not known: " + countUnknown + ")";
  }
  unsigned index = values.size() == 1 ? 0 : choose({var, loop}, values.size());
  std::string which = values.size() == 1 && !note.empty()
                          ? "the first iteration"
                          : "iteration " + std::to_string(index + 1) + " of " +
                                std::to_string(values.size());
  assume(name + " = " + valueText(values[index]) + " in " + which + " of " +
         where + note);
  return values[index];
}

std::optional<HostScalar> HostEvaluator::stepValue(const Expr *inc,
                                                   const VarDecl *var) {
  inc = inc->IgnoreParens();
  if (const auto *op = dyn_cast<UnaryOperator>(inc))
    return stepped(var, nullptr, std::nullopt, op->isIncrementOp(), inc);
  if (const auto *op = dyn_cast<CompoundAssignOperator>(inc))
    return compoundAssigned(var, nullptr, std::nullopt, op, inc);
  const auto *assign = llvm::cast<BinaryOperator>(inc);
  std::optional<HostScalar> value = scalar(assign->getRHS(), inc);
  if (!value)
    return std::nullopt;
  return cast(*value, var->getType());
}

std::optional<HostScalar>
HostEvaluator::conditionalValue(const VarDecl *var, const FieldDecl *member,
                                std::optional<unsigned> field,
                                const Stmt *point, const std::string &reason) {
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, member, escape);
  const auto *param = dyn_cast<ParmVarDecl>(var);
  if (param)
    writes.push_back(incomingWrite(param, member));
  std::vector<const Write *> candidates =
      possibleLastWrites(context, writes, var, field, point);
  auto valueOf = [&](const Write *w) -> std::optional<HostScalar> {
    if (w->kind == Write::Incoming)
      return incomingValue(param, member, field);
    return storedValue(var, member, field, w->valueExpr, w->wholeVariable,
                       w->field, w->node.get<Stmt>());
  };
  auto describe = [&](const Write *w) {
    if (w->kind == Write::Incoming)
      return std::string("on entry to '") +
             llvm::cast<FunctionDecl>(param->getDeclContext())
                 ->getNameAsString() +
             "'";
    return "as assigned at " + line(lineOf(context, *w));
  };
  // The alternatives are the values that are known (or depend on another
  // choice); the others are left out, and said so.
  std::vector<const Write *> known;
  std::string leftOut;
  for (const Write *w : candidates) {
    ProbeState probe = startProbe();
    std::optional<HostScalar> value = valueOf(w);
    bool open = endProbe(probe);
    if (value || open)
      known.push_back(w);
    else if (leftOut.empty())
      leftOut = "; the value " + describe(w) + " is not known";
  }
  if (known.empty())
    return unknown(reason);
  unsigned index =
      known.size() == 1
          ? 0
          : choose({var, candidates.back()->node.getMemoizationData()},
                   known.size());
  std::optional<HostScalar> value = valueOf(known[index]);
  if (!value)
    return std::nullopt;
  std::string name = var->getNameAsString();
  if (member)
    name += "." + member->getNameAsString();
  // A component of a dim3 assigned whole is described by the value as
  // written, once for all components; otherwise by its own value.
  const Write *chosen = known[index];
  std::string shown = valueText(*value);
  if (field && !chosen->field && chosen->kind == Write::Assign)
    shown = text(chosen->valueExpr);
  else if (field)
    name += std::string(".") + "xyz"[*field];
  std::string why = "it" + reason.substr(reason.find("' ") + 1);
  std::string which = known.size() == 1
                          ? why
                          : std::to_string(index + 1) + " of " +
                                std::to_string(known.size()) +
                                " values that may reach it: " + why;
  assume("'" + name + "' = " + shown + " " + describe(known[index]) + " (" +
         which + leftOut + ")");
  return value;
}

} // namespace gpurd

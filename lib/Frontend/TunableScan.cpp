//===- TunableScan.cpp - Tunable values and the names uses read -----------===//

#include "TunableScan.h"
#include "SourcePositions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace clang;

namespace gpurd {
namespace {

/// How deep namesOf follows local variables' initializers.
constexpr unsigned MaxInitializerDepth = 3;

/// The value of an integer literal's spelling (`16`, `0x20`, `256u`).
std::optional<int64_t> integerValue(StringRef text) {
  StringRef digits = text.rtrim("uUlLzZ");
  int64_t value = 0;
  if (digits.empty() || digits.getAsInteger(0, value))
    return std::nullopt;
  return value;
}

/// A tunable whose literal is the token at \p loc.
std::optional<Tunable> tunableAt(const SourceManager &sm,
                                 const LangOptions &options, SourceLocation loc,
                                 std::string name, Tunable::Kind kind) {
  loc = sm.getSpellingLoc(loc);
  if (loc.isInvalid() || !sm.isWrittenInMainFile(loc))
    return std::nullopt;
  unsigned length = Lexer::MeasureTokenLength(loc, sm, options);
  StringRef text(sm.getCharacterData(loc), length);
  std::optional<int64_t> value = integerValue(text);
  if (!value)
    return std::nullopt;
  Tunable out;
  out.name = std::move(name);
  out.kind = kind;
  out.value = *value;
  out.literal = positionOf(sm, loc);
  out.literalEndColumn = out.literal.column + length;
  out.literalText = text.str();
  return out;
}

/// The namespace-scope integer constants of the main file.
class ConstantFinder : public RecursiveASTVisitor<ConstantFinder> {
public:
  explicit ConstantFinder(ASTContext &context) : context(context) {}

  bool TraverseFunctionDecl(FunctionDecl *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool VisitVarDecl(VarDecl *var) {
    if (!var->isFileVarDecl() || !var->getType()->isIntegerType() ||
        !(var->isConstexpr() || var->getType().isConstQualified()))
      return true;
    const auto *literal = dyn_cast_or_null<IntegerLiteral>(
        var->getInit() ? var->getInit()->IgnoreImpCasts() : nullptr);
    if (!literal || literal->getLocation().isMacroID())
      return true;
    if (std::optional<Tunable> tunable =
            tunableAt(context.getSourceManager(), context.getLangOpts(),
                      literal->getLocation(), var->getNameAsString(),
                      Tunable::Kind::Constant))
      found.push_back(std::move(*tunable));
    return true;
  }

  ASTContext &context;
  std::vector<Tunable> found;
};

/// The local variables an expression reads, with initializers.
class LocalReads : public RecursiveASTVisitor<LocalReads> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (auto *var = dyn_cast<VarDecl>(ref->getDecl()))
      if (var->isLocalVarDecl() && var->getInit())
        vars.push_back(var);
    return true;
  }
  std::vector<const VarDecl *> vars;
};

void collectNames(ASTContext &context, const Expr *expr, unsigned depth,
                  std::set<std::string> &names,
                  std::set<const VarDecl *> &followed) {
  if (!expr)
    return;
  for (std::string &name : identifiersIn(context, expr->getSourceRange()))
    names.insert(std::move(name));
  if (depth >= MaxInitializerDepth)
    return;
  LocalReads reads;
  reads.TraverseStmt(const_cast<Expr *>(expr));
  for (const VarDecl *var : reads.vars)
    if (followed.insert(var).second)
      collectNames(context, var->getInit(), depth + 1, names, followed);
}

} // namespace

std::vector<Tunable> scanTunables(Preprocessor &pp, ASTContext &context) {
  const SourceManager &sm = context.getSourceManager();
  std::vector<Tunable> out;
  for (const auto &entry : pp.macros()) {
    const MacroInfo *macro = pp.getMacroInfo(entry.first);
    if (!macro || !macro->isObjectLike() || macro->getNumTokens() != 1 ||
        !macro->tokens()[0].is(tok::numeric_constant) ||
        !sm.isWrittenInMainFile(macro->getDefinitionLoc()))
      continue;
    if (std::optional<Tunable> tunable = tunableAt(
            sm, context.getLangOpts(), macro->tokens()[0].getLocation(),
            entry.first->getName().str(), Tunable::Kind::Macro))
      out.push_back(std::move(*tunable));
  }
  ConstantFinder constants(context);
  constants.TraverseDecl(context.getTranslationUnitDecl());
  llvm::append_range(out, constants.found);
  llvm::sort(out, [](const Tunable &a, const Tunable &b) {
    return std::tie(a.literal.line, a.literal.column, a.name) <
           std::tie(b.literal.line, b.literal.column, b.name);
  });
  return out;
}

std::vector<std::string> identifiersIn(ASTContext &context, SourceRange range) {
  const SourceManager &sm = context.getSourceManager();
  const LangOptions &options = context.getLangOpts();
  CharSourceRange file = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(range), sm, options);
  if (file.isInvalid())
    return {};
  // Clang's raw lexer over the range: no comments, no literals' contents.
  auto [fileID, offset] = sm.getDecomposedLoc(file.getBegin());
  StringRef buffer = sm.getBufferData(fileID);
  const char *end = buffer.data() + sm.getFileOffset(file.getEnd());
  Lexer lexer(sm.getLocForStartOfFile(fileID), options, buffer.begin(),
              buffer.data() + offset, buffer.end());
  std::set<std::string> names;
  Token token;
  for (bool last = false; !last;) {
    last = lexer.LexFromRawLexer(token); // the token is valid when last too
    if (token.is(tok::eof) || sm.getCharacterData(token.getLocation()) >= end)
      break;
    if (token.is(tok::raw_identifier))
      names.insert(token.getRawIdentifier().str());
  }
  return {names.begin(), names.end()};
}

std::vector<std::string> namesOf(ASTContext &context, const Expr *expr) {
  std::set<std::string> names;
  std::set<const VarDecl *> followed;
  collectNames(context, expr, 0, names, followed);
  return {names.begin(), names.end()};
}

} // namespace gpurd

//===- SharedMemoryScan.cpp - A kernel's __shared__ variables -------------===//

#include "SharedMemoryScan.h"
#include "SourcePositions.h"
#include "TunableScan.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace clang;

namespace gpurd {
namespace {

class SharedMemoryScanner : public RecursiveASTVisitor<SharedMemoryScanner> {
public:
  SharedMemoryScanner(ASTContext &context, KernelInfo &kernel)
      : context(context), kernel(kernel) {}

  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *definition = nullptr;
    if (const FunctionDecl *callee = call->getDirectCallee())
      if (callee->hasBody(definition) && visited.insert(definition).second &&
          !definition->hasAttr<CUDAGlobalAttr>())
        TraverseStmt(definition->getBody());
    return true;
  }

  /// A `__shared__` variable at namespace scope counts where a kernel uses
  /// it (Parboil sad's file-scope `extern __shared__ unsigned short
  /// sad_loc[]`).
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (auto *var = dyn_cast<VarDecl>(ref->getDecl()))
      if (!var->isLocalVarDeclOrParm() && var->hasAttr<CUDASharedAttr>() &&
          globals.insert(var).second)
        return VisitVarDecl(var);
    return true;
  }

  bool VisitVarDecl(VarDecl *var) {
    if (!var->hasAttr<CUDASharedAttr>())
      return true;
    if (!var->isLocalVarDeclOrParm() && !globals.contains(var))
      return true; // counted where a kernel uses it
    QualType type = var->getType();
    if (var->hasExternalStorage() || type->isIncompleteArrayType()) {
      kernel.usesDynamicShared = true;
      return true;
    }
    if (type->isDependentType() || type->isIncompleteType())
      return true;
    kernel.staticSharedBytes += context.getTypeSizeInChars(type).getQuantity();
    if (std::optional<SharedArrayDecl> array = describeArray(*var))
      kernel.sharedArrays.push_back(std::move(*array));
    return true;
  }

private:
  /// The array's shape and where its innermost size is written.
  std::optional<SharedArrayDecl> describeArray(const VarDecl &var) {
    const auto *arrayType = context.getAsConstantArrayType(var.getType());
    if (!arrayType)
      return std::nullopt;
    SharedArrayDecl out;
    out.name = var.getNameAsString();
    const SourceManager &sm = context.getSourceManager();
    out.position = positionOf(sm, var.getLocation());
    QualType element = var.getType();
    while (const auto *dim = context.getAsConstantArrayType(element)) {
      out.dimensions.push_back(dim->getSize().getZExtValue());
      element = dim->getElementType();
    }
    out.elementBytes = context.getTypeSizeInChars(element).getQuantity();
    // The innermost size as written: a range in the file (a macro's use,
    // not its definition), or nothing.
    const TypeSourceInfo *info = var.getTypeSourceInfo();
    if (!info)
      return out;
    ArrayTypeLoc innermost;
    TypeLoc loc = info->getTypeLoc();
    std::set<std::string> sizeNames;
    while (auto array = loc.getAs<ArrayTypeLoc>()) {
      innermost = array;
      if (const Expr *size = array.getSizeExpr())
        for (std::string &name : identifiersIn(context, size->getSourceRange()))
          sizeNames.insert(std::move(name));
      loc = array.getElementLoc();
    }
    out.sizeNames.assign(sizeNames.begin(), sizeNames.end());
    const Expr *size = innermost ? innermost.getSizeExpr() : nullptr;
    if (!size)
      return out;
    CharSourceRange range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(size->getSourceRange()), sm,
        context.getLangOpts());
    if (range.isInvalid() || sm.isInSystemHeader(range.getBegin()))
      return out;
    out.innerSizeText =
        Lexer::getSourceText(range, sm, context.getLangOpts()).str();
    out.innerSizeBegin = positionOf(sm, range.getBegin());
    out.innerSizeEnd = positionOf(sm, range.getEnd());
    return out;
  }

  ASTContext &context;
  KernelInfo &kernel;
  llvm::SmallPtrSet<const FunctionDecl *, 8> visited;
  llvm::SmallPtrSet<const VarDecl *, 8> globals;
};

} // namespace

void scanSharedMemory(ASTContext &context, const FunctionDecl &kernelDecl,
                      KernelInfo &kernel) {
  SharedMemoryScanner scanner(context, kernel);
  scanner.TraverseStmt(kernelDecl.getBody());
}

} // namespace gpurd

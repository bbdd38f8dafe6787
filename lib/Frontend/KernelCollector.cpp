//===- KernelCollector.cpp - Find kernels and launch sites ----------------===//

#include "gpurd/Frontend/KernelCollector.h"
#include "HostEvaluator.h"
#include "HostEvaluatorInternal.h"
#include "KernelTargets.h"
#include "SharedMemoryScan.h"
#include "SourcePositions.h"
#include "ThreadIndexUse.h"
#include "TunableScan.h"
#include "gpurd/Frontend/PrecompiledPrelude.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace clang;

namespace gpurd {
namespace {

/// How many variants of one launch are kept.
constexpr unsigned MaxLaunchVariants = 16;

std::string kernelName(const FunctionDecl *function) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy = function->getASTContext().getPrintingPolicy();
  policy.SuppressUnwrittenScope = true;
  function->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return name;
}

std::optional<uint64_t> constantOf(const Expr *expr, ASTContext &context) {
  if (!expr || expr->isValueDependent())
    return std::nullopt;
  Expr::EvalResult result;
  if (!expr->EvaluateAsInt(result, context))
    return std::nullopt;
  const llvm::APSInt &value = result.Val.getInt();
  if (value.isNegative())
    return std::nullopt;
  return value.getZExtValue();
}

KernelParam describeType(QualType type, ASTContext &context);

/// CUDA's vector types (float4, int2, double2, uchar4, ...): records of the
/// runtime's headers whose layout is the element's own, not a library's.
bool isCudaVectorType(llvm::StringRef name) {
  static const llvm::Regex vector("^(u?char|u?short|u?int|u?long|u?longlong|"
                                  "float|double)[1-4](_16a|_32a)?$");
  return vector.match(name);
}

/// The scalar and pointer members of \p record at \p base bytes into the
/// parameter, nested records flattened (the record layout of the
/// translation unit's target: nvptx64 and x86-64 lay out these types the
/// same way).
void collectFields(const RecordDecl *record, const std::string &prefix,
                   uint64_t base, ASTContext &context,
                   std::vector<StructField> &out) {
  record = record->getDefinition();
  if (!record || record->isUnion() || record->isInvalidDecl() ||
      record->isDependentType())
    return;
  const ASTRecordLayout &layout = context.getASTRecordLayout(record);
  if (const auto *cxx = dyn_cast<CXXRecordDecl>(record))
    for (const CXXBaseSpecifier &b : cxx->bases())
      if (const auto *baseRecord = b.getType()->getAsCXXRecordDecl();
          baseRecord && !b.isVirtual())
        collectFields(baseRecord, prefix,
                      base +
                          layout.getBaseClassOffset(baseRecord).getQuantity(),
                      context, out);
  for (const FieldDecl *field : record->fields()) {
    if (field->isBitField() || field->getName().empty())
      continue;
    uint64_t offset =
        base +
        context
            .toCharUnitsFromBits(layout.getFieldOffset(field->getFieldIndex()))
            .getQuantity();
    std::string path = prefix + field->getNameAsString();
    QualType type = field->getType().getCanonicalType();
    if (const auto *nested = type->getAsRecordDecl()) {
      collectFields(nested, path + ".", offset, context, out);
      continue;
    }
    KernelParam described = describeType(field->getType(), context);
    if (described.kind == ParamKind::Other ||
        described.kind == ParamKind::Texture)
      continue;
    StructField f;
    f.path = path;
    f.offset = offset;
    f.size = context.getTypeSizeInChars(type).getQuantity();
    described.name = path;
    f.type = std::move(described);
    out.push_back(std::move(f));
  }
}

KernelParam describeParam(const ParmVarDecl *param, ASTContext &context) {
  KernelParam out = describeType(param->getType(), context);
  out.name = param->getNameAsString();
  const SourceManager &sm = context.getSourceManager();
  SourceLocation begin = param->getBeginLoc(), name = param->getLocation();
  if (out.kind == ParamKind::Pointer && !out.name.empty() &&
      isa<PointerType>(param->getType().getTypePtr()) && name.isFileID()) {
    // `__restrict__` goes before the name, which the file writes even when
    // a macro writes the element type (PolyBench's `DATA_TYPE *a`); `const`
    // goes at the declaration's start, which must be the file's too.
    out.namePosition = positionOf(sm, name);
    if (begin.isFileID() && sm.getFileID(begin) == sm.getFileID(name))
      out.declBegin = positionOf(sm, begin);
  }
  return out;
}

KernelParam describeType(QualType type, ASTContext &context) {
  KernelParam out;
  PrintingPolicy policy = context.getPrintingPolicy();
  out.type = type.getAsString(policy);
  QualType canonical = type.getCanonicalType();
  // Texture and surface objects of the runtime (cudaTextureObject_t,
  // cudaSurfaceObject_t) and of the driver API (CUtexObject, the CUDA
  // samples' simpleTextureDrv; CUsurfObject): handles to the kernel.
  if (const auto *typedefType = type->getAs<TypedefType>();
      typedefType && (typedefType->getDecl()->getName().contains("Texture") ||
                      typedefType->getDecl()->getName().contains("Surface") ||
                      typedefType->getDecl()->getName() == "CUtexObject" ||
                      typedefType->getDecl()->getName() == "CUsurfObject")) {
    out.kind = ParamKind::Texture;
  } else if (canonical->isFunctionPointerType()) {
    // A device function's address (FunctionPointers' pPointFunction), not
    // a buffer: left Other, it is null in the emulator (EmulatorArguments),
    // where a call through it runs CallInfo::nullCallee.
    out.kind = ParamKind::Other;
  } else if (canonical->isPointerType()) {
    out.kind = ParamKind::Pointer;
    QualType pointee = canonical->getPointeeType();
    out.pointeeType = type->getPointeeType().getAsString(policy);
    out.isConstPointee = pointee.isConstQualified();
    out.isRestrict = canonical.isRestrictQualified();
    if (const RecordDecl *record = pointee->getAsRecordDecl())
      out.pointeeIsLibraryRecord =
          context.getSourceManager().isInSystemHeader(record->getLocation()) &&
          !isCudaVectorType(record->getName());
    if (!pointee->isIncompleteType() && !pointee->isDependentType() &&
        !pointee->isVoidType())
      out.pointeeSize = context.getTypeSizeInChars(pointee).getQuantity();
  } else if (canonical->isBooleanType()) {
    out.kind = ParamKind::Boolean;
  } else if (canonical->isIntegralOrEnumerationType()) {
    out.kind = ParamKind::Integer;
    out.integerBits = context.getIntWidth(canonical);
    out.isSigned = canonical->isSignedIntegerOrEnumerationType();
  } else if (canonical->isRealFloatingType()) {
    out.kind = ParamKind::Floating;
  } else if (const auto *record = canonical->getAsRecordDecl()) {
    collectFields(record, "", 0, context, out.fields);
  }
  return out;
}

/// Statically sized and dynamic `__shared__` variables of a kernel body and
/// of the device functions it calls (the CUDA samples' `SharedMemory<T>`
/// declares the kernel's `extern __shared__` array in a conversion
/// operator), each function once.
bool isLoopStmt(const Stmt *stmt) {
  return isa<ForStmt>(stmt) || isa<WhileStmt>(stmt) || isa<DoStmt>(stmt) ||
         isa<CXXForRangeStmt>(stmt);
}

/// Memory accesses and loops as written in one device function.
class DeviceCodeScanner : public RecursiveASTVisitor<DeviceCodeScanner> {
public:
  /// Scans \p body of \p function.
  DeviceCodeScanner(ASTContext &context, TranslationUnitInfo &info,
                    std::string function, Stmt *body)
      : context(context), info(info), function(std::move(function)),
        parents(body) {}

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *expr) {
    // `A[i][j]` on a 2-D array accesses memory once, at the outer subscript.
    if (!expr->getType()->isArrayType())
      record(expr);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    if (op->getOpcode() == UO_Deref && !op->getType()->isArrayType() &&
        !op->getType()->isFunctionType())
      record(op);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *member) {
    if (member->isArrow())
      record(member);
    return true;
  }
  /// `__ldg(&a[i])` and the other cache-hinted loads: the call reads
  /// through its argument, and the compiled load carries the call's
  /// position; its text is what it reads (`a[i]`, `a + i`).
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || call->getNumArgs() != 1 || call->isValueDependent())
      return true;
    llvm::StringRef name = callee->getName();
    if (name != "__ldg" && name != "__ldca" && name != "__ldcg" &&
        name != "__ldcs" && name != "__ldlu" && name != "__ldcv")
      return true;
    const SourceManager &sm = context.getSourceManager();
    const Expr *arg = call->getArg(0)->IgnoreParenImpCasts();
    SourceAccess access;
    access.begin = positionOf(sm, call->getBeginLoc());
    access.end = positionOf(sm, call->getEndLoc());
    const Expr *read = arg;
    if (const auto *address = dyn_cast<UnaryOperator>(arg);
        address && address->getOpcode() == UO_AddrOf)
      read = address->getSubExpr();
    CharSourceRange range = sm.getExpansionRange(read->getSourceRange());
    access.text = Lexer::getSourceText(range, sm, context.getLangOpts()).str();
    access.function = function;
    access.isRead = true;
    info.deviceAccesses.push_back(std::move(access));
    return true;
  }
  bool VisitForStmt(ForStmt *loop) {
    std::string iterator;
    if (const auto *decl = dyn_cast_or_null<DeclStmt>(loop->getInit())) {
      if (decl->isSingleDecl())
        if (const auto *var = dyn_cast<VarDecl>(decl->getSingleDecl()))
          iterator = var->getNameAsString();
    } else if (const auto *assign =
                   dyn_cast_or_null<BinaryOperator>(loop->getInit())) {
      if (const auto *ref =
              dyn_cast<DeclRefExpr>(assign->getLHS()->IgnoreParenImpCasts()))
        iterator = ref->getDecl()->getNameAsString();
    }
    addLoop(loop, iterator);
    return true;
  }
  bool VisitWhileStmt(WhileStmt *loop) {
    addLoop(loop, "");
    return true;
  }
  bool VisitDoStmt(DoStmt *loop) {
    addLoop(loop, "");
    return true;
  }

private:
  void addLoop(const Stmt *loop, std::string iterator) {
    SourceLoop out;
    out.position = positionOf(context.getSourceManager(), loop->getBeginLoc());
    out.iterator = std::move(iterator);
    out.function = function;
    info.deviceLoops.push_back(std::move(out));
  }

  void record(const Expr *expr) {
    if (expr->isValueDependent() || expr->isTypeDependent())
      return;
    const SourceManager &sm = context.getSourceManager();
    SourceAccess access;
    access.begin = positionOf(sm, expr->getBeginLoc());
    access.end = positionOf(sm, expr->getEndLoc());
    CharSourceRange range = sm.getExpansionRange(expr->getSourceRange());
    access.text = Lexer::getSourceText(range, sm, context.getLangOpts()).str();
    access.function = function;
    // How the value is used: read, written, both, or only its address.
    const Stmt *child = expr;
    for (unsigned guard = 0; guard < 256; ++guard) {
      const Stmt *parent = parents.getParent(child);
      if (!parent)
        break;
      if (isLoopStmt(parent))
        ++access.loopDepth;
      if (access.isRead || access.isWrite || access.isAtomic ||
          !access.text.size())
        ; // Usage known; keep walking only to count loops.
      else if (const auto *cast = dyn_cast<ImplicitCastExpr>(parent)) {
        if (cast->getCastKind() == CK_LValueToRValue)
          access.isRead = true;
      } else if (isa<ParenExpr>(parent)) {
      } else if (const auto *op = dyn_cast<BinaryOperator>(parent)) {
        if (op->isAssignmentOp() && op->getLHS()->IgnoreParens() == child) {
          access.isWrite = true;
          access.isRead = op->isCompoundAssignmentOp();
          access.operatorPosition = positionOf(sm, op->getOperatorLoc());
        } else {
          access.isRead = true;
        }
      } else if (const auto *op = dyn_cast<UnaryOperator>(parent)) {
        if (op->isIncrementDecrementOp()) {
          access.isRead = access.isWrite = true;
          access.operatorPosition = positionOf(sm, op->getOperatorLoc());
        } else if (op->getOpcode() == UO_AddrOf) {
          // `atomicAdd(&a[i], v)`: the call decides.
          const Stmt *grand = parents.getParent(parent);
          const auto *call = dyn_cast_or_null<CallExpr>(grand);
          if (!call && isa_and_nonnull<ImplicitCastExpr>(grand))
            call = dyn_cast_or_null<CallExpr>(parents.getParent(grand));
          if (call && call->getDirectCallee() &&
              call->getDirectCallee()->getName().starts_with("atomic"))
            access.isAtomic = access.isRead = access.isWrite = true;
          else
            return; // Only the address is taken.
        } else {
          access.isRead = true;
        }
      } else if (!isa<MemberExpr>(parent) && !isa<ArraySubscriptExpr>(parent)) {
        access.isRead = true;
      }
      // Keep walking up to the function: the loop depth counts every loop.
      child = parent;
    }
    if (!access.isRead && !access.isWrite)
      access.isRead = true;
    info.deviceAccesses.push_back(std::move(access));
  }

  ASTContext &context;
  TranslationUnitInfo &info;
  std::string function;
  /// The parents of the body's statements: built for the body alone, where
  /// ASTContext::getParents builds a map of the whole translation unit
  /// (half of SHOC S3D's listing). The walk up from an access now crosses
  /// a declaration's initializer to its DeclStmt, so `float v = a[i];` in a
  /// loop counts the loop.
  ParentMap parents;
};

class KernelVisitor : public RecursiveASTVisitor<KernelVisitor> {
public:
  KernelVisitor(ASTContext &context, TranslationUnitInfo &info)
      : context(context), info(info), mangler(context.createMangleContext()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  /// Keeps the functions the traversal is in (currentFunction).
  bool TraverseDecl(Decl *decl) {
    auto *function = dyn_cast_or_null<FunctionDecl>(decl);
    if (function)
      functions.push_back(function);
    bool more = RecursiveASTVisitor::TraverseDecl(decl);
    if (function)
      functions.pop_back();
    return more;
  }

  /// Texture references: `texture<T, ...>` variables at namespace scope.
  bool VisitVarDecl(VarDecl *var) {
    if (!var->hasGlobalStorage() || var->isStaticLocal())
      return true;
    const auto *record = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        var->getType()->getAsCXXRecordDecl());
    if (!record || record->getName() != "texture" ||
        record->getTemplateArgs().size() == 0 ||
        record->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return true;
    QualType texel = record->getTemplateArgs()[0].getAsType();
    if (texel->isDependentType() || texel->isIncompleteType())
      return true;
    info.textures.push_back(
        {var->getQualifiedNameAsString(),
         uint64_t(context.getTypeSizeInChars(texel).getQuantity())});
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *function) {
    if (!function->hasAttr<CUDAGlobalAttr>() ||
        !function->doesThisDeclarationHaveABody() ||
        function->isDependentContext())
      return true;
    if (!seen.insert(function->getCanonicalDecl()).second)
      return true;
    KernelInfo kernel;
    kernel.name = kernelName(function);
    {
      llvm::raw_string_ostream os(kernel.mangledName);
      if (mangler->shouldMangleDeclName(function))
        mangler->mangleName(GlobalDecl(function, KernelReferenceKind::Kernel),
                            os);
      else
        os << function->getName();
    }
    kernel.position =
        positionOf(context.getSourceManager(), function->getLocation());
    // A template's instance is where its pattern is: Thrust's and CUB's
    // kernels, instantiated by the user's calls, are in system headers.
    kernel.inSystemHeader =
        context.getSourceManager().isInSystemHeader(function->getLocation());
    kernel.isTemplateInstance = function->isTemplateInstantiation() ||
                                function->getTemplateSpecializationArgs();
    for (const ParmVarDecl *param : function->parameters())
      kernel.params.push_back(describeParam(param, context));
    if (const auto *bounds = function->getAttr<CUDALaunchBoundsAttr>()) {
      kernel.launchBoundsMaxThreads =
          constantOf(bounds->getMaxThreads(), context);
      kernel.launchBoundsMinBlocks =
          constantOf(bounds->getMinBlocks(), context);
    }
    scanSharedMemory(context, *function, kernel);
    scanThreadIndexUse(*function, kernel);
    info.kernels.push_back(std::move(kernel));
    return true;
  }

  bool TraverseFunctionDecl(FunctionDecl *function) {
    scanDeviceCode(function);
    return RecursiveASTVisitor::TraverseFunctionDecl(function);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *method) {
    scanDeviceCode(method);
    return RecursiveASTVisitor::TraverseCXXMethodDecl(method);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *call) {
    // A launch in a function template is recorded once per instantiation,
    // not also in the template's pattern.
    if (call->isValueDependent() || call->isTypeDependent() ||
        inTemplatePattern())
      return true;
    // Thrust and CUB launch their kernels in their own headers, through a
    // kernel pointer: the library's launches, not the user's.
    const SourceManager &sm = context.getSourceManager();
    if (sm.isInSystemHeader(sm.getExpansionLoc(call->getBeginLoc()))) {
      ++info.systemHeaderLaunchSites;
      return true;
    }
    const CallExpr *config = call->getConfig();
    if (!config || config->getNumArgs() < 2)
      return true;
    LaunchRequest request;
    request.point = call;
    request.grid = config->getArg(0);
    request.block = config->getArg(1);
    if (config->getNumArgs() > 2)
      request.shared = config->getArg(2);
    if (config->getNumArgs() > 3)
      request.stream = config->getArg(3);
    request.args.assign(call->arg_begin(), call->arg_end());
    // Without a direct callee, the kernel is read from a function pointer.
    request.kernel = call->getCallee();
    recordLaunches(request, call->getDirectCallee());
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (isa<CUDAKernelCallExpr>(call) || call->isValueDependent() ||
        call->isTypeDependent())
      return true;
    recordSymbolWrite(call);
    std::optional<LaunchRequest> request = launchFunctionCall(call);
    if (!request)
      return true;
    // The prelude's C++ overloads call the C functions with their own
    // parameters: those are not launches of the user's code.
    const SourceManager &sm = context.getSourceManager();
    if (sm.isInSystemHeader(sm.getExpansionLoc(call->getBeginLoc())) ||
        inTemplatePattern())
      return true;
    recordLaunches(*request);
    return true;
  }

private:
  /// A host call that writes a device variable, or takes its address to
  /// (HostSymbolWrite), into info.hostSymbolWrites.
  void recordSymbolWrite(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier() || call->getNumArgs() == 0)
      return;
    StringRef api = callee->getName();
    if (api != "cudaMemcpyToSymbol" && api != "cudaMemcpyToSymbolAsync" &&
        api != "cudaGetSymbolAddress")
      return;
    const SourceManager &sm = context.getSourceManager();
    if (sm.isInSystemHeader(sm.getExpansionLoc(call->getBeginLoc())) ||
        inTemplatePattern())
      return;
    // The symbol: the first argument (cudaGetSymbolAddress's second), as
    // the variable itself or its address (`&table`, `(const void *)table`).
    const Expr *symbol =
        call->getArg(
                api == "cudaGetSymbolAddress" && call->getNumArgs() > 1 ? 1 : 0)
            ->IgnoreParenCasts();
    if (const auto *address = dyn_cast<UnaryOperator>(symbol);
        address && address->getOpcode() == UO_AddrOf)
      symbol = address->getSubExpr()->IgnoreParenCasts();
    const auto *ref = dyn_cast<DeclRefExpr>(symbol);
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->hasGlobalStorage() ||
        !(var->hasAttr<CUDADeviceAttr>() || var->hasAttr<CUDAConstantAttr>()))
      return;
    ASTNameGenerator names(context);
    info.hostSymbolWrites.push_back({var->getQualifiedNameAsString(),
                                     names.getName(var), api.str(),
                                     positionOf(sm, call->getBeginLoc())});
  }

  /// What a launch says, whatever its form.
  struct LaunchRequest {
    const Expr *point = nullptr; ///< The launch expression.
    /// What names the kernel: the callee of `<<<...>>>` or the function
    /// argument of a launch function.
    const Expr *kernel = nullptr;
    std::string api; ///< The launch function; empty for `<<<...>>>`.
    const Expr *grid = nullptr, *block = nullptr, *shared = nullptr,
               *stream = nullptr;
    /// `&config` for cudaLaunchKernelEx[C]: grid, block, shared memory and
    /// stream are members of the cudaLaunchConfig_t it points to.
    const Expr *config = nullptr;
    /// The kernel arguments as written (`<<<...>>>`, cudaLaunchKernelEx).
    std::vector<const Expr *> args;
    /// Whether the arguments still need converting to the parameter types
    /// (they are forwarded as written to cudaLaunchKernelEx).
    bool convertArgs = false;
    /// `void **args`: the argument array of the other launch functions.
    const Expr *argsArray = nullptr;
  };

  /// The launch a call of one of the runtime's launch functions makes, by
  /// the functions' parameter order; nothing for other calls.
  static std::optional<LaunchRequest> launchFunctionCall(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier())
      return std::nullopt;
    auto arg = [&](unsigned i) -> const Expr * {
      if (i >= call->getNumArgs() || isa<CXXDefaultArgExpr>(call->getArg(i)))
        return nullptr;
      return call->getArg(i);
    };
    LaunchRequest request;
    request.point = call;
    request.api = callee->getName().str();
    if (request.api == "cudaLaunchKernel" ||
        request.api == "cudaLaunchCooperativeKernel") {
      // (func, gridDim, blockDim, args, sharedMem, stream)
      request.kernel = arg(0);
      request.grid = arg(1);
      request.block = arg(2);
      request.argsArray = arg(3);
      request.shared = arg(4);
      request.stream = arg(5);
      if (!request.grid || !request.block)
        return std::nullopt;
    } else if (request.api == "cudaLaunchKernelExC") {
      // (const cudaLaunchConfig_t *config, const void *func, void **args)
      request.config = arg(0);
      request.kernel = arg(1);
      request.argsArray = arg(2);
    } else if (request.api == "cudaLaunchKernelEx") {
      // (const cudaLaunchConfig_t *config, void (*kernel)(T...), args...)
      request.config = arg(0);
      request.kernel = arg(1);
      if (call->getNumArgs() > 2)
        request.args.assign(call->arg_begin() + 2, call->arg_end());
      request.convertArgs = true;
    } else {
      return std::nullopt;
    }
    if (!request.kernel ||
        (request.api.find("Ex") != std::string::npos && !request.config))
      return std::nullopt;
    return request;
  }

  /// Whether the statement the traversal is at is in a function template's
  /// pattern rather than in one of its instantiations, which are visited on
  /// their own.
  bool inTemplatePattern() const {
    const FunctionDecl *function = currentFunction();
    return function && function->isDependentContext();
  }

  /// Records one launch site per kernel the launch may start (\p direct
  /// when it names its kernel), or one launch of an unknown kernel when
  /// none can be found; and that for each variant of its values.
  void recordLaunches(const LaunchRequest &request,
                      const FunctionDecl *direct = nullptr) {
    const FunctionDecl *enclosing = currentFunction();
    HostEvaluator evaluator(context, enclosing, &callSites, &writeCache);
    KernelTargets targets;
    if (direct)
      targets.kernels.push_back(direct);
    else
      targets = findKernelTargets(context, evaluator, request.kernel,
                                  request.point, storeCache);
    // Each evaluation takes the first alternative of the choice points its
    // selection does not decide; the first such point is then split into
    // its alternatives, depth first, so that variant 1 takes every first
    // alternative.
    std::vector<std::vector<LaunchSite>> variants;
    std::vector<HostEvaluator::Selection> selections;
    std::vector<HostEvaluator::Selection> pending(1);
    unsigned evaluations = 0;
    while (!pending.empty() && variants.size() < MaxLaunchVariants &&
           ++evaluations <= 4 * MaxLaunchVariants) {
      HostEvaluator::Selection selection = std::move(pending.back());
      pending.pop_back();
      evaluator.beginVariant(request.point, selection);
      std::vector<LaunchSite> sites =
          evaluateLaunch(request, targets, enclosing, evaluator);
      if (!evaluator.openChoices().empty()) {
        HostEvaluator::Choice choice = evaluator.openChoices().front();
        for (unsigned i = choice.alternatives; i-- > 0;) {
          HostEvaluator::Selection next = selection;
          next[choice.key] = i;
          pending.push_back(std::move(next));
        }
        continue;
      }
      for (LaunchSite &site : sites)
        site.variant.assumptions = evaluator.assumptions();
      variants.push_back(std::move(sites));
      selections.push_back(std::move(selection));
    }
    for (size_t v = 0; v < variants.size(); ++v) {
      addRootedLaunches(request, targets, enclosing, evaluator, selections[v],
                        variants[v]);
      addConfiguredLaunches(request, targets, enclosing, evaluator,
                            selections[v], variants[v]);
    }
    std::string leftOut;
    if (!pending.empty())
      leftOut = "the values may combine in more than " +
                std::to_string(variants.size()) + " ways; only the first " +
                std::to_string(variants.size()) + " are kept";
    LaunchNames names = launchNames(request);
    for (size_t v = 0; v < variants.size(); ++v)
      for (LaunchSite &site : variants[v]) {
        site.names = names;
        site.variant.index = v + 1;
        site.variant.count = variants.size();
        site.variant.leftOut = leftOut;
        info.launches.push_back(std::move(site));
      }
  }

  /// The names \p request's grid, block and template arguments are written
  /// with (for a launch function, its configuration's members are not
  /// followed).
  LaunchNames launchNames(const LaunchRequest &request) {
    LaunchNames names;
    names.grid = namesOf(context, request.grid);
    names.block = namesOf(context, request.block);
    const Expr *kernel = request.kernel;
    while (kernel) {
      kernel = kernel->IgnoreParenCasts();
      if (const auto *address = dyn_cast<UnaryOperator>(kernel);
          address && address->getOpcode() == UO_AddrOf) {
        kernel = address->getSubExpr();
        continue;
      }
      break;
    }
    if (const auto *ref = dyn_cast_or_null<DeclRefExpr>(kernel))
      if (ref->hasExplicitTemplateArgs())
        names.templateArguments = identifiersIn(
            context, SourceRange(ref->getLAngleLoc(), ref->getRAngleLoc()));
    return names;
  }

  /// Whether a value of \p site that the launch needs is unknown.
  static bool hasUnknown(const LaunchSite &site) {
    if (!site.grid.isKnown() || !site.block.isKnown())
      return true;
    if (!site.dynamicSharedBytes.text.empty() &&
        !site.dynamicSharedBytes.isKnown())
      return true;
    return llvm::any_of(site.args, [](const LaunchArgument &arg) {
      return !arg.value.isKnown() && arg.value.unknownReason != "not a scalar";
    });
  }

  /// The blocks of \p grid when every component is a positive integer.
  static std::optional<uint64_t> blocksOf(const Dim3Value &grid) {
    uint64_t blocks = 1;
    for (const EvaluatedValue &c : grid.components) {
      std::optional<uint64_t> n = c.asUnsigned();
      if (!n || *n == 0 || *n > (uint64_t(1) << 32))
        return std::nullopt;
      blocks *= *n;
    }
    return blocks;
  }

  /// The sites of the variant \p selection of the launch evaluated with
  /// the integers the host code cannot know at \p root (those of
  /// \p configuration left unknown); \p roots, when given, receives the
  /// integers bound.
  std::vector<LaunchSite>
  evaluateAtRoot(const LaunchRequest &request, const KernelTargets &targets,
                 const FunctionDecl *enclosing, HostEvaluator &evaluator,
                 const HostEvaluator::Selection &selection, uint64_t root,
                 const llvm::DenseSet<const VarDecl *> &configuration,
                 std::vector<HostRoot> *roots = nullptr) {
    evaluator.beginVariant(request.point, selection);
    evaluator.bindUnknownIntegers(root, configuration);
    std::vector<LaunchSite> sites =
        evaluateLaunch(request, targets, enclosing, evaluator);
    if (roots)
      *roots = evaluator.boundRoots();
    evaluator.bindUnknownIntegers(std::nullopt);
    return sites;
  }

  static RootedLaunch rootedOf(const LaunchSite &site, uint64_t root) {
    return {root, site.grid, site.block, site.dynamicSharedBytes, site.args};
  }

  /// How many of \p site's grid and block components, shared memory and
  /// arguments are known.
  static size_t knownValues(const LaunchSite &site) {
    auto known = [](const EvaluatedValue &v) { return v.isKnown() ? 1 : 0; };
    size_t out = known(site.dynamicSharedBytes);
    for (unsigned d = 0; d < 3; ++d)
      out += known(site.grid.components[d]) + known(site.block.components[d]);
    for (const LaunchArgument &arg : site.args)
      out += known(arg.value);
    return out;
  }

  /// Whether some value of the launch follows the host values
  /// (valuesFollowRoot): two probes (2^10 and 2^20, or a smaller one where
  /// a value overflows at 2^20) tell. Otherwise the
  /// driver assumes the values one by one (HostValueAssumptions.cpp) and
  /// the ladder would be work for nothing (31 evaluations per launch).
  bool computedFromRoots(const LaunchRequest &request,
                         const KernelTargets &targets,
                         const FunctionDecl *enclosing,
                         HostEvaluator &evaluator,
                         const HostEvaluator::Selection &selection,
                         const llvm::DenseSet<const VarDecl *> &configuration) {
    const uint64_t low = uint64_t(1) << 10;
    std::vector<LaunchSite> lows = evaluateAtRoot(
        request, targets, enclosing, evaluator, selection, low, configuration);
    // A value past its type at 2^20 (n * n in int) is unknown there: the
    // smaller probes tell for it.
    for (unsigned bits : {20u, 15u, 11u}) {
      const uint64_t high = uint64_t(1) << bits;
      std::vector<LaunchSite> highs =
          evaluateAtRoot(request, targets, enclosing, evaluator, selection,
                         high, configuration);
      if (lows.size() != highs.size())
        return true;
      bool lost = false;
      for (size_t i = 0; i < lows.size(); ++i) {
        if (valuesFollowRoot(rootedOf(lows[i], low), rootedOf(highs[i], high)))
          return true;
        lost |= knownValues(highs[i]) < knownValues(lows[i]);
      }
      if (!lost)
        return false;
    }
    return false;
  }

  /// For the sites of a variant (\p selection) with values unknown through
  /// integers the host code cannot know: the launch evaluated with those
  /// integers at each power of two (RootedLaunch), from 1 while the grid
  /// stays valid and does not shrink (an overflow) and is not far past any
  /// GPU's size.
  void addRootedLaunches(const LaunchRequest &request,
                         const KernelTargets &targets,
                         const FunctionDecl *enclosing,
                         HostEvaluator &evaluator,
                         const HostEvaluator::Selection &selection,
                         std::vector<LaunchSite> &sites) {
    if (llvm::none_of(sites, hasUnknown))
      return;
    constexpr unsigned MaxRootBits = 30;
    constexpr uint64_t MaxRootedBlocks = uint64_t(1) << 26;
    llvm::DenseSet<const VarDecl *> configuration =
        configurationLeaves(request, targets, evaluator, selection);
    if (!computedFromRoots(request, targets, enclosing, evaluator, selection,
                           configuration))
      return;
    std::vector<std::optional<uint64_t>> lastBlocks(sites.size());
    std::vector<bool> stopped(sites.size(), false);
    // The arguments each site's last rung knew: one that a larger root
    // leaves unknown overflowed its type (`N = B * T * C` in int).
    auto knownArgs = [](const LaunchSite &site) {
      return llvm::count_if(site.args, [](const LaunchArgument &arg) {
        return arg.value.isKnown();
      });
    };
    std::vector<size_t> lastKnownArgs(sites.size(), 0);
    for (unsigned bits = 0; bits <= MaxRootBits; ++bits) {
      std::vector<HostRoot> roots;
      std::vector<LaunchSite> rooted =
          evaluateAtRoot(request, targets, enclosing, evaluator, selection,
                         uint64_t(1) << bits, configuration, &roots);
      if (roots.empty() || rooted.size() != sites.size())
        return; // Nothing the host code cannot know decides the values.
      bool any = false;
      for (size_t i = 0; i < sites.size(); ++i) {
        if (stopped[i])
          continue;
        std::optional<uint64_t> blocks = blocksOf(rooted[i].grid);
        // Small roots may give no grid yet (n * n / 1024 is 0 for n < 32);
        // one that has had a grid and loses it, or shrinks, overflowed.
        if (rooted[i].grid.isKnown() && !blocks) {
          stopped[i] = lastBlocks[i].has_value();
          any |= !stopped[i];
          continue;
        }
        // A grid lost to an overflow the evaluator saw (a signed product
        // past its type is unknown, not wrapped) ends the ladder too.
        if ((blocks && lastBlocks[i] && *blocks < *lastBlocks[i]) ||
            (!blocks && lastBlocks[i]) ||
            size_t(knownArgs(rooted[i])) < lastKnownArgs[i]) {
          stopped[i] = true;
          continue;
        }
        lastKnownArgs[i] = knownArgs(rooted[i]);
        lastBlocks[i] = blocks;
        if (blocks && *blocks > MaxRootedBlocks)
          stopped[i] = true;
        sites[i].roots = roots;
        sites[i].rooted.push_back(rootedOf(rooted[i], uint64_t(1) << bits));
        any = true;
      }
      if (!any)
        break;
    }
  }

  /// For the sites of a variant (\p selection) whose block is unknown only
  /// through integers the host code cannot know: the launch evaluated with
  /// those integers alone at each power of two to 1024
  /// (LaunchSite::configured).
  void addConfiguredLaunches(const LaunchRequest &request,
                             const KernelTargets &targets,
                             const FunctionDecl *enclosing,
                             HostEvaluator &evaluator,
                             const HostEvaluator::Selection &selection,
                             std::vector<LaunchSite> &sites) {
    if (llvm::none_of(sites, [](const LaunchSite &site) {
          return !site.block.isKnown();
        }))
      return;
    constexpr uint64_t Probe = 1024;
    llvm::DenseSet<const VarDecl *> leaves =
        blockLeaves(request, evaluator, selection, Probe);
    evaluator.bindUnknownIntegers(std::nullopt);
    if (leaves.empty())
      return;
    for (uint64_t value = 1; value <= Probe; value *= 2) {
      evaluator.beginVariant(request.point, selection);
      evaluator.bindOnly(value, leaves);
      std::vector<LaunchSite> configured =
          evaluateLaunch(request, targets, enclosing, evaluator);
      std::vector<HostRoot> roots = evaluator.boundRoots();
      evaluator.bindOnly(std::nullopt);
      if (configured.size() != sites.size())
        return;
      for (size_t i = 0; i < sites.size(); ++i) {
        if (sites[i].block.isKnown() || !configured[i].block.isKnown())
          continue;
        sites[i].configurationRoots = roots;
        sites[i].configured.push_back(rootedOf(configured[i], value));
      }
    }
  }

  /// The launch sites of one variant of a launch: one per kernel in
  /// \p targets, or one of an unknown kernel.
  std::vector<LaunchSite> evaluateLaunch(const LaunchRequest &request,
                                         const KernelTargets &targets,
                                         const FunctionDecl *enclosing,
                                         HostEvaluator &evaluator) {
    LaunchSite launch;
    launch.api = request.api;
    launch.position =
        positionOf(context.getSourceManager(), request.point->getBeginLoc());
    if (enclosing)
      launch.enclosingFunction = kernelName(enclosing);
    evaluateShape(request, evaluator, launch);
    return evaluateLaunchRest(request, targets, evaluator, std::move(launch));
  }

  /// The integers the host code cannot know that are launch configuration
  /// rather than sizes: those the block is computed from, and those a grid
  /// component or the shared memory is as they are and that no argument
  /// reads (`k<<<blocks, threads, smem>>>(n)` with four parameters of the
  /// caller: `blocks`, `threads` and `smem`, but not `ih` in
  /// `k<<<ih, 384>>>(ih)`). One size for all of them would make nonsense (as
  /// many threads per block as bytes of shared memory); they are assumed one
  /// by one instead.
  /// The integers the host code cannot know that the block of \p request's
  /// variant \p selection is computed from; they stay bound to \p probe
  /// (every such integer does) until the caller unbinds them.
  llvm::DenseSet<const VarDecl *>
  blockLeaves(const LaunchRequest &request, HostEvaluator &evaluator,
              const HostEvaluator::Selection &selection, uint64_t probe) {
    evaluator.beginVariant(request.point, selection);
    evaluator.bindUnknownIntegers(probe);
    LaunchSite site;
    size_t start = evaluator.boundCount();
    evaluateShape(request, evaluator, site, ShapePart::Block);
    return evaluator.boundSince(start);
  }

  llvm::DenseSet<const VarDecl *>
  configurationLeaves(const LaunchRequest &request,
                      const KernelTargets &targets, HostEvaluator &evaluator,
                      const HostEvaluator::Selection &selection) {
    constexpr uint64_t Probe = 1024;
    llvm::DenseSet<const VarDecl *> leaves =
        blockLeaves(request, evaluator, selection, Probe);
    LaunchSite probe;
    llvm::DenseSet<const VarDecl *> asGiven;
    auto isProbe = [&](const EvaluatedValue &v) {
      return v.asUnsigned() == Probe;
    };
    size_t start = evaluator.boundCount();
    evaluateShape(request, evaluator, probe, ShapePart::Grid);
    if (llvm::any_of(probe.grid.components, isProbe))
      asGiven = evaluator.boundSince(start);
    start = evaluator.boundCount();
    evaluateShape(request, evaluator, probe, ShapePart::Shared);
    if (isProbe(probe.dynamicSharedBytes))
      for (const VarDecl *var : evaluator.boundSince(start))
        asGiven.insert(var);
    start = evaluator.boundCount();
    evaluateLaunchRest(request, targets, evaluator, probe);
    llvm::DenseSet<const VarDecl *> read = evaluator.boundSince(start);
    for (const VarDecl *var : asGiven)
      if (!read.contains(var))
        leaves.insert(var);
    evaluator.bindUnknownIntegers(std::nullopt);
    return leaves;
  }

  /// The launch's grid, block, dynamic shared memory and stream into
  /// \p launch (only the grid, the block or the shared memory when asked).
  enum class ShapePart { All, Grid, Block, Shared };

  void evaluateShape(const LaunchRequest &request, HostEvaluator &evaluator,
                     LaunchSite &launch, ShapePart part = ShapePart::All) {
    bool all = part == ShapePart::All;
    auto wants = [&](ShapePart one) { return all || part == one; };
    if (request.config) {
      if (wants(ShapePart::Grid))
        launch.grid = evaluator.evaluateMemberDim3(request.config, "gridDim",
                                                   request.point);
      if (wants(ShapePart::Block))
        launch.block = evaluator.evaluateMemberDim3(request.config, "blockDim",
                                                    request.point);
      if (wants(ShapePart::Shared))
        launch.dynamicSharedBytes = evaluator.evaluateMember(
            request.config, "dynamicSmemBytes", request.point);
      if (!all)
        return;
      const Expr *stream =
          evaluator.memberValue(request.config, "stream", request.point);
      launch.stream = stream ? streamText(evaluator, stream, request.point)
                             : evaluator.memberText(request.config, "stream");
    } else {
      if (wants(ShapePart::Grid))
        launch.grid = evaluator.evaluateDim3(request.grid, request.point);
      if (wants(ShapePart::Block))
        launch.block = evaluator.evaluateDim3(request.block, request.point);
      if (request.shared && wants(ShapePart::Shared))
        launch.dynamicSharedBytes =
            evaluator.evaluate(request.shared, request.point);
      if (all && request.stream && !isa<CXXDefaultArgExpr>(request.stream))
        launch.stream = streamText(evaluator, request.stream, request.point);
    }
  }

  /// evaluateLaunch after the shape: the pointer, and one site per kernel
  /// the launch may start with its arguments.
  std::vector<LaunchSite> evaluateLaunchRest(const LaunchRequest &request,
                                             const KernelTargets &targets,
                                             HostEvaluator &evaluator,
                                             LaunchSite launch) {
    if (!targets.pointer.empty()) {
      LaunchPointer pointer;
      pointer.text = targets.pointer;
      for (const FunctionDecl *kernel : targets.kernels)
        pointer.candidates.push_back(kernelName(kernel));
      if (!targets.kernels.empty())
        pointer.otherValuesReason = targets.unfollowed;
      launch.pointer = std::move(pointer);
    }
    std::vector<LaunchSite> sites;
    if (targets.kernels.empty()) {
      launch.kernelUnknownReason = targets.unfollowed;
      launch.args = arguments(request, nullptr, evaluator);
      sites.push_back(std::move(launch));
      return sites;
    }
    for (const FunctionDecl *kernel : targets.kernels) {
      LaunchSite site = launch;
      site.kernel = kernelName(kernel);
      site.args = arguments(request, kernel, evaluator);
      sites.push_back(std::move(site));
    }
    return sites;
  }

  /// The stream's source text; empty for the default stream (`0`, null).
  std::string streamText(HostEvaluator &evaluator, const Expr *stream,
                         const Stmt *point) {
    const Expr *stripped = stream->IgnoreParenImpCasts();
    Expr::EvalResult result;
    bool isNull = stripped->EvaluateAsRValue(result, context) &&
                  ((result.Val.isInt() && result.Val.getInt().isZero()) ||
                   (result.Val.isLValue() && result.Val.isNullPointer()));
    return isNull ? std::string() : evaluator.evaluate(stream, point).text;
  }

  /// The launch's arguments bound to the parameters of \p kernel; for an
  /// unknown kernel, the arguments as written, without parameter names.
  std::vector<LaunchArgument> arguments(const LaunchRequest &request,
                                        const FunctionDecl *kernel,
                                        HostEvaluator &evaluator) {
    if (kernel)
      if (const FunctionDecl *definition = kernel->getDefinition())
        kernel = definition;
    std::vector<LaunchArgument> out;
    unsigned count = kernel ? kernel->getNumParams()
                            : static_cast<unsigned>(
                                  request.argsArray ? 0 : request.args.size());
    for (unsigned i = 0; i < count; ++i) {
      if (!request.argsArray && i >= request.args.size())
        break;
      LaunchArgument arg;
      QualType type;
      if (kernel) {
        arg.param = kernel->getParamDecl(i)->getNameAsString();
        type = kernel->getParamDecl(i)->getType();
      } else {
        type = request.args[i]->getType();
      }
      QualType canonical = type.getCanonicalType();
      bool isScalar =
          canonical->isArithmeticType() || canonical->isEnumeralType();
      // A pointer or structure is shown as written: its value is no
      // variant's business.
      auto evaluate = [&] {
        if (request.argsArray)
          return evaluator.evaluateArgument(request.argsArray, i,
                                            isScalar ? type : QualType(),
                                            request.point);
        return evaluator.evaluate(request.args[i], request.point,
                                  request.convertArgs && isScalar ? type
                                                                  : QualType());
      };
      arg.value = isScalar ? evaluate() : evaluator.withoutChoices(evaluate);
      if (!isScalar) {
        arg.value.value = std::monostate();
        arg.value.unknownReason = "not a scalar";
      }
      std::vector<LaunchArgument> members;
      // The scalar members of a struct passed by value (`p.n`), one level
      // deep, as the host code sets them.
      if (kernel && !request.argsArray && canonical->isRecordType()) {
        KernelParam described =
            describeParam(kernel->getParamDecl(i), kernel->getASTContext());
        for (const StructField &field : described.fields) {
          if (field.path.find('.') != std::string::npos ||
              field.type.kind == ParamKind::Pointer)
            continue;
          LaunchArgument member;
          member.param = arg.param + "." + field.path;
          member.value = evaluator.evaluateStructMember(
              request.args[i], field.path, request.point);
          members.push_back(std::move(member));
        }
      }
      out.push_back(std::move(arg));
      for (LaunchArgument &member : members)
        out.push_back(std::move(member));
    }
    return out;
  }

  /// Records the accesses and loops of a device function body once.
  void scanDeviceCode(FunctionDecl *function) {
    if (!function->doesThisDeclarationHaveABody() ||
        function->isDependentContext() ||
        !(function->hasAttr<CUDAGlobalAttr>() ||
          function->hasAttr<CUDADeviceAttr>()))
      return;
    const SourceManager &sm = context.getSourceManager();
    if (sm.isInSystemHeader(function->getLocation()) ||
        !scannedBodies
             .insert(function->getBody()->getBeginLoc().getRawEncoding())
             .second)
      return;
    DeviceCodeScanner scanner(context, info, kernelName(function),
                              function->getBody());
    scanner.TraverseStmt(function->getBody());
  }

  /// The innermost function the traversal is in (a lambda's body is its
  /// enclosing function's): kept as it goes rather than asked of
  /// ASTContext::getParents, whose map of the whole translation unit was
  /// half of SHOC S3D's listing.
  const FunctionDecl *currentFunction() const {
    return functions.empty() ? nullptr : functions.back();
  }

  ASTContext &context;
  TranslationUnitInfo &info;
  std::unique_ptr<MangleContext> mangler;
  llvm::SmallPtrSet<const Decl *, 16> seen;
  std::set<unsigned> scannedBodies;
  StoreCache storeCache;
  CallSites callSites{context};
  host::WriteCache writeCache;
  /// The functions the traversal is in, innermost last.
  std::vector<const FunctionDecl *> functions;
};

/// Whether \p decl is a function (or function template) only device code
/// runs: `__global__` or `__device__` without `__host__`.
bool isDeviceOnly(const Decl *decl) {
  if (const auto *pattern = dyn_cast<FunctionTemplateDecl>(decl))
    decl = pattern->getTemplatedDecl();
  const auto *function = dyn_cast<FunctionDecl>(decl);
  return function &&
         (function->hasAttr<CUDAGlobalAttr>() ||
          function->hasAttr<CUDADeviceAttr>()) &&
         !function->hasAttr<CUDAHostAttr>();
}

class CollectConsumer : public ASTConsumer {
public:
  CollectConsumer(TranslationUnitInfo &info, Preprocessor &pp)
      : info(info), pp(pp) {}
  void HandleTranslationUnit(ASTContext &context) override {
    if (context.getDiagnostics().hasErrorOccurred())
      return;
    // The parents the host evaluation asks for (HostLastWrite.cpp,
    // HostChoices.cpp) are those of the file's own host code: ASTContext
    // builds its parent map, on the first question, over the traversal
    // scope, here the declarations outside system headers that are not
    // device functions. The CUDA wrapper headers with the C++ library they
    // include, and the kernels' bodies, are most of a translation unit (the
    // map of all of it was half of SHOC S3D's listing and a fifth of the
    // CUDA samples' convolutionSeparable's). The device code has its own
    // parents (DeviceCodeScanner).
    TranslationUnitDecl *unit = context.getTranslationUnitDecl();
    std::vector<Decl *> own;
    for (Decl *decl : unit->decls())
      if (!context.getSourceManager().isInSystemHeader(decl->getLocation()) &&
          !isDeviceOnly(decl))
        own.push_back(decl);
    context.setTraversalScope(own);
    // Every declaration is visited, the system headers' too (their kernels
    // are listed as the library's): not through the traversal scope.
    KernelVisitor visitor(context, info);
    for (Decl *decl : unit->decls())
      visitor.TraverseDecl(decl);
    context.setTraversalScope({unit});
    info.tunables = scanTunables(pp, context);
  }

private:
  TranslationUnitInfo &info;
  Preprocessor &pp;
};

class CollectAction : public ASTFrontendAction {
public:
  explicit CollectAction(TranslationUnitInfo &info) : info(info) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &compiler,
                                                 StringRef) override {
    return std::make_unique<CollectConsumer>(info, compiler.getPreprocessor());
  }

private:
  TranslationUnitInfo &info;
};

class CollectActionFactory : public tooling::FrontendActionFactory {
public:
  explicit CollectActionFactory(TranslationUnitInfo &info) : info(info) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CollectAction>(info);
  }

private:
  TranslationUnitInfo &info;
};

/// Counts errors on the way to the real consumer.
class CountingConsumer : public DiagnosticConsumer {
public:
  explicit CountingConsumer(DiagnosticConsumer &next) : next(next) {}
  void BeginSourceFile(const LangOptions &opts,
                       const Preprocessor *pp) override {
    next.BeginSourceFile(opts, pp);
  }
  void EndSourceFile() override { next.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    next.HandleDiagnostic(level, info);
    if (info.getID() == diag::err_pp_file_not_found && !hint &&
        info.getNumArgs() > 0 &&
        info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
      hint = missingIncludeHint(info.getArgStdStr(0));
  }

  /// What to do about a missing library header (Thrust, CUB), if one was
  /// missing.
  std::optional<std::string> hint;

private:
  DiagnosticConsumer &next;
};

} // namespace

llvm::Expected<TranslationUnitInfo>
collectKernels(const tooling::CompilationDatabase &database, StringRef file,
               CudaCompileOptions options, DiagnosticConsumer *diagnostics) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem =
      createCudaFileSystem(options);
  if (std::optional<std::string> why = unreadableSource(*fileSystem, file))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), *why);
  options.side = CudaSide::Host;
  TranslationUnitInfo info;
  info.file = file.str();
  tooling::ClangTool tool(database, {file.str()},
                          std::make_shared<PCHContainerOperations>(),
                          fileSystem);
  tool.appendArgumentsAdjuster(getCudaArgumentsAdjuster(options));
  tool.setPrintErrorMessage(false);
  std::unique_ptr<DiagnosticConsumer> printer;
  std::string quietText;
  llvm::raw_string_ostream quietStream(quietText);
  if (!diagnostics) {
    auto *opts = new DiagnosticOptions();
    opts->ShowColors =
        !options.quiet && llvm::sys::Process::StandardErrHasColors();
    llvm::raw_ostream &out = options.quiet
                                 ? static_cast<llvm::raw_ostream &>(quietStream)
                                 : llvm::errs();
    printer = std::make_unique<TextDiagnosticPrinter>(out, opts);
    diagnostics = printer.get();
  }
  CountingConsumer counting(*diagnostics);
  tool.setDiagnosticConsumer(&counting);
  CollectActionFactory factory(info);
  int status = runWithPrelude(tool, factory, options.preludes.get());
  if (status != 0 || counting.getNumErrors() > 0) {
    unsigned errors = counting.getNumErrors();
    if (errors == 0)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "'%s' could not be compiled; check the flags after '--' or the "
          "compilation database",
          file.str().c_str());
    if (options.quiet) {
      StringRef first = firstErrorLine(quietText);
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(), "'%s' has %u compile error%s%s%s",
          file.str().c_str(), errors, errors == 1 ? "" : "s",
          first.empty() ? "" : ", the first: ", first.str().c_str());
    }
    if (counting.hint)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "'%s' has %u compile error%s (shown above): %s", file.str().c_str(),
          errors, errors == 1 ? "" : "s", counting.hint->c_str());
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'%s' has %u compile error%s (shown above); fix them or pass the "
        "flags it needs after '--' (e.g. -I, -D)",
        file.str().c_str(), errors, errors == 1 ? "" : "s");
  }
  return info;
}

} // namespace gpurd

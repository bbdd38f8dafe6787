//===- DeviceCompiler.cpp - The kernel's optimised device IR --------------===//

#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Access/ParamFields.h"

#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

namespace gpurd::access {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Runs EmitLLVMOnlyAction and keeps the module.
class EmitModuleAction : public clang::tooling::ToolAction {
public:
  explicit EmitModuleAction(llvm::LLVMContext &context) : context(context) {}

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> pch,
                     clang::DiagnosticConsumer *diagnostics) override {
    clang::CompilerInstance compiler(std::move(pch));
    compiler.setInvocation(std::move(invocation));
    compiler.setFileManager(files);
    compiler.createDiagnostics(diagnostics, /*ShouldOwnClient=*/false);
    if (!compiler.hasDiagnostics())
      return false;
    compiler.createSourceManager(*files);
    clang::EmitLLVMOnlyAction action(&context);
    bool ok = compiler.ExecuteAction(action);
    files->clearStatCache();
    errors = compiler.getDiagnostics().getClient()->getNumErrors();
    if (ok)
      module = action.takeModule();
    return ok && module;
  }

  llvm::LLVMContext &context;
  std::unique_ptr<llvm::Module> module;
  unsigned errors = 0;
};

std::unique_ptr<llvm::TargetMachine> nvptxTargetMachine(llvm::Module &module) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  std::string error;
  llvm::Triple triple(module.getTargetTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple.str(), error);
  if (!target)
    return nullptr;
  std::string cpu = "sm_80";
  if (llvm::Function *any = module.empty() ? nullptr : &*module.begin())
    if (any->hasFnAttribute("target-cpu"))
      cpu = any->getFnAttribute("target-cpu").getValueAsString().str();
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple.str(), cpu, "", llvm::TargetOptions(), std::nullopt));
}

void optimizeModule(llvm::Module &module, bool unroll) {
  std::unique_ptr<llvm::TargetMachine> machine = nvptxTargetMachine(module);
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = unroll;
  tuning.LoopInterleaving = unroll;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(machine.get(), tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  // What the NVPTX back end does to the IR before instruction selection
  // (NVPTXPassConfig::addIRPasses): adjacent loads and stores become one
  // vector access (a float4 load is one 16-byte ld.global.v4.f32 per
  // thread, not four 4-byte loads; nvcc does the same). The cache model
  // must see the accesses the compiled kernel performs.
  passes.addPass(
      llvm::createModuleToFunctionPassAdaptor(llvm::LoadStoreVectorizerPass()));
  passes.run(module, mam);
}

} // namespace

llvm::Expected<DeviceModule>
compileDeviceModule(const clang::tooling::CompilationDatabase &database,
                    llvm::StringRef file, const DeviceCompileOptions &options) {
  if (!llvm::sys::fs::exists(file))
    return makeError("no such file: '" + file + "'");
  // The NVPTX target must be registered before Clang builds its pipeline,
  // or the first compilation in a process gets generic target information
  // (and different IR: i64 instead of i32 induction variables).
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  CudaCompileOptions cuda = options.cuda;
  cuda.side = CudaSide::Device;
  DeviceModule result;
  result.context = std::make_unique<llvm::LLVMContext>();
  clang::tooling::ClangTool tool(
      database, {file.str()}, std::make_shared<clang::PCHContainerOperations>(),
      createCudaFileSystem());
  tool.clearArgumentsAdjusters();
  tool.appendArgumentsAdjuster(clang::tooling::getClangStripOutputAdjuster());
  tool.appendArgumentsAdjuster(
      clang::tooling::getClangStripDependencyFileAdjuster());
  tool.appendArgumentsAdjuster(getCudaArgumentsAdjuster(cuda));
  // Vectorisers are off: SLP turns chains of index comparisons into vector
  // compares that no affine analysis sees through, and nvcc does not
  // vectorise them either.
  std::vector<std::string> extra = {"-O3", "-gline-tables-only",
                                    "-gcolumn-info", "-fno-vectorize",
                                    "-fno-slp-vectorize"};
  if (!options.unroll)
    extra.push_back("-fno-unroll-loops");
  tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      extra, clang::tooling::ArgumentInsertPosition::BEGIN));
  tool.setPrintErrorMessage(false);
  auto *diagOptions = new clang::DiagnosticOptions();
  diagOptions->ShowColors = llvm::sys::Process::StandardErrHasColors();
  clang::TextDiagnosticPrinter printer(llvm::errs(), diagOptions);
  tool.setDiagnosticConsumer(&printer);
  EmitModuleAction action(*result.context);
  if (tool.run(&action) != 0 || !action.module)
    return makeError("the device side of '" + file +
                     "' could not be compiled (see the errors above)");
  result.module = std::move(action.module);
  return result;
}

llvm::Error specializeKernel(llvm::Module &module, llvm::Function &kernel,
                             const KernelSpecialization &values, bool unroll) {
  // Arguments first: they are per-kernel facts.
  for (auto &[index, value] : values.integerArgs) {
    if (index >= kernel.arg_size())
      continue;
    llvm::Argument *arg = kernel.getArg(index);
    if (auto *type = llvm::dyn_cast<llvm::IntegerType>(arg->getType()))
      arg->replaceAllUsesWith(llvm::ConstantInt::get(type, value, true));
  }
  for (auto &[index, value] : values.floatArgs) {
    if (index >= kernel.arg_size())
      continue;
    llvm::Argument *arg = kernel.getArg(index);
    if (arg->getType()->isFloatingPointTy())
      arg->replaceAllUsesWith(llvm::ConstantFP::get(arg->getType(), value));
  }
  // Members of struct parameters: their loads become the values.
  if (!values.integerFields.empty() || !values.floatFields.empty()) {
    std::vector<llvm::LoadInst *> loads;
    for (llvm::BasicBlock &block : kernel)
      for (llvm::Instruction &inst : block)
        if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst))
          if (paramFieldRead(load))
            loads.push_back(load);
    for (llvm::LoadInst *load : loads) {
      std::optional<ParamFieldRead> read = paramFieldRead(load);
      std::pair<unsigned, uint64_t> key{read->arg->getArgNo(), read->offset};
      llvm::Type *type = load->getType();
      if (auto *integer = llvm::dyn_cast<llvm::IntegerType>(type)) {
        auto it = values.integerFields.find(key);
        if (it != values.integerFields.end())
          load->replaceAllUsesWith(
              llvm::ConstantInt::get(integer, it->second, true));
      } else if (type->isFloatingPointTy()) {
        auto it = values.floatFields.find(key);
        if (it != values.floatFields.end())
          load->replaceAllUsesWith(llvm::ConstantFP::get(type, it->second));
      }
    }
  }
  // Special registers: blockDim and gridDim become constants, thread and
  // block indices get exact ranges.
  std::vector<llvm::CallInst *> calls;
  for (llvm::BasicBlock &block : kernel)
    for (llvm::Instruction &inst : block)
      if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst))
        if (call->getCalledFunction() &&
            call->getCalledFunction()->isIntrinsic())
          calls.push_back(call);
  for (llvm::CallInst *call : calls) {
    llvm::Intrinsic::ID id = call->getCalledFunction()->getIntrinsicID();
    auto component = [&](llvm::Intrinsic::ID x, llvm::Intrinsic::ID y,
                         llvm::Intrinsic::ID z) -> int {
      return id == x ? 0 : id == y ? 1 : id == z ? 2 : -1;
    };
    int ntid = component(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                         llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                         llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_z);
    int nctaid = component(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x,
                           llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
                           llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_z);
    int tid = component(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x,
                        llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y,
                        llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z);
    int ctaid = component(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                          llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                          llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z);
    auto *type = llvm::cast<llvm::IntegerType>(call->getType());
    auto replace = [&](uint64_t value) {
      call->replaceAllUsesWith(llvm::ConstantInt::get(type, value));
      call->eraseFromParent();
    };
    auto bound = [&](uint64_t upper) {
      // The result lies in [0, upper); `range` is what the optimiser reads.
      call->removeRetAttr(llvm::Attribute::Range);
      call->addRetAttr(llvm::Attribute::get(
          call->getContext(), llvm::Attribute::Range,
          llvm::ConstantRange(llvm::APInt(type->getBitWidth(), 0),
                              llvm::APInt(type->getBitWidth(), upper))));
    };
    if (ntid >= 0 && values.block)
      replace((*values.block)[ntid]);
    else if (nctaid >= 0 && values.grid)
      replace((*values.grid)[nctaid]);
    else if (tid >= 0 && values.block)
      bound((*values.block)[tid]);
    else if (ctaid >= 0 && values.grid)
      bound((*values.grid)[ctaid]);
  }
  optimizeModule(module, unroll);
  return llvm::Error::success();
}

} // namespace gpurd::access

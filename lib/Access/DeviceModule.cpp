//===- DeviceModule.cpp - Specialise and optimise a kernel's device IR ----===//
//
// The part of device compilation that works on LLVM IR alone: the O3
// pipeline gpurd runs (also after folding launch values into a kernel) and
// the folding itself. No Clang: the trace producers use it too.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/DeviceModule.h"
#include "gpurd/Access/HostDeviceDifferences.h"
#include "gpurd/Access/ParamFields.h"

#include "MemoryIntrinsics.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include <mutex>
#include <set>

namespace gpurd::access {

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

namespace {

/// The functions that take part in a cycle of the call graph (recursion).
std::set<const llvm::Function *> recursiveFunctions(llvm::Module &module) {
  std::set<const llvm::Function *> out;
  llvm::CallGraph graph(module);
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc)
    if (scc.hasCycle())
      for (const llvm::CallGraphNode *node : *scc)
        if (const llvm::Function *function = node->getFunction())
          out.insert(function);
  return out;
}

/// Adds to \p functions and \p variables what \p value refers to, through
/// constant expressions and aggregates (a table of function pointers).
void collectReferences(const llvm::Value *value,
                       std::set<const llvm::Function *> &functions,
                       std::set<const llvm::GlobalVariable *> &variables,
                       std::set<const llvm::Constant *> &seen) {
  if (auto *function = llvm::dyn_cast<llvm::Function>(value)) {
    functions.insert(function);
    return;
  }
  if (auto *variable = llvm::dyn_cast<llvm::GlobalVariable>(value)) {
    if (variables.insert(variable).second && variable->hasInitializer())
      collectReferences(variable->getInitializer(), functions, variables, seen);
    return;
  }
  // Numbers, null, undef and the like refer to nothing (most operands).
  auto *constant = llvm::dyn_cast<llvm::Constant>(value);
  if (!constant || llvm::isa<llvm::ConstantData>(constant) ||
      llvm::isa<llvm::GlobalValue>(constant) || !seen.insert(constant).second)
    return;
  for (const llvm::Value *operand : constant->operands())
    collectReferences(operand, functions, variables, seen);
}

/// The globals \p function's instructions refer to.
void collectReferences(const llvm::Function &function,
                       std::set<const llvm::Function *> &functions,
                       std::set<const llvm::GlobalVariable *> &variables) {
  std::set<const llvm::Constant *> seen;
  for (const llvm::Instruction &inst : llvm::instructions(function))
    for (const llvm::Value *operand : inst.operands())
      collectReferences(operand, functions, variables, seen);
}

/// Adds to \p types the function types of \p function's indirect calls.
void collectIndirectCallTypes(const llvm::Function &function,
                              std::set<const llvm::FunctionType *> &types) {
  for (const llvm::Instruction &inst : llvm::instructions(function))
    if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
      if (call->isIndirectCall())
        types.insert(call->getFunctionType());
}

/// A bound on the kernel's size while inlining: beyond it the remaining
/// calls stay calls (the access model reports them).
constexpr size_t MaxInlinedInstructions = 400000;

} // namespace

void disableAliasCheckVersioning() {
  static std::once_flag once;
  std::call_once(once, [] {
    // LoopLoadElimination's bound on run-time checks per forwarded load
    // (LLVM's default 1): 0 forwards only what needs no check.
    llvm::StringMap<llvm::cl::Option *> &options =
        llvm::cl::getRegisteredOptions();
    auto it = options.find("runtime-check-per-loop-load-elim");
    if (it != options.end())
      it->second->addOccurrence(0, it->first(), "0");
  });
}

unsigned inlineDeviceCalls(llvm::Module &module, llvm::Function &kernel) {
  std::set<const llvm::Function *> recursive = recursiveFunctions(module);
  unsigned inlined = 0;
  // The call graph without cycles is a DAG: each round inlines one more
  // level, and a round finds no call once the leaves are in.
  while (true) {
    std::vector<llvm::CallBase *> calls;
    for (llvm::Instruction &inst : llvm::instructions(kernel))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
        if (llvm::Function *callee = call->getCalledFunction();
            callee && !callee->isDeclaration() && !callee->isIntrinsic() &&
            !recursive.count(callee))
          calls.push_back(call);
    if (calls.empty() || kernel.getInstructionCount() > MaxInlinedInstructions)
      return inlined;
    for (llvm::CallBase *call : calls) {
      llvm::InlineFunctionInfo info;
      if (llvm::InlineFunction(*call, info).isSuccess())
        ++inlined;
    }
  }
}

bool mayBeCalledThrough(const llvm::Function &function,
                        const llvm::FunctionType &type) {
  return !function.isDeclaration() && function.getFunctionType() == &type &&
         function.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                                  /*IgnoreAssumeLikeCalls=*/true,
                                  /*IgnoreLLVMUsed=*/true);
}

std::unique_ptr<llvm::Module> cloneForKernel(const llvm::Module &module,
                                             const llvm::Function &kernel) {
  // The functions the kernel reaches, through calls and function pointers.
  std::set<const llvm::Function *> reached{&kernel};
  std::set<const llvm::GlobalVariable *> variables;
  std::vector<const llvm::Function *> work{&kernel};
  std::set<const llvm::FunctionType *> indirectTypes;
  while (!work.empty()) {
    while (!work.empty()) {
      const llvm::Function *function = work.back();
      work.pop_back();
      // A variable's initializer (a table of function pointers) is walked
      // when the variable is first found.
      std::set<const llvm::Function *> callees;
      collectReferences(*function, callees, variables);
      for (const llvm::Function *callee : callees)
        if (reached.insert(callee).second)
          work.push_back(callee);
      collectIndirectCallTypes(*function, indirectTypes);
    }
    // What an indirect call may reach beyond the addresses the kernel
    // takes: the functions of its type whose address other code takes (a
    // table the host fills with them, FunctionPointers' pComputeSobel).
    for (const llvm::Function &function : module)
      if (indirectTypes.count(function.getFunctionType()) &&
          mayBeCalledThrough(function, *function.getFunctionType()) &&
          reached.insert(&function).second)
        work.push_back(&function);
  }
  // The globals the other functions refer to: what they may store there
  // is not known to the clone, so none of them keeps its initial value
  // for the optimiser (Clang marks only non-static __device__ variables
  // externally initialised).
  std::set<const llvm::Function *> unusedCallees;
  std::set<const llvm::GlobalVariable *> writtenElsewhere;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration() && !reached.count(&function))
      collectReferences(function, unusedCallees, writtenElsewhere);
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> clone =
      llvm::CloneModule(module, map, [&](const llvm::GlobalValue *value) {
        auto *function = llvm::dyn_cast<llvm::Function>(value);
        return !function || reached.count(function);
      });
  for (const llvm::GlobalVariable *variable : writtenElsewhere)
    if (!variable->isConstant())
      if (auto *copy = llvm::dyn_cast_or_null<llvm::GlobalVariable>(
              map.lookup(variable)))
        copy->setExternallyInitialized(true);
  return clone;
}

void optimizeDeviceModule(llvm::Module &module, bool unroll) {
  disableAliasCheckVersioning();
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
  // What NVPTX's back end does to memcpy, memmove and memset
  // (MemoryIntrinsics.h): a struct copy's global read is a load.
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      lowerMemoryIntrinsics(
          function, machine
                        ? machine->getTargetTransformInfo(function)
                        : llvm::TargetTransformInfo(module.getDataLayout()));
}

llvm::Error specializeKernel(llvm::Module &module, llvm::Function &kernel,
                             const KernelSpecialization &values, bool unroll) {
  // Device functions become part of the kernel, as nvcc inlines them: the
  // access model and the emulator see every operation in one function.
  inlineDeviceCalls(module, kernel);
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
  optimizeDeviceModule(module, unroll);
  return llvm::Error::success();
}

} // namespace gpurd::access

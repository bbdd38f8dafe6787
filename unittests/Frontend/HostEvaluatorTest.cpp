//===- HostEvaluatorTest.cpp - Launch values known at compile time --------===//

#include "ParseHelper.h"

using namespace gpurd;
using gpurd::test::parseSnippet;

namespace {

const char *const KernelDecl =
    "__global__ void k(float *a, int n, float f) { a[threadIdx.x] = n * f; }\n";

/// Parses \p body (the inside of a host function `void host(int param)`),
/// which must launch `k` once, and returns that launch.
LaunchSite launchOf(const std::string &body, const std::string &prefix = "") {
  std::string code = std::string(KernelDecl) + prefix +
                     "void host(int param) {\n  float *d = 0;\n" + body +
                     "\n}\n";
  auto unit = parseSnippet(code);
  EXPECT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  if (!unit || unit->launches.size() != 1) {
    ADD_FAILURE() << "expected exactly one launch in:\n" << code;
    return {};
  }
  return unit->launches.front();
}

std::vector<std::string> dims(const Dim3Value &dim) {
  std::vector<std::string> out;
  for (const EvaluatedValue &v : dim.components)
    out.push_back(v.str());
  return out;
}

using Dims = std::vector<std::string>;

TEST(HostEvaluator, DefinesConstantsAndDim3Members) {
  LaunchSite launch = launchOf("  dim3 block(16, 8);\n"
                               "  dim3 grid((N + block.x - 1) / block.x, M);\n"
                               "  k<<<grid, block>>>(d, N, 0.5f);",
                               "#define N 1000\nconst int M = 3;\n");
  EXPECT_EQ(dims(launch.grid), (Dims{"63", "3", "1"}));
  EXPECT_EQ(dims(launch.block), (Dims{"16", "8", "1"}));
  ASSERT_EQ(launch.args.size(), 3u);
  EXPECT_EQ(launch.args[1].value.str(), "1000");
  EXPECT_EQ(launch.args[2].value.str(), "0.5");
  EXPECT_FALSE(launch.args[0].value.isKnown()); // a pointer
}

TEST(HostEvaluator, PolybenchCeilOfFloatDivision) {
  LaunchSite launch =
      launchOf("  dim3 block(32, 8);\n"
               "  dim3 grid((size_t)ceil(((float)NI) / ((float)block.x)),"
               " (size_t)ceil(((float)NJ) / ((float)block.y)));\n"
               "  k<<<grid, block>>>(d, NI, 1);",
               "#define NI 500\n#define NJ 100\n");
  EXPECT_EQ(dims(launch.grid), (Dims{"16", "13", "1"}));
}

TEST(HostEvaluator, HelperFunctionWithOneReturn) {
  LaunchSite launch =
      launchOf("  int n = 1000;\n  k<<<iDivUp(n, 128), 128>>>(d, n, 0);",
               "int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : "
               "(a / b); }\n");
  EXPECT_EQ(dims(launch.grid), (Dims{"8", "1", "1"}));
  EXPECT_EQ(dims(launch.block), (Dims{"128", "1", "1"}));
  EXPECT_EQ(launch.args[1].value.str(), "1000");
}

TEST(HostEvaluator, MemberAssignmentsAndCompoundUpdates) {
  LaunchSite launch = launchOf("  dim3 grid;\n  grid.x = 4;\n  grid.y = 2;\n"
                               "  grid.x *= 3;\n  int n = 10;\n  n++;\n"
                               "  k<<<grid, 64>>>(d, n, 0);");
  EXPECT_EQ(dims(launch.grid), (Dims{"12", "2", "1"}));
  EXPECT_EQ(launch.args[1].value.str(), "11");
}

TEST(HostEvaluator, SizeofInDynamicSharedMemory) {
  LaunchSite launch =
      launchOf("  k<<<1, 256, 256 * sizeof(double)>>>(d, 1, 0);");
  EXPECT_EQ(launch.dynamicSharedBytes.str(), "2048");
}

TEST(HostEvaluator, UnsignedArithmeticWraps) {
  LaunchSite launch = launchOf("  unsigned u = 0;\n  u = u - 1;\n"
                               "  k<<<1, 1>>>(d, (int)(u >> 28), 0);");
  EXPECT_EQ(launch.args[1].value.str(), "15");
}

TEST(HostEvaluator, ParameterIsUnknownWithReason) {
  LaunchSite launch = launchOf("  k<<<param / 32, 32>>>(d, param, 0);");
  EXPECT_FALSE(launch.grid.components[0].isKnown());
  EXPECT_EQ(launch.grid.components[0].unknownReason,
            "'param' is a parameter of 'host', which is not called in this "
            "file");
  EXPECT_EQ(launch.grid.text, "param / 32");
  EXPECT_EQ(dims(launch.block), (Dims{"32", "1", "1"}));
}

TEST(HostEvaluator, ConditionalAssignmentGivesVariants) {
  auto unit = parseSnippet(std::string(KernelDecl) +
                           "void host(float *d, int param) {\n"
                           "  int n = 64;\n  if (param > 2)\n    n = 128;\n"
                           "  k<<<n, 32>>>(d, n, 0);\n}\n");
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->launches.size(), 2u);
  EXPECT_EQ(unit->launches[0].grid.components[0].str(), "64");
  EXPECT_EQ(unit->launches[1].grid.components[0].str(), "128");
  EXPECT_EQ(unit->launches[0].variant.assumptions,
            (std::vector<std::string>{
                "'n' = 64 as assigned at line 3 (1 of 2 values that may "
                "reach it: it is assigned under a condition at line 5)"}));
}

TEST(HostEvaluator, ConditionalAssignmentsOfUnknownValuesAreUnknown) {
  LaunchSite launch = launchOf("  int n;\n  if (param > 2)\n    n = param;\n"
                               "  k<<<n, 32>>>(d, n, 0);");
  EXPECT_FALSE(launch.grid.components[0].isKnown());
  EXPECT_EQ(launch.grid.components[0].unknownReason,
            "'n' is assigned under a condition at line 6");
}

TEST(HostEvaluator, AnUnknownConditionalValueIsLeftOut) {
  LaunchSite launch = launchOf("  int n = 64;\n  if (param > 2)\n"
                               "    n = param;\n  k<<<n, 32>>>(d, n, 0);");
  EXPECT_EQ(launch.grid.components[0].str(), "64");
  EXPECT_EQ(launch.variant.count, 1u);
  EXPECT_EQ(launch.variant.assumptions,
            (std::vector<std::string>{
                "'n' = 64 as assigned at line 4 (it is assigned under a "
                "condition at line 6; the value as assigned at line 6 is "
                "not known)"}));
}

TEST(HostEvaluator, AssignmentInTheSameArmIsKnown) {
  LaunchSite launch =
      launchOf("  int n = 64;\n  if (param > 2) {\n    n = 128;\n"
               "    k<<<n, 32>>>(d, n, 0);\n  } else {\n"
               "    n = 256;\n  }");
  EXPECT_EQ(launch.grid.components[0].str(), "128");
}

TEST(HostEvaluator, LoopVariableValuesAreVariants) {
  // s = 1, 2, 4, 8, 16, 32, 64 (128 fails s < 100): seven variants.
  std::string code = std::string(KernelDecl) +
                     "void host(float *d) {\n"
                     "  for (int s = 1; s < 100; s *= 2)\n"
                     "    k<<<s, 32>>>(d, s, 0);\n}\n";
  auto unit = parseSnippet(code);
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->launches.size(), 7u);
  std::vector<std::string> grids;
  for (const LaunchSite &launch : unit->launches)
    grids.push_back(launch.grid.components[0].str());
  EXPECT_EQ(grids,
            (std::vector<std::string>{"1", "2", "4", "8", "16", "32", "64"}));
  EXPECT_EQ(unit->launches[6].variant.index, 7u);
  EXPECT_EQ(unit->launches[6].variant.assumptions,
            (std::vector<std::string>{
                "'s' = 64 in iteration 7 of 7 of the loop at line 3"}));
}

TEST(HostEvaluator, LoopVariableChangedInTheBodyIsUnknown) {
  std::string code = std::string(KernelDecl) +
                     "void host(float *d) {\n"
                     "  for (int s = 1; s < 100; s *= 2) {\n"
                     "    k<<<s, 32>>>(d, s, 0);\n    s += 1;\n  }\n}\n";
  auto unit = parseSnippet(code);
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->launches.size(), 1u);
  EXPECT_EQ(unit->launches[0].grid.components[0].unknownReason,
            "'s' changes in a loop around the launch");
}

TEST(HostEvaluator, UpdateAfterTheLaunchInALoopIsUnknown) {
  std::string code = std::string(KernelDecl) +
                     "void host(float *d) {\n  int n = 4;\n"
                     "  for (int r = 0; r < 3; ++r) {\n"
                     "    k<<<n, 32>>>(d, n, 0);\n    n *= 2;\n  }\n}\n";
  auto unit = parseSnippet(code);
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->launches.size(), 1u);
  EXPECT_EQ(unit->launches[0].grid.components[0].unknownReason,
            "'n' changes in a loop around the launch");
}

TEST(HostEvaluator, VariableDeclaredInTheLoopBodyIsFreshEachIteration) {
  std::string code = std::string(KernelDecl) +
                     "void host(float *d) {\n"
                     "  for (int r = 0; r < 3; ++r) {\n    int n = 4;\n"
                     "    n += 4;\n    k<<<n, 32>>>(d, n, 0);\n  }\n}\n";
  auto unit = parseSnippet(code);
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  EXPECT_EQ(unit->launches.at(0).grid.components[0].str(), "8");
}

TEST(HostEvaluator, ReferencesAndLambdaCapturesEscape) {
  LaunchSite viaReference = launchOf(
      "  int n = 4;\n  int &r = n;\n  r = 8;\n  k<<<n, 32>>>(d, n, 0);");
  EXPECT_EQ(viaReference.grid.components[0].unknownReason,
            "'n' may be changed through a reference or its address");
  LaunchSite viaLambda = launchOf(
      "  int m = 4;\n  auto bump = [&] { m = 16; };\n  k<<<m, 32>>>(d, m, 0);");
  EXPECT_EQ(viaLambda.grid.components[0].unknownReason,
            "'m' may be changed through a reference or its address");
}

TEST(HostEvaluator, UndefinedBehaviourIsNotFolded) {
  LaunchSite shift = launchOf("  k<<<1, 1 << 40>>>(d, (int)1e30, 0);");
  EXPECT_FALSE(shift.block.components[0].isKnown());
  EXPECT_FALSE(shift.args[1].value.isKnown());
}

TEST(HostEvaluator, EscapingAddressIsUnknown) {
  LaunchSite launch = launchOf("  int n = 64;\n  int *p = &n;\n  *p = 3;\n"
                               "  k<<<n, 32>>>(d, n, 0);");
  EXPECT_EQ(launch.grid.components[0].unknownReason,
            "'n' may be changed through a reference or its address");
}

TEST(HostEvaluator, MutableGlobalIsUnknown) {
  LaunchSite launch =
      launchOf("  k<<<size, 32>>>(d, size, 0);", "int size = 4;\n");
  EXPECT_EQ(launch.grid.components[0].unknownReason,
            "'size' is a global variable that may change at run time");
}

TEST(HostEvaluator, ConstexprFunctionsAndEnums) {
  LaunchSite launch = launchOf(
      "  k<<<blocks(1 << 20), Threads>>>(d, Threads * 2, 0);",
      "enum { Threads = 256 };\n"
      "constexpr int blocks(int n) { int b = 0; while (n > 0) { n -= 4096; "
      "++b; } return b; }\n");
  EXPECT_EQ(dims(launch.grid), (Dims{"256", "1", "1"}));
  EXPECT_EQ(launch.args[1].value.str(), "512");
}

TEST(HostEvaluator, TemplateKernelInstanceAndLaunch) {
  auto unit = parseSnippet(
      "namespace ns {\ntemplate <int B> __global__ void tk(float *a) { "
      "__shared__ float s[B]; s[threadIdx.x] = 0; a[0] = s[1]; }\n}\n"
      "void host(float *d) { ns::tk<64><<<2, 64>>>(d); }\n");
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  ASSERT_EQ(unit->kernels.size(), 1u);
  EXPECT_EQ(unit->kernels[0].name, "ns::tk<64>");
  EXPECT_TRUE(unit->kernels[0].isTemplateInstance);
  EXPECT_EQ(unit->kernels[0].staticSharedBytes, 256u);
  ASSERT_EQ(unit->launches.size(), 1u);
  EXPECT_EQ(unit->launches[0].kernel, "ns::tk<64>");
}

TEST(HostEvaluator, CompileErrorsAreReported) {
  auto unit =
      parseSnippet("__global__ void k(float *a) { a[0] = undeclared; }\n");
  ASSERT_FALSE(static_cast<bool>(unit));
  std::string message = llvm::toString(unit.takeError());
  EXPECT_NE(message.find("1 compile error"), std::string::npos) << message;
}

} // namespace

// Members of a struct passed by value: the last certain write to each, or
// the initializer of the whole structure; a write under a branch is not
// certain, and a structure that is a parameter of the host function is
// unknown there.
TEST(HostEvaluator, StructArgumentMembers) {
  auto unit = parseSnippet(
      "struct P { int n; float f; int *data; };\n"
      "__global__ void s(P p) { p.data[threadIdx.x] = p.n; }\n"
      "void assigned(int *d) { P p; p.data = d; p.n = 1 << 10; p.f = 2;\n"
      "  p.n += 6; s<<<1, 32>>>(p); }\n"
      "void initialized(int *d) { P p = {7, 0.5f, d}; s<<<1, 32>>>(p); }\n"
      "void branched(int *d, bool b) { P p = {7, 0.5f, d};\n"
      "  if (b) p.n = 8; s<<<1, 32>>>(p); }\n"
      "void passed(P p) { s<<<1, 32>>>(p); }\n");
  ASSERT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  // branched has two variants: p.n is 7 or, when b holds, 8.
  ASSERT_EQ(unit->launches.size(), 5u);
  auto member = [&](unsigned launch,
                    const std::string &name) -> const EvaluatedValue * {
    for (const LaunchArgument &arg : unit->launches[launch].args)
      if (arg.param == name)
        return &arg.value;
    return nullptr;
  };
  // Pointer members are not listed: only scalars take values.
  EXPECT_EQ(member(0, "p.data"), nullptr);
  ASSERT_NE(member(0, "p.n"), nullptr);
  EXPECT_EQ(member(0, "p.n")->str(), "1030");
  EXPECT_EQ(member(0, "p.f")->str(), "2");
  EXPECT_EQ(member(1, "p.n")->str(), "7");
  EXPECT_EQ(member(1, "p.f")->str(), "0.5");
  EXPECT_EQ(member(2, "p.n")->str(), "7");
  EXPECT_EQ(member(3, "p.n")->str(), "8");
  EXPECT_EQ(member(2, "p.f")->str(), "0.5");
  EXPECT_EQ(member(3, "p.f")->str(), "0.5");
  EXPECT_FALSE(member(4, "p.n")->isKnown());
  EXPECT_EQ(member(4, "p.n")->unknownReason,
            "'p.n' is a parameter of 'passed', which is not called in this "
            "file");
}

// Values print as the shortest text that reads back the same: as a float
// when the value is one.
TEST(HostEvaluator, ShortestValueText) {
  auto text = [](double d) {
    EvaluatedValue v;
    v.value = d;
    return v.str();
  };
  EXPECT_EQ(text(double(1e-3f)), "0.001"); // the float 1e-3f
  EXPECT_EQ(text(0.999f), "0.999");
  EXPECT_EQ(text(0.1), "0.1"); // a double
  EXPECT_EQ(text(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(text(3.0), "3");
  EXPECT_EQ(text(-2.5), "-2.5");
}

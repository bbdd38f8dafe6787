//===- UserInputTest.cpp - References to user inputs in messages ----------===//

#include "gpurd/Support/UserInput.h"

#include <gtest/gtest.h>

using namespace gpurd;

namespace {

TEST(UserInput, ReferencesRoundTripThroughTheirNames) {
  for (UserInput input :
       {UserInput::Grid, UserInput::Block, UserInput::DynamicShared,
        UserInput::Argument, UserInput::LaunchSpec, UserInput::Launch,
        UserInput::Buffer, UserInput::ArchSetting, UserInput::TraceSource,
        UserInput::Sms, UserInput::EmitTrace, UserInput::IslMaxOperations})
    EXPECT_EQ(userInputNamed(userInputName(input)), input);
  EXPECT_EQ(userInputNamed("gird"), std::nullopt);
}

TEST(UserInput, FrontEndsSpellEachReference) {
  std::string message = "give it with " +
                        userInput(UserInput::Grid, "X[,Y[,Z]]") + " or in a " +
                        userInput(UserInput::LaunchSpec) + " file";
  auto flags = [](UserInput input, llvm::StringRef value) {
    std::string out = std::string("--") + userInputName(input);
    return value.empty() ? out : out + " " + value.str();
  };
  EXPECT_EQ(spellUserInputs(message, flags),
            "give it with --grid X[,Y[,Z]] or in a --launch-spec file");
  EXPECT_EQ(spellUserInputsNeutrally(message),
            "give it with grid X[,Y[,Z]] or in a launch-spec file");
  auto inputs = userInputsIn(message);
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].first, UserInput::Grid);
  EXPECT_EQ(inputs[0].second, "X[,Y[,Z]]");
  EXPECT_EQ(inputs[1].first, UserInput::LaunchSpec);
  EXPECT_EQ(inputs[1].second, "");
}

TEST(UserInput, TextWithoutReferencesIsLeftAlone) {
  auto never = [](UserInput, llvm::StringRef) -> std::string {
    ADD_FAILURE() << "no reference to spell";
    return "";
  };
  for (const char *text :
       {"", "plain", "a {{brace}} and {{input:", "}}", "{{input:nonsense x}}"})
    EXPECT_EQ(spellUserInputs(text, never), text);
}

} // namespace

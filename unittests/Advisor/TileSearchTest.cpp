//===- TileSearchTest.cpp - --tune specs and automatic axes ---------------===//

#include "gpurd/Advisor/TileSearch.h"

#include "gtest/gtest.h"

using namespace gpurd;
using namespace gpurd::advisor;

namespace {

TEST(TileSearchTest, ParsesTunablesBlocksAndAuto) {
  auto request =
      parseTuneSpecs({"TILE=8, 16,0x20", "block=32x8,256,4x4x4", "auto"});
  ASSERT_TRUE(static_cast<bool>(request)) << toString(request.takeError());
  EXPECT_TRUE(request->automatic);
  ASSERT_EQ(request->axes.size(), 2u);
  EXPECT_EQ(request->axes[0].name, "TILE");
  EXPECT_EQ(request->axes[0].kind, TuneAxis::Kind::Tunable);
  EXPECT_EQ(request->axes[0].values,
            (std::vector<std::string>{"8", "16", "32"}));
  EXPECT_EQ(request->axes[1].kind, TuneAxis::Kind::Block);
  // Shapes are normalised: a trailing 1 is left out.
  EXPECT_EQ(request->axes[1].values,
            (std::vector<std::string>{"32x8", "256", "4x4x4"}));
}

TEST(TileSearchTest, RejectsMalformedSpecs) {
  for (const char *spec :
       {"TILE", "TILE=", "=8", "TILE=0", "TILE=-4", "TILE=8,x", "block=8y8",
        "block=1x2x3x4", "block=0x4"}) {
    auto request = parseTuneSpecs({spec});
    EXPECT_FALSE(static_cast<bool>(request)) << spec;
    if (!request)
      consumeError(request.takeError());
  }
  auto twice = parseTuneSpecs({"TILE=8", "TILE=16"});
  ASSERT_FALSE(static_cast<bool>(twice));
  EXPECT_NE(toString(twice.takeError()).find("given twice"), std::string::npos);
}

/// A file with tunables TILE (sizes the kernel's shared array and gives
/// its block), N (the problem size, in the grid only), PAD (a shared size
/// the launch does not follow) and BLOCK (another kernel's block).
TranslationUnitInfo unitWithTunables() {
  TranslationUnitInfo unit;
  unit.file = "k.cu";
  for (auto [name, value] : {std::pair<const char *, int64_t>{"TILE", 16},
                             {"N", 1024},
                             {"PAD", 1},
                             {"BLOCK", 256}}) {
    Tunable tunable;
    tunable.name = name;
    tunable.value = value;
    unit.tunables.push_back(tunable);
  }
  KernelInfo kernel;
  kernel.name = "mm";
  SharedArrayDecl tile;
  tile.name = "As";
  tile.sizeNames = {"PAD", "TILE"};
  kernel.sharedArrays.push_back(tile);
  unit.kernels.push_back(kernel);
  LaunchSite site;
  site.kernel = "mm";
  site.names.grid = {"N", "TILE", "grid"};
  site.names.block = {"TILE", "block"};
  unit.launches.push_back(site);
  return unit;
}

TEST(TileSearchTest, AutoTunesWhatShapesTheLaunch) {
  TranslationUnitInfo unit = unitWithTunables();
  LaunchConfig launch;
  launch.block = {16, 16, 1};
  std::vector<TuneAxis> axes =
      automaticAxes(unit, unit.kernels[0], launch, /*withBlock=*/true);
  // TILE only: N sizes no shared array and gives no block, PAD is not in
  // the launch, BLOCK is not this kernel's; TILE gives the block, so the
  // block is not searched on its own.
  ASSERT_EQ(axes.size(), 1u);
  EXPECT_EQ(axes[0].name, "TILE");
  EXPECT_EQ(axes[0].values, (std::vector<std::string>{"8", "16", "32"}));
}

TEST(TileSearchTest, AutoTunesTheBlockWhenNoTunableGivesIt) {
  TranslationUnitInfo unit = unitWithTunables();
  unit.launches[0].names.block = {"block"};
  unit.kernels[0].sharedArrays.clear();
  LaunchConfig launch;
  launch.block = {128, 2, 1};
  std::vector<TuneAxis> axes =
      automaticAxes(unit, unit.kernels[0], launch, /*withBlock=*/true);
  ASSERT_EQ(axes.size(), 1u);
  EXPECT_EQ(axes[0].kind, TuneAxis::Kind::Block);
  EXPECT_EQ(axes[0].values,
            (std::vector<std::string>{"64x2", "128x2", "256x2"}));
  EXPECT_TRUE(automaticAxes(unit, unit.kernels[0], launch,
                            /*withBlock=*/false)
                  .empty());
}

} // namespace

// Rows bound to their fields (engine/params/param.h's Bound), on the semi-adjusting BSP's table
// (engine/broadphase/sabsp/bsp_param_table.h): the engine's default is the row's, both profiles lie
// inside every row's range, a settings text round-trips every field in which the thesis's profile
// and ours differ (BspParams's operator== compares every field, so a field missing from the
// table shows), the keys and flags are unique, BspParams::Clamp enforces the rows' ranges, and a
// --bsp-* flag reaches the field through the same loader as the settings file.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/params/param_cli.h"
#include "engine/params/param_rows.h"
#include "tests/params/cli_parse.h"

namespace partlab {
namespace {

namespace t = bsp_params;

template <typename Row>
constexpr bool kNumeric = std::is_same_v<Row, Param<int>> || std::is_same_v<Row, Param<float>>;

TEST(BoundRows, BothProfilesLieInsideEveryRange) {
  for (const BspParams& p : {BspParams::Thesis(), BspParams::Ours()}) {
    t::ForEachRow([&](const auto& row) {
      using Row = std::remove_cv_t<std::remove_reference_t<decltype(row)>>;
      if constexpr (kNumeric<typename Row::Base>) {
        const auto v = p.*row.field;
        EXPECT_LE(row.range.lo, v) << row.key;
        EXPECT_LE(v, row.range.hi) << row.key;
      }
    });
  }
}

TEST(BoundRows, KeysAndFlagsAreUnique) {
  std::set<std::string> keys, flags;
  int rows = 0;
  t::ForEachRow([&](const auto& row) {
    ++rows;
    EXPECT_TRUE(keys.insert(row.key).second) << row.key;
    EXPECT_TRUE(flags.insert(FlagOf(row.flag, row.key)).second) << row.key;
  });
  EXPECT_EQ(rows, int(keys.size()));
  EXPECT_EQ(FlagOf(t::kSplitFixed.flag, t::kSplitFixed.key), "--bsp-split-threshold");
}

// Saving the thesis's profile and loading it over ours must give the thesis's profile back: every
// field the two profiles set differently has its row.
TEST(BoundRows, SavedTextRestoresEveryFieldTheProfilesSet) {
  ParamTexts text;
  const BspParams thesis = BspParams::Thesis();
  t::ForEachRow([&](const auto& row) { SaveRow(text, row, thesis); });
  BspParams loaded = BspParams::Ours();
  ASSERT_NE(loaded, thesis);
  std::string notes;
  t::ForEachRow([&](const auto& row) { LoadRow(text, row, loaded, notes); });
  EXPECT_EQ(notes, "");
  EXPECT_EQ(loaded, thesis);
  EXPECT_EQ(text.Get("sim.bsp.cut_rule", ""), "redundancy_first");
}

// The clamp is the rows' range: what the panel allows is what the engine keeps.
TEST(BoundRows, ClampUsesTheRowsRanges) {
  BspParams p;
  p.split_threshold = 5000;
  p.unbalance_limit = 3.0f;
  p.verify_interval = 0;
  p.predictive_steps = std::numeric_limits<float>::quiet_NaN();
  const std::string note = p.Clamp();
  EXPECT_EQ(p.split_threshold, t::kSplitFixed.range.hi);
  EXPECT_FLOAT_EQ(p.unbalance_limit, t::kUnbalanceLimit.range.hi);
  EXPECT_EQ(p.verify_interval, t::kVerifyInterval.range.lo);
  EXPECT_EQ(p.predictive_steps, BspParams{}.predictive_steps);
  EXPECT_NE(note.find("sim.bsp.split_threshold 5000 clamped to 1024"), std::string::npos) << note;
  EXPECT_NE(note.find("sim.bsp.predictive_steps nan is not a finite number"), std::string::npos)
      << note;
  BspParams again = p;
  EXPECT_EQ(again.Clamp(), "");  // a fixed point
  EXPECT_EQ(again, p);
}

TEST(BoundRows, FlagsReachTheFieldsThroughTheLoader) {
  CLI::App app;
  ParamTexts given;
  std::vector<std::string> notes;
  t::ForEachRow([&](const auto& row) { AddRowFlag(app, row, given, notes, "partlab: "); });
  EXPECT_EQ(Parse(app, {"--bsp-split-threshold", "5000", "--bsp-adaptive", "0", "--bsp-cut-rule",
                        "redundancy_first", "--bsp-fat-margin", "0.1"}),
            "");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "partlab: --bsp-split-threshold 5000 clamped to 1024 (" +
                          std::string(t::kSplitFixed.range.why_hi) + ")");
  BspParams p;
  std::string load_notes;
  t::ForEachRow([&](const auto& row) { LoadRow(given, row, p, load_notes); });
  EXPECT_EQ(load_notes, "");
  EXPECT_EQ(p.split_threshold, 1024);
  EXPECT_FALSE(p.adaptive_split_threshold);
  EXPECT_EQ(p.cut_rule, CutRule::kRedundancyFirst);
  EXPECT_FLOAT_EQ(p.fat_margin, 0.1f);
  EXPECT_EQ(p.queue_size, BspParams{}.queue_size);  // no flag: untouched

  CLI::App bad;
  ParamTexts ignored;
  t::ForEachRow([&](const auto& row) { AddRowFlag(bad, row, ignored, notes); });
  EXPECT_EQ(Parse(bad, {"--bsp-adaptive", "yes"}), "--bsp-adaptive expects 1 or 0, got 'yes'");
  CLI::App bad2;
  t::ForEachRow([&](const auto& row) { AddRowFlag(bad2, row, ignored, notes); });
  EXPECT_EQ(Parse(bad2, {"--bsp-queue-size", "many"}),
            "--bsp-queue-size expects 4..256, got 'many'");
}

}  // namespace
}  // namespace partlab

// The sentences the engine words itself (engine/text/translatable.h) read in the user's language
// once the app has chosen it: a clamp note with its range's reason, a parse error's problem after
// the untouched "FILE:LINE: ", the semi-adjusting BSP's reasons (kept in English too, for the
// lessons' op-logged checks). The expected Portuguese is read from po/pt_BR.po, not from the code
// under test, and the compiled catalogue is the one the app reads.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "app/i18n/translate.h"
#include "engine/ai/predator_script.h"
#include "engine/broadphase/sabsp/op_reason.h"
#include "engine/octree/octree_param_table.h"
#include "engine/params/clamped_value.h"
#include "engine/plugins/broad_phase_plugin.h"
#include "engine/visibility/level_parser.h"
#include "tests/app/po_entry.h"

namespace partlab {
namespace {

std::string Printf(const std::string& format, auto... args) {
  char text[512];
  std::snprintf(text, sizeof text, format.c_str(), args...);
  return text;
}

class EngineTextTest : public ::testing::Test {
 protected:
  void SetUp() override { setenv("PARTLAB_LOCALE_DIR", PARTLAB_BINARY_DIR "/share/locale", 1); }
  void TearDown() override { UseLanguage(Language::kEnglish); }
};

TEST_F(EngineTextTest, AClampNoteAndItsReasonReadInTheChosenLanguage) {
  const auto& row = octree_params::kMaxDepth;  // 1..12, "the octree view's maximum"
  const std::string format = test::PortugueseFromPoFile("%s %s clamped to %s (%s)");
  const std::string why = test::PortugueseFromPoFile("the octree view's maximum");
  ASSERT_FALSE(format.empty());
  ASSERT_FALSE(why.empty());
  UseLanguage(Language::kPortugueseBrazil);
  int depth = 32;
  EXPECT_EQ(ClampWithNote(depth, row.range, "--octree-depth"),
            Printf(format, "--octree-depth", "32", "12", why.c_str()));
  EXPECT_EQ(depth, 12);
  UseLanguage(Language::kEnglish);
  depth = 32;
  EXPECT_EQ(ClampWithNote(depth, row.range, "--octree-depth"),
            "--octree-depth 32 clamped to 12 (the octree view's maximum)");
}

TEST_F(EngineTextTest, EveryRangeReasonOfATableHasItsTranslation) {
  // The reason shown is the catalogue's, not the English left in place.
  UseLanguage(Language::kPortugueseBrazil);
  const auto& range = octree_params::kMaxDepth.range;
  for (const char* why : {range.why_lo, range.why_hi}) {
    EXPECT_EQ(LookUpText(why), test::PortugueseFromPoFile(why)) << why;
    EXPECT_STRNE(LookUpText(why), why);
  }
}

TEST_F(EngineTextTest, AParseErrorKeepsTheFileNameAndTranslatesTheProblem) {
  const std::string problem = test::PortugueseFromPoFile("unknown word '%s' (level, cell, portal)");
  ASSERT_FALSE(problem.empty());
  UseLanguage(Language::kPortugueseBrazil);
  const LevelLoad load = ParseLevel("level test\nstair a b\n", "mine.level");
  ASSERT_EQ(load.errors.size(), 1u);
  EXPECT_EQ(load.errors[0], "mine.level:2: " + Printf(problem, "stair"));
  UseLanguage(Language::kEnglish);
  EXPECT_EQ(ParseLevel("level test\nstair a b\n", "mine.level").errors.at(0),
            "mine.level:2: unknown word 'stair' (level, cell, portal)");
}

TEST_F(EngineTextTest, AnOperationsReasonIsKeptInEnglishAndShownTranslated) {
  const std::string balance = test::PortugueseFromPoFile("balance: %s");
  const std::string unbalanced = test::PortugueseFromPoFile("unbalanced: %.2f < %.2f (%u | %u)");
  ASSERT_FALSE(unbalanced.empty());
  UseLanguage(Language::kPortugueseBrazil);
  const OpText why = FormatReason(N_("unbalanced: %.2f < %.2f (%u | %u)"), 0.25, 0.5, 1u, 4u);
  const OpText reason = FormatReason(N_("balance: %s"), why);          // a reason inside a reason
  EXPECT_EQ(reason.text, "balance: unbalanced: 0.25 < 0.50 (1 | 4)");  // what lessons match
  EXPECT_EQ(reason.shown, Printf(balance, Printf(unbalanced, 0.25, 0.5, 1u, 4u).c_str()));
  EXPECT_NE(reason.shown, reason.text);
}

TEST_F(EngineTextTest, APluginLoadErrorReadsInTheChosenLanguage) {
  // The table the loader checks before it keeps a plugin (LoadBroadPhasePlugin), missing a
  // required function: the function's name is the C ABI's and stays.
  partlab_broad_phase_plugin table{};
  table.abi_version = PARTLAB_PLUGIN_ABI_VERSION;
  table.struct_size = sizeof table;
  table.name = "half_done";
  const std::string format =
      test::PortugueseFromPoFile("plugin '%s': required function '%s' is null");
  ASSERT_FALSE(format.empty());
  UseLanguage(Language::kPortugueseBrazil);
  EXPECT_EQ(CheckBroadPhaseTable(&table), Printf(format, "half_done", "create"));
  UseLanguage(Language::kEnglish);
  EXPECT_EQ(CheckBroadPhaseTable(&table), "plugin 'half_done': required function 'create' is null");
}

TEST_F(EngineTextTest, AScriptsLimitErrorReadsInTheChosenLanguage) {
  // string.rep past the sandbox's bound (2^16 copies) on the script's line 1: our sentence is
  // translated, the "FILE:LINE: " Lua puts before it stays.
  const std::string limit = test::PortugueseFromPoFile("string.rep: count above %d");
  ASSERT_FALSE(limit.empty());
  const std::string script = "local s = string.rep('a', 70000)\n";
  UseLanguage(Language::kPortugueseBrazil);
  const auto pt = ai::PredatorScript::FromText(script, "big.lua");
  ASSERT_FALSE(pt.ok());
  EXPECT_EQ(pt.error(), "big.lua:1: " + Printf(limit, 65536));
  UseLanguage(Language::kEnglish);
  const auto en = ai::PredatorScript::FromText(script, "big.lua");
  ASSERT_FALSE(en.ok());
  EXPECT_EQ(en.error(), "big.lua:1: string.rep: count above 65536");
}

TEST_F(EngineTextTest, WithoutALanguageChosenTheEngineWordsEnglish) {
  SetTextLookup(nullptr);  // partlab-bench and the engine's tests: no lookup installed
  int depth = 0;
  EXPECT_EQ(ClampWithNote(depth, octree_params::kMaxDepth.range, "Max depth"),
            "Max depth 0 clamped to 1 (the root alone is depth 1)");
}

}  // namespace
}  // namespace partlab

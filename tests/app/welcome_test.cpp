// The Welcome window's lesson list and the first start's choice of scene, without a window: the
// shipped lessons grouped as their files' own `source` lines say (read here as plain text, not
// through the TOML reader), the sections a lesson cites, and when a first start shows the
// Simulation view.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "app/lessons/lesson_catalog.h"
#include "app/welcome/first_run_scene.h"
#include "app/welcome/lesson_shelf.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

Lesson WithSections(const std::string& source, const std::vector<std::string>& sections) {
  Lesson lesson;
  lesson.source = source;
  for (const std::string& section : sections) {
    LessonStep step;
    step.section = section;
    lesson.steps.push_back(step);
  }
  return lesson;
}

TEST(CitedSections, NumbersWithoutTheFiguresNotesOrFilesBesideThem) {
  const Lesson lesson = WithSections(
      "Semi-adjusting BSP thesis", {"Semi-adjusting BSP thesis, 4.5 (Figure 4.6)",
                                    "Semi-adjusting BSP thesis, 6.4 (Table 6.1) and 7",
                                    "Semi-adjusting BSP thesis, 4.4; docs/bsp.md (our departures)",
                                    "Semi-adjusting BSP thesis, 4.5 and 4.6 (Figure 4.7)"});
  EXPECT_EQ(CitedSections(lesson), "4.4, 4.5, 4.6, 6.4, 7");
}

TEST(CitedSections, NamedSectionsOfTheOctreePaperAfterTheNumberedOnes) {
  const Lesson lesson =
      WithSections("Octree paper", {"Octree paper, Profundidade e afinidade da OCTREE; 3.1 "
                                    "Resultados, figure 11",
                                    "Octree paper, 3.1 Resultados (Building, 1,567 triangles: "
                                    "40,91 %)",
                                    "Octree paper, 1.2 Octree"});
  EXPECT_EQ(CitedSections(lesson), "1.2, 3.1, Profundidade e afinidade da OCTREE");
}

TEST(CitedSections, InTheTextsOrderNotAsText) {
  const Lesson lesson = WithSections(
      "Engine chapter", {"Engine chapter, 4.10", "Engine chapter, 4.9", "Engine chapter, 10.1",
                         "Engine chapter, 3.4.1, practice (9), figure 3.14"});
  EXPECT_EQ(CitedSections(lesson), "3.4.1, 4.9, 4.10, 10.1");
}

TEST(LessonShelf, ShippedLessonsGroupedAsTheirSourceLinesSay) {
  const std::regex source_line("^source = \"(.*)\"$");
  std::map<std::string, std::set<std::string>> expected;
  const std::vector<std::string> names = LessonNames();
  ASSERT_GE(names.size(), 25u) << "assets/lessons/ not found from " << LessonDirectory();
  for (const std::string& name : names) {
    std::ifstream in(LessonPath(name));
    std::string line;
    std::smatch match;
    while (std::getline(in, line))
      if (std::regex_match(line, match, source_line)) expected[match[1]].insert(name);
  }
  const std::vector<ShelfText> shelf = ReadLessonShelf(names);
  ASSERT_EQ(shelf.size(), 3u);
  EXPECT_EQ(shelf[0].source, "Octree paper");
  EXPECT_EQ(shelf[1].source, "Semi-adjusting BSP thesis");
  EXPECT_EQ(shelf[2].source, "Engine chapter");
  size_t listed = 0;
  for (const ShelfText& text : shelf) {
    std::set<std::string> got;
    for (const ShelfLesson& lesson : text.lessons) {
      EXPECT_TRUE(lesson.error.empty()) << lesson.error;
      EXPECT_FALSE(lesson.sections.empty()) << lesson.name << " cites no section";
      got.insert(lesson.name);
    }
    EXPECT_EQ(got, expected[text.source]) << text.source;
    listed += text.lessons.size();
  }
  EXPECT_EQ(listed, names.size());
}

TEST(LessonShelf, AnUnreadableFileIsListedLastWithItsLine) {
  const std::string bad = TempPath("welcome_bad.toml");
  std::ofstream(bad) << "title = \"Half a lesson\"\n[[step]\n";
  const std::vector<ShelfText> shelf = ReadLessonShelf({bad, "octree_construction"});
  std::remove(bad.c_str());
  ASSERT_EQ(shelf.size(), 2u);
  EXPECT_EQ(shelf[0].source, "Octree paper");
  EXPECT_EQ(shelf[1].source, "");
  ASSERT_EQ(shelf[1].lessons.size(), 1u);
  EXPECT_NE(shelf[1].lessons[0].error.find(bad + ":"), std::string::npos)
      << shelf[1].lessons[0].error;
}

TEST(GroupByText, OtherSourcesAfterTheThreeTextsInTheOrderMet) {
  const auto lesson = [](const char* name) { return ShelfLesson{name, name, "", "", ""}; };
  const std::vector<ShelfText> shelf = GroupByText({{"My course", lesson("a")},
                                                    {"Engine chapter", lesson("b")},
                                                    {"", lesson("c")},
                                                    {"Octree paper", lesson("d")},
                                                    {"Another", lesson("e")},
                                                    {"My course", lesson("f")}});
  std::vector<std::string> order;
  for (const ShelfText& text : shelf) order.push_back(text.source);
  EXPECT_EQ(order, (std::vector<std::string>{"Octree paper", "Engine chapter", "My course",
                                             "Another", ""}));
  EXPECT_EQ(shelf[2].lessons.size(), 2u);
}

TEST(FirstRunScene, OnlyAFirstInteractiveStartThatAsksForNothing) {
  Options options;
  EXPECT_TRUE(StartsOnFirstRunScene(true, false, options));
  EXPECT_FALSE(StartsOnFirstRunScene(false, false, options)) << "settings exist";
  EXPECT_FALSE(StartsOnFirstRunScene(true, true, options)) << "a headless run";
  for (std::string Options::*asked : {&Options::view, &Options::model, &Options::lesson}) {
    Options given;
    given.*asked = "something";
    EXPECT_FALSE(StartsOnFirstRunScene(true, false, given));
    ViewStart start;
    EXPECT_FALSE(ChooseFirstRunScene(true, false, given, start));
    EXPECT_FALSE(start.flags.Has("--bodies"));
  }
  ViewStart start;
  EXPECT_TRUE(ChooseFirstRunScene(true, false, options, start));
  EXPECT_EQ(options.view, kFirstRunView);
  EXPECT_EQ(start.flags.Int("--bodies"), 1000);
}

}  // namespace
}  // namespace partlab

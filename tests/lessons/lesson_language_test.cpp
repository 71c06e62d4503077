// A lesson's two languages: the Portuguese keys read, English shown where a user's lesson writes
// none, every missing key named at its step's line, and every lesson the repository ships
// complete in Portuguese.
#include "engine/lessons/lesson_language.h"
#include "test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/lessons/lesson_file.h"

namespace partlab {
namespace {

constexpr const char* kBilingual = R"(title = "Demo"
title_pt = "Demonstração"
summary = "Two steps."
summary_pt = "Dois passos."

[[step]]
title = "First"
title_pt = "Primeiro"
view = "Octree"
section = "Octree paper, 1.2 Octree"
section_pt = "Artigo da octree, 1.2 Octree"
caption = "The root keeps 40 triangles."
caption_pt = "A raiz guarda 40 triângulos."
quote = "Uma frase do texto."

[[step]]
title = "Second, in English only"
view = "Octree"
section = "Octree paper, 2"
caption = "Plain."
)";

Lesson Read(const char* text) {
  LoadResult<Lesson> result = ParseLessonText(text, "demo.toml");
  EXPECT_TRUE(result.ok()) << result.error();
  return result.ok() ? result.value() : Lesson{};
}

TEST(LessonLanguage, PortugueseKeysAreRead) {
  const Lesson lesson = Read(kBilingual);
  EXPECT_EQ(lesson.title_pt, "Demonstração");
  EXPECT_EQ(lesson.summary_pt, "Dois passos.");
  EXPECT_EQ(lesson.steps[0].title_pt, "Primeiro");
  EXPECT_EQ(lesson.steps[0].caption_pt, "A raiz guarda 40 triângulos.");
  EXPECT_EQ(lesson.steps[0].section_pt, "Artigo da octree, 1.2 Octree");
}

TEST(LessonLanguage, ShownTextFollowsTheLanguageAndFallsBackToEnglish) {
  const Lesson lesson = Read(kBilingual);
  const auto pt = LessonLanguage::kPortuguese, en = LessonLanguage::kEnglish;
  EXPECT_EQ(LessonTitle(lesson, pt), "Demonstração");
  EXPECT_EQ(LessonTitle(lesson, en), "Demo");
  EXPECT_EQ(StepCaption(lesson.steps[0], pt), "A raiz guarda 40 triângulos.");
  EXPECT_EQ(StepCaption(lesson.steps[0], en), "The root keeps 40 triangles.");
  EXPECT_FALSE(StepLacksPortuguese(lesson.steps[0]));
  // The user's English-only step plays in English.
  EXPECT_EQ(StepTitle(lesson.steps[1], pt), "Second, in English only");
  EXPECT_EQ(StepCaption(lesson.steps[1], pt), "Plain.");
  EXPECT_TRUE(StepLacksPortuguese(lesson.steps[1]));
  const Lesson shown = LessonInLanguage(lesson, pt);
  EXPECT_EQ(shown.title, "Demonstração");
  EXPECT_EQ(shown.steps[0].section, "Artigo da octree, 1.2 Octree");
  EXPECT_EQ(shown.steps[0].quote, "Uma frase do texto.");  // the text's own words, never translated
  EXPECT_EQ(shown.steps[1].caption, "Plain.");
}

TEST(LessonLanguage, MissingKeysAreNamedAtTheirStepsLine) {
  const Lesson lesson = Read(kBilingual);
  const std::vector<std::string> missing = MissingPortugueseKeys(lesson);
  const std::vector<std::string> expected = {"demo.toml:16: the step has no title_pt",
                                             "demo.toml:16: the step has no caption_pt",
                                             "demo.toml:16: the step has no section_pt"};
  EXPECT_EQ(missing, expected);
}

TEST(LessonLanguage, AStepWithoutASectionNeedsNoSectionPt) {
  const Lesson lesson = Read(R"(title = "T"
title_pt = "T"
[[step]]
title = "A"
title_pt = "A"
view = "Octree"
caption = "c"
caption_pt = "c"
)");
  EXPECT_TRUE(MissingPortugueseKeys(lesson).empty());
}

TEST(LessonLanguage, ALessonWithoutItsTitlePtIsNamedAtLineOne) {
  const Lesson lesson = Read(R"(title = "T"
summary = "S"
[[step]]
title = "A"
title_pt = "A"
view = "Octree"
caption = "c"
caption_pt = "c"
)");
  const std::vector<std::string> expected = {"demo.toml:1: the lesson has no title_pt",
                                             "demo.toml:1: the lesson has no summary_pt"};
  EXPECT_EQ(MissingPortugueseKeys(lesson), expected);
}

// Every lesson in assets/lessons/ writes each text in Portuguese too.
TEST(LessonLanguage, ShippedLessonsWriteEveryPortugueseKey) {
  int lessons = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(PARTLAB_ASSET_DIR) + "/lessons")) {
    if (entry.path().extension() != ".toml") continue;
    ++lessons;
    const LoadResult<Lesson> result = ReadLessonFile(entry.path().string());
    ASSERT_TRUE(result.ok()) << result.error();
    for (const std::string& line : MissingPortugueseKeys(result.value())) ADD_FAILURE() << line;
  }
  EXPECT_GE(lessons, 25);
}

}  // namespace
}  // namespace partlab

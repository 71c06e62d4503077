// The handout beside an export: every step in order with its picture, captions escaped in HTML.
#include "engine/lessons/lesson_index.h"

#include <gtest/gtest.h>

namespace partlab {
namespace {

Lesson TwoSteps() {
  Lesson lesson;
  lesson.title = "Demo";
  lesson.steps.resize(2);
  lesson.steps[0].title = "First";
  lesson.steps[0].caption = "a < b & c";
  lesson.steps[0].quote = "Uma frase.";
  lesson.steps[1].title = "Second";
  lesson.steps[1].caption = "plain";
  lesson.steps[1].section = "Octree paper, 4.2";
  return lesson;
}

TEST(LessonIndex, ImageNamesSortInPlayingOrder) {
  EXPECT_EQ(LessonStepImageName(0), "step-01.png");
  EXPECT_EQ(LessonStepImageName(9), "step-10.png");
}

TEST(LessonIndex, MarkdownListsEveryStepInOrder) {
  const std::string md = LessonIndexMarkdown(TwoSteps());
  const size_t first = md.find("## 1. First"), second = md.find("## 2. Second");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_LT(first, second);
  EXPECT_NE(md.find("](step-01.png)"), std::string::npos);
  EXPECT_NE(md.find("](step-02.png)"), std::string::npos);
  EXPECT_NE(md.find("> Uma frase."), std::string::npos);
  EXPECT_NE(md.find("*Octree paper, 4.2*"), std::string::npos);
}

TEST(LessonIndex, StartingLaterLeavesEarlierStepsOut) {
  const std::string md = LessonIndexMarkdown(TwoSteps(), 1);
  EXPECT_EQ(md.find("step-01.png"), std::string::npos);
  EXPECT_NE(md.find("step-02.png"), std::string::npos);
}

TEST(LessonIndex, HtmlEscapesCaptions) {
  const std::string html = LessonIndexHtml(TwoSteps());
  EXPECT_NE(html.find("a &lt; b &amp; c"), std::string::npos);
  EXPECT_EQ(html.find("a < b"), std::string::npos);
  EXPECT_NE(html.find("<img src=\"step-02.png\""), std::string::npos);
}

}  // namespace
}  // namespace partlab

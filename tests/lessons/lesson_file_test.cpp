// The lesson file's reader: a good file gives every field back; each kind of mistake gives one
// line naming the file and the line the mistake is on (counted by hand in the texts below).
#include "engine/lessons/lesson_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace partlab {
namespace {

const char* kPath = "lessons/demo.toml";

std::string ErrorOf(const std::string& text) {
  const auto result = ParseLessonText(text, kPath);
  EXPECT_FALSE(result.ok()) << "expected an error for:\n" << text;
  return result.ok() ? "" : result.error();
}

// A complete step, to which the tests add one mistake. Line 1 is the title.
const std::string kHeader = "title = \"Demo\"\n";  // line 1
const std::string kGoodStep =                      //
    "[[step]]\n"                                   // line 2
    "title = \"First\"\n"                          // line 3
    "view = \"Mesh viewer\"\n"                     // line 4
    "caption = \"What is shown.\"\n";              // line 5

TEST(LessonFile, ReadsEveryField) {
  const std::string text =
      "title = \"Ordered traversal\"\n"
      "source = \"Octree paper\"\n"
      "summary = \"One ray.\"\n"
      "\n"
      "[[step]]\n"  // line 5
      "title = \"The root\"\n"
      "view = \"Octree\"\n"
      "flags = [\"--preset\", \"ray\", \"--octree-depth\", \"6\"]\n"
      "camera = { yaw = 35.0, pitch = 20, distance = 2.5, target = [0.0, 1.0, -2] }\n"
      "actions = [\"steps 120\",\n"                    // line 10
      "           \"shoot-ray  0 0.1 -3   0 0 1\"]\n"  // line 11
      "checks = [\"ordered-visits-fewer\"]\n"          // line 12
      "section = \"Octree paper, 4.2\"\n"
      "caption = \"\"\"Two\nlines.\"\"\"\n"
      "quote = \"Uma frase.\"\n"
      "figures = [\"octree 5\", \"octree 6\"]\n"
      "[[step]]\n"  // line 18
      "title = \"Second\"\n"
      "view = \"Mesh viewer\"\n"
      "caption = \"c\"\n";
  const auto result = ParseLessonText(text, kPath);
  ASSERT_TRUE(result.ok()) << result.error();
  const Lesson& lesson = result.value();
  EXPECT_EQ(lesson.name, "demo");
  EXPECT_EQ(lesson.file, kPath);
  EXPECT_EQ(lesson.title, "Ordered traversal");
  EXPECT_EQ(lesson.source, "Octree paper");
  EXPECT_EQ(lesson.summary, "One ray.");
  ASSERT_EQ(lesson.steps.size(), 2u);
  const LessonStep& step = lesson.steps[0];
  EXPECT_EQ(step.line, 5);
  EXPECT_EQ(step.title, "The root");
  EXPECT_EQ(step.view, "Octree");
  EXPECT_EQ(step.flags, (std::vector<std::string>{"--preset", "ray", "--octree-depth", "6"}));
  EXPECT_TRUE(step.camera.set);
  EXPECT_FALSE(step.camera.frame);
  EXPECT_FLOAT_EQ(step.camera.yaw_degrees, 35.0f);
  EXPECT_FLOAT_EQ(step.camera.pitch_degrees, 20.0f);  // an integer is a number too
  EXPECT_FLOAT_EQ(step.camera.distance, 2.5f);
  EXPECT_FLOAT_EQ(step.camera.target[1], 1.0f);
  EXPECT_FLOAT_EQ(step.camera.target[2], -2.0f);
  ASSERT_EQ(step.actions.size(), 2u);
  EXPECT_EQ(step.actions[0].verb, "steps");
  EXPECT_EQ(step.actions[0].args, std::vector<std::string>{"120"});
  EXPECT_EQ(step.actions[0].line, 10);
  EXPECT_EQ(step.actions[1].verb, "shoot-ray");
  EXPECT_EQ(step.actions[1].args,
            (std::vector<std::string>{"0", "0.1", "-3", "0", "0", "1"}));  // runs of blanks
  EXPECT_EQ(step.actions[1].line, 11);
  ASSERT_EQ(step.checks.size(), 1u);
  EXPECT_EQ(step.checks[0].verb, "ordered-visits-fewer");
  EXPECT_EQ(step.checks[0].line, 12);
  EXPECT_EQ(step.section, "Octree paper, 4.2");
  EXPECT_EQ(step.caption, "Two\nlines.");
  EXPECT_EQ(step.quote, "Uma frase.");
  EXPECT_EQ(step.figures, (std::vector<std::string>{"octree 5", "octree 6"}));
  EXPECT_EQ(lesson.steps[1].line, 18);
  EXPECT_TRUE(lesson.steps[1].figures.empty());
  EXPECT_FALSE(lesson.steps[1].camera.set);
  EXPECT_TRUE(lesson.steps[1].flags.empty());
}

TEST(LessonFile, CameraWithOnlyADirectionFramesTheScene) {
  const auto result =
      ParseLessonText(kHeader + kGoodStep + "camera = { yaw = 10, pitch = -5 }\n", kPath);
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_TRUE(result.value().steps[0].camera.set);
  EXPECT_TRUE(result.value().steps[0].camera.frame);
}

TEST(LessonFile, TomlSyntaxErrorNamesItsLine) {
  const std::string error = ErrorOf(kHeader + kGoodStep + "flags = [\"--preset\",\n");
  EXPECT_EQ(error.rfind("lessons/demo.toml:6: ", 0), 0u) << error;
}

TEST(LessonFile, UnclosedStringNamesItsLine) {
  const std::string error = ErrorOf("title = \"Demo\"\nsummary = \"no end\n" + kGoodStep);
  EXPECT_EQ(error.rfind("lessons/demo.toml:2: ", 0), 0u) << error;
}

// Found by fuzz_lesson: toml++ quotes the character it stopped at, here a line break, and a quoted
// key may hold one too; the error stays one line, the break written as \n.
TEST(LessonFile, ErrorsQuotingALineBreakStayOneLine) {
  const std::string error = ErrorOf("title = i\n\n");
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_EQ(error.rfind("lessons/demo.toml:1: ", 0), 0u) << error;
  EXPECT_NE(error.find("\\n"), std::string::npos) << error;
  EXPECT_EQ(ErrorOf(kHeader + "\"two\\nlines\" = 1\n" + kGoodStep),
            "lessons/demo.toml:2: unknown key 'two\\nlines' in the lesson");
}

TEST(LessonFile, UnknownKeyInAStep) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "captoin = \"typo\"\n"),
            "lessons/demo.toml:6: unknown key 'captoin' in a step");
}

TEST(LessonFile, UnknownKeyAtTheTop) {
  EXPECT_EQ(ErrorOf(kHeader + "author = \"me\"\n" + kGoodStep),
            "lessons/demo.toml:2: unknown key 'author' in the lesson");
}

TEST(LessonFile, UnknownKeyInTheCamera) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { yaw = 1, roll = 2 }\n"),
            "lessons/demo.toml:6: unknown key 'roll' in camera");
}

TEST(LessonFile, MissingViewNamesTheStepHeader) {
  EXPECT_EQ(ErrorOf(kHeader + "[[step]]\ntitle = \"t\"\ncaption = \"c\"\n"),
            "lessons/demo.toml:2: the step has no view");
}

TEST(LessonFile, MissingCaptionNamesTheStepHeader) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "[[step]]\ntitle = \"t\"\nview = \"Octree\"\n"),
            "lessons/demo.toml:6: the step has no caption");
}

TEST(LessonFile, StepWithoutTitle) {
  EXPECT_EQ(ErrorOf(kHeader + "[[step]]\nview = \"Octree\"\ncaption = \"c\"\n"),
            "lessons/demo.toml:2: the step has no title");
}

TEST(LessonFile, EmptyCaption) {
  EXPECT_EQ(ErrorOf(kHeader + "[[step]]\ntitle = \"t\"\nview = \"Octree\"\ncaption = \"\"\n"),
            "lessons/demo.toml:5: caption is empty");
}

TEST(LessonFile, LessonWithoutTitleOrSteps) {
  EXPECT_EQ(ErrorOf(kGoodStep), "lessons/demo.toml:1: the lesson has no title");
  EXPECT_EQ(ErrorOf(kHeader), "lessons/demo.toml:1: the lesson has no [[step]]");
}

TEST(LessonFile, BadTypes) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "flags = \"--preset ray\"\n"),
            "lessons/demo.toml:6: flags must be an array of strings");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "actions = [\"steps 2\", 3]\n"),
            "lessons/demo.toml:6: actions must be an array of strings");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "figures = \"thesis 4.7\"\n"),
            "lessons/demo.toml:6: figures must be an array of strings");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "quote = 7\n"),
            "lessons/demo.toml:6: quote must be a string");
  EXPECT_EQ(ErrorOf("title = [\"Demo\"]\n" + kGoodStep),
            "lessons/demo.toml:1: title must be a string");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { yaw = \"left\" }\n"),
            "lessons/demo.toml:6: yaw must be a number");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = 3\n"),
            "lessons/demo.toml:6: camera must be a table { yaw, pitch, distance, target }");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { target = [1, 2] }\n"),
            "lessons/demo.toml:6: camera target must be an array of three numbers");
  EXPECT_EQ(ErrorOf(kHeader + "step = 3\n"),
            "lessons/demo.toml:2: step must be an array of tables ([[step]])");
}

TEST(LessonFile, CameraValuesThatShowNothing) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { distance = 0 }\n"),
            "lessons/demo.toml:6: camera distance must be positive");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { pitch = 90 }\n"),
            "lessons/demo.toml:6: camera pitch must be within (-89.5, 89.5) degrees");
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "camera = { yaw = nan }\n"),
            "lessons/demo.toml:6: yaw must be finite");
}

TEST(LessonFile, EmptyCommandNamesItsLine) {
  EXPECT_EQ(ErrorOf(kHeader + kGoodStep + "checks = [\n\"a\",\n\"  \"]\n"),
            "lessons/demo.toml:8: empty command in checks");
}

TEST(LessonFile, MissingFile) {
  const auto result = ReadLessonFile("/nonexistent/x.toml");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error(), "/nonexistent/x.toml: not a lesson file (no such regular file)");
}

TEST(LessonFile, PortugueseTextsAreReadBack) {
  const auto result = ParseLessonText(
      "title = \"Demo\"\ntitle_pt = \"Demonstração\"\nsummary_pt = \"Resumo.\"\n" + kGoodStep +
          "title_pt = \"Primeiro\"\ncaption_pt = \"O que se vê.\"\nsection_pt = \"Artigo, 2\"\n",
      kPath);
  ASSERT_TRUE(result.ok()) << result.error();
  const Lesson& lesson = result.value();
  EXPECT_EQ(lesson.title_pt, "Demonstração");
  EXPECT_EQ(lesson.summary_pt, "Resumo.");
  EXPECT_EQ(lesson.steps[0].title_pt, "Primeiro");
  EXPECT_EQ(lesson.steps[0].caption_pt, "O que se vê.");
  EXPECT_EQ(lesson.steps[0].section_pt, "Artigo, 2");
}

// A step's image is a PNG named relative to the lesson file, present when the lesson is read.
TEST(LessonFile, ImageIsResolvedBesideTheLessonFile) {
  const std::string folder = ::testing::TempDir() + "lesson_image_test";
  std::filesystem::create_directories(folder + "/charts");
  std::ofstream(folder + "/charts/c.png") << "not decoded by the reader";
  const std::string path = folder + "/demo.toml";
  const auto good = ParseLessonText(kHeader + kGoodStep + "image = \"charts/c.png\"\n", path);
  ASSERT_TRUE(good.ok()) << good.error();
  EXPECT_EQ(good.value().steps[0].image, "charts/c.png");
  EXPECT_EQ(good.value().steps[0].image_path, folder + "/charts/c.png");

  auto error_of = [&](const std::string& image) {
    const auto result = ParseLessonText(kHeader + kGoodStep + "image = \"" + image + "\"\n", path);
    return result.ok() ? std::string("no error") : result.error();
  };
  EXPECT_EQ(error_of("charts/missing.png"),
            path + ":6: image 'charts/missing.png' not found (looked for " + folder +
                "/charts/missing.png)");
  EXPECT_EQ(error_of("/etc/x.png"), path + ":6: image must be a path relative to the lesson file");
  EXPECT_EQ(error_of("charts/c.jpg"), path + ":6: image must be a .png file");
}

TEST(LessonFile, SplitCommand) {
  const LessonCommand c = SplitLessonCommand("  next-op\t 3  ", 9);
  EXPECT_EQ(c.verb, "next-op");
  EXPECT_EQ(c.args, std::vector<std::string>{"3"});
  EXPECT_EQ(c.line, 9);
  EXPECT_TRUE(SplitLessonCommand("   ", 1).verb.empty());
}

}  // namespace
}  // namespace partlab

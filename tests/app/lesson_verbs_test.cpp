// The verb tables' dispatcher (app/view/lesson_verbs.h): a command reaches the row of its verb and
// kind, its words are checked once against the row (how many, and of which kind) before the
// handler runs, and everything else is one line naming the verb.
#include "app/view/lesson_verbs.h"

#include <gtest/gtest.h>

#include <sstream>

namespace partlab {
namespace {

// A subject that records what its handlers were asked to do.
struct Counter {
  long total = 0;
  int checks = 0;
  std::string Add(const LessonCommand& c) {
    for (const std::string& word : c.args) total += std::stol(word);
    return "";
  }
  std::string AtLeast(const LessonCommand& c) {
    ++checks;
    return double(total) >= std::stod(c.args[0]) ? ""
                                                 : "total " + std::to_string(total) + " is less";
  }
};

const LessonVerbRow<Counter> kTable[] = {
    {{"add", "add N...: add whole numbers", kAction, Words(1, kManyWords, kInteger)},
     &Call<Counter, &Counter::Add>},
    {{"reset", "reset: back to zero", kAction, kNoWords},
     [](Counter& c, const LessonCommand&) { return c.total = 0, std::string(); }},
    {{"at-least", "at-least N: the total is N or more", kCheck, Words(1, 1, kNumber)},
     &Call<Counter, &Counter::AtLeast>},
    {{"lamp", "lamp on|off: a switch", kAction, Words(0, 1, kSwitch)},
     [](Counter&, const LessonCommand&) { return std::string(); }},
};

LessonCommand Command(const std::string& text) {
  std::istringstream in(text);
  LessonCommand c;
  in >> c.verb;
  for (std::string word; in >> word;) c.args.push_back(word);
  return c;
}

std::string Act(Counter& c, const std::string& text) {
  return RunLessonVerb(c, std::span<const LessonVerbRow<Counter>>(kTable), Command(text), kAction);
}
std::string Check(Counter& c, const std::string& text) {
  return RunLessonVerb(c, std::span<const LessonVerbRow<Counter>>(kTable), Command(text), kCheck);
}

TEST(LessonVerbTable, RowsRunTheirHandlers) {
  Counter c;
  EXPECT_EQ(Act(c, "add 2 3 -1"), "");
  EXPECT_EQ(c.total, 4);
  EXPECT_EQ(Check(c, "at-least 4"), "");
  EXPECT_EQ(Check(c, "at-least 4.5"), "total 4 is less");
  EXPECT_EQ(Act(c, "reset"), "");
  EXPECT_EQ(c.total, 0);
}

TEST(LessonVerbTable, WordsAreCheckedBeforeTheHandler) {
  Counter c;
  EXPECT_EQ(Act(c, "add"), "add: expects add N...: add whole numbers (got 0 words)");
  EXPECT_EQ(Act(c, "add 1 x"), "add: 'x' is not a whole number");
  EXPECT_EQ(Act(c, "reset now"), "reset: expects reset: back to zero (got 1 word)");
  EXPECT_EQ(Check(c, "at-least nan"), "at-least: 'nan' is not a number");
  EXPECT_EQ(Check(c, "at-least 1 2"),
            "at-least: expects at-least N: the total is N or more (got 2 words)");
  EXPECT_EQ(Act(c, "lamp dim"), "lamp: 'dim' is not on or off");
  EXPECT_EQ(Act(c, "lamp"), "");
  EXPECT_EQ(c.total, 0);  // no handler ran on refused words
  EXPECT_EQ(c.checks, 0);
}

TEST(LessonVerbTable, AVerbIsFoundOnlyUnderItsOwnKind) {
  Counter c;
  EXPECT_EQ(Check(c, "add 1"), "this view has no lesson check 'add'");
  EXPECT_EQ(Act(c, "at-least 1"), "this view has no lesson action 'at-least'");
  EXPECT_EQ(Act(c, "spin"), "this view has no lesson action 'spin'");
}

TEST(LessonVerbTable, SpecsKeepTheTablesOrder) {
  const std::vector<LessonVerbSpec> specs =
      SpecsOf(std::span<const LessonVerbRow<Counter>>(kTable));
  ASSERT_EQ(specs.size(), 4u);
  EXPECT_STREQ(specs[0].verb, "add");
  EXPECT_STREQ(specs[2].verb, "at-least");
  EXPECT_TRUE(specs[2].is_check());
  EXPECT_FALSE(specs[3].is_check());
}

}  // namespace
}  // namespace partlab

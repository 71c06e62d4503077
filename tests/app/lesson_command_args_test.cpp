// The words of a lesson command as the views' lesson verbs read them (app/views/
// lesson_command_args.h): numbers in range accepted, everything else refused with one line that
// names the verb and the word; NaN and infinities never pass.
#include "app/view/lesson_command_args.h"

#include <gtest/gtest.h>

namespace partlab {
namespace {

LessonCommand Command(std::string verb, std::vector<std::string> args) {
  return LessonCommand{std::move(verb), std::move(args), 7};
}

TEST(LessonCommandArgs, ReadsANumberInRange) {
  double v = 0.0;
  EXPECT_EQ(ReadNumber(Command("turn", {"-45.5"}), 0, -360, 360, &v), "");
  EXPECT_DOUBLE_EQ(v, -45.5);
}

TEST(LessonCommandArgs, RefusesNanInfinityGarbageAndOutOfRange) {
  for (const char* word : {"nan", "inf", "-inf", "12abc", "", "361"}) {
    double v = 3.0;
    const std::string e = ReadNumber(Command("turn", {word}), 0, -360, 360, &v);
    EXPECT_NE(e.find("turn: '"), std::string::npos) << word << ": " << e;
    EXPECT_EQ(v, 3.0) << word;  // untouched
  }
}

TEST(LessonCommandArgs, AMissingWordIsNamed) {
  double v = 0.0;
  EXPECT_EQ(ReadNumber(Command("turn", {}), 0, 0, 1, &v), "turn: a number is missing");
}

TEST(LessonCommandArgs, ReadsIntegerListsAndRefusesFractions) {
  std::vector<long> list;
  EXPECT_EQ(ReadIntegers(Command("order", {"3", "2", "4"}), 0, 1, 9, &list), "");
  EXPECT_EQ(list, (std::vector<long>{3, 2, 4}));
  EXPECT_NE(ReadIntegers(Command("order", {"3", "2.5"}), 0, 1, 9, &list), "");
  EXPECT_NE(ReadIntegers(Command("order", {"10"}), 0, 1, 9, &list), "");
  EXPECT_NE(ReadIntegers(Command("order", {"99999999999999999999"}), 0, 1, 9, &list), "");
}

TEST(LessonCommandArgs, SwitchesAndWordCounts) {
  bool on = false;
  EXPECT_EQ(ReadSwitch(Command("cull", {"on"}), 0, &on), "");
  EXPECT_TRUE(on);
  EXPECT_NE(ReadSwitch(Command("cull", {"yes"}), 0, &on), "");
  EXPECT_EQ(ExpectWordCount(Command("mode", {"a"}), 1, 1, "NAME"), "");
  EXPECT_EQ(ExpectWordCount(Command("mode", {}), 1, 1, "NAME"), "mode: expects NAME (got 0 words)");
}

TEST(LessonCommandArgs, JoinsForMessages) {
  EXPECT_EQ(JoinIntegers({3, 2, 4}), "3 2 4");
  EXPECT_EQ(JoinIntegers({}), "(none)");
}

}  // namespace
}  // namespace partlab

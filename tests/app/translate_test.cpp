// The translation mechanism (app/i18n/translate.h) against the catalogue itself: the expected
// Portuguese is read from po/pt_BR.po by the test, not from the code under test, and the compiled
// catalogue (BUILD/share/locale) is the one the app reads.
#include "app/i18n/translate.h"
#include "test_paths.h"
#include "tests/app/po_entry.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace partlab {
namespace {

class TranslateTest : public ::testing::Test {
 protected:
  void SetUp() override { setenv("PARTLAB_LOCALE_DIR", PARTLAB_BINARY_DIR "/share/locale", 1); }
  void TearDown() override { UseLanguage(Language::kEnglish); }
};

TEST_F(TranslateTest, SwitchesLiveBetweenEnglishAndPortuguese) {
  const std::string portuguese = test::PortugueseFromPoFile("Language");
  ASSERT_FALSE(portuguese.empty()) << "po/pt_BR.po has no translation of \"Language\"";
  UseLanguage(Language::kPortugueseBrazil);
  EXPECT_EQ(Translate("Language"), portuguese);
  UseLanguage(Language::kEnglish);
  EXPECT_STREQ(Translate("Language"), "Language");
  UseLanguage(Language::kPortugueseBrazil);  // and back, within the same run
  EXPECT_EQ(Translate("Language"), portuguese);
  EXPECT_EQ(CurrentLanguage(), Language::kPortugueseBrazil);
}

TEST_F(TranslateTest, UntranslatedTextAndEmptyTextPassThrough) {
  UseLanguage(Language::kPortugueseBrazil);
  EXPECT_STREQ(Translate("no such message in the catalogue"), "no such message in the catalogue");
  EXPECT_STREQ(Translate(""), "");  // not the catalogue's header
}

TEST_F(TranslateTest, NumbersKeepTheirDecimalPoint) {
  UseLanguage(Language::kPortugueseBrazil);
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.1f", 2.5);
  EXPECT_STREQ(buffer, "2.5");  // files written in Portuguese still read back
  EXPECT_EQ(std::strtod("2.5", nullptr), 2.5);
}

TEST(LanguageTest, ReadsTheSystemLocaleAsGettextDoes) {
  const auto with = [](const char* lc_all, const char* lang, const char* language = nullptr) {
    lc_all ? setenv("LC_ALL", lc_all, 1) : unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    lang ? setenv("LANG", lang, 1) : unsetenv("LANG");
    language ? setenv("LANGUAGE", language, 1) : unsetenv("LANGUAGE");
    return LanguageFromEnvironment();
  };
  EXPECT_EQ(with(nullptr, "pt_BR.UTF-8"), Language::kPortugueseBrazil);
  EXPECT_EQ(with(nullptr, "en_GB.UTF-8"), Language::kEnglish);
  EXPECT_EQ(with("pt_PT.UTF-8", "en_US.UTF-8"), Language::kPortugueseBrazil);  // LC_ALL first
  EXPECT_EQ(with(nullptr, nullptr), Language::kEnglish);
  EXPECT_EQ(with(nullptr, "C"), Language::kEnglish);
  // $LANGUAGE, a priority list, comes first, but only outside the "C" locale (as gettext reads it).
  EXPECT_EQ(with(nullptr, "en_US.UTF-8", "pt_BR:en"), Language::kPortugueseBrazil);
  EXPECT_EQ(with(nullptr, "pt_BR.UTF-8", "fr:en"), Language::kEnglish);
  EXPECT_EQ(with(nullptr, "pt_BR.UTF-8", "fr"), Language::kPortugueseBrazil);  // none it knows
  EXPECT_EQ(with(nullptr, "C", "pt_BR"), Language::kEnglish);
  EXPECT_EQ(with(nullptr, nullptr, "pt_BR"), Language::kEnglish);
  unsetenv("LANGUAGE");
}

TEST(LanguageTest, ParsesTheCodesLangAccepts) {
  Language language = Language::kEnglish;
  for (const char* code : {"pt_BR", "pt", "pt-BR", "pt_BR.UTF-8"}) {
    ASSERT_TRUE(ParseLanguage(code, &language)) << code;
    EXPECT_EQ(language, Language::kPortugueseBrazil) << code;
  }
  ASSERT_TRUE(ParseLanguage("en", &language));
  EXPECT_EQ(language, Language::kEnglish);
  EXPECT_FALSE(ParseLanguage("klingon", &language));
  EXPECT_FALSE(ParseLanguage("", &language));
}

TEST(LanguageTest, FormattedReordersAsATranslationMayAsk) {
  EXPECT_EQ(Formatted("%s: line %d", "a.toml", 7), "a.toml: line 7");
  const char* reordered = "linha %2$d de %1$s";  // as a translation arrives: at run time
  EXPECT_EQ(Formatted(reordered, "a.toml", 7), "linha 7 de a.toml");
  EXPECT_EQ(Formatted("%s", std::string(300, 'x').c_str()).size(), 300u);  // no fixed buffer
}

TEST(LanguageTest, WindowTitleKeepsItsId) {
  EXPECT_STREQ(WindowTitle("Cena", "scene"), "Cena###scene");
}

}  // namespace
}  // namespace partlab

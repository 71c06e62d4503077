// Every character the UI can be asked to draw in either language — each translation in
// po/pt_BR.po and every string of every lesson file in assets/lessons/, the texts' Portuguese
// quotes included — must be drawable: (a) inside the glyph ranges the app loads
// (kUiGlyphRanges, app/ui_fonts.h), (b) in the font file it loads them from (DejaVu Sans's
// character map, read with stb_truetype, independently of ImGui), and (c) baked by ImGui into
// both fonts the app makes from that file: the panels' and the lesson presenter's. A character
// outside them is drawn as "?" on a projector, in the middle of a Portuguese word.
#include <gtest/gtest.h>
#include <imgui.h>
#include <stb_truetype.h>
#include "test_paths.h"

#include <toml++/toml.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "app/ui_fonts.h"
#include "app/ui_style.h"

namespace partlab {
namespace {

// A character and the first place it was found ("po/pt_BR.po:123", "octree_affinity.toml:
// step.2.caption_pt"), to name in a failure.
using Characters = std::map<char32_t, std::string>;

// Decodes UTF-8; a malformed sequence is reported as U+FFFD (which no range holds).
void AddCharacters(const std::string& text, const std::string& where, Characters& out) {
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const int length = c < 0x80           ? 1
                       : (c >> 5) == 0x6  ? 2
                       : (c >> 4) == 0xE  ? 3
                       : (c >> 3) == 0x1E ? 4
                                          : 0;
    char32_t point = length == 1 ? c : length == 2 ? c & 0x1F : length == 3 ? c & 0x0F : c & 0x07;
    bool valid = length > 0 && i + size_t(length) <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(text[i + size_t(k)]);
      valid = (next >> 6) == 0x2;
      point = (point << 6) | (next & 0x3F);
    }
    if (!valid) point = 0xFFFD;
    i += valid ? size_t(length) : 1;
    if (point < 0x20) continue;  // line breaks and tabs are layout, not glyphs
    out.emplace(point, where);
  }
}

std::string Unescape(const std::string& quoted) {  // a .po line's "..." content
  std::string out;
  for (size_t i = 0; i < quoted.size(); ++i) {
    if (quoted[i] != '\\' || i + 1 == quoted.size()) {
      out += quoted[i];
      continue;
    }
    const char e = quoted[++i];
    out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
  }
  return out;
}

// The translations (every msgstr, with its continuation lines) of a gettext catalogue.
void AddCatalogue(const std::string& path, Characters& out) {
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::string line;
  bool in_msgstr = false;
  for (int number = 1; std::getline(in, line); ++number) {
    const size_t open = line.find('"'), close = line.rfind('"');
    if (line.rfind("msgstr", 0) == 0)
      in_msgstr = true;
    else if (line.empty() || line[0] != '"')
      in_msgstr = false;
    if (in_msgstr && open != std::string::npos && close > open)
      AddCharacters(Unescape(line.substr(open + 1, close - open - 1)),
                    path + ":" + std::to_string(number), out);
  }
}

// Every string value of a TOML file, whatever its key: a text key added to the lesson format
// later is covered without changing this test.
void AddStrings(const toml::node& node, const std::string& where, Characters& out) {
  if (const auto* text = node.as_string()) {
    AddCharacters(text->get(), where, out);
  } else if (const auto* table = node.as_table()) {
    for (const auto& [key, value] : *table)
      AddStrings(value, where + "." + std::string(key.str()), out);
  } else if (const auto* array = node.as_array()) {
    for (size_t i = 0; i < array->size(); ++i)
      AddStrings(*array->get(i), where + "." + std::to_string(i + 1), out);
  }
}

Characters ShownCharacters() {
  Characters out;
  AddCatalogue(std::string(PARTLAB_SOURCE_DIR) + "/po/pt_BR.po", out);
  const std::filesystem::path lessons = std::string(PARTLAB_ASSET_DIR) + "/lessons";
  for (const auto& entry : std::filesystem::directory_iterator(lessons)) {
    if (entry.path().extension() != ".toml") continue;
    AddStrings(toml::parse_file(entry.path().string()), entry.path().filename().string(), out);
  }
  return out;
}

bool InRanges(const ImWchar* ranges, char32_t point) {
  for (; ranges[0] != 0; ranges += 2)
    if (point >= ranges[0] && point <= ranges[1]) return true;
  return false;
}

std::string Name(char32_t point, const std::string& where) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", unsigned(point));
  return std::string(hex) + " (first in " + where + ")";
}

// Problems of `characters` against the app's ranges: one line each.
std::vector<std::string> OutsideRanges(const Characters& characters) {
  std::vector<std::string> problems;
  for (const auto& [point, where] : characters)
    if (!InRanges(kUiGlyphRanges, point))
      problems.push_back(Name(point, where) + " is outside kUiGlyphRanges");
  return problems;
}

TEST(FontCoverage, TheCheckSeesPortugueseAndCatchesACharacterOutsideTheRanges) {
  const Characters shown = ShownCharacters();
  for (char32_t accented : {U'ç', U'ã', U'õ', U'é', U'ê', U'á', U'í', U'ó', U'ú', U'à'})
    EXPECT_TRUE(shown.count(accented)) << Name(accented, "nowhere") << " was expected in the texts";
  Characters euro;
  AddCharacters("custa 5 €", "a test string", euro);  // U+20AC: past General Punctuation
  EXPECT_EQ(OutsideRanges(euro).size(), 1u);
  Characters broken;
  AddCharacters(std::string("a\xC3"), "a cut sequence", broken);
  EXPECT_EQ(OutsideRanges(broken).size(), 1u);
}

TEST(FontCoverage, EveryShownCharacterIsInTheLoadedRanges) {
  for (const std::string& problem : OutsideRanges(ShownCharacters())) ADD_FAILURE() << problem;
}

TEST(FontCoverage, EveryShownCharacterIsInTheFontFile) {
  const char* path = kUiFontFiles[0];  // DejaVu Sans: the file the app loads when present
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing (Debian: fonts-dejavu-core)";
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  stbtt_fontinfo font;
  ASSERT_TRUE(stbtt_InitFont(&font, data, stbtt_GetFontOffsetForIndex(data, 0)));
  for (const auto& [point, where] : ShownCharacters())
    EXPECT_NE(stbtt_FindGlyphIndex(&font, int(point)), 0)
        << Name(point, where) << " has no glyph in " << path;
}

// The app's own loading (AddUiFonts) into an atlas: both sizes from the same file and ranges, and
// every character baked in each.
TEST(FontCoverage, BothFontSizesHoldEveryShownCharacter) {
  ImFontAtlas atlas;
  const UiFonts fonts = AddUiFonts(atlas, 15.0f, kPresenterFontPixels);
  ASSERT_NE(fonts.panels, nullptr);
  ASSERT_NE(fonts.presenter, nullptr);
  EXPECT_STREQ(fonts.file, kUiFontFiles[0]);
  ASSERT_TRUE(atlas.Build());
  for (const auto& [point, where] : ShownCharacters()) {
    EXPECT_NE(fonts.panels->FindGlyphNoFallback(ImWchar(point)), nullptr)
        << Name(point, where) << " is not in the panels' font";
    EXPECT_NE(fonts.presenter->FindGlyphNoFallback(ImWchar(point)), nullptr)
        << Name(point, where) << " is not in the presenter's font";
  }
}

}  // namespace
}  // namespace partlab

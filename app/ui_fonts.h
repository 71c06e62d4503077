// The UI's fonts: one TrueType file (DejaVu Sans, else Liberation Sans) loaded twice with the same
// glyph ranges, at the panels' size and at the lesson presenter's (kPresenterFontPixels in
// ui_style.h), so every character a panel can show, the presenter's caption and figures can show
// too. tests/app/font_coverage_test.cpp checks that every character of the Portuguese catalogue
// and of every lesson file is in these ranges and in the file.
#pragma once

#include <imgui.h>

namespace partlab {

// The characters captions and tooltips use beyond Latin-1: the papers' Greek (ε, ω, θ), dashes
// and quotes, dotted letters for time derivatives (ḋ), arrows and math operators (≤, ×, ≈).
inline constexpr ImWchar kUiGlyphRanges[] = {
    0x0020, 0x00FF,  // Basic Latin and Latin-1 (Portuguese: ç, ã, õ, é, ê, á, í, ó, ú, à)
    0x0370, 0x03FF,  // Greek
    0x1E00, 0x1EFF,  // Latin Extended Additional
    0x2000, 0x206F,  // General Punctuation
    0x2190, 0x21FF,  // Arrows
    0x2200, 0x22FF,  // Mathematical Operators
    0,
};

// The files tried in order; the first one present is used for both sizes.
inline constexpr const char* kUiFontFiles[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
};

struct UiFonts {
  ImFont* panels = nullptr;
  ImFont* presenter = nullptr;
  const char* file = nullptr;  // the file both were loaded from
};

// Adds the panels' and the presenter's font to `atlas` from the first file of kUiFontFiles that
// exists; all null when none does (the caller then uses ImGui's built-in font).
UiFonts AddUiFonts(ImFontAtlas& atlas, float panel_pixels, float presenter_pixels);

}  // namespace partlab

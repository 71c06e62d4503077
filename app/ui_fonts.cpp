#include "app/ui_fonts.h"

#include <filesystem>

namespace partlab {

UiFonts AddUiFonts(ImFontAtlas& atlas, float panel_pixels, float presenter_pixels) {
  for (const char* path : kUiFontFiles) {
    if (!std::filesystem::exists(path)) continue;
    UiFonts fonts;
    fonts.panels = atlas.AddFontFromFileTTF(path, panel_pixels, nullptr, kUiGlyphRanges);
    if (!fonts.panels) continue;
    fonts.presenter = atlas.AddFontFromFileTTF(path, presenter_pixels, nullptr, kUiGlyphRanges);
    fonts.file = path;
    return fonts;
  }
  return {};
}

}  // namespace partlab

// Figures (View::DrawFigures, app/view.h) laid out in the rectangle they are given: interactively
// the whole display in the panels' font, in presenter mode the frame above the caption band in a
// font sized from the frame's height. A figure sized in font heights (ImGui::GetFontSize() inside
// its window, FigureFontPixels on a draw list) then looks the same in both, only larger.
#pragma once

#include <imgui.h>

#include "app/view.h"

namespace partlab {

// The main viewport's work area in the panels' own font: what UpdateWindows hands DrawFigures.
FigureArea WholeDisplayFigureArea();

// Presenter mode's area: the frame above `caption_top` (display coordinates), a margin in.
FigureArea PresenterFigureArea(float display_width, float display_height, float caption_top);

enum class FigureCorner { kTopLeft, kTopRight, kBottomLeft, kBottomRight, kBottomCentre };

// A borderless window sized to its contents, pinned to `corner` of `area` one font height in
// from its edges, never larger than the area, that never takes focus; its text is
// area.font_pixels high, its background `alpha` opaque under a software rasteriser. Always pair
// with EndFigureWindow, whatever it returns.
bool BeginFigureWindow(const char* id, const FigureArea& area, FigureCorner corner,
                       float alpha = 0.85f);
void EndFigureWindow(const FigureArea& area);

// For figures drawn straight onto a draw list (numbers written on the scene): the font and its
// height in pixels.
ImFont* FigureFont(const FigureArea& area);
float FigureFontPixels(const FigureArea& area);

// The size of `text` in `font` at `pixels` (wrapped at `wrap_width` when above 0), its width
// rounded up to whole pixels as ImGui::CalcTextSize rounds it (the panels' layout, pixel for
// pixel).
ImVec2 FigureTextSize(ImFont* font, float pixels, const char* text, float wrap_width = 0.0f);

// Inside a figure window: how much larger its text is than the panels' (1 interactively), for
// sizes given in the panels' pixels.
float FigureScale();

// Clips a draw list to the area (PushClipRect); pair with ImDrawList::PopClipRect.
void PushFigureClip(ImDrawList* list, const FigureArea& area);

}  // namespace partlab

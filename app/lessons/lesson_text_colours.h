// The colours of a lesson's text, one set for the Lessons window and the presenter caption, so a
// step's section, quote and error read the same in both.
#pragma once

#include <imgui.h>

namespace partlab {

inline const ImVec4 kLessonSectionColour(0.70f, 0.73f, 0.80f, 1.0f);
inline const ImVec4 kLessonQuoteColour(0.85f, 0.87f, 0.72f, 1.0f);
inline const ImVec4 kLessonErrorColour(1.0f, 0.35f, 0.30f, 1.0f);

}  // namespace partlab

// Presenter mode's only window: the step's title, caption, section and Portuguese quote, large, in
// a band across the bottom of the scene, sized from the framebuffer's height so a 960x540 export
// and a full-HD projector show the same proportions (docs/lessons.md).
#pragma once

#include <string>

#include "engine/lessons/lesson.h"

namespace partlab {

// `error`: the step's problem line, drawn in red above the caption when not empty. Returns the
// band's top edge (display coordinates): the view's figures are drawn above it.
float DrawPresenterCaption(const Lesson& lesson, int step, const std::string& error,
                           float framebuffer_width, float framebuffer_height);

}  // namespace partlab

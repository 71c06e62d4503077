// A lesson step's picture (the step key `image`, docs/lessons.md): a chart the bench generated,
// drawn as one of the step's figures beside the scene, so the class sees our measurement next to
// the claim the paper makes about its own chart. In presenter mode (and every export) it is pinned
// to the figure area's bottom left, hidden by --no-figures like the view's figures; in the
// Lessons window it follows the caption.
#pragma once

#include <string>

#include "app/render/png_texture.h"
#include "app/view.h"
#include "engine/lessons/lesson.h"

namespace partlab {

class StepImage {
 public:
  // Presenter mode: the picture in its own figure window, at most half the area's width and
  // three quarters of its height, its proportions kept. "" or the line saying why it cannot be
  // shown (reported once per step by the caller).
  std::string DrawFigure(const LessonStep& step, const FigureArea& area);
  // Inside the Lessons window: the picture across the window's width.
  std::string DrawInWindow(const LessonStep& step);

 private:
  std::string Load(const LessonStep& step);

  PngTexture texture_;
};

}  // namespace partlab

#include "app/lessons/step_image.h"

#include <imgui.h>

#include <algorithm>
#include <cstdint>

#include "app/panels/figure_area.h"

namespace partlab {

namespace {

// The share of the figure area a step's picture may take: the scene beside it stays readable.
constexpr float kMaxWidthShare = 0.5f;
constexpr float kMaxHeightShare = 0.75f;

ImTextureID TextureId(const PngTexture& texture) {
  return reinterpret_cast<ImTextureID>(texture.id());
}

// The largest size of the picture's proportions within (max_w, max_h).
ImVec2 Fit(const PngTexture& texture, float max_w, float max_h) {
  const float scale = std::min(max_w / float(texture.width()), max_h / float(texture.height()));
  return ImVec2(float(texture.width()) * scale, float(texture.height()) * scale);
}

}  // namespace

std::string StepImage::Load(const LessonStep& step) {
  if (step.image_path.empty()) return "";
  return texture_.Load(step.image_path, PngTexture::kMaxChartSide);
}

std::string StepImage::DrawFigure(const LessonStep& step, const FigureArea& area) {
  if (step.image_path.empty()) return "";
  if (std::string error = Load(step); !error.empty()) return error;
  const ImVec2 size = Fit(texture_, (area.max.x - area.min.x) * kMaxWidthShare,
                          (area.max.y - area.min.y) * kMaxHeightShare);
  if (BeginFigureWindow("##step_image", area, FigureCorner::kBottomLeft, 1.0f))
    ImGui::Image(TextureId(texture_), size);
  EndFigureWindow(area);
  return "";
}

std::string StepImage::DrawInWindow(const LessonStep& step) {
  if (step.image_path.empty()) return "";
  if (std::string error = Load(step); !error.empty()) return error;
  const float width = ImGui::GetContentRegionAvail().x;
  ImGui::Image(TextureId(texture_), Fit(texture_, width, width));
  return "";
}

}  // namespace partlab

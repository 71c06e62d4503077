// OpaqueWindowRects (app/ui_opaque_windows.h): which of a frame's ImGui windows hide the scene, so
// that ScreenDepthMask may skip shading it there. Runs ImGui without a renderer or a window.
#include "app/ui_opaque_windows.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <vector>

#include "tests/app/headless_imgui.h"

namespace partlab {
namespace {

class UiOpaqueWindows : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 6.0f;
    style.WindowBorderSize = 1.0f;
    style.Colors[ImGuiCol_WindowBg].w = 1.0f;  // opaque panels, as under a software rasteriser
  }
  HeadlessImGui imgui_;

  // Two frames, as in the app: a window's first frame may be hidden while it measures itself.
  std::vector<ScreenRect> RectsAfter(void (*ui)()) {
    std::vector<ScreenRect> rects;
    for (int frame = 0; frame < 2; ++frame) {
      ImGui::NewFrame();
      ui();
      ImGui::Render();
      OpaqueWindowRects(rects);
    }
    return rects;
  }
};

void Panel(const char* name, ImVec2 pos, ImVec2 size) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::Begin(name);
  ImGui::Text("%s", name);
  ImGui::End();
}

TEST_F(UiOpaqueWindows, AnOpaqueWindowIsItsRectangleInsetByItsRounding) {
  const auto rects = RectsAfter([] { Panel("Scene", {20, 30}, {400, 300}); });
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_FLOAT_EQ(rects[0].min.x, 26.0f);
  EXPECT_FLOAT_EQ(rects[0].min.y, 36.0f);
  EXPECT_FLOAT_EQ(rects[0].max.x, 414.0f);
  EXPECT_FLOAT_EQ(rects[0].max.y, 324.0f);
}

TEST_F(UiOpaqueWindows, TranslucentCollapsedAndClosedWindowsHideNothing) {
  const auto rects = RectsAfter([] {
    Panel("Opaque", {0, 0}, {200, 100});
    ImGui::SetNextWindowBgAlpha(0.85f);  // a legend over the scene: the scene shows through
    Panel("Legend", {300, 300}, {200, 100});
    ImGui::SetNextWindowCollapsed(true);
    Panel("Collapsed", {600, 600}, {300, 200});
    bool open = false;  // closed: Begin is not called at all
    if (open) Panel("Closed", {900, 0}, {100, 100});
  });
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_FLOAT_EQ(rects[0].min.x, 6.0f);
  EXPECT_FLOAT_EQ(rects[0].max.x, 194.0f);
}

TEST_F(UiOpaqueWindows, TranslucentStyleHidesNothing) {
  ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.88f;  // a GPU's panels
  EXPECT_TRUE(RectsAfter([] { Panel("Scene", {20, 30}, {400, 300}); }).empty());
}

TEST_F(UiOpaqueWindows, RectanglesAreInFramebufferPixels) {
  ImGui::GetIO().DisplayFramebufferScale = ImVec2(2, 2);  // a HiDPI window
  const auto rects = RectsAfter([] { Panel("Scene", {20, 30}, {400, 300}); });
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_FLOAT_EQ(rects[0].min.x, 52.0f);
  EXPECT_FLOAT_EQ(rects[0].max.y, 648.0f);
}

}  // namespace
}  // namespace partlab

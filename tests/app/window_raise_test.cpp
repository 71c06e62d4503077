// WindowRaise (app/panels/window_raise.h): a raised window ends above a window that ImGui creates
// after it in the same frame, as a lesson step's new view does. Runs ImGui without a renderer.
#include "app/panels/window_raise.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImGuiContext::Windows: back to front

#include <string>

#include "tests/app/headless_imgui.h"

namespace partlab {
namespace {

class WindowRaiseTest : public ::testing::Test {
 protected:
  HeadlessImGui imgui_;

  // One frame: "Lessons" (raised by `raise`) begun first, then "View" when `view` is on, both
  // over the same rectangle, as the app draws the Lessons window before the view's windows.
  void Frame(WindowRaise& raise, bool view) {
    ImGui::NewFrame();
    raise.BeforeBegin();
    Panel("Lessons");
    if (view) Panel("View");
    ImGui::EndFrame();
  }
  static void Panel(const char* name) {
    ImGui::SetNextWindowPos(ImVec2(100, 100));
    ImGui::SetNextWindowSize(ImVec2(300, 200));
    ImGui::Begin(name);
    ImGui::Text("%s", name);
    ImGui::End();
  }
  // The name of the frontmost of the two windows.
  static std::string Front() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    for (int i = g.Windows.Size - 1; i >= 0; --i) {
      const std::string name = g.Windows[i]->Name;
      if (name == "Lessons" || name == "View") return name;
    }
    return "";
  }
};

TEST_F(WindowRaiseTest, WithoutARaiseAWindowCreatedLaterCoversIt) {
  WindowRaise none;
  Frame(none, false);
  Frame(none, true);  // the step switched views: its window is new
  Frame(none, true);
  EXPECT_EQ(Front(), "View");
}

TEST_F(WindowRaiseTest, ARaiseRequestedWithTheNewViewEndsInFront) {
  WindowRaise raise;
  Frame(raise, false);
  raise.Request();
  Frame(raise, true);  // the view's first frame: created after the raised window
  Frame(raise, true);
  EXPECT_EQ(Front(), "Lessons");
}

TEST_F(WindowRaiseTest, OneFrameIsNotEnoughAgainstAWindowCreatedThatFrame) {
  WindowRaise raise;
  Frame(raise, false);
  raise.Request(1);
  Frame(raise, true);
  Frame(raise, true);
  EXPECT_EQ(Front(), "View");
}

TEST_F(WindowRaiseTest, TheRaiseEndsAfterItsFrames) {
  WindowRaise raise;
  Frame(raise, true);
  raise.Request();
  Frame(raise, true);
  Frame(raise, true);
  ASSERT_EQ(Front(), "Lessons");
  ImGui::FocusWindow(ImGui::FindWindowByName("View"));  // the user clicks the view's window
  Frame(raise, true);
  EXPECT_EQ(Front(), "View");
}

}  // namespace
}  // namespace partlab

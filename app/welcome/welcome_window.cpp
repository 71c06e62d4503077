#include "app/welcome/welcome_window.h"

#include "app/lessons/shown_language.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "app/lessons/lesson_catalog.h"
#include "app/param_settings.h"
#include "app/ui_style.h"
#include "app/view.h"
#include "engine/paths/data_paths.h"

namespace partlab {

namespace {

// A thumbnail's size in window points when there is room: the PNGs' own (make-thumbnails.sh).
constexpr float kThumbWidth = 192.0f, kThumbHeight = 108.0f;
// Two cards a row when each is at least this many font heights wide, else one.
constexpr float kTwoCardsFrom = 20.0f;
const ImVec4 kNameColour(0.93f, 0.60f, 0.32f, 1.0f);  // the material's orange (ui_style.cpp)
const ImVec4 kErrorColour(1.0f, 0.45f, 0.40f, 1.0f);

// The three texts as the lesson files name them (`source`), and their headings here.
constexpr const char* kTextHeadings[][2] = {
    {"Octree paper", N_("The octree paper")},
    {"Semi-adjusting BSP thesis", N_("The semi-adjusting BSP thesis")},
    {"Engine chapter", N_("The engine chapter")}};

const char* TextHeading(const std::string& source) {
  if (source.empty()) return _("Lesson files that did not read");
  for (const auto& [name, heading] : kTextHeadings)
    if (source == name) return _(heading);
  return source.c_str();  // a lesson of the teacher's own, under its own source
}

// A card's text: the view's name, then its description wrapped to `width`.
float CardTextHeight(const ViewEntry& view, float width) {
  return ImGui::GetTextLineHeightWithSpacing() +
         ImGui::CalcTextSize(_(view.description), nullptr, false, width).y;
}

// The thumbnail, or a plain box where its file is missing.
void DrawThumbnail(const PngTexture& texture, ImVec2 at, ImVec2 size) {
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 end(at.x + size.x, at.y + size.y);
  if (texture.loaded())
    draw.AddImage(reinterpret_cast<ImTextureID>(texture.id()), at, end);
  else
    draw.AddRectFilled(at, end, ImGui::GetColorU32(ImGuiCol_FrameBg));
  draw.AddRect(at, end, ImGui::GetColorU32(ImGuiCol_Border));
}

// A selectable row `height` high under text drawn over it: the whole row answers the click.
bool SelectableArea(const char* id, bool selected, float width, float height) {
  ImGui::PushID(id);
  const bool clicked = ImGui::Selectable("##area", selected, ImGuiSelectableFlags_AllowItemOverlap,
                                         ImVec2(width, height));
  ImGui::PopID();
  return clicked;
}

}  // namespace

std::string ThumbnailFileName(const std::string& view_name) {
  std::string file;
  for (char c : view_name)
    file += std::isalnum(static_cast<unsigned char>(c))
                ? char(std::tolower(static_cast<unsigned char>(c)))
                : '_';
  return file;
}

void WelcomeWindow::Start(Settings& settings, bool headless, bool welcome_flag, bool lesson_given,
                          bool no_ui) {
  settings_ = &settings;
  std::string note;
  LoadParam(settings, kShowWelcomeAtStart, show_at_start_, note);
  const bool wanted = headless ? welcome_flag : settings.first_run() || show_at_start_;
  if (wanted && !lesson_given && !no_ui) Toggle();
}

void WelcomeWindow::Toggle() {
  open_ = !open_;
  if (!open_) return;
  raise_.Request();
  if (!shelf_read_) {  // the lesson files are read when the window first opens, not at every start
    shelf_read_ = true;
    shelf_ = ReadLessonShelf(LessonNames());
    for (const ShelfText& text : shelf_) lesson_count_ += int(text.lessons.size());
  }
  // For logs and the first-start test: the window is what the user sees first.
  std::printf("partlab: welcome window shown (%zu views, %d lessons)\n", RegisteredViews().size(),
              lesson_count_);
  std::fflush(stdout);
}

void WelcomeWindow::LoadThumbnails() {
  if (thumbnails_loaded_) return;
  thumbnails_loaded_ = true;
  const std::string dir = AssetDirectory() + "/thumbnails/";
  thumbnails_.resize(RegisteredViews().size());
  // A missing or unreadable file leaves its texture empty: the card shows a plain box.
  for (size_t i = 0; i < thumbnails_.size(); ++i)
    thumbnails_[i].Load(dir + ThumbnailFileName(RegisteredViews()[i].name) + ".png",
                        PngTexture::kMaxThumbnailSide);
}

WelcomeChoice WelcomeWindow::Draw(int current_view) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureKeyboard && ImGui::IsKeyPressed(GLFW_KEY_HOME, false)) Toggle();
  WelcomeChoice choice;
  if (!open_) return choice;
  LoadThumbnails();
  const float font = ImGui::GetFontSize();
  const ImVec2 display = io.DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  // Most of the screen on a large one, all but a margin on a projector's 1280x720.
  ImGui::SetNextWindowSize(
      ImVec2(std::min(display.x - 2 * font, std::max(76 * font, 0.8f * display.x)),
             std::min(display.y - 2 * font, std::max(46 * font, 0.8f * display.y))),
      ImGuiCond_Appearing);
  SetNextWindowBgAlphaForRenderer(0.96f);
  raise_.BeforeBegin();
  // untranslated: "welcome" is the window's ImGui ID, kept whatever its title reads
  if (!ImGui::Begin(WindowTitle(_("Welcome to Partition Lab"), "welcome"), &open_,
                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return choice;
  }
  ImGui::TextWrapped("%s", _("Spatial partitioning for collision detection, after three texts: "
                             "an octree paper, a thesis on a semi-adjusting BSP and a chapter on "
                             "game engines. Click a view to open it, or a lesson to play it step "
                             "by step."));
  ImGui::Spacing();
  // The two lists scroll inside what the footer leaves; each under its one-line heading.
  const float footer = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  const float lists = std::max(ImGui::GetContentRegionAvail().y - footer, 4 * font) -
                      ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginTable("welcome", 2,
                        ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("##views", ImGuiTableColumnFlags_WidthStretch, 0.58f);
    ImGui::TableSetupColumn("##lessons", ImGuiTableColumnFlags_WidthStretch, 0.42f);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    choice.view = ViewCards(current_view, lists);
    ImGui::TableSetColumnIndex(1);
    choice.lesson = LessonList(lists);
    ImGui::EndTable();
  }
  Footer();
  ImGui::End();
  if (choice.view >= 0) {
    std::printf("partlab: welcome: view %s\n", RegisteredViews()[size_t(choice.view)].name);
    open_ = false;
  } else if (!choice.lesson.empty()) {
    std::printf("partlab: welcome: lesson %s\n", choice.lesson.c_str());
    open_ = false;
  }
  std::fflush(stdout);
  return choice;
}

// The views, two cards a row where they fit: the thumbnail, then the name and the description.
int WelcomeWindow::ViewCards(int current_view, float list_height) {
  int chosen = -1;
  ImGui::TextDisabled("%s", _("Views: click one to open it"));
  if (!ImGui::BeginChild("views", ImVec2(0, list_height))) {
    ImGui::EndChild();
    return chosen;
  }
  const auto& views = RegisteredViews();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float font = ImGui::GetFontSize();
  const float room = ImGui::GetContentRegionAvail().x;
  const int per_row = room >= 2 * kTwoCardsFrom * font + style.ItemSpacing.x ? 2 : 1;
  const float card = (room - style.ItemSpacing.x * float(per_row - 1)) / float(per_row);
  const float thumb_w = std::min(kThumbWidth, card * 0.42f);
  const ImVec2 thumb(thumb_w, thumb_w * kThumbHeight / kThumbWidth);
  const float pad = style.FramePadding.x;
  const float text_w = card - thumb.x - 3 * pad;
  static const PngTexture kNoThumbnail;
  ImVec2 row_top = ImGui::GetCursorScreenPos();
  for (size_t row = 0; row < views.size(); row += size_t(per_row)) {
    const size_t end = std::min(views.size(), row + size_t(per_row));
    // One height for the row's cards: the tallest text, or the thumbnail.
    float height = thumb.y;
    for (size_t i = row; i < end; ++i) height = std::max(height, CardTextHeight(views[i], text_w));
    height += 2 * pad;
    for (size_t i = row; i < end; ++i) {
      const ImVec2 top(row_top.x + float(i - row) * (card + style.ItemSpacing.x), row_top.y);
      ImGui::SetCursorScreenPos(top);
      ImGui::PushID(int(i));
      if (SelectableArea("card", int(i) == current_view, card, height)) chosen = int(i);
      DrawThumbnail(i < thumbnails_.size() ? thumbnails_[i] : kNoThumbnail,
                    ImVec2(top.x + pad, top.y + pad), thumb);
      ImGui::SetCursorScreenPos(ImVec2(top.x + thumb.x + 2 * pad, top.y + pad));
      ImGui::BeginGroup();
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + text_w);
      ImGui::TextColored(kNameColour, "%s", _(views[i].name));
      ImGui::TextWrapped("%s", _(views[i].description));
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      ImGui::PopID();
    }
    row_top.y += height + style.ItemSpacing.y;
  }
  ImGui::SetCursorScreenPos(row_top);
  ImGui::Dummy(ImVec2(0, 0));
  ImGui::EndChild();
  return chosen;
}

// The lessons under the text each follows: the title, and the sections its steps cite.
std::string WelcomeWindow::LessonList(float list_height) {
  std::string chosen;
  ImGui::TextDisabled("%s", _("Lessons, by the text they follow"));
  if (!ImGui::BeginChild("lessons", ImVec2(0, list_height))) {
    ImGui::EndChild();
    return chosen;
  }
  const LessonLanguage language = ShownLessonLanguage();
  for (const ShelfText& text : shelf_) {
    ImGui::PushID(text.source.c_str());
    if (ImGui::CollapsingHeader(TextHeading(text.source), ImGuiTreeNodeFlags_DefaultOpen)) {
      for (const ShelfLesson& lesson : text.lessons) {
        ImGui::Dummy(ImVec2(0, ImGui::GetStyle().ItemSpacing.y));  // a gap between lessons
        if (!lesson.error.empty()) {
          ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
          ImGui::TextWrapped("%s", lesson.error.c_str());
          ImGui::PopStyleColor();
          continue;
        }
        const float width = ImGui::GetContentRegionAvail().x;
        const std::string sections = "§ " + lesson.sections;  // the sign reads in both languages
        const float height =
            ImGui::CalcTextSize(ShelfTitle(lesson, language).c_str(), nullptr, false, width).y +
            (lesson.sections.empty()
                 ? 0.0f
                 : ImGui::CalcTextSize(sections.c_str(), nullptr, false, width).y);
        const ImVec2 top = ImGui::GetCursorScreenPos();
        if (SelectableArea(lesson.name.c_str(), false, width, height)) chosen = lesson.name;
        if (ImGui::IsItemHovered() && !ShelfSummary(lesson, language).empty()) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
          ImGui::TextUnformatted(ShelfSummary(lesson, language).c_str());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
        const ImVec2 after = ImGui::GetCursorScreenPos();
        ImGui::SetCursorScreenPos(top);
        ImGui::BeginGroup();
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
        ImGui::TextUnformatted(ShelfTitle(lesson, language).c_str());
        if (!lesson.sections.empty()) ImGui::TextDisabled("%s", sections.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndGroup();
        ImGui::SetCursorScreenPos(after);
      }
    }
    ImGui::PopID();
  }
  ImGui::EndChild();
  return chosen;
}

// "Show at start", kept in settings.ini, and the keys that open the windows.
void WelcomeWindow::Footer() {
  if (ImGui::Checkbox(_(kShowWelcomeAtStart.label), &show_at_start_) && settings_)
    SaveParam(*settings_, kShowWelcomeAtStart, show_at_start_);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", _(kShowWelcomeAtStart.tip));
  ImGui::SameLine();
  ImGui::TextDisabled("%s", _("Home: this window.  L: lessons.  H: help."));
}

}  // namespace partlab

// The Portals view (portals_view.h): the level, the observer, the panels and windows.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/trigonometric.hpp>
#include <string>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/panels/stats_panel.h"
#include "app/panels/tooltip.h"
#include "app/view.h"
#include "app/view/view_flags_cli.h"
#include "app/views/portals/portals_panels.h"
#include "app/views/portals/portals_scene.h"
#include "app/views/portals/portals_view.h"
#include "engine/paths/data_paths.h"
#include "engine/visibility/level_generator.h"
#include "engine/visibility/level_parser.h"

namespace partlab {

namespace {

const char* const kLevels[] = {"class", "large"};

}  // namespace

// --preset: comma-separated words: class | large | corridor (the level; corridor: the generated
// 3,000-cell one), windows | frusta (whose result the god view shows), walk (start walking),
// at=S (the observer S units along the walk).
void PortalsView::ApplyPreset(const ViewStart& launch) {
  print_summary_ = launch.screenshot;
  std::string level = "class";
  float at = 0.0f;
  size_t start = 0;
  const std::string p = launch.flags.Text("--preset");
  while (!p.empty() && start <= p.size()) {
    const size_t comma = p.find(',', start);
    const std::string word = p.substr(start, comma == std::string::npos ? comma : comma - start);
    char* end = nullptr;
    if (word == "class" || word == "large" || word == "corridor") {
      level = word;
    } else if (word == "windows") {
      overlay_.variant = PortalVariant::kScreenPolygon;
    } else if (word == "frusta") {
      overlay_.variant = PortalVariant::kFrustum;
    } else if (word == "walk") {
      walking_ = true;
    } else if (word.rfind("at=", 0) == 0 &&
               (at = std::strtof(word.c_str() + 3, &end), end && *end == '\0') &&
               std::isfinite(at) && at >= 0.0f) {
    } else if (!word.empty()) {
      at = 0.0f;
      notices().Note(Formatted(_("partlab: --preset: '%s' means nothing to the Portals view "
                                 "(class, large, corridor, windows, frusta, walk, at=S with S >= "
                                 "0), ignored"),
                               word.c_str()));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (level == "corridor")
    LoadCorridor(3000);
  else
    Load(LevelPath(level.c_str()));
  walk_s_ = std::min(at, scene_.walk().length);
  scene_.PlaceOnWalk(walk_s_);
}

// From above and a little south, the whole level in the strip between the Scene panel (the
// left quarter) and this view's windows (the right third).
void PortalsView::FrameGodView(glm::vec2 framebuffer) {
  const float aspect = framebuffer.y > 0.0f ? framebuffer.x / framebuffer.y : 16.0f / 9.0f;
  constexpr float kStripLeft = 0.25f, kStripRight = 0.66f;
  OrbitCamera& c = app_.camera;
  c.yaw = 0.25f;
  c.pitch = 0.95f;
  scene_.Update();  // the PVS row of the observer's cell
  const bool large = scene_.level().cells.size() > 40;
  c.Frame(large ? scene_.Neighbourhood() : scene_.level().bounds,
          aspect * (kStripRight - kStripLeft));
  c.distance *= 0.8f;
  const float visible_w = 2.0f * c.distance * std::tan(c.fov_y * 0.5f) * aspect;
  c.target -= c.Right() * ((0.5f * (kStripLeft + kStripRight) - 0.5f) * visible_w);
  frame_camera_ = false;
}

void PortalsView::LoadCorridor(int cells) {
  CorridorLevelOptions options;
  options.cells = cells;
  const std::string name = Formatted(_("generated corridor (%d cells)"), cells);
  LevelLoad load = ParseLevel(WriteLevel(MakeCorridorLevel(options)), name);
  for (const std::string& e : load.errors) notices().Error("partlab: " + e);
  if (load.ok()) SetLevel(std::move(load.level), name);
}

void PortalsView::PrintSummary() const {
  const auto& w = scene_.result(PortalVariant::kScreenPolygon);
  const auto& f = scene_.result(PortalVariant::kFrustum);
  const int cell = scene_.observer_cell();
  std::printf(
      "partlab: portals: level %s, %zu cells, %zu polygons, observer in %s; 2-D windows: %zu "
      "cells, %zu polygons drawn, %zu calls; frusta: %zu cells, %zu polygons drawn, %zu calls; "
      "PVS + frustum: %zu polygons drawn; frustum alone: %zu; portals + PVS: %zu; conservative "
      "PVS + frustum: %zu; PVS %s (%.0f%%)\n",
      scene_.level().name.c_str(), scene_.level().cells.size(), scene_.level().polygons.size(),
      cell >= 0 ? scene_.level().cells[size_t(cell)].name.c_str() : "no cell", w.cells_visited,
      w.polygons_drawn, w.nodes.size(), f.cells_visited, f.polygons_drawn, f.nodes.size(),
      scene_.drawn(kPvsFrustum), scene_.drawn(kFrustumOnly), scene_.drawn(kPortalsWithPvs),
      scene_.drawn(kConservativePvsFrustum),
      scene_.pvs_building() ? "building" : (scene_.pvs_cancelled() ? "cancelled" : "built"),
      100.0 * scene_.pvs_progress());
  std::fflush(stdout);
}

void PortalsView::UpdateGui() {
  ImGui::TextWrapped("%s", _("Portals and the PVS (section 3.2.3.4): convex cells, portals "
                             "between them, render(cell, camera, view) narrowing the view at "
                             "each portal."));
  for (const char* name : kLevels) {  // the shipped levels' file names, as --preset names them
    if (ImGui::Button(name)) Load(LevelPath(name));
    ImGui::SameLine();
  }
  if (ImGui::Button("corridor")) LoadCorridor(3000);  // untranslated: the --preset word
  Tip(
      _("A generated corridor of 3,000 cells (docs/portals.md): its PVS takes long to build, "
        "so it is built a slice per frame with its progress shown, and can be cancelled."));
  ImGui::InputText(_("file"), path_, sizeof path_);
  ImGui::SameLine();
  if (ImGui::Button(_("Load"))) Load(path_);
  Tip(
      _("A level file (docs/portals.md). One that fails validation is not loaded: its "
        "problems are listed in the status bar, file:line each."));
  // Wrapped: a generated level's name and counts are long (corridor-3000 at 1280x720).
  ImGui::TextWrapped(_("%s: %zu cells, %zu portals, %zu polygons"), scene_.level().name.c_str(),
                     scene_.level().cells.size(), scene_.level().portals.size(),
                     scene_.level().polygons.size());

  int variant = int(overlay_.variant);
  ImGui::TextUnformatted(_("God view shows"));
  ImGui::RadioButton(_("2-D windows"), &variant, int(PortalVariant::kScreenPolygon));
  Tip(
      _("\"Utilizando polígonos 2D\": the portal projected on the screen and intersected with "
        "the current window (section 3.2.3.4)."));
  ImGui::SameLine();
  ImGui::RadioButton(_("frusta"), &variant, int(PortalVariant::kFrustum));
  Tip(
      _("\"Utilizando view frustrum\": planes from the eye through the portal's edges (section "
        "3.2.3.4)."));
  overlay_.variant = PortalVariant(variant);
  ImGui::Checkbox(_("frusta in the world"), &overlay_.show_frusta);
  ImGui::SameLine();
  ImGui::Checkbox(_("PVS floors"), &overlay_.show_pvs);
  Tip(
      _("Blue floors: cells in the PVS row of the observer's cell that the recursion did not "
        "reach from here. Orange: cells render() visited. Yellow: the observer's cell. Red: "
        "cells the conservative PVS row holds and the sampled one lacks (point sampling missed "
        "them, section 3.2.3.4), visited or not."));
  ImGui::Checkbox(_("culled walls"), &overlay_.show_culled_walls);
  ObserverGui();

  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);  // room for Rebuild on the same line
  ImGui::SliderFloat(_("PVS density"), &pvs_density_, 0.02f, 4.0f, _("%.2f points/unit²"),
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  Tip(
      _("Sample points per square unit of floor for the point-sampling PVS (section 3.2.3.4). "
        "Sparse sampling misses narrow lines of sight: holes on the screen."));
  ImGui::SameLine();
  if (ImGui::Button(_("Rebuild"))) scene_.RebuildPvs(pvs_density_);
  PvsBuildGui();
  TechniqueTable(scene_);
  ImGui::Checkbox(_("screen"), &show_screen_);
  ImGui::SameLine();
  ImGui::Checkbox(_("tree"), &show_tree_);
  ImGui::SameLine();
  ImGui::Checkbox(_("PVS matrix"), &show_matrix_);
}

// The builds' progress and Cancel; then what the tables cost and what sampling misses.
void PortalsView::PvsBuildGui() {
  if (scene_.pvs_building()) {
    const std::string label =
        Formatted(_("building the PVS: %.0f%%"), 100.0 * scene_.pvs_progress());
    ImGui::ProgressBar(float(scene_.pvs_progress()), ImVec2(-ImGui::GetFontSize() * 5.0f, 0),
                       label.c_str());
    ImGui::SameLine();
    if (ImGui::Button(_("Cancel"))) scene_.CancelPvs();
    Tip(
        _("\"O cálculo de construção da PVS costuma ser caro\" (section 3.2.3.4): the tables are "
          "built a slice per frame; the view keeps drawing. Cancel stops both builds; the "
          "techniques that need a table show '-'."));
  } else if (scene_.pvs_cancelled()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "%s",
                       _("PVS build cancelled: Rebuild to start again."));
  }
  if (scene_.pvs_ready())
    ImGui::Text(_("sampled PVS: %zu points, %.3f s, %zu bytes"), scene_.pvs().points(),
                scene_.pvs().seconds(), scene_.pvs().Bytes());
  if (scene_.conservative_ready()) {
    ImGui::Text(_("conservative PVS: %.3f s"), scene_.conservative().seconds());
    Tip(
        _("From-region visibility through portal sequences: a cell is kept when a line in the "
          "floor plan crosses every portal of some chain to it. Never excludes a visible cell."));
  }
  if (scene_.pvs_ready() && scene_.conservative_ready()) {
    const size_t pairs = scene_.conservative_pairs();
    ImGui::Text(_("sampling lacks %zu of %zu pairs (%.1f%%)"), scene_.sampled_misses(), pairs,
                100.0 * double(scene_.sampled_misses()) / double(std::max<size_t>(pairs, 1)));
    Tip(
        _("Cell pairs the conservative PVS holds and the sampled one lacks at this density (red "
          "floors and red squares in the matrix). Raise the density and Rebuild to see it "
          "fall."));
  }
}

void PortalsView::ObserverGui() {
  PortalsObserver& o = scene_.observer();
  ImGui::Checkbox(_("walk"), &walking_);
  Tip(_("The observer walks from the first cell to the farthest one through the doors."));
  ImGui::SameLine();
  // The slider shortened by the checkbox beside it, so the row ends where the others do.
  ImGui::SetNextItemWidth(ImGui::CalcItemWidth() - ImGui::GetItemRectSize().x -
                          ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::SliderFloat(_("along"), &walk_s_, 0.0f, scene_.walk().length, "%.1f",
                         ImGuiSliderFlags_AlwaysClamp))
    scene_.PlaceOnWalk(walk_s_);
  float yaw = glm::degrees(o.yaw), pitch = glm::degrees(o.pitch), fov = glm::degrees(o.fov_y);
  if (ImGui::SliderFloat(_("yaw"), &yaw, -180.0f, 180.0f, "%.0f°", ImGuiSliderFlags_AlwaysClamp))
    o.yaw = glm::radians(yaw);
  if (ImGui::SliderFloat(_("pitch"), &pitch, -60.0f, 60.0f, "%.0f°", ImGuiSliderFlags_AlwaysClamp))
    o.pitch = glm::radians(pitch);
  if (ImGui::SliderFloat(_("fov"), &fov, 30.0f, 110.0f, "%.0f°", ImGuiSliderFlags_AlwaysClamp))
    o.fov_y = glm::radians(fov);
  ImGui::TextDisabled("%s", _("Click a floor to move the observer there."));
}

void PortalsView::UpdateWindows() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float font = ImGui::GetFontSize();
  // A column on the right under the Stats window: screen, tree, matrix.
  const float right_w = std::min(display.x * 0.32f, font * 34.0f);
  const float x = display.x - right_w - 8, screen_top = BelowStatsPanelY();
  const float tree_top = screen_top + right_w / 1.7f + font * 3.5f;
  const float matrix_side = std::min(display.y * 0.30f, font * 24.0f);
  if (show_screen_) {
    ImGui::SetNextWindowPos(ImVec2(x, screen_top), ImGuiCond_FirstUseEver);
    // untranslated: the window's ID
    if (ImGui::Begin(WindowTitle(_("Observer's screen (2-D windows)"), "portals_screen"),
                     &show_screen_, ImGuiWindowFlags_AlwaysAutoResize)) {
      ObserverScreen(scene_, right_w - font);
      ImGui::TextDisabled("%s", _("Filled: the window at each portal, by recursion depth."));
    }
    ImGui::End();
  }
  if (show_tree_) {
    ImGui::SetNextWindowPos(ImVec2(x, tree_top), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(
        ImVec2(right_w - matrix_side - font * 2.0f, display.y - tree_top - font),
        ImGuiCond_FirstUseEver);
    // Deep recursions indent past any width: the window scrolls sideways rather than cut them.
    // untranslated: the window's ID
    if (ImGui::Begin(WindowTitle(_("Recursion tree"), "portals_tree"), &show_tree_,
                     ImGuiWindowFlags_HorizontalScrollbar))
      RecursionTree(scene_, overlay_.variant, &tree_children_);
    ImGui::End();
  }
  if (show_matrix_) {
    ImGui::SetNextWindowPos(ImVec2(display.x - matrix_side - font * 1.5f - 8, tree_top),
                            ImGuiCond_FirstUseEver);
    // untranslated: the window's ID
    if (ImGui::Begin(WindowTitle(_("PVS matrix"), "portals_pvs"), &show_matrix_,
                     ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::TextDisabled("%s", _("row: from, column: to"));
      PvsMatrix(scene_, matrix_side);
    }
    ImGui::End();
  }
}

// The observer's screen and the PVS matrix, drawn by the same functions as in the windows above.
void PortalsView::DrawFigures(const FigureArea& area) {
  const float pad = area.font_pixels;
  if (show_screen_) {
    if (BeginFigureWindow("##observer's screen", area, FigureCorner::kTopRight)) {
      ImGui::TextUnformatted(_("The observer's screen: a 2-D window per portal"));
      ObserverScreen(scene_, std::min((area.max.x - area.min.x) * 0.3f, pad * 20.0f));
      ImGui::TextDisabled("%s", _("filled by recursion depth"));
    }
    EndFigureWindow(area);
  }
  if (show_matrix_) {
    if (BeginFigureWindow("##pvs matrix", area, FigureCorner::kTopLeft)) {
      ImGui::TextUnformatted(_("PVS: can cell X (row) see cell Y?"));
      PvsMatrix(scene_, (area.max.y - area.min.y) * 0.4f, pad * 1.3f, /*named=*/true);
      ImGui::TextDisabled("%s", _("yellow: the observer's cell"));
    }
    EndFigureWindow(area);
  }
}

namespace {

std::unique_ptr<View> CreatePortalsView(AppContext& app) {
  return std::make_unique<PortalsView>(app);
}

void AddPortalsFlags(ViewFlagDefs& defs) {
  AddViewTextFlag(defs, "--preset", "NAME",
                  _("Portals: class|large|corridor, windows|frusta, walk, at=S"), kPresetLead);
}

const bool kPortalsViewRegistered =
    RegisterView({N_("Portals"), N_("Portals and the PVS on indoor levels (section 3.2.3.4)"),
                  &CreatePortalsView,
                  /*uses_model=*/false, &LessonVerbSpecs<PortalsView>, &AddPortalsFlags});

}  // namespace

}  // namespace partlab

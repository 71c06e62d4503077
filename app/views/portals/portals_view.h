// The Portals view (section 3.2.3.4): an indoor level of convex cells joined by portals, seen from
// above (the god view) while an observer walks through it. Live: the cells the recursive
// renderer visits, the narrowed view at each portal (the 2-D windows on the observer's screen,
// the frusta in the world), the recursion tree, the PVS as a matrix and as tinted floors, and
// what each technique sends to the pipeline. A click on a floor moves the observer there.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/view.h"
#include "app/views/portals/portals_scene.h"
#include "engine/paths/data_paths.h"
#include "engine/visibility/level_parser.h"

namespace partlab {

class PortalsView final : public View {
 public:
  explicit PortalsView(AppContext& app) : View(app), app_(app) {
    ApplyPreset(app.start);
    if (scene_.level().cells.empty()) Load(LevelPath("class"));
  }

  void Step(float dt) override {
    if (!walking_ || scene_.walk().length <= 0.0f) return;
    walk_s_ = std::fmod(walk_s_ + 1.4f * dt, scene_.walk().length);
    scene_.PlaceOnWalk(walk_s_);
  }
  // Frames keep coming while a PVS is being built: each one runs a slice of the build.
  bool Animating() const override { return walking_ || scene_.pvs_building(); }

  void Render(const RenderContext& ctx, DebugDraw& draw) override {
    // A slice of the PVS builds per frame (about half a 60 Hz frame), so the view keeps drawing.
    if (scene_.pvs_building()) scene_.BuildPvsFor(kBuildSliceSeconds);
    if (frame_camera_) FrameGodView(ctx.framebuffer_size);
    scene_.Update();
    scene_.EmitOverlay(overlay_, draw);
    if (print_summary_ && ++summary_frames_ == 2) PrintSummary();
  }

  bool Pick(const PickRay& ray) override {
    walking_ = false;
    return scene_.PlaceAt(ray.origin, ray.dir);
  }

  void UpdateGui() override;
  void UpdateWindows() override;
  void DrawFigures(const FigureArea& area) override;  // the observer's screen, the PVS matrix
  // Lessons (docs/lessons.md): portals_lesson_verbs.cpp.
  std::string RunLessonAction(const LessonCommand& action) override;
  std::string CheckLessonClaim(const LessonCommand& check) override;
  static std::span<const LessonVerbRow<PortalsView>> LessonVerbTable();

 private:
  static constexpr double kBuildSliceSeconds = 0.008;

  static std::string LevelPath(const char* name) {
    return AssetDirectory() + "/levels/" + name + ".level";
  }

  // A level that fails validation leaves the current one in place: its errors go to stderr and
  // the status bar (the view's notices), one line each.
  void Load(const std::string& path) {
    LevelLoad load = LoadLevelFile(path);
    for (const std::string& e : load.errors) notices().Error("partlab: " + e);
    if (!load.ok()) return;
    SetLevel(std::move(load.level), path);
  }
  // The generated corridor (level_generator.h), made in memory: no large file is shipped.
  void LoadCorridor(int cells);
  void SetLevel(IndoorLevel level, const std::string& source) {
    scene_.SetLevel(std::move(level), source);
    // A screenshot shows a small level's finished tables; a large one's build in progress.
    if (print_summary_ && scene_.level().cells.size() <= 1000) scene_.FinishPvs();
    walk_s_ = 0.0f;
    frame_camera_ = true;
  }
  void PvsBuildGui();

  void ApplyPreset(const ViewStart& launch);
  void FrameGodView(glm::vec2 framebuffer);
  void PrintSummary() const;
  void ObserverGui();
  // portals_lesson_verbs.cpp
  std::string ReadCellNames(const LessonCommand& command, std::vector<uint8_t>* cells) const;
  std::string CheckVisibleCells(const LessonCommand& check) const;
  std::string CheckPvsRow(const LessonCommand& check) const;
  std::string CheckPvsHoldsReachedCells(const char* verb) const;
  std::string CheckPvsAlongWalk(const LessonCommand& check);
  std::string CheckPvsMisses(const LessonCommand& check);
  bool RaySeesCellOutsidePvs() const;
  std::string CellNames(const std::vector<uint8_t>& cells) const;

  AppContext& app_;
  PortalsScene scene_;
  PortalsOverlayOptions overlay_;
  std::vector<std::vector<int>> tree_children_;
  char path_[256] = "";
  float walk_s_ = 0.0f;
  float pvs_density_ = 0.5f;
  bool walking_ = false;
  bool frame_camera_ = true;
  bool show_screen_ = true, show_tree_ = true, show_matrix_ = true;
  bool print_summary_ = false;
  int summary_frames_ = 0;
};

}  // namespace partlab

// The Simulation view's physics mode (sim_physics.h): the scene, its step and timings, side by
// side, compare, recording, and their panel pieces.
#include "app/views/simulation/sim_physics.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/panels/tooltip.h"
#include "app/ui_style.h"
#include "app/views/simulation/sim_picture.h"
#include "engine/thread_cpu_clock.h"

namespace partlab::simulation_view {

SimPhysics::~SimPhysics() {
  if (recording_) recorder_.Close();
}

void SimPhysics::Reset() {
  if (recording_) {
    record_status_ = recorder_.Close();
    recording_ = false;
  }
  const SceneInfo& scene_info = info();
  scene_ = scene_info.make();
  SceneParams params = scene_info.defaults();
  params.seed = uint64_t(seed_);
  if (body_count_ > 0) params.body_count = uint32_t(body_count_);
  scene_->Create(params, choice_.Make(choice_.algo));
  scene_->world().SetFrameObserver([this](std::span<const Aabb> frame, std::span<const BoxPair> p) {
    pairs_.assign(p.begin(), p.end());
    frame_.assign(frame.begin(), frame.end());  // compare mode, side by side, lesson checks
    if (recording_) record_status_ = recorder_.Record(frame);
  });
  pairs_.clear();
  for (auto* plot : {&plot_update_, &plot_pairs_ms_, &plot_pairs_, &plot_depth_, &plot_physics_})
    plot->Clear();
  compare_.Clear();
  if (side_by_side_) companion_.Start(companion_algo_);
  UpdateSceneRegion();
}

void SimPhysics::Step(StepControl& /*stepping*/) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  last_ = scene_->Step();
  step_ms_ = MsSince(start);
  step_cpu_ms_.Push(float(ThreadCpuMs() - cpu_start));
  plot_update_.Push(float(last_.update_ms));
  plot_pairs_ms_.Push(float(last_.pairs_ms));
  plot_pairs_.Push(float(last_.pairs));
  plot_physics_.Push(float(last_.physics_ms()));
  UpdateSceneRegion();
  if (const auto* bsp = dynamic_cast<const SemiAdjustingBsp*>(broad_phase()))
    plot_depth_.Push(float(bsp->last_stats().max_depth));
  if (const BroadPhase* bp = broad_phase())
    primary_caption_ = CaptionOf(*bp, {last_.update_ms, last_.pairs_ms}, last_.pairs);
  if (side_by_side_) {
    if (!companion_.running()) companion_.Start(companion_algo_);
    companion_.Step(frame_);
  }
  if (compare_.on()) compare_.Run(frame_, choice_);
}

// The region the scene occupies: every static box, and per axis the 1st to 99th percentile of
// the bodies' centres (a few bodies flung far away would otherwise set the camera and the planes'
// extent). Recomputed once per physics step; the scratch arrays keep their capacity.
void SimPhysics::UpdateSceneRegion() {
  const PhysicsWorld& w = scene_->world();
  const std::span<const Aabb> boxes = w.Aabbs();
  Aabb region;
  for (auto& s : region_scratch_) s.clear();
  for (BodyId id = 0; id < boxes.size(); ++id) {
    if (boxes[id].IsEmpty()) continue;
    if (w.IsStatic(id)) {
      region.Grow(boxes[id]);
      continue;
    }
    const glm::vec3 c = boxes[id].Center();
    for (int k = 0; k < 3; ++k) region_scratch_[k].push_back(c[k]);
  }
  const size_t n = region_scratch_[0].size();
  if (n > 0) {
    glm::vec3 lo, hi;
    for (int k = 0; k < 3; ++k) {
      auto& v = region_scratch_[k];
      std::nth_element(v.begin(), v.begin() + n / 100, v.end());
      lo[k] = v[n / 100];
      std::nth_element(v.begin(), v.begin() + (n - 1) * 99 / 100, v.end());
      hi[k] = v[(n - 1) * 99 / 100];
    }
    region.Grow(Aabb{lo - glm::vec3(1.0f), hi + glm::vec3(1.0f)});
  }
  region_ = region;
}

void SimPhysics::FrameCamera(OrbitCamera& camera) {
  UpdateSceneRegion();
  Aabb bounds = region_;
  if (bounds.IsEmpty()) bounds = Aabb{glm::vec3(-20.0f), glm::vec3(20.0f)};
  camera.yaw = 0.65f;
  camera.pitch = 0.55f;
  camera.Frame(bounds, 16.0f / 9.0f);
  camera.distance *= 0.82f;  // the 10 % margin of Frame is generous for a full scene
}

void SimPhysics::BuildInstances(SimPicture& picture, const SemiAdjustingBsp* bsp) {
  picture.BuildLive(scene_->world(), pairs_, bsp);
}

// The scene's region, with headroom so planes rise above the bodies.
void SimPhysics::AdjustOverlay(BspOverlayOptions& options) const {
  const float headroom = 0.5f * region_.Extent().y;
  options.clip = Aabb{region_.min, region_.max + glm::vec3(0.0f, headroom, 0.0f)};
}

void SimPhysics::StatusLine(std::span<char> text, const SimStatus& status) const {
  const SceneInfo& i = info();
  const PhysicsWorld& w = scene_->world();
  std::snprintf(text.data(), text.size(),
                _("Scene %d %s | %s | %u boxes (%u bodies, %u static) | step %llu | %u pairs | "
                  "step %.1f ms (broad phase %.2f, physics %.1f) | draw %.1f ms%s"),
                i.number, _(i.title.data()), status.algo.c_str(),
                w.DynamicCount() + w.StaticCount(), w.DynamicCount(), w.StaticCount(),
                (unsigned long long)scene_->step_count(), last_.pairs, step_ms_,
                last_.broad_phase_ms(), last_.physics_ms(), status.render_ms,
                status.playing ? "" : _(" | paused"));
}

void SimPhysics::PrintReport(const SimFrameTimings& frame, size_t planes_drawn) const {
  if (plot_physics_.count() == 0) return;
  // The frame split the performance target is about: physics, broad phase, drawing.
  std::printf(
      "partlab: simulation medians over the last %d steps / %d frames: physics (ODE) "
      "%.2f ms, broad phase %.2f ms (update %.2f + pairs %.2f), render CPU %.2f ms "
      "(instances %.2f, draw submit %.2f, overlay %.2f), %u bodies, %u pairs, "
      "%zu planes drawn%s%s\n",
      plot_physics_.count(), frame.render.count(), plot_physics_.Median(),
      plot_update_.Median() + plot_pairs_ms_.Median(), plot_update_.Median(),
      plot_pairs_ms_.Median(), frame.render.Median(), frame.instances.Median(),
      frame.submit.Median(), frame.overlay.Median(), scene_->world().DynamicCount(), last_.pairs,
      planes_drawn, side_by_side_ ? "; beside: " : "",
      side_by_side_ ? CaptionText(companion_.caption()).c_str() : "");
  std::printf("partlab: thread CPU medians: physics step %.2f ms, render %.2f ms\n",
              step_cpu_ms_.Median(), frame.render_cpu.Median());
  std::printf("partlab: scene region (%.1f, %.1f, %.1f) - (%.1f, %.1f, %.1f)\n", region_.min.x,
              region_.min.y, region_.min.z, region_.max.x, region_.max.y, region_.max.z);
}

// --- Panel pieces --------------------------------------------------------------------------------

bool SimPhysics::SceneCombo() {
  const auto catalog = SceneCatalog();
  char label[128];
  std::snprintf(label, sizeof label, "%d. %s", catalog[scene_index_].number,
                _(catalog[scene_index_].title.data()));
  bool chosen = false;
  if (ImGui::BeginCombo(_("Scene"), label)) {
    for (int i = 0; i < int(catalog.size()); ++i) {
      std::snprintf(label, sizeof label, "%d. %s", catalog[i].number, _(catalog[i].title.data()));
      if (ImGui::Selectable(label, i == scene_index_) && i != scene_index_) {
        scene_index_ = i;
        chosen = true;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", _(catalog[i].summary.data()));
    }
    ImGui::EndCombo();
  }
  return chosen;
}

bool SimPhysics::SideBySideGui() {
  bool changed = false;
  if (ImGui::Checkbox(_("Side by side"), &side_by_side_)) {
    if (side_by_side_)
      companion_.Start(companion_algo_);
    else
      companion_.Stop();
    changed = true;
  }
  Tip(_(
      "Two viewports, one camera: the broad phase above on the left, a second one on the right,\n"
      "fed the same frames. By default the thesis's own tree (sabsp_thesis) beside ours (sabsp):\n"
      "planes, operations per step and time per step of each (docs/bsp.md)."));
  if (!side_by_side_) return changed;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  if (ImGui::BeginCombo("##companion", companion_algo_.c_str())) {
    for (std::string_view name : BroadPhaseNames()) {
      const std::string n(name);
      if (ImGui::Selectable(n.c_str(), n == companion_algo_) && n != companion_algo_) {
        companion_algo_ = n;
        companion_.Start(n);
        changed = true;
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", _(std::string(BroadPhaseDescription(name)).c_str()));
    }
    ImGui::EndCombo();
  }
  Tip(_("The right-hand viewport's broad phase"));
  return changed;
}

void SimPhysics::RecordGui() {
  if (ImGui::Checkbox(_("Record run"), &recording_)) {
    if (recording_) {
      std::error_code ec;
      std::filesystem::create_directories(std::filesystem::path(record_path_).parent_path(), ec);
      record_status_ = recorder_.Open(record_path_, scene_->MaxIds());
      recording_ = record_status_.empty();
    } else {
      record_status_ = recorder_.Close();
      if (record_status_.empty())
        record_status_ = Formatted(_("wrote %s (%llu frames)"), record_path_.c_str(),
                                   (unsigned long long)recorder_.frames());
    }
  }
  Tip(
      _("Writes every physics step's boxes as an AABBTRC1 trace for the replay viewer and the "
        "bench"));
  if (!record_status_.empty()) ImGui::TextWrapped("%s", record_status_.c_str());
}

std::string SimPhysics::FinishRecording() {
  if (recording_) {
    record_status_ = recorder_.Close();
    recording_ = false;
  }
  return record_path_;
}

void SimPhysics::TimingsWindow(bool bsp_shown, const RollingPlot<kPlotLength>& render) {
  constexpr float kStepControlsHeight = 40.0f;  // the base's Play / Step window, about
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // Above the base's Play / Step buttons at the bottom-left corner.
  ImGui::SetNextWindowPos(ImVec2(10.0f, display.y - 2.0f * kStepControlsHeight),
                          ImGuiCond_FirstUseEver, ImVec2(0, 1));
  ImGui::SetNextWindowSize(ImVec2(360, 0), ImGuiCond_FirstUseEver);
  // Six rolling plots cost a software rasteriser about 4 ms a frame (1280x720, llvmpipe) and the
  // status bar already shows the same step timings: there the window starts collapsed.
  ImGui::SetNextWindowCollapsed(UiIsSoftwareRendered(), ImGuiCond_FirstUseEver);
  // untranslated: the window's ID, which stays when the language changes
  if (!ImGui::Begin(WindowTitle(_("Step timings"), "step-timings"))) {
    ImGui::End();
    return;
  }
  auto plot = [](const char* name, const auto& p, const char* unit) {
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, _("%.2f %s (max %.2f)"), p.last(), unit, p.Max());
    ImGui::PlotLines(name, p.data(), p.count(), p.offset(), overlay, 0.0f, p.Max() * 1.1f + 1e-3f,
                     ImVec2(0, 26));
  };
  plot(_("update"), plot_update_, "ms");
  Tip(_("Broad phase: edits + Update() (the BSP's migration, sorts and operations, 5.1-5.2)"));
  plot(_("pairs"), plot_pairs_ms_, "ms");
  Tip(_("Broad phase: FindPairs()"));
  plot(_("pair count"), plot_pairs_, "");
  if (bsp_shown) {
    plot(_("BSP depth"), plot_depth_, "");
    Tip(_("Maximum leaf depth of the semi-adjusting BSP"));
  }
  plot(_("physics"), plot_physics_, "ms");
  Tip(_("ODE: narrow phase (dCollide) + solver (dWorldQuickStep)"));
  plot(_("render CPU"), render, "ms");
  compare_.Gui(pairs_.size());
  ImGui::End();
}

}  // namespace partlab::simulation_view

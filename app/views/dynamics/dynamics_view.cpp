#include "app/views/dynamics/dynamics_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/i18n/translate.h"
#include "app/views/dynamics/dynamics_flags.h"
#include "app/views/dynamics/dynamics_params.h"
#include "app/views/dynamics/joint_overlay.h"
#include "engine/paths/data_paths.h"

namespace partlab {

DynamicsView::DynamicsView(AppContext& app) : View(app), app_(app) {
  const DynamicsFlags options = ReadDynamicsFlags(app.start.flags);  // dynamics_flags.cpp
  stepping().set_max_steps_per_frame(40);  // a slow scene slows down instead of freezing
  if (const std::string error = picture_.LoadShaders(ShaderDirectory()); !error.empty())
    notices().Error("partlab: " + error);
  // --scene KEY picks a scene by its file name (box_stack), or a path to any scene file.
  const std::string wanted = options.scene.empty() ? "ball_bounce" : options.scene;
  const int found = scenes_.Find(wanted);
  const bool is_file = found < 0 && std::filesystem::exists(wanted);
  const bool loaded = is_file && LoadScene(wanted);  // a bad file: LoadScene said why
  if (found < 0 && !is_file && !options.scene.empty())
    notices().Error(
        Formatted(_("partlab: unknown --scene '%s': showing the first scene"), wanted.c_str()));
  if (!loaded && !scenes_.paths().empty()) LoadScene(scenes_.paths()[std::max(found, 0)]);
  // --preset ode-beside runs the same scene on ODE next to ours from the start.
  if (options.preset == "ode-beside") {
    ode_.beside() = true;
    ode_.Start(scene_, app_.camera);
  }
  for (int i = 0; i < options.steps; ++i) StepOnce();
  ApplyPreset(options.preset);
  if (headless()) {
    stepping().Pause();  // the screenshot shows the state after --steps
    PrintSummary();
  }
}

// --preset see-through draws the bodies as edges; --preset stage-NAME (stage-impulses, ...) stops
// inside the next step just before that stage, as the N key would.
void DynamicsView::ApplyPreset(const std::string& preset) {
  picture_.see_through() = preset == "see-through";
  if (preset.rfind("stage-", 0) != 0) return;
  const std::string stage = preset.substr(6);
  for (int k = 0; k < dynamics::kStageCount; ++k) {
    std::string name(dynamics::StageName(dynamics::Stage(k)));
    std::replace(name.begin(), name.end(), ' ', '-');
    if (name != stage) continue;
    do StageOnce();
    while (world_.NextStage() != dynamics::Stage(k));
    picture_.see_through() = true;
  }
}

// The settings file's rows, each beside the value it sets (the View base reads and writes them).
void DynamicsView::VisitParams(ParamVisitor& visit) {
  visit(dynamics_params::kSpeed, stepping().speed());
  dynamics_params::ForEachOverlayRow([&](const auto& row) { visit(row, overlay_); });
  visit(dynamics_params::kShowPlots, plots_.shown());
  visit(dynamics_params::kShowContacts, contacts_.shown());
}

bool DynamicsView::LoadScene(const std::string& path) {
  dynamics::SceneFile scene;
  std::string error, note;
  dynamics::DynamicsWorld world;
  const bool read = dynamics::LoadSceneFile(path, scene, error);
  if (!read || !dynamics::BuildWorld(scene, world, note, error)) {
    if (read) error = path + ": " + error;  // "body 3: ...": the scene file still names it
    notices().Error("partlab: " + error);   // "file:line: problem"; the current scene stays
    return false;
  }
  scene_ = std::move(scene);
  world_ = std::move(world);
  scene_path_ = path;
  load_note_ = note;
  joints_.reset();  // a scene chosen leaves figure 3.8's joints
  // The base's stepping counts steps of the scene's own dt: Step runs one of them.
  stepping().set_step_seconds(world_.params().dt);
  stepping().ResetAccumulator();
  picture_.set_selected_body(-1);
  plots_.Clear();
  plots_.Record(world_);
  FrameCamera();
  if (ode_.beside()) ode_.Start(scene_, app_.camera);
  int moving = 0;
  for (const dynamics::RigidBody& b : world_.bodies()) moving += !b.IsStatic();
  picture_.show_spin() = moving == 1;  // a lone body: its ω turning about the fixed L is the lesson
  return true;
}

void DynamicsView::Restart() {
  const dynamics::DynamicsParams keep = world_.params();
  if (!LoadScene(scene_path_)) return;
  // The solver settings chosen in the panel survive a restart.
  world_.params().integrator = keep.integrator;
  world_.params().impulses = keep.impulses;
  world_.params().resting_lcp = keep.resting_lcp;
  world_.params().narrow_phase = keep.narrow_phase;
}

void DynamicsView::StepOnce() {
  if (joints_) {
    joints_->Step();
    return;
  }
  ode_.Step();
  world_.Step();
  plots_.Record(world_);
  if (!world_.note().empty()) last_solver_note_ = world_.note();
}

void DynamicsView::StageOnce() {
  world_.StepStage();
  if (world_.NextStage() == dynamics::Stage::kDetect) plots_.Record(world_);
  if (!world_.note().empty()) last_solver_note_ = world_.note();
}

// One step of the scene's own dt (the base's stepping counts them, at most 40 per frame, and runs
// a single one for its Step button while paused). A step begun stage by stage is finished.
void DynamicsView::Step(float) {
  StepOnce();
}

void DynamicsView::FrameCamera() {
  Aabb box;
  for (const dynamics::RigidBody& b : world_.bodies()) {
    if (b.shape == dynamics::Shape::kPlane) continue;
    glm::dvec3 h(b.radius);  // a box's world-axis half extents: sum of |R_ij| half_j
    if (b.shape == dynamics::Shape::kBox)
      for (int i = 0; i < 3; ++i)
        h[i] = std::abs(b.R[0][i]) * b.half.x + std::abs(b.R[1][i]) * b.half.y +
               std::abs(b.R[2][i]) * b.half.z;
    box.Grow(Aabb::FromCenterHalf(glm::vec3(b.x), glm::vec3(h)));
  }
  if (box.IsEmpty()) box = Aabb{{-1, 0, -1}, {1, 1, 1}};
  box.Grow(box.min - glm::vec3(0.5f));
  box.Grow(box.max + glm::vec3(0.5f));
  app_.camera.yaw = 0.5f;
  app_.camera.pitch = 0.42f;
  app_.camera.Frame(box, 16.0f / 9.0f);
  // Frame fits the box's corners from any side; a low scene (a table, a row) seen from above
  // needs less: come closer so the bodies, not the floor, fill the picture.
  const glm::vec3 e = box.Extent();
  if (e.y < 0.5f * std::max(e.x, e.z)) app_.camera.distance *= 0.75f;
}

void DynamicsView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  if (joints_) {  // figure 3.8's joints instead of the scene
    const auto& bodies = joints_->bodies();
    picture_.BeginFrame(ctx);
    picture_.AddBodies(bodies);
    picture_.AddFloors(bodies, app_.camera.target);
    DrawJoints(*joints_, draw);
    picture_.DrawLines(bodies, app_.camera.target, draw);
    return;
  }
  const auto bodies = world_.bodies();
  const glm::vec3 target = app_.camera.target;
  picture_.BeginFrame(ctx);
  picture_.AddBodies(bodies);
  if (ode_.Running())
    picture_.AddShiftedCopy(bodies, ode_.positions(), ode_.orientations(), ode_.shift());
  picture_.AddFloors(bodies, target);
  // The resting forces' scale from what the picture shows: its height in metres at the target.
  const float picture_height = 2.0f * ctx.camera.distance * std::tan(0.5f * ctx.camera.fov_y);
  force_scale_ = ChooseForceScale(world_.contacts(), overlay_, picture_height);
  // Contacts first: where an arrow runs along a body's edge, the arrow wins the depth test.
  DrawContacts(world_.contacts(), overlay_, force_scale_, draw);
  picture_.DrawLines(bodies, target, draw);
}

void DynamicsView::Render(const RenderContext& ctx, DebugDraw&) {
  picture_.Render(ctx);
}

void DynamicsView::PrintSummary() const {
  const dynamics::StepStats& s = world_.stats();
  const dynamics::Conserved c = world_.Measure();
  std::printf(
      "partlab: dynamics scene %s (%s): %zu bodies, step %llu, %d contacts (colliding %d, "
      "resting %d, separating %d), %d propagation passes, LCP %d contacts in %d pivots, "
      "kinetic %.4g J, potential %.4g J, next stage %s\n",
      SceneList::Key(scene_path_).c_str(), scene_.title.c_str(), world_.bodies().size(),
      (unsigned long long)world_.step_count(), s.contacts, s.colliding, s.resting, s.separating,
      s.passes, s.lcp_size, s.lcp_pivots, c.kinetic, c.potential,
      std::string(dynamics::StageName(world_.NextStage())).c_str());
}

namespace {

std::unique_ptr<View> CreateDynamicsView(AppContext& app) {
  return std::make_unique<DynamicsView>(app);
}

// The English name is the settings' and --view's key; the Scene panel shows _(name).
const bool kDynamicsViewRegistered = RegisterView(
    {N_("Dynamics"),
     N_("The chapter's rigid-body solver (3.3): impulses, propagation, resting contact by LCP"),
     &CreateDynamicsView, /*uses_model=*/false, &LessonVerbSpecs<DynamicsView>, &AddDynamicsFlags});

}  // namespace

}  // namespace partlab

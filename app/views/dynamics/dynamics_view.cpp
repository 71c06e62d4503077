#include "app/views/dynamics/dynamics_view.h"

#include "engine/paths/data_paths.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <glm/gtc/quaternion.hpp>

#include "app/views/dynamics/dynamics_flags.h"
#include "app/views/dynamics/dynamics_params.h"

namespace partlab {

namespace {

// One colour per body, repeating: distinguishable neighbours in a stack or a rack.
constexpr glm::vec4 kPalette[] = {{0.86f, 0.42f, 0.25f, 1}, {0.30f, 0.58f, 0.86f, 1},
                                  {0.92f, 0.78f, 0.30f, 1}, {0.45f, 0.75f, 0.40f, 1},
                                  {0.72f, 0.45f, 0.80f, 1}, {0.35f, 0.78f, 0.78f, 1},
                                  {0.90f, 0.55f, 0.62f, 1}, {0.62f, 0.60f, 0.52f, 1}};

std::vector<std::string> SceneFiles() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(AssetDirectory() + "/dynamics", ec))
    if (e.path().extension() == ".scene") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string Stem(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

}  // namespace

DynamicsView::DynamicsView(AppContext& app) : View(app), app_(app) {
  const DynamicsFlags options = ReadDynamicsFlags(app.start.flags);  // dynamics_flags.cpp
  stepping().set_max_steps_per_frame(40);  // a slow scene slows down instead of freezing
  if (const std::string error = renderer_.Load(ShaderDirectory()); !error.empty())
    notices().Error("partlab: " + error);
  scene_paths_ = SceneFiles();
  // --scene KEY picks a scene by its file name (box_stack), or a path to any scene file.
  std::string wanted = options.scene.empty() ? "ball_bounce" : options.scene;
  scene_index_ = 0;
  bool found = false;
  for (size_t i = 0; i < scene_paths_.size(); ++i)
    if (Stem(scene_paths_[i]) == wanted) scene_index_ = int(i), found = true;
  const bool is_file = !found && std::filesystem::exists(wanted);
  const bool loaded = is_file && LoadScene(wanted);  // a bad file: LoadScene said why
  if (!found && !is_file && !options.scene.empty())
    notices().Error("partlab: unknown --scene '" + wanted + "': showing the first scene");
  if (!loaded && !scene_paths_.empty()) LoadScene(scene_paths_[scene_index_]);
  // --preset ode-beside runs the same scene on ODE next to ours from the start.
  if (options.preset == "ode-beside") {
    ode_beside_ = true;
    StartOde();
  }
  if (options.steps > 0) {
    for (int i = 0; i < options.steps; ++i) StepOnce();
  }
  // --preset see-through draws the bodies as edges; --preset stage-NAME (stage-impulses, ...)
  // stops inside the next step just before that stage, as the N key would.
  see_through_ = options.preset == "see-through";
  if (options.preset.rfind("stage-", 0) == 0) {
    const std::string stage = options.preset.substr(6);
    for (int k = 0; k < dynamics::kStageCount; ++k) {
      std::string name(dynamics::StageName(dynamics::Stage(k)));
      std::replace(name.begin(), name.end(), ' ', '-');
      if (name != stage) continue;
      do StageOnce();
      while (world_.NextStage() != dynamics::Stage(k));
      see_through_ = true;
    }
  }
  if (headless()) {
    stepping().Pause();  // the screenshot shows the state after --steps
    PrintSummary();
  }
}

// The settings file's rows, each beside the value it sets (the View base reads and writes them).
void DynamicsView::VisitParams(ParamVisitor& visit) {
  visit(dynamics_params::kSpeed, stepping().speed());
  dynamics_params::ForEachOverlayRow([&](const auto& row) { visit(row, overlay_); });
  visit(dynamics_params::kShowPlots, show_plots_);
  visit(dynamics_params::kShowContacts, show_contacts_);
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
  // The base's stepping counts steps of the scene's own dt: Step runs one of them.
  stepping().set_step_seconds(world_.params().dt);
  stepping().ResetAccumulator();
  selected_body_ = -1;
  for (auto* plot :
       {&kinetic_, &potential_, &total_, &linear_, &angular_, &passes_, &lcp_size_, &step_ms_})
    plot->Clear();
  RecordSample();
  FrameCamera();
  if (ode_beside_) StartOde();
  int moving = 0;
  for (const dynamics::RigidBody& b : world_.bodies()) moving += !b.IsStatic();
  show_spin_ = moving == 1;  // a lone body: its ω turning about the fixed L is the lesson
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

// ODE starts from the scene file (not from our current state), beside our bodies: shifted along
// the horizontal axis where the scene is narrower, by its width plus a gap.
void DynamicsView::StartOde() {
  ode_ = std::make_unique<dynamics::OdeMirror>(scene_);
  Aabb box;
  for (const dynamics::BodyDesc& d : scene_.bodies) {
    if (d.shape == dynamics::Shape::kPlane) continue;
    const float r =
        d.shape == dynamics::Shape::kSphere ? float(d.radius) : float(glm::length(d.half));
    box.Grow(Aabb::FromCenterHalf(glm::vec3(d.position), glm::vec3(r)));
  }
  if (box.IsEmpty()) box = Aabb{{-1, 0, -1}, {1, 1, 1}};
  const glm::vec3 size = box.Extent();
  ode_shift_ = size.z <= size.x ? glm::vec3(0, 0, size.z + 1.5f) : glm::vec3(size.x + 1.5f, 0, 0);
  ode_->Poses(ode_positions_, ode_orientations_);
  ode_kinetic_ = ode_->KineticEnergy();
  box.Grow(box.max + ode_shift_);
  app_.camera.Frame(box, 16.0f / 9.0f);
}

void DynamicsView::StepOnce() {
  if (ode_beside_ && ode_) {
    ode_->Step();
    ode_->Poses(ode_positions_, ode_orientations_);
    ode_kinetic_ = ode_->KineticEnergy();
  }
  world_.Step();
  RecordSample();
  if (!world_.note().empty()) last_solver_note_ = world_.note();
}

void DynamicsView::StageOnce() {
  world_.StepStage();
  if (world_.NextStage() == dynamics::Stage::kDetect) RecordSample();
  if (!world_.note().empty()) last_solver_note_ = world_.note();
}

void DynamicsView::RecordSample() {
  const dynamics::Conserved c = world_.Measure();
  kinetic_.Push(float(c.kinetic));
  potential_.Push(float(c.potential));
  total_.Push(float(c.kinetic + c.potential));
  linear_.Push(float(glm::length(c.linear)));
  angular_.Push(float(glm::length(c.angular)));
  passes_.Push(float(world_.stats().passes));
  lcp_size_.Push(float(world_.stats().lcp_size));
  step_ms_.Push(float(world_.stats().total_ms()));
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

void DynamicsView::BuildInstances() {
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  const auto bodies = world_.bodies();
  for (size_t i = 0; i < bodies.size(); ++i) {
    const dynamics::RigidBody& b = bodies[i];
    if (b.shape == dynamics::Shape::kPlane) continue;
    BodyInstance inst;
    inst.position = glm::vec3(b.x);
    inst.orientation = glm::vec4(float(b.q.x), float(b.q.y), float(b.q.z), float(b.q.w));
    glm::vec4 colour =
        b.IsStatic() ? glm::vec4(0.45f, 0.42f, 0.38f, 1.0f) : kPalette[i % std::size(kPalette)];
    if (int(i) == selected_body_) colour = glm::vec4(1.0f, 1.0f, 1.0f, 1.0f);
    inst.rgba = PackRgba8(colour);
    if (b.shape == dynamics::Shape::kBox) {
      inst.half_extents = glm::vec3(b.half);
      boxes_.push_back(inst);
    } else {
      inst.half_extents = glm::vec3(float(b.radius));
      const float distance = std::max(glm::length(inst.position - eye_), 1e-3f);
      spheres_[SphereDetailLevel(float(b.radius) / distance * pixels_per_radian_)].push_back(inst);
    }
  }
  // ODE's copy, shifted along +x, lighter.
  if (ode_beside_ && ode_)
    for (size_t i = 0; i < bodies.size() && i < ode_positions_.size(); ++i) {
      const dynamics::RigidBody& b = bodies[i];
      if (b.shape == dynamics::Shape::kPlane) continue;
      BodyInstance inst;
      inst.position = glm::vec3(ode_positions_[i]) + ode_shift_;
      const glm::dquat& q = ode_orientations_[i];
      inst.orientation = glm::vec4(float(q.x), float(q.y), float(q.z), float(q.w));
      const glm::vec4 base =
          b.IsStatic() ? glm::vec4(0.45f, 0.42f, 0.38f, 1) : kPalette[i % std::size(kPalette)];
      inst.rgba = PackRgba8(glm::mix(base, glm::vec4(1.0f), 0.45f));
      if (b.shape == dynamics::Shape::kBox) {
        inst.half_extents = glm::vec3(b.half);
        boxes_.push_back(inst);
      } else {
        inst.half_extents = glm::vec3(float(b.radius));
        spheres_[0].push_back(inst);
      }
    }
  // Floors as wide thin slabs just below their surface, around the bodies.
  for (const dynamics::RigidBody& b : bodies) {
    if (b.shape != dynamics::Shape::kPlane) continue;
    const glm::vec3 n(b.plane_normal);
    const glm::quat q(glm::vec3(0, 1, 0), n);  // turns the slab's y onto the plane's normal
    BodyInstance slab;
    slab.position = n * (float(b.plane_offset) - 0.02f);
    if (n.y > 0.9f) slab.position += glm::vec3(app_.camera.target.x, 0.0f, app_.camera.target.z);
    slab.orientation = glm::vec4(q.x, q.y, q.z, q.w);
    slab.half_extents = glm::vec3(12.0f, 0.02f, 12.0f);
    slab.rgba = PackRgba8(glm::vec4(0.30f, 0.32f, 0.36f, 1.0f));
    boxes_.push_back(slab);
  }
}

// A metre grid on each floor, so sliding and bouncing read against something fixed.
void DynamicsView::DrawFloor(DebugDraw& draw) const {
  const Color line{0.42f, 0.45f, 0.50f, 1.0f};
  for (const dynamics::RigidBody& b : world_.bodies()) {
    if (b.shape != dynamics::Shape::kPlane || b.plane_normal.y < 0.9) continue;
    const float y = float(b.plane_offset) + 0.002f;
    const float cx = std::round(app_.camera.target.x), cz = std::round(app_.camera.target.z);
    for (int k = -12; k <= 12; ++k) {
      draw.Line({cx + k, y, cz - 12}, {cx + k, y, cz + 12}, line);
      draw.Line({cx - 12, y, cz + k}, {cx + 12, y, cz + k}, line);
    }
  }
}

// Bodies as their edges (boxes) or three great circles (spheres), each in its colour.
void DynamicsView::DrawBodyEdges(DebugDraw& draw) const {
  const auto bodies = world_.bodies();
  for (size_t i = 0; i < bodies.size(); ++i) {
    const dynamics::RigidBody& b = bodies[i];
    if (b.shape == dynamics::Shape::kPlane) continue;
    const glm::vec4 c =
        b.IsStatic() ? glm::vec4(0.6f, 0.58f, 0.55f, 1.0f) : kPalette[i % std::size(kPalette)];
    const glm::mat3 R(b.R);
    const glm::vec3 x(b.x);
    if (b.shape == dynamics::Shape::kBox) {
      const glm::vec3 h(b.half);
      for (int axis = 0; axis < 3; ++axis)
        for (int s = 0; s < 4; ++s) {
          glm::vec3 p(0.0f);
          p[axis] = h[axis];
          p[(axis + 1) % 3] = (s & 1 ? 1.0f : -1.0f) * h[(axis + 1) % 3];
          p[(axis + 2) % 3] = (s & 2 ? 1.0f : -1.0f) * h[(axis + 2) % 3];
          glm::vec3 q = p;
          q[axis] = -h[axis];
          draw.Line(x + R * p, x + R * q, c);
        }
    } else {
      const float r = float(b.radius);
      for (int axis = 0; axis < 3; ++axis)
        for (int k = 0; k < 24; ++k) {
          auto at = [&](int j) {
            const float a = 6.2831853f * float(j) / 24.0f;
            glm::vec3 p(0.0f);
            p[(axis + 1) % 3] = r * std::cos(a);
            p[(axis + 2) % 3] = r * std::sin(a);
            return x + R * p;
          };
          draw.Line(at(k), at(k + 1), c);
        }
    }
  }
}

void DynamicsView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  eye_ = ctx.camera.Eye();
  pixels_per_radian_ =
      0.5f * std::max(ctx.framebuffer_size.y, 1.0f) / std::tan(0.5f * ctx.camera.fov_y);
  BuildInstances();
  // Contacts first: where an arrow runs along a body's edge, the arrow wins the depth test.
  DrawContacts(world_.contacts(), overlay_, draw);
  if (see_through_) {
    DrawBodyEdges(draw);
    boxes_.erase(std::remove_if(boxes_.begin(), boxes_.end(),
                                [](const BodyInstance& b) { return b.half_extents.y > 0.021f; }),
                 boxes_.end());  // keep the floor slabs
    for (auto& level : spheres_) level.clear();
  }
  DrawFloor(draw);
  if (show_spin_) DrawSpin(draw);
}

// ω (cyan, 0.25 m per rad/s) and the direction of L (white, fixed without torque: 3.21) from each
// moving body's centre; in torque-free motion ω wanders about L (the precession).
void DynamicsView::DrawSpin(DebugDraw& draw) const {
  for (const dynamics::RigidBody& b : world_.bodies()) {
    if (b.IsStatic()) continue;
    const glm::vec3 x(b.x);
    const float w = float(glm::length(b.w)), L = float(glm::length(b.L));
    if (w > 1e-6f) DrawArrow(draw, x, glm::vec3(b.w) / w, 0.25f * w, 2.0f, {0.3f, 0.9f, 1.0f, 1});
    if (L > 1e-9f) DrawArrow(draw, x, glm::vec3(b.L) / L, 1.0f, 2.0f, {1.0f, 1.0f, 1.0f, 1});
  }
}

void DynamicsView::Render(const RenderContext& ctx, DebugDraw&) {
  renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, ctx.matrices, 48.0f);
}

void DynamicsView::PrintSummary() const {
  const dynamics::StepStats& s = world_.stats();
  const dynamics::Conserved c = world_.Measure();
  std::printf(
      "partlab: dynamics scene %s (%s): %zu bodies, step %llu, %d contacts (colliding %d, "
      "resting %d, separating %d), %d propagation passes, LCP %d contacts in %d pivots, "
      "kinetic %.4g J, potential %.4g J, next stage %s\n",
      Stem(scene_path_).c_str(), scene_.title.c_str(), world_.bodies().size(),
      (unsigned long long)world_.step_count(), s.contacts, s.colliding, s.resting, s.separating,
      s.passes, s.lcp_size, s.lcp_pivots, c.kinetic, c.potential,
      std::string(dynamics::StageName(world_.NextStage())).c_str());
}

namespace {

std::unique_ptr<View> CreateDynamicsView(AppContext& app) {
  return std::make_unique<DynamicsView>(app);
}

const bool kDynamicsViewRegistered = RegisterView(
    {"Dynamics",
     "The chapter's rigid-body solver (3.3): impulses, propagation, resting contact by LCP",
     &CreateDynamicsView, /*uses_model=*/false, &LessonVerbSpecs<DynamicsView>, &AddDynamicsFlags});

}  // namespace

}  // namespace partlab

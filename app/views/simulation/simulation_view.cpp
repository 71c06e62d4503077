// The Simulation view: lifecycle, scene and broad phase, stepping, instances, overlays and
// drawing (the class is in simulation_view.h).
#include "app/views/simulation/simulation_view.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace partlab::simulation_view {

SimulationView::SimulationView(AppContext& app) : View(app), app_(app) {
  const SimFlags options = ReadSimFlags(app.start.flags);  // sim_flags.cpp declares them
  if (const std::string error = renderer_.Load(ShaderDirectory()); !error.empty())
    notices().Error("partlab: " + error);
  LoadSettings();
  if (!options.scene.empty()) {
    const SceneInfo* info = FindScene(options.scene);
    if (!info)
      notices().Note("partlab: unknown --scene '" + options.scene +
                     "' (1-4 or a key), using scene 1");
    const auto catalog = SceneCatalog();
    for (size_t i = 0; info && i < catalog.size(); ++i)
      if (catalog[i].number == info->number) scene_index_ = int(i);
  }
  if (!options.algo.empty()) {
    if (MakeBroadPhase(options.algo))
      algo_ = options.algo;
    else
      notices().Note("partlab: unknown --algo '" + options.algo + "', using " + algo_);
  }
  if (!options.beside.empty()) {
    if (MakeBroadPhase(options.beside)) {
      side_by_side_ = true;
      companion_algo_ = options.beside;
    } else {
      notices().Note("partlab: unknown --beside '" + options.beside + "', showing one broad phase");
    }
  }
  body_count_ = options.bodies;  // already clamped to 1..100,000 by ParseCommandLine
  record_path_ =
      (headless() ? std::string("/tmp") : ConfigDirectory() + "/simulation") + "/last-run.aabbtrc";
  Reset();
  // The base's fixed step is the scene's (thesis 6.1: 1/25 s), and a frame counts at most one
  // step's time: at most one physics step per rendered frame, so that when a step is slow the
  // simulation slows down instead of queueing steps, and input stays responsive.
  const double step_seconds = scene_->params().physics.step_seconds;
  stepping() = StepControl(step_seconds, step_seconds);
  const SceneInfo& info = SceneCatalog()[scene_index_];
  std::printf("partlab: simulation scene %d (%.*s), broad phase %s, seed %d\n", info.number,
              int(info.title.size()), info.title.data(), algo_.c_str(), seed_);
  if (!options.preset.empty()) {
    if (const BspFigure* figure = FindBspFigure(options.preset)) {
      OpenFigure(*figure, options.algo != "sabsp");
    } else {
      std::string note =
          "partlab: unknown --preset '" + options.preset + "' for the Simulation view (";
      for (const BspFigure& f : BspFigures()) note += std::string(f.key) + " ";
      note.back() = ')';
      notices().Note(note);
    }
  }
  if (options.steps > 0) {
    const auto start = Clock::now();
    for (int i = 0; i < options.steps; ++i) StepOnce();
    std::printf("partlab: %d physics steps of scene %d with %s in %.0f ms\n", options.steps,
                SceneCatalog()[scene_index_].number, algo_.c_str(), MsSince(start));
  }
  FrameCamera();
  RestoreCamera();
  if (!options.trace.empty()) OpenReplay(options.trace);
}

SimulationView::~SimulationView() {
  if (recording_) recorder_.Close();
  // Headless runs, and interactive runs with --frames N (measured runs), report their split.
  if ((headless() || app_.start.frames > 0) && plot_physics_.count() > 0) {
    // The frame split the performance target is about: physics, broad phase, drawing.
    std::printf(
        "partlab: simulation medians over the last %d steps / %d frames: physics (ODE) "
        "%.2f ms, broad phase %.2f ms (update %.2f + pairs %.2f), render CPU %.2f ms "
        "(instances %.2f, draw submit %.2f, overlay %.2f), %u bodies, %u pairs, "
        "%zu planes drawn%s%s\n",
        plot_physics_.count(), plot_render_.count(), plot_physics_.Median(),
        plot_update_.Median() + plot_pairs_ms_.Median(), plot_update_.Median(),
        plot_pairs_ms_.Median(), plot_render_.Median(), instances_ms_.Median(), submit_ms_.Median(),
        overlay_ms_.Median(), scene_->world().DynamicCount(), last_.pairs, overlay_.planes_drawn(),
        side_by_side_ ? "; beside: " : "",
        side_by_side_ ? CaptionText(companion_.caption()).c_str() : "");
    std::printf("partlab: thread CPU medians: physics step %.2f ms, render %.2f ms\n",
                step_cpu_ms_.Median(), render_cpu_ms_.Median());
    std::printf("partlab: scene region (%.1f, %.1f, %.1f) - (%.1f, %.1f, %.1f)\n", region_.min.x,
                region_.min.y, region_.min.z, region_.max.x, region_.max.y, region_.max.z);
  }
  if (uses_saved_settings()) SaveSettings();
}

// --- Scene and broad phase -----------------------------------------------------------------------

std::unique_ptr<BroadPhase> SimulationView::MakeAlgorithm(const std::string& name) const {
  std::unique_ptr<BroadPhase> bp = MakeBroadPhase(name);
  if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp.get())) {
    // The panel's parameters are sabsp's (saved in the settings); sabsp_thesis keeps the
    // thesis's profile it was registered with until the panel edits it.
    if (name == "sabsp") bsp->SetParams(bsp_params_);
    bsp->SetOperationStepping(op_stepping_);
  }
  return bp;
}

void SimulationView::Reset() {
  if (recording_) {
    record_status_ = recorder_.Close();
    recording_ = false;
  }
  const SceneInfo& info = SceneCatalog()[scene_index_];
  scene_ = info.make();
  SceneParams params = info.defaults();
  params.seed = uint64_t(seed_);
  if (body_count_ > 0) params.body_count = uint32_t(body_count_);
  scene_->Create(params, MakeAlgorithm(algo_));
  scene_->world().SetFrameObserver([this](std::span<const Aabb> frame, std::span<const BoxPair> p) {
    pairs_.assign(p.begin(), p.end());
    frame_.assign(frame.begin(), frame.end());  // compare mode, side by side, lesson checks
    if (recording_) record_status_ = recorder_.Record(frame);
  });
  pairs_.clear();
  totals_ = {};
  for (auto* plot : {&plot_update_, &plot_pairs_ms_, &plot_pairs_, &plot_depth_, &plot_physics_})
    plot->Clear();
  selected_ = kNoNode;
  stepper_.Reset();
  note_.clear();
  contenders_.clear();
  if (side_by_side_) companion_.Start(companion_algo_);
  if (figure_) OpenFigure(figure_->figure(), figure_->bsp().Name() == "sabsp_thesis");
  UpdateSceneRegion();
  FindStaticCaps();
}

// Once per scene: the static boxes never move. Only axis-aligned boxes are considered.
void SimulationView::FindStaticCaps() {
  constexpr float kGap = 0.005f;  // wider than the terrain's 2 mm, far below a pixel
  const PhysicsWorld& world = scene_->world();
  bodies_.clear();
  world.GatherViews(bodies_);
  std::vector<Aabb> boxes;
  std::vector<BodyId> ids;
  for (const BodyView& b : bodies_) {
    if (!b.is_static || b.shape != ShapeKind::kBox || std::abs(b.orientation.w) < 0.99999f)
      continue;
    boxes.push_back(Aabb::FromCenterHalf(b.position, b.half_extents));
    ids.push_back(b.id);
  }
  const std::vector<float> floors = VisibleSideFloors(boxes, kGap);
  static_floor_.assign(world.IdCount(), std::numeric_limits<float>::quiet_NaN());
  caps_below_ = -std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (floors[i] <= boxes[i].min.y + kGap) continue;  // an open side: drawn whole
    static_floor_[ids[i]] = floors[i];
    caps_below_ = std::max(caps_below_, boxes[i].min.y);
  }
}

void SimulationView::SwitchAlgorithm(const std::string& name) {
  algo_ = name;
  selected_ = kNoNode;
  stepper_.Reset();
  totals_ = {};
  // PhysicsWorld builds it from the current boxes at the next step; when paused, step once so
  // the new structure (and its overlay) appears right away.
  scene_->world().SetBroadPhase(MakeAlgorithm(name));
  if (replay_mode_) {
    if (replay_.is_open()) replay_status_ = replay_.SetAlgorithm(name);
    return;
  }
  StepOnceWhenPaused();
}

// The panel edits the shown BSP's parameters; sabsp's are also kept (and saved) as bsp_params_.
void SimulationView::ApplyBspParams(const BspParams& edited) {
  for (BroadPhase* bp : {scene_->world().broad_phase(), replay_.broad_phase()}) {
    if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(bp)) {
      const std::string note = bsp->SetParams(edited);
      note_ = note.empty() ? "" : "parameters clamped: " + note;
      if (bsp->Name() == "sabsp") bsp_params_ = bsp->params();  // what is in force
    }
  }
}

BroadPhase* SimulationView::CurrentBroadPhase() const {
  if (figure_) return &figure_->bsp();
  if (replay_mode_) return replay_.broad_phase();
  return scene_ ? scene_->world().broad_phase() : nullptr;
}

void SimulationView::PhysicsStep() {
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
  if (op_stepping_) stepper_.Reset();  // the scheduler re-verified: peek again
  if (const SemiAdjustingBsp* bsp = CurrentBsp()) {
    totals_.Add(bsp->last_stats().ops);
    plot_depth_.Push(float(bsp->last_stats().max_depth));
  }
  if (const BroadPhase* bp = CurrentBroadPhase())
    primary_caption_ = CaptionOf(*bp, {last_.update_ms, last_.pairs_ms}, last_.pairs);
  if (side_by_side_) {
    if (!companion_.running()) companion_.Start(companion_algo_);
    companion_.Step(frame_);
  }
  if (compare_) RunCompare();
}

// Every algorithm on exactly the frame the physics just saw, each timed the same way.
void SimulationView::RunCompare() {
  if (contenders_.empty()) {
    for (std::string_view name : BroadPhaseNames()) {
      if (name == "brute" && !compare_brute_) continue;
      Contender c;
      c.name = name;
      c.bp = MakeAlgorithm(c.name);
      if (auto* bsp = dynamic_cast<SemiAdjustingBsp*>(c.bp.get())) bsp->SetOperationStepping(false);
      c.driver = std::make_unique<FrameDriver>(*c.bp);
      contenders_.push_back(std::move(c));
    }
  }
  for (Contender& c : contenders_) {
    const StepTimings t = c.driver->Step(frame_, compare_pairs_);
    c.ms.Push(float(t.total_ms()));
    c.pairs = compare_pairs_.size();
  }
}

// The region the scene occupies: every static box, and per axis the 1st to 99th percentile of
// the bodies' centres (a few bodies flung far away would otherwise set the camera and the planes'
// extent). Recomputed once per physics step; the scratch arrays keep their capacity.
void SimulationView::UpdateSceneRegion() {
  const PhysicsWorld& world = scene_->world();
  const std::span<const Aabb> boxes = world.Aabbs();
  Aabb region;
  for (auto& s : region_scratch_) s.clear();
  for (BodyId id = 0; id < boxes.size(); ++id) {
    if (boxes[id].IsEmpty()) continue;
    if (world.IsStatic(id)) {
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

void SimulationView::FrameCamera() {
  if (figure_) {  // the thesis draws its figures in the plane: look at it from the front, above
    app_.camera.yaw = 0.60f;
    app_.camera.pitch = 0.55f;
    app_.camera.Frame(FigureExtent(), 16.0f / 9.0f);
    // The boxes and planes sit in the upper part of the picture, clear of the status bar and of a
    // lesson's caption along the bottom.
    app_.camera.distance *= 1.25f;
    const float half_height = app_.camera.distance * std::tan(0.5f * app_.camera.fov_y);
    app_.camera.target -= app_.camera.Up() * (0.2f * half_height);
    return;
  }
  UpdateSceneRegion();
  Aabb bounds = region_;
  if (bounds.IsEmpty()) bounds = Aabb{glm::vec3(-20.0f), glm::vec3(20.0f)};
  app_.camera.yaw = 0.65f;
  app_.camera.pitch = 0.55f;
  app_.camera.Frame(bounds, 16.0f / 9.0f);
  app_.camera.distance *= 0.82f;  // the 10 % margin of Frame is generous for a full scene
}

// One fixed step of the base's StepControl (the scene's 1/25 s): the next physics step, the
// replay viewer's next frame, or the figure's.
void SimulationView::Step(float /*dt*/) {
  if (figure_) {
    figure_->Step();
    if (op_stepping_) stepper_.Reset();  // the scheduler re-verified: peek again
    totals_.Add(figure_->bsp().last_stats().ops);
    return;
  }
  if (!replay_mode_) {
    PhysicsStep();
    return;
  }
  if (!replay_.is_open()) return;
  if (replay_.frame() + 1 >= replay_.frame_count()) {
    stepping().Pause();  // the end of the trace
    return;
  }
  replay_status_ = replay_.Seek(replay_.frame() + 1);
}

// --- Drawing -------------------------------------------------------------------------------------

Color SimulationView::BodyColour(uint32_t id, bool is_static, ShapeKind shape, float speed) const {
  Color c;
  switch (colour_mode_) {
    case BodyColourMode::kLeaf:
      if (!leaf_of_.empty()) {
        c = LeafColour(id < leaf_of_.size() ? leaf_of_[id] : kAbsentFromTree);
        break;
      }
      [[fallthrough]];  // not a BSP: colour by pair instead
    case BodyColourMode::kPair:
      c = PairColour(id < paired_.size() && paired_[id]);
      break;
    case BodyColourMode::kSpeed:
      c = SpeedColour(speed, kMaxSpeedColour);
      break;
    case BodyColourMode::kShape:
      c = shape == ShapeKind::kSphere ? Color{0.35f, 0.62f, 0.92f, 1}
                                      : Color{0.92f, 0.62f, 0.32f, 1};
      break;
  }
  if (is_static) c = glm::mix(c, Color{0.55f, 0.55f, 0.52f, 1.0f}, 0.6f);  // the stage, muted
  return c;
}

void SimulationView::BuildLiveInstances() {
  const PhysicsWorld& world = scene_->world();
  const uint32_t ids = world.IdCount();
  leaf_of_.clear();
  paired_.clear();
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp) MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  if (colour_mode_ == BodyColourMode::kPair || (colour_mode_ == BodyColourMode::kLeaf && !bsp))
    MarkPairedBoxes(pairs_, ids, paired_);
  bodies_.clear();
  world.GatherViews(bodies_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  // From below, a column's bottom faces the eye and its hidden walls could show through it.
  const bool draw_caps = eye_.y > caps_below_;
  for (const BodyView& b : bodies_) {
    BodyInstance inst;
    inst.position = b.position;
    inst.orientation = {b.orientation.x, b.orientation.y, b.orientation.z, b.orientation.w};
    inst.half_extents = b.half_extents;
    Color c = BodyColour(b.id, b.is_static, b.shape, glm::length(b.velocity));
    if (b.asleep && colour_mode_ != BodyColourMode::kSpeed) c = c * 0.8f;
    inst.rgba = PackRgba8(c);
    if (b.shape == ShapeKind::kBox) {
      if (b.is_static && draw_caps && b.id < static_floor_.size() &&
          !std::isnan(static_floor_[b.id])) {  // its cap: the same picture from above
        const float top = b.position.y + b.half_extents.y;
        inst.position.y = 0.5f * (static_floor_[b.id] + top);
        inst.half_extents.y = 0.5f * (top - static_floor_[b.id]);
      }
      (b.is_static ? static_boxes_ : boxes_).push_back(inst);
    } else {
      const float distance = std::max(glm::length(b.position - eye_), 1e-6f);
      spheres_[SphereDetailLevel(b.half_extents.x / distance * pixels_per_radian_)].push_back(inst);
    }
  }
  // The static boxes (terrain tiles, walls) are drawn after the bodies that rest on them: the
  // depth test then rejects the ground under each body before shading it, where drawing the ground
  // first would shade those pixels twice (on llvmpipe every shaded pixel is CPU time).
  boxes_.insert(boxes_.end(), static_boxes_.begin(), static_boxes_.end());
  static_boxes_.clear();
}

// A trace or a figure holds boxes only: each present box is drawn as itself.
void SimulationView::BuildBoxInstances(const std::vector<Aabb>& frame,
                                       const std::vector<BoxPair>& pairs) {
  const uint32_t ids = uint32_t(frame.size());
  leaf_of_.clear();
  paired_.clear();
  const SemiAdjustingBsp* bsp = CurrentBsp();
  if (colour_mode_ == BodyColourMode::kLeaf && bsp)
    MapBoxesToLeaves(bsp->tree(), ids, leaf_of_);
  else
    MarkPairedBoxes(pairs, ids, paired_);
  boxes_.clear();
  for (auto& level : spheres_) level.clear();
  for (uint32_t id = 0; id < ids; ++id) {
    if (frame[id].IsEmpty()) continue;
    BodyInstance inst;
    inst.position = frame[id].Center();
    inst.half_extents = glm::max(frame[id].Extent() * 0.5f, glm::vec3(1e-3f));
    const BodyColourMode mode =
        colour_mode_ == BodyColourMode::kSpeed ? BodyColourMode::kPair : colour_mode_;
    Color c = mode == BodyColourMode::kShape ? Color{0.92f, 0.62f, 0.32f, 1}
              : (mode == BodyColourMode::kLeaf && !leaf_of_.empty())
                  ? LeafColour(leaf_of_[id])
                  : PairColour(id < paired_.size() && paired_[id]);
    inst.rgba = PackRgba8(c);
    boxes_.push_back(inst);
  }
}

BspOverlayOptions SimulationView::OverlayOptions() const {
  BspOverlayOptions options = overlay_options_;
  options.planes = show_overlay_;
  if (figure_) {  // planes tall enough to read as walls between the few boxes
    options.extent = FigureExtent();
    options.plane_alpha = std::max(options.plane_alpha, 0.3f);  // a few planes: none hides another
  } else if (!replay_mode_) {  // the scene's region, with headroom so planes rise above the bodies
    const float headroom = 0.5f * region_.Extent().y;
    options.clip = Aabb{region_.min, region_.max + glm::vec3(0.0f, headroom, 0.0f)};
  }
  return options;
}

void SimulationView::DrawOverlay(DebugDraw& draw) {
  BroadPhase* bp = CurrentBroadPhase();
  if (!bp) return;
  if (const SemiAdjustingBsp* bsp = CurrentBsp()) {
    NodeId highlight = selected_;
    Color colour{1, 1, 1, 1};
    if (op_stepping_ && stepper_.highlight() != OpStepper::Highlight::kNone) {
      highlight = stepper_.highlighted_node();
      colour = stepper_.highlight() == OpStepper::Highlight::kBefore ? kBeforeColour
               : stepper_.last_applied()->ok                         ? kAfterColour
                                                                     : kFailedColour;
    }
    const BspOverlayOptions options = OverlayOptions();
    if (show_overlay_ || highlight != kNoNode)
      overlay_.Draw(*bsp, options, draw, highlight, colour);
    return;
  }
  if (show_overlay_) bp->DrawOverlay(draw);
}

// Runs before this frame's steps start (on the step thread): everything Render draws is copied
// here, the bodies into instance arrays and the planes into DebugDraw's batches.
void SimulationView::Prepare(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  // A sphere of radius r at distance d covers r / (d tan(fov/2)) of half the viewport height.
  eye_ = ctx.camera.Eye();
  pixels_per_radian_ =
      0.5f * std::max(ctx.framebuffer_size.y, 1.0f) / std::tan(0.5f * ctx.camera.fov_y);
  if (figure_)
    BuildBoxInstances(figure_->boxes(), figure_->pairs());
  else if (replay_mode_ && replay_.is_open())
    BuildBoxInstances(replay_.boxes(), replay_.pairs());
  else
    BuildLiveInstances();
  const auto built = Clock::now();
  DrawOverlay(draw);
  if (side_by_side_ && !replay_mode_ && !figure_) companion_.RecordOverlay(OverlayOptions());
  instances_ms_.Push(float(std::chrono::duration<double, std::milli>(built - start).count()));
  overlay_ms_.Push(float(MsSince(built)));
  prepare_ms_ = MsSince(start);
  prepare_cpu_ms_ = ThreadCpuMs() - cpu_start;
}

// GL only, while the steps may run: reads the instance arrays Prepare filled, nothing else.
void SimulationView::Render(const RenderContext& ctx, DebugDraw& draw) {
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuMs();
  auto* batches = dynamic_cast<DebugDrawRenderer*>(&draw);
  if (side_by_side_ && !replay_mode_ && !figure_ && batches && ctx.framebuffer_size.x >= 2.0f &&
      ctx.framebuffer_size.y >= 2.0f) {
    RenderSideBySide(ctx, *batches);
  } else {
    renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, ctx.matrices, 48.0f);
  }
  // CPU side only: the rasteriser's time is the app's GPU timer (Stats panel).
  const double submit_ms = MsSince(start);
  submit_ms_.Push(float(submit_ms));
  render_ms_ = prepare_ms_ + submit_ms;
  plot_render_.Push(float(render_ms_));
  render_cpu_ms_.Push(float(prepare_cpu_ms_ + ThreadCpuMs() - cpu_start));
}

// Two viewports, one camera: the left half shows the physics' own broad phase (its overlay is the
// one Prepare described into the app's batches), the right half the companion's recorded overlay.
void SimulationView::RenderSideBySide(const RenderContext& ctx, DebugDrawRenderer& batches) {
  const int w = int(ctx.framebuffer_size.x), h = int(ctx.framebuffer_size.y);
  const PixelRect halves[2] = {{0, 0, w / 2, h}, {w / 2, 0, w - w / 2, h}};
  for (int side = 0; side < 2; ++side) {
    const PixelRect& rect = halves[side];
    const CameraMatrices m{ctx.camera.ViewMatrix(), ctx.camera.ProjectionMatrix(rect.Aspect()),
                           ctx.matrices.light_distance};
    SetViewport(rect);
    renderer_.Draw(boxes_, {spheres_[0], spheres_[1], spheres_[2]}, m, 48.0f);
    if (side == 1) companion_.overlay().ReplayInto(batches);
    ctx.renderer.FlushOverlays(batches, m.projection * m.view);
  }
  SetViewport({0, 0, 0, 0});  // nothing of the app's own overlay flush may land on the halves
}

// Over each half: which broad phase it is, what its operations and step cost. Interactively
// above the status bar and the collapsed panels' title bars at the bottom of each half; in
// presenter mode at the bottom of the figures' area.
void SimulationView::DrawViewportCaptions(const FigureArea& area) {
  if (!side_by_side_ || replay_mode_ || figure_) return;
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  PushFigureClip(list, area);
  const float middle = 0.5f * (area.min.x + area.max.x), half = 0.5f * (area.max.x - area.min.x);
  list->AddLine(ImVec2(middle, area.min.y), ImVec2(middle, area.max.y),
                IM_COL32(255, 255, 255, 160), 2.0f);
  ImFont* font = FigureFont(area);
  const float px = FigureFontPixels(area), s = px / ImGui::GetFontSize();
  const float bottom = area.presenter ? area.max.y - px * 0.5f : area.max.y - 82.0f;
  const StepCaption* captions[2] = {&primary_caption_, &companion_.caption()};
  for (int side = 0; side < 2; ++side) {
    const std::string text = CaptionText(*captions[side]);
    const float wrap = half - 30.0f * s;
    const ImVec2 size = FigureTextSize(font, px, text.c_str(), wrap);
    const ImVec2 at(area.min.x + half * float(side) + 12.0f * s, bottom - size.y);
    list->AddRectFilled(ImVec2(at.x - 6 * s, at.y - 4 * s),
                        ImVec2(at.x + size.x + 6 * s, at.y + size.y + 4 * s),
                        IM_COL32(10, 12, 20, 200), 4.0f * s);
    list->AddText(font, px, at, IM_COL32(235, 240, 255, 255), text.c_str(), nullptr, wrap);
  }
  list->PopClipRect();
}

bool SimulationView::Pick(const PickRay& ray) {
  if (!CurrentBsp() || side_by_side_) return false;  // a click on a half: ambiguous ray
  const std::optional<NodeId> node = overlay_.Pick(ray.origin, ray.dir);
  if (!node) return false;
  selected_ = *node;
  return true;
}

// --- Panels --------------------------------------------------------------------------------------

void SimulationView::HandleKeys() {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) stepping().TogglePlay();
  if (ImGui::IsKeyPressed(GLFW_KEY_S, false) && !replay_mode_) {
    stepping().Pause();
    stepping().RequestSingleStep();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_N, false) && op_stepping_ && !replay_mode_) ApplyNextOpStage();
  if (replay_mode_ && replay_.is_open()) {
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT_BRACKET, true))
      replay_status_ = replay_.Seek(replay_.frame() + 1);
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT_BRACKET, true) && replay_.frame() > 0)
      replay_status_ = replay_.Seek(replay_.frame() - 1);
  }
}

// A figure replaces the physics scene in the view (the scene keeps its state underneath): its
// boxes, its own BSP of the chosen profile, the camera on it.
void SimulationView::OpenFigure(const BspFigure& figure, bool thesis) {
  figure_ = std::make_unique<BspFigureRun>(figure, thesis);
  figure_->bsp().SetOperationStepping(op_stepping_);
  selected_ = kNoNode;
  stepper_.Reset();
  totals_ = {};
  side_by_side_ = false;
  FrameCamera();
  std::printf("partlab: figure %.*s (thesis %.*s), %s\n", int(figure.key.size()), figure.key.data(),
              int(figure.section.size()), figure.section.data(), thesis ? "sabsp_thesis" : "sabsp");
}

// The figure's boxes with a margin: where its planes are drawn and what the camera frames.
Aabb SimulationView::FigureExtent() const {
  const Aabb bounds = figure_->Bounds();
  return {bounds.min - glm::vec3(1.5f, 2.0f, 3.0f), bounds.max + glm::vec3(1.5f, 3.0f, 3.0f)};
}

// Which figure is shown instead of the scene, and the way back to the scene.
void SimulationView::DrawFigureLine() {
  const BspFigure& f = figure_->figure();
  ImGui::TextWrapped("Figure: %.*s", int(f.title.size()), f.title.data());
  const std::string tip = "A few boxes moved by a script so that this operation happens (thesis " +
                          std::string(f.section) +
                          ");\nReset replays it from its first frame (docs/thesis-lessons.md).";
  Tip(tip.c_str());
  if (ImGui::Button("Back to the scene")) {
    figure_.reset();
    selected_ = kNoNode;
    stepper_.Reset();
    FrameCamera();
  }
  ImGui::SameLine();
}

// --- Lessons (sim_lesson_verbs.h) ----------------------------------------------------------------

std::span<const Aabb> SimulationView::ShownBoxes() const {
  if (figure_) return figure_->boxes();
  if (replay_mode_) return replay_.boxes();
  return frame_;
}

std::span<const BoxPair> SimulationView::ShownPairs() const {
  if (figure_) return figure_->pairs();
  if (replay_mode_) return replay_.pairs();
  return pairs_;
}

void SimulationView::SetOperationStepping(bool on) {
  if (on == op_stepping_) return;
  op_stepping_ = on;
  if (SemiAdjustingBsp* bsp = CurrentBsp()) bsp->SetOperationStepping(on);
  if (on) stepping().Pause();
  stepper_.Reset();
}

std::string SimulationView::AdvanceOperation() {
  ApplyNextOpStage();
  return stepper_.message();
}

// A figure restarts under the other profile (its history is the profile's); the live scene
// switches its broad phase, built from the current boxes at the next step.
std::string SimulationView::SwitchBroadPhase(const std::string& name) {
  if (!MakeBroadPhase(name)) return "unknown broad phase '" + name + "'";
  if (figure_) {
    if (name != "sabsp" && name != "sabsp_thesis")
      return "a figure runs on sabsp or sabsp_thesis, not '" + name + "'";
    OpenFigure(figure_->figure(), name == "sabsp_thesis");
    return "";
  }
  SwitchAlgorithm(name);
  return "";
}

// A change made while paused (another broad phase, the side-by-side companion) shows at once: the
// structure is built at the next physics step.
void SimulationView::StepOnceWhenPaused() {
  if (!stepping().playing()) stepping().RequestSingleStep();
}

// Two presses per operation: the first shows what is next on its node (before), the second
// applies it and shows where the result lives (after).
void SimulationView::ApplyNextOpStage() {
  SemiAdjustingBsp* bsp = CurrentBsp();
  if (!bsp) return;
  std::printf("partlab: %s\n", stepper_.Advance(*bsp).c_str());  // a log a teacher can keep
  if (stepper_.highlight() == OpStepper::Highlight::kAfter) selected_ = stepper_.highlighted_node();
}

namespace {

std::unique_ptr<View> CreateSimulationView(AppContext& app) {
  return std::make_unique<SimulationView>(app);
}

const bool kSimulationViewRegistered = RegisterView(
    {"Simulation", "The thesis's four simulations with a live broad phase and its overlay",
     &CreateSimulationView, /*uses_model=*/false, &SimLessonVerbSpecs, &AddSimulationFlags});

}  // namespace

}  // namespace partlab::simulation_view

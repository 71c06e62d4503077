// A view is one thing the testbed can show (the mesh viewer, the octree, the simulations, ...), in
// the style of Box2D's samples: Step advances it by a fixed dt, Render draws it (meshes through the
// SceneRenderer, overlays through DebugDraw), UpdateGui adds its own ImGui panel. Each view
// registers itself with one line in its own file, under a name of its own (the app's files are
// compiled several to a unit, app/CMakeLists.txt):
//   static const bool kMeshViewRegistered = RegisterView({"Mesh viewer", "...", &CreateMeshView});
//
// The base owns what every view shares, so a view overrides only its own hooks (Step, Render,
// UpdateGui, ...): the stepping (play, pause, single step, speed, the fixed-step
// accumulator and its cap on steps per frame: stepping()), the notices of its status bar and
// stderr (errors red, clamp notes yellow, each printed once: notices()), whether this is a
// headless screenshot run, its saved settings (the rows VisitParams lists, read before Start and
// written at the end: app/view/param_visitor.h), and the measured-run report. A view gets what
// the app lends it (model, camera, its own flags and the few facts of how the app was started)
// through the AppContext passed to its factory, never from globals. CreateView and EndView
// (below) are the life of a view.
#pragma once

#include <glm/vec2.hpp>
#include <memory>
#include <string>
#include <vector>

#include "app/model_library.h"
#include "app/render/scene_renderer.h"
#include "app/settings.h"
#include "app/view/lesson_verbs.h"
#include "app/view/notices.h"
#include "app/view/param_visitor.h"
#include "app/view/step_control.h"
#include "app/view/view_flags.h"
#include "engine/debug_draw.h"
#include "engine/lessons/lesson.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

// What the app lends a view for its lifetime.
struct AppContext {
  CurrentModel& model;
  OrbitCamera& camera;
  const ViewStart& start;  // the view's flags (app/view/view_flags.h), --screenshot, --frames, ...
};

// Where a view draws its figures (View::DrawFigures), in ImGui's display coordinates.
struct FigureArea {
  glm::vec2 min{0.0f};  // the rectangle's top-left corner
  glm::vec2 max{0.0f};  // ... and bottom-right corner
  // The figures' text height in pixels: the panels' font interactively, larger in presenter mode
  // (a share of the frame's height, so a projector's back row reads it).
  float font_pixels = 0.0f;
  // Presenter mode (a lesson played with F5, an export, a video): nothing answers the mouse, and
  // the figures are all the view shows besides its scene.
  bool presenter = false;
};

// What a view needs to draw one frame.
struct RenderContext {
  const OrbitCamera& camera;
  const CameraMatrices& matrices;
  glm::vec2 framebuffer_size;
  const SceneRenderer& renderer;
  const MeshStyle& style;
};

class View {
 public:
  View() = default;
  explicit View(const AppContext& app) : start_(&app.start) {}
  virtual ~View() = default;
  // Called once after the saved settings were read (CreateView): the view's flags and presets,
  // which override them, and the first build of what they choose.
  virtual void Start() {}
  virtual void Step(float dt) {}  // fixed-step update (section 3.2.2: physics, AI, ...)
  // The frame's CPU side: everything Render needs copied out of the view's state (instances,
  // overlay primitives). Called after the panels and before the frame's steps start.
  virtual void Prepare(const RenderContext& ctx, DebugDraw& draw) {}
  virtual void Render(const RenderContext& ctx, DebugDraw& draw) = 0;
  // True when this view's steps may run on the app's step thread while the main thread draws the
  // frame (FixedStepWorker). Render must then read only what Prepare copied: the steps change the
  // view's state meanwhile. Panels, input and Pick still run with the steps joined.
  virtual bool StepsOffMainThread() const { return false; }
  // Widgets inside the Scene window (only while that window is open and expanded).
  virtual void UpdateGui() {}
  // The view's own windows, keys and status bar: called every frame the UI is drawn, whether or
  // not the Scene window is collapsed. Never in presenter mode, where DrawFigures is called.
  virtual void UpdateWindows() {}
  // The view's figures: what explains its picture and a lesson's caption may point at (a
  // histogram, a state diagram, numbers written on the scene, a colour key), drawn inside `area`
  // and never outside it; no controls, no tooltips. Called in presenter mode (lessons on a
  // projector, --export, --video) with the part of the frame above the caption band; a view also
  // calls it from its UpdateWindows (with WholeDisplayFigureArea(), app/panels/figure_area.h),
  // or calls the same drawing functions inside its windows, so each figure is drawn by one
  // function whether the panels are shown or not.
  virtual void DrawFigures(const FigureArea& area) {}
  // A click on the scene, as the world ray through the framebuffer pixel under the cursor.
  // Returns true when the view used it (the app then does not treat it as a camera gesture).
  virtual bool Pick(const PickRay& ray) { return false; }
  // True while the view changes by itself; an idle, non-animating view lets the loop sleep.
  virtual bool Animating() const { return false; }
  // What a measured run (--frames N) prints about this view when it ends, beside the app's frame
  // times: what the view counted ("2 of 5 frames drew the mesh ..."); "" when nothing.
  virtual std::string MeasuredRunReport() const { return {}; }
  // True for views whose Step advances a simulation: the status bar then shows Play, Pause and
  // Step for the base's stepping().
  virtual bool ShowsStepControls() const { return false; }

  // --- Lessons (docs/lessons.md) -------------------------------------------------------------
  // A lesson step builds its view afresh from the step's flags, runs the step's actions in order
  // (the player handles the generic verbs such as "steps N" itself and passes every other verb
  // here), then asserts the step's checks. Both return "" on success, otherwise one line saying
  // what went wrong (the player prefixes the lesson file and line). Actions must be
  // deterministic: going back to a step rebuilds the view and replays them. A view keeps its
  // verbs in one table (app/view/lesson_verbs.h) and passes both to its dispatcher.
  virtual std::string RunLessonAction(const LessonCommand& action);
  virtual std::string CheckLessonClaim(const LessonCommand& check);

  // --- Saved settings ------------------------------------------------------------------------
  // The folder of the view's settings file under the config directory ("octree":
  // CONFIG/octree/settings.ini); "" for a view that saves nothing.
  virtual std::string SettingsFolder() const { return {}; }
  // The rows the settings file holds, each beside the value it sets (param_visitor.h). A view
  // that reads flags over its saved values applies them in Start, which runs after the read.
  virtual void VisitParams(ParamVisitor& visit) {}
  // Read and written by the base (CreateView, EndView) when uses_saved_settings(): a value out of
  // its row's range is clamped, with one note naming the file in the status bar.
  void LoadSavedParams();
  void SaveSavedParams();

  // --- The machinery the base owns -------------------------------------------------------------
  StepControl& stepping() { return stepping_; }
  const StepControl& stepping() const { return stepping_; }
  Notices& notices() { return notices_; }
  // A --screenshot run: no settings read or written, jobs finish before the frame is drawn.
  bool headless() const { return start_ && start_->screenshot; }
  // Whether the view reads its saved settings at start and writes them back at the end: not in a
  // headless run, nor in a lesson step (whose file alone decides what it shows).
  bool uses_saved_settings() const { return start_ && !start_->screenshot && !start_->in_lesson; }

 private:
  const ViewStart* start_ = nullptr;  // null for views built without an AppContext
  StepControl stepping_;
  Notices notices_;
  Settings saved_;  // the view's settings file, keys it does not know kept as they were
};

using ViewFactory = std::unique_ptr<View> (*)(AppContext&);

struct ViewEntry {
  const char* name;  // persisted in the settings by this name
  const char* description;
  ViewFactory create;
  // False for views that never look at the model (the simulation): the app then does not load
  // one until a view that does is shown.
  bool uses_model = true;
  // The verbs its lesson steps may use, from its verb table (LessonVerbSpecs<V>, lesson_verbs.h),
  // so the loader checks every step of a lesson file before any view is built and
  // docs/lessons.md is generated from the same rows; null for none.
  std::vector<LessonVerbSpec> (*lesson_verbs)() = nullptr;
  // Declares the view's command-line flags (app/view/view_flags.h); null for none.
  AddViewFlags flags = nullptr;
};

bool RegisterView(const ViewEntry& entry);
// The life of a view: built by its entry's factory, its saved settings read, then Start; at the
// end its settings written, then destroyed (EndView also accepts an empty pointer).
std::unique_ptr<View> CreateView(const ViewEntry& entry, AppContext& app);
void EndView(std::unique_ptr<View>& view);
const std::vector<ViewEntry>& RegisteredViews();  // sorted by name
int FindView(const std::string& name);            // -1 when unknown
// Every registered view's flag function, for the command line (ParseCommandLine).
std::vector<ViewFlagGroup> RegisteredViewFlags();

}  // namespace partlab

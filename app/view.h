// A view is one thing the testbed can show (the mesh viewer now; the octree, broad phases and
// simulations in later issues), in the style of Box2D's samples: Step advances it by a fixed dt,
// Render draws it (meshes through the SceneRenderer, overlays through DebugDraw), UpdateGui adds
// its own ImGui panel. Each view registers itself with one line in its own file:
//   static const bool kRegistered = RegisterView({"Mesh viewer", "...", &CreateMeshView});
#pragma once

#include <glm/vec2.hpp>
#include <memory>
#include <string>
#include <vector>

#include "app/model_library.h"
#include "app/render/scene_renderer.h"
#include "engine/debug_draw.h"
#include "engine/view/orbit_camera.h"

namespace partlab {

// What the app lends a view for its lifetime.
struct AppContext {
  CurrentModel& model;
  OrbitCamera& camera;
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
  virtual ~View() = default;
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
  // not the Scene window is collapsed.
  virtual void UpdateWindows() {}
  // A click on the scene, as the world ray through the framebuffer pixel under the cursor.
  // Returns true when the view used it (the app then does not treat it as a camera gesture).
  virtual bool Pick(const PickRay& ray) { return false; }
  // True while the view changes by itself; an idle, non-animating view lets the loop sleep.
  virtual bool Animating() const { return false; }
};

using ViewFactory = std::unique_ptr<View> (*)(AppContext&);

struct ViewEntry {
  const char* name;  // persisted in the settings by this name
  const char* description;
  ViewFactory create;
  // False for views that never look at the model (the simulation): the app then does not load
  // one until a view that does is shown.
  bool uses_model = true;
};

bool RegisterView(const ViewEntry& entry);
const std::vector<ViewEntry>& RegisteredViews();  // sorted by name
int FindView(const std::string& name);            // -1 when unknown

}  // namespace partlab

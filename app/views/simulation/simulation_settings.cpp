// The Simulation view's settings file (the class is in simulation_view.h): the panel's choices
// persist between interactive runs, stored by name (sim.*) in their own file next to the app's.
// The View base reads it before Start and writes it when the view ends; flags override it, and
// headless runs and lesson steps neither read nor write it.
#include "app/views/simulation/simulation_view.h"

#include "app/views/simulation/sim_params.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"

namespace partlab::simulation_view {

namespace sp = sim_params;

// The one list of what the settings file holds: each row beside the value it sets (sim_params.h,
// bsp_param_table.h). Loading and saving both walk it, so a value is persisted by one line here.
void SimulationView::VisitParams(ParamVisitor& visit) {
  int scene = physics_.info().number;
  visit(sp::kScene, scene);
  physics_.scene_index() = SceneIndexOf(scene);
  visit(sp::kAlgo, choice_.algo);
  visit(sp::kSeed, physics_.seed());
  int colour = int(picture_.colour_mode());
  visit(sp::kColour, colour);
  picture_.colour_mode() = BodyColourMode(colour);
  visit(sp::kShowOverlay, picture_.show_overlay());
  sp::ForEachOverlayRow([&](const auto& row) { visit(row, picture_.overlay_options()); });
  bsp_params::ForEachRow([&](const auto& row) { visit(row, choice_.bsp_params); });
  // The rules joining the BSP's rows (split min <= max, ops min <= max, ...).
  visit.Note(choice_.bsp_params.Clamp());
  visit(sp::kSideBySide, physics_.side_by_side());
  visit(sp::kCompanion, physics_.companion_algo());
  // The camera, with the scene it looked at, once the view runs (the read comes before Start); a
  // figure's camera is not the scene's, so the one saved before it stays.
  if (started_ && !figure_) {
    const OrbitCamera& c = app_.camera;
    saved_camera_ = {
        physics_.info().number, c.target.x, c.target.y, c.target.z, c.distance, c.yaw, c.pitch};
  }
  sp::ForEachCameraRow([&](const auto& row) { visit(row, saved_camera_); });
}

// The catalogue's index of the scene numbered `number` (the first when there is none).
int SimulationView::SceneIndexOf(int number) {
  const auto catalog = SceneCatalog();
  for (size_t i = 0; i < catalog.size(); ++i)
    if (catalog[i].number == number) return int(i);
  return 0;
}

void SimulationView::RestoreCamera() {
  // A figure frames itself; a saved camera is the scene's.
  const SavedCamera& s = saved_camera_;
  if (headless() || figure_ || s.scene != physics_.info().number) return;
  OrbitCamera& c = app_.camera;
  c.target = {s.x, s.y, s.z};
  c.distance = s.distance;
  c.yaw = s.yaw;
  c.pitch = s.pitch;
}

}  // namespace partlab::simulation_view

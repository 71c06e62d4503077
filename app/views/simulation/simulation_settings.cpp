// The Simulation view's settings, stored by name (sim.*) in their own file next to the app's.
#include "app/views/simulation/simulation_view.h"

#include <algorithm>
#include <cmath>

#include "app/views/simulation/sim_bsp_settings.h"

namespace partlab::simulation_view {

// --- Settings: stored by name (sim.*) in their own file next to the app's. ----------------------

void SimulationView::LoadSettings() {
  if (uses_saved_settings()) LoadSettingsFile();
  // The --bsp-* flags over the file: a flag wins (ParseCommandLine already noted what it clamped).
  std::string flag_notes;
  LoadBspParams(app_.start.flags, choice_.bsp_params, flag_notes);
}

void SimulationView::LoadSettingsFile() {
  settings_.Load(ConfigDirectory() + "/simulation");
  const SceneInfo* info = FindScene(settings_.Get("sim.scene", "1"));
  const auto catalog = SceneCatalog();
  for (size_t i = 0; info && i < catalog.size(); ++i)
    if (catalog[i].number == info->number) physics_.scene_index() = int(i);
  const std::string algo = settings_.Get("sim.algo", choice_.algo);
  if (MakeBroadPhase(algo)) choice_.algo = algo;
  physics_.seed() = settings_.GetInt("sim.seed", physics_.seed());
  picture_.colour_mode() = BodyColourMode(std::clamp(
      settings_.GetInt("sim.colour", int(picture_.colour_mode())), 0, kBodyColourModeCount - 1));
  picture_.show_overlay() = settings_.GetInt("sim.overlay", 1) != 0;
  BspOverlayOptions& overlay = picture_.overlay_options();
  overlay.max_depth = settings_.GetInt("sim.overlay.depth", overlay.max_depth);
  overlay.leaf_cells = settings_.GetInt("sim.overlay.leaf_cells", 0) != 0;
  overlay.plane_alpha = settings_.GetFloat("sim.overlay.alpha", overlay.plane_alpha);
  // A hand-edited settings file: every number back into its range, with one note naming the file.
  std::string notes;
  AppendNote(notes, ClampWithNote(overlay.max_depth, kPlaneDepthRange, "sim.overlay.depth"));
  AppendNote(notes, ClampWithNote(overlay.plane_alpha, kPlaneAlphaRange, "sim.overlay.alpha"));
  BspParams& p = choice_.bsp_params;
  LoadBspParams(settings_, p, notes);
  physics_.side_by_side() = settings_.GetInt("sim.side_by_side", 0) != 0;
  const std::string companion = settings_.Get("sim.companion", physics_.companion_algo());
  if (MakeBroadPhase(companion)) physics_.companion_algo() = companion;
  AppendNote(notes, p.Clamp());
  if (!notes.empty()) notices().Note("partlab: " + settings_.path() + ": " + notes);
}

void SimulationView::SaveSettings() {
  Settings& s = settings_;
  s.SetInt("sim.scene", physics_.info().number);
  s.Set("sim.algo", choice_.algo);
  s.SetInt("sim.seed", physics_.seed());
  s.SetInt("sim.colour", int(picture_.colour_mode()));
  s.SetInt("sim.overlay", picture_.show_overlay());
  const BspOverlayOptions& overlay = picture_.overlay_options();
  s.SetInt("sim.overlay.depth", overlay.max_depth);
  s.SetInt("sim.overlay.leaf_cells", overlay.leaf_cells);
  s.SetFloat("sim.overlay.alpha", overlay.plane_alpha);
  SaveBspParams(s, choice_.bsp_params);
  s.SetInt("sim.side_by_side", physics_.side_by_side());
  s.Set("sim.companion", physics_.companion_algo());
  // The camera, with the scene it looked at: another scene is framed afresh instead. A figure's
  // camera is not the scene's.
  if (!figure_) {
    const OrbitCamera& c = app_.camera;
    s.SetInt("sim.camera.scene", physics_.info().number);
    s.SetFloat("sim.camera.target.x", c.target.x);
    s.SetFloat("sim.camera.target.y", c.target.y);
    s.SetFloat("sim.camera.target.z", c.target.z);
    s.SetFloat("sim.camera.distance", c.distance);
    s.SetFloat("sim.camera.yaw", c.yaw);
    s.SetFloat("sim.camera.pitch", c.pitch);
  }
  if (const std::string error = s.Save(); !error.empty()) notices().Error("partlab: " + error);
}

void SimulationView::RestoreCamera() {
  const Settings& s = settings_;
  // A figure frames itself; a saved camera is the scene's.
  if (headless() || figure_ || s.GetInt("sim.camera.scene", -1) != physics_.info().number) return;
  OrbitCamera& c = app_.camera;
  const glm::vec3 target{s.GetFloat("sim.camera.target.x", c.target.x),
                         s.GetFloat("sim.camera.target.y", c.target.y),
                         s.GetFloat("sim.camera.target.z", c.target.z)};
  const float distance = s.GetFloat("sim.camera.distance", c.distance);
  const float yaw = s.GetFloat("sim.camera.yaw", c.yaw),
              pitch = s.GetFloat("sim.camera.pitch", c.pitch);
  if (!std::isfinite(target.x + target.y + target.z + distance + yaw + pitch)) return;
  c.target = target;
  c.distance = std::clamp(distance, 1e-3f, 1e6f);
  c.yaw = yaw;
  c.pitch = std::clamp(pitch, -1.55f, 1.55f);
}

}  // namespace partlab::simulation_view

// The Scene panel: which model (known models or any OBJ by path), which view, how it is lit.
// It returns what the user asked for; the engine loop does it (and reports errors back here).
#pragma once

#include <string>

#include "app/model_library.h"
#include "app/panels/clamped_widgets.h"
#include "app/render/scene_renderer.h"

namespace partlab {

struct ScenePanelState {
  char path_input[1024] = {};
  std::string status;  // the last error (or note), one line
  bool status_is_error = false;
  std::string notice;  // flags and settings clamped at start-up (yellow, dismissable)
  // What software rendering changes ("" on a GPU): kept under one collapsed line, so that it
  // does not take four lines of every view's panel on a projector.
  std::string renderer_note;
  bool show_grid = true;
  int view_index = 0;
  ClampNote clamp_note;          // the last slider value clamped into its range
  bool language_chosen = false;  // the user picked a language here: settings.ini keeps it
};

struct SceneCommands {
  std::string open_path;  // non-empty: open this model
  int switch_view = -1;   // >= 0: switch to this registered view
  bool reload_shaders = false;
  bool frame_model = false;
};

class View;

// The current view's own controls (View::UpdateGui) appear inside this panel.
SceneCommands DrawScenePanel(ScenePanelState& state, const CurrentModel& model, MeshStyle& style,
                             View& view, bool* open);

}  // namespace partlab

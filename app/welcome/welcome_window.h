// The Welcome window: what a teacher sees on the first start. It lists every view (a thumbnail,
// its name and its description) and every lesson grouped by the text it follows, with the
// sections it cites; one click opens the view (as the Scene panel's View list does) or starts the
// lesson (as the Lessons window does). Home opens and closes it, and so does the Help window's
// button; "Show at start" (settings.ini: welcome.show_at_start) opens it at every start, not only
// the first. A --screenshot run shows it only with --welcome, so scripted pictures stay as they
// were.
#pragma once

#include <string>
#include <vector>

#include "app/i18n/translate.h"
#include "app/panels/window_raise.h"
#include "app/render/png_texture.h"
#include "app/settings.h"
#include "app/welcome/lesson_shelf.h"
#include "engine/params/param.h"

namespace partlab {

inline constexpr BoolParam kShowWelcomeAtStart{
    "welcome.show_at_start", "", N_("Show at start"), false,
    N_("Open this window at every start, not only the first one. Home opens it at any time.")};

// What a click in the window asked for, done between frames by the engine loop.
struct WelcomeChoice {
  int view = -1;       // >= 0: switch to this registered view
  std::string lesson;  // not empty: open this lesson (a name in assets/lessons/)
};

// "Mesh viewer" -> "mesh_viewer": the view's thumbnail is assets/thumbnails/mesh_viewer.png
// (scripts/make-thumbnails.sh names them the same way).
std::string ThumbnailFileName(const std::string& view_name);

class WelcomeWindow {
 public:
  // Whether the window opens at start: on a first start (no settings.ini yet) or with "Show at
  // start" ticked; in a headless run only with --welcome; never with --lesson or --no-ui.
  // `settings` is kept: the checkbox writes into it, and the engine saves it at the end as ever.
  void Start(Settings& settings, bool headless, bool welcome_flag, bool lesson_given, bool no_ui);
  // Reads the Home key, then draws the window when it is open. `current_view`: the view shown.
  WelcomeChoice Draw(int current_view);
  void Toggle();
  bool open() const { return open_; }
  // The thumbnails' textures, before the GL context goes.
  void ReleaseGpu() { thumbnails_.clear(); }

 private:
  void LoadThumbnails();
  int ViewCards(int current_view, float list_height);
  std::string LessonList(float list_height);
  void Footer();

  Settings* settings_ = nullptr;
  bool open_ = false;
  bool show_at_start_ = kShowWelcomeAtStart.fallback;
  bool thumbnails_loaded_ = false;
  bool shelf_read_ = false;
  std::vector<PngTexture> thumbnails_;  // one per registered view, empty where the file is missing
  std::vector<ShelfText> shelf_;
  int lesson_count_ = 0;
  WindowRaise raise_;
};

}  // namespace partlab

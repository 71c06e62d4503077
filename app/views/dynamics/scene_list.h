// The Dynamics view's scenes: the text files of assets/dynamics (docs/dynamics.md), small scenes
// for class on the chapter's solver (visualization-simulation-games.txt, 3.3), chosen by name from
// a list or opened from any path. A component of the view: the list and the path being typed; the
// view loads what the user picks.
#pragma once

#include <string>
#include <vector>

namespace partlab {

class SceneList {
 public:
  SceneList();  // reads assets/dynamics, sorted by name

  const std::vector<std::string>& paths() const { return paths_; }
  int Find(const std::string& key) const;           // the scene called `key` (box_stack), or -1
  static std::string Key(const std::string& path);  // its file name without .scene

  // The panel's list of scenes: the path the user chose this frame, or "".
  std::string Combo(const std::string& current_path) const;
  // The panel's path field and "Open file" button: true when pressed (the path: open_path()).
  bool OpenField();
  const char* open_path() const { return open_path_; }

 private:
  std::vector<std::string> paths_;
  char open_path_[512] = {};
};

}  // namespace partlab

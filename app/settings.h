// What persists between runs (last model, view, lighting model, camera, window size, vsync) as a
// small key=value file next to ImGui's imgui.ini (which keeps the panel layout). Everything is
// stored by name, never by index, so adding a view or a shader never scrambles old settings.
// Directory: $PARTLAB_CONFIG_DIR, else $XDG_CONFIG_HOME/partlab, else ~/.config/partlab.
#pragma once

#include <map>
#include <string>

namespace partlab {

std::string ConfigDirectory();

class Settings {
 public:
  // Reads DIR/settings.ini; a missing file is a first run (first_run() is then true).
  void Load(const std::string& dir);
  // Writes atomically (temporary file + rename). Returns an error line, or "" on success.
  std::string Save() const;

  bool first_run() const { return first_run_; }
  const std::string& path() const { return path_; }

  std::string Get(const std::string& key, const std::string& fallback) const;
  float GetFloat(const std::string& key, float fallback) const;
  int GetInt(const std::string& key, int fallback) const;
  bool Has(const std::string& key) const { return values_.count(key) != 0; }
  void Set(const std::string& key, const std::string& value) { values_[key] = value; }
  void SetFloat(const std::string& key, float value);
  void SetInt(const std::string& key, int value) { values_[key] = std::to_string(value); }

 private:
  std::map<std::string, std::string> values_;
  std::string dir_, path_;
  bool first_run_ = true;
};

}  // namespace partlab

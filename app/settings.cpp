#include "app/settings.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace partlab {

std::string ConfigDirectory() {
  if (const char* dir = std::getenv("PARTLAB_CONFIG_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/partlab";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/partlab";
  return ".partlab";
}

void Settings::Load(const std::string& dir) {
  dir_ = dir;
  path_ = dir + "/settings.ini";
  values_.clear();
  std::ifstream in(path_);
  first_run_ = !in;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;  // not ours: ignore rather than refuse to start
    values_[line.substr(0, eq)] = line.substr(eq + 1);
  }
}

std::string Settings::Save() const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  const std::string tmp = path_ + ".tmp";
  {
    std::ofstream out(tmp);
    if (!out) return path_ + ": cannot write settings";
    out << "# Partition Lab settings (key=value); delete this file to reset.\n";
    for (const auto& [key, value] : values_) out << key << '=' << value << '\n';
    if (!out) return path_ + ": cannot write settings";
  }
  std::filesystem::rename(tmp, path_, ec);
  return ec ? path_ + ": cannot write settings (" + ec.message() + ")" : std::string();
}

std::string Settings::Get(const std::string& key, const std::string& fallback) const {
  auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

float Settings::GetFloat(const std::string& key, float fallback) const {
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  float value = fallback;
  const std::string& s = it->second;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size() ? value : fallback;
}

static int GetIntImpl(const std::string& s, int fallback) {
  int value = fallback;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size() ? value : fallback;
}

int Settings::GetInt(const std::string& key, int fallback) const {
  auto it = values_.find(key);
  return it == values_.end() ? fallback : GetIntImpl(it->second, fallback);
}

void Settings::SetFloat(const std::string& key, float value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  values_[key] = buffer;
}

}  // namespace partlab

#include "app/command_line.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace partlab {

namespace {

bool ParsePositive(std::string_view text, int& out) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0) return false;
  out = value;
  return true;
}

// Any integer, in range or not (the caller clamps it with a note).
bool ParseInt(std::string_view text, int& out) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return false;
  out = value;
  return true;
}

bool ParseSize(std::string_view text, int& width, int& height) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return false;
  return ParsePositive(text.substr(0, x), width) && ParsePositive(text.substr(x + 1), height);
}

// "partlab: --octree-depth 99 clamped to 12 (the octree view's maximum)", or nothing.
void ClampFlag(int& value, const ValueRange<int>& range, const char* flag, Options& options) {
  const std::string note = ClampWithNote(value, range, flag);
  if (!note.empty()) options.notes.push_back("partlab: " + note);
}

// Both sides in one note: "--size 1x1 clamped to 64x64 (the smallest window the panels fit in)".
void ClampSize(Options& options) {
  const std::string was = std::to_string(options.width) + "x" + std::to_string(options.height);
  const std::string w = ClampWithNote(options.width, kWindowSideRange, "");
  const std::string h = ClampWithNote(options.height, kWindowSideRange, "");
  if (w.empty() && h.empty()) return;
  const std::string& why = w.empty() ? h : w;
  options.notes.push_back("partlab: --size " + was + " clamped to " +
                          std::to_string(options.width) + "x" + std::to_string(options.height) +
                          why.substr(why.find(" (")));
}

// "ox,oy,oz,dx,dy,dz": six finite numbers, the direction not zero.
bool ParseRay(std::string_view text, float out[6]) {
  float v[6];
  for (int k = 0; k < 6; ++k) {
    const size_t comma = k < 5 ? text.find(',') : text.size();
    if (comma == std::string_view::npos) return false;
    const std::string_view item = text.substr(0, comma);
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v[k]);
    if (ec != std::errc() || end != item.data() + item.size() || !std::isfinite(v[k])) return false;
    text.remove_prefix(k < 5 ? comma + 1 : comma);
  }
  if (v[3] == 0 && v[4] == 0 && v[5] == 0) return false;
  std::copy(v, v + 6, out);
  return true;
}

Options& LastParsed() {
  static Options options;
  return options;
}

}  // namespace

const Options& ParsedCommandLine() {
  return LastParsed();
}

LoadResult<Options> ParseCommandLine(int argc, char** argv) {
  Options options;
  auto fail = [](const std::string& why) { return LoadResult<Options>::Fail("partlab: " + why); };
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      options.show_help = true;
      continue;
    }
    if (flag == "--no-ui") {
      options.no_ui = true;
      continue;
    }
    if (i + 1 >= argc) return fail(std::string(flag) + " expects a value (see --help)");
    const std::string_view value = argv[++i];
    if (flag == "--screenshot") {
      options.screenshot = value;
    } else if (flag == "--frames") {
      if (!ParsePositive(value, options.frames))
        return fail("--frames expects a positive integer, got '" + std::string(value) + "'");
    } else if (flag == "--size") {
      if (!ParseSize(value, options.width, options.height))
        return fail("--size expects WxH (e.g. 1280x720), got '" + std::string(value) + "'");
      ClampSize(options);
    } else if (flag == "--msaa") {
      if (value == "0") {
        options.msaa = 0;
      } else if (!ParsePositive(value, options.msaa) || options.msaa > 16) {
        return fail("--msaa expects 0..16 samples, got '" + std::string(value) + "'");
      }
    } else if (flag == "--model") {
      options.model = value;
    } else if (flag == "--view") {
      options.view = value;
    } else if (flag == "--shader") {
      options.shader = value;
    } else if (flag == "--scene") {
      options.scene = value;
    } else if (flag == "--algo") {
      options.algo = value;
    } else if (flag == "--steps") {
      if (!ParseInt(value, options.steps) || options.steps < 0)
        return fail("--steps expects a count of physics steps (0..100000), got '" +
                    std::string(value) + "'");
      ClampFlag(options.steps, kStepsRange, "--steps", options);
    } else if (flag == "--bodies") {
      if (!ParseInt(value, options.bodies))
        return fail("--bodies expects a number of bodies (1..100000), got '" + std::string(value) +
                    "'");
      ClampFlag(options.bodies, kBodiesRange, "--bodies", options);
    } else if (flag == "--trace") {
      options.trace = value;
    } else if (flag == "--beside") {
      options.beside = value;
    } else if (flag == "--preset") {
      options.preset = value;
    } else if (flag == "--placement") {
      if (value != "paper" && value != "leaf")
        return fail("--placement expects paper or leaf, got '" + std::string(value) + "'");
      options.placement = value;
    } else if (flag == "--octree-depth") {
      if (!ParseInt(value, options.octree_depth))
        return fail("--octree-depth expects 1..12, got '" + std::string(value) + "'");
      ClampFlag(options.octree_depth, kOctreeDepthRange, "--octree-depth", options);
    } else if (flag == "--ray") {
      if (!ParseRay(value, options.ray))
        return fail("--ray expects ox,oy,oz,dx,dy,dz (six numbers, direction not zero), got '" +
                    std::string(value) + "'");
      options.has_ray = true;
    } else {
      return fail("unknown flag '" + std::string(flag) + "' (see --help)");
    }
  }
  if (!options.screenshot.empty() && options.frames == 0) options.frames = 5;
  LastParsed() = options;
  return LoadResult<Options>::Ok(options);
}

}  // namespace partlab

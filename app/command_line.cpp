#include "app/command_line.h"

#include <charconv>
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

bool ParseSize(std::string_view text, int& width, int& height) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return false;
  return ParsePositive(text.substr(0, x), width) && ParsePositive(text.substr(x + 1), height) &&
         width <= 16384 && height <= 16384;
}

}  // namespace

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
    } else {
      return fail("unknown flag '" + std::string(flag) + "' (see --help)");
    }
  }
  if (!options.screenshot.empty() && options.frames == 0) options.frames = 5;
  return LoadResult<Options>::Ok(options);
}

}  // namespace partlab

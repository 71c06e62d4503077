#include "engine/ai/moving_ai_format.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"

#include "engine/ai/scenario_check.h"

namespace partlab::ai {
namespace {

// Splits text into lines without their "\n" or "\r\n" endings, remembering 1-based numbers.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}
  bool Next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int number_ = 0;
};

std::string At(const std::string& name, int line, const std::string& problem) {
  return name + ":" + std::to_string(line) + ": " + problem;
}

std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// The byte value of the first control character other than tab, or -1 (a map name with a NUL in
// it would not survive being written out again).
int FirstControlChar(std::string_view line) {
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u == 0x7f) return u;
  }
  return -1;
}

bool ParseInt(std::string_view s, int& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

bool ParseDouble(std::string_view s, double& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && std::isfinite(out);
}

// "height 512": the keyword, then one integer in [1, kMaxMapSide].
bool ParseHeaderSide(std::string_view line, std::string_view keyword, int& side,
                     std::string& problem) {
  const auto f = Fields(line);
  if (f.size() != 2 || f[0] != keyword) {
    problem = FormatText(N_("expected '%s N', found '%s'"), std::string(keyword).c_str(),
                         std::string(line).c_str());
    return false;
  }
  if (!ParseInt(f[1], side) || side < 1 || side > kMaxMapSide) {
    problem = FormatText(N_("%s '%s' is not an integer in [1, %d]"), std::string(keyword).c_str(),
                         std::string(f[1]).c_str(), int(kMaxMapSide));
    return false;
  }
  return true;
}

// A file of either kind: a full 8192 x 8192 map (kMaxMapSide) with its line ends and header is
// 64 MiB and a bit. Regular files only: a path may name /dev/zero or a pipe.
constexpr uint64_t kMaxMovingAiFileBytes = uint64_t(80) << 20;

LoadResult<std::string> ReadFile(const std::string& path) {
  auto bytes = ReadBoundedFile(path, kMaxMovingAiFileBytes);
  std::error_code ec;
  if (!bytes && !std::filesystem::exists(path, ec))
    return LoadResult<std::string>::Fail(path + ":0: " + LookUpText(N_("cannot open file")));
  if (!bytes) return LoadResult<std::string>::Fail(bytes.error());
  return LoadResult<std::string>::Ok(std::string(bytes.value().begin(), bytes.value().end()));
}

}  // namespace

LoadResult<GridMap> ParseMovingAiMap(std::string_view text, const std::string& name) {
  using R = LoadResult<GridMap>;
  LineReader lines(text);
  std::string_view line;
  std::string problem;
  if (!lines.Next(line))
    return R::Fail(At(name, 1, LookUpText(N_("empty file, expected 'type octile'"))));
  const auto type = Fields(line);
  if (type.size() != 2 || type[0] != "type")
    return R::Fail(
        At(name, lines.number(),
           FormatText(N_("expected 'type octile', found '%s'"), std::string(line).c_str())));
  if (type[1] != "octile")
    return R::Fail(At(name, lines.number(),
                      FormatText(N_("map type '%s' is not supported (only octile)"),
                                 std::string(type[1]).c_str())));
  int height = 0, width = 0;
  if (!lines.Next(line))
    return R::Fail(At(name, lines.number() + 1, LookUpText(N_("missing 'height N'"))));
  if (!ParseHeaderSide(line, "height", height, problem))
    return R::Fail(At(name, lines.number(), problem));
  if (!lines.Next(line))
    return R::Fail(At(name, lines.number() + 1, LookUpText(N_("missing 'width N'"))));
  if (!ParseHeaderSide(line, "width", width, problem))
    return R::Fail(At(name, lines.number(), problem));
  if (!lines.Next(line))
    return R::Fail(At(name, lines.number() + 1, LookUpText(N_("missing 'map'"))));
  if (line != "map")
    return R::Fail(At(name, lines.number(),
                      FormatText(N_("expected 'map', found '%s'"), std::string(line).c_str())));

  GridMap map(width, height, '.');
  for (int y = 0; y < height; ++y) {
    if (!lines.Next(line))
      return R::Fail(At(name, lines.number() + 1,
                        FormatText(N_("map has %d rows, header says %d"), y, height)));
    if (static_cast<int>(line.size()) != width)
      return R::Fail(At(name, lines.number(),
                        FormatText(N_("row has %zu characters, width is %d"), line.size(), width)));
    for (int x = 0; x < width; ++x) {
      if (!IsMapChar(line[x])) {
        return R::Fail(At(name, lines.number(),
                          FormatText(N_("column %d: character 0x%02x is not one of . G @ O T S W"),
                                     x + 1, static_cast<unsigned char>(line[x]))));
      }
      map.Set(x, y, line[x]);
    }
  }
  while (lines.Next(line))
    if (!Fields(line).empty())
      return R::Fail(
          At(name, lines.number(), FormatText(N_("text after the last of the %d rows"), height)));
  return R::Ok(std::move(map));
}

LoadResult<GridMap> LoadMovingAiMap(const std::string& path) {
  auto text = ReadFile(path);
  if (!text) return LoadResult<GridMap>::Fail(text.error());
  return ParseMovingAiMap(text.value(), path);
}

LoadResult<std::vector<Scenario>> ParseScenarios(std::string_view text, const std::string& name) {
  using R = LoadResult<std::vector<Scenario>>;
  LineReader lines(text);
  std::string_view line;
  if (!lines.Next(line))
    return R::Fail(At(name, 1, LookUpText(N_("empty file, expected 'version 1'"))));
  const auto version = Fields(line);
  double v = 0;
  if (version.size() != 2 || version[0] != "version" || !ParseDouble(version[1], v))
    return R::Fail(
        At(name, 1, FormatText(N_("expected 'version 1', found '%s'"), std::string(line).c_str())));
  if (v != 1.0)
    return R::Fail(At(name, 1,
                      FormatText(N_("scenario version '%s' is not supported (only 1)"),
                                 std::string(version[1]).c_str())));
  std::vector<Scenario> out;
  static constexpr const char* kFieldNames[9] = {
      N_("bucket"),  N_("map"),    N_("map width"), N_("map height"),    N_("start x"),
      N_("start y"), N_("goal x"), N_("goal y"),    N_("optimal length")};
  while (lines.Next(line)) {
    const auto f = Fields(line);
    if (f.empty()) continue;
    const int n = lines.number();
    if (f.size() != 9)
      return R::Fail(At(name, n,
                        FormatText(N_("expected 9 fields (bucket map width height sx sy gx gy "
                                      "optimal), found %zu"),
                                   f.size())));
    if (const int bad = FirstControlChar(line); bad >= 0) {
      return R::Fail(At(name, n, FormatText(N_("control character 0x%02x in the line"), bad)));
    }
    Scenario s;
    s.line = n;
    s.map_name = std::string(f[1]);
    int* ints[7] = {&s.bucket,  nullptr,    &s.map_width, &s.map_height,
                    &s.start.x, &s.start.y, &s.goal.x};
    for (int i = 0; i < 8; ++i) {
      if (i == 1) continue;
      int* target = i < 7 ? ints[i] : &s.goal.y;
      if (!ParseInt(f[i], *target) || *target < 0)
        return R::Fail(At(name, n,
                          FormatText(N_("%s '%s' is not a non-negative integer"),
                                     LookUpText(kFieldNames[i]), std::string(f[i]).c_str())));
    }
    if (!ParseDouble(f[8], s.optimal_length) || s.optimal_length < 0 || s.optimal_length > 1e9)
      return R::Fail(At(name, n,
                        FormatText(N_("optimal length '%s' is not a number in [0, 1e9]"),
                                   std::string(f[8]).c_str())));
    if (s.map_width < 1 || s.map_height < 1 || s.map_width > kMaxMapSide ||
        s.map_height > kMaxMapSide)
      return R::Fail(At(name, n,
                        FormatText(N_("map size %dx%d is outside [1, %d]"), s.map_width,
                                   s.map_height, int(kMaxMapSide))));
    if (s.start.x >= s.map_width || s.start.y >= s.map_height)
      return R::Fail(At(name, n, LookUpText(N_("start outside the declared map size"))));
    if (s.goal.x >= s.map_width || s.goal.y >= s.map_height)
      return R::Fail(At(name, n, LookUpText(N_("goal outside the declared map size"))));
    out.push_back(std::move(s));
  }
  return R::Ok(std::move(out));
}

LoadResult<std::vector<Scenario>> LoadScenarios(const std::string& path) {
  auto text = ReadFile(path);
  if (!text) return LoadResult<std::vector<Scenario>>::Fail(text.error());
  return ParseScenarios(text.value(), path);
}

std::string CheckScenariosAgainstMap(const std::vector<Scenario>& scenarios, const GridMap& map,
                                     const std::string& scen_name) {
  return CheckScenarios(scenarios, map, scen_name).error;
}

std::string FormatMovingAiMap(const GridMap& map) {
  std::string out = "type octile\nheight " + std::to_string(map.height()) + "\nwidth " +
                    std::to_string(map.width()) + "\nmap\n";
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) out += map.CharAt(x, y);
    out += '\n';
  }
  return out;
}

std::string FormatScenarios(const std::vector<Scenario>& scenarios) {
  std::string out = "version 1\n";
  char buf[160];
  for (const Scenario& s : scenarios) {
    out += std::to_string(s.bucket) + "\t" + s.map_name;  // the name may be long
    std::snprintf(buf, sizeof buf, "\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", s.map_width, s.map_height,
                  s.start.x, s.start.y, s.goal.x, s.goal.y, s.optimal_length);
    out += buf;
  }
  return out;
}

}  // namespace partlab::ai

#include "engine/visibility/level_parser.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <glm/geometric.hpp>
#include <sstream>
#include <unordered_map>

#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"
#include "engine/visibility/cross2.h"

namespace partlab {

namespace {

constexpr float kTolerance = 1e-3f;  // level units, for "on the edge" and "same point"

double SignedArea(const std::vector<glm::vec2>& p) {
  double s = 0.0;
  for (size_t i = 0; i < p.size(); ++i) {
    const glm::vec2& a = p[i];
    const glm::vec2& b = p[(i + 1) % p.size()];
    s += double(a.x) * b.y - double(b.x) * a.y;
  }
  return 0.5 * s;
}

// Closed segments p1p2 and q1q2 share a point (touching counts).
bool SegmentsMeet(const glm::vec2& p1, const glm::vec2& p2, const glm::vec2& q1,
                  const glm::vec2& q2) {
  const double d1 = Cross2(q2 - q1, p1 - q1), d2 = Cross2(q2 - q1, p2 - q1);
  const double d3 = Cross2(p2 - p1, q1 - p1), d4 = Cross2(p2 - p1, q2 - p1);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  auto on = [](const glm::vec2& a, const glm::vec2& b, const glm::vec2& p, double d) {
    return d == 0.0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
  };
  return on(q1, q2, p1, d1) || on(q1, q2, p2, d2) || on(p1, p2, q1, d3) || on(p1, p2, q2, d4);
}

class Parser {
 public:
  Parser(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

  LevelLoad Run() {
    std::istringstream in{std::string(text_)};
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.size() > kMaxLevelLineBytes) {
        Error(n, FormatText(N_("line longer than %zu bytes"), size_t(kMaxLevelLineBytes)));
        break;
      }
      Line(line, n);
      if (stop_) break;
    }
    if (out_.level.cells.empty() && out_.errors.empty())
      out_.errors.push_back(file_ + ":1: " + LookUpText(N_("the level has no cell")));
    if (out_.errors.empty()) Validate();
    if (out_.errors.empty()) BuildLevelGeometry(&out_.level);
    return std::move(out_);
  }

 private:
  // A file of a million bad lines would otherwise hold a million messages.
  void Error(int line, const std::string& problem) {
    if (stop_) return;
    out_.errors.push_back(file_ + ":" + std::to_string(line) + ": " + problem);
    if (out_.errors.size() == kMaxLevelErrors) {
      out_.errors.push_back(
          file_ + ":" + std::to_string(line) + ": " +
          FormatText(N_("more than %zu errors, reading stops here"), size_t(kMaxLevelErrors)));
      stop_ = true;
    }
  }

  // A count limit ends the reading: every later line would be refused for the same reason.
  void Stop(int line, const std::string& problem) {
    Error(line, problem);
    stop_ = true;
  }

  bool Number(const std::string& word, int line, float* value) {
    char* end = nullptr;
    const float v = std::strtof(word.c_str(), &end);
    if (end == word.c_str() || *end != '\0' || !std::isfinite(v)) {
      Error(line, FormatText(N_("'%s' is not a finite number"), word.c_str()));
      return false;
    }
    *value = v;
    return true;
  }

  void Line(std::string text, int n) {
    if (const size_t hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) return;
    if (w[0] == "level") {
      if (w.size() != 2) return Error(n, LookUpText(N_("'level' takes one name")));
      out_.level.name = w[1];
    } else if (w[0] == "cell") {
      Cell(w, n);
    } else if (w[0] == "portal") {
      Portal(w, n);
    } else {
      Error(n, FormatText(N_("unknown word '%s' (level, cell, portal)"), w[0].c_str()));
    }
  }

  void Cell(const std::vector<std::string>& w, int n) {
    if (w.size() < 10 || (w.size() - 4) % 2 != 0)
      return Error(n, LookUpText(N_("'cell' takes a name, floor and ceiling heights, then at "
                                    "least three x z corners")));
    if (names_.count(w[1]))
      return Error(n, FormatText(N_("cell '%s' is declared twice"), w[1].c_str()));
    if ((w.size() - 4) / 2 > kMaxCellCorners)
      return Error(n, FormatText(N_("cell '%s' has more than %zu corners"), w[1].c_str(),
                                 size_t(kMaxCellCorners)));
    if (++cell_lines_ > kMaxLevelCells)
      return Stop(n, FormatText(N_("more than %zu cells"), size_t(kMaxLevelCells)));
    LevelCell cell;
    cell.name = w[1];
    cell.line = n;
    bool numbers = Number(w[2], n, &cell.floor) && Number(w[3], n, &cell.ceiling);
    for (size_t i = 4; numbers && i < w.size(); i += 2) {
      glm::vec2 p;
      numbers = Number(w[i], n, &p.x) && Number(w[i + 1], n, &p.y);
      cell.outline.push_back(p);
    }
    if (!numbers) return;
    if (cell.ceiling <= cell.floor)
      return Error(
          n, FormatText(N_("cell '%s': the ceiling is not above the floor"), cell.name.c_str()));
    if (!CheckOutline(&cell, n)) return;
    names_[cell.name] = uint32_t(out_.level.cells.size());
    out_.level.cells.push_back(std::move(cell));
  }

  // Repeated corners, then self-intersection (non-adjacent edges meeting), then convexity: every
  // corner turns the same way as the whole outline.
  bool CheckOutline(LevelCell* cell, int n) {
    std::vector<glm::vec2>& p = cell->outline;
    const size_t k = p.size();
    for (size_t i = 0; i < k; ++i)
      if (glm::length(p[(i + 1) % k] - p[i]) <= kTolerance) {
        Error(n, FormatText(N_("cell '%s': corner %zu repeats the next one"), cell->name.c_str(),
                            i + 1));
        return false;
      }
    for (size_t i = 0; i < k; ++i)
      for (size_t j = i + 2; j < k; ++j) {
        if (i == 0 && j == k - 1) continue;  // adjacent through the closing edge
        if (SegmentsMeet(p[i], p[i + 1], p[j], p[(j + 1) % k])) {
          Error(n, FormatText(N_("cell '%s': the outline intersects itself (edges %zu and %zu)"),
                              cell->name.c_str(), i + 1, j + 1));
          return false;
        }
      }
    if (SignedArea(p) < 0.0) std::reverse(p.begin(), p.end());
    for (size_t i = 0; i < k; ++i) {
      const glm::vec2 &a = p[(i + k - 1) % k], &b = p[i], &c = p[(i + 1) % k];
      if (Cross2(b - a, c - b) < -kTolerance * glm::length(c - b)) {
        Error(n, FormatText(N_("cell '%s' is not convex (it turns the other way at corner (%s "
                               "%s))"),
                            cell->name.c_str(), Format(b.x).c_str(), Format(b.y).c_str()));
        return false;
      }
    }
    return true;
  }

  static std::string Format(float v) {
    char s[32];
    std::snprintf(s, sizeof s, "%g", v);
    return s;
  }

  void Portal(const std::vector<std::string>& w, int n) {
    if (w.size() != 9)
      return Error(n, LookUpText(N_("'portal' takes two cell names, two x z ends and the bottom "
                                    "and top heights")));
    if (++portal_lines_ > kMaxLevelPortals)
      return Stop(n, FormatText(N_("more than %zu portals"), size_t(kMaxLevelPortals)));
    LevelPortal portal;
    portal.line = n;
    for (int s = 0; s < 2; ++s) {
      const auto it = names_.find(w[1 + s]);
      if (it == names_.end())
        return Error(n, FormatText(N_("portal names cell '%s', which is not declared above"),
                                   w[1 + s].c_str()));
      portal.cells[s] = it->second;
    }
    if (portal.cells[0] == portal.cells[1])
      return Error(n, FormatText(N_("portal joins cell '%s' to itself"), w[1].c_str()));
    if (!Number(w[3], n, &portal.a.x) || !Number(w[4], n, &portal.a.y) ||
        !Number(w[5], n, &portal.b.x) || !Number(w[6], n, &portal.b.y) ||
        !Number(w[7], n, &portal.bottom) || !Number(w[8], n, &portal.top))
      return;
    if (glm::length(portal.b - portal.a) <= kTolerance)
      return Error(n, LookUpText(N_("the portal's two ends are the same point")));
    if (portal.top <= portal.bottom)
      return Error(n, LookUpText(N_("the portal's top is not above its bottom")));
    for (uint32_t c : portal.cells)
      if (!CheckPortalOnCell(portal, out_.level.cells[c], n)) return;
    if (!OppositeSides(portal, n)) return;
    for (const LevelPortal& other : out_.level.portals)
      if (Overlap(portal, other)) {
        return Error(n, FormatText(N_("the portal overlaps the one on line %d"), other.line));
      }
    out_.level.portals.push_back(portal);
  }

  // Both ends on one edge of the outline, the opening within the floor-to-ceiling span.
  bool CheckPortalOnCell(const LevelPortal& portal, const LevelCell& cell, int n) {
    const size_t k = cell.outline.size();
    bool on_edge = false;
    for (size_t i = 0; i < k && !on_edge; ++i)
      on_edge = OnSegment(portal.a, cell.outline[i], cell.outline[(i + 1) % k]) &&
                OnSegment(portal.b, cell.outline[i], cell.outline[(i + 1) % k]);
    if (!on_edge) {
      Error(n, FormatText(N_("the portal does not lie on the boundary of cell '%s'"),
                          cell.name.c_str()));
      return false;
    }
    if (portal.bottom < cell.floor - kTolerance || portal.top > cell.ceiling + kTolerance) {
      Error(n, FormatText(N_("the portal's opening leaves cell '%s' (floor %s, ceiling %s)"),
                          cell.name.c_str(), Format(cell.floor).c_str(),
                          Format(cell.ceiling).c_str()));
      return false;
    }
    return true;
  }

  static bool OnSegment(const glm::vec2& p, const glm::vec2& a, const glm::vec2& b) {
    const glm::vec2 d = b - a;
    const float len = glm::length(d);
    if (std::abs(Cross2(d, p - a)) / len > kTolerance) return false;
    const float t = glm::dot(p - a, d) / len;
    return t >= -kTolerance && t <= len + kTolerance;
  }

  // The two cells on the two sides of the opening: a portal leads somewhere else.
  bool OppositeSides(const LevelPortal& portal, int n) {
    float side[2];
    for (int s = 0; s < 2; ++s) {
      const LevelCell& cell = out_.level.cells[portal.cells[s]];
      glm::vec2 mean(0.0f);
      for (const glm::vec2& q : cell.outline) mean += q / float(cell.outline.size());
      side[s] = Cross2(portal.b - portal.a, mean - portal.a);
    }
    if (side[0] * side[1] < 0.0f) return true;
    Error(n, FormatText(N_("cells '%s' and '%s' lie on the same side of the portal"),
                        out_.level.cells[portal.cells[0]].name.c_str(),
                        out_.level.cells[portal.cells[1]].name.c_str()));
    return false;
  }

  // Two openings of one cell on one line, sharing more than a point along it and in height.
  static bool Overlap(const LevelPortal& p, const LevelPortal& q) {
    const bool shared = p.cells[0] == q.cells[0] || p.cells[0] == q.cells[1] ||
                        p.cells[1] == q.cells[0] || p.cells[1] == q.cells[1];
    if (!shared) return false;
    const glm::vec2 d = p.b - p.a;
    const float len = glm::length(d);
    if (std::abs(Cross2(d, q.a - p.a)) / len > kTolerance ||
        std::abs(Cross2(d, q.b - p.a)) / len > kTolerance)
      return false;
    const float qa = glm::dot(q.a - p.a, d) / len, qb = glm::dot(q.b - p.a, d) / len;
    const bool along = std::min(qa, qb) < len - kTolerance && std::max(qa, qb) > kTolerance;
    return along && q.bottom < p.top - kTolerance && p.bottom < q.top - kTolerance;
  }

  // Breadth first from the first cell over the portals.
  void Validate() {
    const auto& cells = out_.level.cells;
    std::vector<uint8_t> reached(cells.size(), 0);
    std::vector<uint32_t> queue{0};
    reached[0] = 1;
    for (size_t head = 0; head < queue.size(); ++head)
      for (const LevelPortal& p : out_.level.portals)
        for (int s = 0; s < 2; ++s)
          if (p.cells[s] == queue[head] && !reached[p.cells[1 - s]]) {
            reached[p.cells[1 - s]] = 1;
            queue.push_back(p.cells[1 - s]);
          }
    for (size_t c = 0; c < cells.size(); ++c)
      if (!reached[c])
        Error(cells[c].line,
              FormatText(N_("cell '%s' cannot be reached from cell '%s' through any portal"),
                         cells[c].name.c_str(), cells[0].name.c_str()));
  }

  std::string_view text_;
  std::string file_;
  LevelLoad out_;
  std::unordered_map<std::string, uint32_t> names_;
  size_t cell_lines_ = 0, portal_lines_ = 0;
  bool stop_ = false;
};

}  // namespace

LevelLoad ParseLevel(std::string_view text, const std::string& file_name) {
  return Parser(text, file_name).Run();
}

LevelLoad LoadLevelFile(const std::string& path) {
  const auto bytes = ReadBoundedFile(path, kMaxLevelBytes);
  if (!bytes) {
    LevelLoad failed;
    failed.errors.push_back(bytes.error());
    return failed;
  }
  const std::vector<uint8_t>& b = bytes.value();
  return ParseLevel(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), path);
}

std::string WriteLevel(const IndoorLevel& level) {
  std::string s = "# Partition Lab indoor level (docs/portals.md)\n";
  if (!level.name.empty()) s += "level " + level.name + "\n";
  char buf[128];
  for (const LevelCell& c : level.cells) {
    s += "cell " + c.name;
    std::snprintf(buf, sizeof buf, " %g %g ", c.floor, c.ceiling);
    s += buf;
    for (const glm::vec2& p : c.outline) {
      std::snprintf(buf, sizeof buf, " %g %g", p.x, p.y);
      s += buf;
    }
    s += "\n";
  }
  for (const LevelPortal& p : level.portals) {
    s += "portal " + level.cells[p.cells[0]].name + " " + level.cells[p.cells[1]].name;
    std::snprintf(buf, sizeof buf, "  %g %g  %g %g  %g %g\n", p.a.x, p.a.y, p.b.x, p.b.y, p.bottom,
                  p.top);
    s += buf;
  }
  return s;
}

}  // namespace partlab

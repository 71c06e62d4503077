#include "app/views/pathfinding/pathfinding_overlay.h"

#include <cmath>

namespace partlab {

namespace {

constexpr Color kGround{0.80f, 0.76f, 0.64f, 1.0f};
constexpr Color kTree{0.16f, 0.38f, 0.18f, 1.0f};
constexpr Color kRock{0.27f, 0.29f, 0.34f, 1.0f};
constexpr Color kWater{0.25f, 0.50f, 0.80f, 1.0f};
constexpr Color kSwamp{0.58f, 0.62f, 0.42f, 1.0f};
constexpr Color kGridLine{0.35f, 0.33f, 0.28f, 0.35f};
constexpr Color kOpen{0.20f, 0.80f, 0.45f, 0.75f};    // OPEN: the frontier
constexpr Color kClosed{0.95f, 0.55f, 0.25f, 0.60f};  // CLOSED: already expanded
constexpr Color kClosedBlocked{0.55f, 0.25f, 0.70f, 0.9f};
constexpr Color kPath{1.0f, 0.90f, 0.10f, 1.0f};
constexpr Color kHeuristic{0.95f, 0.95f, 1.0f, 1.0f};  // figure 3.13's h(n), white
constexpr Color kTreeEdge{0.15f, 0.15f, 0.45f, 1.0f};  // figure 3.12's tree, dark blue
constexpr Color kLineClear{0.15f, 0.85f, 0.95f, 1.0f};
constexpr Color kLineBlocked{0.95f, 0.15f, 0.20f, 1.0f};

// A cell's square, shrunk by `inset` on each side, lifted a little off the ground.
void CellQuad(const ai::GridMap& map, ai::Cell c, float lift, float inset, const Color& color,
              DebugDraw& draw) {
  const glm::vec3 o = CellToWorld(map, {float(c.x), float(c.y)}, lift);
  const float h = 0.5f - inset;
  const glm::vec3 q[4] = {o + glm::vec3(-h, 0, -h), o + glm::vec3(h, 0, -h), o + glm::vec3(h, 0, h),
                          o + glm::vec3(-h, 0, h)};
  draw.Polygon(q, color);
}

void PathLines(const ai::GridMap& map, const std::vector<ai::Cell>& path, float lift,
               const Color& color, DebugDraw& draw) {
  for (size_t i = 1; i < path.size(); ++i)
    draw.Line(CellToWorld(map, {float(path[i - 1].x), float(path[i - 1].y)}, lift),
              CellToWorld(map, {float(path[i].x), float(path[i].y)}, lift), color);
}

void Cross(const glm::vec3& p, float r, const Color& color, DebugDraw& draw) {
  draw.Line(p + glm::vec3(-r, 0, -r), p + glm::vec3(r, 0, r), color);
  draw.Line(p + glm::vec3(-r, 0, r), p + glm::vec3(r, 0, -r), color);
}

}  // namespace

glm::vec3 CellToWorld(const ai::GridMap& map, glm::vec2 cell, float lift) {
  return {cell.x - 0.5f * map.width() + 0.5f, lift, cell.y - 0.5f * map.height() + 0.5f};
}

std::optional<ai::Cell> CellUnderRay(const ai::GridMap& map, const PickRay& ray) {
  if (!(std::abs(ray.dir.y) > 1e-6f)) return std::nullopt;
  const float t = -ray.origin.y / ray.dir.y;
  if (!(t > 0)) return std::nullopt;
  const glm::vec3 p = ray.origin + t * ray.dir;
  const int x = static_cast<int>(std::floor(p.x + 0.5f * map.width()));
  const int y = static_cast<int>(std::floor(p.z + 0.5f * map.height()));
  if (!map.Inside(x, y)) return std::nullopt;
  return ai::Cell{x, y};
}

Color StateColor(ai::PredatorState s) {
  switch (s) {
    case ai::PredatorState::kWait:
      return {0.30f, 0.55f, 1.0f, 1.0f};
    case ai::PredatorState::kChase:
      return {1.0f, 0.60f, 0.10f, 1.0f};
    case ai::PredatorState::kAttack:
      return {1.0f, 0.15f, 0.15f, 1.0f};
    case ai::PredatorState::kDie:
      return {0.45f, 0.45f, 0.45f, 1.0f};
  }
  return {1, 1, 1, 1};
}

void DrawGridMap(const ai::GridMap& map, bool grid_lines, DebugDraw& draw) {
  const float hw = 0.5f * map.width(), hh = 0.5f * map.height();
  const glm::vec3 ground[4] = {
      {-hw, -0.01f, -hh}, {hw, -0.01f, -hh}, {hw, -0.01f, hh}, {-hw, -0.01f, hh}};
  draw.Polygon(ground, kGround);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const char c = map.CharAt(x, y);
      if (c == '.' || c == 'G') continue;
      const Color& color = c == 'T' ? kTree : c == 'W' ? kWater : c == 'S' ? kSwamp : kRock;
      CellQuad(map, {x, y}, 0.0f, 0.0f, color, draw);
    }
  if (!grid_lines || map.width() > 200 || map.height() > 200) return;
  for (int x = 0; x <= map.width(); ++x)
    draw.Line({x - hw, 0.004f, -hh}, {x - hw, 0.004f, hh}, kGridLine);
  for (int y = 0; y <= map.height(); ++y)
    draw.Line({-hw, 0.004f, y - hh}, {hw, 0.004f, y - hh}, kGridLine);
}

void DrawSearch(const ai::GridMap& map, const SearchAnimation& search,
                const PathfindingOverlayOptions& options, DebugDraw& draw) {
  if (!search.planned()) return;
  const ai::GridSearch& s = search.replay();
  if (options.show_search && search.replaying()) {
    for (int i = 0; i < map.CellCount(); ++i) {
      const ai::NodeState st = s.StateOf(i);
      if (st == ai::NodeState::kUnseen) continue;
      const ai::Cell c = map.CellOf(i);
      if (st == ai::NodeState::kClosedBlocked) {
        Cross(CellToWorld(map, {float(c.x), float(c.y)}, 0.02f), 0.3f, kClosedBlocked, draw);
        continue;
      }
      CellQuad(map, c, 0.01f, 0.06f, st == ai::NodeState::kOpen ? kOpen : kClosed, draw);
    }
    if (s.LastExpanded() >= 0 && search.running())
      CellQuad(map, map.CellOf(s.LastExpanded()), 0.02f, 0.0f, {1, 1, 1, 0.9f}, draw);
  }
  // Figure 3.12: the search tree on the map, each node seen joined to its parent (the operator
  // that generated it); the root is the start.
  if (options.show_search_tree && search.replaying()) {
    for (int i = 0; i < map.CellCount(); ++i) {
      const int parent = s.Parent(i);
      if (parent < 0) continue;
      const ai::Cell c = map.CellOf(i), p = map.CellOf(parent);
      draw.Line(CellToWorld(map, {float(c.x), float(c.y)}, 0.07f),
                CellToWorld(map, {float(p.x), float(p.y)}, 0.07f), kTreeEdge);
    }
  }
  // Figure 3.14: the straight line from start to goal, clear (a) or blocked where it stops (b).
  if (options.show_straight_line) {
    const glm::vec3 a = CellToWorld(map, {float(search.start().x), float(search.start().y)}, 0.05f);
    const glm::vec3 b = CellToWorld(map, {float(search.goal().x), float(search.goal().y)}, 0.05f);
    if (search.line_clear()) {
      draw.Line(a, b, kLineClear);
    } else if (!search.line().empty()) {
      const ai::Cell stop = search.line().back();
      const glm::vec3 m = CellToWorld(map, {float(stop.x), float(stop.y)}, 0.05f);
      draw.Line(a, m, kLineBlocked);
      Cross(m, 0.45f, kLineBlocked, draw);
      // the rest of the wished-for line, faint
      draw.Line(m, b, {kLineBlocked.r, kLineBlocked.g, kLineBlocked.b, 0.3f});
    }
  }
  PathLines(map, search.shown_path(), 0.08f, kPath, draw);
  // Figure 3.13: g(n) is the path just drawn to n, h(n) "uma reta ligando n à meta".
  if (options.show_heuristic && search.running() && s.LastExpanded() >= 0) {
    const ai::Cell n = map.CellOf(s.LastExpanded());
    draw.Line(CellToWorld(map, {float(n.x), float(n.y)}, 0.1f),
              CellToWorld(map, {float(search.goal().x), float(search.goal().y)}, 0.1f), kHeuristic);
  }
  for (const ai::Cell& c : search.shown_path())  // beads, so the thin line reads from afar
    draw.Point(CellToWorld(map, {float(c.x), float(c.y)}, 0.09f), 4.0f, kPath);
  draw.Point(CellToWorld(map, {float(search.start().x), float(search.start().y)}, 0.1f), 14.0f,
             {0.1f, 0.85f, 0.2f, 1.0f});
  draw.Point(CellToWorld(map, {float(search.goal().x), float(search.goal().y)}, 0.1f), 14.0f,
             {0.9f, 0.1f, 0.6f, 1.0f});
}

void DrawWaypoints(const ai::GridMap& map, const ai::Pathfinder& finder, DebugDraw& draw) {
  for (const ai::Cell& w : finder.waypoints())
    draw.Point(CellToWorld(map, {float(w.x), float(w.y)}, 0.1f), 10.0f, {0.2f, 0.9f, 0.9f, 1.0f});
}

void DrawPredators(const ai::GridMap& map, const PredatorWorld& world,
                   const PathfindingOverlayOptions& options, DebugDraw& draw) {
  const glm::vec3 player = CellToWorld(map, world.player(), 0.15f);
  if (options.show_sight) {  // practice (10): what the player sees
    constexpr int kSegments = 64;
    for (int i = 0; i < kSegments; ++i) {
      const float a0 = 6.2831853f * i / kSegments, a1 = 6.2831853f * (i + 1) / kSegments;
      const float r = world.sight_radius;
      draw.Line(player + glm::vec3(r * std::cos(a0), 0, r * std::sin(a0)),
                player + glm::vec3(r * std::cos(a1), 0, r * std::sin(a1)),
                {1.0f, 1.0f, 1.0f, 0.5f});
    }
  }
  PathLines(map, world.player_path(), 0.07f, {1, 1, 1, 0.5f}, draw);
  draw.Point(player, 20.0f, {1.0f, 1.0f, 1.0f, 1.0f});
  // Points at equal depth would lose the depth test to the one drawn first: inner ones sit higher.
  draw.Point(player + glm::vec3(0, 0.05f, 0), 11.0f, {0.15f, 0.25f, 0.85f, 1.0f});
  for (const Predator& p : world.predators()) {
    if (!p.alive) continue;
    Color c = StateColor(p.shown_state);
    const glm::vec3 at = CellToWorld(map, p.position, 0.15f);
    if (!p.path.empty() && p.shown_state == ai::PredatorState::kChase)
      PathLines(map, p.path, 0.06f, {c.r, c.g, c.b, 0.7f}, draw);
    if (p.id == options.selected_predator) draw.Point(at, 24.0f, {1, 1, 1, 1});
    draw.Point(at + glm::vec3(0, 0.05f, 0), 17.0f, c);
  }
}

}  // namespace partlab

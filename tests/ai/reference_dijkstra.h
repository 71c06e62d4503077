// An independent answer for the path-finding tests: Dijkstra written from the Moving AI rules
// (ground . G S, water W, blocked @ O T; no mixing; no corner cutting), sharing no code with the
// engine's search. Also a breadth-first step count for the blind search.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <vector>

namespace partlab::ai::testing {

struct CharGrid {
  int w = 0, h = 0;
  std::vector<std::string> rows;
  char At(int x, int y) const { return rows[y][x]; }
  bool In(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h; }
  // 0 ground, 1 water, 2 blocked.
  int Kind(int x, int y) const {
    const char c = At(x, y);
    if (c == '.' || c == 'G' || c == 'S') return 0;
    if (c == 'W') return 1;
    return 2;
  }
};

// Calls visit(nx, ny, cost) for every legal move out of (x, y).
inline void ForEachMove(const CharGrid& g, int x, int y,
                        const std::function<void(int, int, double)>& visit) {
  const int k = g.Kind(x, y);
  if (k == 2) return;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const int nx = x + dx, ny = y + dy;
      if (!g.In(nx, ny) || g.Kind(nx, ny) != k) continue;
      if (dx != 0 && dy != 0 && (g.Kind(x + dx, y) != k || g.Kind(x, y + dy) != k)) continue;
      visit(nx, ny, (dx != 0 && dy != 0) ? std::sqrt(2.0) : 1.0);
    }
}

// Shortest 8-neighbour distance, or infinity.
inline double DijkstraDistance(const CharGrid& g, int sx, int sy, int tx, int ty) {
  std::vector<double> dist(static_cast<size_t>(g.w) * g.h, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
  dist[sy * g.w + sx] = 0;
  q.push({0, sy * g.w + sx});
  while (!q.empty()) {
    const auto [d, i] = q.top();
    q.pop();
    if (d > dist[i]) continue;
    const int x = i % g.w, y = i / g.w;
    if (x == tx && y == ty) return d;
    ForEachMove(g, x, y, [&](int nx, int ny, double c) {
      const int j = ny * g.w + nx;
      if (d + c < dist[j]) {
        dist[j] = d + c;
        q.push({dist[j], j});
      }
    });
  }
  return std::numeric_limits<double>::infinity();
}

// Fewest moves from s to t (breadth-first on the same moves), or -1.
inline int FewestMoves(const CharGrid& g, int sx, int sy, int tx, int ty) {
  std::vector<int> steps(static_cast<size_t>(g.w) * g.h, -1);
  std::queue<int> q;
  steps[sy * g.w + sx] = 0;
  q.push(sy * g.w + sx);
  while (!q.empty()) {
    const int i = q.front();
    q.pop();
    const int x = i % g.w, y = i / g.w;
    if (x == tx && y == ty) return steps[i];
    ForEachMove(g, x, y, [&](int nx, int ny, double) {
      const int j = ny * g.w + nx;
      if (steps[j] < 0) {
        steps[j] = steps[i] + 1;
        q.push(j);
      }
    });
  }
  return -1;
}

}  // namespace partlab::ai::testing

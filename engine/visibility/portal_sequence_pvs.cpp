#include "engine/visibility/portal_sequence_pvs.h"

#include <glm/geometric.hpp>

namespace partlab {

namespace {

double Cross(const glm::dvec2& a, const glm::dvec2& b) {
  return a.x * b.y - a.y * b.x;
}

bool Stabs(const glm::dvec2& o, const glm::dvec2& u, std::span<const glm::dvec2> left,
           std::span<const glm::dvec2> right, double tolerance) {
  for (size_t i = 0; i < left.size(); ++i)
    if (Cross(u, left[i] - o) < -tolerance || Cross(u, right[i] - o) > tolerance) return false;
  return true;
}

}  // namespace

// The lines meeting the constraints form a convex cone in line space (a x + b z + c, homogeneous);
// when it is not empty it has an edge where two constraints are tight: a line through two of the
// points. When all points lie on one line, that line is the answer. So the candidates are the
// lines through two distinct points, both ways.
bool StabbingLineExists(std::span<const glm::dvec2> left, std::span<const glm::dvec2> right,
                        double tolerance) {
  std::vector<glm::dvec2> all(left.begin(), left.end());
  all.insert(all.end(), right.begin(), right.end());
  if (left.size() <= 1) return true;
  for (size_t i = 0; i < all.size(); ++i)
    for (size_t j = i + 1; j < all.size(); ++j) {
      const glm::dvec2 d = all[j] - all[i];
      const double len = glm::length(d);
      if (len <= tolerance) continue;
      if (Stabs(all[i], d / len, left, right, tolerance) ||
          Stabs(all[i], -d / len, left, right, tolerance))
        return true;
    }
  return false;
}

PortalSequenceBuild::PortalSequenceBuild(const IndoorLevel& level, double tolerance)
    : level_(level), tolerance_(tolerance), on_path_(level.cells.size(), 0) {
  Start(level.cells.size(), level.cells.size());
}

void PortalSequenceBuild::RunUnit(size_t source) {
  source_ = uint32_t(source);
  Visit(source_, 0);
}

bool PortalSequenceBuild::Satisfies(const Line& line, size_t portals) const {
  return Stabs(line.o, line.u, {left_.data(), portals}, {right_.data(), portals}, tolerance_);
}

// Portal `depth` has just been placed in left_/right_: the lines that stab portals 0..depth are
// the old candidates that also stab it, and the lines through one of its ends and any end so far
// that stab them all (the same argument as StabbingLineExists, made incremental: a line tight at
// two ends is a candidate from the moment the later of the two is added, and stays one while it
// stabs every portal after it).
void PortalSequenceBuild::Extend(size_t depth) {
  std::vector<Line>& next = candidates_[depth + 1];
  next.clear();
  if (depth > 0)
    for (const Line& line : candidates_[depth])
      if (Satisfies(line, depth + 1)) next.push_back(line);
  for (const glm::dvec2& p : {left_[depth], right_[depth]})
    for (size_t k = 0; k <= depth; ++k)
      for (const glm::dvec2& q : {left_[k], right_[k]}) {
        const glm::dvec2 d = q - p;
        const double len = glm::length(d);
        if (len <= tolerance_) continue;
        for (const Line line : {Line{p, d / len}, Line{p, -d / len}})
          if (Satisfies(line, depth + 1)) next.push_back(line);
      }
}

void PortalSequenceBuild::Visit(uint32_t cell, size_t depth) {
  MarkVisible(source_, cell);
  on_path_[cell] = 1;
  if (left_.size() <= depth) {
    left_.resize(depth + 1);
    right_.resize(depth + 1);
    candidates_.resize(depth + 2);
  }
  for (const PortalLink& link : level_.LinksOf(cell)) {
    if (on_path_[link.neighbour]) continue;  // a line meets a convex cell once
    const LevelPortal& p = level_.portals[link.portal];
    const glm::dvec2 a(p.a), b(p.b), into(link.outward.n.x, link.outward.n.z);
    // Left and right as one walks through the portal into the neighbour.
    const bool a_left = Cross(into, a - 0.5 * (a + b)) > 0.0;
    left_[depth] = a_left ? a : b;
    right_[depth] = a_left ? b : a;
    Extend(depth);
    if (candidates_[depth + 1].empty()) continue;
    ++sequences_;
    Visit(link.neighbour, depth + 1);
  }
  on_path_[cell] = 0;
}

PotentiallyVisibleSet PortalSequencePvs(const IndoorLevel& level) {
  PortalSequenceBuild build(level);
  build.RunToEnd();
  return build.Take();
}

}  // namespace partlab

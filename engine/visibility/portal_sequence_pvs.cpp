#include "engine/visibility/portal_sequence_pvs.h"

#include <cmath>
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

bool PortalSequenceBuild::Satisfies(const Line& line, size_t portals) const {
  return Stabs(line.o, line.u, {left_.data(), portals}, {right_.data(), portals}, tolerance_);
}

// Portal `depth` has just been placed in left_/right_: the lines that stab portals 0..depth are
// the old candidates that also stab it, and the lines through one of its ends and any end so far
// that stab them all (the same argument as StabbingLineExists, made incremental: a line tight at
// two ends is a candidate from the moment the later of the two is added, and stays one while it
// stabs every portal after it).
// Ends that lie on one line (doors lined up along a corridor) give that line again and again:
// one copy is enough, and keeps the candidates a handful instead of growing with the chain.
bool PortalSequenceBuild::Known(const std::vector<Line>& lines, const Line& line) const {
  for (const Line& l : lines)
    if (glm::dot(l.u, line.u) > 0.0 && std::abs(Cross(l.u, line.u)) <= 1e-9 &&
        std::abs(Cross(l.u, line.o - l.o)) <= tolerance_ * 1e-2)
      return true;
  return false;
}

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
          if (!Known(next, line) && Satisfies(line, depth + 1)) next.push_back(line);
      }
}

void PortalSequenceBuild::Enter(uint32_t cell) {
  MarkVisible(source_, cell);
  on_path_[cell] = 1;
  chain_.push_back({cell, 0});
  const size_t depth = chain_.size() - 1;  // portals crossed to get here
  if (left_.size() <= depth) {
    left_.resize(depth + 1);
    right_.resize(depth + 1);
    candidates_.resize(depth + 2);
  }
}

// One step: the next portal out of the cell on top of the stack, or, when it has none left,
// back to the cell before it. The unit ends when the source itself has none left.
bool PortalSequenceBuild::Step() {
  if (chain_.empty()) Enter(source_);
  Frame& top = chain_.back();
  const std::span<const PortalLink> links = level_.LinksOf(top.cell);
  if (top.next_link == links.size()) {
    on_path_[top.cell] = 0;
    chain_.pop_back();
    if (!chain_.empty()) return false;
    ++source_;
    return true;
  }
  const PortalLink& link = links[top.next_link++];
  if (on_path_[link.neighbour]) return false;  // a line meets a convex cell once
  const size_t depth = chain_.size() - 1;
  if (depth >= kMaxChain) {  // give up exactness, not conservativeness
    ++chains_cut_;
    for (size_t c = 0; c < level_.cells.size(); ++c) MarkVisible(source_, c);
    return false;
  }
  const LevelPortal& p = level_.portals[link.portal];
  const glm::dvec2 a(p.a), b(p.b), into(link.outward.n.x, link.outward.n.z);
  // Left and right as one walks through the portal into the neighbour.
  const bool a_left = Cross(into, a - 0.5 * (a + b)) > 0.0;
  left_[depth] = a_left ? a : b;
  right_[depth] = a_left ? b : a;
  Extend(depth);
  if (candidates_[depth + 1].empty()) return false;
  ++sequences_;
  Enter(link.neighbour);
  return false;
}

PotentiallyVisibleSet PortalSequencePvs(const IndoorLevel& level) {
  PortalSequenceBuild build(level);
  build.RunToEnd();
  return build.Take();
}

}  // namespace partlab

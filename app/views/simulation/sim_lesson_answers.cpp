#include "app/views/simulation/sim_lesson_answers.h"

#include <algorithm>

namespace partlab {

// The thesis's priority order (5.2.1), written out here rather than taken from the enum's order.
int ThesisPriority(BspOp op) {
  switch (op) {
    case BspOp::kBalance:
      return 0;
    case BspOp::kShiftSplit:
      return 1;
    case BspOp::kSplit:
      return 2;
    case BspOp::kSwap:
      return 3;
    case BspOp::kMerge:
      return 4;
  }
  return 5;
}

// The low and high ends of a box projected on n, through its relevant vertices (3.2, Figure
// 3.2): the low end takes each axis's minimum where n is positive and its maximum where n is
// negative, the high end the other way round.
std::pair<float, float> Project(const Aabb& b, const glm::vec3& n) {
  float lo = 0, hi = 0;
  for (int k = 0; k < 3; ++k) {
    lo += n[k] * (n[k] >= 0 ? b.min[k] : b.max[k]);
    hi += n[k] * (n[k] >= 0 ? b.max[k] : b.min[k]);
  }
  return {lo, hi};
}

// All overlapping pairs of present boxes (closed intervals on every axis), O(n^2).
std::vector<BoxPair> AllOverlappingPairs(std::span<const Aabb> boxes) {
  std::vector<BoxPair> pairs;
  for (BoxId a = 0; a < boxes.size(); ++a) {
    if (boxes[a].IsEmpty()) continue;
    for (BoxId b = a + 1; b < boxes.size(); ++b) {
      if (boxes[b].IsEmpty()) continue;
      const Aabb &p = boxes[a], &q = boxes[b];
      if (p.min.x <= q.max.x && q.min.x <= p.max.x && p.min.y <= q.max.y && q.min.y <= p.max.y &&
          p.min.z <= q.max.z && q.min.z <= p.max.z)
        pairs.push_back({a, b});
    }
  }
  return pairs;
}

// The boxes reaching each leaf, found by sending every box down from the root by its own
// projections (3.4: a box lives in every leaf whose cell it reaches; it reaches the negative
// side when its low end is at or below the plane, the positive side when its high end is above).
std::vector<uint32_t> BoxesPerLeaf(const SemiAdjustingBsp& bsp, std::span<const Aabb> boxes) {
  const auto nodes = bsp.nodes();
  std::vector<uint32_t> count(nodes.size(), 0);
  std::vector<NodeId> stack;
  for (const Aabb& box : boxes) {
    if (box.IsEmpty()) continue;
    stack.assign(1, bsp.root());
    while (!stack.empty()) {
      const NodeId n = stack.back();
      stack.pop_back();
      const BspNode& node = nodes[n];
      if (node.IsLeaf()) {
        ++count[n];
        continue;
      }
      const auto [lo, hi] = Project(box, node.normal);
      if (lo <= node.offset) stack.push_back(node.child[0]);
      if (hi > node.offset) stack.push_back(node.child[1]);
    }
  }
  return count;
}

SideCounts CountSides(const SemiAdjustingBsp& bsp, NodeId node, std::span<const Aabb> boxes) {
  // A box belongs to the node's cell when it reaches the node from the root.
  const auto nodes = bsp.nodes();
  std::vector<NodeId> path;
  for (NodeId n = node; nodes[n].parent != kNoNode; n = nodes[n].parent) path.push_back(n);
  SideCounts sides;
  for (const Aabb& box : boxes) {
    if (box.IsEmpty()) continue;
    bool reaches = true;
    for (size_t i = path.size(); i-- > 0 && reaches;) {
      const BspNode& parent = nodes[nodes[path[i]].parent];
      const auto [lo, hi] = Project(box, parent.normal);
      reaches = parent.child[0] == path[i] ? lo <= parent.offset : hi > parent.offset;
    }
    if (!reaches) continue;
    const auto [lo, hi] = Project(box, nodes[node].normal);
    const bool negative = lo <= nodes[node].offset, positive = hi > nodes[node].offset;
    if (negative && positive)
      ++sides.straddling;
    else if (negative)
      ++sides.negative_only;
    else
      ++sides.positive_only;
  }
  return sides;
}

// The 13 directions of 3.5 counted afresh: every non-zero vector of {-1, 0, 1}^3 up to sign.
int SignCombinationCount() {
  int count = 0;
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y)
      for (int z = -1; z <= 1; ++z) {
        const bool first_nonzero_positive = x > 0 || (x == 0 && (y > 0 || (y == 0 && z > 0)));
        count += first_nonzero_positive ? 1 : 0;
      }
  return count;
}

// balance (3.6): the smaller side over the larger, each side counting the boxes that reach it.
float Balance(const SideCounts& s) {
  const float below = float(s.negative_only + s.straddling),
              above = float(s.positive_only + s.straddling);
  return std::max(below, above) > 0 ? std::min(below, above) / std::max(below, above) : 1.0f;
}

int DeepestLeaf(const SemiAdjustingBsp& bsp) {
  int deepest = 0;
  std::vector<std::pair<NodeId, int>> stack{{bsp.root(), 0}};
  while (!stack.empty()) {
    const auto [n, depth] = stack.back();
    stack.pop_back();
    const BspNode& node = bsp.nodes()[n];
    if (node.IsLeaf()) {
      deepest = std::max(deepest, depth);
      continue;
    }
    stack.push_back({node.child[0], depth + 1});
    stack.push_back({node.child[1], depth + 1});
  }
  return deepest;
}

}  // namespace partlab

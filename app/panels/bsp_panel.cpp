#include "app/panels/bsp_panel.h"

#include <imgui.h>

#include <cstdio>

namespace partlab {

namespace {

void Tip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

NodeId TreeNodeRow(const SemiAdjustingBsp& bsp, NodeId n, NodeId selected) {
  const BspNode& node = bsp.tree().node(n);
  NodeId clicked = selected;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick;
  if (node.IsLeaf()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (n == selected) flags |= ImGuiTreeNodeFlags_Selected;
  const bool open =
      node.IsLeaf()
          ? (ImGui::TreeNodeEx((void*)(intptr_t)n, flags, "leaf %d: %u boxes", n, node.population),
             false)
          : ImGui::TreeNodeEx((void*)(intptr_t)n, flags, "node %d: %u boxes, dir %d, balance %.2f",
                              n, node.population, node.plane_dir, bsp.NodeBalance(n));
  if (ImGui::IsItemClicked()) clicked = n;
  if (open) {
    for (NodeId c : node.child) {
      const NodeId r = TreeNodeRow(bsp, c, selected);
      if (r != selected) clicked = r;
    }
    ImGui::TreePop();
  }
  return clicked;
}

}  // namespace

void BspOpTotals::Add(const OpCounters& c) {
  for (int i = 0; i < kBspOpCount; ++i) {
    applied[i] += c.applied[i];
    failed[i] += c.failed[i];
  }
  dropped += c.dropped;
  verifications += c.verifications;
}

// The sliders' documented ranges: what a user may drag or type. SemiAdjustingBsp::SetParams
// clamps again (BspParams::Clamp) for callers that are not this panel.
constexpr ValueRange<int> kMaxDepthRange{1, 40, "the root alone", "the panel's maximum depth"};
constexpr ValueRange<int> kSplitMinRange{2, 512, "a leaf of one box cannot split (4.1)",
                                         "6.1 found t above 128 slower"};
constexpr ValueRange<int> kSplitMaxRange{2, 1024, "a leaf of one box cannot split (4.1)",
                                         "the panel's maximum threshold"};
constexpr ValueRange<float> kMergeRange{0.05f, 1.0f, "below this nothing ever merges",
                                        "merging above t would undo every split (4.3)"};
constexpr ValueRange<int> kQueueRange{4, 256, "the smallest useful event queue",
                                      "6.1: s <= 64; larger only for experiments"};
constexpr ValueRange<int> kOpsMinRange{1, 16, "at least one operation per step (5.2.2)",
                                       "6.1: 1 to 4 per step"};
constexpr ValueRange<int> kOpsMaxRange{1, 1024, "at least one operation per step (5.2.2)",
                                       "the panel's maximum"};
constexpr ValueRange<int> kVerifyRange{1, 100, "verification every step at most",
                                       "the panel's maximum interval"};
constexpr ValueRange<float> kUnbalanceRange{0.05f, 0.95f, "0 would never balance",
                                            "1 would balance after every move"};
constexpr ValueRange<float> kRedundancyRange{0.0f, 0.2f, "no straddling box allowed",
                                             "the panel's maximum (20 %)"};
constexpr ValueRange<float> kExcessRange{1.0f, 8.0f, "below 1 a fresh plane is already excessive",
                                         "the panel's maximum factor"};

bool DrawBspParameters(BspParams& p, uint32_t box_count, ClampNote& note) {
  bool changed = false;
  changed |= ClampedSliderInt("Max depth", &p.max_depth, kMaxDepthRange, note);
  Tip("Hard bound on the tree's depth. Not in the thesis (which bounds depth only through the\n"
      "split threshold); it keeps degenerate scenes from growing the tree forever.");
  changed |= ImGui::Checkbox("Adaptive split threshold", &p.adaptive_split_threshold);
  Tip("Thesis 6.1: 'a variable threshold was used depending on the number of AABBs';\n"
      "here t = clamp(sqrt(N), min, max).");
  if (p.adaptive_split_threshold) {
    changed |=
        ClampedSliderInt("Split threshold min", &p.split_threshold_min, kSplitMinRange, note);
    Tip("Lower bound of the adaptive split threshold t (6.1: best results for t from 16 to 128).");
    changed |=
        ClampedSliderInt("Split threshold max", &p.split_threshold_max, kSplitMaxRange, note);
    Tip("Upper bound of the adaptive split threshold t (6.1).");
  } else {
    changed |= ClampedSliderInt("Split threshold t", &p.split_threshold, kSplitMaxRange, note);
    Tip("A leaf holding more than t boxes is split (4.1, scheduled by verification, 5.2).\n"
        "6.1: best results with t from 16 to 128.");
  }
  ImGui::TextDisabled("t in force: %d (merge below %d) for %u boxes", p.SplitThreshold(box_count),
                      p.MergeThreshold(box_count), box_count);
  changed |=
      ClampedSliderFloat("Merge threshold (x t)", &p.merge_fraction, kMergeRange, note, "%.2f");
  Tip("A node whose subtree holds fewer than this fraction of t boxes is merged into one leaf\n"
      "(4.3). Thesis 6.1 uses the same threshold t for split and merge (1.0).");
  changed |= ClampedSliderInt("Event queue size s", &p.queue_size, kQueueRange, note);
  Tip("Capacity s of the pending-event queues (5.2; 6.1: s <= 64).");
  changed |= ClampedSliderInt("Ops per cycle min", &p.ops_per_cycle_min, kOpsMinRange, note);
  Tip("At least this many scheduled operations per step (5.2.2, Figure 5.5; 6.1: 1 to 4).");
  changed |= ClampedSliderInt("Ops per cycle max", &p.ops_per_cycle_max, kOpsMaxRange, note, "%d",
                              ImGuiSliderFlags_Logarithmic);
  Tip("At most this many operations per step: s/16 clamped to [min, max] (6.1).");
  changed |= ClampedSliderInt("Verification interval", &p.verify_interval, kVerifyRange, note);
  Tip("The tree is verified top-down at most once every this many steps, postponed while split\n"
      "or swap events are pending (5.2.1, Figure 5.4; 6.1: 10).");
  changed |=
      ClampedSliderFloat("Unbalance limit", &p.unbalance_limit, kUnbalanceRange, note, "%.2f");
  Tip("A node is unbalanced when min(L, R) / max(L, R) falls below this, and is balanced by\n"
      "moving its plane (4.4). 6.1: 0.5, one subtree with more than twice the other's boxes.");
  changed |=
      ClampedSliderFloat("Redundancy limit", &p.redundancy_limit, kRedundancyRange, note, "%.3f");
  Tip("Maximum fraction of a node's boxes allowed to straddle its plane when choosing a cut\n"
      "(3.6); a plane beyond it has excess redundancy and is swapped away (4.5). 6.1: 2.5 %.");
  changed |= ClampedSliderFloat("Excess redundancy factor", &p.redundancy_excess_factor,
                                kExcessRange, note, "%.1f");
  Tip("A plane is flagged for a swap (4.5) when its straddling boxes exceed limit x factor.\n"
      "Not in the thesis: with 1.0 the balance/swap churn collapses the tree.");
  return changed;
}

void DrawBspCounters(const BspOpTotals& totals, const BspStepStats& last) {
  if (ImGui::BeginTable("ops", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("operation");
    ImGui::TableSetupColumn("applied");
    ImGui::TableSetupColumn("failed");
    ImGui::TableSetupColumn("this step");
    ImGui::TableHeadersRow();
    static const char* kSections[] = {"4.4", "4.2", "4.1", "4.5", "4.3"};
    for (int i = 0; i < kBspOpCount; ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%s (%s)", BspOpName(BspOp(i)), kSections[i]);
      ImGui::TableNextColumn();
      ImGui::Text("%llu", (unsigned long long)totals.applied[i]);
      ImGui::TableNextColumn();
      ImGui::Text("%llu", (unsigned long long)totals.failed[i]);
      ImGui::TableNextColumn();
      ImGui::Text("%u", last.ops.applied[i]);
    }
    ImGui::EndTable();
  }
  ImGui::Text("verifications %llu, stale events dropped %llu, pending %zu",
              (unsigned long long)totals.verifications, (unsigned long long)totals.dropped,
              last.pending);
  ImGui::Text("%u nodes, %u leaves, depth mean %.1f max %u", last.nodes, last.leaves,
              last.mean_depth, last.max_depth);
  ImGui::Text("redundancy %.1f %%, migrations %u, sort moves %llu", 100.0f * last.redundancy,
              last.migrations, (unsigned long long)last.sort_moves);
}

NodeId DrawBspNodeInspector(const SemiAdjustingBsp& bsp, NodeId n) {
  const auto nodes = bsp.nodes();
  if (n < 0 || size_t(n) >= nodes.size() || !nodes[size_t(n)].alive) {
    ImGui::TextDisabled("Click a plane (or a row of the tree) to inspect its node");
    return kNoNode;
  }
  const BspNode& node = nodes[size_t(n)];
  NodeId go = n;
  if (node.IsLeaf()) {
    ImGui::Text("Leaf %d at depth %u: %u boxes", n, node.depth, node.population);
    const glm::vec3 d = bsp.Direction(node.sort_dir);
    ImGui::Text("list sorted on direction %d (%.2f, %.2f, %.2f)", node.sort_dir, d.x, d.y, d.z);
  } else {
    const glm::vec3 d = bsp.Direction(node.plane_dir);
    ImGui::Text("Node %d at depth %u: %u boxes", n, node.depth, node.population);
    ImGui::Text("children %u | %u", nodes[size_t(node.child[0])].population,
                nodes[size_t(node.child[1])].population);
    ImGui::Text("balance %.2f (min/max of the children)", bsp.NodeBalance(n));
    ImGui::Text("redundancy %u boxes straddle the plane (%.1f %%)", bsp.NodeRedundancy(n),
                node.population ? 100.0f * bsp.NodeRedundancy(n) / node.population : 0.0f);
    ImGui::Text("direction %d of 13 (3.5): (%.2f, %.2f, %.2f), offset %.2f", node.plane_dir, d.x,
                d.y, d.z, node.offset);
    if (ImGui::SmallButton("negative child")) go = node.child[0];
    ImGui::SameLine();
    if (ImGui::SmallButton("positive child")) go = node.child[1];
  }
  if (node.parent != kNoNode) {
    if (!node.IsLeaf()) ImGui::SameLine();
    if (ImGui::SmallButton("parent")) go = node.parent;
  }
  return go;
}

NodeId DrawBspTreeView(const SemiAdjustingBsp& bsp, NodeId selected) {
  if (bsp.root() == kNoNode) return selected;
  ImGui::BeginChild("bsp-tree", ImVec2(0, 180), true);
  const NodeId r = TreeNodeRow(bsp, bsp.root(), selected);
  ImGui::EndChild();
  return r;
}

}  // namespace partlab

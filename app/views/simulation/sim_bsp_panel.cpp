#include "app/views/simulation/sim_bsp_panel.h"
#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"

#include <imgui.h>

#include <cstdio>

#include "app/panels/figure_area.h"
#include "engine/broadphase/sabsp/bsp_param_table.h"

namespace partlab {

namespace {

NodeId TreeNodeRow(const SemiAdjustingBsp& bsp, NodeId n, NodeId selected) {
  const BspNode& node = bsp.tree().node(n);
  NodeId clicked = selected;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_OpenOnDoubleClick;
  if (node.IsLeaf()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (n == selected) flags |= ImGuiTreeNodeFlags_Selected;
  const bool open = node.IsLeaf()
                        ? (ImGui::TreeNodeEx((void*)(intptr_t)n, flags, _("leaf %d: %u boxes"), n,
                                             node.population),
                           false)
                        : ImGui::TreeNodeEx((void*)(intptr_t)n, flags,
                                            _("node %d: %u boxes, dir %d, balance %.2f"), n,
                                            node.population, node.plane_dir, bsp.NodeBalance(n));
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

bool DrawBspParameters(BspParams& p, uint32_t box_count, ClampNote& note) {
  namespace t = bsp_params;
  bool changed = false;
  auto check = [&](const BoolParam& row, bool& value) {
    changed |= ImGui::Checkbox(_(row.label), &value);
    Tip(_(row.tip));
  };
  changed |= ParamSliderInt(t::kMaxDepth, &p.max_depth, note);
  check(t::kAdaptive, p.adaptive_split_threshold);
  if (p.adaptive_split_threshold) {
    changed |= ParamSliderInt(t::kSplitMin, &p.split_threshold_min, note);
    changed |= ParamSliderInt(t::kSplitMax, &p.split_threshold_max, note);
    changed |= ParamSliderFloat(t::kSplitExponent, &p.split_threshold_exponent, note, "%.2f");
  } else {
    changed |= ParamSliderInt(t::kSplitFixed, &p.split_threshold, note);
  }
  ImGui::TextDisabled(_("t in force: %d (merge below %d) for %u boxes"),
                      p.SplitThreshold(box_count), p.MergeThreshold(box_count), box_count);
  changed |= ParamSliderFloat(t::kMergeFraction, &p.merge_fraction, note, "%.2f");
  changed |= ParamSliderInt(t::kQueueSize, &p.queue_size, note);
  changed |= ParamSliderInt(t::kOpsMin, &p.ops_per_cycle_min, note);
  changed |=
      ParamSliderInt(t::kOpsMax, &p.ops_per_cycle_max, note, "%d", ImGuiSliderFlags_Logarithmic);
  changed |= ParamSliderInt(t::kVerifyInterval, &p.verify_interval, note);
  changed |= ParamSliderFloat(t::kUnbalanceLimit, &p.unbalance_limit, note, "%.2f");
  changed |= ParamSliderFloat(t::kRedundancyLimit, &p.redundancy_limit, note, "%.3f");
  changed |= ParamSliderFloat(t::kGapOffset, &p.gap_offset, note, "%.2f");
  changed |= ParamSliderInt(t::kRootDirection, &p.root_direction, note);
  return changed;
}

bool DrawBspDepartures(BspParams& p, ClampNote& note) {
  namespace t = bsp_params;
  bool changed = false;
  if (ImGui::Button(_("Thesis"))) {
    p = BspParams::Thesis();
    changed = true;
  }
  Tip(
      _("The tree exactly as the thesis describes it (chapters 3-6): every departure off.\n"
        "The same parameters as the registry's sabsp_thesis (docs/bsp.md)."));
  ImGui::SameLine();
  if (ImGui::Button(_("Ours"))) {
    p = BspParams::Ours();
    changed = true;
  }
  Tip(_("Our profile, the registry's sabsp: fat boxes, cached pairs, exact leaf sweep, ..."));
  ImGui::SameLine();
  const char* profile = p == BspParams::Thesis() ? _("= Thesis")
                        : p == BspParams::Ours() ? _("= Ours")
                                                 : _("mixed");
  ImGui::TextDisabled("%s", profile);
  auto check = [&](const BoolParam& row, bool& value) {
    changed |= ImGui::Checkbox(_(row.label), &value);
    Tip(_(row.tip));
  };
  check(t::kBalanceByMerge, p.balance_by_merge);
  check(t::kBalanceFirst, p.balance_first);
  check(t::kMergeInSpareTime, p.merge_in_spare_time);
  if (p.merge_in_spare_time) {
    changed |= ParamSliderFloat(t::kStepBudget, &p.step_budget_ms, note, "%.2f ms");
    changed |= ParamSliderInt(t::kSpareTimeMerges, &p.spare_time_merges, note);
  }
  int rule = int(p.cut_rule);
  const char* const rule_names[] = {_("fewest straddlers first (thesis)"),
                                    _("best balance first (ours)")};
  if (ParamCombo(t::kCutRule, &rule, rule_names)) {
    p.cut_rule = CutRule(rule);
    changed = true;
  }
  changed |= ParamSliderInt(t::kSplitTries, &p.split_direction_tries, note);
  changed |= ParamSliderFloat(t::kExcessFactor, &p.redundancy_excess_factor, note, "%.1f");
  changed |= ParamSliderFloat(t::kFatMargin, &p.fat_margin, note, "%.3f");
  changed |= ParamSliderFloat(t::kPredictiveSteps, &p.predictive_steps, note, "%.1f");
  changed |= ParamSliderFloat(t::kPredictiveCap, &p.predictive_cap, note, "%.2f");
  changed |= ParamSliderFloat(t::kExactSweepDensity, &p.exact_sweep_density, note, "%.2f");
  changed |= ParamSliderFloat(t::kExactSweepEscapeRate, &p.exact_sweep_escape_rate, note, "%.2f");
  changed |= ParamSliderFloat(t::kMovingLeafScale, &p.moving_leaf_scale, note, "%.1f");
  if (p.moving_leaf_scale > 1.0f)
    changed |= ParamSliderFloat(t::kMovingLeafRate, &p.moving_leaf_rate, note, "%.2f");
  check(t::kSplitBackoff, p.split_backoff);
  check(t::kOverfullAllowance, p.overfull_allowance);
  check(t::kLeafSweepAllAxes, p.leaf_sweep_all_axes);
  check(t::kCachedLeafPairs, p.cached_leaf_pairs);
  check(t::kExactLeafSweep, p.exact_leaf_sweep);
  check(t::kExactSweepBestAxis, p.exact_sweep_best_axis);
  check(t::kExactSweepSlabs, p.exact_sweep_slabs);
  check(t::kBulkBuild, p.build_on_bulk_add);
  return changed;
}

void DrawBspCounters(const BspOpTotals& totals, const BspStepStats& last) {
  if (ImGui::BeginTable("ops", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn(_("operation"));
    ImGui::TableSetupColumn(_("applied"));
    ImGui::TableSetupColumn(_("failed"));
    ImGui::TableSetupColumn(_("this step"));
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
  ImGui::Text(_("verifications %llu, stale events dropped %llu, pending %zu"),
              (unsigned long long)totals.verifications, (unsigned long long)totals.dropped,
              last.pending);
  ImGui::Text(_("%u nodes, %u leaves, depth mean %.1f max %u"), last.nodes, last.leaves,
              last.mean_depth, last.max_depth);
  ImGui::Text(_("redundancy %.1f %%, migrations %u, sort moves %llu"), 100.0f * last.redundancy,
              last.migrations, (unsigned long long)last.sort_moves);
  ImGui::Text(_("leaves swept %u (in slabs %u), candidates %llu, pairs %llu"), last.swept_leaves,
              last.slabbed_leaves, (unsigned long long)last.candidates,
              (unsigned long long)last.pairs);
}

bool DrawBspNodeNumbers(const SemiAdjustingBsp& bsp, NodeId n) {
  const auto nodes = bsp.nodes();
  if (n < 0 || size_t(n) >= nodes.size() || !nodes[size_t(n)].alive) return false;
  const BspNode& node = nodes[size_t(n)];
  if (node.IsLeaf()) {
    ImGui::Text(_("Leaf %d at depth %u: %u boxes"), n, node.depth, node.population);
    const glm::vec3 d = bsp.Direction(node.sort_dir);
    ImGui::Text(_("list sorted on direction %d (%.2f, %.2f, %.2f)"), node.sort_dir, d.x, d.y, d.z);
    return true;
  }
  const glm::vec3 d = bsp.Direction(node.plane_dir);
  ImGui::Text(_("Node %d at depth %u: %u boxes"), n, node.depth, node.population);
  ImGui::Text(_("children %u | %u"), nodes[size_t(node.child[0])].population,
              nodes[size_t(node.child[1])].population);
  ImGui::Text(_("balance %.2f (min/max of the children)"), bsp.NodeBalance(n));
  ImGui::Text(_("redundancy %u boxes straddle the plane (%.1f %%)"), bsp.NodeRedundancy(n),
              node.population ? 100.0f * bsp.NodeRedundancy(n) / node.population : 0.0f);
  ImGui::Text(_("direction %d of 13 (3.5): (%.2f, %.2f, %.2f), offset %.2f"), node.plane_dir, d.x,
              d.y, d.z, node.offset);
  return true;
}

NodeId DrawBspNodeInspector(const SemiAdjustingBsp& bsp, NodeId n) {
  if (!DrawBspNodeNumbers(bsp, n)) {
    ImGui::TextDisabled("%s", _("Click a plane (or a row of the tree) to inspect its node"));
    return kNoNode;
  }
  const BspNode& node = bsp.nodes()[size_t(n)];
  NodeId go = n;
  if (!node.IsLeaf()) {
    if (ImGui::SmallButton(_("negative child"))) go = node.child[0];
    ImGui::SameLine();
    if (ImGui::SmallButton(_("positive child"))) go = node.child[1];
  }
  if (node.parent != kNoNode) {
    if (!node.IsLeaf()) ImGui::SameLine();
    if (ImGui::SmallButton(_("parent"))) go = node.parent;
  }
  return go;
}

void DrawRecentOperations(const SemiAdjustingBsp& bsp, size_t count) {
  const auto& log = bsp.op_log();
  const size_t first = log.size() > count ? log.size() - count : 0;
  for (size_t i = log.size(); i-- > first;) {
    const OpRecord& r = log[i];
    const bool coloured = r.status != OpStatus::kApplied;
    if (coloured)
      ImGui::PushStyleColor(ImGuiCol_Text, r.status == OpStatus::kFailed
                                               ? ImVec4(1.0f, 0.45f, 0.40f, 1.0f)
                                               : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(_("#%llu step %llu %s node %d [%s]: %s -> %s"), (unsigned long long)r.seq,
                       (unsigned long long)r.step, BspOpName(r.op), r.node, OpStatusName(r.status),
                       r.reason_shown.c_str(), r.outcome_shown.c_str());
    if (coloured) ImGui::PopStyleColor();
  }
}

NodeId DrawBspTreeView(const SemiAdjustingBsp& bsp, NodeId selected) {
  if (bsp.root() == kNoNode) return selected;
  ImGui::BeginChild("bsp-tree", ImVec2(0, 180), true);
  const NodeId r = TreeNodeRow(bsp, bsp.root(), selected);
  ImGui::EndChild();
  return r;
}

// --- The window the Simulation view's modes share --------------------------------------------

namespace {
constexpr size_t kFigureOperations = 3;               // presenter mode: the op log's newest, listed
const Color kBeforeColour{1.0f, 0.25f, 0.85f, 1.0f};  // the node an operation is about to change
const Color kAfterColour{0.20f, 0.95f, 1.00f, 1.0f};  // where its result lives
const Color kFailedColour{1.00f, 0.35f, 0.20f, 1.0f};  // the node an operation failed on
}  // namespace

void SimBspPanel::Window(SemiAdjustingBsp& bsp, bool& op_stepping, StepControl& stepping,
                         bool collapsed, ClampNote& clamp_note,
                         const std::function<void(const BspParams&)>& apply) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x - 400.0f, display.y - 40.0f), ImGuiCond_FirstUseEver,
                          ImVec2(1, 1));
  ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowCollapsed(collapsed, ImGuiCond_FirstUseEver);
  // untranslated: the window's ID, which stays when the language changes
  if (!ImGui::Begin(WindowTitle(_("Semi-adjusting BSP"), "semi-adjusting-bsp"))) {
    ImGui::End();
    return;
  }
  ImGui::Text("%.*s", int(bsp.Name().size()), bsp.Name().data());
  if (ImGui::CollapsingHeader(_("Parameters (6.1)"))) {
    BspParams edited = bsp.params();
    if (DrawBspParameters(edited, bsp.last_stats().boxes, clamp_note)) apply(edited);
    DrawNoteLine(note_);
  }
  if (ImGui::CollapsingHeader(_("Thesis or ours: the departures"),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    BspParams edited = bsp.params();
    if (DrawBspDepartures(edited, clamp_note)) apply(edited);
  }
  if (ImGui::CollapsingHeader(_("Operations"), ImGuiTreeNodeFlags_DefaultOpen))
    DrawBspCounters(totals_, bsp.last_stats());
  if (ImGui::CollapsingHeader(_("Operation stepping (teaching)"))) {
    if (ImGui::Checkbox(_("Step operations by hand"), &op_stepping)) {
      bsp.SetOperationStepping(op_stepping);
      if (op_stepping) stepping.Pause();
      stepper_.Reset();
    }
    Tip(
        _("The scheduler still verifies and queues events (5.2) but applies none: press N once "
          "to\nsee the next operation on its node (magenta), again to apply it (result in cyan, or "
          "red when it failed)."));
    if (op_stepping) {
      ImGui::Text(_("%zu events pending"), bsp.PendingOps());
      if (ImGui::Button(stepper_.showing_next() ? _("Apply (N)") : _("Show next (N)")))
        ApplyNextStage(&bsp);
      ImGui::SameLine();
      if (ImGui::Button(_("Physics step (S)"))) stepping.RequestSingleStep();
    }
    if (!stepper_.message().empty()) ImGui::TextWrapped("%s", stepper_.message().c_str());
    if (!note_.empty()) ImGui::TextWrapped("%s", note_.c_str());
    if (!bsp.op_log().empty() && ImGui::TreeNode(_("Recent operations"))) {
      DrawRecentOperations(bsp, 12);
      ImGui::TreePop();
    }
  }
  if (ImGui::CollapsingHeader(_("Node inspector"))) {
    selected_ = DrawBspNodeInspector(bsp, selected_);
    selected_ = DrawBspTreeView(bsp, selected_);
  }
  ImGui::End();
}

void SimBspPanel::ApplyNextStage(SemiAdjustingBsp* bsp) {
  if (!bsp) return;
  std::printf("partlab: %s\n", stepper_.Advance(*bsp).c_str());  // a log a teacher can keep
  if (stepper_.highlight() == OpStepper::Highlight::kAfter) selected_ = stepper_.highlighted_node();
}

NodeId SimBspPanel::Highlight(bool op_stepping, Color& colour) const {
  colour = {1, 1, 1, 1};
  if (!op_stepping || stepper_.highlight() == OpStepper::Highlight::kNone) return selected_;
  colour = stepper_.highlight() == OpStepper::Highlight::kBefore ? kBeforeColour
           : stepper_.last_applied()->ok                         ? kAfterColour
                                                                 : kFailedColour;
  return stepper_.highlighted_node();
}

void SimBspPanel::Figures(const SemiAdjustingBsp& bsp, const FigureArea& area, bool op_log) const {
  const float pad = area.font_pixels;
  if (op_log && (!bsp.op_log().empty() || !stepper_.message().empty())) {
    if (BeginFigureWindow("##operations", area, FigureCorner::kTopLeft)) {
      ImGui::PushTextWrapPos(pad * 24.0f);
      ImGui::TextUnformatted(_("Operations, newest first (5.2)"));
      if (!stepper_.message().empty()) ImGui::TextWrapped("%s", stepper_.message().c_str());
      DrawRecentOperations(bsp, kFigureOperations);
      ImGui::PopTextWrapPos();
    }
    EndFigureWindow(area);
  }
  if (selected_ != kNoNode) {
    if (BeginFigureWindow("##highlighted node", area, FigureCorner::kTopRight))
      DrawBspNodeNumbers(bsp, selected_);
    EndFigureWindow(area);
  }
}

}  // namespace partlab

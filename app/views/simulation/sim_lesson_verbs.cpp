#include "app/views/simulation/sim_lesson_verbs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <glm/geometric.hpp>
#include <optional>
#include <type_traits>

#include "app/i18n/translate.h"
#include "app/views/simulation/sim_lesson_answers.h"
#include "app/views/simulation/sim_merge_lists.h"
#include "app/views/simulation/sim_projections.h"
#include "app/views/simulation/sim_verify_flow.h"
#include "engine/broadphase/sabsp/bsp_invariants.h"
#include "engine/broadphase/sabsp/cut_directions.h"

namespace partlab {

namespace {

std::optional<BspOp> ParseOp(const std::string& word) {
  for (int i = 0; i < kBspOpCount; ++i)
    if (word == BspOpName(BspOp(i))) return BspOp(i);
  return std::nullopt;
}

std::optional<OpStatus> ParseStatus(const std::string& word) {
  for (OpStatus s : {OpStatus::kApplied, OpStatus::kFailed, OpStatus::kDropped})
    if (word == OpStatusName(s)) return s;
  return std::nullopt;
}

std::optional<int> ParseInt(const std::string& word) {
  char* end = nullptr;
  const long v = std::strtol(word.c_str(), &end, 10);
  if (word.empty() || *end != '\0' || v < 0 || v > 1000000) return std::nullopt;
  return int(v);
}

std::optional<float> ParseFloat(const std::string& word) {
  char* end = nullptr;
  const float v = std::strtof(word.c_str(), &end);
  if (word.empty() || *end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string Joined(const std::vector<std::string>& words, size_t from) {
  std::string s;
  for (size_t i = from; i < words.size(); ++i) s += (s.empty() ? "" : " ") + words[i];
  return s;
}

// Translated where returned (_(kNoBsp)): the lesson panel shows it.
const char* const kNoBsp =
    N_("the broad phase shown is not a semi-adjusting BSP (algo sabsp_thesis)");

// "root", "last-op" (where the last applied operation's result lives), "next-op" (the node of
// the event whose turn is next; stale events are dropped on the way, as their turn would) or a
// node id.
std::optional<NodeId> ResolveNode(SemiAdjustingBsp& bsp, const std::string& word) {
  if (word == "root") return bsp.root();
  if (word == "next-op") {
    const std::optional<PendingOp> next = bsp.PeekNextOp();
    return next ? std::optional<NodeId>(next->node) : std::nullopt;
  }
  if (word == "last-op") {
    const auto& log = bsp.op_log();
    for (auto it = log.rbegin(); it != log.rend(); ++it)
      if (it->status == OpStatus::kApplied)
        return it->result_node != kNoNode ? it->result_node : it->node;
    return std::nullopt;
  }
  const std::optional<int> id = ParseInt(word);
  if (!id || size_t(*id) >= bsp.nodes().size() || !bsp.nodes()[*id].alive) return std::nullopt;
  return NodeId(*id);
}

// --- Actions -----------------------------------------------------------------------------------

std::string RunUntilOp(SimLessonSubject& subject, const LessonCommand& a) {
  if (a.args.empty()) return _("run-until-op needs an operation (split, shift-split, ...)");
  const std::optional<BspOp> op = ParseOp(a.args[0]);
  if (!op) return Formatted(_("run-until-op: unknown operation '%s'"), a.args[0].c_str());
  OpStatus status = OpStatus::kApplied;
  int max_steps = 300;
  for (size_t i = 1; i < a.args.size(); ++i) {
    if (const auto s = ParseStatus(a.args[i]))
      status = *s;
    else if (const auto n = ParseInt(a.args[i]))
      max_steps = std::min(*n, 5000);
    else
      return Formatted(_("run-until-op: expected applied|failed|dropped or a step count, got '%s'"),
                       a.args[i].c_str());
  }
  SemiAdjustingBsp* bsp = subject.ShownBsp();
  if (!bsp) return _(kNoBsp);
  const uint64_t seen = bsp->op_log().empty() ? 0 : bsp->op_log().back().seq;
  for (int step = 0; step < max_steps; ++step) {
    subject.StepOnce();
    bsp = subject.ShownBsp();
    for (const OpRecord& r : bsp->op_log())
      if (r.seq > seen && r.op == *op && r.status == status) return "";
  }
  return Formatted(_("run-until-op: no %s %s within %d steps"), OpStatusName(status),
                   BspOpName(*op), max_steps);
}

std::string HighlightNode(SimLessonSubject& subject, const LessonCommand& a) {
  SemiAdjustingBsp* bsp = subject.ShownBsp();
  if (!bsp) return _(kNoBsp);
  if (a.args.size() != 1) return _("highlight-node expects one of root, last-op or a node id");
  const std::optional<NodeId> node = ResolveNode(*bsp, a.args[0]);
  if (!node) return Formatted(_("highlight-node: no live node '%s'"), a.args[0].c_str());
  subject.HighlightNode(*node);
  return "";
}

// --- Checks ------------------------------------------------------------------------------------

std::string CheckOpLogged(SemiAdjustingBsp& bsp, const LessonCommand& c) {
  if (c.args.size() < 2) return _("op-logged expects OP applied|failed|dropped [REASON...]");
  const std::optional<BspOp> op = ParseOp(c.args[0]);
  const std::optional<OpStatus> status = ParseStatus(c.args[1]);
  if (!op) return Formatted(_("op-logged: unknown operation '%s'"), c.args[0].c_str());
  if (!status)
    return Formatted(_("op-logged: expected applied|failed|dropped, got '%s'"), c.args[1].c_str());
  const std::string reason = Joined(c.args, 2);
  std::string closest;
  for (const OpRecord& r : bsp.op_log()) {
    if (r.op != *op) continue;
    if (r.status == *status && r.reason.rfind(reason, 0) == 0) return "";
    closest = std::string(OpStatusName(r.status)) + " '" + r.reason + "': " + r.outcome;
  }
  const std::string wanted = reason.empty()
                                 ? std::string(OpStatusName(*status)) + " " + BspOpName(*op)
                                 : Formatted(_("%s %s with reason '%s...'"), OpStatusName(*status),
                                             BspOpName(*op), reason.c_str());
  return closest.empty() ? Formatted(_("expected a %s in the op log; found no %s at all"),
                                     wanted.c_str(), BspOpName(*op))
                         : Formatted(_("expected a %s in the op log; found only %s"),
                                     wanted.c_str(), closest.c_str());
}

std::string CheckStaleDropped(SemiAdjustingBsp& bsp, const LessonCommand& c) {
  std::optional<BspOp> op;
  if (!c.args.empty() && !(op = ParseOp(c.args[0])))
    return Formatted(_("stale-dropped: unknown operation '%s'"), c.args[0].c_str());
  const auto& log = bsp.op_log();
  for (const OpRecord& r : log) {
    if (r.status != OpStatus::kDropped || (op && r.op != *op) || r.stale_by == 0) continue;
    // The operation named must be in the log, applied, and earlier than the drop.
    for (const OpRecord& cause : log)
      if (cause.seq == r.stale_by && cause.status == OpStatus::kApplied && cause.seq < r.seq)
        return "";
  }
  return Formatted(_("expected a %s dropped as stale after an applied operation; the op log has "
                     "none"),
                   op ? BspOpName(*op) : _("queued event"));
}

std::string CheckPairs(SimLessonSubject& subject) {
  std::vector<BoxPair> got(subject.ShownPairs().begin(), subject.ShownPairs().end());
  std::sort(got.begin(), got.end());
  const std::vector<BoxPair> want = AllOverlappingPairs(subject.ShownBoxes());
  if (got == want) return "";
  std::vector<BoxPair> missing, extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  return Formatted(_("expected the %zu overlapping pairs of all %zu boxes; the broad phase "
                     "reported %zu (%zu missing, %zu extra)"),
                   want.size(), subject.ShownBoxes().size(), got.size(), missing.size(),
                   extra.size());
}

std::string CheckCutDirections(const SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const std::optional<int> claimed = c.args.size() == 1 ? ParseInt(c.args[0]) : std::nullopt;
  if (!claimed) return _("cut-directions expects a count, e.g. cut-directions 13");
  // Each of the tree's directions must be a unit multiple of a sign combination, no two the same
  // cut (a plane and its opposite are one), and together as many as the combinations.
  const int combinations = SignCombinationCount();
  std::vector<glm::vec3> distinct;
  for (int i = 0; i < kCutDirectionCount; ++i) {
    const glm::vec3 d = bsp.Direction(i);
    const glm::vec3 signs = glm::sign(glm::round(d * 1e4f));
    if (std::abs(glm::length(d) - 1.0f) > 1e-4f || glm::length(d - glm::normalize(signs)) > 1e-4f)
      return Formatted(_("direction %d is not a sign combination of x, y, z (3.5)"), i);
    const bool repeated = std::any_of(distinct.begin(), distinct.end(), [&](const glm::vec3& e) {
      return glm::length(e - d) < 1e-4f || glm::length(e + d) < 1e-4f;
    });
    if (!repeated) distinct.push_back(d);
  }
  if (int(distinct.size()) == *claimed && combinations == *claimed) return "";
  return Formatted(_("expected %d cut directions; the tree has %zu distinct ones and x, y, z's "
                     "sign combinations give %d"),
                   *claimed, distinct.size(), combinations);
}

std::string CheckDepth(const SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const std::optional<int> limit = c.args.size() == 1 ? ParseInt(c.args[0]) : std::nullopt;
  if (!limit) return _("depth-at-most expects a depth");
  const int deepest = DeepestLeaf(bsp);
  if (deepest <= *limit) return "";
  return Formatted(_("expected no leaf deeper than %d; the deepest is at %d"), *limit, deepest);
}

std::string CheckLeaves(SimLessonSubject& subject, SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const std::optional<int> limit = c.args.size() == 1 ? ParseInt(c.args[0]) : std::nullopt;
  if (!limit) return _("leaves-at-most expects a box count");
  const std::vector<uint32_t> counts = BoxesPerLeaf(bsp, subject.ShownBoxes());
  const uint32_t fullest = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  if (fullest <= uint32_t(*limit)) return "";
  return Formatted(_("expected at most %d boxes per leaf; one leaf's cell holds %u"), *limit,
                   fullest);
}

// The node named by a check's first word, which must be internal: "" and the node, or why not.
std::pair<std::string, NodeId> InternalNode(SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const std::optional<NodeId> node = c.args.empty() ? std::nullopt : ResolveNode(bsp, c.args[0]);
  if (!node)
    return {Formatted(_("%s: no live node '%s'"), c.verb.c_str(),
                      c.args.empty() ? "" : c.args[0].c_str()),
            0};
  if (bsp.nodes()[*node].IsLeaf())
    return {Formatted(_("%s: node %s is a leaf"), c.verb.c_str(), c.args[0].c_str()), 0};
  return {"", *node};
}

std::string Describe(const SideCounts& s) {
  return Formatted(_("%u | %u with %u straddling (balance %.2f)"), s.negative_only, s.positive_only,
                   s.straddling, Balance(s));
}

std::string CheckBalanceBelow(SimLessonSubject& subject, SemiAdjustingBsp& bsp,
                              const LessonCommand& c) {
  const auto [error, node] = InternalNode(bsp, c);
  if (!error.empty()) return error;
  const std::optional<float> limit = c.args.size() == 2 ? ParseFloat(c.args[1]) : std::nullopt;
  if (!limit) return _("balance-below expects NODE LIMIT");
  const SideCounts s = CountSides(bsp, node, subject.ShownBoxes());
  if (Balance(s) < *limit) return "";
  return Formatted(_("expected balance under %.2f; %s"), *limit, Describe(s).c_str());
}

std::string CheckStraddlers(SimLessonSubject& subject, SemiAdjustingBsp& bsp,
                            const LessonCommand& c) {
  const auto [error, node] = InternalNode(bsp, c);
  if (!error.empty()) return error;
  const std::optional<int> n = c.args.size() == 2 ? ParseInt(c.args[1]) : std::nullopt;
  if (!n) return _("straddlers expects NODE COUNT");
  const SideCounts s = CountSides(bsp, node, subject.ShownBoxes());
  if (int(s.straddling) == *n) return "";
  return Formatted(_("expected %d straddling; %s"), *n, Describe(s).c_str());
}

std::string CheckNormal(SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const auto [error, node] = InternalNode(bsp, c);
  if (!error.empty()) return error;
  glm::vec3 want(0.0f);
  for (int k = 0; k < 3; ++k) {
    const std::optional<float> v = c.args.size() == 4 ? ParseFloat(c.args[1 + k]) : std::nullopt;
    if (!v) return _("normal expects NODE X Y Z");
    want[k] = *v;
  }
  if (glm::length(want) == 0.0f) return _("normal: (0, 0, 0) is no direction");
  const glm::vec3 n = bsp.nodes()[node].normal;
  // Parallel either way: a plane and its opposite are the same cut.
  if (std::abs(std::abs(glm::dot(glm::normalize(want), n)) - 1.0f) < 1e-4f) return "";
  return Formatted(
      _("expected the plane perpendicular to (%g, %g, %g); its normal is (%.3f, %.3f, %.3f)"),
      want.x, want.y, want.z, n.x, n.y, n.z);
}

std::string CheckCutQuality(SimLessonSubject& subject, SemiAdjustingBsp& bsp,
                            const LessonCommand& c) {
  const auto [error, node] = InternalNode(bsp, c);
  if (!error.empty()) return error;
  const std::optional<float> min_balance =
      c.args.size() == 3 ? ParseFloat(c.args[1]) : std::nullopt;
  const std::optional<int> max_straddling = c.args.size() == 3 ? ParseInt(c.args[2]) : std::nullopt;
  if (!min_balance || !max_straddling)
    return _("cut-quality expects NODE MIN_BALANCE MAX_STRADDLING");
  const SideCounts s = CountSides(bsp, node, subject.ShownBoxes());
  if (Balance(s) >= *min_balance && int(s.straddling) <= *max_straddling) return "";
  return Formatted(_("expected balance >= %.2f and at most %d straddling; %s"), *min_balance,
                   *max_straddling, Describe(s).c_str());
}

std::string CheckOpNotLogged(SemiAdjustingBsp& bsp, const LessonCommand& c) {
  const std::optional<BspOp> op = c.args.size() == 2 ? ParseOp(c.args[0]) : std::nullopt;
  const std::optional<OpStatus> status = c.args.size() == 2 ? ParseStatus(c.args[1]) : std::nullopt;
  if (!op || !status) return _("op-not-logged expects OP applied|failed|dropped");
  for (const OpRecord& r : bsp.op_log())
    if (r.op == *op && r.status == *status)
      return Formatted(_("expected no %s %s yet; the op log has one: '%s': %s"),
                       OpStatusName(*status), BspOpName(*op), r.reason.c_str(), r.outcome.c_str());
  return "";
}

std::string CheckPriorityOrder(const SemiAdjustingBsp& bsp) {
  const auto& log = bsp.op_log();
  if (log.empty()) return _("expected operations in the op log; it is empty");
  for (size_t i = 1; i < log.size(); ++i) {
    if (log[i].step != log[i - 1].step) continue;
    if (ThesisPriority(log[i].op) < ThesisPriority(log[i - 1].op))
      return Formatted(_("step %llu: %s came after %s; expected balance, shift-split, split, "
                         "swap, merge"),
                       (unsigned long long)log[i].step, BspOpName(log[i].op),
                       BspOpName(log[i - 1].op));
  }
  return "";
}

// A check on the shown BSP (kNoBsp when another structure is shown): F takes the subject, the
// tree and the command, or fewer of them.
template <auto F>
std::string OnBsp(SimLessonSubject& subject, const LessonCommand& c) {
  SemiAdjustingBsp* bsp = subject.ShownBsp();
  if (!bsp) return _(kNoBsp);
  using Fn = decltype(F);
  if constexpr (std::is_invocable_v<Fn, SimLessonSubject&, SemiAdjustingBsp&, const LessonCommand&>)
    return F(subject, *bsp, c);
  else if constexpr (std::is_invocable_v<Fn, SemiAdjustingBsp&, const LessonCommand&>)
    return F(*bsp, c);
  else
    return F(*bsp);
}

// Figures 3.1 and 3.2's claims on the root's normal, against the boxes' corners and all pairs.
std::string CheckRootProjections(SimLessonSubject& subject, SemiAdjustingBsp& bsp,
                                 const LessonCommand&) {
  const BspTree& tree = bsp.tree();
  if (tree.root() == kNoNode || tree.node(tree.root()).child[0] == kNoNode)
    return _("the root is a leaf: no plane to project on yet");
  return CheckProjections(subject.ShownBoxes(), tree.node(tree.root()).normal);
}

std::string CheckInvariants(SemiAdjustingBsp& bsp) {
  const std::string broken = CheckBspInvariants(bsp.tree());
  return broken.empty()
             ? ""
             : Formatted(_("expected the tree's invariants to hold: %s"), broken.c_str());
}

using Row = LessonVerbRow<SimLessonSubject>;
using S = SimLessonSubject;

// Actions first, then checks; one row per verb.
const Row kVerbs[] = {
    {{"algo", "algo NAME: switch the broad phase (sabsp, sabsp_thesis, sap, ...)", kAction,
      Words(1, 1)},
     [](S& s, const LessonCommand& a) { return s.SwitchBroadPhase(a.args[0]); }},
    {{"op-stepping", "op-stepping on|off: the scheduler queues operations but applies none (5.2)",
      kAction, Words(1, 1, kSwitch)},
     [](S& s, const LessonCommand& a) -> std::string {
       if (!s.ShownBsp()) return _(kNoBsp);
       s.SetOperationStepping(a.args[0] == "on");
       return "";
     }},
    {{"next-op",
      "next-op: operation stepping, one stage: show the next operation on its node, then apply "
      "it",
      kAction, kNoWords},
     [](S& s, const LessonCommand&) -> std::string {
       if (!s.ShownBsp()) return _(kNoBsp);
       s.SetOperationStepping(true);
       s.AdvanceOperation();
       return "";
     }},
    {{"run-until-op",
      "run-until-op OP [applied|failed|dropped] [MAX_STEPS]: step until the op log gains OP "
      "(default applied, at most 300 steps)",
      kAction, Words(1, 3)},
     &RunUntilOp},
    {{"highlight-node",
      "highlight-node root|last-op|next-op|ID: outline a node's plane and cell (next-op: the "
      "node of the operation waiting its turn)",
      kAction, Words(1, 1)},
     &HighlightNode},
    {{"show-cut-directions",
      "show-cut-directions [on|off]: figure 3.5, the tree's 13 cut directions drawn from the "
      "scene's centre (axes red, face diagonals green, body diagonals blue)",
      kAction, Words(0, 1, kSwitch)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       subject.ShowCutDirections(c.args.empty() || c.args[0] == "on");
       return {};
     }},
    {{"show-projections",
      "show-projections [on|off]: figures 3.1 and 3.2, every box's interval on the root's normal "
      "and its two relevant vertices",
      kAction, Words(0, 1, kSwitch)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       subject.ShowProjections(c.args.empty() || c.args[0] == "on");
       return {};
     }},
    {{"show-axis-projections",
      "show-axis-projections [on|off]: figure 2.4, every box's interval on the x and y axes, as "
      "sweep-and-prune projects them",
      kAction, Words(0, 1, kSwitch)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       subject.ShowAxisProjections(c.args.empty() || c.args[0] == "on");
       return {};
     }},
    {{"axis-pruning",
      "axis-pruning: the pairs whose intervals overlap on x, y and z (sweep-and-prune's rule, "
      "2.4) are exactly the boxes that overlap, each interval from its box's extreme corners",
      kCheck, kNoWords},
     [](SimLessonSubject& subject, const LessonCommand&) -> std::string {
       return CheckAxisPruning(subject.ShownBoxes());
     }},
    {{"show-leaf-list",
      "show-leaf-list root|last-op|next-op|ID|off: figure 5.2, a leaf's boxes in its sorted "
      "list's order, projected on its sort direction",
      kAction, Words(1, 1)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       if (c.args[0] == "off") return subject.ShowLeafList(kNoNode), std::string();
       SemiAdjustingBsp* bsp = subject.ShownBsp();
       if (!bsp) return kNoBsp;
       const std::optional<NodeId> node = ResolveNode(*bsp, c.args[0]);
       if (!node || bsp->tree().node(*node).child[0] != kNoNode)
         return Formatted(_("show-leaf-list: '%s' is not a leaf of the tree"), c.args[0].c_str());
       subject.ShowLeafList(*node);
       return {};
     }},
    {{"show-merge-lists",
      "show-merge-lists root|next-op|ID|off: figure 4.4, the sorted lists a merge of the node "
      "combines bottom-up, level by level, traced on the tree as it is now",
      kAction, Words(1, 1)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       if (c.args[0] == "off") return subject.ShowMergeLists({}), std::string();
       SemiAdjustingBsp* bsp = subject.ShownBsp();
       if (!bsp) return _(kNoBsp);
       const std::optional<NodeId> node = ResolveNode(*bsp, c.args[0]);
       if (!node || bsp->tree().node(*node).IsLeaf())
         return Formatted(_("show-merge-lists: '%s' is not an internal node of the tree"),
                          c.args[0].c_str());
       subject.ShowMergeLists(bsp->TraceMerge(*node));
       return {};
     }},
    {{"merge-lists-hold",
      "merge-lists-hold root|next-op|ID: each list the node's merge combines (4.3, figure 4.4) "
      "holds exactly the boxes of the leaves below its node, in a fresh sort's order of their "
      "lower ends on the merge's direction, recomputed from the boxes' corners",
      kCheck, Words(1, 1)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       SemiAdjustingBsp* bsp = subject.ShownBsp();
       if (!bsp) return _(kNoBsp);
       const std::optional<NodeId> node = ResolveNode(*bsp, c.args[0]);
       if (!node) return Formatted(_("merge-lists-hold: no node '%s'"), c.args[0].c_str());
       return CheckMergeLists(*bsp, *node, subject.ShownBoxes());
     }},
    {{"show-verification-flow",
      "show-verification-flow on|off: figure 5.4, the top-down verification as a flowchart, each "
      "box lit by how many nodes the last verification brought there",
      kAction, Words(1, 1)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       if (c.args[0] != "on" && c.args[0] != "off")
         return Formatted(_("show-verification-flow: expected on or off, got '%s'"),
                          c.args[0].c_str());
       subject.ShowVerifyFlow(c.args[0] == "on");
       return {};
     }},
    {{"verification-flow",
      "verification-flow: with operation stepping on, the last verification visited exactly the "
      "nodes of a top-down walk of the tree (subtrees skipped below a node that needs an "
      "operation) and ended at each where the rules of 5.2, recomputed from the populations, put "
      "it",
      kCheck, kNoWords},
     [](SimLessonSubject& subject, const LessonCommand&) -> std::string {
       SemiAdjustingBsp* bsp = subject.ShownBsp();
       if (!bsp) return _(kNoBsp);
       return CheckVerifyFlow(*bsp);
     }},
    {{"leaf-list-sorted",
      "leaf-list-sorted root|last-op|ID: the leaf's list, in order, is sorted by its boxes' "
      "lower ends on the leaf's sort direction, each recomputed from the box (5.1.2)",
      kCheck, Words(1, 1)},
     [](SimLessonSubject& subject, const LessonCommand& c) -> std::string {
       SemiAdjustingBsp* bsp = subject.ShownBsp();
       if (!bsp) return kNoBsp;
       const std::optional<NodeId> node = ResolveNode(*bsp, c.args[0]);
       if (!node) return Formatted(_("leaf-list-sorted: no node '%s'"), c.args[0].c_str());
       return CheckLeafListSorted(*bsp, *node);
     }},
    {{"projections-hold",
      "projections-hold: on the root's normal, each box's interval ends are the extremes of its "
      "eight corners (3.2), and every two overlapping boxes have overlapping intervals (3.1)",
      kCheck, kNoWords},
     &OnBsp<&CheckRootProjections>},
    {{"op-logged",
      "op-logged OP applied|failed|dropped [REASON...]: the op log has OP with that outcome and "
      "a reason starting with REASON",
      kCheck, Words(2, kManyWords)},
     &OnBsp<&CheckOpLogged>},
    {{"op-not-logged",
      "op-not-logged OP applied|failed|dropped: the op log has no OP with that outcome (yet)",
      kCheck, Words(2, 2)},
     &OnBsp<&CheckOpNotLogged>},
    {{"stale-dropped",
      "stale-dropped [OP]: an event (of OP) was dropped as stale, naming an operation applied "
      "before it (4.6)",
      kCheck, Words(0, 1)},
     &OnBsp<&CheckStaleDropped>},
    {{"invariants-hold", "invariants-hold: the tree's invariants hold (bsp_invariants.h)", kCheck,
      kNoWords},
     &OnBsp<&CheckInvariants>},
    {{"pairs-equal-brute-force",
      "pairs-equal-brute-force: the broad phase's pairs are exactly all overlapping pairs of "
      "boxes",
      kCheck, kNoWords},
     [](S& s, const LessonCommand&) { return CheckPairs(s); }},
    {{"cut-directions",
      "cut-directions N: the tree cuts along N directions, the sign combinations of x, y, z (3.5)",
      kCheck, Words(1, 1, kInteger)},
     &OnBsp<&CheckCutDirections>},
    {{"depth-at-most", "depth-at-most N: no leaf is deeper than N (6.3)", kCheck,
      Words(1, 1, kInteger)},
     &OnBsp<&CheckDepth>},
    {{"leaves-at-most",
      "leaves-at-most N: no leaf holds more than N boxes, counted from the boxes' projections",
      kCheck, Words(1, 1, kInteger)},
     &OnBsp<&CheckLeaves>},
    {{"cut-quality",
      "cut-quality root|last-op|ID MIN_BALANCE MAX_STRADDLING: the node's plane, from the boxes' "
      "projections (3.2, 3.6)",
      kCheck, Words(3, 3)},
     &OnBsp<&CheckCutQuality>},
    {{"balance-below",
      "balance-below root|last-op|ID LIMIT: the node's balance, from the boxes' projections, is "
      "under LIMIT (3.6, 6.1: unbalanced under 0.5)",
      kCheck, Words(2, 2)},
     &OnBsp<&CheckBalanceBelow>},
    {{"straddlers",
      "straddlers root|last-op|ID N: exactly N boxes of the node's cell straddle its plane (3.6)",
      kCheck, Words(2, 2)},
     &OnBsp<&CheckStraddlers>},
    {{"normal",
      "normal root|last-op|ID X Y Z: the node's plane is perpendicular to (X, Y, Z) (3.5)", kCheck,
      Words(4, 4)},
     &OnBsp<&CheckNormal>},
    {{"ops-in-priority-order",
      "ops-in-priority-order: each step's operations came in the order balance, shift-split, "
      "split, swap, merge (5.2.1)",
      kCheck, kNoWords},
     &OnBsp<&CheckPriorityOrder>},
};

}  // namespace

std::span<const LessonVerbRow<SimLessonSubject>> SimLessonVerbTable() {
  return kVerbs;
}

std::vector<LessonVerbSpec> SimLessonVerbSpecs() {
  return SpecsOf(SimLessonVerbTable());
}

bool IsOperationVerb(const std::string& verb) {
  static constexpr const char* kVerbs[] = {
      "op-stepping", "next-op",       "run-until-op",  "highlight-node",
      "op-logged",   "op-not-logged", "stale-dropped", "ops-in-priority-order"};
  for (const char* v : kVerbs)
    if (verb == v) return true;
  return false;
}

std::string RunSimLessonAction(SimLessonSubject& subject, const LessonCommand& a) {
  return RunLessonVerb(subject, SimLessonVerbTable(), a, kAction);
}

std::string CheckSimLessonClaim(SimLessonSubject& subject, const LessonCommand& c) {
  return RunLessonVerb(subject, SimLessonVerbTable(), c, kCheck);
}

}  // namespace partlab

// The Path finding view's lesson verbs (docs/lessons.md): actions that pose a request, choose the
// queueing function and the practices, replay the search K expansions and let the predators run;
// checks of section 3.4's claims against answers found without the code under test: Dijkstra's
// distances from the Moving AI rules (reference_distances.h) for A*'s optimality and for the
// nodes it closes, the other queueing functions run on the same request, and figure 3.15's arrows
// (fsm_trace.h) for the predators.
#include <cmath>
#include <cstdio>
#include <string>

#include "app/i18n/translate.h"
#include "app/view/lesson_command_args.h"
#include "app/views/pathfinding/pathfinding_view.h"
#include "app/views/pathfinding/reference_distances.h"
#include "engine/ai/path_check.h"

namespace partlab {

namespace {

constexpr double kLengthTolerance = 1e-6;

std::string Length(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", value);
  return text;
}

std::string CellText(ai::Cell c) {
  char text[32];
  std::snprintf(text, sizeof text, "(%d, %d)", c.x, c.y);
  return text;
}

bool ReadQueueing(const std::string& word, ai::Queueing* out) {
  static constexpr struct {
    const char* word;
    ai::Queueing queueing;
  } kNames[] = {{"bfs", ai::Queueing::kBreadthFirst},
                {"dfs", ai::Queueing::kDepthFirst},
                {"best", ai::Queueing::kBestFirst},
                {"astar", ai::Queueing::kAStar}};
  for (const auto& n : kNames)
    if (word == n.word) return *out = n.queueing, true;
  return false;
}

bool ReadState(const std::string& word, ai::PredatorState* out) {
  for (int s = 0; s < ai::kPredatorStates; ++s)
    if (word == ai::PredatorStateName(ai::PredatorState(s)))
      return *out = ai::PredatorState(s), true;
  return false;
}

}  // namespace

std::span<const LessonVerbRow<PathfindingView>> PathfindingView::LessonVerbTable() {
  using V = PathfindingView;
  static const LessonVerbRow<V> kVerbs[] = {
      {{"request", "request SX SY GX GY: plan from cell (SX, SY) to cell (GX, GY)", kAction,
        Words(4, 4, kInteger)},
       [](V& v, const LessonCommand& action) -> std::string {
         long c[4] = {};
         for (size_t i = 0; i < 4; ++i) {
           const long size = i % 2 == 0 ? v.map_.width() : v.map_.height();
           if (std::string e = ReadInteger(action, i, 0, size - 1, &c[i]); !e.empty()) return e;
         }
         v.start_ = {int(c[0]), int(c[1])};
         v.goal_ = {int(c[2]), int(c[3])};
         v.Replan();
         return {};
       }},
      {{"algorithm", "algorithm bfs|dfs|best|astar: the queueing function (3.4.1)", kAction,
        Words(1, 1)},
       [](V& v, const LessonCommand& action) -> std::string {
         if (!ReadQueueing(action.args[0], &v.practices_.search.queueing))
           return Formatted(_("algorithm: '%s' is not bfs, dfs, best or astar"),
                            action.args[0].c_str());
         v.PracticesChanged();
         return {};
       }},
      {{"practice",
        "practice NAME on|off: closed-list, low-cutoff, partial, close-blocked, cache, straight, "
        "waypoints or unseen (the practices of 3.4.1)",
        kAction, Words(2, 2)},
       &Call<V, &V::SetPractice>},
      {{"expand", "expand K: the search replayed from its start for K expansions", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& action) -> std::string {
         long k = 0;
         if (std::string e = ReadInteger(action, 0, 0, 10'000'000, &k); !e.empty()) return e;
         v.anim_.Plan(v.map_, v.start_, v.goal_, v.finder_);
         v.anim_.Advance(int(k));
         return {};
       }},
      {{"fsm-implementation", "fsm-implementation direct|decoupled|macros|lua: the predators' FSM",
        kAction, Words(1, 1)},
       [](V& v, const LessonCommand& action) -> std::string {
         static constexpr const char* kWords[kFsmImplementations] = {"direct", "decoupled",
                                                                     "macros", "lua"};
         for (int i = 0; i < kFsmImplementations; ++i)
           if (action.args[0] == kWords[i]) {
             v.ui_.implementation = FsmImplementation(i);
             v.world_.SetImplementation(v.ui_.implementation);
             return {};
           }
         return _("fsm-implementation: expects direct, decoupled, macros or lua");
       }},
      {{"fsm-run", "fsm-run SECONDS: the predators run, their states recorded tick by tick",
        kAction, Words(1, 1, kNumber)},
       [](V& v, const LessonCommand& action) -> std::string {
         double seconds = 0.0;
         if (std::string e = ReadNumber(action, 0, 0.0, 600.0, &seconds); !e.empty()) return e;
         constexpr double kTick = 1.0 / 60.0;  // the game tick the predators think at
         v.fsm_trace_.Record(v.world_.predators());
         for (long tick = 0; tick < std::lround(seconds / kTick); ++tick) {
           v.world_.Step(kTick);
           v.fsm_trace_.Record(v.world_.predators());
         }
         return {};
       }},
      {{"answered-by",
        "answered-by found|straight|waypoints|partial|teleport|none: what answered the request",
        kCheck, Words(1, 1)},
       &Call<V, &V::CheckAnsweredBy>},
      {{"path-optimal", "path-optimal: the path is legal and as short as Dijkstra's", kCheck,
        kNoWords},
       &Call<V, &V::CheckPathWithin>},
      {{"path-suboptimal", "path-suboptimal: the path is legal but longer than Dijkstra's", kCheck,
        kNoWords},
       &Call<V, &V::CheckPathWithin>},
      {{"path-within", "path-within FACTOR: the path is legal and at most FACTOR x Dijkstra's",
        kCheck, Words(1, 1, kNumber)},
       &Call<V, &V::CheckPathWithin>},
      {{"show-heuristic",
        "show-heuristic [on|off]: figure 3.13, h(n) as the straight line from the node just "
        "expanded to the goal",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& action) -> std::string {
         v.overlay_.show_heuristic = action.args.empty() || action.args[0] == "on";
         return {};
       }},
      {{"show-search-tree",
        "show-search-tree [on|off]: figure 3.12, every node seen joined to the node it was "
        "reached from",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& action) -> std::string {
         v.overlay_.show_search_tree = action.args.empty() || action.args[0] == "on";
         return {};
       }},
      {{"search-tree",
        "search-tree: every node seen hangs from a neighbour by one of the eight moves, with g = "
        "its parent's g + the move's length, and its chain of parents ends at the start",
        kCheck, kNoWords},
       &Call<V, &V::CheckSearchTree>},
      {{"heuristic-between",
        "heuristic-between: for the node just expanded, the straight line to the goal <= A*'s "
        "octile h(n) <= the true remaining distance (Dijkstra from the goal), and g(n) is the "
        "length of the path drawn to it",
        kCheck, kNoWords},
       &Call<V, &V::CheckHeuristicBetween>},
      {{"closed-nodes-optimal",
        "closed-nodes-optimal: A* closed every node at its Dijkstra distance, with g + h no more "
        "than the optimal length",
        kCheck, kNoWords},
       &Call<V, &V::CheckClosedNodesOptimal>},
      {{"expansions-at-most",
        "expansions-at-most bfs|dfs|best|astar: no more expansions than that queueing function "
        "on the same request",
        kCheck, Words(1, 1)},
       &Call<V, &V::CheckExpansionsAtMost>},
      {{"fsm-legal", "fsm-legal: every recorded life follows figure 3.15's arrows", kCheck,
        kNoWords},
       &Call<V, &V::CheckFsmTransitionsLegal>},
      {{"fsm-sequence",
        "fsm-sequence STATE...: some life passes through these states in this order", kCheck,
        Words(1, kManyWords)},
       &Call<V, &V::CheckFsmSequence>},
  };
  return kVerbs;
}

std::string PathfindingView::RunLessonAction(const LessonCommand& action) {
  ui_.animate = false;  // what a lesson shows is what its actions made, not a running replay
  return RunLessonVerb(*this, LessonVerbTable(), action, kAction);
}

std::string PathfindingView::SetPractice(const LessonCommand& action) {
  bool on = false;
  if (std::string e = ReadSwitch(action, 1, &on); !e.empty()) return e;
  const std::string& name = action.args[0];
  ai::PracticeOptions& p = practices_;
  bool* flag = name == "closed-list"     ? &p.search.closed_list
               : name == "low-cutoff"    ? &p.low_start_cutoff
               : name == "partial"       ? &p.partial_paths
               : name == "close-blocked" ? &p.search.close_blocked_at_once
               : name == "cache"         ? &p.failed_path_cache
               : name == "straight"      ? &p.straight_line_first
               : name == "waypoints"     ? &p.waypoints
               : name == "unseen"        ? &p.skip_when_unseen
                                         : nullptr;
  if (!flag)
    return Formatted(_("practice: '%s' is not closed-list, low-cutoff, partial, close-blocked, "
                       "cache, straight, waypoints or unseen"),
                     name.c_str());
  *flag = on;
  PracticesChanged();
  return {};
}

std::string PathfindingView::CheckLessonClaim(const LessonCommand& check) {
  return RunLessonVerb(*this, LessonVerbTable(), check, kCheck);
}

// The answer the request got (every practice included) is a legal path from start to goal, no
// longer than `factor` times the optimal length (path-optimal: factor 1).
std::string PathfindingView::CheckPathWithin(const LessonCommand& check) const {
  double factor = 1.0;  // path-optimal and path-suboptimal compare with the optimum itself
  if (check.verb == "path-within")
    if (std::string e = ReadNumber(check, 0, 1.0, 100.0, &factor); !e.empty()) return e;
  const ai::PathResult& r = anim_.result();
  if (!ai::HasPath(r.outcome))
    return Formatted(_("%s: the request got no path (%s)"), check.verb.c_str(),
                     _(ai::PathOutcomeName(r.outcome)));
  const ai::PathCheck legal = ai::CheckPath(map_, r.path, anim_.start(), anim_.goal());
  if (!legal.valid)
    return Formatted(_("%s: the path is not legal: %s"), check.verb.c_str(), legal.problem.c_str());
  const ai::Cell g = anim_.goal();
  const double optimal = ReferenceDistances(map_, anim_.start())[size_t(map_.Index(g.x, g.y))];
  const bool within = legal.length <= factor * optimal + kLengthTolerance;
  if (check.verb == "path-suboptimal" ? !within : within) return {};
  if (factor > 1.0)
    return Formatted(_("%s: the path is %s long, Dijkstra's %s (allowed %s)"), check.verb.c_str(),
                     Length(legal.length).c_str(), Length(optimal).c_str(),
                     Length(factor * optimal).c_str());
  return Formatted(_("%s: the path is %s long, Dijkstra's %s"), check.verb.c_str(),
                   Length(legal.length).c_str(), Length(optimal).c_str());
}

// Which of the practices answered (section 3.4.1): a search, or one of the shortcuts that spare
// it (the straight line of practice 8, the waypoints of practice 9, ...).
std::string PathfindingView::CheckAnsweredBy(const LessonCommand& check) const {
  static constexpr struct {
    const char* word;
    ai::PathOutcome outcome;
  } kOutcomes[] = {
      {"found", ai::PathOutcome::kFound},         {"straight", ai::PathOutcome::kStraightLine},
      {"waypoints", ai::PathOutcome::kWaypoints}, {"partial", ai::PathOutcome::kPartial},
      {"teleport", ai::PathOutcome::kTeleport},   {"none", ai::PathOutcome::kNoPath}};
  for (const auto& o : kOutcomes)
    if (check.args.size() == 1 && check.args[0] == o.word) {
      const ai::PathOutcome got = anim_.result().outcome;
      if (got == o.outcome) return {};
      return Formatted(_("%s: expected %s, the request got %s"), check.verb.c_str(),
                       _(ai::PathOutcomeName(o.outcome)), _(ai::PathOutcomeName(got)));
    }
  return Formatted(_("%s: expects found, straight, waypoints, partial, teleport or none"),
                   check.verb.c_str());
}

// With a consistent heuristic A* closes each node at its true distance, and only nodes whose
// f = g + h does not exceed the optimal length C* (section 3.4.1, figure 3.13).
std::string PathfindingView::CheckClosedNodesOptimal(const LessonCommand& check) const {
  const ai::GridSearch& s = anim_.replay();
  if (!anim_.replaying() || s.options().queueing != ai::Queueing::kAStar ||
      !s.options().closed_list)
    return Formatted(_("%s: the request did not run A* with a CLOSED list"), check.verb.c_str());
  const std::vector<double> distance = ReferenceDistances(map_, anim_.start());
  const ai::Cell g = anim_.goal();
  const double optimal = distance[size_t(map_.Index(g.x, g.y))];
  int closed = 0;
  for (int cell = 0; cell < map_.CellCount(); ++cell) {
    if (s.StateOf(cell) != ai::NodeState::kClosed) continue;
    ++closed;
    if (std::abs(s.G(cell) - distance[size_t(cell)]) > kLengthTolerance)
      return Formatted(_("%s: cell %s was closed with g = %s, Dijkstra's distance is %s"),
                       check.verb.c_str(), CellText(map_.CellOf(cell)).c_str(),
                       Length(s.G(cell)).c_str(), Length(distance[size_t(cell)]).c_str());
    if (s.G(cell) + s.H(cell) > optimal + kLengthTolerance)
      return Formatted(_("%s: cell %s was closed with f = %s above the optimal length %s"),
                       check.verb.c_str(), CellText(map_.CellOf(cell)).c_str(),
                       Length(s.G(cell) + s.H(cell)).c_str(), Length(optimal).c_str());
  }
  if (closed == 0) return Formatted(_("%s: A* has closed no node yet"), check.verb.c_str());
  return {};
}

// Figure 3.13's h(n), "uma reta ligando n à meta", and the octile h A* orders by: the straight
// line is never longer than the octile distance (eight moves of 1 and √2 cannot beat a line), and
// the octile distance never longer than the true remaining cost, found by Dijkstra from the goal
// (moves are symmetric, so the distance from the goal is the distance to it). g(n) is checked
// against the path the view draws to n.
std::string PathfindingView::CheckHeuristicBetween(const LessonCommand& check) const {
  const ai::GridSearch& s = anim_.replay();
  if (!anim_.running() || s.LastExpanded() < 0)
    return Formatted(_("%s: no node is being expanded (expand K stops a search midway)"),
                     check.verb.c_str());
  const int cell = s.LastExpanded();
  const ai::Cell n = map_.CellOf(cell), goal = anim_.goal();
  const double line = std::hypot(double(goal.x - n.x), double(goal.y - n.y));
  const double h = s.H(cell);
  const double remaining = ReferenceDistances(map_, goal)[size_t(cell)];
  if (line > h + kLengthTolerance)
    return Formatted(_("%s: at %s the straight line %s is longer than h(n) = %s"),
                     check.verb.c_str(), CellText(n).c_str(), Length(line).c_str(),
                     Length(h).c_str());
  if (h > remaining + kLengthTolerance)
    return Formatted(_("%s: at %s h(n) = %s overestimates the remaining distance %s"),
                     check.verb.c_str(), CellText(n).c_str(), Length(h).c_str(),
                     Length(remaining).c_str());
  const double drawn = ai::PathLength(anim_.shown_path());
  if (std::abs(s.G(cell) - drawn) > kLengthTolerance)
    return Formatted(_("%s: at %s g(n) = %s, the path drawn to it is %s"), check.verb.c_str(),
                     CellText(n).c_str(), Length(s.G(cell)).c_str(), Length(drawn).c_str());
  return {};
}

// Figure 3.12's tree from its definition (3.4.1): the root holds the initial state, every other
// node was made by an operator (one of the eight moves) from its parent, its path cost is the
// parent's plus the move's, and the path from the root to any node is a chain of parents.
std::string PathfindingView::CheckSearchTree(const LessonCommand& check) const {
  const ai::GridSearch& s = anim_.replay();
  if (!anim_.replaying()) return Formatted(_("%s: the request ran no search"), check.verb.c_str());
  const int root = map_.Index(anim_.start().x, anim_.start().y);
  if (s.Parent(root) != -1) return Formatted(_("%s: the start has a parent"), check.verb.c_str());
  int nodes = 0;
  for (int cell = 0; cell < map_.CellCount(); ++cell) {
    if (s.StateOf(cell) == ai::NodeState::kUnseen || cell == root) continue;
    ++nodes;
    const ai::Cell c = map_.CellOf(cell);
    const int parent = s.Parent(cell);
    if (parent < 0)
      return Formatted(_("%s: %s was seen but has no parent"), check.verb.c_str(),
                       CellText(c).c_str());
    const ai::Cell p = map_.CellOf(parent);
    const int dx = std::abs(c.x - p.x), dy = std::abs(c.y - p.y);
    if (dx > 1 || dy > 1 || dx + dy == 0)
      return Formatted(_("%s: %s hangs from %s, not a neighbour"), check.verb.c_str(),
                       CellText(c).c_str(), CellText(p).c_str());
    const double move = dx + dy == 2 ? std::sqrt(2.0) : 1.0;
    if (std::abs(s.G(cell) - (s.G(parent) + move)) > kLengthTolerance)
      return Formatted(_("%s: %s has g = %s, its parent %s plus a move of %s"), check.verb.c_str(),
                       CellText(c).c_str(), Length(s.G(cell)).c_str(), Length(s.G(parent)).c_str(),
                       Length(move).c_str());
    int hops = 0;
    for (int at = cell; at != root; at = s.Parent(at))
      if (at < 0 || ++hops > map_.CellCount())
        return Formatted(_("%s: the chain of parents from %s misses the start"), check.verb.c_str(),
                         CellText(c).c_str());
  }
  if (nodes == 0) return Formatted(_("%s: the tree is only its root"), check.verb.c_str());
  return {};
}

std::string PathfindingView::CheckExpansionsAtMost(const LessonCommand& check) const {
  ai::Queueing other = ai::Queueing::kBreadthFirst;
  if (check.args.size() != 1 || !ReadQueueing(check.args[0], &other))
    return Formatted(_("%s: expects bfs, dfs, best or astar"), check.verb.c_str());
  const ai::PathResult& r = anim_.result();
  if (r.searches == 0) return Formatted(_("%s: the request ran no search"), check.verb.c_str());
  ai::SearchOptions options = practices_.search;
  options.queueing = other;
  ai::GridSearch search;
  search.Begin(map_, anim_.start(), anim_.goal(), options);
  search.Run();
  const int mine = r.stats.expansions, theirs = search.stats().expansions;
  if (mine <= theirs) return {};
  return Formatted(_("%s: %d expansions, %s needed only %d"), check.verb.c_str(), mine,
                   _(ai::QueueingName(other)), theirs);
}

std::string PathfindingView::CheckFsmTransitionsLegal(const LessonCommand& check) const {
  if (fsm_trace_.lives().empty())
    return Formatted(_("%s: nothing recorded (fsm-run first)"), check.verb.c_str());
  const std::string departure = fsm_trace_.FirstDepartureFromFigure();
  return departure.empty() ? "" : check.verb + ": " + departure;
}

std::string PathfindingView::CheckFsmSequence(const LessonCommand& check) const {
  std::vector<ai::PredatorState> sequence;
  for (const std::string& word : check.args) {
    ai::PredatorState s;
    if (!ReadState(word, &s))
      return Formatted(_("%s: '%s' is not wait, chase, attack or die"), check.verb.c_str(),
                       word.c_str());
    sequence.push_back(s);
  }
  if (sequence.empty()) return Formatted(_("%s: expects at least one state"), check.verb.c_str());
  if (fsm_trace_.HasSequence(sequence)) return {};
  std::string stated;
  for (const std::string& word : check.args) {
    if (!stated.empty()) stated += ", ";
    stated += word;
  }
  return Formatted(_("%s: no predator passed through %s in that order in %zu recorded lives"),
                   check.verb.c_str(), stated.c_str(), fsm_trace_.lives().size());
}

}  // namespace partlab

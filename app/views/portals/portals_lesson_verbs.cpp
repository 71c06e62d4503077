// The Portals view's lesson verbs (docs/lessons.md): actions that move and turn the observer and
// choose the renderer's variant, and checks of section 3.2.3.4's claims against answers found
// without the portal renderer: the cells the lesson names, rays from the eye against every
// polygon of the level (a cell a ray sees must have been visited), and the PVS, which must hold
// every cell the recursion reaches from the observer's cell.
#include <algorithm>
#include <cstdio>
#include <glm/trigonometric.hpp>
#include <string>

#include "app/i18n/translate.h"
#include "app/view/lesson_command_args.h"
#include "app/views/portals/portals_view.h"
#include "engine/visibility/cells_seen_by_rays.h"

namespace partlab {

namespace {

// Rays per screen for the brute force: one every few pixels of a 1280 x 720 picture.
constexpr int kRayColumns = 160, kRayRows = 90;

std::string OneDecimal(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

}  // namespace

std::span<const LessonVerbRow<PortalsView>> PortalsView::LessonVerbTable() {
  using V = PortalsView;
  static const LessonVerbRow<V> kVerbs[] = {
      {{"camera-walk", "camera-walk DISTANCE: the observer walks on along the level's walk",
        kAction, Words(1, 1, kNumber)},
       [](V& v, const LessonCommand& action) -> std::string {
         double distance = 0.0;
         if (std::string e = ReadNumber(action, 0, -1000.0, 1000.0, &distance); !e.empty())
           return e;
         v.walk_s_ = std::clamp(v.walk_s_ + float(distance), 0.0f, v.scene_.walk().length);
         v.scene_.PlaceOnWalk(v.walk_s_);
         return {};
       }},
      {{"observer-turn", "observer-turn DEGREES: the observer turns about the vertical", kAction,
        Words(1, 1, kNumber)},
       [](V& v, const LessonCommand& action) -> std::string {
         double degrees = 0.0;
         if (std::string e = ReadNumber(action, 0, -360.0, 360.0, &degrees); !e.empty()) return e;
         v.scene_.observer().yaw += glm::radians(float(degrees));
         return {};
       }},
      {{"variant", "variant windows|frusta: whose result the god view shows", kAction, Words(1, 1)},
       [](V& v, const LessonCommand& action) -> std::string {
         if (action.args[0] != "windows" && action.args[0] != "frusta")
           return Formatted(_("variant: '%s' is not windows or frusta"), action.args[0].c_str());
         v.overlay_.variant =
             action.args[0] == "windows" ? PortalVariant::kScreenPolygon : PortalVariant::kFrustum;
         return {};
       }},
      {{"pvs-density", "pvs-density POINTS: rebuild the PVS with POINTS samples per unit area",
        kAction, Words(1, 1, kNumber)},
       [](V& v, const LessonCommand& action) -> std::string {
         double density = 0.0;
         if (std::string e = ReadNumber(action, 0, 0.02, 4.0, &density); !e.empty()) return e;
         v.pvs_density_ = float(density);
         v.scene_.RebuildPvs(v.pvs_density_);
         v.scene_.FinishPvs();  // a lesson's next check reads the new table
         return {};
       }},
      {{"visible-cells",
        "visible-cells NAME...: the cells the portal renderer visits, which must also hold every "
        "cell a ray from the eye sees",
        kCheck, Words(0, kManyWords)},
       &Call<V, &V::CheckVisibleCells>},
      {{"culled-cells", "culled-cells NAME...: the cells the portal renderer never enters", kCheck,
        Words(0, kManyWords)},
       &Call<V, &V::CheckVisibleCells>},
      {{"pvs-row", "pvs-row NAME...: the cells the PVS row of the observer's cell holds", kCheck,
        Words(0, kManyWords)},
       &Call<V, &V::CheckPvsRow>},
      {{"pvs-holds-reached",
        "pvs-holds-reached: the observer's cell's PVS row holds every cell the portals reach",
        kCheck, kNoWords},
       [](V& v, const LessonCommand& c) { return v.CheckPvsHoldsReachedCells(c.verb.c_str()); }},
      {{"pvs-along-walk",
        "pvs-along-walk N: pvs-holds-reached at N points evenly spaced along the walk", kCheck,
        Words(1, 1, kInteger)},
       &Call<V, &V::CheckPvsAlongWalk>},
      {{"pvs-misses-here",
        "pvs-misses-here: a ray from the eye sees a cell the PVS row left out (too few sample "
        "points)",
        kCheck, kNoWords},
       &Call<V, &V::CheckPvsMisses>},
      {{"pvs-misses-along-walk",
        "pvs-misses-along-walk N: at one of N points along the walk a ray from the eye sees a "
        "cell the PVS row left out (too few sample points)",
        kCheck, Words(1, 1, kInteger)},
       &Call<V, &V::CheckPvsMisses>},
  };
  return kVerbs;
}

std::string PortalsView::RunLessonAction(const LessonCommand& action) {
  return RunLessonVerb(*this, LessonVerbTable(), action, kAction);
}

std::string PortalsView::CheckLessonClaim(const LessonCommand& check) {
  scene_.FinishPvs();  // a check reads whole tables, not ones still being built
  scene_.Update();     // the answers for the observer as the actions left it
  return RunLessonVerb(*this, LessonVerbTable(), check, kCheck);
}

std::string PortalsView::CellNames(const std::vector<uint8_t>& cells) const {
  std::string names;
  for (size_t c = 0; c < cells.size(); ++c) {
    if (!cells[c]) continue;
    if (!names.empty()) names += ' ';
    names += scene_.level().cells[c].name;
  }
  return names.empty() ? _("(none)") : names;
}

// The cells a lesson names, as one flag per cell of the level; "" or the line naming the stranger.
std::string PortalsView::ReadCellNames(const LessonCommand& command,
                                       std::vector<uint8_t>* cells) const {
  const IndoorLevel& level = scene_.level();
  cells->assign(level.cells.size(), 0);
  for (const std::string& name : command.args) {
    size_t c = 0;
    while (c < level.cells.size() && level.cells[c].name != name) ++c;
    if (c == level.cells.size())
      return Formatted(_("%s: the level %s has no cell '%s'"), command.verb.c_str(),
                       level.name.c_str(), name.c_str());
    (*cells)[c] = 1;
  }
  return {};
}

std::string PortalsView::CheckPvsRow(const LessonCommand& check) const {
  std::vector<uint8_t> stated;
  if (std::string e = ReadCellNames(check, &stated); !e.empty()) return e;
  const int cell = scene_.observer_cell();
  if (cell < 0) return Formatted(_("%s: the observer stands in no cell"), check.verb.c_str());
  std::vector<uint8_t> row(stated.size(), 0);
  for (size_t c = 0; c < row.size(); ++c) row[c] = scene_.pvs().Visible(size_t(cell), c);
  if (row == stated) return {};
  return Formatted(_("%s: expected %s, the PVS row of %s holds %s"), check.verb.c_str(),
                   CellNames(stated).c_str(), scene_.level().cells[size_t(cell)].name.c_str(),
                   CellNames(row).c_str());
}

// The stated cells against the renderer's (visible-cells: visited; culled-cells: never entered),
// then the rays: every cell one of them sees first must have been visited.
std::string PortalsView::CheckVisibleCells(const LessonCommand& check) const {
  const IndoorLevel& level = scene_.level();
  const bool culled = check.verb == "culled-cells";
  std::vector<uint8_t> stated;
  if (std::string e = ReadCellNames(check, &stated); !e.empty()) return e;
  const PortalRenderResult& result = scene_.result(overlay_.variant);
  std::vector<uint8_t> answer = result.cell_visited;
  if (culled)
    for (uint8_t& a : answer) a = !a;
  if (answer != stated)
    return Formatted(_("%s: expected %s, the portal renderer gives %s"), check.verb.c_str(),
                     CellNames(stated).c_str(), CellNames(answer).c_str());
  const PortalsObserver& o = scene_.observer();
  const std::vector<uint8_t> seen =
      CellsSeenByRays(level, o.ViewProjection(), o.eye, kRayColumns, kRayRows);
  for (size_t c = 0; c < seen.size(); ++c)
    if (seen[c] && !result.cell_visited[c])
      return Formatted(_("%s: a ray from the eye sees cell %s, which the portal renderer never "
                         "entered"),
                       check.verb.c_str(), level.cells[c].name.c_str());
  return {};
}

// A PVS row may hold more than is seen from one point of the cell, never less than is seen from
// any point: both variants' visited cells must be in it.
std::string PortalsView::CheckPvsHoldsReachedCells(const char* verb) const {
  const int cell = scene_.observer_cell();
  if (cell < 0) return Formatted(_("%s: the observer stands in no cell"), verb);
  for (PortalVariant v : {PortalVariant::kScreenPolygon, PortalVariant::kFrustum}) {
    const std::vector<uint8_t>& visited = scene_.result(v).cell_visited;
    for (size_t c = 0; c < visited.size(); ++c)
      if (visited[c] && !scene_.pvs().Visible(size_t(cell), c))
        return Formatted(_("%s: from %s the portals reach %s, which its PVS row does not hold"),
                         verb, scene_.level().cells[size_t(cell)].name.c_str(),
                         scene_.level().cells[c].name.c_str());
  }
  return {};
}

std::string PortalsView::CheckPvsAlongWalk(const LessonCommand& check) {
  long samples = 0;
  if (std::string e = ReadInteger(check, 0, 2, 1000, &samples); !e.empty()) return e;
  const PortalsObserver saved = scene_.observer();
  std::string problem;
  for (long i = 0; i < samples && problem.empty(); ++i) {
    const float s = scene_.walk().length * float(i) / float(samples - 1);
    scene_.PlaceOnWalk(s);
    scene_.Update();
    problem = CheckPvsHoldsReachedCells(check.verb.c_str());
    if (!problem.empty())
      problem = Formatted(_("%s (at %s along the walk)"), problem.c_str(), OneDecimal(s).c_str());
  }
  scene_.observer() = saved;  // the check leaves the observer where the actions put it
  scene_.Update();
  return problem;
}

// True when a ray from the observer's eye sees a cell that the PVS row of the observer's cell
// leaves out.
bool PortalsView::RaySeesCellOutsidePvs() const {
  const IndoorLevel& level = scene_.level();
  const PortalsObserver& o = scene_.observer();
  const int cell = level.CellAt(o.eye);
  if (cell < 0) return false;
  const std::vector<uint8_t> seen =
      CellsSeenByRays(level, o.ViewProjection(), o.eye, kRayColumns, kRayRows);
  for (size_t c = 0; c < seen.size(); ++c)
    if (seen[c] && !scene_.pvs().Visible(size_t(cell), c)) return true;
  return false;
}

// The PVS is found by point sampling: with too few points a narrow line of sight is missed. The
// claim holds when a ray from the eye sees a cell the PVS row left out: where the observer stands
// (pvs-misses-here) or somewhere on the walk (pvs-misses-along-walk N).
std::string PortalsView::CheckPvsMisses(const LessonCommand& check) {
  if (check.verb == "pvs-misses-here") {
    if (RaySeesCellOutsidePvs()) return {};
    return Formatted(_("%s: every cell a ray from the eye sees is in the PVS row (%s points per "
                       "unit area)"),
                     check.verb.c_str(), OneDecimal(scene_.pvs_density()).c_str());
  }
  long samples = 0;
  if (std::string e = ReadInteger(check, 0, 2, 1000, &samples); !e.empty()) return e;
  const PortalsObserver saved = scene_.observer();
  bool missed = false;
  for (long i = 0; i < samples && !missed; ++i) {
    scene_.PlaceOnWalk(scene_.walk().length * float(i) / float(samples - 1));
    missed = RaySeesCellOutsidePvs();
  }
  scene_.observer() = saved;
  scene_.Update();
  if (missed) return {};
  return Formatted(_("%s: at %ld points along the walk every cell a ray sees is in the PVS (%s "
                     "points per unit area)"),
                   check.verb.c_str(), samples, OneDecimal(scene_.pvs_density()).c_str());
}

}  // namespace partlab

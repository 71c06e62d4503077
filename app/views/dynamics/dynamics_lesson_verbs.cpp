// The Dynamics view's lesson verbs (docs/lessons.md): actions that run whole steps, one stage
// (detect, classify, impulses, resting forces, integrate) or up to the first collision, and checks
// of section 3.3's claims by physical laws computed from the bodies' states (physics_laws.h):
// an impulse between moving bodies keeps their total momentum, a collision leaves ḋ⁺ = −ε ḋ⁻
// (3.55), resting bodies stay at rest where the scene put them, and the floor's resting forces
// carry the bodies' weight.
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <string>

#include "app/i18n/translate.h"
#include "app/view/lesson_command_args.h"
#include "app/views/dynamics/dynamics_view.h"
#include "app/views/dynamics/physics_laws.h"

namespace partlab {

namespace {

std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

// A static body's contacts push only along their normals; with a horizontal floor as the only
// static body touched, the horizontal momentum of the moving bodies is what an impulse keeps.
bool TouchesOnlyAFloor(const dynamics::Contact& c) {
  const bool static_a = c.A->IsStatic(), static_b = c.B->IsStatic();
  return !(static_a || static_b) || std::abs(std::abs(c.N.y) - 1.0) < 1e-9;
}

}  // namespace

std::span<const LessonVerbRow<DynamicsView>> DynamicsView::LessonVerbTable() {
  using V = DynamicsView;
  static const LessonVerbRow<V> kVerbs[] = {
      {{"world-steps", "world-steps N: N whole steps of the solver", kAction,
        Words(1, 1, kInteger)},
       [](V& v, const LessonCommand& action) -> std::string {
         long n = 0;
         if (std::string e = ReadInteger(action, 0, 0, 100'000, &n); !e.empty()) return e;
         for (long i = 0; i < n; ++i) v.StepOnce();
         return {};
       }},
      {{"substage", "substage: run the next stage of the step (detect, classify, ...)", kAction,
        kNoWords},
       &Call<V, &V::RunSubstage>},
      {{"until-collision",
        "until-collision MAXSTEPS: step until a contact is classified colliding, stopping just "
        "before the impulses",
        kAction, Words(1, 1, kInteger)},
       &Call<V, &V::RunUntilCollision>},
      {{"show-relative-velocity",
        "show-relative-velocity [on|off]: figure 3.9, the arrow of ṙA − ṙB at each contact point",
        kAction, Words(0, 1, kSwitch)},
       [](V& v, const LessonCommand& c) -> std::string {
         v.overlay_.relative_velocity = c.args.empty() || c.args[0] == "on";
         return {};
       }},
      {{"relative-velocity",
        "relative-velocity TOLERANCE: at every contact N·(ṙA − ṙB), from the bodies' v and ω, is "
        "the ḋ the step classified it by (3.51, 3.52)",
        kCheck, Words(1, 1, kNumber)},
       &Call<V, &V::CheckRelativeVelocity>},
      {{"momentum-conserved",
        "momentum-conserved TOLERANCE: the last stage kept the moving bodies' horizontal momentum",
        kCheck, Words(1, 1, kNumber)},
       &Call<V, &V::CheckMomentumConserved>},
      {{"restitution",
        "restitution EPSILON TOLERANCE: every colliding contact left with ḋ = -EPSILON x its ḋ "
        "before (3.55)",
        kCheck, Words(2, 2, kNumber)},
       &Call<V, &V::CheckRestitution>},
      {{"at-rest",
        "at-rest SPEED DEPTH: every moving body slower than SPEED, none sunk more than DEPTH "
        "below where the scene put it",
        kCheck, Words(2, 2, kNumber)},
       &Call<V, &V::CheckAtRest>},
      {{"floor-carries-weight",
        "floor-carries-weight TOLERANCE: the resting forces on static bodies sum to the weight",
        kCheck, Words(1, 1, kNumber)},
       &Call<V, &V::CheckFloorCarriesWeight>},
      {{"joints-scene",
        "joints-scene: figure 3.8, a spherical, a revolute and a cylindrical joint on ODE "
        "(world-steps then steps them)",
        kAction, kNoWords},
       [](V& v, const LessonCommand&) -> std::string { return v.ShowJoints(); }},
      {{"joints-hold",
        "joints-hold DISTANCE ANGULAR: each joint's anchor, seen from both bodies, is one point "
        "within DISTANCE m (the cylinder's along its axis), the axes agree, and the bodies turn "
        "relatively only about the axis within ANGULAR rad/s (3.3.2.2)",
        kCheck, Words(2, 2, kNumber)},
       &Call<V, &V::CheckJointsHold>},
  };
  return kVerbs;
}

std::string DynamicsView::RunLessonAction(const LessonCommand& action) {
  stepping().Pause();  // what a lesson shows is the state its actions left
  return RunLessonVerb(*this, LessonVerbTable(), action, kAction);
}

std::string DynamicsView::RunSubstage() {
  lesson_.before.assign(world_.bodies().begin(), world_.bodies().end());
  lesson_.stage = world_.NextStage();
  StageOnce();
  lesson_.after.assign(world_.bodies().begin(), world_.bodies().end());
  lesson_.stage_ran = true;
  return {};
}

// Whole steps until a step's classification finds a colliding contact; the step is left just
// before its impulses, so that `substage` then runs them.
std::string DynamicsView::RunUntilCollision(const LessonCommand& action) {
  long max_steps = 0;
  if (std::string e = ReadInteger(action, 0, 1, 100'000, &max_steps); !e.empty()) return e;
  while (world_.NextStage() != dynamics::Stage::kDetect) StageOnce();
  for (long step = 0; step < max_steps; ++step) {
    StageOnce();  // detect
    StageOnce();  // classify
    if (world_.stats().colliding > 0) return {};
    while (world_.NextStage() != dynamics::Stage::kDetect) StageOnce();
  }
  return Formatted(_("%s: no collision in %ld steps"), action.verb.c_str(), max_steps);
}

std::string DynamicsView::CheckLessonClaim(const LessonCommand& check) {
  return RunLessonVerb(*this, LessonVerbTable(), check, kCheck);
}

std::string DynamicsView::CheckMomentumConserved(const LessonCommand& check) const {
  double tolerance = 0.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1e6, &tolerance); !e.empty()) return e;
  if (!lesson_.stage_ran)
    return Formatted(_("%s: no stage has run (substage first)"), check.verb.c_str());
  for (const dynamics::Contact& c : world_.contacts())
    if (!TouchesOnlyAFloor(c))
      return Formatted(_("%s: a static body other than a level floor takes part"),
                       check.verb.c_str());
  glm::dvec3 before = TotalLinearMomentum(lesson_.before);
  glm::dvec3 after = TotalLinearMomentum(lesson_.after);
  before.y = after.y = 0.0;  // the floor may push up; it cannot push sideways
  const double change = glm::length(after - before);
  if (change <= tolerance) return {};
  return Formatted(_("%s: the horizontal momentum moved by %s kg m/s (from %s), more than %s"),
                   check.verb.c_str(), Number(change).c_str(), Number(glm::length(before)).c_str(),
                   Number(tolerance).c_str());
}

// Figure 3.9's velocity: ṙA(tc) − ṙB(tc) recomputed at each contact from the bodies' linear and
// angular velocities (3.51), projected on the contact's normal, against the ḋ the solver's
// classification recorded (3.52). Meant just before the impulses (until-collision), while the
// velocities are the ones the contacts were classified with.
std::string DynamicsView::CheckRelativeVelocity(const LessonCommand& check) const {
  double tolerance = 0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1e6, &tolerance); !e.empty()) return e;
  const auto contacts = world_.contacts();
  if (contacts.empty()) return _("there are no contacts");
  for (const dynamics::Contact& c : contacts) {
    const double ddot = glm::dot(c.N, RelativeVelocityAt(c));
    if (std::abs(ddot - c.ddot) > tolerance) {
      return Formatted(_("bodies %u and %u: N·(ṙA − ṙB) = %.6f, the classification's ḋ = %.6f"),
                       unsigned(c.a), unsigned(c.b), ddot, c.ddot);
    }
  }
  return {};
}

std::string DynamicsView::CheckRestitution(const LessonCommand& check) const {
  double epsilon = 0.0, tolerance = 0.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1.0, &epsilon); !e.empty()) return e;
  if (std::string e = ReadNumber(check, 1, 0.0, 1.0, &tolerance); !e.empty()) return e;
  if (!lesson_.stage_ran || lesson_.stage != dynamics::Stage::kImpulses)
    return Formatted(_("%s: the last stage run was not the impulses (until-collision, substage)"),
                     check.verb.c_str());
  int colliding = 0;
  for (const dynamics::Contact& c : world_.contacts()) {
    if (c.cls != dynamics::ContactClass::kColliding) continue;
    ++colliding;
    const double before = NormalVelocityFromMomenta(lesson_.before, c);
    const double after = NormalVelocityFromMomenta(lesson_.after, c);
    const double expected = -epsilon * before;
    if (std::abs(after - expected) > tolerance * std::abs(before))
      return Formatted(_("%s: a contact approached at %s m/s and left at %s m/s, expected %s"),
                       check.verb.c_str(), Number(before).c_str(), Number(after).c_str(),
                       Number(expected).c_str());
  }
  if (colliding == 0) return Formatted(_("%s: no contact was colliding"), check.verb.c_str());
  return {};
}

std::string DynamicsView::ShowJoints() {
  joints_ = std::make_unique<dynamics::OdeJoints>();
  picture_.show_spin() = false;  // the crosses and axes are the lesson here
  stepping().set_step_seconds(joints_->dt());
  return {};
}

// Section 3.3.2.2 on figure 3.8: "Uma junção esférica força que dois pontos sobre dois corpos
// diferentes sejam coincidentes"; a revolute joint leaves "uma rotação que se dá em torno do eixo
// da dobradiça"; a cylindrical one "permite uma translação e uma rotação relativa ... ao longo de
// um eixo". Checked from the bodies' poses and velocities with the anchor and axis each body
// carried from the start (not ODE's report of its joints), and each free motion must have
// happened, so that a joint that froze its bodies does not pass.
std::string DynamicsView::CheckJointsHold(const LessonCommand& check) const {
  double distance = 0.0, angular = 0.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 10.0, &distance); !e.empty()) return e;
  if (std::string e = ReadNumber(check, 1, 0.0, 100.0, &angular); !e.empty()) return e;
  if (!joints_) return Formatted(_("%s: no joints (joints-scene first)"), check.verb.c_str());
  static const char* const kNames[] = {N_("spherical"), N_("revolute"), N_("cylindrical")};
  const auto& bodies = joints_->bodies();
  for (const dynamics::JointPair& pair : joints_->pairs()) {
    const dynamics::RigidBody &a = bodies[pair.a], &b = bodies[pair.b];
    const dynamics::JointFrames f = dynamics::FramesOf(pair, a, b);
    // The joint named as a noun phrase, each sentence below one format around it.
    const std::string who = Formatted(_("the %s joint"), _(kNames[int(pair.kind)]));
    const char* verb = check.verb.c_str();
    glm::dvec3 gap = f.anchor_b - f.anchor_a;
    if (pair.kind == dynamics::JointKind::kCylindrical)
      gap -= glm::dot(gap, f.axis_a) * f.axis_a;  // sliding along the axis is allowed
    if (glm::length(gap) > distance)
      return Formatted(_("%s: %s: its anchor seen from the two bodies is %s m apart"), verb,
                       who.c_str(), Number(glm::length(gap)).c_str());
    if (glm::length(b.x - pair.b_start) < 0.05)
      return Formatted(_("%s: %s: the swinging body has not moved"), verb, who.c_str());
    if (pair.kind == dynamics::JointKind::kSpherical) continue;
    const double tilt = glm::length(glm::cross(f.axis_a, f.axis_b));
    if (tilt > distance)
      return Formatted(_("%s: %s: the two bodies' axes differ by %s"), verb, who.c_str(),
                       Number(tilt).c_str());
    const glm::dvec3 relative = b.w - a.w;
    const double about = glm::dot(relative, f.axis_a);
    const double off_axis = glm::length(relative - about * f.axis_a);
    if (off_axis > angular)
      return Formatted(_("%s: %s: the bodies turn at %s rad/s off the axis"), verb, who.c_str(),
                       Number(off_axis).c_str());
    if (std::abs(about) < 0.05)
      return Formatted(_("%s: %s: the bodies do not turn about the axis"), verb, who.c_str());
  }
  return {};
}

std::string DynamicsView::CheckAtRest(const LessonCommand& check) const {
  double speed = 0.0, depth = 0.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 100.0, &speed); !e.empty()) return e;
  if (std::string e = ReadNumber(check, 1, 0.0, 100.0, &depth); !e.empty()) return e;
  const auto bodies = world_.bodies();
  if (bodies.size() != scene_.bodies.size())
    return Formatted(_("%s: the scene and the world disagree on the number of bodies"),
                     check.verb.c_str());
  for (size_t i = 0; i < bodies.size(); ++i) {
    const dynamics::RigidBody& b = bodies[i];
    if (b.IsStatic()) continue;
    const double v = glm::length(b.P * b.massInv);
    const double sunk = scene_.bodies[i].position.y - b.x.y;
    const std::string who = b.name.empty() ? Formatted(_("body %zu"), i)
                                           : Formatted(_("body %zu (%s)"), i, b.name.c_str());
    if (!(v <= speed))
      return Formatted(_("%s: %s moves at %s m/s, above %s"), check.verb.c_str(), who.c_str(),
                       Number(v).c_str(), Number(speed).c_str());
    if (!(sunk <= depth))
      return Formatted(_("%s: %s sank %s m, more than %s"), check.verb.c_str(), who.c_str(),
                       Number(sunk).c_str(), Number(depth).c_str());
  }
  return {};
}

std::string DynamicsView::CheckFloorCarriesWeight(const LessonCommand& check) const {
  double tolerance = 0.0;
  if (std::string e = ReadNumber(check, 0, 0.0, 1.0, &tolerance); !e.empty()) return e;
  double carried = 0.0;
  for (const dynamics::Contact& c : world_.contacts())
    if (c.A->IsStatic() || c.B->IsStatic()) carried += c.resting_force * std::abs(c.N.y);
  const double weight = TotalWeight(world_.bodies(), world_.params().gravity);
  if (std::abs(carried - weight) <= tolerance * weight) return {};
  return Formatted(_("%s: the floor's resting forces sum to %s N, the weight is %s N"),
                   check.verb.c_str(), Number(carried).c_str(), Number(weight).c_str());
}

}  // namespace partlab

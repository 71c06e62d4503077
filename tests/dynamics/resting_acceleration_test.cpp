// The relative normal acceleration d̈ of resting contacts between bodies that move and spin
// (3.58–3.67), checked against the geometry itself: d(t) is the signed distance of 3.49 measured on
// the bodies as they move — a vertex's height above a face's plane, or the distance between two
// edges' lines along their common normal — and its second derivative at the contact instant is
// taken by a central finite difference of that distance along the motion, integrated here by the
// test's own Runge-Kutta (rotation matrices, not the project's quaternion integrator). Every term
// that exists only when bodies move — ω × (ω × r), I⁻¹(L × ω), 2Ṅ · (ṙA − ṙB), the edge/edge Ṅ of
// 3.60–3.61 — is of order one in these states, so a flipped sign misses by far more than the
// tolerance (scripts/mutate-resting-contact.sh flips each and watches these tests fail).
#include <gtest/gtest.h>

#include <array>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/rotate_vector.hpp>
#include <vector>

#include "engine/dynamics/resting_contact.h"

namespace partlab::dynamics {
namespace {

// The test's own rigid-body motion: x, P, R (3×3), L with constant world force and torque,
// ṙ = P/M, Ṗ = F, Ṙ = [ω]× R, L̇ = τ, ω = R I0⁻¹ Rᵀ L (3.34–3.41, without quaternions).
struct Motion {
  glm::dvec3 x, P, L;
  glm::dmat3 R;
};

glm::dmat3 Star(const glm::dvec3& w) {  // [ω]×, column-major: Star(w) * a == cross(w, a)
  return glm::dmat3(0, w.z, -w.y, -w.z, 0, w.x, w.y, -w.x, 0);
}

Motion Derivative(const RigidBody& b, const Motion& s) {
  const glm::dvec3 w = s.R * b.IBodyInv * glm::transpose(s.R) * s.L;
  return {b.massInv * s.P, b.force, b.torque, Star(w) * s.R};
}

Motion Add(const Motion& s, const Motion& d, double h) {
  return {s.x + h * d.x, s.P + h * d.P, s.L + h * d.L, s.R + h * d.R};
}

// State of `b` after time t (negative: backwards), by RK4 in 64 steps.
Motion Advance(const RigidBody& b, double t) {
  Motion s{b.x, b.P, b.L, b.R};
  const int steps = 64;
  const double h = t / steps;
  for (int i = 0; i < steps; ++i) {
    const Motion k1 = Derivative(b, s);
    const Motion k2 = Derivative(b, Add(s, k1, h / 2));
    const Motion k3 = Derivative(b, Add(s, k2, h / 2));
    const Motion k4 = Derivative(b, Add(s, k3, h));
    s = {s.x + h / 6 * (k1.x + 2.0 * k2.x + 2.0 * k3.x + k4.x),
         s.P + h / 6 * (k1.P + 2.0 * k2.P + 2.0 * k3.P + k4.P),
         s.L + h / 6 * (k1.L + 2.0 * k2.L + 2.0 * k3.L + k4.L),
         s.R + h / 6 * (k1.R + 2.0 * k2.R + 2.0 * k3.R + k4.R)};
  }
  return s;
}

// A box with distinct inertia axes, tilted, moving and spinning.
RigidBody Box(glm::dvec3 half, double mass, glm::dvec3 x, glm::dvec3 axis, double angle,
              glm::dvec3 v, glm::dvec3 w) {
  BodyDesc d;
  d.half = half;
  d.mass = mass;
  d.position = x;
  d.orientation = glm::angleAxis(angle, glm::normalize(axis));
  d.velocity = v;
  d.angular_velocity = w;
  RigidBody b;
  std::string error;
  EXPECT_TRUE(MakeBody(d, b, error)) << error;
  return b;
}

// How the distance of one contact is measured on the moving bodies: points and directions fixed
// in the bodies (local coordinates), the normal rebuilt from them at every time.
struct Probe {
  const RigidBody* a;       // contact.A
  const RigidBody* b;       // contact.B
  glm::dvec3 pa, pb;        // material points on A and B (local)
  bool edge_edge = false;   // else vertex/face
  bool face_on_A = false;   // vertex/face: whose face
  glm::dvec3 n_local{0.0};  // vertex/face: the face's outward normal in its body
  glm::dvec3 ea, eb;        // edge/edge: the edges' directions (local), N = ea × eb / |ea × eb|
};

// d(t) of 3.49 at time t, the bodies moved by Advance.
double Distance(const Probe& p, double t) {
  const Motion A = Advance(*p.a, t), B = Advance(*p.b, t);
  glm::dvec3 N;
  if (p.edge_edge) {
    N = glm::normalize(glm::cross(A.R * p.ea, B.R * p.eb));  // 3.48
  } else {
    N = p.face_on_A ? -(A.R * p.n_local) : B.R * p.n_local;  // out of B, towards A
  }
  return glm::dot(N, (A.x + A.R * p.pa) - (B.x + B.R * p.pb));
}

// d̈(0) by the central difference (d(h) − 2d(0) + d(−h)) / h²; its error is O(h²) ≈ 1e-6 here.
double DistanceAcceleration(const Probe& p) {
  const double h = 1e-3;
  return (Distance(p, h) - 2 * Distance(p, 0) + Distance(p, -h)) / (h * h);
}

// Three boxes, all moving, spinning and pushed by a force and a torque: contact 0 is a vertex of
// box 0 on a face of box 1; contact 1 an edge of box 2 across an edge of box 1; contact 2 a vertex
// of box 2 on a face of box 0 (the face on the contact's A, so Ṅ = ω_A × N).
struct Scene {
  std::array<RigidBody, 3> body;
  std::vector<Contact> contacts;
  std::vector<Probe> probes;
};

Contact MakeContact(RigidBody& a, RigidBody& b, glm::dvec3 P, glm::dvec3 N, ContactKind kind) {
  Contact c;
  c.A = &a;
  c.B = &b;
  c.P = P;
  c.N = N;
  c.kind = kind;
  return c;
}

void BuildScene(Scene& s) {
  RigidBody& b0 = s.body[0];
  RigidBody& b1 = s.body[1];
  RigidBody& b2 = s.body[2];
  b1 = Box({0.6, 0.3, 0.4}, 2.0, {0.1, -0.2, 0.3}, {1, 2, 3}, 0.7, {0.4, -0.3, 0.8},
           {1.3, -0.9, 2.1});
  b0 = Box({0.3, 0.2, 0.5}, 1.5, {0, 0, 0}, {-2, 1, 1}, 1.1, {-0.5, 0.7, 0.2}, {-1.7, 2.4, 0.8});
  b2 = Box({0.25, 0.45, 0.35}, 0.8, {0, 0, 0}, {0, 1, -1}, 0.5, {0.9, 0.1, -0.6}, {2.2, 0.5, -1.4});
  b0.force = {0.3, -4.0, 1.1}, b0.torque = {0.6, -0.2, 0.9};
  b1.force = {-1.2, 2.0, 0.5}, b1.torque = {-0.4, 1.1, 0.3};
  b2.force = {0.7, 0.4, -2.5}, b2.torque = {0.8, 0.5, -0.7};

  // Contact 0: box 0's corner (−h) on box 1's +y face, at a point inside the face.
  const glm::dvec3 face_pt1 = glm::dvec3(0.2, b1.half.y, -0.1);
  const glm::dvec3 P0 = b1.x + b1.R * face_pt1;
  const glm::dvec3 N0 = b1.R[1];
  b0.x = P0 - b0.R * (-b0.half);
  b0.UpdateDerived();
  s.contacts.push_back(MakeContact(b0, b1, P0, N0, ContactKind::kVertexFace));
  s.probes.push_back({&b0, &b1, -b0.half, face_pt1, false, false, {0, 1, 0}, {}, {}});

  // Contact 1: box 2's edge along its local z (at x = +h, y = −h) across box 1's edge along its
  // local x (at y = +h, z = +h); they meet at P1 on box 1's edge.
  const glm::dvec3 edge_pt1(0.15, b1.half.y, b1.half.z);
  const glm::dvec3 P1 = b1.x + b1.R * edge_pt1;
  const glm::dvec3 edge_pt2(b2.half.x, -b2.half.y, 0.1);
  b2.x = P1 - b2.R * edge_pt2;
  b2.UpdateDerived();
  glm::dvec3 ea = b2.R[2], eb = b1.R[0], eb_local(1, 0, 0);
  glm::dvec3 N1 = glm::normalize(glm::cross(ea, eb));
  if (glm::dot(N1, P1 - b1.x) < 0) eb = -eb, eb_local = -eb_local, N1 = -N1;  // out of box 1
  Contact c1 = MakeContact(b2, b1, P1, N1, ContactKind::kEdgeEdge);
  c1.ea = ea;
  c1.eb = eb;
  s.contacts.push_back(c1);
  s.probes.push_back({&b2, &b1, edge_pt2, edge_pt1, true, false, {}, {0, 0, 1}, eb_local});

  // Contact 2: a material point of box 2 on box 0's −x face. The contact's A is box 0 (its face),
  // B is box 2 (the vertex); N points out of B towards A, i.e. against box 0's face normal.
  const glm::dvec3 face_pt0(-b0.half.x, 0.05, 0.2);
  const glm::dvec3 P2 = b0.x + b0.R * face_pt0;
  // Box 2 is already placed by contact 1; take the material point of box 2 that sits at P2.
  const glm::dvec3 vertex2 = glm::transpose(b2.R) * (P2 - b2.x);
  // The −x face's outward normal is −R[0]; N is its opposite.
  Contact c2 = MakeContact(b0, b2, P2, b0.R[0], ContactKind::kVertexFace);
  c2.face_on_A = true;
  s.contacts.push_back(c2);
  s.probes.push_back({&b0, &b2, face_pt0, vertex2, false, true, {-1, 0, 0}, {}, {}});

  // Resting: ḋ = 0 at every contact (3.52). The least change of the three linear velocities that
  // cancels the three ḋ (Δv = −Jᵀ(JJᵀ)⁻¹ḋ, J the rows of ±N) — without it 3.58 still holds, but
  // the contacts would be colliding or separating, not resting.
  glm::dvec3 ddot;
  std::array<std::array<glm::dvec3, 3>, 3> J{};  // J[i][k]: ∂ḋi/∂vk, +N on A, −N on B
  for (int i = 0; i < 3; ++i) {
    const Contact& c = s.contacts[i];
    ddot[i] = glm::dot(c.N, c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P));
    J[i][c.A - s.body.data()] += c.N;
    J[i][c.B - s.body.data()] -= c.N;
  }
  glm::dmat3 JJt(0.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) JJt[j][i] += glm::dot(J[i][k], J[j][k]);
  const glm::dvec3 y = glm::inverse(JJt) * -ddot;
  for (int k = 0; k < 3; ++k) {
    glm::dvec3 dv(0.0);
    for (int i = 0; i < 3; ++i) dv += y[i] * J[i][k];
    s.body[k].P += dv / s.body[k].massInv;
    s.body[k].UpdateDerived();
  }
}

double RelativeSpeed(const Contact& c) {
  return glm::dot(c.N, c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P));
}

TEST(RestingAcceleration, SceneIsAtRestAtEveryContactAndTheTermsAreLarge) {
  Scene s;
  BuildScene(s);
  for (size_t i = 0; i < s.contacts.size(); ++i) {
    EXPECT_NEAR(RelativeSpeed(s.contacts[i]), 0.0, 1e-12) << i;  // resting: ḋ = 0
    EXPECT_NEAR(Distance(s.probes[i], 0.0), 0.0, 1e-12) << i;    // touching: d = 0
  }
  // The motion-only terms are of order one here (else a flipped sign could hide in the tolerance).
  for (const Contact& c : s.contacts) {
    EXPECT_GT(glm::length(NormalDerivative(c)), 0.5);
    const glm::dvec3 v_rel = c.A->PointVelocity(c.P) - c.B->PointVelocity(c.P);
    EXPECT_GT(std::abs(2 * glm::dot(NormalDerivative(c), v_rel)), 0.1);
  }
}

// b of 3.66–3.67 is d̈ when every λr is zero: the bodies under their own forces, torques and spins.
TEST(RestingAcceleration, BEqualsTheFiniteDifferenceOfTheDistanceForMovingSpinningBodies) {
  Scene s;
  BuildScene(s);
  std::vector<double> b;
  computeB(s.contacts, b);
  const char* names[] = {"vertex/face (face on B)", "edge/edge", "vertex/face (face on A)"};
  for (size_t i = 0; i < s.contacts.size(); ++i) {
    const double fd = DistanceAcceleration(s.probes[i]);
    EXPECT_GT(std::abs(fd), 0.1) << names[i];  // a real acceleration, not a zero matched by zero
    EXPECT_NEAR(b[i], fd, 1e-4) << names[i];
  }
}

// d̈ = Aλ + b (3.64) for arbitrary λ ≥ 0: apply the contact forces (+λN on A, −λN on B at P, as
// computeContactForces does) and differentiate the distance again. Checks computeA's signs s
// (3.65), including the off-diagonal couplings through a shared body.
TEST(RestingAcceleration, ALambdaPlusBEqualsTheFiniteDifferenceUnderContactForces) {
  Scene s;
  BuildScene(s);
  std::vector<double> A, b;
  computeA(s.contacts, A);
  computeB(s.contacts, b);
  const double lambda[3] = {1.7, 0.6, 2.3};
  for (size_t j = 0; j < 3; ++j) {
    Contact& c = s.contacts[j];
    const glm::dvec3 f = lambda[j] * c.N;
    c.A->force += f;
    c.A->torque += glm::cross(c.P - c.A->x, f);
    c.B->force -= f;
    c.B->torque -= glm::cross(c.P - c.B->x, f);
  }
  for (size_t i = 0; i < 3; ++i) {
    double predicted = b[i];
    for (size_t j = 0; j < 3; ++j) predicted += A[i * 3 + j] * lambda[j];
    EXPECT_NEAR(predicted, DistanceAcceleration(s.probes[i]), 1e-4) << i;
    for (size_t j = 0; j < 3; ++j) {
      if (i == j) continue;
      EXPECT_GT(std::abs(A[i * 3 + j]), 0.05) << i << j;  // the couplings are tested
    }
  }
}

// The listing of computeContactForces, corrected: the LCP solver is called with the matrix the
// function just computed (printed `LCPSolver(a, b)`, an undeclared `a`) and the force of contact i
// is λi Ni (printed `lambda[i] * contacts[i]`, a scalar times a Contact). With the forces applied,
// the measured accelerations must satisfy the three conditions 3.57, 3.62 and 3.63.
TEST(RestingAcceleration, ContactForcesMakeTheMeasuredAccelerationsComplementary) {
  Scene s;
  BuildScene(s);
  // Push the bodies together so that some contacts need a force.
  s.body[0].force += -3.0 * s.contacts[0].N;
  RestingContactSolver solver;
  const RestingResult r = solver.computeContactForces(s.contacts, 10);
  ASSERT_EQ(r.status, LcpStatus::kSolved);
  int pushing = 0;
  for (size_t i = 0; i < 3; ++i) {
    const double lambda = s.contacts[i].resting_force;
    const double ddot = DistanceAcceleration(s.probes[i]);
    EXPECT_GE(lambda, 0.0) << i;                    // 3.62
    EXPECT_GT(ddot, -1e-4) << i;                    // 3.57
    EXPECT_LT(std::abs(lambda * ddot), 1e-4) << i;  // 3.63
    pushing += lambda > 1e-3;
  }
  EXPECT_GE(pushing, 1);  // the LCP was not trivially λ = 0
}

}  // namespace
}  // namespace partlab::dynamics

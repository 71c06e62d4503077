#include "engine/dynamics/narrow_phase.h"

#include <array>
#include <cmath>

#include "engine/text/translatable.h"

namespace partlab::dynamics {
namespace {

double SignOf(double x) {
  return x >= 0.0 ? 1.0 : -1.0;
}

Contact Make(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, const glm::dvec3& p,
             const glm::dvec3& n, double depth, ContactKind kind) {
  Contact c;
  c.A = &A;
  c.B = &B;
  c.a = ia;
  c.b = ib;
  c.P = p;
  c.N = n;
  c.depth = depth;
  c.kind = kind;
  return c;
}

int SphereSphere(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
                 std::vector<Contact>& out) {
  const glm::dvec3 d = A.x - B.x;
  const double dist = glm::length(d);
  const double depth = A.radius + B.radius - dist;
  if (depth < -margin) return 0;
  const glm::dvec3 n = dist > 1e-12 ? d / dist : glm::dvec3(0, 1, 0);
  out.push_back(
      Make(A, ia, B, ib, B.x + n * (B.radius - 0.5 * depth), n, depth, ContactKind::kSphere));
  return 1;
}

int SpherePlane(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
                std::vector<Contact>& out) {
  const glm::dvec3 n = B.plane_normal;
  const double gap = glm::dot(n, A.x) - B.plane_offset - A.radius;
  if (gap > margin) return 0;
  out.push_back(
      Make(A, ia, B, ib, A.x - n * (A.radius + 0.5 * gap), n, -gap, ContactKind::kVertexFace));
  return 1;
}

// Sphere A against box B: the point of the box nearest the centre; a centre inside the box leaves
// through the nearest face.
int SphereBox(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
              std::vector<Contact>& out) {
  const glm::dvec3 c = glm::transpose(B.R) * (A.x - B.x);  // centre in B's frame
  const glm::dvec3 q = glm::clamp(c, -B.half, B.half);
  glm::dvec3 n_local, p_local;
  double depth;
  const glm::dvec3 diff = c - q;
  const double dist = glm::length(diff);
  if (dist > 1e-12) {
    depth = A.radius - dist;
    n_local = diff / dist;
    p_local = q;
  } else {
    int k = 0;
    double best = 1e300;
    for (int i = 0; i < 3; ++i) {
      const double to_face = B.half[i] - std::abs(c[i]);
      if (to_face < best) best = to_face, k = i;
    }
    n_local = glm::dvec3(0.0);
    n_local[k] = SignOf(c[k]);
    p_local = c;
    p_local[k] = n_local[k] * B.half[k];
    depth = A.radius + best;
  }
  if (depth < -margin) return 0;
  out.push_back(
      Make(A, ia, B, ib, B.x + B.R * p_local, B.R * n_local, depth, ContactKind::kVertexFace));
  return 1;
}

std::array<glm::dvec3, 8> BoxVertices(const RigidBody& b) {
  std::array<glm::dvec3, 8> v;
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 s((i & 1) ? 1.0 : -1.0, (i & 2) ? 1.0 : -1.0, (i & 4) ? 1.0 : -1.0);
    v[i] = b.x + b.R * (s * b.half);
  }
  return v;
}

int BoxPlane(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
             std::vector<Contact>& out) {
  int n = 0;
  for (const glm::dvec3& v : BoxVertices(A)) {
    const double gap = glm::dot(B.plane_normal, v) - B.plane_offset;
    if (gap > margin) continue;
    out.push_back(Make(A, ia, B, ib, v - 0.5 * gap * B.plane_normal, B.plane_normal, -gap,
                       ContactKind::kVertexFace));
    ++n;
  }
  return n;
}

// --- box against box ---------------------------------------------------------------------------

struct Polygon {
  std::array<glm::dvec3, 8> p;
  int n = 0;
};

// Keeps the part of `in` where dot(axis, p) ≤ limit (Sutherland–Hodgman, one plane).
Polygon ClipBelow(const Polygon& in, const glm::dvec3& axis, double limit) {
  Polygon out;
  for (int i = 0; i < in.n; ++i) {
    const glm::dvec3& a = in.p[i];
    const glm::dvec3& b = in.p[(i + 1) % in.n];
    const double da = glm::dot(axis, a) - limit, db = glm::dot(axis, b) - limit;
    if (da <= 0 && out.n < 8) out.p[out.n++] = a;
    // Only a strict crossing adds a point: a vertex lying on the plane is already kept, and two
    // boxes of the same footprint would otherwise get every corner twice.
    const bool crosses = (da < 0 && db > 0) || (da > 0 && db < 0);
    if (crosses && out.n < 8) out.p[out.n++] = a + (b - a) * (da / (da - db));
  }
  return out;
}

// Vertex/face: the face of `ref` along its axis k faces `inc`; `ref_n` is its outward normal.
int FaceContacts(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, const RigidBody& ref,
                 const RigidBody& inc, int k, const glm::dvec3& ref_n, const glm::dvec3& N,
                 bool face_on_A, double margin, std::vector<Contact>& out) {
  const glm::dvec3 ref_c = ref.x + ref_n * ref.half[k];
  // The incident face: the face of `inc` most opposed to the reference normal.
  int m = 0;
  double best = -1;
  for (int i = 0; i < 3; ++i) {
    const double a = std::abs(glm::dot(inc.R[i], ref_n));
    if (a > best) best = a, m = i;
  }
  const double s = -SignOf(glm::dot(inc.R[m], ref_n));
  const glm::dvec3 inc_c = inc.x + s * inc.R[m] * inc.half[m];
  const int p = (m + 1) % 3, r = (m + 2) % 3;
  const glm::dvec3 ep = inc.R[p] * inc.half[p], er = inc.R[r] * inc.half[r];
  Polygon poly;
  poly.n = 4;
  poly.p = {inc_c + ep + er, inc_c - ep + er, inc_c - ep - er, inc_c + ep - er};
  // Clip against the reference face's four sides.
  for (int side = 1; side <= 2; ++side) {
    const int j = (k + side) % 3;
    const glm::dvec3 u = ref.R[j];
    const double c = glm::dot(u, ref.x);
    poly = ClipBelow(poly, u, c + ref.half[j]);
    poly = ClipBelow(poly, -u, -c + ref.half[j]);
  }
  int count = 0;
  for (int i = 0; i < poly.n; ++i) {
    const double gap = glm::dot(ref_n, poly.p[i] - ref_c);
    if (gap > margin) continue;
    Contact c =
        Make(A, ia, B, ib, poly.p[i] - 0.5 * gap * ref_n, N, -gap, ContactKind::kVertexFace);
    c.face_on_A = face_on_A;
    out.push_back(c);
    ++count;
  }
  return count;
}

// Edge/edge: A's edge along axis i nearest B crosses B's edge along axis j nearest A.
int EdgeContact(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, int i, int j,
                const glm::dvec3& N, double depth, std::vector<Contact>& out) {
  glm::dvec3 pa = A.x, pb = B.x;
  for (int k = 0; k < 3; ++k) {
    if (k != i) pa -= SignOf(glm::dot(A.R[k], N)) * A.half[k] * A.R[k];
    if (k != j) pb += SignOf(glm::dot(B.R[k], N)) * B.half[k] * B.R[k];
  }
  const glm::dvec3 ea = A.R[i];
  glm::dvec3 eb = B.R[j];
  // Closest points of the lines pa + s·ea and pb + t·eb.
  const glm::dvec3 w = pa - pb;
  const double b = glm::dot(ea, eb), d = glm::dot(ea, w), e = glm::dot(eb, w);
  const double den = 1.0 - b * b;
  double s = 0, t = 0;
  if (den > 1e-12) {
    s = glm::clamp((b * e - d) / den, -A.half[i], A.half[i]);
    t = glm::clamp((e - b * d) / den, -B.half[j], B.half[j]);
  }
  Contact c =
      Make(A, ia, B, ib, 0.5 * (pa + s * ea + pb + t * eb), N, depth, ContactKind::kEdgeEdge);
  // Keep N = eA × eB / |eA × eB| as in 3.48, so 3.60 applies with its sign.
  if (glm::dot(glm::cross(ea, eb), N) < 0) eb = -eb;
  c.ea = ea;
  c.eb = eb;
  out.push_back(c);
  return 1;
}

int BoxBox(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
           std::vector<Contact>& out) {
  const glm::dvec3 T = A.x - B.x;
  auto penetration = [&](const glm::dvec3& L) {
    double ra = 0, rb = 0;
    for (int k = 0; k < 3; ++k) {
      ra += A.half[k] * std::abs(glm::dot(A.R[k], L));
      rb += B.half[k] * std::abs(glm::dot(B.R[k], L));
    }
    return ra + rb - std::abs(glm::dot(T, L));
  };
  // Face axes: 0..2 of A, 3..5 of B.
  double best_face = 1e300;
  int face = -1;
  for (int k = 0; k < 6; ++k) {
    const double pen = penetration(k < 3 ? A.R[k] : B.R[k - 3]);
    if (pen < -margin) return 0;
    if (pen < best_face) best_face = pen, face = k;
  }
  double best_edge = 1e300;
  int edge_i = -1, edge_j = -1;
  glm::dvec3 edge_axis(0.0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      glm::dvec3 L = glm::cross(A.R[i], B.R[j]);
      const double len = glm::length(L);
      if (len < 1e-6) continue;  // parallel edges: the face axes already cover them
      L /= len;
      const double pen = penetration(L);
      if (pen < -margin) return 0;
      if (pen < best_edge) best_edge = pen, edge_i = i, edge_j = j, edge_axis = L;
    }
  // Prefer faces unless an edge axis is clearly shallower (a resting box would otherwise flicker
  // between the two cases on round-off).
  if (edge_i >= 0 && best_edge < 0.95 * best_face - 1e-6) {
    const glm::dvec3 N = glm::dot(edge_axis, T) >= 0 ? edge_axis : -edge_axis;
    return EdgeContact(A, ia, B, ib, edge_i, edge_j, N, best_edge, out);
  }
  if (face < 3) {
    const glm::dvec3 n = A.R[face];
    const glm::dvec3 N = glm::dot(n, T) >= 0 ? n : -n;  // out of B towards A
    return FaceContacts(A, ia, B, ib, A, B, face, -N, N, true, margin, out);
  }
  const glm::dvec3 n = B.R[face - 3];
  const glm::dvec3 N = glm::dot(n, T) >= 0 ? n : -n;
  return FaceContacts(A, ia, B, ib, B, A, face - 3, N, N, false, margin, out);
}

}  // namespace

std::string_view ContactKindName(ContactKind k) {
  switch (k) {
    case ContactKind::kVertexFace:
      return N_("vertex/face");
    case ContactKind::kEdgeEdge:
      return N_("edge/edge");
    case ContactKind::kSphere:
      return N_("sphere");
  }
  return "?";
}

std::string_view ContactClassName(ContactClass c) {
  switch (c) {
    case ContactClass::kSeparating:
      return N_("separating");
    case ContactClass::kResting:
      return N_("resting");
    case ContactClass::kColliding:
      return N_("colliding");
  }
  return "?";
}

int Collide(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
            std::vector<Contact>& out) {
  if (A.IsStatic() && B.IsStatic()) return 0;
  const Shape a = A.shape, b = B.shape;
  if (a == Shape::kSphere && b == Shape::kSphere) return SphereSphere(A, ia, B, ib, margin, out);
  if (a == Shape::kSphere && b == Shape::kBox) return SphereBox(A, ia, B, ib, margin, out);
  if (a == Shape::kBox && b == Shape::kSphere) return SphereBox(B, ib, A, ia, margin, out);
  if (a == Shape::kSphere && b == Shape::kPlane) return SpherePlane(A, ia, B, ib, margin, out);
  if (a == Shape::kPlane && b == Shape::kSphere) return SpherePlane(B, ib, A, ia, margin, out);
  if (a == Shape::kBox && b == Shape::kPlane) return BoxPlane(A, ia, B, ib, margin, out);
  if (a == Shape::kPlane && b == Shape::kBox) return BoxPlane(B, ib, A, ia, margin, out);
  if (a == Shape::kBox && b == Shape::kBox) return BoxBox(A, ia, B, ib, margin, out);
  return 0;  // plane against plane
}

}  // namespace partlab::dynamics

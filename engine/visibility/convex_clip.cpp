#include "engine/visibility/convex_clip.h"

#include <glm/geometric.hpp>

namespace partlab {

namespace {

// One Sutherland–Hodgman pass: `distance(v) >= 0` is inside.
template <class V, class Distance>
void ClipPass(const SmallPolygon<V>& in, Distance distance, SmallPolygon<V>* out) {
  out->clear();
  if (in.n == 0) return;
  for (uint32_t i = 0; i < in.n; ++i) {
    const V& a = in.v[i];
    const V& b = in.v[(i + 1) % in.n];
    const float da = distance(a), db = distance(b);
    if (out->n + 2 > SmallPolygon<V>::kCapacity) {
      *out = in;  // overflow: keep the larger polygon
      return;
    }
    if (da >= 0.0f) out->push_back(a);
    if ((da >= 0.0f) != (db >= 0.0f)) out->push_back(a + (b - a) * (da / (da - db)));
  }
}

}  // namespace

void ClipByPlane(const Polygon3& in, const Plane& plane, Polygon3* out) {
  ClipPass(
      in, [&](const glm::vec3& p) { return plane.Distance(p); }, out);
}

void ClipNearFar(const Polygon4& in, Polygon4* out) {
  Polygon4 near_clipped;
  ClipPass(
      in, [](const glm::vec4& p) { return p.z + p.w; }, &near_clipped);
  ClipPass(
      near_clipped, [](const glm::vec4& p) { return p.w - p.z; }, out);
}

void ClipEyeFar(const Polygon4& in, float w_min, Polygon4* out) {
  Polygon4 front;
  ClipPass(
      in, [&](const glm::vec4& p) { return p.w - w_min; }, &front);
  ClipPass(
      front, [](const glm::vec4& p) { return p.w - p.z; }, out);
}

void ClipToWindow(const Polygon2& subject, const Polygon2& window, Polygon2* out) {
  Polygon2 a = subject, b;
  for (uint32_t i = 0; i < window.n && a.n > 0; ++i) {
    const glm::vec2 p = window.v[i], d = window.v[(i + 1) % window.n] - p;
    // Left of the edge is inside a counter-clockwise window.
    ClipPass(
        a, [&](const glm::vec2& q) { return d.x * (q.y - p.y) - d.y * (q.x - p.x); }, &b);
    a = b;
  }
  *out = a;
}

double SignedArea(const Polygon2& p) {
  double s = 0.0;
  for (uint32_t i = 0; i < p.n; ++i) {
    const glm::vec2& a = p.v[i];
    const glm::vec2& b = p.v[(i + 1) % p.n];
    s += double(a.x) * b.y - double(b.x) * a.y;
  }
  return 0.5 * s;
}

double Area(const Polygon3& p) {
  glm::dvec3 n(0.0);
  for (uint32_t i = 0; i < p.n; ++i)
    n += glm::cross(glm::dvec3(p.v[i]), glm::dvec3(p.v[(i + 1) % p.n]));
  return 0.5 * glm::length(n);
}

}  // namespace partlab

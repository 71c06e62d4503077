// Clipping a convex polygon by half-spaces (Sutherland–Hodgman), the one operation both variants
// of the portal renderer of section 3.2.3.4 are made of: "realizar o recorte da parte do polígono
// do portal que eventualmente estiver na parte de fora do view original". Fixed-capacity polygons,
// so a frame of recursion allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <span>

#include "engine/visibility/frustum.h"

namespace partlab {

template <class V>
struct SmallPolygon {
  static constexpr uint32_t kCapacity = 64;
  std::array<V, kCapacity> v;
  uint32_t n = 0;

  void clear() { n = 0; }
  void push_back(const V& p) { v[n++] = p; }
  std::span<const V> span() const { return {v.data(), n}; }
};
using Polygon2 = SmallPolygon<glm::vec2>;
using Polygon3 = SmallPolygon<glm::vec3>;
using Polygon4 = SmallPolygon<glm::vec4>;  // clip-space (homogeneous) vertices

// Keeps the part with plane.Distance >= 0. When the result would overflow the capacity, `out`
// gets the input unchanged: larger, never smaller, so visibility stays conservative.
void ClipByPlane(const Polygon3& in, const Plane& plane, Polygon3* out);
// Clip space: keeps -w <= z <= w (the near and far planes), before the perspective divide.
void ClipNearFar(const Polygon4& in, Polygon4* out);
// Clip space: keeps w >= w_min and z <= w (in front of the eye, up to the far plane). For portals:
// a portal nearer than the near plane still bounds what is seen beyond it.
void ClipEyeFar(const Polygon4& in, float w_min, Polygon4* out);
// Keeps the part of `subject` inside the convex counter-clockwise `window`.
void ClipToWindow(const Polygon2& subject, const Polygon2& window, Polygon2* out);

double SignedArea(const Polygon2& p);  // counter-clockwise positive
double Area(const Polygon3& p);

}  // namespace partlab

#include "engine/view/model_framing.h"

#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace partlab {
namespace {
std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}
}  // namespace

std::string FramingProblem(std::span<const glm::vec3> points) {
  if (points.empty()) return "it has no vertices";
  glm::dvec3 lo(INFINITY), hi(-INFINITY);
  for (const glm::vec3& p : points) {
    lo = glm::min(lo, glm::dvec3(p));
    hi = glm::max(hi, glm::dvec3(p));
  }
  if (!std::isfinite(lo.x + lo.y + lo.z + hi.x + hi.y + hi.z)) return "a vertex is not finite";
  const double radius = 0.5 * glm::length(hi - lo);  // in double: cannot overflow here
  const double centre = glm::length(lo + (hi - lo) * 0.5);
  if (radius == 0.0) return {};  // one point: framed as a dot
  if (radius > kMaxFramedRadius)
    return "its extent " + Number(2 * radius) + " is beyond the " + Number(2 * kMaxFramedRadius) +
           " the camera frames";
  if (radius < kMinFramedRadius)
    return "its extent " + Number(2 * radius) + " is below the " + Number(2 * kMinFramedRadius) +
           " the camera frames";
  if (radius < centre * kMinRadiusPerDistance)
    return "its extent " + Number(2 * radius) + " is below float precision at its distance " +
           Number(centre) + " from the origin";
  return {};
}

}  // namespace partlab

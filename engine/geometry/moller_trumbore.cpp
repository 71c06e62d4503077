#include "engine/geometry/moller_trumbore.h"

namespace partlab {
namespace {
struct Vec3d {
  double x, y, z;
};
Vec3d ToDouble(const glm::vec3& a) {
  return {a.x, a.y, a.z};
}
Vec3d Sub(const Vec3d& a, const Vec3d& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
double Dot(const Vec3d& a, const Vec3d& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
Vec3d Cross(const Vec3d& a, const Vec3d& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
}  // namespace

// Line numbers refer to the listing in the paper's "Formato algorítmico".
PaperCollision PaperRayTriangle(const Ray& ray, std::span<const Triangle> triangles) {
  const double margem_de_erro = 0.000001;  // 04
  PaperCollision resultado;                // 06-07
  const Vec3d origem = ToDouble(ray.origin);
  const Vec3d direcao = ToDouble(ray.direction);
  for (size_t i = 0; i < triangles.size(); i++) {  // 09
    const Vec3d v0 = ToDouble(triangles[i].v0);
    const Vec3d e1 = Sub(ToDouble(triangles[i].v1), v0);  // 12
    const Vec3d e2 = Sub(ToDouble(triangles[i].v2), v0);  // 13
    const Vec3d p = Cross(direcao, e2);                   // 14
    const double div = Dot(p, e1);                        // 16
    if (div < margem_de_erro) continue;                   // 17: one-sided (quirk 1)
    const Vec3d r = Sub(origem, v0);                      // 19
    const double u = Dot(r, p);                           // 20
    if (u < 0 || u > div) continue;                       // 21
    const Vec3d q = Cross(r, e1);                         // 23
    const double v = Dot(direcao, q);                     // 24
    if (v < 0 || u + v > div) continue;                   // 25
    const double t = std::fabs(Dot(e2, q) / div);         // 27: fabs (quirk 2)
    if (t < resultado.distance || !resultado.hit) {       // 28
      resultado.hit = true;                               // 30
      resultado.distance = t;                             // 31
      resultado.triangle = static_cast<int>(i);
    }
  }
  return resultado;
}

}  // namespace partlab

#include "engine/dynamics/scene_file.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/io/bounded_file.h"
#include "engine/text/translatable.h"

namespace partlab::dynamics {
namespace {

std::vector<std::string> Split(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    const size_t end = std::min(s.find(sep, start), s.size());
    out.emplace_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

bool Number(const std::string& s, double& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && std::isfinite(out);
}

bool Vector(const std::string& s, size_t n, std::vector<double>& out) {
  out.clear();
  for (const std::string& part : Split(s, ',')) {
    double v;
    if (!Number(part, v)) return false;
    out.push_back(v);
  }
  return out.size() == n;
}

// One body line's keys (after "box" or "sphere"); "" or the problem.
std::string ParseBody(Shape shape, const std::vector<std::string>& words, size_t first,
                      BodyDesc& d) {
  d = BodyDesc{};
  d.shape = shape;
  bool has_size = false, has_mass = false;
  std::vector<double> v;
  for (size_t i = first; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "static") {
      d.is_static = true;
      continue;
    }
    const size_t eq = w.find('=');
    if (eq == std::string::npos) return FormatText(N_("expected key=value, got '%s'"), w.c_str());
    const std::string key = w.substr(0, eq), value = w.substr(eq + 1);
    auto vec3 = [&](glm::dvec3& out) -> std::string {
      if (!Vector(value, 3, v))
        return FormatText(N_("%s needs three finite numbers x,y,z"), key.c_str());
      out = {v[0], v[1], v[2]};
      return "";
    };
    std::string problem;
    if (key == "half" && shape == Shape::kBox) {
      problem = vec3(d.half);
      has_size = true;
    } else if (key == "radius" && shape == Shape::kSphere) {
      if (!Number(value, d.radius)) problem = LookUpText(N_("radius needs a finite number"));
      has_size = true;
    } else if (key == "mass") {
      if (!Number(value, d.mass)) problem = LookUpText(N_("mass needs a finite number"));
      has_mass = true;
    } else if (key == "pos") {
      problem = vec3(d.position);
    } else if (key == "vel") {
      problem = vec3(d.velocity);
    } else if (key == "angvel") {
      problem = vec3(d.angular_velocity);
    } else if (key == "rot") {
      if (!Vector(value, 4, v)) {
        problem = LookUpText(N_("rot needs axis and degrees: ax,ay,az,deg"));
      } else {
        const glm::dvec3 axis(v[0], v[1], v[2]);
        if (glm::length(axis) < 1e-12)
          problem = LookUpText(N_("rot's axis is zero"));
        else
          d.orientation = glm::angleAxis(glm::radians(v[3]), glm::normalize(axis));
      }
    } else if (key == "restitution") {
      if (!Number(value, d.restitution))
        problem = LookUpText(N_("restitution needs a finite number"));
    } else if (key == "name") {
      d.name = value;
    } else {
      problem = FormatText(shape == Shape::kBox ? N_("unknown key '%s' for a box")
                                                : N_("unknown key '%s' for a sphere"),
                           key.c_str());
    }
    if (!problem.empty()) return problem;
  }
  if (!has_size)
    return LookUpText(shape == Shape::kBox ? N_("box needs half=hx,hy,hz")
                                           : N_("sphere needs radius=r"));
  if (!has_mass && !d.is_static) return LookUpText(N_("needs mass=m (or 'static')"));
  return "";
}

// A directive of the world (not a body); "" or the problem.
std::string ParseSetting(const std::vector<std::string>& w, SceneFile& out) {
  DynamicsParams& p = out.params;
  const std::string& key = w[0];
  auto one = [&](double& v, double lo, double hi, const char* what) -> std::string {
    if (w.size() != 2 || !Number(w[1], v))
      return FormatText(N_("%s needs one number"), key.c_str());
    if (v < lo || v > hi)
      return FormatText(N_("%s must be in [%s, %s] %s"), key.c_str(), std::to_string(lo).c_str(),
                        std::to_string(hi).c_str(), LookUpText(what));
    return "";
  };
  if (key == "gravity") {
    std::vector<double> v(3);
    if (w.size() != 4 || !Number(w[1], v[0]) || !Number(w[2], v[1]) || !Number(w[3], v[2]))
      return LookUpText(N_("gravity needs three numbers gx gy gz"));
    p.gravity = {v[0], v[1], v[2]};
    return "";
  }
  if (key == "timestep") {
    double dt;
    if (w.size() != 2 || !Number(w[1], dt)) return LookUpText(N_("timestep needs one number"));
    if (!(dt > 0) || dt > 1) return LookUpText(N_("timestep must be in (0, 1] seconds"));
    p.dt = dt;
    return "";
  }
  if (key == "integrator") {
    if (w.size() != 2 || !ParseIntegrator(w[1], p.integrator))
      return LookUpText(N_("integrator must be rk4, semi-implicit or euler"));
    return "";
  }
  if (key == "restitution-combine") {
    if (w.size() != 2 || !ParseRestitutionCombine(w[1], p.impulses.combine))
      return LookUpText(N_("restitution-combine must be max, min or mean"));
    return "";
  }
  if (key == "friction") return one(p.impulses.friction, 0, 10, N_("(Coulomb mu; 0 = off)"));
  if (key == "lcp") {
    if (w.size() != 2 || (w[1] != "on" && w[1] != "off"))
      return LookUpText(N_("lcp must be on or off"));
    p.resting_lcp = w[1] == "on";
    return "";
  }
  if (key == "lcp-max") {
    double n;
    std::string problem = one(n, 0, kMaxLcpSize, N_("(contacts)"));
    p.lcp_max_size = int(n);
    return problem;
  }
  if (key == "broadphase") {
    if (w.size() != 2 || !MakeBroadPhase(w[1])) {
      std::string names;
      for (std::string_view n : BroadPhaseNames())
        names += (names.empty() ? "" : ", ") + std::string(n);
      return FormatText(N_("broadphase must be one of: %s"), names.c_str());
    }
    p.broad_phase = w[1];
    return "";
  }
  return FormatText(N_("unknown directive '%s'"), key.c_str());
}

}  // namespace

bool ParseScene(std::string_view text, std::string_view file, SceneFile& out, std::string& error) {
  SceneFile scene;
  int line_no = 0;
  for (std::string line : Split(text, '\n')) {
    ++line_no;
    if (line.size() > kMaxSceneLineBytes) {
      error = std::string(file) + ":" + std::to_string(line_no) + ": " +
              FormatText(N_("line longer than %zu bytes"), size_t(kMaxSceneLineBytes));
      return false;
    }
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string word; in >> word;) w.push_back(word);
    if (w.empty()) continue;
    auto fail = [&](const std::string& problem) {
      error = std::string(file) + ":" + std::to_string(line_no) + ": " + problem;
      return false;
    };
    if (w[0] == "title" || w[0] == "title_pt") {  // title_pt: Portuguese, as lessons' *_pt keys
      const size_t at = line.find(w[0]) + w[0].size();
      (w[0] == "title" ? scene.title : scene.title_pt) = line.substr(std::min(at + 1, line.size()));
      continue;
    }
    if (w[0] == "floor" || w[0] == "plane") {
      BodyDesc d;
      d.shape = Shape::kPlane;
      d.is_static = true;
      d.name = w[0];
      std::vector<double> v;
      for (size_t i = 1; i < w.size(); ++i) {
        double x;
        if (!Number(w[i], x))
          return fail(
              FormatText(N_("%s: '%s' is not a finite number"), w[0].c_str(), w[i].c_str()));
        v.push_back(x);
      }
      if (w[0] == "floor") {
        if (v.size() > 2) return fail(LookUpText(N_("floor takes [height] [restitution]")));
        d.plane_offset = v.size() > 0 ? v[0] : 0.0;
        if (v.size() > 1) d.restitution = v[1];
      } else {
        if (v.size() != 4 && v.size() != 5)
          return fail(LookUpText(N_("plane takes nx ny nz offset [restitution]")));
        d.plane_normal = {v[0], v[1], v[2]};
        d.plane_offset = v[3];
        if (v.size() == 5) d.restitution = v[4];
      }
      RigidBody check;
      std::string why;
      if (!MakeBody(d, check, why)) return fail(why);
      if (scene.bodies.size() >= kMaxSceneBodies)
        return fail(FormatText(N_("more than %zu bodies in the scene"), size_t(kMaxSceneBodies)));
      scene.bodies.push_back(d);
      continue;
    }
    int counts[3] = {1, 1, 1};
    glm::dvec3 step(0.0);
    size_t first = 0;
    if (w[0] == "grid") {
      std::vector<double> n, d;
      if (w.size() < 4 || !Vector(w[1], 3, n) || !Vector(w[2], 3, d))
        return fail(LookUpText(N_("grid needs nx,ny,nz dx,dy,dz then a box or sphere")));
      for (int k = 0; k < 3; ++k) {
        if (n[k] < 1 || n[k] > 100 || n[k] != std::floor(n[k]))
          return fail(LookUpText(N_("grid counts must be whole numbers in [1, 100]")));
        counts[k] = int(n[k]);
      }
      if (counts[0] * counts[1] * counts[2] > 5000)
        return fail(LookUpText(N_("grid makes more than 5000 bodies")));
      step = {d[0], d[1], d[2]};
      first = 3;
    }
    if (first < w.size() && (w[first] == "box" || w[first] == "sphere")) {
      BodyDesc d;
      const Shape shape = w[first] == "box" ? Shape::kBox : Shape::kSphere;
      if (std::string problem = ParseBody(shape, w, first + 1, d); !problem.empty())
        return fail(problem);
      RigidBody check;
      std::string why;
      if (!MakeBody(d, check, why)) return fail(why);
      if (scene.bodies.size() + size_t(counts[0]) * counts[1] * counts[2] > kMaxSceneBodies)
        return fail(FormatText(N_("more than %zu bodies in the scene"), size_t(kMaxSceneBodies)));
      for (int i = 0; i < counts[0]; ++i)
        for (int j = 0; j < counts[1]; ++j)
          for (int k = 0; k < counts[2]; ++k) {
            BodyDesc copy = d;
            copy.position += glm::dvec3(i, j, k) * step;
            scene.bodies.push_back(copy);
          }
      continue;
    }
    if (first > 0) return fail(LookUpText(N_("grid must be followed by box or sphere")));
    if (std::string problem = ParseSetting(w, scene); !problem.empty()) return fail(problem);
  }
  out = std::move(scene);
  return true;
}

bool LoadSceneFile(const std::string& path, SceneFile& out, std::string& error) {
  const auto bytes = ReadBoundedFile(path, kMaxSceneBytes);
  if (!bytes) {
    error = bytes.error();
    return false;
  }
  const std::vector<uint8_t>& b = bytes.value();
  return ParseScene(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), path, out,
                    error);
}

bool BuildWorld(const SceneFile& scene, DynamicsWorld& world, std::string& note,
                std::string& error) {
  DynamicsWorld w(scene.params);
  for (size_t i = 0; i < scene.bodies.size(); ++i)
    if (!w.AddBody(scene.bodies[i], error)) {
      error = FormatText(N_("body %zu: %s"), i, error.c_str());
      return false;
    }
  if (w.SeparateInitialOverlaps(note) < 0) {
    error = note;
    note.clear();
    return false;
  }
  world = std::move(w);
  return true;
}

}  // namespace partlab::dynamics

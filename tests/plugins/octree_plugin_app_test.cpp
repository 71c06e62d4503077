// The Octree view with a ray-structure plugin, headless under xvfb-run: partlab --plugin loads the
// example BVH or its broken twin (which misses every ray with a zero direction component),
// --rays-in gives the batch rays of our own, and the rays the view names as wrong are checked
// against a brute force written here (a double-precision Möller–Trumbore over the triangles of the
// OBJ the test writes): the broken BVH is wrong exactly on the rays with a zero component that hit
// something, the right one on none; the wrong rays are drawn red on the screenshot.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <glm/geometric.hpp>
#include <iterator>
#include <random>
#include <sstream>

#include "engine/geometry/triangle.h"
#include "engine/io/rayset.h"
#include "engine/octree/octree_cost_image.h"
#include "tests/plugins/headless_app_run.h"
#include "tests/temp_path.h"

namespace partlab {
namespace {

// partlab --view Octree ARGS --screenshot PNG, headless.
AppRun RunOctree(const std::string& args, const std::string& png) {
  return RunApp(args, png, "Octree");
}

// The nearest t > 1e-6 of o + t d over the triangles, two-sided, in double; +inf for a miss.
double BruteNearest(const std::vector<Triangle>& tris, const Ray& ray) {
  const glm::dvec3 o(ray.origin), d(ray.direction);
  double best = INFINITY;
  for (const Triangle& t : tris) {
    const glm::dvec3 a(t.v0), e1 = glm::dvec3(t.v1) - a, e2 = glm::dvec3(t.v2) - a;
    const glm::dvec3 p = glm::cross(d, e2);
    const double det = glm::dot(p, e1);
    if (std::fabs(det) < 1e-12) continue;
    const glm::dvec3 r = o - a;
    const double u = glm::dot(r, p) / det;
    const glm::dvec3 q = glm::cross(r, e1);
    const double v = glm::dot(d, q) / det;
    const double dist = glm::dot(e2, q) / det;
    if (u >= 0 && v >= 0 && u + v <= 1 && dist > 1e-6 && dist < best) best = dist;
  }
  return best;
}

// 150 random triangles in a 10-unit cube, as an OBJ; 200 random rays, then 200 aimed at a
// triangle's centroid along a direction with one or two zero components.
struct Scene {
  std::vector<Triangle> tris;
  std::vector<Ray> rays;
  std::string obj = TempPath("soup.obj"), rayset = TempPath("rays.rayset");
  Scene() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> pos(0.0f, 10.0f), off(-1.0f, 1.0f), unit(-1.0f, 1.0f);
    std::ofstream out(obj);
    for (int i = 0; i < 150; ++i) {
      const glm::vec3 c(pos(rng), pos(rng), pos(rng));
      Triangle t{c + glm::vec3(off(rng), off(rng), off(rng)),
                 c + glm::vec3(off(rng), off(rng), off(rng)),
                 c + glm::vec3(off(rng), off(rng), off(rng))};
      tris.push_back(t);
      for (const glm::vec3& v : {t.v0, t.v1, t.v2})
        out << "v " << v.x << ' ' << v.y << ' ' << v.z << '\n';
      out << "f " << 3 * i + 1 << ' ' << 3 * i + 2 << ' ' << 3 * i + 3 << '\n';
    }
    out.close();
    // The OBJ's text is what the app reads: the test's triangles are the printed ones.
    tris.clear();
    std::ifstream in(obj);
    std::vector<glm::vec3> v;
    for (std::string kind; in >> kind;) {
      if (kind == "v") {
        glm::vec3 p;
        in >> p.x >> p.y >> p.z;
        v.push_back(p);
      } else {
        int a, b, c;
        in >> a >> b >> c;
        tris.push_back({v[size_t(a - 1)], v[size_t(b - 1)], v[size_t(c - 1)]});
      }
    }
    for (int i = 0; i < 200; ++i) {
      const glm::vec3 o(pos(rng) * 1.4f - 2.0f, pos(rng) * 1.4f - 2.0f, pos(rng) * 1.4f - 2.0f);
      rays.push_back({o, glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)))});
    }
    for (int i = 0; i < 200; ++i) {
      const Triangle& t = tris[size_t(i) % tris.size()];
      const glm::vec3 c = (t.v0 + t.v1 + t.v2) / 3.0f;
      glm::vec3 d(unit(rng), unit(rng), unit(rng));
      d[i % 3] = 0.0f;
      if (i % 2) d[(i + 1) % 3] = 0.0f;
      if (glm::length(d) < 0.1f) d[(i + 2) % 3] = 1.0f;
      d = glm::normalize(d);
      rays.push_back({c - 20.0f * d, d});
    }
    EXPECT_EQ(WriteRaySet(rayset, rays), "");
  }
  ~Scene() {
    std::remove(obj.c_str());
    std::remove(rayset.c_str());
  }
  // The broken BVH's mistakes by construction: a zero component, and brute force hits.
  std::vector<uint32_t> BrokenWrong() const {
    std::vector<uint32_t> wrong;
    for (size_t i = 0; i < rays.size(); ++i) {
      const glm::vec3& d = rays[i].direction;
      if ((d.x == 0 || d.y == 0 || d.z == 0) && std::isfinite(BruteNearest(tris, rays[i])))
        wrong.push_back(uint32_t(i));
    }
    return wrong;
  }
  std::string Args(const char* plugin) const {
    return std::string("--no-ui --plugin ") + plugin + " --model " + obj + " --rays-in " + rayset +
           " --preset batch";
  }
};

// Pixels of the wrong rays' colour (kWrongRay: (255, 31, 26)), not the batch's red hit points.
size_t WrongRayPixels(const std::string& png) {
  int w = 0, h = 0, n = 0;
  unsigned char* p = stbi_load(png.c_str(), &w, &h, &n, 3);
  EXPECT_NE(p, nullptr) << png;
  if (!p) return 0;
  size_t count = 0;
  for (int i = 0; i < w * h; ++i) count += p[3 * i] > 220 && p[3 * i + 1] < 50 && p[3 * i + 2] < 45;
  stbi_image_free(p);
  return count;
}

std::string CheckLine(const std::string& name, const std::vector<uint32_t>& wrong, size_t rays) {
  std::ostringstream want;
  want << "partlab: octree plugin check: " << name << ": " << wrong.size() << " of " << rays
       << " rays wrong";
  for (size_t i = 0; i < wrong.size() && i < 20; ++i)
    want << (i == 0 ? "; first: " : " ") << wrong[i];
  want << '\n';
  return want.str();
}

TEST(OctreePluginApp, BrokenBvhIsWrongExactlyOnTheRaysBruteForceSays) {
  const Scene scene;
  const std::vector<uint32_t> wrong = scene.BrokenWrong();
  ASSERT_GT(wrong.size(), 50u);  // the scene gives the bug something to miss
  const std::string png = TempPath("octree_broken.png");
  const AppRun run = RunOctree(scene.Args(PARTLAB_BVH_BROKEN_PLUGIN), png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const std::string want = CheckLine("bvh_broken", wrong, scene.rays.size());
  EXPECT_NE(run.out.find(want), std::string::npos) << want << run.out << run.err;
  EXPECT_GT(WrongRayPixels(png), 200u);  // the wrong rays are drawn red
  std::remove(png.c_str());
}

TEST(OctreePluginApp, RightBvhHasNoWrongRayAndNothingRed) {
  const Scene scene;
  const std::string png = TempPath("octree_right.png");
  const AppRun run = RunOctree(scene.Args(PARTLAB_BVH_PLUGIN), png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find(CheckLine("bvh", {}, scene.rays.size())), std::string::npos) << run.out;
  EXPECT_LT(WrongRayPixels(png), 20u);
  std::remove(png.c_str());
}

}  // namespace
}  // namespace partlab

namespace partlab {
namespace {

// The panel's click on a wrong ray, as a lesson's aim-wrong-ray: the probe is aimed along the
// broken BVH's first wrong ray, and probe-plugin-wrong (brute force on the probe's ray) holds; on
// the right BVH's default probe ray the same check fails the export.
TEST(OctreePluginApp, AimingAtAWrongRayShowsThePluginWrongOnTheProbe) {
  const Scene scene;
  const std::string lesson = TempPath("aim.toml"), out = TempPath("aim_out");
  const auto write = [&](const char* plugin, const char* preset, const char* actions) {
    std::ofstream f(lesson);
    f << "title = \"t\"\nsource = \"test\"\nsummary = \"s\"\n\n[[step]]\ntitle = \"a\"\n"
      << "view = \"Octree\"\nflags = [\"--model\", \"" << scene.obj << "\", \"--rays-in\", \""
      << scene.rayset << "\", \"--preset\", \"" << preset << "\", \"--ray-plugin\", \"" << plugin
      << "\"]\nactions = [" << actions << "]\nchecks = [\"probe-plugin-wrong\"]\n"
      << "caption = \"c\"\n";
  };
  const auto run = [&](const char* plugin) {
    return std::system(("xvfb-run -a -s '-screen 0 1280x720x24' " PARTLAB_APP " --plugin " +
                        std::string(plugin) + " --lesson " + lesson + " --export " + out +
                        " --size 960x540 > " + out + ".log 2>&1")
                           .c_str());
  };
  write("bvh_broken", "batch", "\"aim-wrong-ray 0\"");
  EXPECT_EQ(run(PARTLAB_BVH_BROKEN_PLUGIN), 0) << Slurp(out + ".log");
  write("bvh", "ray", "");
  EXPECT_NE(run(PARTLAB_BVH_PLUGIN), 0);
  EXPECT_NE(Slurp(out + ".log").find("check 'probe-plugin-wrong' failed"), std::string::npos);
  std::filesystem::remove_all(out);
  std::remove(lesson.c_str());
}

}  // namespace
}  // namespace partlab

namespace partlab {
namespace {

// Pixels whose colour is on the heatmap's ramp above its bottom tenth (a ray that did some work),
// within 4 levels per channel of one of 512 samples of CostRampColor.
size_t RampPixels(const std::string& png, size_t* total) {
  int w = 0, h = 0, n = 0;
  unsigned char* p = stbi_load(png.c_str(), &w, &h, &n, 3);
  EXPECT_NE(p, nullptr) << png;
  if (!p) return 0;
  std::vector<glm::ivec3> ramp;
  for (int k = 51; k <= 511; ++k) {
    const Color c = CostRampColor(float(k) / 511.0f);
    ramp.push_back(glm::ivec3(glm::round(glm::vec3(c.r, c.g, c.b) * 255.0f)));
  }
  size_t count = 0;
  for (int i = 0; i < w * h; ++i) {
    const glm::ivec3 px(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    for (const glm::ivec3& r : ramp) {
      const glm::ivec3 d = glm::abs(px - r);
      if (d.x <= 4 && d.y <= 4 && d.z <= 4) {
        ++count;
        break;
      }
    }
  }
  stbi_image_free(p);
  *total = size_t(w) * size_t(h);
  return count;
}

// The heatmap with the BVH chosen is the BVH's cost: the view prints its mean nodes per ray (the
// per-ray counts are checked against the plugin's own intersect_traced in
// plugin_cost_image_test.cpp), no ray broke the contract, and the screenshot is covered by the
// ramp.
TEST(OctreePluginApp, HeatmapShowsTheBvhsNodesVisited) {
  const Scene scene;
  const std::string png = TempPath("octree_heatmap_bvh.png");
  const AppRun run = RunOctree(std::string("--no-ui --plugin ") + PARTLAB_BVH_PLUGIN + " --model " +
                                   scene.obj + " --preset heatmap",
                               png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  const size_t at = run.out.find("partlab: octree heatmap plugin bvh: ");
  ASSERT_NE(at, std::string::npos) << run.out;
  int w = 0, h = 0, bad = -1;
  unsigned max = 0;
  double mean = 0;
  ASSERT_EQ(std::sscanf(run.out.c_str() + at,
                        "partlab: octree heatmap plugin bvh: %dx%d rays: mean nodes %lf (max %u), "
                        "%d bad rays",
                        &w, &h, &mean, &max, &bad),
            5)
      << run.out;
  EXPECT_EQ(w, 320);  // --preset heatmap traces a quarter of the pixels per axis of 1280x720
  EXPECT_EQ(h, 180);
  EXPECT_GT(mean, 0.0);
  EXPECT_GT(double(max), mean);
  EXPECT_EQ(bad, 0);
  size_t total = 0;
  const size_t ramp = RampPixels(png, &total);
  EXPECT_GT(ramp, total / 10) << png;  // the soup is covered by the ramp: not an empty heatmap
  std::remove(png.c_str());
}

// A plugin without intersect_traced: one line saying so, and neither the octree's cost nor an
// empty heatmap in its place (the scene is drawn as without the heatmap).
TEST(OctreePluginApp, PluginWithoutTracedSaysSoInOneLine) {
  const Scene scene;
  const std::string png = TempPath("octree_heatmap_untraced.png");
  const AppRun run = RunOctree(std::string("--no-ui --plugin ") + PARTLAB_UNTRACED_RAYS_PLUGIN +
                                   " --model " + scene.obj + " --preset heatmap",
                               png);
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find(
                "partlab: octree heatmap: untraced has no intersect_traced: no heatmap for it\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("rays: mean"), std::string::npos) << run.out;  // no cost was coloured
  size_t total = 0;
  const size_t ramp = RampPixels(png, &total);
  EXPECT_GT(total, 0u);
  EXPECT_LT(ramp, total / 100) << png;
  std::remove(png.c_str());
}

}  // namespace
}  // namespace partlab

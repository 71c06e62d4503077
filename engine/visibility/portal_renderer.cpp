#include "engine/visibility/portal_renderer.h"

#include <glm/geometric.hpp>

#include "engine/visibility/convex_clip.h"

namespace partlab {

const char* PortalVariantName(PortalVariant v) {
  return v == PortalVariant::kScreenPolygon ? "2-D windows" : "frusta";
}

namespace {

// Below these a clipped polygon is a sliver with no pixels: empty, the recursion stops.
constexpr double kMinNdcArea = 1e-10;
constexpr double kMinWorldArea = 1e-9;
// An eye this close to a portal's plane, inside its opening, is standing in the doorway: the
// neighbour is seen through the whole current view.
constexpr float kDoorway = 1e-3f;
// Portals are clipped this far in front of the eye instead of at the near plane: an eye closer
// to a door than the near plane still sees through it (the walls beyond are past the near plane).
constexpr float kPortalMinDepth = 1e-4f;

bool InOpening(const LevelPortal& p, const glm::vec3& eye) {
  const glm::vec2 q(eye.x, eye.z), d = p.b - p.a;
  const float t = glm::dot(q - p.a, d) / glm::dot(d, d);
  return t >= 0.0f && t <= 1.0f && eye.y >= p.bottom && eye.y <= p.top;
}

class Recursion {
 public:
  Recursion(const IndoorLevel& level, const PortalCamera& camera, PortalVariant variant,
            PortalRenderResult* out, uint32_t max_depth, const uint8_t* pvs_row)
      : level_(level),
        camera_(camera),
        variant_(variant),
        out_(*out),
        frustum_(camera.view_projection),
        max_depth_(max_depth),
        pvs_row_(pvs_row) {}

  void Run(uint32_t cell) {
    const int32_t root = NewNode(-1, -1, cell, 0);
    if (variant_ == PortalVariant::kScreenPolygon) {
      for (const glm::vec2 c :
           {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)})
        out_.windows.push_back(c);
    } else {
      for (const Plane& p : frustum_.planes()) out_.planes.push_back(p);
    }
    CloseView(root);
    Render(root);
  }

 private:
  int32_t NewNode(int32_t parent, int32_t portal, uint32_t cell, uint32_t depth) {
    PortalNode node;
    node.parent = parent;
    node.portal = portal;
    node.cell = cell;
    node.depth = depth;
    node.first_view = uint32_t(variant_ == PortalVariant::kScreenPolygon ? out_.windows.size()
                                                                         : out_.planes.size());
    node.first_outline = uint32_t(out_.portal_outlines.size());
    out_.nodes.push_back(node);
    return int32_t(out_.nodes.size() - 1);
  }

  void CloseView(int32_t n) {
    PortalNode& node = out_.nodes[size_t(n)];
    node.view_count = uint32_t(variant_ == PortalVariant::kScreenPolygon ? out_.windows.size()
                                                                         : out_.planes.size()) -
                      node.first_view;
    node.outline_count = uint32_t(out_.portal_outlines.size()) - node.first_outline;
  }

  // render(célula, câmera, view): every polygon clipped to the view, then every portal.
  void Render(int32_t n) {
    const uint32_t cell = out_.nodes[size_t(n)].cell;
    if (!out_.cell_visited[cell]) ++out_.cells_visited;
    out_.cell_visited[cell] = 1;
    const LevelCell& c = level_.cells[cell];
    for (uint32_t p = c.first_polygon; p < c.first_polygon + c.polygon_count; ++p) {
      ++out_.polygon_tests;
      if (!Visible(n, level_.PolygonVertices(p))) continue;
      ++out_.nodes[size_t(n)].polygons_drawn;
      if (!out_.polygon_drawn[p]) out_.drawn.push_back(p);
      out_.polygon_drawn[p] = 1;
    }
    if (out_.nodes[size_t(n)].depth >= max_depth_) {
      out_.depth_limited = true;
      return;
    }
    for (const PortalLink& link : level_.LinksOf(cell)) {
      if (link.portal == uint32_t(out_.nodes[size_t(n)].portal)) continue;  // the way back
      if (pvs_row_ && !pvs_row_[link.neighbour]) {  // the PVS says it cannot be seen from here
        ++out_.pvs_rejected;
        continue;
      }
      ++out_.portal_tests;
      const float side = link.outward.Distance(camera_.eye);
      const LevelPortal& portal = level_.portals[link.portal];
      const bool doorway = std::abs(side) <= kDoorway && InOpening(portal, camera_.eye);
      if (side > 0.0f && !doorway) continue;  // seen from behind: it leads back towards the eye
      const int32_t child =
          NewNode(n, int32_t(link.portal), link.neighbour, out_.nodes[size_t(n)].depth + 1);
      const bool open = doorway ? CopyView(n) : NarrowView(n, portal, link);
      CloseView(child);
      if (open) {
        Render(child);
      } else {
        Forget(child);  // an empty view: no call of render()
      }
    }
  }

  void Forget(int32_t n) {
    const PortalNode node = out_.nodes[size_t(n)];
    out_.windows.resize(variant_ == PortalVariant::kScreenPolygon ? node.first_view
                                                                  : out_.windows.size());
    out_.planes.resize(variant_ == PortalVariant::kFrustum ? node.first_view : out_.planes.size());
    out_.portal_outlines.resize(node.first_outline);
    out_.nodes.pop_back();
  }

  // First the backface test of section 3.2.3.1 ("um método de culling não anula outro"): the
  // walls face into their cell, so a wall seen from behind is the back of what a neighbour
  // shows, or lies in the plane of the portal just crossed. Then 2-D: the polygon projected
  // (clipped at the near and far planes first) and clipped by the window; frustum: clipped by
  // every plane. Visible when something with area is left.
  bool Visible(int32_t n, std::span<const glm::vec3> polygon) {
    const glm::vec3 normal = glm::cross(polygon[1] - polygon[0], polygon[2] - polygon[0]);
    if (glm::dot(normal, camera_.eye - polygon[0]) <= 0.0f) {
      ++out_.backfaces;
      return false;
    }
    const PortalNode& node = out_.nodes[size_t(n)];
    if (variant_ == PortalVariant::kScreenPolygon) {
      Project(polygon, false, &screen_);
      ClipToWindow(screen_, Window(node), &clipped2_);
      return std::abs(SignedArea(clipped2_)) > kMinNdcArea;
    }
    ClipByFrustum(node, polygon, false, &clipped3_);
    return Area(clipped3_) > kMinWorldArea;
  }

  Polygon2 Window(const PortalNode& node) const {
    Polygon2 w;
    for (uint32_t i = 0; i < node.view_count; ++i) w.push_back(out_.windows[node.first_view + i]);
    return w;
  }

  void Project(std::span<const glm::vec3> polygon, bool portal, Polygon2* screen) {
    homogeneous_.clear();
    for (const glm::vec3& p : polygon)
      homogeneous_.push_back(camera_.view_projection * glm::vec4(p, 1.0f));
    if (portal)
      ClipEyeFar(homogeneous_, kPortalMinDepth, &near_far_);
    else
      ClipNearFar(homogeneous_, &near_far_);
    screen->clear();
    for (uint32_t i = 0; i < near_far_.n; ++i) {
      const glm::vec4& h = near_far_.v[i];
      screen->push_back(glm::vec2(h) / h.w);
    }
  }

  // A portal is clipped by every plane but the near one, which is replaced by the eye's own
  // (kPortalMinDepth in front of it).
  void ClipByFrustum(const PortalNode& node, std::span<const glm::vec3> polygon, bool portal,
                     Polygon3* out) {
    Polygon3 a, b;
    for (const glm::vec3& p : polygon) a.push_back(p);
    const Plane& near_plane = frustum_.planes()[kNear];
    for (uint32_t i = 0; i < node.view_count && a.n > 0; ++i) {
      Plane plane = out_.planes[node.first_view + i];
      if (portal && plane.n == near_plane.n && plane.d == near_plane.d)
        plane.d = -glm::dot(plane.n, camera_.eye) - kPortalMinDepth;
      ClipByPlane(a, plane, &b);
      a = b;
    }
    *out = a;
  }

  bool CopyView(int32_t parent) {
    const PortalNode node = out_.nodes[size_t(parent)];
    for (uint32_t i = 0; i < node.view_count; ++i) {
      if (variant_ == PortalVariant::kScreenPolygon)
        out_.windows.push_back(out_.windows[node.first_view + i]);
      else
        out_.planes.push_back(out_.planes[node.first_view + i]);
    }
    return true;
  }

  // The new view: the portal's window intersected with the current one, or the planes from the
  // eye through the edges of the portal clipped by the current frustum.
  bool NarrowView(int32_t parent, const LevelPortal& portal, const PortalLink& link) {
    const PortalNode node = out_.nodes[size_t(parent)];
    ClipByFrustumOrNearFar(node, portal);
    if (variant_ == PortalVariant::kScreenPolygon) {
      Project(portal.quad, true, &screen_);
      ClipToWindow(screen_, Window(node), &clipped2_);
      if (std::abs(SignedArea(clipped2_)) <= kMinNdcArea) return false;
      const bool ccw = SignedArea(clipped2_) > 0.0;
      for (uint32_t i = 0; i < clipped2_.n; ++i)
        out_.windows.push_back(clipped2_.v[ccw ? i : clipped2_.n - 1 - i]);
      return true;
    }
    if (Area(clipped3_) <= kMinWorldArea) return false;
    glm::vec3 centre(0.0f);
    for (uint32_t i = 0; i < clipped3_.n; ++i) centre += clipped3_.v[i] / float(clipped3_.n);
    for (uint32_t i = 0; i < clipped3_.n; ++i) {
      const glm::vec3 a = clipped3_.v[i] - camera_.eye;
      const glm::vec3 b = clipped3_.v[(i + 1) % clipped3_.n] - camera_.eye;
      glm::vec3 normal = glm::cross(a, b);
      const float len = glm::length(normal);
      if (len <= 1e-12f * glm::length(a) * glm::length(b)) continue;  // an edge seen end-on
      normal /= len;
      if (glm::dot(normal, centre - camera_.eye) < 0.0f) normal = -normal;
      out_.planes.push_back({normal, -glm::dot(normal, camera_.eye)});
    }
    out_.planes.push_back(frustum_.planes()[kNear]);
    out_.planes.push_back(frustum_.planes()[kFar]);
    out_.planes.push_back(link.outward);  // beyond the portal: the neighbour's side
    return true;
  }

  // The portal as the god view shows it: clipped by the current frustum (frustum variant) or by
  // the camera's own frustum (2-D variant, whose window lives on the screen).
  void ClipByFrustumOrNearFar(const PortalNode& node, const LevelPortal& portal) {
    if (variant_ == PortalVariant::kFrustum) {
      ClipByFrustum(node, portal.quad, true, &clipped3_);
    } else {
      Polygon3 a, b;
      for (const glm::vec3& p : portal.quad) a.push_back(p);
      for (int k = 0; k < 6; ++k) {
        Plane pl = frustum_.planes()[k];
        if (k == kNear) pl.d = -glm::dot(pl.n, camera_.eye) - kPortalMinDepth;
        ClipByPlane(a, pl, &b);
        a = b;
      }
      clipped3_ = a;
    }
    for (uint32_t i = 0; i < clipped3_.n; ++i) out_.portal_outlines.push_back(clipped3_.v[i]);
  }

  const IndoorLevel& level_;
  const PortalCamera& camera_;
  PortalVariant variant_;
  PortalRenderResult& out_;
  Frustum frustum_;
  uint32_t max_depth_;
  const uint8_t* pvs_row_;  // null: every neighbour may be visible
  Polygon2 screen_, clipped2_;
  Polygon3 clipped3_;
  Polygon4 homogeneous_, near_far_;
};

}  // namespace

void RenderPortals(const IndoorLevel& level, const PortalCamera& camera, PortalVariant variant,
                   PortalRenderResult* result, uint32_t max_depth) {
  RenderPortalsWithPvs(level, camera, variant, nullptr, result, max_depth);
}

void RenderPortalsWithPvs(const IndoorLevel& level, const PortalCamera& camera,
                          PortalVariant variant, const uint8_t* pvs_row, PortalRenderResult* result,
                          uint32_t max_depth) {
  PortalRenderResult& r = *result;
  r.nodes.clear();
  r.windows.clear();
  r.planes.clear();
  r.portal_outlines.clear();
  r.drawn.clear();
  r.cell_visited.assign(level.cells.size(), 0);
  r.polygon_drawn.assign(level.polygons.size(), 0);
  r.cells_visited = r.polygon_tests = r.portal_tests = r.backfaces = r.pvs_rejected = 0;
  r.depth_limited = false;
  r.start_cell = level.CellAt(camera.eye);
  if (r.start_cell >= 0)
    Recursion(level, camera, variant, result, max_depth, pvs_row).Run(r.start_cell);
  r.polygons_drawn = r.drawn.size();
  r.polygons_culled = level.polygons.size() - r.polygons_drawn;
}

// The usual conservative test: a polygon is outside when all its vertices are outside one plane
// (a polygon across a frustum corner is kept although it misses it).
size_t FrustumCullPolygons(const IndoorLevel& level, const Frustum& frustum, const glm::vec3& eye,
                           bool cull_backfaces, const uint8_t* cell_mask,
                           std::vector<uint8_t>* drawn) {
  drawn->assign(level.polygons.size(), 0);
  size_t count = 0;
  for (size_t p = 0; p < level.polygons.size(); ++p) {
    if (cell_mask && !cell_mask[level.polygons[p].cell]) continue;
    const auto v = level.PolygonVertices(p);
    if (cull_backfaces && glm::dot(glm::cross(v[1] - v[0], v[2] - v[0]), eye - v[0]) <= 0.0f)
      continue;
    bool outside = false;
    for (const Plane& pl : frustum.planes()) {
      outside = true;
      for (const glm::vec3& q : v) outside = outside && pl.Distance(q) < 0.0f;
      if (outside) break;
    }
    (*drawn)[p] = !outside;
    count += !outside;
  }
  return count;
}

}  // namespace partlab

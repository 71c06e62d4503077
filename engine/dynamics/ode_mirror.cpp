#include "engine/dynamics/ode_mirror.h"

#include <ode/ode.h>

#include <algorithm>
#include <ctime>
#include <vector>

#include "engine/broadphase/adapters/ode_init.h"

#include "engine/thread_cpu_clock.h"

namespace partlab::dynamics {
namespace {

dGeomID MakeGeom(const RigidBody& b) {
  dGeomID g = nullptr;
  switch (b.shape) {
    case Shape::kPlane:
      return dCreatePlane(nullptr, b.plane_normal.x, b.plane_normal.y, b.plane_normal.z,
                          b.plane_offset);
    case Shape::kBox:
      g = dCreateBox(nullptr, 2 * b.half.x, 2 * b.half.y, 2 * b.half.z);
      break;
    case Shape::kSphere:
      g = dCreateSphere(nullptr, b.radius);
      break;
  }
  dGeomSetPosition(g, b.x.x, b.x.y, b.x.z);
  const dQuaternion q = {b.q.w, b.q.x, b.q.y, b.q.z};
  dGeomSetQuaternion(g, q);
  return g;
}

}  // namespace

int OdeCollide(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
               std::vector<Contact>& out) {
  if (A.IsStatic() && B.IsStatic()) return 0;
  EnsureOdeInitialised();
  dGeomID ga = MakeGeom(A), gb = MakeGeom(B);
  dContactGeom c[8];
  // dCollide wants a plane second: swap, and turn the normal around, when A is the plane.
  const bool swap = A.shape == Shape::kPlane;
  const int n = swap ? dCollide(gb, ga, 8, c, sizeof(dContactGeom))
                     : dCollide(ga, gb, 8, c, sizeof(dContactGeom));
  dGeomDestroy(ga);
  dGeomDestroy(gb);
  for (int i = 0; i < n; ++i) {
    Contact k;
    k.A = &A;
    k.B = &B;
    k.a = ia;
    k.b = ib;
    k.P = {c[i].pos[0], c[i].pos[1], c[i].pos[2]};
    // ODE's normal points into the first geom: out of the second, towards the first.
    const glm::dvec3 n1(c[i].normal[0], c[i].normal[1], c[i].normal[2]);
    k.N = swap ? -n1 : n1;
    k.depth = c[i].depth;
    k.kind = ContactKind::kVertexFace;
    out.push_back(k);
  }
  (void)margin;
  return n;
}

struct OdeMirror::Impl {
  dWorldID world = nullptr;
  dSpaceID space = nullptr;
  dJointGroupID group = nullptr;
  std::vector<dBodyID> bodies;
  std::vector<dGeomID> geoms;       // one per scene body, in the scene's order
  std::vector<double> restitution;  // per geom, through dGeomSetData's index
  RestitutionCombine combine = RestitutionCombine::kMax;
  double friction = 0;
  int contacts = 0;

  static void NearCallback(void* data, dGeomID a, dGeomID b) {
    auto* self = static_cast<Impl*>(data);
    dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
    if (!ba && !bb) return;
    dContact c[8];
    const int n = dCollide(a, b, 8, &c[0].geom, sizeof(dContact));
    const double e = CombineRestitution(self->restitution[size_t(dGeomGetData(a))],
                                        self->restitution[size_t(dGeomGetData(b))], self->combine);
    for (int i = 0; i < n; ++i) {
      dSurfaceParameters& s = c[i].surface;
      s.mode = dContactBounce | (self->friction > 0 ? dContactApprox1 : 0);
      s.mu = self->friction > 0 ? self->friction : 0;
      s.bounce = e;
      s.bounce_vel = 0.05;  // as our bounce threshold
      dJointID j = dJointCreateContact(self->world, self->group, &c[i]);
      dJointAttach(j, ba, bb);
    }
    self->contacts += n;
  }
};

OdeMirror::OdeMirror(const SceneFile& scene) : impl_(new Impl), dt_(scene.params.dt) {
  EnsureOdeInitialised();
  Impl& m = *impl_;
  m.world = dWorldCreate();
  m.space = dHashSpaceCreate(nullptr);
  m.group = dJointGroupCreate(0);
  m.combine = scene.params.impulses.combine;
  m.friction = scene.params.impulses.friction;
  const glm::dvec3 g = scene.params.gravity;
  dWorldSetGravity(m.world, g.x, g.y, g.z);
  dWorldSetQuickStepNumIterations(m.world, 20);
  dWorldSetAutoDisableFlag(m.world, 0);
  for (const BodyDesc& d : scene.bodies) {
    dGeomID geom = nullptr;
    if (d.shape == Shape::kPlane) {
      const glm::dvec3 n = glm::normalize(d.plane_normal);
      geom = dCreatePlane(m.space, n.x, n.y, n.z, d.plane_offset);
    } else if (d.shape == Shape::kBox) {
      geom = dCreateBox(m.space, 2 * d.half.x, 2 * d.half.y, 2 * d.half.z);
    } else {
      geom = dCreateSphere(m.space, d.radius);
    }
    dGeomSetData(geom, reinterpret_cast<void*>(m.restitution.size()));
    m.geoms.push_back(geom);
    m.restitution.push_back(d.restitution);
    if (d.shape == Shape::kPlane) continue;
    const dQuaternion q = {d.orientation.w, d.orientation.x, d.orientation.y, d.orientation.z};
    if (d.is_static) {
      dGeomSetPosition(geom, d.position.x, d.position.y, d.position.z);
      dGeomSetQuaternion(geom, q);
      continue;
    }
    dBodyID body = dBodyCreate(m.world);
    dMass mass;
    if (d.shape == Shape::kBox)
      dMassSetBoxTotal(&mass, d.mass, 2 * d.half.x, 2 * d.half.y, 2 * d.half.z);
    else
      dMassSetSphereTotal(&mass, d.mass, d.radius);
    dBodySetMass(body, &mass);
    dBodySetPosition(body, d.position.x, d.position.y, d.position.z);
    dBodySetQuaternion(body, q);
    dBodySetLinearVel(body, d.velocity.x, d.velocity.y, d.velocity.z);
    dBodySetAngularVel(body, d.angular_velocity.x, d.angular_velocity.y, d.angular_velocity.z);
    dGeomSetBody(geom, body);
    m.bodies.push_back(body);
  }
}

OdeMirror::~OdeMirror() {
  dJointGroupDestroy(impl_->group);
  dSpaceDestroy(impl_->space);  // destroys its geoms
  dWorldDestroy(impl_->world);
  delete impl_;
}

OdeMirrorStep OdeMirror::Step() {
  OdeMirrorStep s;
  const double t0 = ThreadCpuMs();
  impl_->contacts = 0;
  dSpaceCollide(impl_->space, impl_, &Impl::NearCallback);
  dWorldQuickStep(impl_->world, dt_);
  dJointGroupEmpty(impl_->group);
  s.ms = ThreadCpuMs() - t0;
  s.contacts = impl_->contacts;
  return s;
}

void OdeMirror::Poses(std::vector<glm::dvec3>& positions,
                      std::vector<glm::dquat>& orientations) const {
  positions.resize(impl_->geoms.size());
  orientations.resize(impl_->geoms.size());
  for (size_t i = 0; i < impl_->geoms.size(); ++i) {
    dGeomID g = impl_->geoms[i];
    if (dGeomGetClass(g) == dPlaneClass) continue;  // planes have no pose
    const dReal* p = dGeomGetPosition(g);
    dQuaternion q;
    dGeomGetQuaternion(g, q);
    positions[i] = {p[0], p[1], p[2]};
    orientations[i] = glm::dquat(q[0], q[1], q[2], q[3]);
  }
}

double OdeMirror::KineticEnergy() const {
  double k = 0;
  for (dBodyID b : impl_->bodies) {
    dMass m;
    dBodyGetMass(b, &m);
    const dReal* v = dBodyGetLinearVel(b);
    k += 0.5 * m.mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  }
  return k;
}

}  // namespace partlab::dynamics

/* A real simulation recorded with partlab/record.h: boxes dropped one after another onto a
 * floor with ODE (Debian's libode-dev), each removed again after a while, so ids come and go.
 * Every step it records each live box's AABB (ODE's own, dGeomGetAABB) and the pairs ODE's hash
 * space reported to dSpaceCollide's callback (the game's own broad-phase answer, as a sidecar).
 *
 *     partlab_ode_record OUT.aabbtrc [OUT.pairs] [FRAMES]
 *
 * then: partlab-bench broadphase --trace OUT.aabbtrc --plugin ./libmine.so
 */
#include <ode/ode.h>
#include <stdio.h>
#include <stdlib.h>

#define PARTLAB_RECORD_IMPLEMENTATION
#include "partlab/record.h"

#define MAX_BOXES 160u /* ids 0..159, reused by nobody: each box keeps its own */
#define SPAWN_EVERY 2u /* frames between two new boxes */
#define LIFETIME 200u  /* frames a box lives */
#define MAX_CONTACTS 4

typedef struct scene {
  dWorldID world;
  dSpaceID space;
  dJointGroupID contacts;
  dGeomID geoms[MAX_BOXES]; /* NULL: not spawned yet, or removed */
  partlab_recorder* rec;
} scene;

/* ODE's hash space calls this for every pair whose AABBs overlap: the game's broad phase. */
static void near_callback(void* data, dGeomID a, dGeomID b) {
  scene* s = (scene*)data;
  dContact contact[MAX_CONTACTS];
  dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
  int i, n;
  if (ba && bb) /* two boxes (the floor has no body): record ODE's pair */
    partlab_record_pair(s->rec, (uint32_t)(size_t)dGeomGetData(a),
                        (uint32_t)(size_t)dGeomGetData(b));
  n = dCollide(a, b, MAX_CONTACTS, &contact[0].geom, sizeof(dContact));
  for (i = 0; i < n; ++i) {
    dJointID j;
    contact[i].surface.mode = dContactBounce;
    contact[i].surface.mu = 0.6;
    contact[i].surface.bounce = 0.2;
    contact[i].surface.bounce_vel = 0.1;
    j = dJointCreateContact(s->world, s->contacts, &contact[i]);
    dJointAttach(j, ba, bb);
  }
}

static void spawn(scene* s, uint32_t id) {
  dMass m;
  dBodyID body = dBodyCreate(s->world);
  const double side = 0.6 + 0.1 * (double)(id % 5);
  dGeomID g = dCreateBox(s->space, side, side, side);
  dMassSetBox(&m, 1.0, side, side, side);
  dBodySetMass(body, &m);
  /* A column of drops over a 4 x 4 area, turning as they fall. */
  dBodySetPosition(body, (double)(id % 4) - 1.5 + 0.1 * (double)(id % 3),
                   6.0 + 0.05 * (double)(id % 7), (double)((id / 4) % 4) - 1.5);
  dBodySetAngularVel(body, 0.3 * (double)(id % 3), 0.2, 0.1 * (double)(id % 2));
  dGeomSetBody(g, body);
  dGeomSetData(g, (void*)(size_t)id);
  s->geoms[id] = g;
}

static void despawn(scene* s, uint32_t id) {
  dBodyDestroy(dGeomGetBody(s->geoms[id]));
  dGeomDestroy(s->geoms[id]);
  s->geoms[id] = NULL;
}

int main(int argc, char** argv) {
  scene s = {0};
  partlab_recorder rec;
  uint32_t frame, id, frames = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 400u;
  int status = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUT.aabbtrc [OUT.pairs] [FRAMES]\n", argv[0]);
    return 2;
  }
  dInitODE();
  s.world = dWorldCreate();
  s.space = dHashSpaceCreate(0);
  s.contacts = dJointGroupCreate(0);
  s.rec = &rec;
  dWorldSetGravity(s.world, 0, -9.81, 0);
  dCreatePlane(s.space, 0, 1, 0, 0);
  if (partlab_record_open(&rec, argv[1], MAX_BOXES, argc > 2 ? argv[2] : NULL) != 0) status = 1;
  for (frame = 0; frame < frames && status == 0; ++frame) {
    if (frame % SPAWN_EVERY == 0 && frame / SPAWN_EVERY < MAX_BOXES) spawn(&s, frame / SPAWN_EVERY);
    for (id = 0; id < MAX_BOXES; ++id) /* a box lives LIFETIME frames, then leaves */
      if (s.geoms[id] && frame >= id * SPAWN_EVERY + LIFETIME) despawn(&s, id);
    partlab_record_begin_frame(&rec);
    dSpaceCollide(s.space, &s, near_callback); /* records ODE's pairs of this frame */
    for (id = 0; id < MAX_BOXES; ++id)
      if (s.geoms[id]) {
        dReal aabb[6]; /* minx maxx miny maxy minz maxz */
        float lo[3], hi[3];
        int k;
        dGeomGetAABB(s.geoms[id], aabb);
        for (k = 0; k < 3; ++k) {
          lo[k] = (float)aabb[2 * k];
          hi[k] = (float)aabb[2 * k + 1];
        }
        partlab_record_box(&rec, id, lo, hi);
      }
    if (partlab_record_end_frame(&rec) != 0) status = 1;
    dWorldQuickStep(s.world, 1.0 / 60.0);
    dJointGroupEmpty(s.contacts);
  }
  if (partlab_record_close(&rec) != 0) status = 1;
  if (status)
    fprintf(stderr, "%s\n", partlab_record_error(&rec));
  else
    printf("wrote %s: %u boxes, %u frames\n", argv[1], MAX_BOXES, frames);
  dJointGroupDestroy(s.contacts);
  dSpaceDestroy(s.space);
  dWorldDestroy(s.world);
  dCloseODE();
  return status;
}

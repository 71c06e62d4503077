/* Plugins that are wrong on purpose, one per -D: the loader must refuse them with one line naming
 * the file, or the adapter must keep their bad answers out and report them.
 *   WRONG_ABI        abi_version 99
 *   SMALL_TABLE      struct_size smaller than version 1's table
 *   NULL_FIND_PAIRS  a required pointer left null
 *   NO_ENTRY         exports no entry point at all
 *   NULL_CREATE      create returns NULL
 *   BAD_PAIRS        loads fine, but reports an id that is no box, a box with itself, a duplicate
 *   NAN_RAYS         a ray structure answering NaN, and a triangle past the count when traced,
 *                    reporting a null and a NaN node box and more nodes than Partition Lab counts
 *   UNTRACED_RAYS    a ray structure without intersect_traced (every ray a miss) */
#include <math.h>
#include <stdlib.h>

#include "partlab/plugin.h"

static int state;
static void* create(void) {
#ifdef NULL_CREATE
  return NULL; /* cannot make an instance */
#else
  return &state;
#endif
}
static void destroy(void* self) {
  (void)self;
}
static void add(void* self, uint32_t id, const partlab_box* b) {
  (void)self;
  (void)id;
  (void)b;
}
static void remove_box(void* self, uint32_t id) {
  (void)self;
  (void)id;
}
static void move(void* self, uint32_t id, const partlab_box* b) {
  (void)self;
  (void)id;
  (void)b;
}
static void find_pairs(void* self, partlab_pair_fn emit, void* ctx) {
  (void)self;
  emit(ctx, 0, 1);
  emit(ctx, 1, 0);   /* the same pair again */
  emit(ctx, 0, 999); /* no such box */
  emit(ctx, 1, 1);   /* a box with itself */
}

#if defined(NAN_RAYS) || defined(UNTRACED_RAYS)
static int build(void* self, const float* t, uint32_t n) {
  (void)self;
  (void)t;
  (void)n;
  return 0;
}
static float intersect(const void* self, const float o[3], const float d[3]) {
  (void)self;
  (void)o;
  (void)d;
#ifdef UNTRACED_RAYS
  return INFINITY;
#else
  return (float)nan("");
#endif
}
#endif
#if defined(NAN_RAYS) || defined(UNTRACED_RAYS)
#ifdef NAN_RAYS
/* A hit at t = 1 on a triangle that does not exist (the index is far past any count), after a
 * null node box, a NaN one, and 2^20 + 5 finite ones (more than Partition Lab counts). */
static float intersect_traced(const void* self, const float o[3], const float d[3],
                              uint32_t* triangle, partlab_box_fn visited, void* ctx) {
  const partlab_box nan_box = {{(float)nan(""), 0, 0}, {1, 1, 1}};
  const partlab_box unit = {{0, 0, 0}, {1, 1, 1}};
  uint32_t i;
  (void)self;
  (void)o;
  (void)d;
  visited(ctx, NULL);
  visited(ctx, &nan_box);
  for (i = 0; i < (1u << 20) + 5u; ++i) visited(ctx, &unit);
  *triangle = 999999u;
  return 1.0f;
}
#define RAYS_NAME "nan_rays"
#define TRACED intersect_traced
#else
#define RAYS_NAME "untraced"
#define TRACED NULL
#endif
static const partlab_ray_structure_plugin kRays = {PARTLAB_PLUGIN_ABI_VERSION,
                                                   sizeof(partlab_ray_structure_plugin),
                                                   RAYS_NAME,
                                                   NULL,
                                                   create,
                                                   destroy,
                                                   build,
                                                   intersect,
                                                   NULL,
                                                   NULL,
                                                   0,
                                                   NULL,
                                                   NULL,
                                                   TRACED};
PARTLAB_PLUGIN_EXPORT const partlab_ray_structure_plugin* partlab_get_ray_structure_plugin(void) {
  return &kRays;
}
#elif !defined(NO_ENTRY)
#if defined(WRONG_ABI)
#define ABI 99u
#else
#define ABI PARTLAB_PLUGIN_ABI_VERSION
#endif
#if defined(SMALL_TABLE)
#define SIZE 16u
#else
#define SIZE sizeof(partlab_broad_phase_plugin)
#endif
#if defined(NULL_FIND_PAIRS)
#define FIND_PAIRS NULL
#else
#define FIND_PAIRS find_pairs
#endif
static const partlab_broad_phase_plugin kTable = {
    ABI,  SIZE,       "bad_pairs", NULL, create, destroy, add,  remove_box,
    move, FIND_PAIRS, NULL,        NULL, NULL,   0,       NULL, NULL};
PARTLAB_PLUGIN_EXPORT const partlab_broad_phase_plugin* partlab_get_broad_phase_plugin(void) {
  return &kTable;
}
#else
PARTLAB_PLUGIN_EXPORT int partlab_not_a_plugin(void) {
  return 42;
}
#endif

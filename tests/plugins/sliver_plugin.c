/* A broad phase whose bug shows only at a non-default parameter, for the Trace check's export
 * (engine/plugins/trace_check.h, MinimalRepro): it tests every pair of present boxes, right as
 * long as its parameter "sliver" is 0 (the default). Above 0 it drops every overlapping pair whose
 * overlap along x is thinner than the sliver, as a tolerance meant for touching boxes would if
 * applied to overlapping ones. A cut exported at sliver 0.5 must therefore still fail when
 * replayed at 0.5, and agree with brute force at the default. */
#include <stdlib.h>
#include <string.h>

#include "partlab/plugin.h"

#define SLIVER_MAX_BOXES 4096 /* the tests' traces are far smaller */

typedef struct sliver {
  partlab_box boxes[SLIVER_MAX_BOXES];
  unsigned char present[SLIVER_MAX_BOXES];
  double sliver;
} sliver;

static void* sliver_create(void) {
  return calloc(1, sizeof(sliver));
}

static void sliver_destroy(void* self) {
  free(self);
}

static void sliver_add(void* self, uint32_t id, const partlab_box* box) {
  sliver* s = (sliver*)self;
  if (id >= SLIVER_MAX_BOXES) return;
  s->boxes[id] = *box;
  s->present[id] = 1;
}

static void sliver_remove(void* self, uint32_t id) {
  sliver* s = (sliver*)self;
  if (id < SLIVER_MAX_BOXES) s->present[id] = 0;
}

static void sliver_move(void* self, uint32_t id, const partlab_box* box) {
  sliver* s = (sliver*)self;
  if (id < SLIVER_MAX_BOXES) s->boxes[id] = *box;
}

static int overlaps(const partlab_box* a, const partlab_box* b) {
  int k;
  for (k = 0; k < 3; ++k)
    if (a->min[k] > b->max[k] || b->min[k] > a->max[k]) return 0;
  return 1;
}

/* The planted bug: the overlap's width along x compared with the sliver. */
static int thinner_than_sliver(const sliver* s, const partlab_box* a, const partlab_box* b) {
  const float lo = a->min[0] > b->min[0] ? a->min[0] : b->min[0];
  const float hi = a->max[0] < b->max[0] ? a->max[0] : b->max[0];
  return (double)(hi - lo) < s->sliver;
}

static void sliver_find_pairs(void* self, partlab_pair_fn emit, void* ctx) {
  const sliver* s = (const sliver*)self;
  uint32_t a, b;
  for (a = 0; a < SLIVER_MAX_BOXES; ++a) {
    if (!s->present[a]) continue;
    for (b = a + 1; b < SLIVER_MAX_BOXES; ++b)
      if (s->present[b] && overlaps(&s->boxes[a], &s->boxes[b]) &&
          !thinner_than_sliver(s, &s->boxes[a], &s->boxes[b]))
        emit(ctx, a, b);
  }
}

static int sliver_get_param(const void* self, uint32_t i, partlab_param* out) {
  if (i != 0) return -1;
  out->name = "sliver";
  out->value = ((const sliver*)self)->sliver;
  out->lo = 0.0;
  out->hi = 1.0;
  out->tip = "Overlaps thinner than this along x are dropped (0: none; the planted bug)";
  return 0;
}

static int sliver_set_param(void* self, uint32_t i, double value) {
  if (i != 0) return -1;
  ((sliver*)self)->sliver = value;
  return 0;
}

static const partlab_broad_phase_plugin kSliver = {
    PARTLAB_PLUGIN_ABI_VERSION,
    sizeof(partlab_broad_phase_plugin),
    "sliver",
    "All pairs; drops overlaps thinner than its parameter along x (test plugin)",
    sliver_create,
    sliver_destroy,
    sliver_add,
    sliver_remove,
    sliver_move,
    sliver_find_pairs,
    NULL,
    NULL,
    NULL,
    1,
    sliver_get_param,
    sliver_set_param,
};

PARTLAB_PLUGIN_EXPORT const partlab_broad_phase_plugin* partlab_get_broad_phase_plugin(void) {
  return &kSliver;
}

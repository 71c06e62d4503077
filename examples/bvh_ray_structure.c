/* A bounding-volume hierarchy for ray queries as a Partition Lab plugin, in plain C99 against only
 * include/partlab/plugin.h: an example of bringing your own ray structure.
 *
 * Build: triangles sorted by centroid along the longest axis of their centroids' bounds and split
 * at the median, down to leaves of at most `leaf_size` triangles (a parameter, 1 to 16, default 4). Query: nearest first-hit, nodes
 * visited depth first with an explicit stack, a node skipped when the ray misses its box (slab
 * test) or enters it beyond the nearest hit so far. The triangle test is Moller-Trumbore,
 * two-sided, t > 1e-6, written with the same operations in the same order as Partition Lab's
 * (engine/geometry/moller_trumbore.h), so the answers agree to the bit.
 *
 * Built with -DPARTLAB_BVH_MISSES_AXIS_PARALLEL_RAYS it becomes "bvh_broken": its slab test takes
 * a direction component of exactly zero as "misses the box", so every ray parallel to a
 * coordinate plane is answered as a miss.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partlab/plugin.h"

#define DEFAULT_LEAF_SIZE 4
#define MAX_LEAF_SIZE 16
#define MAX_DEPTH 64

typedef struct node {
  float lo[3], hi[3];
  uint32_t first, count; /* a leaf: triangles [first, first + count); else count == 0 */
  uint32_t left, right;  /* children, for an inner node */
} node;

typedef struct bvh {
  float* tris;     /* 9 floats per triangle, in leaf order */
  uint32_t* order; /* build scratch: triangle indices */
  float* centroid; /* build scratch */
  node* nodes;
  uint32_t* leaf_order; /* the input index of each triangle in leaf order */
  uint32_t node_count, tri_count;
  uint32_t leaf_size; /* the parameter: kept across builds */
} bvh;

static void* bvh_create(void) {
  bvh* b = (bvh*)calloc(1, sizeof(bvh));
  if (b) b->leaf_size = DEFAULT_LEAF_SIZE;
  return b;
}

static void bvh_clear(bvh* b) {
  const uint32_t leaf_size = b->leaf_size;
  free(b->tris);
  free(b->order);
  free(b->centroid);
  free(b->nodes);
  free(b->leaf_order);
  memset(b, 0, sizeof *b);
  b->leaf_size = leaf_size;
}

static void bvh_destroy(void* self) {
  if (!self) return;
  bvh_clear((bvh*)self);
  free(self);
}

static const float* source; /* the triangles being sorted (qsort has no context argument) */
static int sort_axis;

static int by_centroid(const void* pa, const void* pb) {
  const uint32_t a = *(const uint32_t*)pa, b = *(const uint32_t*)pb;
  const float* ta = source + 9 * (size_t)a;
  const float* tb = source + 9 * (size_t)b;
  const float ca = ta[sort_axis] + ta[3 + sort_axis] + ta[6 + sort_axis];
  const float cb = tb[sort_axis] + tb[3 + sort_axis] + tb[6 + sort_axis];
  return ca < cb ? -1 : ca > cb ? 1 : (a > b) - (a < b);
}

/* Builds the node for order[first, first + count) and returns its index. */
static uint32_t build_node(bvh* b, const float* tris, uint32_t first, uint32_t count, int depth) {
  const uint32_t index = b->node_count++;
  node* n = &b->nodes[index];
  float clo[3], chi[3];
  uint32_t i, half, left;
  int k, axis = 0, v;
  for (k = 0; k < 3; ++k) {
    n->lo[k] = clo[k] = INFINITY;
    n->hi[k] = chi[k] = -INFINITY;
  }
  for (i = first; i < first + count; ++i) {
    const float* t = tris + 9 * (size_t)b->order[i];
    for (k = 0; k < 3; ++k) {
      const float c = t[k] + t[3 + k] + t[6 + k];
      for (v = 0; v < 3; ++v) {
        if (t[3 * v + k] < n->lo[k]) n->lo[k] = t[3 * v + k];
        if (t[3 * v + k] > n->hi[k]) n->hi[k] = t[3 * v + k];
      }
      if (c < clo[k]) clo[k] = c;
      if (c > chi[k]) chi[k] = c;
    }
  }
  n->first = first;
  n->count = count;
  if (count <= b->leaf_size || depth >= MAX_DEPTH - 1) return index;
  for (k = 1; k < 3; ++k)
    if (chi[k] - clo[k] > chi[axis] - clo[axis]) axis = k;
  source = tris;
  sort_axis = axis;
  qsort(b->order + first, count, sizeof(uint32_t), by_centroid);
  half = count / 2;
  left = build_node(b, tris, first, half, depth + 1);
  b->nodes[index].left = left; /* b->nodes does not move: allocated for 2n nodes up front */
  b->nodes[index].right = build_node(b, tris, first + half, count - half, depth + 1);
  b->nodes[index].count = 0;
  return index;
}

static int bvh_build(void* self, const float* triangles, uint32_t count) {
  bvh* b = (bvh*)self;
  uint32_t i;
  bvh_clear(b);
  if (count == 0) return 0;
  b->order = (uint32_t*)malloc(count * sizeof(uint32_t));
  b->nodes = (node*)calloc(2 * (size_t)count, sizeof(node));
  b->tris = (float*)malloc(9 * (size_t)count * sizeof(float));
  b->leaf_order = (uint32_t*)malloc(count * sizeof(uint32_t));
  if (!b->order || !b->nodes || !b->tris || !b->leaf_order) return -1;
  for (i = 0; i < count; ++i) b->order[i] = i;
  build_node(b, triangles, 0, count, 0);
  for (i = 0; i < count; ++i) { /* triangles in leaf order */
    memcpy(b->tris + 9 * (size_t)i, triangles + 9 * (size_t)b->order[i], 9 * sizeof(float));
    b->leaf_order[i] = b->order[i];
  }
  b->tri_count = count;
  return 0;
}

/* The entry distance of the ray into the box, or -1 when it misses or enters beyond t_max. */
static float enter_box(const node* n, const float o[3], const float d[3], float t_max) {
  float t0 = 0.0f, t1 = t_max;
  int k;
  for (k = 0; k < 3; ++k) {
    if (d[k] == 0.0f) {
#ifdef PARTLAB_BVH_MISSES_AXIS_PARALLEL_RAYS
      return -1.0f; /* THE BUG: a ray parallel to this slab is taken as missing it */
#else
      if (o[k] < n->lo[k] || o[k] > n->hi[k]) return -1.0f;
      continue;
#endif
    } else {
      const float inv = 1.0f / d[k];
      float near = (n->lo[k] - o[k]) * inv, far = (n->hi[k] - o[k]) * inv;
      if (near > far) {
        const float s = near;
        near = far;
        far = s;
      }
      if (near > t0) t0 = near;
      if (far < t1) t1 = far;
      if (t0 > t1) return -1.0f;
    }
  }
  return t0;
}

static void cross(const float a[3], const float b[3], float out[3]) {
  out[0] = a[1] * b[2] - b[1] * a[2];
  out[1] = a[2] * b[0] - b[2] * a[0];
  out[2] = a[0] * b[1] - b[0] * a[1];
}

static float dot(const float a[3], const float b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Moller-Trumbore, two-sided: t > 1e-6 and below `best`, else `best` unchanged. */
static float hit_triangle(const float* t, const float o[3], const float d[3], float best) {
  float e1[3], e2[3], p[3], r[3], q[3], det, inv, u, v, dist;
  int k;
  for (k = 0; k < 3; ++k) {
    e1[k] = t[3 + k] - t[k];
    e2[k] = t[6 + k] - t[k];
    r[k] = o[k] - t[k];
  }
  cross(d, e2, p);
  det = dot(p, e1);
  if (!(fabsf(det) > 1e-12f)) return best;
  inv = 1.0f / det;
  u = dot(r, p) * inv;
  if (u < 0.0f || u > 1.0f) return best;
  cross(r, e1, q);
  v = dot(d, q) * inv;
  if (v < 0.0f || u + v > 1.0f) return best;
  dist = dot(e2, q) * inv;
  return dist > 1e-6f && dist < best ? dist : best;
}

/* The nearest hit; *hit_index = its triangle's input index; visited(ctx, box) for each node
 * entered when `visited` is not NULL. */
static float nearest(const bvh* b, const float o[3], const float d[3], uint32_t* hit_index,
                     partlab_box_fn visited, void* ctx) {
  uint32_t stack[MAX_DEPTH * 2], top = 0, i;
  float best = INFINITY;
  if (b->tri_count == 0) return best;
  stack[top++] = 0;
  while (top > 0) {
    const node* n = &b->nodes[stack[--top]];
    if (enter_box(n, o, d, best) < 0.0f) continue;
    if (visited) {
      partlab_box box;
      memcpy(box.min, n->lo, sizeof box.min);
      memcpy(box.max, n->hi, sizeof box.max);
      visited(ctx, &box);
    }
    if (n->count > 0) {
      for (i = n->first; i < n->first + n->count; ++i) {
        const float t = hit_triangle(b->tris + 9 * (size_t)i, o, d, best);
        if (t < best && hit_index) *hit_index = b->leaf_order[i];
        best = t;
      }
    } else {
      stack[top++] = n->right;
      stack[top++] = n->left;
    }
  }
  return best;
}

static float bvh_intersect(const void* self, const float o[3], const float d[3]) {
  return nearest((const bvh*)self, o, d, NULL, NULL, NULL);
}

static float bvh_intersect_traced(const void* self, const float o[3], const float d[3],
                                  uint32_t* triangle, partlab_box_fn visited, void* ctx) {
  return nearest((const bvh*)self, o, d, triangle, visited, ctx);
}

static int bvh_get_param(const void* self, uint32_t i, partlab_param* out) {
  const bvh* b = (const bvh*)self;
  if (i != 0) return -1;
  out->name = "leaf size";
  out->value = b->leaf_size;
  out->lo = 1.0;
  out->hi = MAX_LEAF_SIZE;
  out->tip = "Most triangles a leaf holds: a node with more is split at the median. Smaller "
             "leaves, more nodes to visit and fewer triangles to test per ray.";
  return 0;
}

static int bvh_set_param(void* self, uint32_t i, double value) {
  bvh* b = (bvh*)self;
  if (i != 0 || !(value >= 1.0 && value <= MAX_LEAF_SIZE)) return -1;
  b->leaf_size = (uint32_t)(value + 0.5);
  return 0;
}

static size_t bvh_memory_bytes(const void* self) {
  const bvh* b = (const bvh*)self;
  return b->tri_count * (9 * sizeof(float) + 2 * sizeof(uint32_t)) + b->node_count * sizeof(node);
}

#ifdef PARTLAB_BVH_MISSES_AXIS_PARALLEL_RAYS
#define BVH_NAME "bvh_broken"
#define BVH_DESCRIPTION "BVH that misses rays parallel to a coordinate plane (a planted bug)"
#else
#define BVH_NAME "bvh"
#define BVH_DESCRIPTION "BVH, median split on the longest axis, leaves of 4 triangles"
#endif

static const partlab_ray_structure_plugin kBvh = {
    PARTLAB_PLUGIN_ABI_VERSION,
    sizeof(partlab_ray_structure_plugin),
    BVH_NAME,
    BVH_DESCRIPTION,
    bvh_create,
    bvh_destroy,
    bvh_build,
    bvh_intersect,
    NULL, /* no batch call: Partition Lab asks ray by ray */
    bvh_memory_bytes,
    1,
    bvh_get_param,
    bvh_set_param,
    bvh_intersect_traced,
};

PARTLAB_PLUGIN_EXPORT const partlab_ray_structure_plugin* partlab_get_ray_structure_plugin(void) {
  return &kBvh;
}

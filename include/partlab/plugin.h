/* partlab/plugin.h - bring your own broad phase or ray structure into Partition Lab, as a shared
 * library with a small, versioned C ABI. Plain C (C99 or later) or C++; no other dependency.
 *
 * A BROAD-PHASE PLUGIN exports one function
 *
 *     PARTLAB_PLUGIN_EXPORT const partlab_broad_phase_plugin* partlab_get_broad_phase_plugin(void);
 *
 * returning a pointer to a static table (abi_version = PARTLAB_PLUGIN_ABI_VERSION, struct_size =
 * sizeof(partlab_broad_phase_plugin)). Partition Lab drives it exactly as its own broad phases:
 * per step, remove / add / move for the boxes that changed (in id order), then update once, then
 * find_pairs. Ids are small dense integers (the trace's record indices); a box is never empty and
 * its coordinates are finite. find_pairs must report every overlapping pair of present boxes
 * exactly once, in any order, with the closed-interval test (a.min <= b.max and b.min <= a.max on
 * all three axes: touching counts).
 *
 * A RAY-STRUCTURE PLUGIN exports
 *
 *     PARTLAB_PLUGIN_EXPORT
 *     const partlab_ray_structure_plugin* partlab_get_ray_structure_plugin(void);
 *
 * build takes triangles (9 floats each), intersect returns the nearest t > 1e-6 of o + t*d on the
 * two-sided triangles, or +infinity for a miss (the HITS0001 convention).
 *
 * Loading checks, in order: the library opens (dlopen), the entry symbol exists, it returns a
 * non-null table, abi_version equals ours, struct_size is at least the size of the version's
 * table, the required pointers are non-null. Any failure is one line naming the library file and
 * the program goes on without it. A plugin runs IN-PROCESS: a crash or a hang in it is its own.
 * What it returns is checked: a pair naming an id that is not a present box, or a box with
 * itself, is kept out of Partition Lab's state and makes that frame WRONG; a pair reported twice
 * is counted as an extra pair by the comparison with brute force; a NaN or non-positive distance,
 * or a hit triangle index past the triangle count, is taken as a miss and reported as the
 * plugin's mistake (the ray counts as wrong).
 *
 * THREADS. A ray structure's queries (intersect, intersect_batch, intersect_traced: `const void*
 * self`) may run at the same time on two threads: the Octree view's cost heatmap calls
 * intersect_traced on a worker thread while the UI thread asks the probe's or the batch's rays.
 * So a query must not write to the state (scratch on the stack, or per thread). build, set_param
 * and destroy are never called while a query runs. intersect_traced calls `visited` on its own
 * thread and only before it returns; Partition Lab counts at most 2^20 visited nodes per query
 * and ignores a NULL or non-finite box, reporting either as the plugin's mistake.
 *
 * Optional members may be NULL: update, memory_bytes, draw, the parameters, intersect_batch,
 * intersect_traced. A parameter's value is clamped into [lo, hi] before set_param sees it.
 * The tables are append-only within one ABI version: new optional members go at the end, and
 * struct_size tells the loader which ones a plugin knows about.
 */
#ifndef PARTLAB_PLUGIN_H
#define PARTLAB_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version 2 added: a tooltip to partlab_param, and to the ray-structure table parameters and
 * intersect_traced (the hit triangle's index and the nodes a query visits). */
#define PARTLAB_PLUGIN_ABI_VERSION 2u

#if defined(_WIN32)
#define PARTLAB_PLUGIN_EXPORT __declspec(dllexport)
#else
#define PARTLAB_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

typedef struct partlab_box {
  float min[3];
  float max[3];
} partlab_box;

/* Callbacks Partition Lab passes to a plugin; ctx is Partition Lab's, pass it back unchanged. */
typedef void (*partlab_pair_fn)(void* ctx, uint32_t a, uint32_t b);
typedef void (*partlab_line_fn)(void* ctx, const float from[3], const float to[3]);
typedef void (*partlab_box_fn)(void* ctx, const partlab_box* box);

/* One parameter a plugin exposes, shown as a row in the panel. */
typedef struct partlab_param {
  const char* name; /* static string, e.g. "cell size" */
  double value, lo, hi;
  const char* tip; /* static string, the row's tooltip: what the parameter does; may be NULL */
} partlab_param;

typedef struct partlab_broad_phase_plugin {
  uint32_t abi_version;    /* PARTLAB_PLUGIN_ABI_VERSION */
  uint32_t struct_size;    /* sizeof(partlab_broad_phase_plugin) */
  const char* name;        /* short, unique: [a-z0-9_], e.g. "my_grid" (shown in every list) */
  const char* description; /* one line for tooltips and --help; may be NULL */

  /* Required. create returns the plugin's state (NULL = failure), passed back as `self`. */
  void* (*create)(void);
  void (*destroy)(void* self);
  void (*add)(void* self, uint32_t id, const partlab_box* box);
  void (*remove)(void* self, uint32_t id);
  void (*move)(void* self, uint32_t id, const partlab_box* box);
  void (*find_pairs)(void* self, partlab_pair_fn emit, void* ctx);

  /* Optional (NULL: nothing to do / not reported / not drawn / no parameters). */
  void (*update)(void* self);
  size_t (*memory_bytes)(const void* self);
  /* Describe the structure (cells, planes, nodes) as lines and boxes for the overlay. */
  void (*draw)(const void* self, partlab_line_fn line, partlab_box_fn box, void* ctx);
  uint32_t param_count;
  /* Fills *out for parameter i < param_count; returns 0, or -1 for a bad index. */
  int (*get_param)(const void* self, uint32_t i, partlab_param* out);
  /* Sets parameter i (value within [lo, hi]); returns 0, or -1 if refused. */
  int (*set_param)(void* self, uint32_t i, double value);
} partlab_broad_phase_plugin;

typedef struct partlab_ray_structure_plugin {
  uint32_t abi_version; /* PARTLAB_PLUGIN_ABI_VERSION */
  uint32_t struct_size; /* sizeof(partlab_ray_structure_plugin) */
  const char* name;
  const char* description; /* may be NULL */

  /* Required. */
  void* (*create)(void);
  void (*destroy)(void* self);
  /* triangles: triangle_count x 9 floats (v0, v1, v2); the plugin copies what it keeps.
     Returns 0, or -1 if it cannot build. */
  int (*build)(void* self, const float* triangles, uint32_t triangle_count);
  /* Nearest t > 1e-6 along o + t*d (d not necessarily unit), two-sided; +infinity for a miss. */
  float (*intersect)(const void* self, const float origin[3], const float direction[3]);

  /* Optional. rays: count x 6 floats (ox oy oz dx dy dz); t_out: count floats. */
  void (*intersect_batch)(const void* self, const float* rays, uint32_t count, float* t_out);
  size_t (*memory_bytes)(const void* self);
  /* Parameters, as for a broad phase; Partition Lab builds the structure again after set_param. */
  uint32_t param_count;
  int (*get_param)(const void* self, uint32_t i, partlab_param* out);
  int (*set_param)(void* self, uint32_t i, double value);
  /* As intersect, and also: *triangle = the index (in build's order) of the hit triangle, left
     alone on a miss; visited(ctx, box) for every node the query enters, in the order it enters
     them (the Octree view draws them on its ray probe and counts them in its cost heatmap). */
  float (*intersect_traced)(const void* self, const float origin[3], const float direction[3],
                            uint32_t* triangle, partlab_box_fn visited, void* ctx);
} partlab_ray_structure_plugin;

/* The entry points' names and types, for the loader. */
#define PARTLAB_BROAD_PHASE_ENTRY "partlab_get_broad_phase_plugin"
#define PARTLAB_RAY_STRUCTURE_ENTRY "partlab_get_ray_structure_plugin"
typedef const partlab_broad_phase_plugin* (*partlab_broad_phase_entry_fn)(void);
typedef const partlab_ray_structure_plugin* (*partlab_ray_structure_entry_fn)(void);

#ifdef __cplusplus
}
#endif
#endif /* PARTLAB_PLUGIN_H */

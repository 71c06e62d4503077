/* A uniform-grid broad phase as a Partition Lab plugin, in plain C99 against only
 * include/partlab/plugin.h: an example of bringing your own partitioner.
 *
 * Every step the grid is rebuilt from scratch: each present box is listed in every cell it
 * covers, the list is sorted by cell, and the boxes sharing a cell are tested pairwise. A pair
 * sharing several cells is reported only from the cell holding the lower corner of the two boxes'
 * overlap, so it is reported once without a set of seen pairs. A box covering more than
 * MAX_CELLS_PER_BOX cells goes to an overflow list tested against every box instead.
 *
 * The cell size is a parameter; 0 (the default) means automatic: twice the mean of the present
 * boxes' largest extents, worked out every step.
 *
 * Built with -DPARTLAB_GRID_DROPS_SPANNING_BOXES it becomes the deliberately broken variant
 * "grid_broken": boxes that span a cell boundary are left out of the grid altogether, so every
 * pair involving one is missed. Partition Lab's comparison with brute force catches it at the
 * first frame where such a box overlaps another.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "partlab/plugin.h"

#define MAX_CELLS_PER_BOX 4096

typedef struct entry {
  int32_t cell[3];
  uint32_t id;
} entry;

typedef struct grid {
  partlab_box* boxes; /* indexed by id */
  unsigned char* present;
  uint32_t capacity; /* ids 0 .. capacity-1 have storage */
  entry* entries;    /* (cell, id), rebuilt every find_pairs, capacity kept */
  size_t entry_count, entry_capacity;
  uint32_t* overflow; /* ids of boxes covering too many cells */
  size_t overflow_count;
  double cell_param; /* 0 = automatic */
  float cell;        /* the size used by the last find_pairs */
} grid;

static void* grid_create(void) {
  grid* g = (grid*)calloc(1, sizeof(grid));
  if (g) g->cell = 1.0f;
  return g;
}

static void grid_destroy(void* self) {
  grid* g = (grid*)self;
  if (!g) return;
  free(g->boxes);
  free(g->present);
  free(g->entries);
  free(g->overflow);
  free(g);
}

/* Grows the per-id arrays to hold `id` (ids are small and dense: doubling is enough). */
static int grid_reserve(grid* g, uint32_t id) {
  uint32_t cap = g->capacity ? g->capacity : 64;
  partlab_box* boxes;
  unsigned char* present;
  uint32_t* overflow;
  if (id < g->capacity) return 1;
  while (cap <= id) cap *= 2;
  boxes = (partlab_box*)realloc(g->boxes, cap * sizeof(partlab_box));
  if (!boxes) return 0;
  g->boxes = boxes;
  present = (unsigned char*)realloc(g->present, cap);
  if (!present) return 0;
  memset(present + g->capacity, 0, cap - g->capacity);
  g->present = present;
  overflow = (uint32_t*)realloc(g->overflow, cap * sizeof(uint32_t));
  if (!overflow) return 0;
  g->overflow = overflow;
  g->capacity = cap;
  return 1;
}

static void grid_add(void* self, uint32_t id, const partlab_box* box) {
  grid* g = (grid*)self;
  if (!grid_reserve(g, id)) return;
  g->boxes[id] = *box;
  g->present[id] = 1;
}

static void grid_remove(void* self, uint32_t id) {
  grid* g = (grid*)self;
  if (id < g->capacity) g->present[id] = 0;
}

static void grid_move(void* self, uint32_t id, const partlab_box* box) {
  grid* g = (grid*)self;
  if (id < g->capacity) g->boxes[id] = *box;
}

static int32_t cell_of(float x, float cell) {
  double c = floor((double)x / (double)cell);
  if (c < -2147483647.0) c = -2147483647.0;
  if (c > 2147483647.0) c = 2147483647.0;
  return (int32_t)c;
}

static int overlaps(const partlab_box* a, const partlab_box* b) {
  int k;
  for (k = 0; k < 3; ++k)
    if (a->min[k] > b->max[k] || b->min[k] > a->max[k]) return 0;
  return 1;
}

static int compare_entries(const void* pa, const void* pb) {
  const entry* a = (const entry*)pa;
  const entry* b = (const entry*)pb;
  int k;
  for (k = 0; k < 3; ++k)
    if (a->cell[k] != b->cell[k]) return a->cell[k] < b->cell[k] ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

static void choose_cell(grid* g) {
  double sum = 0.0;
  uint32_t i, n = 0;
  int k;
  if (g->cell_param > 0.0) {
    g->cell = (float)g->cell_param;
    return;
  }
  for (i = 0; i < g->capacity; ++i) {
    float largest = 0.0f;
    if (!g->present[i]) continue;
    for (k = 0; k < 3; ++k)
      if (g->boxes[i].max[k] - g->boxes[i].min[k] > largest)
        largest = g->boxes[i].max[k] - g->boxes[i].min[k];
    sum += largest;
    ++n;
  }
  g->cell = n && sum > 0.0 ? (float)(2.0 * sum / n) : 1.0f;
}

static int push_entry(grid* g, int32_t x, int32_t y, int32_t z, uint32_t id) {
  if (g->entry_count == g->entry_capacity) {
    size_t cap = g->entry_capacity ? 2 * g->entry_capacity : 1024;
    entry* e = (entry*)realloc(g->entries, cap * sizeof(entry));
    if (!e) return 0;
    g->entries = e;
    g->entry_capacity = cap;
  }
  g->entries[g->entry_count].cell[0] = x;
  g->entries[g->entry_count].cell[1] = y;
  g->entries[g->entry_count].cell[2] = z;
  g->entries[g->entry_count].id = id;
  ++g->entry_count;
  return 1;
}

/* Lists box `id` in every cell it covers, or in the overflow list when that is too many. */
static void insert_box(grid* g, uint32_t id) {
  const partlab_box* b = &g->boxes[id];
  int32_t lo[3], hi[3], x, y, z;
  double cells = 1.0;
  int k;
  for (k = 0; k < 3; ++k) {
    lo[k] = cell_of(b->min[k], g->cell);
    hi[k] = cell_of(b->max[k], g->cell);
    cells *= (double)hi[k] - (double)lo[k] + 1.0;
  }
#ifdef PARTLAB_GRID_DROPS_SPANNING_BOXES
  if (cells > 1.0) return; /* THE BUG: a box across a cell boundary is never listed */
#endif
  if (cells > MAX_CELLS_PER_BOX) {
    g->overflow[g->overflow_count++] = id;
    return;
  }
  for (x = lo[0]; x <= hi[0]; ++x)
    for (y = lo[1]; y <= hi[1]; ++y)
      for (z = lo[2]; z <= hi[2]; ++z)
        if (!push_entry(g, x, y, z, id)) return;
}

/* Whether `cell` holds the lower corner of a and b's overlap: the one cell reporting the pair. */
static int owns_pair(const grid* g, const int32_t cell[3], const partlab_box* a,
                     const partlab_box* b) {
  int k;
  for (k = 0; k < 3; ++k) {
    float corner = a->min[k] > b->min[k] ? a->min[k] : b->min[k];
    if (cell_of(corner, g->cell) != cell[k]) return 0;
  }
  return 1;
}

static int is_overflow(const grid* g, uint32_t id) {
  size_t i;
  for (i = 0; i < g->overflow_count; ++i)
    if (g->overflow[i] == id) return 1;
  return 0;
}

static void grid_find_pairs(void* self, partlab_pair_fn emit, void* ctx) {
  grid* g = (grid*)self;
  size_t run, i, j, o;
  uint32_t id;
  choose_cell(g);
  g->entry_count = 0;
  g->overflow_count = 0;
  for (id = 0; id < g->capacity; ++id)
    if (g->present[id]) insert_box(g, id);
  if (g->entry_count > 1) qsort(g->entries, g->entry_count, sizeof(entry), compare_entries);
  for (run = 0; run < g->entry_count; run = j) {
    j = run + 1; /* the run of entries sharing entries[run]'s cell */
    while (j < g->entry_count && memcmp(g->entries[run].cell, g->entries[j].cell, 12) == 0) ++j;
    for (i = run; i < j; ++i)
      for (o = i + 1; o < j; ++o) {
        const partlab_box* a = &g->boxes[g->entries[i].id];
        const partlab_box* b = &g->boxes[g->entries[o].id];
        if (overlaps(a, b) && owns_pair(g, g->entries[i].cell, a, b))
          emit(ctx, g->entries[i].id, g->entries[o].id);
      }
  }
  /* Overflow boxes against every present box; two overflow boxes once (lower index first). */
  for (i = 0; i < g->overflow_count; ++i)
    for (id = 0; id < g->capacity; ++id) {
      const uint32_t big = g->overflow[i];
      if (!g->present[id] || id == big) continue;
      if (is_overflow(g, id) && id < big) continue;
      if (overlaps(&g->boxes[big], &g->boxes[id])) emit(ctx, big, id);
    }
}

static size_t grid_memory_bytes(const void* self) {
  const grid* g = (const grid*)self;
  return g->capacity * (sizeof(partlab_box) + 1 + sizeof(uint32_t)) +
         g->entry_capacity * sizeof(entry);
}

/* Draws the occupied cells of the last find_pairs, one box per cell. */
static void grid_draw(const void* self, partlab_line_fn line, partlab_box_fn box, void* ctx) {
  const grid* g = (const grid*)self;
  size_t i;
  (void)line;
  for (i = 0; i < g->entry_count; ++i) {
    partlab_box c;
    int k;
    if (i > 0 && memcmp(g->entries[i].cell, g->entries[i - 1].cell, 12) == 0) continue;
    for (k = 0; k < 3; ++k) {
      c.min[k] = (float)g->entries[i].cell[k] * g->cell;
      c.max[k] = c.min[k] + g->cell;
    }
    box(ctx, &c);
  }
}

static int grid_get_param(const void* self, uint32_t i, partlab_param* out) {
  const grid* g = (const grid*)self;
  if (i != 0) return -1;
  out->name = "cell size";
  out->value = g->cell_param;
  out->lo = 0.0;
  out->hi = 1e6;
  out->tip = "Edge of a grid cell; each box goes into every cell it overlaps. 0 picks twice the "
             "mean box extent on every step.";
  return 0;
}

static int grid_set_param(void* self, uint32_t i, double value) {
  grid* g = (grid*)self;
  if (i != 0 || !(value >= 0.0 && value <= 1e6)) return -1;
  g->cell_param = value;
  return 0;
}

#ifdef PARTLAB_GRID_DROPS_SPANNING_BOXES
#define GRID_NAME "grid_broken"
#define GRID_DESCRIPTION "Uniform grid that drops boxes spanning a cell boundary (a planted bug)"
#else
#define GRID_NAME "grid"
#define GRID_DESCRIPTION "Uniform grid rebuilt every step, cell = twice the mean box extent"
#endif

static const partlab_broad_phase_plugin kGrid = {
    PARTLAB_PLUGIN_ABI_VERSION,
    sizeof(partlab_broad_phase_plugin),
    GRID_NAME,
    GRID_DESCRIPTION,
    grid_create,
    grid_destroy,
    grid_add,
    grid_remove,
    grid_move,
    grid_find_pairs,
    NULL, /* update: the grid is rebuilt in find_pairs */
    grid_memory_bytes,
    grid_draw,
    1,
    grid_get_param,
    grid_set_param,
};

PARTLAB_PLUGIN_EXPORT const partlab_broad_phase_plugin* partlab_get_broad_phase_plugin(void) {
  return &kGrid;
}

/* partlab/record.h - record a game's moving boxes and rays for Partition Lab, in one C99 header.
 *
 * Put this in ONE .c or .cpp file of your game:
 *
 *     #define PARTLAB_RECORD_IMPLEMENTATION
 *     #include "partlab/record.h"
 *
 * and include it without the define everywhere else. It needs only the C standard library.
 *
 * BOXES (an AABBTRC1 trace, the format Partition Lab's broad-phase bench and replay read):
 *
 *     partlab_recorder rec;
 *     if (partlab_record_open(&rec, "game.aabbtrc", 5000, "game.pairs") != 0)   // pairs: or NULL
 *         fprintf(stderr, "%s\n", partlab_record_error(&rec));
 *     for each simulation step:
 *         partlab_record_begin_frame(&rec);               // every id starts the frame absent
 *         for each live body: partlab_record_box(&rec, id, min, max);
 *         for each pair your broad phase found: partlab_record_pair(&rec, a, b);  // optional
 *         partlab_record_end_frame(&rec);
 *     partlab_record_close(&rec);                          // writes the frame count; check it
 *
 *   Ids are 0 .. max_boxes-1 and keep their identity across frames (a body keeps its id). An id not
 *   given a box in a frame is written absent (min = (0,0,0), max = (-1,-1,-1)), so bodies may
 *   spawn and die. The recorder allocates once, in open (max_boxes * 24 bytes); begin frame, box,
 *   pair and end frame allocate nothing.
 *
 *   AABBTRC1, little-endian, no padding: "AABBTRC1", uint32 N (= max_boxes), uint32 F (frames),
 *   then per frame, per id, float32 minx miny minz maxx maxy maxz.
 *
 * YOUR BROAD PHASE'S PAIRS (optional sidecar, "PAIRS001"; the trace format has no place for them):
 *   "PAIRS001", uint32 N, uint32 F, then per frame: uint32 count, count x (uint32 a, uint32 b).
 *   Pairs are written as given (the recorder does not sort or de-duplicate them: the point is to
 *   see what your broad phase answered); a pair naming an id >= N is an error.
 *
 * RAYS (RAYSET01) and your own hits (HITS0001, optional):
 *
 *     partlab_ray_recorder rays;
 *     partlab_rays_open(&rays, "game.rays", "game.hits");        // hits: or NULL
 *     partlab_rays_add(&rays, origin, direction, t);             // t: your nearest hit, or
 *                                                                // PARTLAB_RECORD_MISS
 *     partlab_rays_close(&rays);
 *
 *   RAYSET01: "RAYSET01", uint32 count, count x float32 ox oy oz dx dy dz.
 *   HITS0001: "HITS0001", uint32 count, count x float32 t (o + t*d, t > 1e-6, +infinity = miss).
 *
 * Every function returns 0 on success, -1 on failure; after a failure the recorder stays failed
 * and partlab_record_error / partlab_rays_error give one line naming the file and the problem.
 * NaN or infinite coordinates are refused (the readers reject them), as are ids >= max_boxes.
 * Counts are patched into the headers by close (the files must be seekable: regular files).
 */
#ifndef PARTLAB_RECORD_H
#define PARTLAB_RECORD_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PARTLAB_RECORD_MISS HUGE_VALF /* +infinity: the ray hit nothing */

typedef struct partlab_recorder {
  FILE* trace;          /* the AABBTRC1 file */
  FILE* pairs;          /* the PAIRS001 sidecar, or NULL */
  unsigned char* frame; /* one frame of boxes, encoded (max_boxes * 24 bytes) */
  uint32_t box_count;   /* N */
  uint32_t frames;      /* frames ended so far */
  uint32_t frame_pairs; /* pairs recorded in the open frame */
  long pair_count_at;   /* file offset of the open frame's pair count */
  int in_frame;
  int failed;
  char name[200]; /* the trace path, for error lines */
  char error[320];
} partlab_recorder;

int partlab_record_open(partlab_recorder* r, const char* trace_path, uint32_t max_boxes,
                        const char* pairs_path);
int partlab_record_begin_frame(partlab_recorder* r);
int partlab_record_box(partlab_recorder* r, uint32_t id, const float min[3], const float max[3]);
int partlab_record_pair(partlab_recorder* r, uint32_t a, uint32_t b);
int partlab_record_end_frame(partlab_recorder* r);
int partlab_record_close(partlab_recorder* r);
const char* partlab_record_error(const partlab_recorder* r);

typedef struct partlab_ray_recorder {
  FILE* rays; /* RAYSET01 */
  FILE* hits; /* HITS0001, or NULL */
  uint32_t count;
  int failed;
  char name[200]; /* the rays path, for error lines */
  char error[320];
} partlab_ray_recorder;

int partlab_rays_open(partlab_ray_recorder* r, const char* rays_path, const char* hits_path);
int partlab_rays_add(partlab_ray_recorder* r, const float origin[3], const float direction[3],
                     float t);
int partlab_rays_close(partlab_ray_recorder* r);
const char* partlab_rays_error(const partlab_ray_recorder* r);

#ifdef __cplusplus
}
#endif
#endif /* PARTLAB_RECORD_H */

#ifdef PARTLAB_RECORD_IMPLEMENTATION
#ifndef PARTLAB_RECORD_IMPLEMENTED
#define PARTLAB_RECORD_IMPLEMENTED

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Little-endian whatever the host's order: the value's bytes are taken arithmetically. */
static void partlab__put_u32(unsigned char* p, uint32_t v) {
  p[0] = (unsigned char)(v & 0xFFu);
  p[1] = (unsigned char)((v >> 8) & 0xFFu);
  p[2] = (unsigned char)((v >> 16) & 0xFFu);
  p[3] = (unsigned char)((v >> 24) & 0xFFu);
}

static void partlab__put_f32(unsigned char* p, float f) {
  uint32_t bits;
  memcpy(&bits, &f, 4); /* float32 is IEEE 754 binary32 on every platform the readers run on */
  partlab__put_u32(p, bits);
}

static int partlab__finite(float f) {
  return f == f && f - f == 0.0f; /* NaN != NaN; inf - inf is NaN */
}

static int partlab__fail(char* error, int* failed, const char* path, const char* fmt, ...) {
  int n;
  va_list args;
  if (*failed) return -1; /* keep the first problem: it is the cause */
  *failed = 1;
  n = snprintf(error, 320, "%s: ", path && path[0] ? path : "(recorder)");
  if (n < 0 || n >= 320) n = 0;
  va_start(args, fmt);
  vsnprintf(error + n, (size_t)(320 - n), fmt, args);
  va_end(args);
  return -1;
}

static int partlab__write(FILE* f, const unsigned char* bytes, size_t n) {
  return fwrite(bytes, 1, n, f) == n ? 0 : -1;
}

/* Writes an 8-byte magic and its uint32 fields (the counts, patched later by close). */
static int partlab__header(FILE* f, const char magic[8], uint32_t a, uint32_t b, int fields) {
  unsigned char h[16];
  memcpy(h, magic, 8);
  partlab__put_u32(h + 8, a);
  partlab__put_u32(h + 12, b);
  return partlab__write(f, h, (size_t)(8 + 4 * fields));
}

static int partlab__patch_u32(FILE* f, long at, uint32_t v) {
  unsigned char b[4];
  partlab__put_u32(b, v);
  if (fseek(f, at, SEEK_SET) != 0) return -1;
  if (partlab__write(f, b, 4) != 0) return -1;
  return fseek(f, 0, SEEK_END);
}

/* ---- boxes ------------------------------------------------------------------------------- */

static void partlab__absent(unsigned char* box) {
  static const float absent[6] = {0.0f, 0.0f, 0.0f, -1.0f, -1.0f, -1.0f};
  int k;
  for (k = 0; k < 6; ++k) partlab__put_f32(box + 4 * k, absent[k]);
}

int partlab_record_open(partlab_recorder* r, const char* trace_path, uint32_t max_boxes,
                        const char* pairs_path) {
  memset(r, 0, sizeof *r);
  if (!trace_path) return partlab__fail(r->error, &r->failed, r->name, "no trace path given");
  strncpy(r->name, trace_path, sizeof r->name - 1);
  if ((uint64_t)max_boxes * 24u > (uint64_t)((size_t)-1))
    return partlab__fail(r->error, &r->failed, trace_path, "too many boxes for this machine");
  r->box_count = max_boxes;
  r->frame = (unsigned char*)malloc(max_boxes ? (size_t)max_boxes * 24u : 1u);
  if (!r->frame)
    return partlab__fail(r->error, &r->failed, trace_path, "cannot allocate %lu boxes",
                         (unsigned long)max_boxes);
  r->trace = fopen(trace_path, "wb");
  if (!r->trace || partlab__header(r->trace, "AABBTRC1", max_boxes, 0, 2) != 0)
    return partlab__fail(r->error, &r->failed, trace_path, "cannot write");
  if (pairs_path) {
    r->pairs = fopen(pairs_path, "wb");
    if (!r->pairs || partlab__header(r->pairs, "PAIRS001", max_boxes, 0, 2) != 0)
      return partlab__fail(r->error, &r->failed, pairs_path, "cannot write");
  }
  return 0;
}

int partlab_record_begin_frame(partlab_recorder* r) {
  uint32_t i;
  if (r->failed) return -1;
  if (r->in_frame)
    return partlab__fail(r->error, &r->failed, r->name, "begin frame %lu twice without end frame",
                         (unsigned long)r->frames);
  for (i = 0; i < r->box_count; ++i) partlab__absent(r->frame + (size_t)i * 24u);
  r->in_frame = 1;
  r->frame_pairs = 0;
  if (r->pairs) {
    const unsigned char zero[4] = {0, 0, 0, 0};
    r->pair_count_at = ftell(r->pairs);
    if (r->pair_count_at < 0 || partlab__write(r->pairs, zero, 4) != 0)
      return partlab__fail(r->error, &r->failed, r->name, "cannot write the pairs file");
  }
  return 0;
}

int partlab_record_box(partlab_recorder* r, uint32_t id, const float min[3], const float max[3]) {
  int k;
  if (r->failed) return -1;
  if (!r->in_frame) return partlab__fail(r->error, &r->failed, r->name, "box outside a frame");
  if (id >= r->box_count)
    return partlab__fail(r->error, &r->failed, r->name, "frame %lu: box id %lu >= max_boxes %lu",
                         (unsigned long)r->frames, (unsigned long)id, (unsigned long)r->box_count);
  for (k = 0; k < 3; ++k)
    if (!partlab__finite(min[k]) || !partlab__finite(max[k]))
      return partlab__fail(r->error, &r->failed, r->name,
                           "frame %lu: box %lu: coordinate is NaN or infinite",
                           (unsigned long)r->frames, (unsigned long)id);
  for (k = 0; k < 3; ++k) {
    partlab__put_f32(r->frame + (size_t)id * 24u + 4u * (unsigned)k, min[k]);
    partlab__put_f32(r->frame + (size_t)id * 24u + 12u + 4u * (unsigned)k, max[k]);
  }
  return 0;
}

int partlab_record_pair(partlab_recorder* r, uint32_t a, uint32_t b) {
  unsigned char p[8];
  if (r->failed) return -1;
  if (!r->pairs) return 0; /* opened without a pairs file: nothing to record */
  if (!r->in_frame) return partlab__fail(r->error, &r->failed, r->name, "pair outside a frame");
  if (a >= r->box_count || b >= r->box_count)
    return partlab__fail(r->error, &r->failed, r->name, "frame %lu: pair (%lu, %lu): id >= %lu",
                         (unsigned long)r->frames, (unsigned long)a, (unsigned long)b,
                         (unsigned long)r->box_count);
  partlab__put_u32(p, a);
  partlab__put_u32(p + 4, b);
  if (partlab__write(r->pairs, p, 8) != 0)
    return partlab__fail(r->error, &r->failed, r->name, "cannot write the pairs file");
  ++r->frame_pairs;
  return 0;
}

int partlab_record_end_frame(partlab_recorder* r) {
  if (r->failed) return -1;
  if (!r->in_frame) return partlab__fail(r->error, &r->failed, r->name, "end frame without begin");
  if (r->frames == 0xFFFFFFFFu)
    return partlab__fail(r->error, &r->failed, r->name, "more than 2^32-1 frames");
  if (partlab__write(r->trace, r->frame, (size_t)r->box_count * 24u) != 0)
    return partlab__fail(r->error, &r->failed, r->name, "cannot write the trace");
  if (r->pairs && partlab__patch_u32(r->pairs, r->pair_count_at, r->frame_pairs) != 0)
    return partlab__fail(r->error, &r->failed, r->name, "cannot write the pairs file");
  r->in_frame = 0;
  ++r->frames;
  return 0;
}

/* Patches F into both headers and closes; frees the frame buffer in every case. */
int partlab_record_close(partlab_recorder* r) {
  int ok = !r->failed;
  if (ok && r->in_frame)
    ok =
        partlab__fail(r->error, &r->failed, r->name, "close inside a frame (frame not ended)") == 0;
  if (r->trace) {
    if (ok && partlab__patch_u32(r->trace, 12, r->frames) != 0)
      ok =
          partlab__fail(r->error, &r->failed, r->name, "cannot write the trace's frame count") == 0;
    if (fclose(r->trace) != 0 && ok)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot close the trace") == 0;
  }
  if (r->pairs) {
    if (ok && partlab__patch_u32(r->pairs, 12, r->frames) != 0)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot write the pairs' frame count") == 0;
    if (fclose(r->pairs) != 0 && ok)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot close the pairs file") == 0;
  }
  free(r->frame);
  r->trace = r->pairs = NULL;
  r->frame = NULL;
  return ok ? 0 : -1;
}

const char* partlab_record_error(const partlab_recorder* r) {
  return r->failed ? r->error : "";
}

/* ---- rays ---------------------------------------------------------------------------------- */

int partlab_rays_open(partlab_ray_recorder* r, const char* rays_path, const char* hits_path) {
  memset(r, 0, sizeof *r);
  if (!rays_path) return partlab__fail(r->error, &r->failed, r->name, "no ray path given");
  strncpy(r->name, rays_path, sizeof r->name - 1);
  r->rays = fopen(rays_path, "wb");
  if (!r->rays || partlab__header(r->rays, "RAYSET01", 0, 0, 1) != 0)
    return partlab__fail(r->error, &r->failed, rays_path, "cannot write");
  if (hits_path) {
    r->hits = fopen(hits_path, "wb");
    if (!r->hits || partlab__header(r->hits, "HITS0001", 0, 0, 1) != 0)
      return partlab__fail(r->error, &r->failed, hits_path, "cannot write");
  }
  return 0;
}

int partlab_rays_add(partlab_ray_recorder* r, const float origin[3], const float direction[3],
                     float t) {
  unsigned char ray[24], hit[4];
  int k;
  if (r->failed) return -1;
  for (k = 0; k < 3; ++k)
    if (!partlab__finite(origin[k]) || !partlab__finite(direction[k]))
      return partlab__fail(r->error, &r->failed, r->name, "ray %lu: NaN or infinite component",
                           (unsigned long)r->count);
  if (r->hits && (t != t || t < 0.0f)) /* +infinity (a miss) is fine */
    return partlab__fail(r->error, &r->failed, r->name, "ray %lu: hit t is NaN or negative",
                         (unsigned long)r->count);
  if (r->count == 0xFFFFFFFFu)
    return partlab__fail(r->error, &r->failed, r->name, "more than 2^32-1 rays");
  for (k = 0; k < 3; ++k) {
    partlab__put_f32(ray + 4 * k, origin[k]);
    partlab__put_f32(ray + 12 + 4 * k, direction[k]);
  }
  if (partlab__write(r->rays, ray, 24) != 0)
    return partlab__fail(r->error, &r->failed, r->name, "cannot write the rays");
  if (r->hits) {
    partlab__put_f32(hit, t);
    if (partlab__write(r->hits, hit, 4) != 0)
      return partlab__fail(r->error, &r->failed, r->name, "cannot write the hits");
  }
  ++r->count;
  return 0;
}

int partlab_rays_close(partlab_ray_recorder* r) {
  int ok = !r->failed;
  if (r->rays) {
    if (ok && partlab__patch_u32(r->rays, 8, r->count) != 0)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot write the ray count") == 0;
    if (fclose(r->rays) != 0 && ok)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot close the rays file") == 0;
  }
  if (r->hits) {
    if (ok && partlab__patch_u32(r->hits, 8, r->count) != 0)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot write the hit count") == 0;
    if (fclose(r->hits) != 0 && ok)
      ok = partlab__fail(r->error, &r->failed, r->name, "cannot close the hits file") == 0;
  }
  r->rays = r->hits = NULL;
  return ok ? 0 : -1;
}

const char* partlab_rays_error(const partlab_ray_recorder* r) {
  return r->failed ? r->error : "";
}

#endif /* PARTLAB_RECORD_IMPLEMENTED */
#endif /* PARTLAB_RECORD_IMPLEMENTATION */

/* A game's use of partlab/record.h, compiled as strict C99 (-std=c99 -pedantic -Werror): writes a
 * small recording whose boxes follow recording_motion.h's formula, with ids that come and go, the
 * "game's" own pairs (its brute-force test) and a few rays with its own hits. The C++ test checks
 * the files byte by byte against the formats and replays them. */
#define PARTLAB_RECORD_IMPLEMENTATION
#include "partlab/record.h"
#include "tests/plugins/recording_motion.h"

static int overlap(const float amin[3], const float amax[3], const float bmin[3],
                   const float bmax[3]) {
  int k;
  for (k = 0; k < 3; ++k)
    if (amin[k] > bmax[k] || bmin[k] > amax[k]) return 0;
  return 1;
}

int partlab_test_write_recording(const char* trace, const char* pairs, const char* rays,
                                 const char* hits, char* error, unsigned error_size) {
  partlab_recorder rec;
  partlab_ray_recorder rr;
  float mins[RECORDING_BOXES][3], maxs[RECORDING_BOXES][3];
  int present[RECORDING_BOXES];
  uint32_t f, i, j;
  int ok = partlab_record_open(&rec, trace, RECORDING_BOXES, pairs) == 0;
  for (f = 0; ok && f < RECORDING_FRAMES; ++f) {
    ok = partlab_record_begin_frame(&rec) == 0;
    for (i = 0; ok && i < RECORDING_BOXES; ++i) {
      present[i] = recording_present(i, f);
      recording_box(i, f, mins[i], maxs[i]);
      if (present[i]) ok = partlab_record_box(&rec, i, mins[i], maxs[i]) == 0;
    }
    for (i = 0; ok && i < RECORDING_BOXES; ++i)
      for (j = i + 1; ok && j < RECORDING_BOXES; ++j)
        if (present[i] && present[j] && overlap(mins[i], maxs[i], mins[j], maxs[j]))
          ok = partlab_record_pair(&rec, j, i) == 0; /* as a game might: larger id first */
    if (ok) ok = partlab_record_end_frame(&rec) == 0;
  }
  if (partlab_record_close(&rec) != 0) ok = 0;
  if (!ok) {
    snprintf(error, error_size, "%s", partlab_record_error(&rec));
    return -1;
  }
  ok = partlab_rays_open(&rr, rays, hits) == 0;
  for (i = 0; ok && i < RECORDING_RAYS; ++i) {
    float o[3], d[3];
    recording_ray(i, o, d);
    ok = partlab_rays_add(&rr, o, d, recording_hit(i)) == 0;
  }
  if (partlab_rays_close(&rr) != 0) ok = 0;
  if (!ok) {
    snprintf(error, error_size, "%s", partlab_rays_error(&rr));
    return -1;
  }
  return 0;
}

/* Misuse the test expects refused, each with one line naming the file. */
int partlab_test_record_misuse(const char* trace, int what, char* error, unsigned error_size) {
  partlab_recorder rec;
  const float lo[3] = {0.0f, 0.0f, 0.0f};
  float hi[3] = {1.0f, 1.0f, 1.0f};
  int result = partlab_record_open(&rec, trace, 4, NULL);
  if (result == 0) result = partlab_record_begin_frame(&rec);
  if (result == 0 && what == 0) result = partlab_record_box(&rec, 4, lo, hi); /* id >= max */
  if (result == 0 && what == 1) {
    hi[1] = HUGE_VALF - HUGE_VALF; /* NaN */
    result = partlab_record_box(&rec, 1, lo, hi);
  }
  if (result == 0 && what == 2) result = partlab_record_begin_frame(&rec); /* twice */
  snprintf(error, error_size, "%s", partlab_record_error(&rec));
  partlab_record_close(&rec);
  return result;
}

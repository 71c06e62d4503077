/* The motion recording_writer.c records, as formulas a C and a C++ compiler evaluate identically:
 * every value is a small multiple of 1/8, exact in float. Box i exists from frame i / 2 on, and
 * boxes with i % 5 == 0 vanish for frames i % 7 .. i % 7 + 3: ids come and go. */
#ifndef PARTLAB_TESTS_RECORDING_MOTION_H
#define PARTLAB_TESTS_RECORDING_MOTION_H

#include <math.h>
#include <stdint.h>

#define RECORDING_BOXES 24u
#define RECORDING_FRAMES 30u
#define RECORDING_RAYS 5u

static inline int recording_present(uint32_t i, uint32_t f) {
  if (f < i / 2) return 0;
  if (i % 5 == 0 && f >= i % 7 && f <= i % 7 + 3) return 0;
  return 1;
}

static inline void recording_box(uint32_t i, uint32_t f, float mn[3], float mx[3]) {
  const float c[3] = {(float)(i % 6) * 1.5f + 0.25f * (float)f * (float)(i % 3),
                      (float)(i / 6) * 1.25f - 0.125f * (float)(f % 8),
                      0.5f * (float)((i * 7 + f) % 5)};
  const float h = 0.5f + 0.125f * (float)(i % 4);
  int k;
  for (k = 0; k < 3; ++k) {
    mn[k] = c[k] - h;
    mx[k] = c[k] + h;
  }
}

static inline void recording_ray(uint32_t i, float o[3], float d[3]) {
  o[0] = (float)i;
  o[1] = -2.0f;
  o[2] = 0.5f * (float)i;
  d[0] = 0.0f;
  d[1] = 1.0f + (float)i;
  d[2] = -0.25f;
}

/* The game's own nearest hit: a miss for odd rays. */
static inline float recording_hit(uint32_t i) {
  return i % 2 ? HUGE_VALF : 0.5f + (float)i;
}

#endif

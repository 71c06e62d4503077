// Bullet's broad phases behind our interface: btDbvtBroadphase (two dynamic AABB
// trees, Bullet's default and the yardstick among real engines) and bt32BitAxisSweep3 (quantized
// incremental sweep-and-prune on three axes).
#pragma once

#include <memory>

#include "engine/broadphase/broad_phase.h"

namespace partlab {

std::unique_ptr<BroadPhase> MakeBulletDbvt();
std::unique_ptr<BroadPhase> MakeBulletAxisSweep();

}  // namespace partlab

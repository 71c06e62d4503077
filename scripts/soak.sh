#!/usr/bin/env bash
# Soak: each of the thesis's four simulations for 20,000 steps at its full body
# count (4,250) with the semi-adjusting BSP; invariant checker every 100 steps, pairs against brute
# force every 500, resident memory at the end within 10 % of its value at step 2,000. One process
# per scene (tests/soak/soak_main.cpp). Builds Release in build-soak (PARTLAB_SOAK_BUILD_DIR).
#   scripts/soak.sh [steps] [extra partlab-soak flags...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
steps=${1:-20000}
[[ $# -gt 0 ]] && shift
build=${PARTLAB_SOAK_BUILD_DIR:-build-soak}
jobs=${PARTLAB_JOBS:-$(nproc)}

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target partlab-soak -j "$jobs"

status=0
for scene in 1 2 3 4; do
  "$build/tests/soak/partlab-soak" --scene "$scene" --steps "$steps" "$@" || status=1
done
exit $status

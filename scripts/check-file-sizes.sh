#!/usr/bin/env bash
# Keeps the repository small: fails (exit 1) naming every file over 2 MB under docs/ or assets/,
# and every CSV over 1 MB in docs/results/.
# Raw per-step data belongs in the build directory (scripts/results.sh keeps summaries of at most
# 1 MB in docs/results/), pictures are compressed losslessly (optipng), models are fetched
# (scripts/fetch-models.sh), not committed. The test suite runs this.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=$((2 * 1024 * 1024))
status=0
while IFS= read -r -d '' f; do
  size=$(stat -c %s "$f")
  if ((size > limit)); then
    echo "check-file-sizes: ${f#"$root"/} is $((size / 1024)) KB, over the 2 MB limit for docs/ and assets/" >&2
    status=1
  fi
done < <(find "$root/docs" "$root/assets" -type f -print0)
while IFS= read -r -d '' f; do
  size=$(stat -c %s "$f")
  if ((size > limit / 2)); then
    echo "check-file-sizes: ${f#"$root"/} is $((size / 1024)) KB, over the 1 MB limit for a summary CSV in docs/results/ (per-step records go to the build directory)" >&2
    status=1
  fi
done < <(find "$root/docs/results" -type f -name '*.csv' -print0)
exit $status

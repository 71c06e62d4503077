#!/usr/bin/env bash
# Rewrites the verb table of docs/lessons.md (between its verb-table markers) from what the built
# partlab says its views understand (`partlab --lesson-verbs`), so the table cannot drift from the
# loader. Usage: scripts/lesson-verbs.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
partlab=${1:-$root/build}/app/partlab
doc=$root/docs/lessons.md
table=$("$partlab" --lesson-verbs | grep '^|')
awk -v table="$table" '
  /<!-- verb-table:begin -->/ { print; print table; skip = 1; next }
  /<!-- verb-table:end -->/ { skip = 0 }
  !skip { print }' "$doc" >"$doc.new"
mv "$doc.new" "$doc"
echo "docs/lessons.md: verb table rewritten from $partlab --lesson-verbs"
